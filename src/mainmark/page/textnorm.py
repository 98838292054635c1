"""Character-level text normalisation shared by the renderer and the metadata fields.

Both turn page text into strings a reader (and an embedding model) sees, so both drop the
same invisible characters; keeping the table here stops the two from drifting apart.
"""

from __future__ import annotations

#: Format characters a reader never sees: the soft hyphen (German and Dutch sites hyphenate
#: long words with it), the zero-width space and word joiner (line-break hints) and a stray
#: byte-order mark. Left in, they split words for search and tokenizers
#: (``Mit\xadtel\xadal\xadter``) and cost tokens. Joiners that change how a script renders
#: (ZWJ in emoji sequences, ZWNJ in Persian) are kept.
INVISIBLE_CLASS = "\xad\u200b\u2060\ufeff"
#: The same characters as a ``str.translate`` table that deletes them.
INVISIBLE: dict[int, None] = dict.fromkeys(map(ord, INVISIBLE_CLASS))


def drop_invisible(text: str) -> str:
    """``text`` without the characters in :data:`INVISIBLE`.

    ``str.translate`` looks every character up in the table; an ASCII string (a constant
    time flag) or one holding none of the four (four C-level searches) is returned as it
    is, which is most of the text this is asked about."""
    if text.isascii() or not any(c in text for c in INVISIBLE_CLASS):
        return text
    return text.translate(INVISIBLE)
