"""Element source spans: exact byte offsets, or None when they cannot be exact."""

from __future__ import annotations

import gzip
import html
from pathlib import Path

import pytest
from lxml.html import HtmlElement

from mainmark.model import EncodingInfo, EncodingSignal
from mainmark.parse import parse
from mainmark.srcmap import SourceMap, build_source_map

UTF8 = EncodingInfo("utf-8", EncodingSignal.META)


def _map(raw: bytes, info: EncodingInfo = UTF8, text: str | None = None
         ) -> tuple[SourceMap, list[HtmlElement]]:
    page = parse(text if text is not None else raw.decode(info.name))
    assert page.root is not None
    sm = build_source_map(page, raw, info)
    return sm, [el for el in page.root.iter() if isinstance(el.tag, str)]


def _slice(raw: bytes, sm: SourceMap, el: HtmlElement) -> bytes:
    span = sm.span(el)
    assert span is not None, el.tag
    return raw[span[0] : span[1]]


def _first(els: list[HtmlElement], tag: str, n: int = 0) -> HtmlElement:
    return [e for e in els if e.tag == tag][n]


def test_spans_run_from_start_tag_to_end_tag() -> None:
    raw = b'<html><body><div id="a"><p>one</p><p>two <b>bold</b></p></div></body></html>'
    sm, els = _map(raw)
    div = b'<div id="a"><p>one</p><p>two <b>bold</b></p></div>'
    assert _slice(raw, sm, _first(els, "div")) == div
    assert _slice(raw, sm, _first(els, "b")) == b"<b>bold</b>"
    assert _slice(raw, sm, _first(els, "p", 1)) == b"<p>two <b>bold</b></p>"


def test_unclosed_elements_end_where_their_content_ends() -> None:
    raw = b"<body><ul><li>one\n<li>two\n</ul><p>para one\n<p>para two"
    sm, els = _map(raw)
    assert _slice(raw, sm, _first(els, "li")) == b"<li>one"
    assert _slice(raw, sm, _first(els, "li", 1)) == b"<li>two"
    assert _slice(raw, sm, _first(els, "p")) == b"<p>para one"
    assert _slice(raw, sm, _first(els, "p", 1)) == b"<p>para two"


def test_implied_elements_and_dropped_tags_do_not_shift_the_alignment() -> None:
    raw = (b"<!doctype html><title>T</title><p>x</p><body class=late><body><p>y</p>"
           b"<html><div>z</div>")
    sm, els = _map(raw)
    assert _slice(raw, sm, _first(els, "title")) == b"<title>T</title>"
    assert _slice(raw, sm, _first(els, "p", 1)) == b"<p>y</p>"
    assert _slice(raw, sm, _first(els, "div")) == b"<div>z</div>"
    body = sm.span(_first(els, "body"))
    assert body is not None and raw[body[0] :].startswith(b"<p>x</p>")


def test_tags_inside_comments_scripts_and_attributes_are_not_tags() -> None:
    raw = (b"<body><!-- <p>no</p> --><script>if (a<b) document.write('<p>no</p>')</script>"
           b"<a title='x>y' href=\"q>\">link</a><textarea><p>no</textarea><p>yes</p>")
    sm, els = _map(raw)
    assert _slice(raw, sm, _first(els, "a")) == b"<a title='x>y' href=\"q>\">link</a>"
    assert _slice(raw, sm, _first(els, "p")) == b"<p>yes</p>"


