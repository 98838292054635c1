"""Step 4 of the source map: character offsets of ``Page.text`` to byte offsets of the raw
input, only where that is provably exact.

Split from :mod:`mainmark.page.srcmap` (steps 1-3 find each element's character span;
this module owns the one question of whether and how those characters map back to the
bytes). The raw bytes decoded again with the codec that made ``Page.text`` must give the
text back (after :mod:`mainmark.page.parse`'s same-length substitutions); unless each
byte is one character or the codec is UTF-8, re-encoding must give the bytes back. A
byte-order mark shifts every offset. Otherwise (lossy decoding, mojibake repair,
stateful codecs) there is no mapper, so spans are ``None`` rather than wrong.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable

from mainmark.model import EncodingInfo, EncodingSignal
from mainmark.page.parse import replays

#: Characters between two remembered byte offsets: a lookup re-encodes at most this much.
_CHECKPOINT = 1024


class Shift:
    """Character to byte offsets of a one-byte-a-character text: a BOM's length on."""

    __slots__ = ("bom",)

    def __init__(self, bom: int) -> None:
        self.bom = bom

    def __call__(self, c: int) -> int:
        return c + self.bom


def byte_mapper(text: str, raw: bytes, encoding: EncodingInfo) -> Callable[[int], int] | None:
    """A function from a character offset of ``text`` to a byte offset of ``raw``, or
    ``None`` when no exact one exists (see the module docstring)."""
    codec, bom = _codec(raw, encoding)
    if codec is None:
        return None
    if bom and text.startswith("\ufeff"):  # the decoder kept the mark as a character
        bom = 0
    body = raw[bom:] if bom else raw
    errors = "surrogatepass" if codec == "utf-8" else "strict"
    try:
        if _decodes_to(body, codec, errors, text):
            decoded = text  # the usual case: no second copy of the page's text
        else:
            decoded = body.decode(codec, errors)
            if not _parses_to(decoded, text):
                return None
    except (UnicodeDecodeError, LookupError):
        return None
    if len(decoded) == len(body):  # one byte per character
        return Shift(bom)
    if codec != "utf-8":
        try:
            if decoded.encode(codec, errors) != body:
                return None
        except UnicodeEncodeError:
            return None
    return _ByteOffsets(decoded, codec, errors, bom)


class _ByteOffsets:
    """Character to byte offsets of a multi-byte text. Offsets come nearly in order, so
    the gap from the previous one is encoded; a far jump starts from the byte length of
    the blocks of ``_CHECKPOINT`` characters before it, measured once, on first need."""

    def __init__(self, decoded: str, codec: str, errors: str, bom: int) -> None:
        self.decoded, self.codec, self.errors = decoded, codec, errors
        self.marks = [bom]
        self.last = (0, bom)

    def __call__(self, c: int) -> int:
        last_c, last_b = self.last
        if last_c <= c <= last_c + _CHECKPOINT:
            b = last_b + len(self.decoded[last_c:c].encode(self.codec, self.errors))
        elif c < last_c <= c + _CHECKPOINT:
            b = last_b - len(self.decoded[c:last_c].encode(self.codec, self.errors))
        else:
            b = self._from_mark(c)
        self.last = (c, b)
        return b

    def _from_mark(self, c: int) -> int:
        block, marks = c // _CHECKPOINT, self.marks
        decoded, codec, errors = self.decoded, self.codec, self.errors
        while len(marks) <= block:
            at = (len(marks) - 1) * _CHECKPOINT
            marks.append(marks[-1] + len(decoded[at : at + _CHECKPOINT].encode(codec, errors)))
        base = block * _CHECKPOINT
        return marks[block] + len(decoded[base:c].encode(codec, errors))


#: Bytes decoded at a time when checking that the raw input decodes to the parsed text.
_COMPARE_BLOCK = 1 << 20


def _decodes_to(body: bytes, codec: str, errors: str, text: str) -> bool:
    """Does ``body`` decode to exactly ``text``? Block by block, so a big page is never
    held decoded twice (a text with one astral character takes 4 bytes a character)."""
    decoder = codecs.getincrementaldecoder(codec)(errors)
    at = 0
    for start in range(0, len(body), _COMPARE_BLOCK):
        part = decoder.decode(body[start : start + _COMPARE_BLOCK])
        if not text.startswith(part, at):
            return False
        at += len(part)
    part = decoder.decode(b"", True)
    return text.startswith(part, at) and at + len(part) == len(text)


def _parses_to(decoded: str, text: str) -> bool:
    """Is ``text`` what :func:`mainmark.page.parse.parse` makes of ``decoded``? Its changes
    keep every character offset, so offsets found in ``text`` hold in ``decoded``."""
    if len(decoded) != len(text):
        return False
    return any(candidate == text for candidate in replays(decoded))


_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_STATEFUL = frozenset({"utf-7", "hz", "iso2022_jp", "iso2022_kr", "iso2022_jp_1",
                       "iso2022_jp_2", "iso2022_jp_2004", "iso2022_jp_3", "iso2022_jp_ext"})


def _codec(raw: bytes, encoding: EncodingInfo) -> tuple[str | None, int]:
    """The stateless codec the text was decoded with, and the length of a BOM to skip."""
    if encoding.mojibake_repaired or encoding.replaced:
        return None, 0
    if encoding.signal is EncodingSignal.STR:
        return "utf-8", 0
    for mark, name in _BOMS:
        if raw.startswith(mark):
            return name, len(mark)
    try:
        name = codecs.lookup(encoding.name).name
    except LookupError:
        return None, 0
    if name in ("utf-16", "utf-32") or name.replace("-", "_") in _STATEFUL:
        return None, 0
    return ("utf-8" if name == "utf-8" else name), 0
