"""Teaser cards set into an article: one link wrapping another story's headline and lead.

News and blog templates drop a card for another story into the body ("Neues
Bahn-Konzept / ICE im S-Bahn-Takt / Die Bahn will ..."; a WordPress embed of another
post): one ``<a>`` wrapping a kicker, a headline, a lead, a picture. Link density does
not see it, since it measures the links inside a block and here the block is inside the
link, and no class word is needed to tell it: a link that holds two text-bearing blocks
of its own is a card, not a phrase of the text (a link in running text holds words, at
most one inline box). Cards are the content of a listing or a card grid, so the cards go
only while they hold a small share of the content (rule `link-card`, docs/rules.md).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures

#: The boxes a card's parts are printed in: a kicker, a headline, a lead, a byline.
_BLOCK_TAGS = frozenset({"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption",
                         "section", "article", "header", "blockquote", "ul", "ol", "li"})


def link_cards(roots: list[HtmlElement], m: Measures, removed: dict[HtmlElement, str],
               total: int) -> None:
    """Record the teaser cards inside ``roots`` as removed (``link-card``), unless
    together they hold ``CUT.link_card_max_share`` of the content or more (a grid).

    One walk over each root's positions in document order: a removed box and a card are
    skipped whole (``m.end``), and a link holding a root is no card, so a page of
    thousands of cards stays linear."""
    holding_roots: set[HtmlElement] = set()
    for r in roots:  # the roots' ancestors, each climb stopping where another's did
        for up in r.iterancestors():
            if up in holding_roots:
                break
            holding_roots.add(up)
    order, end = m.order, m.end
    cards: list[HtmlElement] = []
    for root in roots:
        start = m.index.get(root)
        if start is None:
            continue
        i, stop = start + 1, end[start]
        while i <= stop:
            el = order[i]
            if el in removed:
                i = end[i] + 1
            elif el.tag == "a" and el not in holding_roots and _card(el, m):
                cards.append(el)
                i = end[i] + 1
            else:
                i += 1
    if not cards:
        return
    if sum(m.text_of(c) for c in cards) >= CUT.link_card_max_share * max(total, 1):
        return
    for card in cards:
        removed.setdefault(card, "link-card")


def _card(a: HtmlElement, m: Measures) -> bool:
    size = m.text_of(a)
    if not size or size > CUT.link_card_max_bytes or not a.get("href"):
        return False
    parts = 0
    for seen, el in enumerate(a.iter(*_BLOCK_TAGS)):
        if seen > CUT.link_card_max_blocks:
            return False  # a card is a few boxes: a link around a tower of them is none
        if el is a:
            continue
        if " ".join((el.text or "").split()) or any(
                (c.tail or "").strip() for c in el if c.tag not in _BLOCK_TAGS):
            parts += 1
            if parts >= CUT.link_card_min_parts:
                return True
    return False
