"""The one walk of every element before the cleaning edits the tree, and what it reads.

The cleaning stage (:mod:`mainmark.content.clean`) needs, before its first edit, the
page's disclosure widgets and the elements that may be hidden (their ``<button>``
toggles and form controls go in the edits). The page-kind classifier needs, of the same
unedited tree, the tag counts, the class, id, link href and itemprop values, its forms
and the elements its markup votes test (:class:`~mainmark.pagekind.markup.Survey`). One
Python walk reads each element's attributes once for both: the pipeline asks
:func:`prepare` before it classifies the page and hands the survey to the classifier and
the rest to :func:`~mainmark.content.clean.clean`. The walk is where the time goes (a
proxy made and freed per element, its attribute names read); the classifier's own
tag-filtered walk and its whole-tree searches (``count(//*)``, ``//@class``, ``//@id``,
``//a/@href``, ``//@itemprop``, the price-mark union, ``//form``, on most pages the body's
``//article``) go, and so does the search for the ``<script>`` elements that may name
Marko's parts: each was a walk of the whole tree in C, about 0.2 ms a bench page whatever
it tests (the nodes are read from memory one by one).

A page whose streamed parts the cleaning moves first (:mod:`~mainmark.content.reveal`)
is not prepared here: the classifier must see the tree before the move,
the cleaning's scan the tree after it, so there the two walk apart as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.css import SheetNamed, SheetRules, read_sheets
from mainmark.content.disclosures import (
    DISCLOSURE_ATTRIBUTES,
    TOGGLE_ROLES,
    TOGGLE_TAGS,
    Disclosures,
)
from mainmark.content.reveal import names_async_parts
from mainmark.content.vocab import CONTROL_TARGETS
from mainmark.page.parse import Page
from mainmark.pagekind.markup import (
    MIN_CARDS,
    ROLE_CARD,
    ROLE_CART,
    ROLE_POST,
    ROLES,
    Survey,
    is_cart,
    post_class,
)
from mainmark.vocabulary import classes
from mainmark.vocabulary.classes import HIDDEN_BASE, SHOWN_FROM

#: The attributes that can make an element hidden or carry a data URI, besides a class
#: holding a fragment of a screen-reader-only name (``sr-``, ``isually``, ``creen``): an
#: element with none of them is passed over after one set test (:func:`scan_attributes`).
#: ``itemscope`` hides nothing: it is here so that the same test lists the microdata items.
_HIDING_ATTRIBUTES = frozenset({"hidden", "aria-hidden", "style", "src", "href", "itemprop",
                                "itemscope"})
#: Class tokens of text kept for screen readers only (Bootstrap ``sr-only``/
#: ``visually-hidden``, WordPress ``screen-reader-text``): a sighted reader never sees
#: "Offline", "Opens in a new window" or "Posted by" labels there, so they are no content.
#: (rule `screen-reader`, docs/rules.md)
_SCREEN_READER_CLASSES = classes.SCREEN_READER.entries


def screen_reader_only(cls: str | None) -> bool:
    """A class of :data:`_SCREEN_READER_CLASSES`, in any case (each holds ``sr-``,
    ``isually`` or ``creen``: the token test runs only on a class holding one)."""
    if not cls:
        return False
    low = cls.lower()
    return ("sr-" in low or "isually" in low or "creen" in low) and (
        not _SCREEN_READER_CLASSES.isdisjoint(low.split()))


def machine_copy(cls: str) -> bool:
    """A microdata value hidden by a UI kit's base class (``<div class="d-none"
    itemprop="name">``): a copy for machines of what the page prints beside it (a Q&A
    comment's author and time, a post's comment count), never shown at any width (no
    class shows it from a breakpoint). Read as hidden: the text said it twice (issue 37,
    class 5)."""
    tokens = frozenset(cls.lower().split())
    return not tokens.isdisjoint(HIDDEN_BASE.entries) and tokens.isdisjoint(SHOWN_FROM.entries)


def always_applies(media: str | None) -> bool:
    """A ``<style media=...>`` sheet that applies on every screen: none, ``all`` or
    ``screen``. A sheet for some widths only (``all and (max-width: 551px)``) hides the
    mobile or the desktop copy of a responsive page, as an ``@media`` block inside a
    sheet does, and says nothing about what the page shows."""
    if media is None:
        return True
    return all(kind.strip().lower() in ("", "all", "screen") for kind in media.split(","))


#: The walk's tests by tag as bits, one lookup an element: the page-kind roles
#: (:data:`~mainmark.pagekind.markup.ROLES`), a disclosure toggle, a link, the elements
#: listed for later readers (forms for the classifier, scripts for :func:`prepare`).
_TOGGLE, _LINK, _LISTED = 8, 16, 32
_TAG_BITS: dict[str, int] = {
    tag: (ROLES.get(tag, 0) | _TOGGLE * (tag in TOGGLE_TAGS) | _LINK * (tag == "a")
          | _LISTED * (tag in ("form", "script")))
    for tag in (*ROLES, *TOGGLE_TAGS, "a", "script")}


class Scanned(NamedTuple):
    """What :func:`scan_attributes` read of the unedited tree."""

    panels: Disclosures
    #: The elements that may be hidden or carry a data URI, and those named hidden.
    owners: tuple[list[HtmlElement], list[HtmlElement]]
    survey: Survey
    #: The ``<script>`` elements and the microdata items (``itemscope``), in document order.
    structured: tuple[list[HtmlElement], list[HtmlElement]]
    #: A hidden streamed segment (``<div hidden id="S:n">``) is in the tree: the cleaning
    #: moves it before it reads the tree (``reveal.place_streamed_segments``).
    streamed: bool


@dataclass(slots=True)
class Prepared:
    """What the one walk read of the unedited tree, for the classifier and the cleaning.
    Each reader takes its part once (:meth:`take_survey`, :meth:`take_scan`), so the lists
    go when their reader is done, not when the extraction is: the survey holds every
    class, id and href value of the page, the cleaning's lists hold elements it removes
    (a removed subtree lives as long as a reference to one of its elements)."""

    rules: SheetRules
    scan: tuple[Disclosures, tuple[list[HtmlElement], list[HtmlElement]]] | None
    survey: Survey | None
    #: The ``<script>`` elements and the microdata items in document order, for
    #: :func:`~mainmark.metadata.structured.read_structured`.
    structured: tuple[list[HtmlElement], list[HtmlElement]] | None = None

    def take_survey(self) -> Survey | None:
        """The page-kind survey, handed over once."""
        survey, self.survey = self.survey, None
        return survey

    def take_scan(self) -> tuple[Disclosures, tuple[list[HtmlElement], list[HtmlElement]]] | None:
        """The disclosure widgets and the attribute owners, handed over once."""
        scan, self.scan = self.scan, None
        return scan

    def take_structured(self) -> tuple[list[HtmlElement], list[HtmlElement]] | None:
        """The scripts and the microdata items, handed over once (the cleaning removes
        most of them)."""
        structured, self.structured = self.structured, None
        return structured


def prepare(page: Page, elements: Sequence[HtmlElement] = ()) -> Prepared | None:
    """The page's sheet rules and the one walk of every element (:func:`scan_attributes`),
    or ``None`` for no tree and for a page whose streamed parts the cleaning moves first
    (then :func:`~mainmark.content.clean.clean` reads all of it after the move).
    ``elements``: the unedited tree's nodes in document order, when the caller holds them
    (the walk then reads the list instead of stepping through the tree)."""
    root = page.root
    if root is None:
        return None
    rules = page_sheets(root)
    scanned = scan_attributes(root, rules, elements)
    # the scan found any streamed segment on its way (where a search for one walked the
    # whole tree again); Marko's parts are named in scripts
    if scanned.streamed or names_async_parts(root, scanned.structured[0]):
        return None
    return Prepared(rules, (scanned.panels, scanned.owners), scanned.survey,
                    scanned.structured)


def page_sheets(root: HtmlElement) -> SheetRules:
    """The hiding rules of the page's ``<style>`` sheets that apply on every screen."""
    return read_sheets(el.text or "" for el in root.iter("style")
                       if always_applies(el.get("media")))


