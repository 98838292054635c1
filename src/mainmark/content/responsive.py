"""Responsive copies: a block a template prints once per layout, the phone copy kept out.

Responsive templates often print a block twice, once for phones and once for larger
screens, and let a CSS breakpoint hide one of them (a forum post's author pane above the
post on a phone and beside it on a desktop; a card's title in a mobile header and in the
desktop column). The sheet that hides them is external, so both copies reach the text,
and the chunk an index stores says the same name or title twice. The copies are told
by the framework's utility classes (``vocabulary.classes``: ``d-md-none`` against ``d-none
d-md-block``, ``md:hidden`` against ``hidden md:block``, ``ipsResponsive_showPhone``
against ``ipsResponsive_hidePhone``), never by a site's names. A phone copy goes only
when the large-screen copies beside it (at most ``CUT.responsive_pair_levels`` levels up) say every
word it says and the one saying its first word is kept after every other pass, so a
block shown on phones alone stays, and so does a phone copy whose twin was pruned
(``content/select.py`` runs this last; issue 37, class 5).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Collection
from itertools import zip_longest
from typing import cast

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures
from mainmark.vocabulary.classes import (
    HIDDEN_BASE,
    LARGE_SCREEN_ONLY,
    SHOWN_FROM,
    SMALL_SCREEN_ONLY,
)

#: The words two copies are compared by (a name, a title word), not short numbers or
#: particles.
_WORD = re.compile(r"[^\W_]{4,}")


def _any_of(entries: frozenset[str]) -> re.Pattern[str]:
    """A search for any of ``entries`` as a substring, longest first."""
    return re.compile("|".join(re.escape(e) for e in sorted(entries, key=len, reverse=True)))


#: Any class the two copies are told by, as a substring: a necessary condition, so the
#: scan splits into tokens only the few class values that hold one (most pages: none).
_ANY_LAYOUT_CLASS = _any_of(
    SMALL_SCREEN_ONLY.entries | LARGE_SCREEN_ONLY.entries | SHOWN_FROM.entries)


#: ``root`` and its descendants with a class attribute, in document order (as
#: ``root.iter()`` visits them).
_CLASSED = etree.XPath("descendant-or-self::*[@class]")
#: The class values of ``root`` and its descendants as plain strings: no element proxy
#: is made for them (:func:`_may_hold_copies`).
_CLASS_VALUES = etree.XPath("descendant-or-self::*/@class", smart_strings=False)
#: A phone copy's class, and a large-screen copy's (``SHOWN_FROM`` counts only beside a
#: ``HIDDEN_BASE`` class, so holding one is necessary), as substrings.
_ANY_SMALL_CLASS = _any_of(SMALL_SCREEN_ONLY.entries)
_ANY_LARGE_CLASS = _any_of(LARGE_SCREEN_ONLY.entries | SHOWN_FROM.entries)


def _may_hold_copies(roots: list[HtmlElement]) -> bool:
    """Some class under ``roots`` may name a phone copy and some a large-screen one: a
    necessary condition for :func:`phone_copies` to find a pair, read from the class
    strings in one C call each and two searches of their lowercased join, where the scan
    makes an element proxy and runs a search for every classed element (most pages hold
    no phone copy). Every entry is one class token, never holding the line break that
    joins the values, so a value holding an entry as a token holds it in the join."""
    values: list[str] = []
    for root in roots:
        found = _CLASS_VALUES(root)
        if isinstance(found, list):
            values.extend(cast("list[str]", found))
    joined = "\n".join(values).lower()
    return bool(_ANY_SMALL_CLASS.search(joined)) and bool(_ANY_LARGE_CLASS.search(joined))


def _classes(el: HtmlElement) -> frozenset[str]:
    return frozenset((el.get("class") or "").lower().split())


def _large_copy(classes: frozenset[str]) -> bool:
    return not classes.isdisjoint(LARGE_SCREEN_ONLY.entries) or (
        not classes.isdisjoint(SHOWN_FROM.entries)
        and not classes.isdisjoint(HIDDEN_BASE.entries))


def _words(el: HtmlElement) -> frozenset[str]:
    return frozenset(w.casefold() for w in _WORD.findall(" ".join(el.itertext())))


def phone_copies(roots: list[HtmlElement], m: Measures,
                 removed: Collection[HtmlElement]) -> list[HtmlElement]:
    """The phone copies inside ``roots`` whose large-screen twin is beside them and kept.

    The large-screen layout must print every word the phone copy says (in one box or
    several: a post's name pane and its date line), and the box that prints its first
    word (the name, the title) must not be in ``removed``: a twin pruned as furniture,
    or dropped as a repeat of the phone copy, leaves the phone copy the only one.
    """
    small: list[HtmlElement] = []
    large: list[HtmlElement] = []
    if not _may_hold_copies(roots):
        return []
    for root in roots:
        for el in cast("list[HtmlElement]", _CLASSED(root)):
            if not _ANY_LAYOUT_CLASS.search(el.get("class", "").lower()):
                continue
            classes = _classes(el)
            if not classes.isdisjoint(SMALL_SCREEN_ONLY.entries):
                small.append(el)
            elif _large_copy(classes):
                large.append(el)
    copies: list[HtmlElement] = []
    if not small or not large:
        return copies
    order = _Order(large[0])
    large.sort(key=order.position)
    at = [order.position(el) for el in large]
    said: dict[HtmlElement, frozenset[str]] = {}  # each large copy's words, read once
    for el in small:
        if el in removed or not m.text_of(el):
            continue
        words = _WORD.findall(" ".join(el.itertext()))
        if words and _twin_kept(el, _neighbours(el, large, at, order),
                                [w.casefold() for w in words], removed, said):
            copies.append(el)
    return copies


class _Order:
    """Document positions of one tree's nodes, so "inside" and "beside" are two
    comparisons of numbers rather than an ancestor walk per pair of copies."""

    def __init__(self, el: HtmlElement) -> None:
        self._at = {node: i for i, node in enumerate(el.getroottree().getroot().iter())}

    def position(self, el: HtmlElement) -> int:
        return self._at[el]

    def end(self, el: HtmlElement) -> int:
        """The position just past ``el``'s subtree: that of the first node after it that
        is not inside it."""
        node: HtmlElement | None = el
        while node is not None:
            after = node.getnext()
            if after is not None:
                # A comment after ``</html>`` is the root's sibling, outside the walk.
                return self._at.get(after, len(self._at))
            node = node.getparent()
        return len(self._at)


def _neighbours(el: HtmlElement, large: list[HtmlElement], at: list[int],
                order: _Order) -> list[HtmlElement]:
    """The large-screen copies that may be ``el``'s twin, nearest first: under its
    ``CUT.responsive_pair_levels``-th ancestor, neither inside ``el`` nor around it, at most
    ``CUT.responsive_twin_span`` on each side in document order."""
    top = el
    for _ in range(CUT.responsive_pair_levels):
        parent = top.getparent()
        if parent is None:
            break
        top = parent
    if top is el:
        return []
    low, high = order.position(top), order.end(top)
    here, past = order.position(el), order.end(el)
    before: list[HtmlElement] = []
    i = bisect_left(at, here) - 1
    while i >= 0 and at[i] > low and len(before) < CUT.responsive_twin_span:
        if order.end(large[i]) <= here:  # not a wrapper around the phone copy
            before.append(large[i])
        i -= 1
    after: list[HtmlElement] = []
    j = bisect_left(at, past)
    while j < len(at) and at[j] < high and len(after) < CUT.responsive_twin_span:
        after.append(large[j])
        j += 1
    return [near for pair in zip_longest(before, after) for near in pair if near is not None]


def _twin_kept(el: HtmlElement, near: list[HtmlElement], words: list[str],
               removed: Collection[HtmlElement],
               said: dict[HtmlElement, frozenset[str]]) -> bool:
    """The large-screen copies ``near`` ``el`` say every word of ``words``, and one that
    says the first of them is kept."""
    missing = set(words)
    lead_kept = False
    for other in near:
        if other not in said:
            said[other] = _words(other)
        missing -= said[other]
        if not lead_kept and words[0] in said[other] and other not in removed and not any(
                a in removed for a in other.iterancestors()):
            lead_kept = True
        if lead_kept and not missing:
            return True  # the answer cannot change: more copies only take words away
    return False
