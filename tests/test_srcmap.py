"""Element source spans: exact byte offsets, or None when they cannot be exact."""

from __future__ import annotations

import gzip
import html
import random
from pathlib import Path

import pytest
from lxml.html import HtmlElement

from mainmark.content.clean import clean
from mainmark.model import EncodingInfo, EncodingSignal
from mainmark.page.parse import parse
from mainmark.page.srcmap import SourceMap, build_source_map

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


@pytest.mark.parametrize(
    ("raw", "tag", "expected"),
    [
        (b"<script>if (a</scriptx) x('</p>')</SCRIPT ><p>yes</p>", "p", b"<p>yes</p>"),
        (b"<!-- a -- <p>no</p> --!><p>yes</p>", "p", b"<p>yes</p>"),
        (b"<!----><!--><p>yes</p>", "p", b"<p>yes</p>"),
        (b"<p a=\"x>y\" b='<i>' c=d>yes</p>", "p", b"<p a=\"x>y\" b='<i>' c=d>yes</p>"),
        (b"<P CLASS=x>yes</P >", "p", b"<P CLASS=x>yes</P >"),
        (b"<div>x<br/>y<img src=a.png/></div>", "br", b"<br/>"),
        (b"<p>one</p><plaintext><p>no</p>", "plaintext", b"<plaintext><p>no</p>"),
    ],
    ids=["raw-text-end", "comment-bang", "empty-comments", "quoted-gt", "upper-case",
         "self-closed", "plaintext"],
)
def test_each_kind_of_token_is_read_as_the_parser_reads_it(
    raw: bytes, tag: str, expected: bytes
) -> None:
    sm, els = _map(raw)
    assert _slice(raw, sm, _first(els, tag)) == expected


def test_a_span_asked_early_scans_only_the_start_of_the_page() -> None:
    raw = (b"<html><body><article><h1>Title</h1><p>First.</p></article>"
           + b"<div class=footer><a href=/x>link</a><script>var a = '<b>';</script></div>"
           * 2000 + b"</body></html>")
    sm, els = _map(raw)
    assert _slice(raw, sm, _first(els, "p")) == b"<p>First.</p>"
    assert 0 < sm.scanned < len(raw) // 20
    assert _slice(raw, sm, _first(els, "div", 1999)).startswith(b"<div class=footer>")
    assert _slice(raw, sm, _first(els, "body")).endswith(b"</body>")
    assert sm.scanned == len(raw)


def test_a_lossy_page_is_never_scanned() -> None:
    raw = b"<p>bad \xff byte</p>" * 100
    sm, els = _map(raw, EncodingInfo("utf-8", EncodingSignal.DEFAULT, replaced=1),
                   raw.decode("utf-8", "replace"))
    assert sm.span(_first(els, "p")) is None
    assert sm.scanned == 0


def test_spans_hold_for_the_tree_as_parsed_after_cleaning_mutates_it() -> None:
    raw = ("<html><head><script>x()</script><style>p{}</style></head><body>"
           "<!-- note --><div hidden><p>gone</p></div><template shadowrootmode=open>"
           "<p>shadow</p></template><main><h2>Été</h2><p>kept <b>bold</b></p>"
           "<input name=q><p>last</p></main></body></html>").encode()
    fresh_page = parse(raw.decode())
    assert fresh_page.root is not None
    fresh = build_source_map(fresh_page, raw, UTF8)
    expected = [fresh.span(el) for el in fresh_page.root.iter() if isinstance(el.tag, str)]
    page = parse(raw.decode())
    assert page.root is not None
    elements = [el for el in page.root.iter() if isinstance(el.tag, str)]
    sm = build_source_map(page, raw, UTF8)
    clean(page)  # removes scripts, styles, comments, hidden nodes; unwraps the template
    assert _first(elements, "template").getparent() is None
    assert [sm.span(el) for el in elements] == expected
    assert _slice(raw, sm, _first(elements, "p", 3)) == b"<p>last</p>"


