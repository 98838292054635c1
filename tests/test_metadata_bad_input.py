"""Bad metadata never breaks extraction: it is skipped, capped or left empty."""

from __future__ import annotations

import json

import pytest

from mainmark import extract
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(html: str, url: str | None = "https://example.org/a") -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page))


def ld_raw(text: str) -> str:
    return f'<script type="application/ld+json">{text}</script>'


def test_malformed_jsonld_is_skipped_and_other_scripts_still_read() -> None:
    html = (
        "<html><head>"
        + ld_raw('{"@type": "Article", "headline": ')
        + ld_raw(json.dumps({"@type": "Article", "headline": "Good one"}))
        + "</head></html>"
    )
    page = parse(html)
    structured = read_structured(page)
    assert any("JSON-LD" in w for w in structured.warnings)
    assert extract_metadata(page, structured).title == "Good one"


def test_broken_jsonld_with_pasted_html_keeps_its_simple_fields() -> None:
    raw = (
        '{"@type":"NewsArticle","headline":"Salvaged","datePublished":"2019-12-09",'
        '"author":{"@type":"Person","name":"Barbara Example"},'
        '"image":{"url":"<img src="x.jpg">"}}'
    )
    meta = meta_of("<html><head>" + ld_raw(raw) + "</head></html>")
    assert meta.title == "Salvaged"
    assert meta.author == ("Barbara Example",)
    assert meta.published == "2019-12-09"


@pytest.mark.parametrize(
    "obj",
    [
        {"@type": "Article", "author": [[{"name": 3}]], "headline": ["A list", "of titles"]},
        {"@type": ["Article", 7], "author": "", "datePublished": {"@value": "2020-01-01"}},
        {
            "@type": "Article",
            "image": [{"url": None}, "https://example.org/i.png"],
            "offers": "free",
            "keywords": [1, None, "ok"],
        },
        {"@type": "Product", "offers": [None, {"price": {"nested": True}}, {"price": "-"}]},
        {"@type": None, "@graph": "not a list"},
    ],
)
def test_lists_and_wrong_types_where_objects_are_expected(obj: dict[str, object]) -> None:
    meta = meta_of("<html><head>" + ld_raw(json.dumps(obj)) + "</head></html>")
    assert isinstance(meta, Metadata)
    assert meta.price is None or meta.price.replace(".", "").isdigit()


def test_list_valued_headline_takes_the_first() -> None:
    meta = meta_of(
        "<html><head>"
        + ld_raw(json.dumps({"@type": "Article", "headline": ["One", "Two"]}))
        + "</head></html>"
    )
    assert meta.title == "One"


@pytest.mark.parametrize(
    "value", ["yesterday", "vor 2 Stunden", "0000-00-00", "2020-13-45", "soon"]
)
def test_unparsable_dates_give_none(value: str) -> None:
    meta = meta_of(
        f'<html><head><meta property="article:published_time" content="{value}"></head></html>',
        url=None,
    )
    assert meta.published is None


def test_ten_thousand_character_title_is_capped() -> None:
    title = "word " * 2000
    meta = meta_of(f"<html><head><title>{title}</title></head></html>")
    assert meta.title is not None
    assert 100 < len(meta.title) <= 501
    assert meta.title.endswith("…")


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\xff\xfe garbage \x89PNG",
        b"<html>",
        b"<<<>>>",
        b"<meta property=og:title>" * 1000,
    ],
)
def test_hostile_pages_never_raise(data: bytes) -> None:
    doc = extract(data, url="https://example.org/")
    assert isinstance(doc.metadata, Metadata)


def test_deeply_nested_page_does_not_blow_the_stack() -> None:
    depth = 20_000
    html = "<html><head><title>Deep page</title></head><body>" + "<div>" * depth + "<p>x</p>"
    meta = meta_of(html + "</div>" * depth + "</body></html>", url=None)
    assert meta.title == "Deep page"


def test_byline_walk_below_a_deep_headline() -> None:
    depth = 1_500
    html = "<html><body>" + "<div>" * depth + "<h1>Deep</h1><p>By Jane Doe</p>" + "</div>" * depth
    meta = meta_of(html + "</body></html>", url=None)
    assert meta.title == "Deep"
    assert meta.author == ("Jane Doe",)


def test_many_itemscopes_are_capped_not_walked() -> None:
    items = (
        '<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">x</span></div>'
    )
    page = parse("<html><body>" + items * 4000 + "</body></html>")
    structured = read_structured(page)
    assert structured.microdata == []
    assert any("microdata skipped" in w for w in structured.warnings)


#: URLs ``urlsplit`` refuses (``ValueError``): an unclosed or invalid bracketed host.
_UNSPLITTABLE = ["http://[::1", "http://[zz]/2020/01/02/a", "//["]
_ARTICLE = ("<html><head><title>Budget</title>{head}</head><body><article><h1>Budget</h1>"
            "<p>The council met on Tuesday to discuss the budget for the coming year.</p>{body}"
            "</article></body></html>")


@pytest.mark.parametrize("bad", _UNSPLITTABLE)
@pytest.mark.parametrize(("head", "body"), [
    pytest.param('<link rel="canonical" href="{bad}">', "", id="canonical"),
    pytest.param('<meta property="og:url" content="{bad}">', "", id="og-url"),
    pytest.param('<meta property="og:image" content="{bad}">', "", id="og-image"),
    pytest.param(ld_raw('{{"@type": "NewsArticle", "headline": "Budget", "url": "{bad}",'
                        ' "author": {{"name": "Jane Doe", "url": "{bad}"}}}}'), "", id="jsonld"),
    pytest.param("", '<p><img src="{bad}"></p>', id="bare-image"),
])
def test_a_url_with_a_malformed_host_is_no_url(bad: str, head: str, body: str) -> None:
    # Each of these reached urlsplit unguarded and extract() raised ValueError.
    from mainmark import Options

    html = _ARTICLE.format(head=head.format(bad=bad), body=body.format(bad=bad))
    for url in (None, "https://example.org/a"):
        doc = extract(html, url=url, options=Options(bare_images=True))
        assert "council met" in doc.text
        assert doc.metadata.canonical_url is None or "[" not in doc.metadata.canonical_url
        assert doc.metadata.image is None or "[" not in doc.metadata.image


def test_split_url_is_none_where_urlsplit_raises() -> None:
    from urllib.parse import urlsplit

    from mainmark.page.urls import split_url

    for bad in _UNSPLITTABLE:
        with pytest.raises(ValueError):
            urlsplit(bad)
        assert split_url(bad) is None
    assert split_url("https://h.example/a?b") == urlsplit("https://h.example/a?b")


def test_a_readable_url_splits_and_has_a_numeric_port() -> None:
    from mainmark.page.urls import readable_url

    for bad in (*_UNSPLITTABLE, "http://example.org:port/", "http://example.org:99999/"):
        assert not readable_url(bad), bad
    for good in ("https://h.example/a?b", "http://h.example:8080/", "/relative", ""):
        assert readable_url(good), good
