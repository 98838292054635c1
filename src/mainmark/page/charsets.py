"""What a page says about its own encoding: charset labels, the BOM, the HTTP
``Content-Type`` charset and the ``<meta>`` prescan.

The label table follows the WHATWG Encoding Standard ("Names and labels"): the
common labels, each mapped to its canonical name and to the Python codec that
decodes it. Anything not in the table is no evidence at all, so an unknown or
misspelt label makes :mod:`mainmark.page.decode` consult the next signal.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping

# canonical WHATWG name, Python codec, then the labels that mean it (WHATWG Encoding
# Standard, "Names and labels"; the common ones, not the full registry).
_LABEL_TABLE = """
utf-8 utf_8: utf-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8
utf-16le utf_16_le: utf-16le utf-16 ucs-2 unicode unicodefeff csunicode iso-10646-ucs-2
utf-16be utf_16_be: utf-16be unicodefffe
windows-1252 cp1252: windows-1252 cp1252 x-cp1252 iso-8859-1 iso8859-1 iso88591 iso_8859-1
  iso_8859-1:1987 latin1 l1 ascii us-ascii ansi_x3.4-1968 cp819 ibm819 csisolatin1 iso-ir-100
iso-8859-2 iso8859_2: iso-8859-2 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 latin2 l2
  csisolatin2 iso-ir-101
iso-8859-3 iso8859_3: iso-8859-3 iso8859-3 iso88593 iso_8859-3 latin3 l3 csisolatin3
iso-8859-4 iso8859_4: iso-8859-4 iso8859-4 iso88594 iso_8859-4 latin4 l4 csisolatin4
iso-8859-5 iso8859_5: iso-8859-5 iso8859-5 iso88595 iso_8859-5 cyrillic csisolatincyrillic
iso-8859-6 iso8859_6: iso-8859-6 iso8859-6 iso88596 iso_8859-6 arabic csisolatinarabic
iso-8859-7 iso8859_7: iso-8859-7 iso8859-7 iso88597 iso_8859-7 greek greek8 csisolatingreek
iso-8859-8 iso8859_8: iso-8859-8 iso8859-8 iso88598 iso_8859-8 hebrew visual iso-8859-8-i
  csisolatinhebrew
iso-8859-10 iso8859_10: iso-8859-10 iso8859-10 iso885910 latin6 l6 csisolatin6
iso-8859-13 iso8859_13: iso-8859-13 iso8859-13 iso885913
iso-8859-14 iso8859_14: iso-8859-14 iso8859-14 iso885914
iso-8859-15 iso8859_15: iso-8859-15 iso8859-15 iso885915 iso_8859-15 latin9 l9 csisolatin9
iso-8859-16 iso8859_16: iso-8859-16
koi8-r koi8_r: koi8-r koi8_r koi8 koi cskoi8r
koi8-u koi8_u: koi8-u koi8-ru
macintosh mac_roman: macintosh mac x-mac-roman csmacintosh
x-mac-cyrillic mac_cyrillic: x-mac-cyrillic x-mac-ukrainian
ibm866 cp866: ibm866 cp866 866 csibm866
windows-874 cp874: windows-874 dos-874 tis-620 iso-8859-11 iso8859-11 iso885911
windows-1250 cp1250: windows-1250 cp1250 x-cp1250
windows-1251 cp1251: windows-1251 cp1251 x-cp1251
windows-1253 cp1253: windows-1253 cp1253 x-cp1253
windows-1254 cp1254: windows-1254 cp1254 x-cp1254 iso-8859-9 iso8859-9 iso88599 iso_8859-9
  latin5 l5 csisolatin5
windows-1255 cp1255: windows-1255 cp1255 x-cp1255
windows-1256 cp1256: windows-1256 cp1256 x-cp1256
windows-1257 cp1257: windows-1257 cp1257 x-cp1257
windows-1258 cp1258: windows-1258 cp1258 x-cp1258
gb18030 gb18030: gb18030 gbk gb2312 gb_2312 gb_2312-80 chinese csgb2312 csiso58gb231280
  iso-ir-58 x-gbk
big5 big5hkscs: big5 big5-hkscs cn-big5 csbig5 x-x-big5
euc-jp euc_jp: euc-jp x-euc-jp cseucpkdfmtjapanese
iso-2022-jp iso2022_jp: iso-2022-jp csiso2022jp
shift_jis cp932: shift_jis shift-jis sjis x-sjis ms_kanji ms932 windows-31j csshiftjis
euc-kr cp949: euc-kr korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 cseuckr
  csksc56011987 iso-ir-149 windows-949