def test_byte_offsets_asked_in_any_order_are_exact() -> None:
    rnd = random.Random(7)
    words = ["café", "数据", "🙂", "plain", "naïve", "x" * 900]
    raw = "".join(f"<p id=p{i}>{rnd.choice(words)} {i}</p>\n" for i in range(600)).encode()
    sm, els = _map(raw)
    paragraphs = [el for el in els if el.tag == "p"]
    order = paragraphs[:]
    rnd.shuffle(order)
    for el in order:
        got = _slice(raw, sm, el).decode()
        assert got.startswith(f'<p id={el.get("id")}>') and got.endswith("</p>"), got


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


@pytest.mark.bench
def test_lazy_spans_equal_the_full_pass_on_bench_pages(bench_dir: Path) -> None:
    """Asked in document order, each span is computed from a scan that stopped soon
    after its element; asked last-element-first, from the scan of the whole page."""
    for path in _bench_pages(bench_dir):
        raw = path.read_bytes()
        raw = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
        forward, els = _map(raw, UTF8, raw.decode("utf-8"))
        backward, back_els = _map(raw, UTF8, raw.decode("utf-8"))
        backward_spans = [backward.span(el) for el in reversed(back_els)][::-1]
        assert backward.scanned == len(raw.decode("utf-8")), path.name
        assert None not in backward_spans, path.name
        assert [forward.span(el) for el in els] == backward_spans, path.name


def test_positions_from_locate_give_the_spans_span_gives_after_cleaning() -> None:
    """Rendering asks by position: ``locate`` once (the map lets its elements go), then
    ``span_at``. The spans are those ``span`` gives element by element, for the tree as
    parsed; an element the map never saw, or ``None``, has position -1 and no span."""
    raw = ("<html><head><script>x()</script></head><body><div hidden><p>gone</p></div>"
           "<main><h2>Été</h2><p>kept <b>bold</b></p><ul><li>one<li>two</ul>"
           "<p>last</p></main></body></html>").encode()
    fresh, fresh_els = _map(raw)
    expected = [fresh.span(el) for el in fresh_els]
    page = parse(raw.decode())
    assert page.root is not None
    elements = [el for el in page.root.iter() if isinstance(el.tag, str)]
    sm = build_source_map(page, raw, UTF8)
    clean(page)
    stranger = HtmlElement()
    where = sm.locate([*elements, None, stranger])
    assert list(where) == [*range(len(elements)), -1, -1]
    assert [sm.span_at(at) for at in where] == [*expected, None, None]
    assert list(sm.spans_at(where)) == _flat([*expected, None, None])
    assert sm.span(elements[-1]) is None  # the map holds no element any more


def _flat(spans: list[tuple[int, int] | None]) -> list[int]:
    """Spans as ``spans_at`` gives them: start and end pairs, -1 and -1 for none."""
    return [x for span in spans for x in (span if span is not None else (-1, -1))]


def test_spans_at_gives_span_at_of_every_position_on_a_one_byte_page() -> None:
    """The bulk call maps a one-byte-a-character page without its mapper: the same
    spans as ``span_at`` one by one (the multi-byte case is the test above)."""
    raw = b"<html><body><main><h2>Title</h2><p>kept <b>bold</b></p></main></body></html>"
    page = parse(raw.decode())
    assert page.root is not None
    elements = [el for el in page.root.iter() if isinstance(el.tag, str)]
    sm = build_source_map(page, raw, UTF8)
    where = sm.locate([*elements, None])
    one_by_one = [sm.span_at(at) for at in where]
    assert None not in one_by_one[:-1]
    assert list(sm.spans_at(where)) == _flat(one_by_one)


@pytest.mark.bench
def test_located_spans_equal_element_spans_on_bench_pages(bench_dir: Path) -> None:
    for path in _bench_pages(bench_dir):
        raw = path.read_bytes()
        raw = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
        by_element, els = _map(raw, UTF8, raw.decode("utf-8"))
        by_position, pos_els = _map(raw, UTF8, raw.decode("utf-8"))
        expected = [by_element.span(el) for el in els]
        where = by_position.locate(pos_els)
        assert [by_position.span_at(at) for at in where] == expected, path.name
        assert list(by_position.spans_at(where)) == _flat(expected), path.name
