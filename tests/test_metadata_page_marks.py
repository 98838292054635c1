"""The one walk of :mod:`mainmark.metadata.pagemarks` finds exactly what the page-wide
searches it replaced found: their XPaths (kept here as the specification) and the
body-text search, on synthetic pages built to reach every branch and on the real-page
corpus."""

from __future__ import annotations

import lxml.html
import pytest
from lxml import etree
from lxml.html import HtmlElement

from corpus_support import corpus_pages
from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import body_texts, owners
from mainmark.metadata.pagemarks import LABEL_HINT, PageMarks
from mainmark.metadata.posters import thread_posters
from mainmark.metadata.prices import itemprop_offer
from mainmark.page.decode import decode
from mainmark.page.parse import parse

_BYLINES = etree.XPath(
    "descendant::*/@class[contains(., 'ut') and (contains(., 'uthor') or contains(., 'utor')"
    " or contains(., 'uteur')) or contains(., 'yline') or contains(., 'erfasser')]"
    " | descendant::*/@id[contains(., 'uthor') or contains(., 'yline')]"
    " | descendant::*/@data-testid[contains(., 'yline') or contains(., 'uthor')]"
    " | descendant::*/@rel[contains(., 'author')] | descendant::*/@itemprop[contains(., 'author')]"
    " | descendant::address | descendant::a/@href[contains(., '/author') or contains(., '/autor')"
    " or contains(., '/auteur')]"
)
_DATES = etree.XPath(
    "//@class[contains(., 'date') or contains(., 'Date') or contains(., 'publish')"
    " or contains(., 'posted')] | //@itemprop[contains(., 'datePublished')]"
)
_OFFERS = etree.XPath(
    "//@itemprop[. = 'price' or . = 'lowPrice' or . = 'priceCurrency' or . = 'availability']"
    " | //@data-price-amount"
)
_POSTERS = etree.XPath(
    "//@data-author | //@data-poster-name | //@data-username"
    " | //@class[contains(., 'sername') or contains(., 'ser-name') or contains(., 'serName')"
    " or contains(., 'User-name') or contains(., 'post_author') or contains(., 'postauthor')]"
)

_PAGE = """<html class="dated author-page"><head><title>Author: head text</title>
<meta itemprop="datePublished" content="2020-01-01"><link rel="author" href="/author/x">
</head><body class="body-date">Text: body text<!-- c -->Written by tail of a comment
<div itemprop="datePublished" class="post-author">Author</div>
<p id="byline" data-testid="x">By: a</p><p data-testid="Byline-box">y</p>
<a href="/autor/jane">Jane</a><span href="/author/no">not a link</span>
<address>Contact</address><div class="User-name">u1</div><div class="js-post_author">u2</div>
<div data-author="">empty</div><div data-poster-name="p" class="xserNamex">p</div>
<i data-username="q">q</i><b class="user-name">r</b><b class="Date">March 3</b>
<p>Von: Max</p>tail Autorin: Erika<p>""" + "long text " * 20 + """ Author</p>
<p class="publish" rel="nofollow author">x</p><p rel="author" class="posted">y</p>
<span itemprop="price" content="24.90">24,90</span><meta itemprop="priceCurrency" content="EUR">
<span itemprop="offers price">no</span><span itemprop="Price">no</span>
<link itemprop="availability" href="https://schema.org/InStock"><b data-price-amount="3">3</b>
<article class="author-box"><p class="byline">in</p><address>here</address></article>
<p class="byline">after</p></body></html>"""


def _reference(root: HtmlElement) -> tuple[list[HtmlElement], ...]:
    return owners(_BYLINES, root), owners(_DATES, root), owners(_POSTERS, root)


def _texts(root: HtmlElement) -> list[tuple[str, etree._Element, bool]]:
    return body_texts(root, LABEL_HINT.search, shorter_than=CUT.label_text_max,
                      limit=CUT.max_label_texts)


def _assert_same(root: HtmlElement) -> None:
    bylines, dates, posters = _reference(root)
    most = CUT.headline_max_candidates
    marks = PageMarks(root).walked()
    assert marks.bylines == bylines[:most]
    assert marks.dates == dates[:most]
    assert marks.posters == posters[:CUT.posters_max_marks]
    assert marks.offers == owners(_OFFERS, root)[:CUT.prices_max_marks]
    assert itemprop_offer(root, marks.offers) == itemprop_offer(root)
    assert marks.label_texts == _texts(root)
    # the article (or any container) around a headline: its own search
    regions = [el for el in root.iter("article", "main", "section", "div")][:3]
    for region in regions:
        found = PageMarks(root, region).walked().region_bylines
        assert found == owners(_BYLINES, region)[:most]


def test_every_branch_matches_its_search() -> None:
    root = lxml.html.document_fromstring(_PAGE)
    _assert_same(root)
    marks = PageMarks(root).walked()
    # the root's own class counts as a date mark (``//@class``), never as a byline
    assert marks.dates[0] is root and root not in marks.bylines
    assert [el.text for el in marks.posters] == ["u1", "u2", "empty", "p", "q", "r"]
    assert "Text: body text" in [text for text, _, _ in marks.label_texts]
    assert all("head text" not in text for text, _, _ in marks.label_texts)
    article = next(root.iter("article"))
    inside = PageMarks(root, article).walked().region_bylines
    assert [el.text for el in inside] == ["in", "here"]


