"""Bytes to text, never failing, saying which encoding was used and why.

The evidence is weighed in the WHATWG order (HTML "determining the character
encoding"): a byte order mark; the ``charset`` of an HTTP ``Content-Type``;
a ``<meta>`` prescan of the first 1024 bytes; then detection; UTF-8 last.

Detection is cheap first and expensive last, because this runs on every page:

* pure ASCII needs no detection (any ASCII-compatible encoding gives the same
  text), so it is recorded as ``DEFAULT`` UTF-8;
* a strict UTF-8 decode that succeeds on bytes with non-ASCII content is
  recorded as ``DETECTOR``: multi-byte UTF-8 sequences almost never arise by
  accident in legacy encodings, so validity is the strongest detector there is
  (it is what Chromium's and Firefox's detectors check first, too), and it
  costs one C-speed pass instead of charset-normalizer's tens of milliseconds;
* bytes that are mostly valid UTF-8 with a few stray bytes stay UTF-8;
* a ``<meta>`` further into the head (browsers honour a late one by
  re-decoding, so it is still evidence the page gave);
* only then charset-normalizer, on a bounded sample of the non-ASCII regions,
  so a 50 MB page costs what a 64 KB one does.

Labels are mapped the WHATWG way (``latin1``/``ascii``/``iso-8859-1`` mean
windows-1252, ``gb2312``/``gbk`` mean gb18030, ...); an unknown label is no
evidence and the next signal is consulted. The BOM is not part of the text.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import charset_normalizer

from mainmark.model import EncodingInfo, EncodingSignal
from mainmark.page.charsets import (
    DETECTABLE_CODECS,
    WIN1252,
    bom,
    canonical_codec,
    header_charset,
    prescan,
    python_codec,
)

__all__ = ["Decoded", "decode", "repair_mojibake"]


@dataclass(frozen=True, slots=True)
class Decoded:
    """A page's text with the record of how it was decoded.

    ``info`` says which encoding was used and on what evidence, so a wrong guess can be
    traced from the output.
    """

    text: str
    info: EncodingInfo
    #: What the decoding did to the text that a reader of the output should know:
    #: characters replaced, mojibake repaired, a declared charset overruled.
    warnings: tuple[str, ...] = ()
    #: The page's bytes when they are exactly ``text`` in UTF-8 (ASCII, or UTF-8 decoded
    #: with nothing replaced or repaired), else ``None``: the parser reads UTF-8, and
    #: most pages need not be encoded back to what they were.
    utf8: bytes | None = field(default=None, repr=False, compare=False)


_FFFD = "\ufffd"


def _decode_as(data: bytes, name: str) -> tuple[str, int]:
    """Decode with a canonical encoding; returns the text and the U+FFFD it produced."""
    if name == "windows-1252":
        return codecs.charmap_decode(data, "strict", WIN1252)[0], 0
    codec = python_codec(name)
    try:
        return data.decode(codec), 0
    except UnicodeDecodeError:
        text = data.decode(codec, "replace")
    legit = _FFFD.encode(codec, "ignore")
    return text, max(0, text.count(_FFFD) - (data.count(legit) if legit else 0))


# ----------------------------------------------------------------------------- detection

#: Bytes that can never be the second half of a double-byte character in any detectable
#: encoding (Shift_JIS/GBK/Big5 trail bytes start at 0x40): safe places to cut a sample.
_SAFE_CUT = re.compile(rb"[<>\n]")
_SAMPLE_BLOCK = 4096
_SAMPLE_BUDGET = 64 * 1024
_LATE_META_BYTES = 64 * 1024
_ISO2022JP_ESCAPE = re.compile(rb"\x1b(?:\$[@B]|\([BJ])")


def _sample(data: bytes) -> bytes:
    """Up to 64 KB of the blocks that hold non-ASCII bytes, cut where no character spans."""
    if len(data) <= _SAMPLE_BUDGET:
        return data
    parts: list[bytes] = []
    size = 0
    for start in range(0, len(data), _SAMPLE_BLOCK):
        block = data[start : start + _SAMPLE_BLOCK]
        if block.isascii():
            continue
        first = _SAFE_CUT.search(block) if start else None
        last = max(block.rfind(b"<"), block.rfind(b">"), block.rfind(b"\n"))
        block = block[first.end() if first else 0 : last + 1 if last > 0 else len(block)]
        parts.append(block)
        size += len(block)
        if size >= _SAMPLE_BUDGET:
            break
    return b"\n".join(parts)


def _utf16_sniff(data: bytes) -> str | None:
    """UTF-16 without a BOM: markup is ASCII, so every other byte of it is NUL."""
    head = data[:1024]
    half = len(head) // 2
    if half < 4:
        return None
    even, odd = head[0:half * 2:2].count(0), head[1:half * 2:2].count(0)
    if odd > 0.4 * half and even < 0.05 * half:
        return "utf-16le"
    if even > 0.4 * half and odd < 0.05 * half:
        return "utf-16be"
    return None


def _utf8_evidence(data: bytes) -> tuple[str, int, int]:
    """Lenient UTF-8 decode: the text, valid non-ASCII characters, invalid sequences."""
    text = data.decode("utf-8", "replace")
    invalid = text.count(_FFFD) - data.count(b"\xef\xbf\xbd")
    valid = len(text) - len(text.encode("ascii", "ignore")) - invalid
    return text, valid, invalid


def _detect(data: bytes) -> Decoded:
    """No BOM, header or early meta: decide from the bytes themselves."""
    utf16 = _utf16_sniff(data) if b"\x00" in data[:1024] else None
    if utf16 is not None:  # before the ASCII check: ASCII text in UTF-16 is "ASCII" too
        return _finish(data, utf16, EncodingSignal.DETECTOR)
    if data.isascii():
        if b"\x1b" in data and _ISO2022JP_ESCAPE.search(data):
            return _finish(data, "iso-2022-jp", EncodingSignal.DETECTOR)
        return Decoded(data.decode("ascii"), EncodingInfo("utf-8", EncodingSignal.DEFAULT),
                       utf8=data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason != "unexpected end of data":  # a cut mid-character is still UTF-8
            return _detect_legacy(data)
        text = data.decode("utf-8", "replace")
        return _repaired(text, EncodingInfo("utf-8", EncodingSignal.DETECTOR, replaced=1), data)
    return _repaired(text, EncodingInfo("utf-8", EncodingSignal.DETECTOR), data)


def _detect_legacy(data: bytes) -> Decoded:
    """Bytes that are not strictly UTF-8."""
    text, valid, invalid = _utf8_evidence(data)
    if valid >= 4 * invalid:  # UTF-8 with a few stray bytes is still UTF-8
        return _repaired(text, EncodingInfo("utf-8", EncodingSignal.DETECTOR, replaced=invalid))
    late = prescan(data[:_LATE_META_BYTES])
    if late is not None and late != "utf-8":
        return _finish(data, late, EncodingSignal.META)
    guess = _charset_normalizer(data)
    if guess is not None:
        return _finish(data, guess, EncodingSignal.DETECTOR)
    return Decoded(text, EncodingInfo("utf-8", EncodingSignal.DEFAULT, replaced=invalid))


#: Legacy encodings by how common they are on the web (W3Techs' survey order). The
#: detector scores close relatives alike (windows-1252 and windows-1257 both read French
#: fine but for a letter or two); among near-equal scores the common encoding is the
#: better bet, which is also what a browser's locale default would pick.
_PREVALENCE = (
    "windows-1252", "windows-1251", "shift_jis", "gb18030", "euc-kr", "euc-jp",
    "iso-8859-2", "windows-1250", "iso-8859-15", "windows-1256", "windows-1254", "big5",
    "iso-8859-7", "windows-1253", "windows-1255", "koi8-r", "iso-8859-5", "windows-874",
)
_NEAR = 0.05  # chaos/coherence difference under which two guesses count as equal


def _charset_normalizer(data: bytes) -> str | None:
    try:
        matches = list(charset_normalizer.from_bytes(
            _sample(data), cp_isolation=DETECTABLE_CODECS, preemptive_behaviour=False
        ))
    except Exception:  # a third-party heuristic must never break decoding
        return None
    if not matches:
        return None
    best = matches[0]
    candidates: list[str] = []
    for match in matches:
        if (match.chaos <= best.chaos + _NEAR and match.coherence >= best.coherence - _NEAR):
            for codec in (match.encoding, *match.could_be_from_charset):
                name = canonical_codec(codec)
                if name is not None and name not in candidates:
                    candidates.append(name)
    if not candidates:
        return canonical_codec(best.encoding)
    rank = {name: i for i, name in enumerate(_PREVALENCE)}
    return min(candidates, key=lambda n: (rank.get(n, len(rank)), candidates.index(n)))


# ----------------------------------------------------------------------------- mojibake

# UTF-8 read as windows-1252: a lead byte (Â-ß, à-ï, ð-ô) then as many continuation bytes as
# it announces, which windows-1252 shows as €‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ and U+00A0-U+00BF.
# One sequence per match, led by a character class so the regex engine scans fast.
#: The same UTF-8 read as ISO-8859-1 shows the continuation bytes 80-9F as the C1 control
#: characters instead ("â\x80\x99" for "’"): a CMS that stored the text through a Latin-1
#: connection. No text a person wrote holds a C1 control, so such a sequence is sure.
_C1 = "".join(map(chr, range(0x80, 0xA0)))
_CONT = "[" + re.escape(WIN1252[0x80:0xC0] + _C1) + "]"
#: Characters of either reading back to the bytes they were read from.
_AS_BYTES = {ord(char): byte for byte, char in enumerate(WIN1252)} | {
    code: code for code in range(0x80, 0xA0)
}
_SEQUENCE = re.compile(
    f"[\u00c2-\u00f4](?:(?<=[\u00c2-\u00df]){_CONT}|(?<=[\u00e0-\u00ef]){_CONT}{{2}}"
    f"|(?<=[\u00f0-\u00f4]){_CONT}{{3}})"
)
#: Sequences no legitimate text contains: "Ã"/"Â" + a continuation (the UTF-8 of Latin-1
#: letters and symbols: "Ã©", "Â " for a no-break space) and "â€", "â‚"... (the UTF-8 of
#: quotes, dashes, € and ™). A page with a few of these among correct text (a garbled alt
#: text, one bad CMS field) is repaired there and nowhere else.
_SURE_LEAD2 = frozenset("ÃÂ")
_SURE_LEAD3 = frozenset(WIN1252[0x80:0x85])


@dataclass(frozen=True, slots=True)
class _Garble:
    start: int
    end: int
    good: str
    sure: bool


def _garbles(text: str) -> list[_Garble]:
    """Every sequence that is windows-1252-read UTF-8 and decodes back to a character."""
    found = []
    for match in _SEQUENCE.finditer(text):
        seq = match.group()
        try:
            good = codecs.charmap_encode(seq, "strict", _AS_BYTES)[0].decode("utf-8")
        except UnicodeError:
            continue
        sure = (seq[0] in _SURE_LEAD2 or (seq[0] == "â" and seq[1] in _SURE_LEAD3)
                or any(char in _C1 for char in seq))
        found.append(_Garble(match.start(), match.end(), good, sure))
    return found


def _apply(text: str, garbles: list[_Garble]) -> str:
    parts: list[str] = []
    last = 0
    for g in garbles:
        parts.append(text[last : g.start])
        parts.append(g.good)
        last = g.end
    parts.append(text[last:])
    return "".join(parts)


def _non_ascii(text: str) -> int:
    return len(text) - len(text.encode("ascii", "ignore"))


def repair_mojibake(text: str) -> str | None:
    """The repaired text, or ``None`` when repairing would not measurably reduce garbling.

    The whole text is repaired when the garbled sequences make up at least half of
    its non-ASCII characters (so one legitimate "RÉSUMÉ’s" among real accents is no
    trigger); otherwise only the sequences no real text contains are. Either way
    the result must hold fewer garbled sequences than the input.
    """
    if text.isascii():
        return None
    garbles = _garbles(text)
    if not garbles:
        return None
    garbled = sum(g.end - g.start for g in garbles)
    whole = len(garbles) >= 2 and garbled >= 0.5 * _non_ascii(text)
    chosen = garbles if whole else [g for g in garbles if g.sure]
    if not chosen:
        return None
    fixed = _apply(text, chosen)
    after = _garbles(fixed)
    if len(after) >= len(garbles):
        return None
    if whole and len(after) >= 2 and sum(g.end - g.start for g in after) >= 0.5 * _non_ascii(fixed):
        fixed = _apply(fixed, after)  # garbled twice over: undo the second layer too
    return fixed


#: The same garbling seen in the UTF-8 bytes of the garbled text: "Ã", "Â", "â"... (C3 82-B4)
#: then a continuation character's encoding. A byte search is three times faster than the
#: text one and almost always finds nothing, so it gates the precise check.
_MOJIBAKE_UTF8 = re.compile(rb"\xc3[\x82-\xb4][\xc2\xc5\xc6\xcb\xe2]")
#: UTF-8 two-byte sequences in the raw bytes: a true windows-1252 page almost never has one,
#: so a page labelled windows-1252 without any is not worth a mojibake check.
_UTF8_PAIR = re.compile(rb"[\xc2-\xf4][\x80-\xbf]")


def _repaired(text: str, info: EncodingInfo, utf8: bytes | None = None) -> Decoded:
    """``text`` with mojibake repaired when that helps; ``utf8`` is the bytes it was
    decoded from as UTF-8, when at hand, for the fast pre-check. With nothing replaced
    (``info.replaced`` 0: a strict decode) they are exactly ``text`` and are kept."""
    exact = utf8 if info.replaced == 0 else None
    if utf8 is not None and _MOJIBAKE_UTF8.search(utf8) is None:
        return Decoded(text, info, utf8=exact)
    fixed = repair_mojibake(text)
    if fixed is None:
        return Decoded(text, info, utf8=exact)
    return Decoded(fixed, EncodingInfo(info.name, info.signal, True, info.replaced))


# ----------------------------------------------------------------------------- entry point


def _finish(data: bytes, name: str, signal: EncodingSignal) -> Decoded:
    """Decode with a chosen encoding, second-guessing only the two classic server lies."""
    if name == "utf-8":
        try:
            return _repaired(data.decode("utf-8"), EncodingInfo(name, signal), data)
        except UnicodeDecodeError:
            text, valid, invalid = _utf8_evidence(data)
        if invalid > max(valid, 2) and signal in (EncodingSignal.HEADER, EncodingSignal.META):
            # "charset=utf-8" stamped on a legacy page by a server default.
            return _detect_legacy(data)
        return _repaired(text, EncodingInfo(name, signal, replaced=invalid))
    text, replaced = _decode_as(data, name)
    if name not in _UTF8_COMPATIBLE_NAMES and not data.isascii():
        utf8 = _utf8_instead(data, name, replaced)
        if utf8 is not None:
            return utf8
    if (name == "windows-1252" and _UTF8_PAIR.search(data) is not None
            and repair_mojibake(text) is not None):
        # UTF-8 bytes labelled latin-1: reading them as UTF-8 is the repair.
        utf8_text, valid, invalid = _utf8_evidence(data)
        if valid >= 4 * invalid:
            info = EncodingInfo("utf-8", EncodingSignal.DETECTOR, True, invalid)
            return Decoded(utf8_text, info)
    return Decoded(text, EncodingInfo(name, signal, replaced=replaced))


#: Declared names whose text needs no UTF-8 second opinion (UTF-16 is never valid UTF-8
#: markup; windows-1252 has its own mojibake test below).
_UTF8_COMPATIBLE_NAMES = frozenset({"utf-8", "utf-16le", "utf-16be", "windows-1252"})
#: Multi-byte UTF-8 characters a page must hold before its validity outweighs a label:
#: legacy text is valid UTF-8 by accident only when it has almost no non-ASCII bytes.
_UTF8_MIN_CHARS = 4


def _utf8_instead(data: bytes, declared: str, replaced: int) -> Decoded | None:
    """The page as UTF-8 when its bytes say UTF-8 louder than its label says ``declared``.

    Servers and templates copy a legacy ``<meta charset>`` onto pages that are UTF-8 (a
    CMS migration keeps the old head): decoded as labelled they come out as mojibake.
    UTF-8 wins when the bytes decode as UTF-8 with no error and hold a few multi-byte
    characters, or when the label's decode replaced characters and UTF-8 replaces far
    fewer.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        if not replaced:
            return None
        text, valid, invalid = _utf8_evidence(data)
        if invalid * 4 > valid or invalid >= replaced:
            return None
        info = EncodingInfo("utf-8", EncodingSignal.DETECTOR, replaced=invalid)
        return Decoded(text, info, (f"declared charset {declared} overruled: its decoding "
                                    f"replaced {replaced} characters, UTF-8 {invalid}",))
    if _non_ascii(text) < _UTF8_MIN_CHARS and not replaced:
        return None
    note = f"declared charset {declared} overruled: the bytes are valid UTF-8"
    decoded = _repaired(text, EncodingInfo("utf-8", EncodingSignal.DETECTOR), data)
    return Decoded(decoded.text, decoded.info, (note,), decoded.utf8)


