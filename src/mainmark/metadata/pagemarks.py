"""The page-wide searches of the metadata's last resorts, done in one walk of the tree.

Four DOM signals are looked for beyond the headline's surroundings when nothing nearer
settled a field: author markup in the article around the headline or anywhere on the page
(the page's one author box), date-marked elements anywhere (the last-resort dateline),
short body texts that may hold an author label ("Written by", "Autorin:"), and forum
poster marks. A page that reaches one of them mostly reaches the others too, and each was
its own search of the tree: an attribute union walks the tree in libxml2 once per branch
(fourteen branches in all), and the text search was a walk of its own. :class:`PageMarks`
finds all of them in one walk of the page, on first use, reading each element's
attributes once (one ``items()`` call) and each text node once: the metadata stage takes
about a quarter less CPU on 200 bench pages, with the same output on all 2,076.

The walk is a plain pre-order ``iter()``, one element proxy per element, not an
``iterwalk`` (a start and an end event per element, a tuple each): an element's tail is
read when the walk meets the element, and one that may hold a label and follows a
subtree waits on a stack until the walk reaches the node after that subtree, which keeps
the label texts in document order (the walk takes about a seventh less time).

Each list is exactly what its former search found as far as its reader reads it (the
first :data:`CUT.headline_max_candidates` bylines and dates, :data:`CUT.posters_max_marks`
posters, :data:`CUT.prices_max_marks` offers), in document order, each element once
(``tests/test_metadata_page_marks.py`` holds those searches and compares):

- ``bylines``: ``descendant::*`` of the root with a class holding "uthor", "utor",
  "uteur", "yline" or "erfasser", an id or ``data-testid`` holding "uthor" or "yline",
  a ``rel`` or ``itemprop`` holding "author", an ``<address>``, or a link whose
  ``href`` holds "/author", "/autor" or "/auteur"; ``region_bylines``, those inside the
  region given (the ``<article>`` or ``<main>`` around the headline), not the region itself;
- ``dates``: every element (the root too) with a class holding "date", "Date",
  "publish" or "posted", or an ``itemprop`` holding "datePublished";
- ``posters``: every element with a ``data-author``, ``data-poster-name`` or
  ``data-username`` attribute, or a class holding "sername", "ser-name", "serName",
  "post_author" or "postauthor" (:mod:`mainmark.metadata.posters` judges them);
- ``offers``: every element with an ``itemprop`` of ``price``, ``lowPrice``,
  ``priceCurrency`` or ``availability``, or a ``data-price-amount`` attribute
  (:func:`mainmark.metadata.prices.itemprop_offer` reads them);
- ``label_texts``: ``(text, owner, is_tail)`` of the text nodes under ``<body>`` shorter
  than :data:`CUT.label_text_max` that :data:`LABEL_HINT` finds, at most
  :data:`CUT.max_label_texts` (what :func:`mainmark.metadata.metafields.body_texts`
  finds).

The substring tests are Python's ``in`` on the attribute values lxml hands over, the
same case-sensitive test as XPath's ``contains()``. The walk is linear in the page: a
fixed number of tests per element and per text node, and the climbs that find where the
subtree of a waiting tail ends take each element once (:func:`_following`).
"""

from __future__ import annotations

import re

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import body_texts

#: Text of the page's body that may hold an author label (case variants spelt out); long
#: texts are prose. Read by :meth:`mainmark.metadata.headline_dom.Dom.labelled_bylines`.
LABEL_HINT = re.compile(r"y:|on:|ext:|ritten [bB]y|rticle [bB]y|uthor|utor|UTHOR|UTOR|erfasser")
#: Attributes whose presence marks a poster, whose value is the poster's user name.
POSTER_ATTRS = ("data-author", "data-poster-name", "data-username")
#: The attributes the walk reads; any other is passed over at one set lookup.
_WANTED = frozenset({"class", "id", "data-testid", "rel", "itemprop", "href", "data-price-amount",
                     *POSTER_ATTRS})
#: ``itemprop`` values of an offer's price, currency and availability.
_OFFER_PROPS = frozenset({"price", "lowPrice", "priceCurrency", "availability"})

Texts = list[tuple[str, etree._Element, bool]]


