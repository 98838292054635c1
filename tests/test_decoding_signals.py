"""Each decoding signal, in WHATWG order, on real bytes built with Python's codecs."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mainmark
from mainmark.model import EncodingSignal
from mainmark.page.charsets import lookup_label, prescan
from mainmark.page.decode import decode

# Enough text of each script for a detector to have evidence (a sentence or two is not).
TEXTS = {
    "windows-1252": (
        "cp1252",
        "Le gouvernement a annoncé des mesures économiques pour les entreprises françaises. "
        "Die Bürger der Stadt München haben über die Öffnungszeiten abgestimmt. "
        "Señor Muñoz’s “quotes” cost 20 € — très chères. ",
    ),
    "iso-8859-2": (
        "iso8859_2",
        "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. "
        "Všichni lidé se rodí svobodní a sobě rovní co do důstojnosti a práv. "
        "Zażółć gęślą jaźń, příliš žluťoučký kůň úpěl ďábelské ódy. ",
    ),
    "shift_jis": (
        "shift_jis",
        "日本語のテキストです。これはテストの文章で、ひらがなとカタカナと漢字を含みます。"
        "東京の天気は晴れです。明日は雨が降るかもしれません。",
    ),
    "gb18030": (
        "gb18030",
        "这是一个中文测试页面，包含简体中文字符。我们正在测试编码检测功能是否正常工作。"
        "北京今天天气很好，明天可能会下雨。",
    ),
}
LEGACY = sorted(TEXTS)


def html(body: str, head: str = "") -> str:
    return (
        f"<!DOCTYPE html><html><head>{head}<title>Test page</title></head>"
        f"<body><article><h1>Heading</h1><p>{body}</p><p>{body}</p></article></body></html>"
    )


def encoded(name: str, head: str = "") -> tuple[str, bytes]:
    codec, body = TEXTS[name]
    page = html(body, head)
    return page, page.encode(codec)


# ----------------------------------------------------------------------------- BOM


@pytest.mark.parametrize(
    ("bom", "codec", "name"),
    [
        (codecs.BOM_UTF8, "utf-8", "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16le"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16be"),
    ],
)
def test_bom_decides_and_is_not_part_of_the_text(bom: bytes, codec: str, name: str) -> None:
    page = html("Grüße aus Köln — “test”.")
    result = decode(bom + page.encode(codec))
    assert result.info.signal is EncodingSignal.BOM
    assert result.info.name == name
    assert result.text == page


def test_bom_beats_header_and_meta() -> None:
    page = html("Grüße", head='<meta charset="windows-1252">')
    headers = {"Content-Type": "text/html; charset=shift_jis"}
    result = decode(codecs.BOM_UTF8 + page.encode(), headers)
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.BOM)
    assert result.text == page


# ----------------------------------------------------------------------------- header


@pytest.mark.parametrize("name", LEGACY)
def test_header_charset_decides(name: str) -> None:
    page, data = encoded(name)
    result = decode(data, {"Content-Type": f"text/html; charset={name}"})
    assert (result.info.name, result.info.signal) == (name, EncodingSignal.HEADER)
    assert result.text == page
    assert result.info.replaced == 0


def test_header_utf16_without_bom() -> None:
    page = html("Grüße aus Köln")
    result = decode(page.encode("utf-16-le"), {"Content-Type": "text/html; charset=UTF-16"})
    assert (result.info.name, result.info.signal) == ("utf-16le", EncodingSignal.HEADER)
    assert result.text == page


@pytest.mark.parametrize("key", ["Content-Type", "content-type", "CONTENT-TYPE"])
@pytest.mark.parametrize(
    "value",
    ['text/html; charset="Shift_JIS"', "text/html;charset=shift_jis", "text/html; Charset='sjis'"],
)
def test_header_key_case_and_value_quoting(key: str, value: str) -> None:
    page, data = encoded("shift_jis")
    result = decode(data, {key: value})
    assert (result.info.name, result.info.signal) == ("shift_jis", EncodingSignal.HEADER)
    assert result.text == page


def test_header_overrides_a_wrong_meta() -> None:
    page, data = encoded("windows-1252", head='<meta charset="iso-8859-2">')
    result = decode(data, {"Content-Type": "text/html; charset=windows-1252"})
    assert (result.info.name, result.info.signal) == ("windows-1252", EncodingSignal.HEADER)
    assert result.text == page


def test_other_headers_are_ignored() -> None:
    page, data = encoded("gb18030", head='<meta charset="gbk">')
    result = decode(data, {"X-Charset": "charset=koi8-r", "Content-Length": "12"})
    assert (result.info.name, result.info.signal) == ("gb18030", EncodingSignal.META)
    assert result.text == page


# ----------------------------------------------------------------------------- meta


@pytest.mark.parametrize("name", LEGACY)
def test_meta_charset_decides(name: str) -> None:
    page, data = encoded(name, head=f'<meta charset="{name}">')
    result = decode(data)
    assert (result.info.name, result.info.signal) == (name, EncodingSignal.META)
    assert result.text == page


@pytest.mark.parametrize("name", LEGACY)
def test_meta_http_equiv_decides(name: str) -> None:
    head = f'<meta http-equiv="Content-Type" content="text/html; charset={name}">'
    page, data = encoded(name, head=head)
    result = decode(data)
    assert (result.info.name, result.info.signal) == (name, EncodingSignal.META)
    assert result.text == page


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ('<meta charset="shift_jis">', "shift_jis"),
        ("<META CHARSET=Latin1>", "windows-1252"),
        ("<meta charset='gb2312'/>", "gb18030"),
        ('<meta content="text/html; charset=euc-kr" http-equiv="content-type">', "euc-kr"),
        ("<meta http-equiv=Content-Type content='text/html;charset = \"koi8-r\"'>", "koi8-r"),
        # A meta inside a comment, or inside another tag's attribute value, is not a meta.
        ('<!-- <meta charset="koi8-r"> --><meta charset="iso-8859-2">', "iso-8859-2"),
        ('<div title="<meta charset=koi8-r>"><meta charset="big5">', "big5"),
        ('<!--> <meta charset="euc-jp">', "euc-jp"),
        # content= without http-equiv is not a pragma (the spec's "need pragma").
        ('<meta content="text/html; charset=koi8-r"><meta charset=euc-kr>', "euc-kr"),
        # An unknown label is no evidence; the next meta is.
        ('<meta charset="x-klingon"><meta charset="windows-1251">', "windows-1251"),
        # A page that can be prescanned is ASCII-compatible: a UTF-16 meta means UTF-8.
        ('<meta charset="utf-16">', "utf-8"),
        ('<?xml version="1.0" encoding="koi8-r"?><meta charset=big5>', "big5"),
    ],
)
def test_prescan(head: str, expected: str) -> None:
    assert prescan(head.encode("ascii")) == expected


@pytest.mark.parametrize(
    "head",
    [
        "",
        "<p>no meta here</p>",
        '<meta name="viewport" content="width=device-width">',
        '<meta content="text/html; charset=koi8-r">',  # no pragma
        '<meta charset="bogus-label">',
        "<meta charset=euc-jp",  # ran off the end: the prescan gives up
        '<!-- <meta charset="koi8-r">',  # unterminated comment
    ],
)
def test_prescan_finds_nothing(head: str) -> None:
    assert prescan(head.encode("ascii")) is None


def test_meta_beyond_1024_bytes_is_not_prescanned() -> None:
    head = "<!-- " + "x" * 1100 + ' --><meta charset="koi8-r">'
    assert prescan(head.encode()[:1024]) is None


def test_late_meta_decides_for_bytes_that_are_not_utf8() -> None:
    # Browsers honour a meta met later in the head by re-decoding; so do we, but only
    # when the bytes are not UTF-8 (valid UTF-8 is stronger evidence than a late label).
    padding = "<script>var x = 1;</script>\n" * 60
    page, data = encoded("iso-8859-2", head=padding + '<meta charset="iso-8859-2">')
    assert data.index(b"<meta") > 1024
    result = decode(data)
    assert (result.info.name, result.info.signal) == ("iso-8859-2", EncodingSignal.META)
    assert result.text == page


# ----------------------------------------------------------------------------- detector


@pytest.mark.parametrize("name", LEGACY)
def test_detector_decides_without_any_declaration(name: str) -> None:
    page, data = encoded(name)
    result = decode(data)
    assert result.info.signal is EncodingSignal.DETECTOR
    assert result.info.name == name
    assert result.text == page


def test_valid_utf8_is_detected_as_utf8() -> None:
    page = html("Grüße aus Köln, 東京, Ελληνικά — “quotes”.")
    result = decode(page.encode())
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.DETECTOR)
    assert result.text == page


@pytest.mark.parametrize(("codec", "name"), [("utf-16-le", "utf-16le"), ("utf-16-be", "utf-16be")])
@pytest.mark.parametrize("body", ["Grüße aus Köln", "ASCII only"])
def test_utf16_without_bom_is_detected(codec: str, name: str, body: str) -> None:
    page = html(body)
    result = decode(page.encode(codec))
    assert (result.info.name, result.info.signal) == (name, EncodingSignal.DETECTOR)
    assert result.text == page


def test_utf8_with_a_few_stray_bytes_stays_utf8() -> None:
    page = html("Grüße aus Köln — “quotes” über alles. " * 5)
    data = page.encode().replace(b"alles", b"all\xe9s", 2)
    result = decode(data)
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.DETECTOR)
    assert result.info.replaced == 2
    assert result.text.count("\ufffd") == 2


def test_iso2022jp_is_recognised_by_its_escapes() -> None:
    page = html("日本語のテキストです。")
    result = decode(page.encode("iso2022_jp"))
    assert (result.info.name, result.info.signal) == ("iso-2022-jp", EncodingSignal.DETECTOR)
    assert result.text == page


# ----------------------------------------------------------------------------- default


@pytest.mark.parametrize("data", [b"", b"   ", html("plain ASCII only").encode()])
def test_ascii_and_empty_default_to_utf8(data: bytes) -> None:
    result = decode(data)
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.DEFAULT)
    assert result.text == data.decode("ascii")


def test_str_input_is_not_decoded() -> None:
    doc = mainmark.extract(html("Grüße"))
    assert doc.encoding.signal is EncodingSignal.STR


# ----------------------------------------------------------------------------- fall-through


def test_unknown_header_label_falls_through_to_meta() -> None:
    page, data = encoded("shift_jis", head='<meta charset="shift_jis">')
    result = decode(data, {"Content-Type": "text/html; charset=nonsense-8"})
    assert (result.info.name, result.info.signal) == ("shift_jis", EncodingSignal.META)
    assert result.text == page


def test_unknown_meta_label_falls_through_to_detector() -> None:
    page, data = encoded("gb18030", head='<meta charset="x-made-up">')
    result = decode(data)
    assert (result.info.name, result.info.signal) == ("gb18030", EncodingSignal.DETECTOR)
    assert result.text == page


def test_utf7_is_not_a_web_encoding() -> None:
    page, data = encoded("windows-1252", head='<meta charset="utf-7">')
    result = decode(data)
    assert result.info.signal is EncodingSignal.DETECTOR
    assert result.text == page


def test_declared_utf8_on_legacy_bytes_is_second_guessed() -> None:
    # A server default of "charset=utf-8" stamped on a windows-1252 page.
    page, data = encoded("windows-1252")
    result = decode(data, {"Content-Type": "text/html; charset=utf-8"})
    assert (result.info.name, result.info.signal) == ("windows-1252", EncodingSignal.DETECTOR)
    assert result.text == page


def test_declared_utf8_with_one_bad_byte_is_kept() -> None:
    page = html("Grüße aus Köln — “quotes”.")
    data = page.encode().replace(b"Gr\xc3\xbc", b"Gr\xfc", 1)
    result = decode(data, {"Content-Type": "text/html; charset=utf-8"})
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.HEADER)
    assert result.info.replaced == 1


# ----------------------------------------------------------------------------- labels


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("iso-8859-1", "windows-1252"),
        ("ISO-8859-1", "windows-1252"),
        ("latin1", "windows-1252"),
        ("ascii", "windows-1252"),
        ("us-ascii", "windows-1252"),
        ("cp1252", "windows-1252"),
        (" utf-8 ", "utf-8"),
        ("UTF8", "utf-8"),
        ("gb2312", "gb18030"),
        ("GBK", "gb18030"),
        ("shift_jis", "shift_jis"),
        ("Shift-JIS", "shift_jis"),
        ("x-sjis", "shift_jis"),
        ("ms_kanji", "shift_jis"),
        ("windows-31j", "shift_jis"),
        ("euc-kr", "euc-kr"),
        ("ks_c_5601-1987", "euc-kr"),
        ("iso-8859-9", "windows-1254"),
        ("tis-620", "windows-874"),
        ("unicode", "utf-16le"),
        ("big5-hkscs", "big5"),
        ('"koi8-r"', "koi8-r"),
    ],
)
def test_label_mapping(label: str, expected: str) -> None:
    assert lookup_label(label) == expected


@pytest.mark.parametrize("label", ["", "bogus", "utf-7", "ebcdic-cp-us", "utf-32", "latin-1x"])
def test_unknown_labels(label: str) -> None:
    assert lookup_label(label) is None


def test_windows1252_decodes_every_byte_like_a_browser() -> None:
    # Python's cp1252 has no mapping for 0x81, 0x8D, 0x8F, 0x90, 0x9D; WHATWG maps them
    # to C1 controls, and iso-8859-1 means windows-1252 (0x93 is a quote, not U+0093).
    data = b"<p>\x80 \x81 \x8d \x93quoted\x94</p>"
    result = decode(data, {"Content-Type": "text/html; charset=iso-8859-1"})
    assert result.text == "<p>€ \x81 \x8d “quoted”</p>"
    assert result.info.replaced == 0


# ----------------------------------------------------------------------------- truncation


def test_utf8_cut_mid_character() -> None:
    page = html("Grüße aus Köln 東京")
    data = page.encode()
    cut = data[: data.index("東".encode()) + 2]
    result = decode(cut)
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.DETECTOR)
    assert result.info.replaced == 1
    assert result.text == cut[:-2].decode() + "\ufffd"


@pytest.mark.parametrize("name", ["shift_jis", "gb18030"])
def test_multibyte_legacy_cut_mid_character(name: str) -> None:
    page, data = encoded(name, head=f'<meta charset="{name}">')
    cut = data[: len(data) // 2]
    cut = cut if cut[-1] >= 0x80 else cut[:-1]  # end on a lead byte, or inside a character
    result = decode(cut)
    assert result.info.name == name
    assert result.text.rstrip("\ufffd") in page


def test_utf16_odd_length() -> None:
    page = html("Grüße")
    result = decode(codecs.BOM_UTF16_LE + page.encode("utf-16-le")[:-1])
    assert result.info.replaced == 1
    assert result.text == page[:-1] + "\ufffd"


def test_pipeline_truncation_mid_character_still_decodes() -> None:
    page = html("東京" * 200).encode()
    size = page.index("東".encode()) + 1
    doc = mainmark.extract(page, options=mainmark.Options(max_input_bytes=size))
    assert doc.encoding.name == "utf-8"
    assert any("truncated" in w for w in doc.warnings)


def test_replaced_does_not_count_replacement_characters_in_the_source() -> None:
    page = html("a real \ufffd in the page, then a bad byte: ")
    data = page.encode() + b"\xff"
    result = decode(data, {"Content-Type": "text/html; charset=utf-8"})
    assert result.info.replaced == 1
    assert result.text.count("\ufffd") == 3  # the page's own two, and the bad byte's


# ----------------------------------------------------------------------------- properties


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000), st.sampled_from([None, "utf-8", "shift_jis", "utf-16", "bogus"]))
def test_decode_never_raises(data: bytes, charset: str | None) -> None:
    headers = {"Content-Type": f"text/html; charset={charset}"} if charset else None
    result = decode(data, headers)
    assert isinstance(result.text, str)
    assert result.info.replaced >= 0
    assert result.info.replaced <= result.text.count("\ufffd")


_NO_NUL_NO_SURROGATE = st.characters(exclude_characters="\x00", exclude_categories=["Cs"])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=_NO_NUL_NO_SURROGATE, max_size=500))
def test_utf8_round_trips_unless_repaired(text: str) -> None:
    result = decode(text.encode("utf-8"))
    assert result.text == text or result.info.mojibake_repaired
    assert result.info.name == "utf-8"