def scan_attributes(root: HtmlElement, rules: SheetRules,
                    elements: Sequence[HtmlElement] = ()) -> Scanned:
    """The page's disclosure widgets (:class:`Disclosures`), and the elements that may be
    hidden or carry a data URI (a ``hidden``, ``aria-hidden=true`` or ``style``
    attribute, a ``data:`` ``src`` or ``href``, a class that may be a screen-reader-only
    one) with those whose class or id names them hidden (a rule of the page's ``rules``,
    a screen-reader-only class in capitals); both lists in document order.

    One pass reading each element's attribute names once, before the cleaning edits the
    tree: the widgets must be read while their ``<button>`` toggles are there, and the
    hidden judge's owners come from the same visit (two walks of every element were one
    each; the seven XPath branches the owners' half replaced walked the tree once each).
    The named elements are the candidates with a class or id and those the hidden judge
    would find hidden by their names alone, asked here: a page with sheet rules has
    thousands of classed elements, nearly all of them visible, and judging each cost more
    than this test.

    The same visit takes the page-kind survey (:class:`~mainmark.pagekind.markup.Survey`):
    every tag, every class, id, link href and itemprop value, the forms, and the
    elements the markup votes test, as :func:`~mainmark.pagekind.markup.survey_of` finds
    them (a test compares the two); and lists the ``<script>`` elements for
    :func:`prepare`. A tag's tests are one lookup of :data:`_TAG_BITS`, and an
    attribute's value is read only where its presence does not decide already.
    ``elements``, when given, are the tree's nodes in document order (the pipeline holds
    them, :func:`mainmark.pipeline._held`; its comments are passed over): a list is read
    faster than the tree is stepped through, and its proxies are made already."""
    values: list[str] = []
    controlled: list[str] = []
    toggles: set[HtmlElement] = set()
    candidates: list[HtmlElement] = []
    names: list[HtmlElement] = []
    hiding = _HIDING_ATTRIBUTES
    widget, roles = DISCLOSURE_ATTRIBUTES, TOGGLE_ROLES
    # asked once, not per element (``SheetRules.__bool__`` is a Python call); the sheet
    # verdict of a class and id pair is asked once a page (class strings repeat by the
    # hundred: menu items, cards)
    has_rules = bool(rules)
    named_by_sheet = SheetNamed(rules, screen_reader_only)
    seen: list[str] = []
    see = seen.append
    class_values: list[str] = []
    id_values: list[str] = []
    hrefs: list[str] = []
    itemprops: list[str] = []
    itemscopes: list[HtmlElement] = []
    listed: dict[str, list[HtmlElement]] = {"form": [], "script": []}
    streamed = False
    marked, cart = _TAG_BITS, 0
    parents: list[HtmlElement] = []
    posts: dict[str, list[HtmlElement]] = {}
    for el in elements or root.getroottree().getroot().iter(etree.Element):
        tag = el.tag
        if tag.__class__ is not str:
            continue  # a comment or an entity in ``elements``: not an element
        see(tag)
        role = marked.get(tag, 0)  # one lookup for every test by tag (most tags have none)
        if role:
            if role & ROLE_CART:
                cart += is_cart(el)
            elif role & ROLE_CARD and len(el) >= MIN_CARDS:
                parents.append(el)
            if role & _TOGGLE:
                toggles.add(el)
            elif role & _LINK:  # an in-page link names the element it opens too
                href = el.get("href")
                if href is not None:
                    hrefs.append(href)
                    if href.startswith("#"):
                        values.append(href)
            if role & _LISTED:
                listed[tag].append(el)
        keys = el.keys()
        if not keys:
            continue
        get = el.get
        cls = get("class")
        ident = get("id")
        if cls is not None:
            class_values.append(cls)
            if role & ROLE_POST and cls and post_class(cls):
                posts.setdefault(cls, []).append(el)
        if ident is not None:
            id_values.append(ident)
            if (not streamed and tag == "div" and ident.startswith("S:")
                    and get("hidden") is not None):
                streamed = True  # reveal._SEGMENTS's test
        if not widget.isdisjoint(keys):
            for name in CONTROL_TARGETS:
                value = get(name)
                if value is not None:
                    values.append(value)
                    if name == "aria-controls":
                        controlled.append(value)
            if get("aria-expanded") is not None or get("role") in roles:
                toggles.add(el)
        # a fragment of a screen-reader-only class name
        candidate = cls is not None and ("sr-" in cls or "isually" in cls or "creen" in cls)
        if not hiding.isdisjoint(keys):
            # which of the attributes are there, from the names already read: a value
            # is read only where it decides (most owners are links and images)
            there = hiding.intersection(keys)
            if "itemprop" in there:
                itemprops.append(get("itemprop") or "")
            if "itemscope" in there:
                itemscopes.append(el)
            candidate = (candidate
                         or "hidden" in there or "style" in there
                         or ("aria-hidden" in there and get("aria-hidden") == "true")
                         or (cls is not None and "itemprop" in there and machine_copy(cls))
                         or ("src" in there and (get("src") or "").startswith("data:"))
                         or ("href" in there and (get("href") or "").startswith("data:")))
        if candidate:
            candidates.append(el)
        # A candidate is listed again when named (the judge counts its verdict twice).
        if has_rules and (cls is not None or ident is not None) and (
                candidate or named_by_sheet[cls, ident]):
            names.append(el)
    survey = Survey(cart, parents, posts, Counter(seen), len(seen), class_values, id_values,
                    hrefs, itemprops, listed["form"])
    return Scanned(Disclosures(values, toggles, controlled), (candidates, names), survey,
                   (listed["script"], itemscopes), streamed)


