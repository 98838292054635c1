"""Where a chunk came from: the tag paths and the collected links of its blocks.

The renderer records on every block the tag path of its element and (``links="text"``)
the links whose anchors it holds; a chunk is a byte range of the markdown, so what it
carries is read off the blocks that range overlaps. A block cut across chunks gives
each part the links whose anchor text the part holds.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence

from mainmark.model import Block


class Origins:
    """The renderer's blocks by markdown offset, for chunk provenance."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        ordered = all(a.md_end <= b.md_start for a, b in itertools.pairwise(blocks))
        self.blocks = list(blocks) if ordered else []
        self.starts = [b.md_start for b in self.blocks]

    def _overlapping(self, start: int, end: int) -> list[Block]:
        i = max(0, bisect.bisect_right(self.starts, start) - 1)
        out: list[Block] = []
        while i < len(self.blocks) and self.blocks[i].md_start < end:
            if self.blocks[i].md_end > start:
                out.append(self.blocks[i])
            i += 1
        return out

    def describe(self, first: int, start: int, end: int, text: str
                 ) -> tuple[str | None, str | None, tuple[str, ...]]:
        """(tag path of the block holding byte ``first``, common tag path of all blocks
        in ``start..end``, URLs of their links in the chunk ``text``)."""
        blocks = self._overlapping(start, end)
        if not blocks:
            return None, None, ()
        head = self._overlapping(first, first + 1)
        paths = [b.tag_path for b in blocks if b.tag_path is not None]
        urls: list[str] = []
        for b in blocks:
            whole = start <= b.md_start and b.md_end <= end
            urls.extend(link.url for link in b.links if whole or (link.text and link.text in text))
        return (head[0].tag_path if head else None, common_path(paths) if paths else None,
                tuple(urls))


def common_path(paths: Sequence[str]) -> str:
    """The deepest element holding all of ``paths``; ``body`` when nothing below it does
    (never ``""``: stores read an empty string as "unknown")."""
    steps = paths[0].split("/")
    for path in paths[1:]:
        other = path.split("/")
        n = 0
        while n < len(steps) and n < len(other) and steps[n] == other[n]:
            n += 1
        steps = steps[:n]
    return "/".join(steps) or "body"
