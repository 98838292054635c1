"""The page-kind survey the cleaning's walk takes (``prescan.scan_attributes``) must be
what the classifier's own walk finds (``markup.survey_of``), so the feature vector is the
same whichever made it: the pipeline classifies with the first, the training script with
the second. Checked on every corpus page and on pages that hold each surveyed mark."""

from __future__ import annotations

from collections import Counter

import pytest
from lxml import etree
from lxml.html import HtmlElement

from corpus_support import corpus_pages
from mainmark.content import prescan
from mainmark.metadata.metafields import owners
from mainmark.pagekind import decide, features, markup
from mainmark.pagekind.decide import classify
from mainmark.pipeline import understand

_COUNTED = frozenset(features.COUNTED_TAGS)
_CARDS = "".join(f"<li class='card'><a href='/p/{i}'><img src='{i}.jpg'>Item {i}</a>"
                 f"<span>$ {i}9</span></li>" for i in range(8))
_POSTS = "".join(f"<div class='post' id='p{i}'><span class='author'>Ann</span><time>1 May"
                 "</time><p>Reply text.</p></div>" for i in range(4))
MARKED = (
    "<html><head><style>.gone{display:none}</style></head><body>"
    "<form action='/cart/add'><button class='add-to-cart'>Add to cart</button>"
    "<input type='submit' value='Buy now'></form>"
    f"<ul class='grid'>{_CARDS}</ul><section>{_POSTS}</section>"
    "<div class='gone' id='x1'>hidden</div><p class='sr-only'>label</p></body></html>")


def _agree(html: bytes, url: str | None) -> None:
    page = understand(html, url=url)[0]
    root = page.root
    assert root is not None
    taken = prescan.scan_attributes(root, prescan.page_sheets(root)).survey
    own = markup.survey_of(root, _COUNTED)
    assert (taken.cart, taken.parents, taken.posts) == (own.cart, own.parents, own.posts)
    assert taken.elements == own.elements
    assert Counter(taken.classes) == Counter(own.classes)
    assert Counter(taken.ids) == Counter(own.ids)
    assert taken.hrefs == own.hrefs
    assert taken.itemprops == own.itemprops
    assert taken.forms == own.forms
    assert {t: n for t, n in taken.tags.items() if t in _COUNTED} == dict(own.tags)


def test_the_marked_page_surveys_alike() -> None:
    _agree(MARKED.encode(), "https://shop.example/c/trams")
    root = understand(MARKED.encode())[0].root
    assert root is not None
    own = markup.survey_of(root, _COUNTED)
    # every mark is there, so the comparison can fail on each
    assert own.cart >= 2 and own.parents and own.posts and own.classes and own.ids
    assert own.hrefs


@pytest.mark.parametrize("index", range(len(corpus_pages())))
def test_corpus_pages_survey_alike(index: int) -> None:
    _name, html, url = corpus_pages()[index]
    _agree(html, url)


@pytest.mark.parametrize("index", range(0, len(corpus_pages()), 7))
def test_features_and_kind_are_the_same_with_the_taken_survey(index: int) -> None:
    _name, html, url = corpus_pages()[index]
    page, structured, metadata = understand(html, url=url)
    prepared = prescan.prepare(page)
    assert prepared is not None
    survey = prepared.take_survey()
    assert survey is not None and prepared.take_survey() is None  # handed over once
    assert (features.page_features(page, structured, metadata, survey)
            == features.page_features(page, structured, metadata))
    assert classify(page, structured, metadata, survey) == classify(page, structured, metadata)


def test_a_page_with_streamed_parts_is_not_prepared() -> None:
    """Its parts move before the cleaning's scan, and the classifier reads the tree
    before the move: the two cannot share a walk there."""
    streamed = (b"<html><body><div id='shell'><template id='B:0'></template></div>"
                b"<div hidden id='S:0'><p>streamed</p></div>"
                b"<script>$RC('B:0','S:0')</script></body></html>")
    assert prescan.prepare(understand(streamed)[0]) is None
    marko = (b"<html><body><noscript id='afph7'></noscript><div id='af7' style='display:none'>"
             b"<p>part</p></div><script>$af(7)</script></body></html>")
    assert prescan.prepare(understand(marko)[0]) is None
    # an S: id without the hidden attribute is no streamed segment
    shown = streamed.replace(b"<div hidden id='S:0'>", b"<div id='S:0'>")
    assert prescan.prepare(understand(shown)[0]) is not None
    assert prescan.prepare(understand(MARKED.encode())[0]) is not None


#: The price marks as the classifier counted them before the survey listed the itemprops:
#: the owners of a union that walks every attribute of the page.
_PRICE_UNION = etree.XPath("//@itemprop[. = 'price' or . = 'lowPrice']"
                           " | /html/head/meta[@property='product:price:amount']")
_PRICED = (
    "<html><head><meta property='product:price:amount' itemprop='price' content='9'>"
    "<meta property='product:price:amount' content='9'><meta itemprop='lowPrice' content='8'>"
    "</head><body><span itemprop='price'>9</span><span ITEMPROP='lowPrice'>8</span>"
    "<span itemprop='priceCurrency'>EUR</span><form class='comment-form'></form>"
    "<article>a</article><article>b</article></body></html>")


def _union_prices(root: HtmlElement, source: str) -> int:
    if "itemprop" not in source and "product:price" not in source:
        return 0
    return len(owners(_PRICE_UNION, root))


@pytest.mark.parametrize("index", range(len(corpus_pages())))
def test_price_marks_and_kind_facts_are_counted_as_the_walks_counted_them(index: int) -> None:
    _name, html, url = corpus_pages()[index]
    _same_as_the_walks(html, url)


def test_the_priced_page_counts_each_price_mark_once() -> None:
    _same_as_the_walks(_PRICED.encode(), None)
    page = understand(_PRICED.encode())[0]
    assert page.root is not None
    survey = markup.survey_of(page.root, _COUNTED)
    # two head metas (one also an itemprop), a head and two body itemprops
    assert markup.markup_counts(page.root, page.text, _COUNTED, survey).prices == 5
    assert survey.forms and survey.tags["article"] == 2


def _same_as_the_walks(html: bytes, url: str | None) -> None:
    """The price count, the landing test and the reply-form test read from the survey
    give what the walks they replaced gave (``//article`` under the body, every form)."""
    page, structured, metadata = understand(html, url=url)
    root = page.root
    assert root is not None
    for survey in (markup.survey_of(root, _COUNTED),
                   prescan.scan_attributes(root, prescan.page_sheets(root)).survey):
        counts = markup.markup_counts(root, page.text, _COUNTED, survey)
        assert counts.prices == _union_prices(root, page.text)
        types = decide._declared_types(structured)
        body = root.find("body")
        articles = len((body if body is not None else root).findall(".//article"))
        expected = (not (metadata.author and metadata.published) and articles < 2
                    and not types & decide._DECLARED_TEXT)
        assert decide._maybe_landing(page, types, metadata, survey) == expected
        forms = list(root.iter("form"))
        assert survey.forms == forms
