"""Call-to-action boxes set into an article: chrome with a heading of its own.

A blog or marketing article carries boxes that sell something beside the text: "Want to
win more jobs with less effort?" over a sign-up form, "Thinking of selling your
business?" over a button, a lead-magnet card ("eBook: 30 video ideas ... Download") that
is one big link. Kept, each heading becomes the heading path of the article paragraphs
after the box (issue 37.3): a retriever files the article's own text under the
advertisement. The box is found by markup, never by a site: a small box that opens with
a heading, stands in the article's flow (a paragraph of the article beside it), and names
itself an action (a form, or a class word saying call-to-action). Article sections hold
neither. A box that only looks like one (a heading, a blurb, a button-styled link) is
left alone: a review's product boxes and a listicle's items look the same.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures
from mainmark.content.vocab import HEADING_TAGS
from mainmark.vocabulary import boxes

#: Boxes a call-to-action is built of.
CTA_TAGS = frozenset({"aside", "div", "section", "figure"})
#: Class/id words of a call-to-action box (the registry's ``call_to_action`` table).
_CTA_WORDS = boxes.CALL_TO_ACTION.entries


def cta_box(el: HtmlElement, m: Measures, total: int) -> bool:
    """``el`` is a call-to-action box set into the article (see the module's note)."""
    size = m.text_of(el)
    if not size or size > CUT.cta_max_bytes or size > CUT.cta_max_share * max(total, 1):
        return False
    if not m.is_headed(el) or not _in_prose(el, m):
        return False  # first: bounded and cheap, where the two below walk the box
    return _opens_with_heading(el) and _names_an_action(el, m)


def _opens_with_heading(el: HtmlElement) -> bool:
    """The box's first words are a heading's (an image or a spacer may come first)."""
    heading = next(el.iter(*HEADING_TAGS), None)
    if heading is None:
        return False
    head = " ".join(heading.text_content().split())
    return bool(head) and " ".join(el.text_content().split()).startswith(head)


def _names_an_action(el: HtmlElement, m: Measures) -> bool:
    """The box says it is a call to action: it holds a form (sign up, request a quote),
    or it or a box around its heading has a call-to-action class word. A word on a
    button alone is no sign (a review's product record names its buy buttons
    ``button-cta``), nor is a button-styled link: the items of a review or a listicle (a
    heading, a blurb, a "See it at Amazon" button each) and the cards of a listing end in
    one too, and they are the page's text (measured and not kept: rule
    `promo-box:call-to-action`, docs/rules.md)."""
    if next(el.iter("form"), None) is not None:
        return True
    heading = next(el.iter(*HEADING_TAGS), None)
    node = heading.getparent() if heading is not None else None
    while node is not None:
        ws = m.words.get(node)
        if ws and not ws.isdisjoint(_CTA_WORDS):
            return True
        if node is el:
            break
        node = node.getparent()
    return False


def _in_prose(el: HtmlElement, m: Measures) -> bool:
    """The box (or the wrappers holding nothing else) stands next to a paragraph of the
    article: a card of a grid has only other cards beside it. (An article may repeat its
    sign-up box: likeness to its siblings says nothing here.)"""
    node = el
    parent = node.getparent()
    for _ in range(CUT.cta_wrapper_levels):
        if parent is None or m.text_of(parent) != m.text_of(node):
            break
        node, parent = parent, parent.getparent()
    else:
        return False  # deeper in wrappers than a template nests a box: not set in prose
    if parent is None:
        return False
    return _prose_near(node, m, node.itersiblings(preceding=True)) or _prose_near(
        node, m, node.itersiblings())


def _prose_near(node: HtmlElement, m: Measures, siblings: Iterator[HtmlElement]) -> bool:
    """A paragraph of the article among the next few element siblings on one side."""
    seen = 0
    for sib in siblings:
        if not isinstance(sib.tag, str):
            continue
        if sib.tag == "p" and m.text_of(sib) >= CUT.cta_prose_min_bytes:
            return True
        seen += 1
        if seen >= CUT.cta_neighbours:
            return False
    return False
