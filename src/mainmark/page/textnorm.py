"""Character-level text normalisation shared by the renderer and the metadata fields.

Both turn page text into strings a reader (and an embedding model) sees, so both drop the
same invisible characters; keeping the table here stops the two from drifting apart.

What goes, and why:

* **Control characters** (C0 but tab, newline, carriage return and form feed, which the
  whitespace collapse handles; DEL; the C1 block). A page writes them as numeric
  references (``&#27;``) and they come out as raw ESC and BEL: terminal escape
  sequences when ``mainmark extract`` prints the markdown, noise to a tokenizer.
* **Bidirectional controls** (embeddings, overrides, isolates, the marks LRM/RLM/ALM):
  they reorder what a reader sees without changing what a model reads ("Trojan Source",
  CVE-2021-42574), so a heading path can display one thing and embed another. The
  renderer writes plain logical-order text; the reader's own bidi algorithm lays it out.
* **Invisible format characters**: soft hyphen (German and Dutch sites hyphenate long
  words with it), zero-width space, word joiner and the invisible operators, the
  Mongolian vowel separator, the combining grapheme joiner, a stray byte-order mark, and
  the Unicode tag characters (invisible ASCII look-alikes used to smuggle instructions to
  a model). Left in, they split words for search and tokenizers (``Mit\\xadtel\\xadal``)
  and cost tokens.

Code blocks get the same treatment: an invisible or reordering character in code is the
Trojan Source attack itself, and no reader can copy it on purpose.

The zero-width joiner and non-joiner are kept where they shape text: ZWJ inside an emoji
sequence (👩‍💻), ZWJ and ZWNJ between letters of the scripts whose joining they control
(Arabic and Persian, Hebrew, Syriac, the Indic scripts, Myanmar, Khmer, Mongolian).
Anywhere else (between Latin letters, at a word's edge) they are invisible and go. A tag
character sequence (the flag of Scotland) loses its tags and shows a plain black flag.
"""

from __future__ import annotations

import re

#: Control characters dropped (``\t \n \r \f`` stay: the whitespace collapse owns them).
CONTROL_CLASS = r"\x00-\x08\x0b\x0e-\x1f\x7f-\x9f"
#: Bidirectional formatting characters: LRM, RLM, ALM, the embeddings and overrides
#: (U+202A-202E) and the isolates (U+2066-2069).
BIDI_CLASS = r"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Invisible format characters: soft hyphen, combining grapheme joiner, Mongolian vowel
#: separator, zero-width space, word joiner and invisible operators (U+2060-2064), the
#: deprecated format characters (U+206A-206F), BOM, interlinear annotation marks, tags.
FORMAT_CLASS = (r"\xad\u034f\u180e\u200b\u2060-\u2064\u206a-\u206f\ufeff\ufff9-\ufffb"
                r"\U000e0000-\U000e007f")
#: Everything :func:`drop_invisible` may remove, as the body of a regex character class
#: (the renderer's fast paths use it to send such text through the slow path).
INVISIBLE_CLASS = CONTROL_CLASS + BIDI_CLASS + FORMAT_CLASS + r"\u200c\u200d"

#: Letters of the scripts whose joining ZWJ/ZWNJ control: Hebrew to Sinhala (U+0590-0DFF),
#: Myanmar, Khmer and Mongolian, Arabic presentation forms.
_JOINING = r"\u0590-\u0dff\u1000-\u109f\u1780-\u18af\ufb50-\ufdff\ufe70-\ufefe"
#: Characters an emoji ZWJ sequence joins: pictographs, dingbats and symbols, the emoji
#: presentation selector, skin tones, the keycap mark.
_EMOJI = r"\u2190-\u2bff\u20e3\ufe0f\U0001f000-\U0001faff"

_FIND = re.compile(f"[{INVISIBLE_CLASS}]").search
_ALWAYS = re.compile(f"[{CONTROL_CLASS}{BIDI_CLASS}{FORMAT_CLASS}]+")
_STRAY_JOINER = re.compile(
    f"(?<![{_JOINING}])\u200c|\u200c(?![{_JOINING}])"
    f"|(?<![{_JOINING}{_EMOJI}])\u200d|\u200d(?![{_JOINING}{_EMOJI}])"
)


def drop_invisible(text: str) -> str:
    """``text`` without control, bidi and invisible format characters (module docstring).

    One C-level search answers for most text (nothing to drop) and returns it as it is."""
    if _FIND(text) is None:
        return text
    text = _ALWAYS.sub("", text)
    if "\u200c" in text or "\u200d" in text:
        text = _STRAY_JOINER.sub("", text)
    return text
