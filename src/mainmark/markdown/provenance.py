"""What each rendered block records about its origin: a tag path and its links.

Both are read off what the walk already has, once per block and never per element:
the elements a block starts and ends with (their nearest common block-level ancestor
is the block's element), and the block's HTML channel, which keeps every anchor with
its resolved URL even when ``links="text"`` drops the URLs from the markdown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import unescape

from lxml.html import HtmlElement

from mainmark.markdown.constants import CUT
from mainmark.markdown.rendervocab import BLOCK_TAGS
from mainmark.markdown.walk import Piece
from mainmark.model import Link
from mainmark.page.treepath import Ranks, tag_path

#: An anchor of the HTML channel (``convert_a`` writes exactly this shape).
_ANCHOR = re.compile(r'<a href="([^"]*)">')


def block_path(piece: Piece, ranks: Ranks) -> str | None:
    """The positional tag path of the element a block came from, if it has one."""
    if piece.first is None:
        return None
    el = _common_ancestor(piece.first, piece.last if piece.last is not None else piece.first)
    while el.tag not in BLOCK_TAGS:  # an anonymous run: its container is the block
        parent = el.getparent()
        if parent is None:
            break
        el = parent
    return tag_path(el, positional=True, ranks=ranks)


def _common_ancestor(first: HtmlElement, last: HtmlElement) -> HtmlElement:
    if first is last:
        return first
    above: set[HtmlElement] = set()
    node: HtmlElement | None = last
    for _ in range(CUT.provenance_ancestor_levels):
        if node is None:
            break
        above.add(node)
        node = node.getparent()
    node = first
    for _ in range(CUT.provenance_ancestor_levels):
        if node is None:
            break
        if node in above:
            return node
        node = node.getparent()
    return first


def block_links(htmls: Sequence[str], links: Sequence[Link]) -> list[tuple[Link, ...]]:
    """The collected ``links`` of each block, matched in document order to the anchors
    of the blocks' HTML (``htmls``); links left over go to the last block."""
    out: list[list[Link]] = [[] for _ in htmls]
    k = 0
    for i, html in enumerate(htmls):
        if k >= len(links):
            break
        if "<a href=" not in html:
            continue
        for m in _ANCHOR.finditer(html):
            url = unescape(m.group(1))
            for j in range(k, min(k + CUT.link_lookahead, len(links))):
                if links[j].url == url:
                    out[i].extend(links[k : j + 1])
                    k = j + 1
                    break
    if out and k < len(links):
        out[-1].extend(links[k:])
    return [tuple(x) for x in out]
