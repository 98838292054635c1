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
    """Add every later copy of a repeated block of ``content`` to its removed set."""
    seen: dict[str, HtmlElement] = {}
    removed = content.removed
    stack = list(reversed(content.roots))
    while stack:
        el = stack.pop()
        if el in removed or not isinstance(el.tag, str):
            continue
        if el.tag in _BLOCK_TAGS and m.text_of(el) >= CUT.repeat_min_bytes:
            key = " ".join(text_content(el).split())
            first = seen.get(key)
            if first is None:
                seen[key] = el
            elif not any(a is first for a in el.iterancestors()):
                removed.add(el)
                continue
        stack.extend(reversed([c for c in el if isinstance(c.tag, str)]))
