"""The page-kind survey the cleaning's walk takes (``prescan.scan_attributes``) must be
what the classifier's own walk finds (``markup.survey_of``), so the feature vector is the
same whichever made it: the pipeline classifies with the first, the training script with
the second. Checked on every corpus page and on pages that hold each surveyed mark."""

from __future__ import annotations

from collections import Counter

import pytest

from corpus_support import corpus_pages
from mainmark.content import prescan
from mainmark.pagekind import features, markup
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
