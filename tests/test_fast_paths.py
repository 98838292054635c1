"""The fast paths of the hot loops answer exactly what the plain rules answer."""

from __future__ import annotations

import re
from itertools import pairwise

import lxml.html
import pytest
from lxml import etree

from mainmark.content import measure as measure_mod
from mainmark.content.measure import measure
from mainmark.content.vocab import IGNORED_CLASS_PREFIXES, words
from mainmark.metadata.metafields import owners


@pytest.mark.parametrize("value", [
    "relatedLinks", "aB", "a1B2C", "site-footer nav", "x\u00a0y-z", "İstanbul-Foo", "K-b",
    "a--b", "-a-b-", "a_b c_d", "fooBAR-baz", "__x__y", "category-social post-body",
    "isActive no-share", "tag-comments", "a\u2003b-c", "Ünter-x", "", "   ", "row col4",
    "ABC", "x1", "a1B",
])
def test_words_fast_entries_equal_the_plain_rule(value: str) -> None:
    assert words.__wrapped__(value) == _plain_words(value)


def _plain_words(value: str) -> frozenset[str]:
    """The tokenizer's rule without its shortcuts (camelCase split by a group template)."""
    out: set[str] = set()
    for entry in value.split():
        low = entry.lower()
        if low.startswith(IGNORED_CLASS_PREFIXES):
            continue
        if low != entry:
            low = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", entry).lower()
        parts = re.findall(r"[a-z0-9]+", low)
        out.update(parts)
        out.update(a + b for a, b in pairwise(parts))
    return frozenset(out)


def test_owners_gives_each_element_once_in_document_order() -> None:
    root = lxml.html.fromstring(
        "<div><p class='x-author' id='byline' rel='author'>A</p><address>B</address>"
        "<span id='author'>C</span></div>")
    xpath = etree.XPath("descendant::*/@class[contains(., 'uthor')] | descendant::*/@id"
                        "[contains(., 'yline') or contains(., 'uthor')] | descendant::address")
    assert [el.text for el in owners(xpath, root)] == ["A", "B", "C"]


def test_measured_role_and_live_region_read_as_the_attributes() -> None:
    root = lxml.html.fromstring(
        "<div><p role='Doc-Endnotes'>x</p><p aria-live='polite'>y</p><p>z</p></div>")
    m = measure(root)
    for el in root.iter():
        for name in ("role", "aria-live"):
            assert m.attribute(el, name) == el.get(name)
    stray = lxml.html.fromstring("<p role='tab'>w</p>")
    assert m.attribute(stray, "role") == "tab"


def test_signals_judged_on_known_tokens_equal_the_full_judgement() -> None:
    # a unique id adds tokens no vocabulary knows: the verdicts must not change
    plain = measure_mod._signals("div", "related-posts", "", "", "")
    with_id = measure_mod._signals("div", "related-posts", "post-98123xq", "", "")
    assert (plain.marks_main, plain.inside, plain.outside) == (
        with_id.marks_main, with_id.inside, with_id.outside)
    assert with_id.words >= plain.words | {"98123xq"}


@pytest.mark.parametrize("text", ["plain ascii", "Mit\xadtel\xadal\xadter", "zero\u200bwidth",
                                  "wörd", "\ufeffbom", "", "join\u2060er ä", "esc\x1b[2J",
                                  "bidi\u202eevil\u2066x\u2069", "tab\tnew\nline"])
def test_drop_invisible_shortcut_equals_the_removal(text: str) -> None:
    import re

    from mainmark.page.textnorm import INVISIBLE_CLASS, drop_invisible
    assert drop_invisible(text) == re.sub(f"[{INVISIBLE_CLASS}]", "", text)


@pytest.mark.parametrize("url", ["  https://a.example/x  ", "java\tscript:alert(1)",
                                 "\x00/path\n?q", "ja\rva\nscript:x", "plain"])
def test_browser_view_shortcut_equals_the_translation(url: str) -> None:
    from mainmark.page.urls import _C0_AND_SPACE, _TAB_NEWLINE, _browser_view
    assert _browser_view(url) == url.strip(_C0_AND_SPACE).translate(_TAB_NEWLINE)


def test_same_kind_siblings_counts_what_a_scan_of_the_siblings_counts() -> None:
    # Counted once per parent (a scan per child was quadratic on a box of many boxes).
    root = lxml.html.fromstring(
        "<div><aside class='a'>1</aside><aside class='a'>2</aside><aside class='b'>3</aside>"
        "<!-- c --><aside>4</aside><div class='a'>5</div><aside class='a'>6</aside>"
        "<p><aside class='a'>7</aside></p></div>")
    m = measure(root)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        parent = el.getparent()
        plain = 0 if parent is None else sum(
            1 for c in parent if c is not el and c.tag == el.tag
            and c.get("class") == el.get("class"))
        assert m.same_kind_siblings(el) == plain
    assert [m.same_kind_siblings(el) for el in root.iter("aside")] == [2, 2, 0, 0, 2, 0]