def _with_warnings(decoded: Decoded) -> Decoded:
    """Every decode that changed characters says so."""
    info = decoded.info
    notes = list(decoded.warnings)
    if info.replaced:
        notes.append(f"{info.replaced} undecodable byte sequence(s) replaced with U+FFFD "
                     f"while decoding as {info.name}")
    if info.mojibake_repaired:
        notes.append("mojibake repaired: UTF-8 text that had been read as windows-1252")
    if len(notes) == len(decoded.warnings):
        return decoded
    return Decoded(decoded.text, info, tuple(notes), decoded.utf8)


def decode(data: bytes, headers: Mapping[str, str] | None = None) -> Decoded:
    """Decode page bytes; never raises; ``warnings`` says what the decoding changed."""
    return _with_warnings(_decode(data, headers))


def _decode(data: bytes, headers: Mapping[str, str] | None = None) -> Decoded:
    """Decode page bytes; never raises.

    ``info.signal`` names the evidence that chose the encoding; ``info.replaced``
    counts the U+FFFD the decoding produced (a cut mid-character gives one).
    """
    if not isinstance(data, bytes):
        data = bytes(data)
    mark = bom(data)
    if mark is not None:
        name, size = mark
        text, replaced = _decode_as(data[size:], name)
        return Decoded(text, EncodingInfo(name, EncodingSignal.BOM, replaced=replaced))
    declared = header_charset(headers)
    if declared is not None:
        return _finish(data, declared, EncodingSignal.HEADER)
    declared = prescan(data[:1024])
    if declared is not None:
        return _finish(data, declared, EncodingSignal.META)
    return _detect(data)
