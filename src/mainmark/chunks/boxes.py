"""Box titles: a heading whose scope ends with the box it sits in.

A promo, "related", rich-link, key-takeaways or note box set into an article often opens
with a heading of its own (``<div><h3>Thinking of selling?</h3><p>…</p></div>``), and the
article's text goes on after the box with no new heading. Read as a section heading, the
box's title becomes the heading path of every paragraph after it until the next heading,
and a retriever files the article's text under an advert. Where the box's class names it,
selection drops the box (``content/cta.py``); where it does not, its shape still tells:

* the heading sits in a box (``div``, ``aside``, ``figure``, ``section``) holding it, at
  least one block after it and no other heading;
* the box closes before a block of running text (``p``, a list, a quote, a table, code)
  that is a child of the box's own parent: the article goes on at the level the box was
  set into, with no new heading between.

Its scope then ends with its box: the box's blocks are filed under it, nested in the
section the box was set into (whatever the title's level), and the blocks after the box
under that section again. Left alone (scope: generic markup; documented in ``docs/chunks.md``):

* a real section, ``<section><h2>`` followed by the next section or holding the rest of
  the article (no running text follows the box at its parent's level);
* the page's first heading (its title, wrapped with a photo or a byline);
* a series of cards (a listicle's products, a FAQ's questions, a team's people): the
  heading before or after it of its level or higher has the same tag shape, and each
  card's description after its box is about that card.

Read off the blocks' tag paths (never a class name); a path cut to its nearest steps
(``…/``) is too deep to compare and is left alone. Rule ``box-title:scope``
(docs/rules.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mainmark.model import Block, BlockKind

#: Elements that make a box around a heading and its blurb.
BOX_TAGS = frozenset({"div", "aside", "figure", "section"})
#: Elements of running text: the article going on after a box.
TEXT_TAGS = frozenset({"p", "ul", "ol", "blockquote", "table", "pre", "dl"})
_RANK = re.compile(r"\[\d+\]")
#: An ATX heading's opening ``#`` marks and the blanks after them.
HEADING_MARKS = re.compile(r"^\s{0,3}(#{1,6})(?:\s+|$)")


def box_titles(blocks: Sequence[Block]) -> dict[int, int]:
    """Headings whose scope ends with their box: heading block id -> the id of the first
    block after the box (where the section the box was set into goes on)."""
    heads = [bid for bid, b in enumerate(blocks)
             if b.kind is BlockKind.HEADING and b.markdown.strip()]
    out: dict[int, int] = {}
    for k, bid in enumerate(heads[1:], start=1):  # the first heading is the page's title
        resume = _box_end(blocks, bid)
        if resume is not None and not _in_series(blocks, heads, k):
            out[bid] = resume
    return out


def still_open(heading: Block, title: Block, after: Block) -> bool:
    """Whether ``heading``, open above box title ``title``, is open again at ``after``,
    the first block after the title's box: unless it sat in another box of the same
    container (a "Pros" box before a "Cons" box), closed before the title's opened."""
    container = (after.tag_path or "").rpartition("/")[0]
    path = heading.tag_path
    if path is None or not container or not path.startswith(container + "/"):
        return True
    own = path.rpartition("/")[0]
    return own == container or (title.tag_path or "").startswith(own + "/")


def _box_end(blocks: Sequence[Block], bid: int) -> int | None:
    """The first block after the box around heading ``bid``, when the box has the shape
    of a titled box set into running text (module docstring), else ``None``."""
    path = blocks[bid].tag_path
    if not path or path.startswith("…"):
        return None
    steps = path.split("/")
    nxt = bid + 1  # the first block after bid outside the box being tried
    for depth in range(len(steps) - 1, 0, -1):  # the box is steps[:depth], nearest first
        box = "/".join(steps[:depth]) + "/"
        while nxt < len(blocks) and _inside(blocks[nxt], box):
            if blocks[nxt].kind is BlockKind.HEADING:
                return None  # a box of several headings is a section of its own
            nxt += 1
        if _tag(steps[depth - 1]) not in BOX_TAGS or nxt == bid + 1 or nxt == len(blocks):
            continue
        after = blocks[nxt]
        if after.kind is BlockKind.HEADING or after.tag_path is None:
            return None
        parent, _, last = after.tag_path.rpartition("/")
        if parent != "/".join(steps[:depth - 1]):
            continue  # the text after it is not at the box's level: try the box around
        if _tag(last) not in TEXT_TAGS or _heading_before(blocks, bid, box):
            return None
        return nxt
    return None


def _inside(block: Block, box: str) -> bool:
    return block.tag_path is not None and (block.tag_path + "/").startswith(box)


def _heading_before(blocks: Sequence[Block], bid: int, box: str) -> bool:
    """Whether the box holds a heading before ``bid`` (a card's photo or badge above the
    title is the box's too)."""
    at = bid - 1
    while at >= 0 and _inside(blocks[at], box):
        if blocks[at].kind is BlockKind.HEADING:
            return True
        at -= 1
    return False


def _in_series(blocks: Sequence[Block], heads: list[int], k: int) -> bool:
    """Whether the heading before or after ``heads[k]`` at its level or higher has its tag
    shape (ranks dropped): cards in a row, each heading what follows its box."""
    level = heading_level(blocks[heads[k]])
    shape = _shape(blocks[heads[k]])
    for step in (-1, 1):
        at = k + step
        while 0 <= at < len(heads) and heading_level(blocks[heads[at]]) > level:
            at += step
        if 0 <= at < len(heads) and _shape(blocks[heads[at]]) == shape:
            return True
    return False


def _shape(block: Block) -> str:
    return _RANK.sub("", block.tag_path or "")


def _tag(step: str) -> str:
    return step.partition("[")[0]


def heading_level(block: Block) -> int:
    """A heading block's level: the tag's, else its ``#`` marks."""
    if 1 <= block.level <= 6:
        return block.level
    m = HEADING_MARKS.match(block.markdown)
    return len(m.group(1)) if m else 1
