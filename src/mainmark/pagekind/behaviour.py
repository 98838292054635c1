"""What selection does on each kind of page, as one table of data.

Selection (``content/select.py``) reads a :class:`Behaviour` and acts on its fields; it
never looks at the kind itself. Each field is a mechanism of the content stage switched
on for the kinds where it pays; the worth of each row was measured on the TUNE pages by
forcing one behaviour on every page (``benchmarks/kind_study.py``), and the table the
report prints (``docs/pagekind-report.md``) gives the figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mainmark.model import PageType


@dataclass(frozen=True, slots=True)
class Behaviour:
    """The content mechanisms one kind of page turns on."""

    #: The page's main column replaces the scored selection when that holds less than this
    #: share of the column's text (it found one section of several); ``None``: never.
    column_share: float | None = None
    #: Only when the page may be a landing page (``PageKind.landing``): an article whose
    #: densest box is one section of a page of stacked sections.
    column_if_landing: bool = False
    #: A card grid: when link-density pruning leaves the column under a quarter of its
    #: text, the column is pruned again without the link-density test.
    grid: bool = False
    #: Comment and reply verdicts are lifted: the posts are the content (a thread).
    posts_are_content: bool = False
    #: Customer reviews are chrome (a product page).
    reviews_are_chrome: bool = False
    #: Blocks that the template prints once per item go (``content/repeats.py``).
    drop_repeats: bool = False
    #: Signatures, poster statistics and quotes of earlier posts go (a thread).
    thread_furniture: bool = False
    #: Shelves of other products go, the JSON-LD description is added when missed.
    product_furniture: bool = False
    #: Teaser cards for other stories set into the text go (``content/linkcards.py``):
    #: on an article they are furniture; on a service or listing page the linked cards
    #: are often the page's own offer.
    link_cards: bool = False
    #: A box that scoring joined beside the article (a sibling, an outlying section) is
    #: judged whole by the furniture rules: an author's bio scores as prose.
    joined_boxes: bool = False


#: The article's behaviour: the densest prose box, with a landing-page check.
ARTICLE = Behaviour(column_share=0.5, column_if_landing=True, link_cards=True,
                    joined_boxes=True)

BEHAVIOURS: Mapping[PageType, Behaviour] = MappingProxyType({
    PageType.ARTICLE: ARTICLE,
    # Documentation reads as an article without the landing check: a manual page's
    # densest box is its section, never one part of a landing page.
    PageType.DOCUMENTATION: Behaviour(),
    PageType.FORUM: Behaviour(column_share=0.8, posts_are_content=True, drop_repeats=True,
                              thread_furniture=True),
    PageType.PRODUCT: Behaviour(column_share=0.5, reviews_are_chrome=True, drop_repeats=True,
                                product_furniture=True),
    PageType.LISTING: Behaviour(column_share=0.5, grid=True, drop_repeats=True),
    PageType.COLLECTION: Behaviour(column_share=0.5, grid=True, drop_repeats=True),
    PageType.SERVICE: Behaviour(column_share=0.8, drop_repeats=True),
})
