"""Blocks printed twice: the second copy of a repeated block is not content.

Shop and landing page templates print the same block once per layout (a description for
the phone layout and again for the desktop one, the buy box's option labels in a sticky
bar, a feature strip in a carousel's clones) and style all but one away with CSS. The
page's text then holds every block twice, which a reader never sees and an index should
not store. A block (a paragraph, heading, list item or a wrapper of them) whose whole text
repeats an earlier block of the selected content goes; a wrapper whose text is its only
child's is the same block, not a copy.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures
from mainmark.model import Content
from mainmark.page.subtree import text_content

#: Blocks whose repetition is a layout copy. Table cells are left alone: a column of
#: equal values ("Yes", "Included") is data.
_BLOCK_TAGS = frozenset({"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div", "section",
                         "article", "ul", "ol", "dl", "table", "blockquote", "figure",
                         "header", "aside", "form", "span", "a"})


def drop_repeats(content: Content, m: Measures) -> None:
    """Add every later copy of a repeated block of ``content`` to its removed set.

    A kept block's only child, when the block holds no text of its own around it, has the
    block's text: the first block with that text is the kept block or one of its
    ancestors, so the child is kept too and its text is not read again (a builder's chain
    of one-child wrappers would otherwise read the same text once per level)."""
    seen: dict[str, HtmlElement] = {}
    removed = content.removed
    # (element, whether its text is that of a kept block it is the only child of)
    stack = [(root, False) for root in reversed(content.roots)]
    while stack:
        el, same = stack.pop()
        if el in removed or not isinstance(el.tag, str):
            continue
        kept = same
        if not same and el.tag in _BLOCK_TAGS and m.text_of(el) >= CUT.repeat_min_bytes:
            key = " ".join(text_content(el).split())
            first = seen.get(key)
            if first is None:
                seen[key] = el
            elif not any(a is first for a in el.iterancestors()):
                removed.add(el)
                continue
            kept = True
        kids = [c for c in el if isinstance(c.tag, str)]
        wrapper = (kept and len(el) == 1 and len(kids) == 1
                   and not (el.text or "").strip() and not (kids[0].tail or "").strip())
        stack.extend((c, wrapper) for c in reversed(kids))
