"""A chunk's exact token count from the counts of its pieces, without encoding it again.

tiktoken splits a text into pre-tokens with one regex and encodes each pre-token on its
own, so a text's count is the sum over its pre-tokens. For ``cl100k_base``'s pattern
(:data:`CL100K_PATTERN`, checked on the loaded encoding) two facts hold, read off the
pattern's alternatives:

* **A line start is a cut.** No pre-token holds a newline followed by a character that
  is not whitespace (newlines only ever end a pre-token, or sit in a run of whitespace),
  and nothing in the pattern looks behind, so when ``left`` ends with a newline and
  ``right`` starts with a non-space character, ``count(left + right) == count(left) +
  count(right)``. A chunk is ``prefix + reopen + block + "\\n\\n" + block ...``: the
  heading prefix ends with ``"\\n\\n"``, a table's re-opened header with ``"\\n"``.
* **Newlines after a block** only change the block's last pre-token. After a letter or
  digit they are a pre-token of their own; after a run of punctuation they join it (``.``
  becomes ``.\\n\\n``), so the difference is the count of that short run with and
  without them.

The segmented counting of very long runs (:func:`~mainmark.chunks.tokens.segmented_count`)
keeps both facts wherever a block does not end inside such a run, which is checked.
Anything not provable here (another tokenizer, a non-ASCII last character, a block ending
in a long run, a gap that is not newlines) answers ``None`` and the caller encodes the
string, so the counts are exactly those of encoding every chunk.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from mainmark.chunks.constants import CUT
from mainmark.chunks.split import Piece, Utf8
from mainmark.chunks.tokens import TiktokenTokenizer, TokenCounter

#: The pre-tokenizer pattern of tiktoken's ``cl100k_base`` the two facts are read from.
CL100K_PATTERN = (
    r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+"
    r"| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)
#: segmented_count's long-run length, in bytes (up to 4 per character): a block this
#: long may end inside such a run.
_LONG_RUN_BYTES = 4 * (CUT.max_piece_chars + 1)
_ASCII_SPACE = frozenset(b" \t\n\x0b\x0c\r")
_ASCII_ALNUM = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_SPACE_BYTE = re.compile(rb"[ \t\n\x0b\x0c\r]")


def joins_exactly(counter: TokenCounter) -> bool:
    """Does ``counter`` pre-tokenize with :data:`CL100K_PATTERN`?"""
    if not isinstance(counter, TiktokenTokenizer):
        return False
    return getattr(counter.encoding, "_pat_str", None) == CL100K_PATTERN


class Joiner:
    """Exact counts of runs of pieces of one document's markdown ``md``."""

    def __init__(self, md: Utf8, count: Callable[[str], int], enabled: bool) -> None:
        self.md = md
        self.count = count
        self.enabled = enabled

    def run_tokens(self, prefix: str, reopen: str, run: Sequence[Piece]) -> int | None:
        """``count(prefix + reopen + md[run[0].start:run[-1].end])``, or ``None`` when
        that cannot be shown from the pieces' own counts (see the module docstring)."""
        if not self.enabled:
            return None
        md, count = self.md, self.count
        total = 0
        if prefix:
            nxt = reopen[0] if reopen else self._head(run[0].start)
            if not prefix.endswith("\n") or not _starts_line(nxt):
                return None
            total += count(prefix)
        if reopen:
            if not reopen.endswith("\n") or not _starts_line(self._head(run[0].start)):
                return None
            total += count(reopen)
        for a, b in itertools.pairwise(run):
            gap = md[a.end : b.start]
            if not gap or gap.strip(b"\n") or not _starts_line(self._head(b.start)):
                return None
            delta = self._newlines_after(a, gap.decode("ascii"))
            if delta is None:
                return None
            total += a.tokens + delta
        return total + run[-1].tokens

    def _head(self, at: int) -> str:
        """The character starting at byte ``at`` ("" when it cannot be read alone)."""
        lead = self.md[at] if at < len(self.md) else 0
        size = 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
        try:
            return self.md[at : at + size].decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return ""

    def _newlines_after(self, piece: Piece, gap: str) -> int | None:
        """``count(text + gap) - count(text)`` for the piece's text and a run of newlines."""
        md, start, end = self.md, piece.start, piece.end
        if end <= start or md[end - 1] >= 0x80 or md[end - 1] in _ASCII_SPACE:
            return None
        if end - start >= CUT.max_piece_chars and _SPACE_BYTE.search(
                md[max(start, end - _LONG_RUN_BYTES) : end]) is None:
            return None  # it may end inside a long run, which is counted in segments
        if md[end - 1] in _ASCII_ALNUM:
            return self.count(gap)
        i = end - 1  # the run of ASCII punctuation (and controls) the newlines would join
        while i > start and md[i - 1] < 0x80 and md[i - 1] not in _ASCII_ALNUM and (
                md[i - 1] not in _ASCII_SPACE):
            i -= 1
        if i > start:
            before = md[i - 1]
            if before >= 0x80:
                return None  # a non-ASCII symbol may belong to the run
            if before == 0x20:  # the pattern's " ?": one space joins the run
                if i - 1 > start and (md[i - 2] >= 0x80 or md[i - 2] in _ASCII_SPACE):
                    return None  # the space may end a long run of spaces
                i -= 1
        run = md[i:end].decode("ascii")
        return self.count(run + gap) - self.count(run)


def _starts_line(ch: str) -> bool:
    """A character no pre-token joins to a newline before it: not whitespace in any
    Unicode version (printable excludes every space separator and control)."""
    return bool(ch) and ch != " " and ch.isprintable()