class PageMarks:
    """The marked elements and label texts of one page, found in one walk on first use."""

    __slots__ = ("_region", "_root", "bylines", "dates", "done", "label_texts", "offers",
                 "posters", "region_bylines")

    def __init__(self, root: HtmlElement, region: HtmlElement | None = None) -> None:
        self._root = root
        self._region = region
        #: Whether the page was walked: the lists are filled.
        self.done = False
        self.bylines: list[HtmlElement] = []
        #: The bylines inside ``region`` (not ``region`` itself): its own search.
        self.region_bylines: list[HtmlElement] = []
        self.dates: list[HtmlElement] = []
        self.posters: list[HtmlElement] = []
        self.offers: list[HtmlElement] = []
        self.label_texts: Texts = []

    def walked(self) -> PageMarks:
        """These marks, the page walked on the first call."""
        if not self.done:
            self.done = True
            self._walk()
        return self

    def _walk(self) -> None:
        root = self._root
        bylines, dates, marks, texts = self.bylines, self.dates, self.posters, self.label_texts
        region, in_region, region_bylines = self._region, False, self.region_bylines
        region_end: etree._Element | None = None
        offers, offer_props = self.offers, _OFFER_PROPS
        most, most_posters = CUT.headline_max_candidates, CUT.posters_max_marks
        most_offers = CUT.prices_max_marks
        wanted = _WANTED
        body: etree._Element | None = None
        body_end: etree._Element | None = None
        nested = False
        texts_left = CUT.max_label_texts
        shorter_than = CUT.label_text_max
        hint = LABEL_HINT.search
        # Tails that wait for the end of their element's subtree, innermost last: (the
        # node the walk meets next, the tail, its element). They always nest, so the
        # list is a stack whose top ends first.
        pending: list[tuple[etree._Element | None, str, etree._Element]] = []
        memo: dict[etree._Element, etree._Element | None] = {}
        for node in root.iter():
            while pending and pending[-1][0] is node:
                _, text, owner = pending.pop()
                if texts_left > 0:
                    texts.append((text, owner, True))
                    texts_left -= 1
            if node is body_end:
                body = body_end = None
            if node is region_end:
                in_region = False
                region_end = None
            tag = node.tag
            if tag.__class__ is not str:  # a comment: its tail follows it at once
                if body is None or texts_left <= 0:
                    continue
                tail = node.tail
                if tail and len(tail) < shorter_than and not tail.isspace() and hint(tail):
                    texts.append((tail, node, True))
                    texts_left -= 1
                continue
            byline = date = poster = offer = False
            for name, value in node.items():
                if name not in wanted:
                    continue
                if name == "class":
                    # spelt out: a function call per class costs as much as its tests
                    byline = byline or ("ut" in value and (
                        "uthor" in value or "utor" in value or "uteur" in value
                    )) or "yline" in value or "erfasser" in value
                    date = date or ("ate" in value and ("date" in value or "Date" in value)
                                    ) or "publish" in value or "posted" in value
                    # "User-name" holds "ser-name"; "post_author" holds "uthor"
                    poster = poster or ("ser" in value and (
                        "sername" in value or "ser-name" in value or "serName" in value
                    )) or (byline and ("post_author" in value or "postauthor" in value))
                elif name == "itemprop":
                    byline = byline or "author" in value
                    date = date or "datePublished" in value
                    offer = offer or value in offer_props
                elif name == "rel":
                    byline = byline or "author" in value
                elif name == "href":
                    byline = byline or (tag == "a" and (
                        "/author" in value or "/autor" in value or "/auteur" in value))
                elif name == "id" or name == "data-testid":
                    byline = byline or "uthor" in value or "yline" in value
                elif name == "data-price-amount":
                    offer = True
                else:
                    poster = True
            if tag == "body":
                if body is None:
                    body = node
                    body_end = _following(node, memo)
                else:
                    nested = True
            elif tag == "address":
                byline = True
            if (byline or date or poster or offer) and isinstance(node, HtmlElement):
                # each list stops where its reader stops reading: a hostile page's
                # thousands of marks are not held
                if byline and node is not root:
                    if len(bylines) < most:
                        bylines.append(node)
                    if in_region and len(region_bylines) < most:
                        region_bylines.append(node)
                if date and len(dates) < most:
                    dates.append(node)
                if poster and len(marks) < most_posters:
                    marks.append(node)
                if offer and len(offers) < most_offers:
                    offers.append(node)
            if node is region and region is not None:
                in_region = True
                region_end = _following(region, memo)
            if body is None or texts_left <= 0:
                continue
            text = node.text
            if text and len(text) < shorter_than and not text.isspace() and hint(text):
                texts.append((text, node, False))
                texts_left -= 1
            if node is body:
                continue
            tail = node.tail
            if tail and len(tail) < shorter_than and not tail.isspace() and hint(tail):
                if len(node):  # read after its subtree
                    pending.append((_following(node, memo), tail, node))
                elif texts_left > 0:
                    texts.append((tail, node, True))
                    texts_left -= 1
        while pending:  # the subtrees that end with the walk, innermost first
            _, text, owner = pending.pop()
            if texts_left > 0:
                texts.append((text, owner, True))
                texts_left -= 1
        if nested:
            # a <body> inside <body> (a built tree; the parser never nests one): each is
            # searched on its own, as the text search does
            self.label_texts = body_texts(root, hint, shorter_than=shorter_than,
                                          limit=CUT.max_label_texts)


def _following(el: etree._Element,
               memo: dict[etree._Element, etree._Element | None]) -> etree._Element | None:
    """The node a pre-order walk (``iter()``) meets right after ``el``'s subtree, ``None``
    at the end of the document. Every ancestor climbed through has the same answer, kept
    in ``memo``: all climbs of one walk together take each element once."""
    climbed: list[etree._Element] = []
    node: etree._Element | None = el
    found: etree._Element | None = None
    while node is not None:
        if node in memo:
            found = memo[node]
            break
        climbed.append(node)
        found = node.getnext()
        if found is not None:
            break
        node = node.getparent()
    for seen in climbed:
        memo[seen] = found
    return found