def test_attributes_in_any_order_mark_the_element() -> None:
    # the walk reads each element's attributes in their order: a mark set by an earlier
    # attribute must survive a later one that says nothing
    page = ("<html><body><p itemprop='datePublished' class='plain'>a</p>"
            "<p class='x' data-author='jo'>b</p><p data-author='jo' class='x'>c</p>"
            "<p id='author-1' class='post_author'>d</p></body></html>")
    _assert_same(lxml.html.document_fromstring(page))


def test_every_list_stops_where_its_reader_stops() -> None:
    item = ("<p class='byline date username' itemprop='price' content='1'>By: someone</p>"
            "<p data-author='jdoe42'>x</p>")
    count = max(CUT.max_label_texts, CUT.posters_max_marks, CUT.prices_max_marks) + 20
    page = "<html><body><article>" + item * count + "</article></body></html>"
    root = lxml.html.document_fromstring(page)
    marks = PageMarks(root, next(root.iter("article"))).walked()
    assert len(marks.label_texts) == CUT.max_label_texts
    assert len(marks.bylines) == len(marks.region_bylines) == CUT.headline_max_candidates
    assert len(marks.dates) == CUT.headline_max_candidates
    assert len(marks.posters) == CUT.posters_max_marks
    assert len(marks.offers) == CUT.prices_max_marks
    _assert_same(root)


def test_a_body_nested_in_the_body_is_searched_as_the_text_search_does() -> None:
    root = lxml.html.document_fromstring("<html><body><p>Text: one</p></body></html>")
    inner = etree.SubElement(next(root.iter("body")), "body")
    etree.SubElement(inner, "p").text = "Author: two"
    _assert_same(root)
    assert len(PageMarks(root).walked().label_texts) == 3  # the inner text twice


def test_thread_posters_shares_the_walk() -> None:
    page = ("<html><body><div data-author='lulug30'>x</div>"
            "<div data-author='Need2KnowLion'>y</div></body></html>")
    root = lxml.html.document_fromstring(page)
    marks = PageMarks(root)
    assert thread_posters(root, page, marks) == (["lulug30", "Need2KnowLion"], 2)
    assert marks.done and marks.posters == owners(_POSTERS, root)
    assert thread_posters(root, page) == thread_posters(root, page, PageMarks(root))


def test_thread_posters_keep_the_source_test_after_the_walk() -> None:
    # the source test stays the judge: an attribute the parser lowercased is not in the
    # source as written, and the page is no thread, walked or not
    page = ("<html><body><div DATA-AUTHOR='jdoe'>x</div><div DATA-AUTHOR='rroe'>y</div>"
            "</body></html>")
    root = lxml.html.document_fromstring(page)
    assert thread_posters(root, page) == ([], 0)
    assert thread_posters(root, page, PageMarks(root).walked()) == ([], 0)
    # a walked page without any poster mark is no thread without reading the source
    plain = lxml.html.document_fromstring(
        "<html><body><p class='username'>jdoe42</p></body></html>")
    assert thread_posters(plain, "sername", PageMarks(plain).walked())[1] == 1
    bare = lxml.html.document_fromstring("<html><body><p>x</p></body></html>")
    assert thread_posters(bare, "data-author", PageMarks(bare).walked()) == ([], 0)


def test_tails_come_after_their_subtree_in_document_order() -> None:
    # The walk reads an element's tail when it meets the element, so a tail whose
    # element holds children must wait for the end of its subtree: nested elements
    # ending together (innermost tail first), a subtree ending in a comment, subtrees
    # that end with the body and with the document, and an article region that ends
    # with the tails of its last elements.
    page = ("<html><body><div><p><b>By: one</b>Text: two</p>Author: three</div>"
            "Written by four<section><i>Von: five<!-- c -->Text: six</i></section>"
            "By: seven<article class='x'><div><span class='byline'>in</span>Autor: eight"
            "</div>Text: nine</article><p class='byline'>out</p>"
            "<div><div><em>By: ten</em>Text: eleven</div>Text: twelve</div>Text: thirteen"
            "</body>"
            "</html>")
    root = lxml.html.document_fromstring(page)
    _assert_same(root)
    texts = [text for text, _, _ in PageMarks(root).walked().label_texts]
    assert texts == ["By: one", "Text: two", "Author: three", "Written by four",
                     "Von: five", "Text: six", "By: seven", "Autor: eight", "Text: nine",
                     "By: ten", "Text: eleven", "Text: twelve", "Text: thirteen"]
    article = next(root.iter("article"))
    inside = PageMarks(root, article).walked().region_bylines
    assert [el.text for el in inside] == ["in"]


@pytest.mark.parametrize("name,html,url", corpus_pages()[::5], ids=lambda v: str(v)[:12])
def test_corpus_pages_give_what_the_searches_gave(name: str, html: bytes,
                                                  url: str | None) -> None:
    root = parse(decode(html, None).text, url=url).root
    assert root is not None
    _assert_same(root)
