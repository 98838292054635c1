"""Image captions printed twice: a gallery's thumbnail strip and its lightbox, a full
and a truncated copy, one caption under every picture of a series. Pruning drops the
later copies (:func:`drop_repeats`); the caption mark is also what precision mode's
caption rule reads (:func:`caption_marked`)."""

from __future__ import annotations

from functools import lru_cache

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures
from mainmark.page.ancestry import within

_UNLINKED_TEXT = etree.XPath(".//text()[not(ancestor::a)]")


def drop_repeats(blocks: list[HtmlElement], m: Measures,
                  removed: dict[HtmlElement, str]) -> None:
    """Drop an image caption that repeats an earlier caption word for word.

    Galleries print each caption twice (thumbnail strip and lightbox, or a full and
    a truncated copy), and photo series repeat one caption under every picture (news
    galleries; rule `repeated-caption`, docs/rules.md).
    Paragraphs are left alone: interviews repeat their questions, songs their refrains.
    A block holding several caption boxes (a gallery's list item with the full and the
    truncated copy side by side) is judged box by box (rule `repeated-caption:box-by-box`,
    docs/rules.md).
    """
    seen: set[str] = set()
    recent: list[str] = []
    for unit in blocks:
        parts = _caption_parts(unit, m)
        if len(parts) < 2 and not _in_caption(unit, m):
            continue
        for block in parts:
            # Link text is left out: "more"/"less" toggles differ between the two copies.
            text = " ".join(_unlinked_text(block).split()).rstrip(".…").rstrip()
            if len(text) < CUT.caption_repeat_min_chars:
                continue
            # A truncated copy ("... Hanoi, Vietnam …") is a prefix of a caption just before.
            if text in seen or any(earlier.startswith(text) for earlier in recent):
                removed[block] = "repeated-caption"
            else:
                seen.add(text)
                recent = [*recent[1 - CUT.caption_memory:], text]


def _caption_parts(block: HtmlElement, m: Measures) -> list[HtmlElement]:
    """The innermost caption-marked boxes inside ``block`` when there are two or more,
    else ``block`` itself: one leaf block can carry a caption twice."""
    words = m.words  # most descendants carry no class word: asked first
    boxes = [d for d in block.iterdescendants() if d in words
             and caption_marked(d, m) and m.text_of(d) >= CUT.caption_repeat_min_chars]
    # In document order a box holds another box exactly when the next one starts inside
    # it: one position test per box keeps a gallery of thousands of captions linear.
    inner = [b for k, b in enumerate(boxes)
             if k + 1 == len(boxes) or not _holds(b, boxes[k + 1], m)]
    return inner if len(inner) >= 2 else [block]


def _holds(outer: HtmlElement, el: HtmlElement, m: Measures) -> bool:
    """``el`` is inside ``outer``: an interval test on document positions when the
    measures have them (constant time), else a walk up from ``el``."""
    i, j = m.index.get(outer), m.index.get(el)
    if i is not None and j is not None and len(m.end) == len(m.order):
        return i < j <= m.end[i]
    return within(el, outer)


def caption_marked(el: HtmlElement, m: Measures) -> bool:
    """A class or id word of ``el`` marks it as a caption (``image-caption``, ``caption``)."""
    ws = m.words.get(el)
    return ws is not None and _names_caption(ws)


@lru_cache(maxsize=4096)
def _names_caption(ws: frozenset[str]) -> bool:
    """A token of ``ws`` holds "caption". Cached by the token set: elements of one class
    value share one set (the measuring pass's), and pruning asks this of every element of
    each text block and of its ancestors."""
    return any("caption" in w for w in ws)


def _unlinked_text(el: HtmlElement) -> str:
    found = _UNLINKED_TEXT(el)
    return " ".join(str(t) for t in found) if isinstance(found, list) else ""


def _in_caption(el: HtmlElement, m: Measures) -> bool:
    node: HtmlElement | None = el
    for _ in range(CUT.caption_levels + 1):
        if node is None:
            return False
        if node.tag in ("figcaption", "figure", "caption"):
            return True
        if caption_marked(node, m):
            return True
        node = node.getparent()
    return False