"""


def _read_table() -> tuple[dict[str, str], dict[str, str]]:
    labels: dict[str, str] = {}
    codec_of: dict[str, str] = {}
    for entry in re.split(r"\n(?! )", _LABEL_TABLE.strip()):
        head, _, names = entry.partition(":")
        canonical, codec = head.split()
        codec_of[canonical] = codec
        for label in names.split():
            labels[label] = canonical
    return labels, codec_of


_LABELS, _CODEC = _read_table()
#: Python codec name -> canonical name, for what charset-normalizer reports.
_BY_CODEC = {codecs.lookup(c).name: name for name, c in _CODEC.items()}
_BY_CODEC[codecs.lookup("shift_jis").name] = "shift_jis"
_BY_CODEC[codecs.lookup("gb2312").name] = "gb18030"
_BY_CODEC[codecs.lookup("gbk").name] = "gb18030"
_BY_CODEC[codecs.lookup("euc_kr").name] = "euc-kr"
_BY_CODEC[codecs.lookup("big5").name] = "big5"
# What the detector may answer: byte-oriented WHATWG encodings (UTF-16 is sniffed apart,
# ISO-2022-JP is 7-bit and never reaches the detector).
DETECTABLE_CODECS = [c for n, c in _CODEC.items() if not n.startswith(("utf-", "iso-2022"))]


def lookup_label(label: str) -> str | None:
    """The canonical encoding name for a label, or ``None`` when the label is unknown."""
    return _LABELS.get(label.strip("\t\n\x0c\r \"'").lower())


def python_codec(name: str) -> str:
    """The Python codec :func:`decode` used for a canonical encoding name (for
    windows-1252 it decodes WHATWG's way: ``cp1252`` plus five bytes mapped to C1
    controls where Python's codec has none)."""
    return _CODEC.get(name, name)


def _win1252_table() -> str:
    """windows-1252 as WHATWG decodes it: Python's cp1252 leaves five bytes undefined,
    browsers map them to the C1 controls, so it can never fail."""
    chars = []
    for byte in range(256):
        try:
            chars.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            chars.append(chr(byte))
    return "".join(chars)


WIN1252 = _win1252_table()


def canonical_codec(codec: str) -> str | None:
    """The canonical name for a Python codec name (what charset-normalizer reports)."""
    name = lookup_label(codec.replace("_", "-"))
    if name is None:
        try:
            name = _BY_CODEC.get(codecs.lookup(codec).name)
        except LookupError:
            return None
    return name


# ----------------------------------------------------------------------------- declarations

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16le"),
    (codecs.BOM_UTF16_BE, "utf-16be"),
)
_CHARSET_PARAM = re.compile(
    r";\s*charset\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s;,\"']+))", re.IGNORECASE
)


def bom(data: bytes) -> tuple[str, int] | None:
    """The encoding a byte order mark names and the mark's length, or ``None``.

    A BOM outranks every other signal (WHATWG), and its length lets the caller drop the
    mark so it never reaches the text.
    """
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    return None


def header_charset(headers: Mapping[str, str] | None) -> str | None:
    """The canonical encoding named by a Content-Type header (any key case), if known."""
    if not headers:
        return None
    try:
        values = [v for k, v in headers.items() if str(k).strip().lower() == "content-type"]
    except (AttributeError, TypeError):
        return None
    for value in values:
        text = value.decode("latin-1") if isinstance(value, bytes) else str(value)
        match = _CHARSET_PARAM.search(text)
        if match:
            name = lookup_label(next(g for g in match.groups() if g is not None))
            if name:
                return name
    return None


# The prescan (HTML Standard 13.2.3.2 "prescan a byte stream to determine its encoding"),
# run on lower-cased bytes: every comparison it makes is ASCII case-insensitive.
_SKIP_SPACE_SLASH = re.compile(rb"[\t\n\x0c\r /]*")
_SKIP_SPACE = re.compile(rb"[\t\n\x0c\r ]*")
_NAME_REST = re.compile(rb"[^\t\n\x0c\r />=]*")
_UNQUOTED_REST = re.compile(rb"[^\t\n\x0c\r >]*")
_TAG_NAME = re.compile(rb"[^\t\n\x0c\r >]*")
_END = -1  # "ran off the end of the input": the prescan gives up


