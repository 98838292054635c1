"""``Options.favor`` as numbers: the thresholds a borderline block is judged by.

Selection and pruning are full of cut-offs that trade a little boilerplate against a
little lost text. ``balanced`` holds today's values (the module constants of ``select``,
``score`` and ``prune`` that the bench was tuned on); ``precision`` moves each of them
towards dropping a borderline block, which suits embedding (a chunk of menu text is a
wrong answer waiting to be retrieved); ``recall`` moves them towards keeping it, which
suits search (a missing sentence cannot be found). ``docs/extraction.md`` gives what each
mode scores on the bench.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The cut-offs ``Options.favor`` moves, with the balanced values as defaults."""

    #: prune: a block at or above its byte floor is link-dense from this share of link text.
    dense_share: float = 0.8
    #: prune: the byte floors of the link-density test scale by this factor.
    floor_scale: float = 1.0
    #: prune: below its floor, a block of short links goes from this share of link text.
    below_share: float = 0.3
    #: prune: furniture at the content's edges is trimmed while it is at most this share.
    edge_share: float = 0.3
    #: select: the ladder accepts a result of this many text bytes...
    ladder_bytes: int = 250
    #: ...or of this share of the page's visible text.
    ladder_share: float = 0.15
    #: score: a sibling of the winner joins from this share of the winner's score.
    sibling_share: float = 0.2
    #: prune: a link-dense block with a heading of its own is kept (a headed list of
    #: references is content); precision mode judges it like any other block.
    keep_headed: bool = True


BALANCED = Thresholds()
#: Precision leaves the link-density share, the ladder floor and the edge trim alone: on
#: the bench's TUNE halves a lower share (0.6), a lower floor (accepting smaller strict
#: results) and more edge trimming each cost precision on some set.
PRECISION = Thresholds(floor_scale=0.5, below_share=0.2, keep_headed=False, sibling_share=0.35)
#: Recall keeps only the blocks made of nothing but links out (share 1.0), and leaves the
#: link-density floors alone: raising them sends more blocks to the short-link test below
#: the floor, which removes some that the share test keeps.
RECALL = Thresholds(dense_share=1.0, below_share=1.0, edge_share=0.15, ladder_bytes=500,
                    ladder_share=0.3, sibling_share=0.1)

_BY_NAME = {"balanced": BALANCED, "precision": PRECISION, "recall": RECALL}


def thresholds(favor: str) -> Thresholds:
    """The thresholds of a validated ``Options.favor`` value."""
    return _BY_NAME[favor]