@pytest.mark.parametrize(
    ("raw", "info"),
    [
        ("<p>café — 数据</p><p>🙂 end</p>".encode(), UTF8),
        (b"\xef\xbb\xbf" + "<p>café</p><p>🙂 end</p>".encode(), UTF8),
        ("<p>café</p><p>Zürich end</p>".encode("cp1252"), EncodingInfo("windows-1252",
                                                                     EncodingSignal.HEADER)),
        ("<p>数据</p><p>日本語 end</p>".encode("shift_jis"), EncodingInfo("shift_jis",
                                                                       EncodingSignal.META)),
        (b"\xff\xfe" + "<p>café</p><p>end</p>".encode("utf-16-le"),
         EncodingInfo("utf-16", EncodingSignal.BOM)),
    ],
    ids=["utf8", "utf8-bom", "cp1252", "shift-jis", "utf16-bom"],
)
def test_byte_offsets_in_multibyte_and_legacy_encodings(raw: bytes, info: EncodingInfo) -> None:
    codec = "utf-16" if info.name == "utf-16" else info.name
    text = raw.decode("utf-8-sig" if codec == "utf-8" else codec)
    sm, els = _map(raw, info, text)
    last = _first(els, "p", 1)
    span = sm.span(last)
    assert span is not None
    body_codec = "utf-16-le" if codec == "utf-16" else codec
    assert raw[span[0] : span[1]].decode(body_codec).startswith("<p>")
    assert raw[span[0] : span[1]].decode(body_codec).endswith("end</p>")


def test_lossy_or_repaired_decoding_gives_no_offsets() -> None:
    raw = b"<p>bad \xff byte</p>"
    sm, els = _map(raw, EncodingInfo("utf-8", EncodingSignal.DEFAULT, replaced=1),
                   raw.decode("utf-8", "replace"))
    assert sm.span(_first(els, "p")) is None
    raw = "<p>Ã©tÃ©</p>".encode()
    sm, els = _map(raw, EncodingInfo("utf-8", EncodingSignal.DEFAULT, mojibake_repaired=True),
                   "<p>été</p>")
    assert sm.span(_first(els, "p")) is None


def test_text_that_does_not_decode_back_gives_no_offsets() -> None:
    sm, els = _map(b"<p>abc</p>", UTF8, "<p>xyz</p>")
    assert sm.span(_first(els, "p")) is None


def test_str_input_maps_into_its_utf8_encoding() -> None:
    text = "<?xml version='1.0' encoding='utf-8'?><p>\x00é</p><p>two</p>"
    raw = text.encode()
    sm, els = _map(raw, EncodingInfo("utf-8", EncodingSignal.STR), text)
    assert _slice(raw, sm, _first(els, "p", 1)) == b"<p>two</p>"


def test_deep_nesting_maps_the_flattened_tree_without_recursion() -> None:
    raw = b"<div>" * 100_000 + b"deep" + b"</div>" * 100_000 + b"<p>after</p>"
    sm, els = _map(raw)
    deepest = _slice(raw, sm, [e for e in els if e.tag == "div"][-1])
    assert deepest.startswith(b"<div>") and b"deep" in deepest and deepest.endswith(b"</div>")
    assert _slice(raw, sm, _first(els, "p")) == b"<p>after</p>"


def test_empty_page_gives_empty_map() -> None:
    page = parse("")
    assert build_source_map(page, b"", UTF8).span(HtmlElement()) is None


def _bench_pages(bench_dir: Path) -> list[Path]:
    sh = sorted((bench_dir / "sh" / "html").glob("*.html.gz"))[::9]
    rd = sorted((bench_dir / "rd").glob("*/source.html"))[::8]
    return sh + rd


@pytest.mark.bench
def test_every_element_of_bench_pages_maps_to_its_own_start_tag(bench_dir: Path) -> None:
    for path in _bench_pages(bench_dir):
        raw = path.read_bytes()
        raw = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
        sm, els = _map(raw, UTF8, raw.decode("utf-8"))
        for el in els:
            got = _slice(raw, sm, el).decode("utf-8")
            if el.tag not in ("html", "head", "body"):
                assert got[: len(el.tag) + 1].lower() == "<" + el.tag, (path.name, el.tag)
            own = " ".join((el.text or "").split())[:40]
            if own and el.tag not in ("script", "style", "textarea", "title"):
                assert own in " ".join(html.unescape(got).split()), (path.name, el.tag, own)
