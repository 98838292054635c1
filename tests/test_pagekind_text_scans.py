"""The page-kind features' text-by-place scans: exact, and linear on pages of many paragraphs.

``//body//p//text()`` is what the model was trained on, but libxml2 merges each
paragraph's text nodes into the result with a duplicate check against all merged so far:
quadratic in the paragraphs. Past a count the features select the same nodes the other way
round (each text node asking for a ``p`` or ``a`` ancestor). These tests hold the two
forms to the same nodes on real pages, and the scan to linear growth on a page of many
paragraphs (a ratio of CPU times, never a time). The scans are asked of the ``<body>``
(the document-anchored forms walked the whole tree to find it first): both give the
anchored forms' nodes.
"""

from __future__ import annotations

import time
from collections import Counter

import lxml.html
import pytest

from corpus_support import corpus_pages
from mainmark.pagekind import features

_PAGES = [(name, html) for name, html, _ in corpus_pages()][::3]


@pytest.mark.parametrize("name", ["p", "a"])
def test_both_forms_select_the_same_text_on_real_pages(name: str) -> None:
    checked = 0
    for page, html in _PAGES:
        root = lxml.html.document_fromstring(html)
        body = root.find("body")
        assert body is not None
        plain = Counter(features._TEXTS[name](body))  # type: ignore[arg-type]
        flat = Counter(features._TEXTS_FLAT[name](body))  # type: ignore[arg-type]
        assert plain == flat, page
        assert plain == Counter(features._ANCHORED_TEXTS[name](root)), page  # type: ignore[arg-type]
        assert flat == Counter(features._ANCHORED_FLAT[name](root)), page  # type: ignore[arg-type]
        checked += bool(plain)
    assert checked >= 20


def test_the_long_paragraphs_counted_in_the_body_are_the_anchored_count() -> None:
    counted = 0
    for page, html in _PAGES:
        root = lxml.html.document_fromstring(html)
        body = root.find("body")
        assert body is not None
        n = features._LONG_PARAGRAPHS(body)
        assert n == features._ANCHORED_LONG(root), page
        counted += bool(n)
    assert counted >= 20


def test_a_tree_without_a_body_child_asks_the_anchored_forms() -> None:
    root = lxml.html.document_fromstring("<html><body><p>" + "x " * 80 + "</p></body></html>")
    body = root.find("body")
    assert body is not None
    strings = list(features._strings("p", None, root, False))
    assert strings == list(features._strings("p", body, root, False)) and strings


def _scan_time(paragraphs: int) -> float:
    root = lxml.html.document_fromstring(
        "<html><body><main>" + "<p>a line <b>of</b> text</p>" * paragraphs
        + "</main></body></html>")
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = features._length("p", root.find("body"), root, {"p": paragraphs})
        best = min(best, time.process_time() - start)
    assert total == paragraphs * len("a lineoftext")
    return best


def test_a_page_of_many_paragraphs_is_scanned_in_linear_time() -> None:
    small, large = _scan_time(6000), _scan_time(24000)
    assert large / max(small, 1e-4) < 8.0


def _whole_sample(raw: str) -> str:
    """The sample as it was taken before: four caps of text collapsed, then cut."""
    return " ".join(raw[:4 * features._TEXT_CAP].split())[:features._TEXT_CAP]


_CAP = features._TEXT_CAP


@pytest.mark.parametrize("raw", [
    "",
    "short text",
    "word " * (_CAP // 2),  # the head reaches the cap
    "w" * (_CAP + 7) + " tail",  # one word longer than the cap, cut inside it
    " \n\t" * _CAP + "word " * _CAP,  # white space first: the head falls short
    ("x" * (_CAP - 1)) + "  \n " + "yz" * _CAP,  # the cap lands on the collapsed gap
    ("ab " * (_CAP // 3 + 1)) + "\u00a0\u2003" * _CAP,  # Unicode white space split too
    "\u3000".join(["語"] * (3 * _CAP)),
])
def test_the_sample_taken_from_a_head_is_the_whole_texts_sample(raw: str) -> None:
    assert features._sample(raw) == _whole_sample(raw)


def test_the_sample_is_the_whole_texts_on_real_pages() -> None:
    for page, html in _PAGES:
        root = lxml.html.document_fromstring(html)
        raw = str(root.xpath("string()"))
        assert features._sample(raw) == _whole_sample(raw), page
        # a text without a currency sign holds no price mark (the scan is skipped there)
        if not any(sign in features._sample(raw) for sign in features._CURRENCY):
            assert not features._PRICE_MARK.findall(features._sample(raw)), page