def _skip(pattern: re.Pattern[bytes], b: bytes, pos: int) -> int:
    match = pattern.match(b, pos)
    return match.end() if match else pos


def _get_attribute(b: bytes, pos: int) -> tuple[bytes, bytes, int] | int:
    """One attribute at ``pos``: ``(name, value, new_pos)``, or the position of a ``>``
    (no more attributes), or ``_END``."""
    n = len(b)
    pos = _skip(_SKIP_SPACE_SLASH, b, pos)
    if pos >= n:
        return _END
    if b[pos] == 0x3E:
        return pos
    start = pos
    pos = _skip(_NAME_REST, b, pos + 1)  # first byte may be "="
    name = b[start:pos]
    if pos >= n:
        return _END
    if b[pos] in (0x2F, 0x3E):
        return name, b"", pos
    if b[pos] != 0x3D:
        pos = _skip(_SKIP_SPACE, b, pos)
        if pos >= n:
            return _END
        if b[pos] != 0x3D:
            return name, b"", pos
    pos = _skip(_SKIP_SPACE, b, pos + 1)
    if pos >= n:
        return _END
    quote = b[pos]
    if quote in (0x22, 0x27):
        close = b.find(bytes([quote]), pos + 1)
        return _END if close < 0 else (name, b[pos + 1 : close], close + 1)
    if quote == 0x3E:
        return name, b"", pos
    end = _skip(_UNQUOTED_REST, b, pos + 1)
    return _END if end >= n else (name, b[pos:end], end)


_CONTENT_CHARSET = re.compile(
    rb"charset[\t\n\x0c\r ]*=[\t\n\x0c\r ]*(?:\"([^\"]*)\"|'([^']*)'|([^\t\n\x0c\r ;\"']+))"
)


def _charset_from_content(value: bytes) -> str | None:
    """HTML's "extract a character encoding from a meta element" on a content value."""
    match = _CONTENT_CHARSET.search(value)
    if match is None:
        return None
    label = next(g for g in match.groups() if g is not None)
    return lookup_label(label.decode("ascii", "replace"))


def _meta_charset(b: bytes, pos: int) -> tuple[str | None, int]:
    """Read a ``<meta>``'s attributes from ``pos``; the encoding it declares, if any."""
    seen: set[bytes] = set()
    got_pragma, need_pragma, charset = False, None, None
    while True:
        attr = _get_attribute(b, pos)
        if isinstance(attr, int):
            if attr == _END:
                return None, _END
            pos = attr
            break
        name, value, pos = attr
        if name in seen:
            continue
        seen.add(name)
        if name == b"http-equiv" and value.strip() == b"content-type":
            got_pragma = True
        elif name == b"content" and charset is None:
            charset = _charset_from_content(value)
            if charset is not None:
                need_pragma = True
        elif name == b"charset":
            charset = lookup_label(value.decode("ascii", "replace"))
            need_pragma = False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return None, pos
    if charset.startswith("utf-16"):  # a page that can be prescanned is not UTF-16
        charset = "utf-8"
    return charset, pos


def prescan(head: bytes) -> str | None:
    """The encoding a ``<meta>`` in ``head`` declares: comments skipped, quotes honoured."""
    b = head.lower()
    if b"<meta" not in b:
        return None
    pos, n = 0, len(b)
    while pos >= 0:
        pos = b.find(b"<", pos)
        if pos < 0:
            return None
        nxt = b[pos + 1 : pos + 2]
        if b.startswith(b"<!--", pos):
            close = b.find(b"-->", pos + 2)
            pos = close + 3 if close >= 0 else -1
        elif b.startswith(b"<meta", pos) and pos + 5 < n and b[pos + 5] in b"\t\n\x0c\r /":
            charset, pos = _meta_charset(b, pos + 6)
            if charset is not None:
                return charset
            pos = pos + 1 if pos >= 0 else -1
        elif nxt.isalpha() or (nxt == b"/" and b[pos + 2 : pos + 3].isalpha()):
            pos = _skip(_TAG_NAME, b, pos + 1)
            attr: tuple[bytes, bytes, int] | int = (b"", b"", pos)
            while isinstance(attr, tuple):
                attr = _get_attribute(b, attr[2])
            pos = attr + 1 if attr >= 0 else -1
        elif nxt in (b"!", b"/", b"?"):
            close = b.find(b">", pos + 1)
            pos = close + 1 if close >= 0 else -1
        else:
            pos += 1
    return None
