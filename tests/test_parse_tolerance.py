"""The parser takes whatever real pages contain, and keeps the decoded text's offsets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmark.page.parse import FLATTEN_DEPTH, Page, flatten_deep, parse


def text_of(page: Page) -> str:
    assert page.root is not None
    return " ".join(" ".join(page.root.itertext()).split())


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>one<p>two<p>three", "one two three"),
        ("<div><p>para</div></span></b>after stray ends", "para after stray ends"),
        ("<ul><li>a<li>b</ul><table><tr><td>c<td>d</table>", "a b c d"),
        ("<b><i>misnested</b></i> text", "misnested text"),
        ("just text, no tags", "just text, no tags"),
        ("<p>entity &amp; &eacute; &#x263A; &bogus;</p>", "entity & é ☺ &bogus;"),
    ],
)
def test_everyday_broken_markup(html: str, expected: str) -> None:
    page = parse(html)
    assert text_of(page) == expected
    assert page.warnings == []


@pytest.mark.parametrize(
    "html",
    [
        '<?xml version="1.0" encoding="iso-8859-1"?>\n<html><body><p>kept</p></body></html>',
        "\ufeff<?xml version='1.0' encoding='utf-8'?><p>kept</p>",
        "  \n<?XML VERSION='1.0' ENCODING='UTF-8'?><p>kept</p>",
    ],
)
def test_xml_declaration_with_encoding_in_a_str(html: str) -> None:
    page = parse(html)
    assert text_of(page) == "kept"
    assert len(page.text) == len(html)


@pytest.mark.parametrize(
    ("bad", "replacement"),
    [("\x00", "\ufffd"), ("\x01", "\ufffd"), ("\x0b", "\ufffd"), ("\x1f", "\ufffd"),
     ("\ud800", "\ufffd"), ("\udfff", "\ufffd"), ("\x0c", " ")],
)
def test_characters_lxml_cannot_take_are_replaced_in_place(bad: str, replacement: str) -> None:
    html = f"<p>before{bad}after</p><p>next</p>"
    page = parse(html)
    assert page.text == html.replace(bad, replacement)
    assert "after" in text_of(page)
    assert "next" in text_of(page)
    assert page.root is not None
    for el in page.root.iter("p"):  # later stages may set text: lxml must accept it
        el.text = (el.text or "") + "!"


@pytest.mark.parametrize("html", ["", "   ", "\n\t\r\n", "\x00\x00"[:0]])
def test_empty_document(html: str) -> None:
    page = parse(html)
    assert page.root is None
    assert page.warnings == ["empty document"]


@pytest.mark.parametrize("html", ["<!-- nothing but a comment -->", "<!DOCTYPE html>"])
def test_document_with_no_elements_gives_no_root_and_a_warning(html: str) -> None:
    page = parse(html)
    assert page.root is None
    assert page.warnings and page.warnings[0].startswith("unparsable document")


def test_nul_only_document_parses() -> None:
    page = parse("\x00\x00")
    assert page.text == "\ufffd\ufffd"
    assert page.root is not None


def nested(depth: int, tag: str = "div") -> str:
    return (
        "<html><body><p>BEFORE</p>" + f"<{tag}>" * depth + "DEEP" + f"</{tag}>" * depth
        + "<p>AFTER</p></body></html>"
    )


def test_nesting_within_the_parser_limit_is_untouched() -> None:
    html = nested(2000)
    page = parse(html)
    assert page.text == html
    assert page.warnings == []
    assert text_of(page) == "BEFORE DEEP AFTER"


@pytest.mark.parametrize("depth", [2100, 5000])
def test_nesting_past_the_parser_limit_keeps_the_content_after_it(depth: int) -> None:
    # libxml2 stops at 2048 levels and drops everything after; we flatten and re-parse.
    html = nested(depth)
    page = parse(html)
    assert text_of(page) == "BEFORE DEEP AFTER"
    assert len(page.text) == len(html)
    assert page.warnings == [f"nesting deeper than {FLATTEN_DEPTH} levels flattened"]


def test_unclosed_inline_elements_past_the_limit() -> None:
    html = "<p>BEFORE" + "<span>x" * 3000 + "<p>AFTER"
    page = parse(html)
    assert "AFTER" in text_of(page)
    assert len(page.text) == len(html)


@pytest.mark.slow
def test_hundred_thousand_nested_divs() -> None:
    html = nested(100_000)
    page = parse(html)
    assert text_of(page) == "BEFORE DEEP AFTER"
    assert len(page.text) == len(html)


def test_flatten_deep_blanks_only_tags_beyond_the_limit() -> None:
    html = "<div><div><div><b>x</b></div></div></div>"
    flat = flatten_deep(html, limit=2)
    assert flat == "<div><div>" + " " * 5 + " " * 3 + "x" + " " * 4 + " " * 6 + "</div></div>"


def test_flatten_deep_ignores_comments_scripts_and_tags_that_do_not_nest() -> None:
    html = (
        "<div><!-- <div><div><div> --><script>'<div><div><div>'</script>"
        "<p>a<p>b<br><img src=x><li>c<div>deep</div></div>"
    )
    assert flatten_deep(html, limit=1) == html.replace("<div>deep</div>", "     deep      ")


@pytest.mark.parametrize(
    ("url", "base", "expected"),
    [
        ("https://a.example/x/page.html", "/root/", "https://a.example/root/"),
        ("https://a.example/x/page.html", "javascript:void(0)", "https://a.example/x/page.html"),
        (None, "https://b.example/", "https://b.example/"),
        ("https://a.example/", "", "https://a.example/"),
        ("http://[::1", "x/", "http://[::1"),  # a malformed URL must not raise
    ],
)
def test_base_url(url: str | None, base: str, expected: str) -> None:
    page = parse(f'<html><head><base href="{base}"></head><body><p>x</p></body></html>', url=url)
    assert page.base_url == expected


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_any_text_parses_without_raising_and_keeps_its_length(text: str) -> None:
    page = parse(text)
    assert len(page.text) == len(text)
    assert page.root is not None or page.warnings


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(
    ["<div>", "</div>", "<p>", "</p>", "<b>", "</i>", "<!--", "-->", "<script>", "</script>",
     "text", "\x00", "&amp;", "<?xml encoding='x'?>", "<", ">", "\"", "'", "<br/>"]
), max_size=60))
def test_tag_soup_parses(parts: list[str]) -> None:
    html = "".join(parts)
    page = parse(html)
    assert len(page.text) == len(html)
    assert page.root is not None or page.warnings
