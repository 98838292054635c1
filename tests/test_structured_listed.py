"""The structured data read from the scripts and microdata items the cleaning's walk lists
(``prescan.prepare``, as the pipeline reads it) must be what the reader's own searches of
the text and the tree find (``read_structured(page)``, as the training script reads it);
and a page's base URL, answered without a search where that walk found no ``<base>``,
must be the searched one. Checked on every corpus page and on pages made for each test."""

from __future__ import annotations

import pytest

from corpus_support import corpus_pages
from mainmark.content import prescan
from mainmark.metadata.structured import Structured, read_structured
from mainmark.page.decode import decode
from mainmark.page.parse import Page, parse
from mainmark.pipeline import extract


def _both(html: bytes, url: str | None = None) -> tuple[Structured, Structured, Page]:
    page = parse(decode(html, None).text, url=url)
    searched = read_structured(page)
    root = page.root
    assert root is not None
    listed = prescan.scan_attributes(root, prescan.page_sheets(root)).structured
    return searched, read_structured(page, listed), page


@pytest.mark.parametrize("index", range(len(corpus_pages())))
def test_corpus_pages_read_alike(index: int) -> None:
    _name, html, url = corpus_pages()[index]
    searched, listed, page = _both(html, url)
    assert listed == searched
    assert page.root is not None
    bases = [el for el in page.root.iter() if el.tag == "base"]
    assert page.base_url == page.url or bases


JSONLD = b'<script type="application/%s">{"@type": "NewsArticle", "headline": "Hi"}</script>'
ITEM = (b'<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Mug'
        b'</span></div>')


@pytest.mark.parametrize("body, jsonld, microdata", [
    (JSONLD % b"ld+json", 1, 0),
    (JSONLD % b"LD+JSON", 1, 0),
    # the text test reads two spellings only: a third is not read, by either way
    (JSONLD % b"Ld+Json", 0, 0),
    (JSONLD % b"Ld+Json" + b"<p>ld+json</p>", 1, 0),
    (ITEM, 0, 1),
    (ITEM.replace(b"itemscope", b"ITEMSCOPE"), 0, 1),
    (ITEM.replace(b"itemscope", b"ItemScope"), 0, 0),
    (b"<p>itemscope and ld+json, said in prose</p>", 0, 0),
])
def test_listed_and_searched_agree(body: bytes, jsonld: int, microdata: int) -> None:
    searched, listed, _page = _both(b"<html><head><title>T</title></head><body>" + body
                                    + b"<p>Text of the page.</p></body></html>")
    assert listed == searched
    assert (len(listed.jsonld), len(listed.microdata)) == (jsonld, microdata)


def test_a_base_in_the_body_still_resolves_links() -> None:
    html = (b"<html><body><main><base href='https://docs.example.org/v2/'><p>Read "
            b"<a href='guide.html'>the guide</a> before you start, it says a lot.</p>"
            b"<p>More text follows here, enough to be the page's content.</p></main>"
            b"</body></html>")
    doc = extract(html, url="https://example.org/")
    assert [link.url for link in doc.links] == ["https://docs.example.org/v2/guide.html"]
    bare = extract(html.replace(b"<base href='https://docs.example.org/v2/'>", b""),
                   url="https://example.org/")
    assert [link.url for link in bare.links] == ["https://example.org/guide.html"]
