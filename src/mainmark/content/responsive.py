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
from collections.abc import Collection
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


#: Any class the two copies are told by, as a substring: a necessary condition, so the
#: scan splits into tokens only the few class values that hold one (most pages: none).
_ANY_LAYOUT_CLASS = re.compile("|".join(
    re.escape(entry) for entry in sorted(
        SMALL_SCREEN_ONLY.entries | LARGE_SCREEN_ONLY.entries | SHOWN_FROM.entries,
        key=len, reverse=True)))


#: ``root`` and its descendants with a class attribute, in document order (as
#: ``root.iter()`` visits them).
_CLASSED = etree.XPath("descendant-or-self::*[@class]")
#: The class values of ``root`` and its descendants as plain strings: no element proxy
#: is made for them (:func:`_may_hold_copies`).
_CLASS_VALUES = etree.XPath("descendant-or-self::*/@class", smart_strings=False)
#: A phone copy's class, and a large-screen copy's (``SHOWN_FROM`` counts only beside a
#: ``HIDDEN_BASE`` class, so holding one is necessary), as substrings.
_ANY_SMALL_CLASS = re.compile("|".join(
    re.escape(entry) for entry in sorted(SMALL_SCREEN_ONLY.entries, key=len, reverse=True)))
_ANY_LARGE_CLASS = re.compile("|".join(
    re.escape(entry) for entry in sorted(LARGE_SCREEN_ONLY.entries | SHOWN_FROM.entries,
                                         key=len, reverse=True)))


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
    said: dict[HtmlElement, frozenset[str]] = {}  # each large copy's words, read once
    for el in small:
        if el in removed or not m.text_of(el):
            continue
        words = _WORD.findall(" ".join(el.itertext()))
        if words and _twin_kept(el, large, [w.casefold() for w in words], removed, said):
            copies.append(el)
    return copies


def _twin_kept(el: HtmlElement, large: list[HtmlElement], words: list[str],
               removed: Collection[HtmlElement],
               said: dict[HtmlElement, frozenset[str]]) -> bool:
    """The large-screen copies in ``el``'s nearest ``CUT.responsive_pair_levels`` ancestors (outside
    ``el`` and not around it) say every word of ``words``, and one that says the first
    of them is kept."""
    ancestors: set[HtmlElement] = set()
    node = el.getparent()
    for _ in range(CUT.responsive_pair_levels):
        if node is None:
            break
        ancestors.add(node)
        node = node.getparent()
    missing = set(words)
    lead_kept = False
    for other in large:
        if other is el or any(a is el for a in other.iterancestors()):
            continue
        if any(a is other for a in el.iterancestors()):
            continue  # the copy's own wrapper, not its twin
        if not any(a in ancestors for a in other.iterancestors()):
            continue
        if other not in said:
            said[other] = _words(other)
        missing -= said[other]
        if not lead_kept and words[0] in said[other] and other not in removed and not any(
                a in removed for a in other.iterancestors()):
            lead_kept = True
        if lead_kept and not missing:
            return True  # the answer cannot change: more copies only take words away
    return False
