"""Type-aware selection: what the content of a forum, product, listing or landing page is.

The scored selection (``score.py``) finds the densest prose box, which is the content of
an article. On other kinds of page (``metadata.pagetype``) the content is spread out: the
sections of a landing page's main column, every post of a thread, a product's
description beside its specifications, the cards of a listing. This module holds the
branches taken only for those kinds, so articles keep their behaviour exactly.
"""

from __future__ import annotations

import lxml.html
from lxml.html import HtmlElement

from mainmark.content.measure import Measures
from mainmark.content.prune import Pruning, prune
from mainmark.model import PageType

#: Kinds whose content is the page's main column rather than its densest box.
SPREAD_TYPES = frozenset({PageType.SERVICE, PageType.PRODUCT, PageType.LISTING,
                          PageType.COLLECTION, PageType.FORUM})
#: The scored selection yields to the main column when it holds less than this share of
#: the column's text: it found one section of several (measured on the wx TUNE pages).
REGION_SHARE = 0.5

#: A stand-in core that no element is inside: every node of the region is judged by the
#: page-level (broad) chrome verdicts, as widening material is in ``prune``.
_NO_CORE = lxml.html.Element("div")


def region(body: HtmlElement, m: Measures,
           chrome: dict[HtmlElement, str]) -> tuple[list[HtmlElement], dict[HtmlElement, str]]:
    """The page's main column: the body minus its chrome (navigation, header, footer,
    sidebars, recirculation, by the broad vocabulary) and link-dense blocks."""
    removed = prune([body], m, chrome, Pruning.STRICT, _NO_CORE)
    return [body], removed


def prefers_region(page_type: PageType, selected: int, column: int) -> bool:
    """Whether the main column replaces the scored selection on this kind of page."""
    return page_type in SPREAD_TYPES and selected < REGION_SHARE * column
