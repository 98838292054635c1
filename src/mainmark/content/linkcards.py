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
from mainmark.page.ancestry import within

#: The boxes a card's parts are printed in: a kicker, a headline, a lead, a byline.
_BLOCK_TAGS = frozenset({"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption",
                         "section", "article", "header", "blockquote", "ul", "ol", "li"})


def link_cards(roots: list[HtmlElement], m: Measures, removed: dict[HtmlElement, str],
               total: int) -> None:
    """Record the teaser cards inside ``roots`` as removed (``link-card``), unless
    together they hold ``CUT.link_card_max_share`` of the content or more (a grid)."""
    cards: list[HtmlElement] = []
    for root in roots:
        for a in root.iter("a"):
            if a in removed or any(within(a, c) for c in cards) or any(
                    up in removed for up in a.iterancestors()):
                continue
            if _card(a, m) and not any(within(r, a) for r in roots):
                cards.append(a)
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
    for el in a.iter(*_BLOCK_TAGS):
        if el is a:
            continue
        if " ".join((el.text or "").split()) or any(
                (c.tail or "").strip() for c in el if c.tag not in _BLOCK_TAGS):
            parts += 1
            if parts >= CUT.link_card_min_parts:
                return True
    return False
