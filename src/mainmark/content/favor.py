"""``Options.favor`` as numbers: the thresholds a borderline block is judged by.

Selection and pruning are full of cut-offs that trade a little boilerplate against a
little lost text. ``balanced`` holds today's values (the module constants of ``select``,
``score`` and ``prune`` that the bench was tuned on); ``precision`` moves each of them
towards dropping a borderline block, which suits embedding (a chunk of menu text is a
wrong answer waiting to be retrieved); ``recall`` moves them towards keeping it, which
suits search (a missing sentence cannot be found). The modes only ever move a knob one
way from balanced, so precision output is (almost always) balanced output minus blocks
and recall output balanced output plus blocks. ``docs/extraction.md`` gives what each
mode scores on the bench.
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmark.content.constants import CUT


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The cut-offs ``Options.favor`` moves, with the balanced values as defaults."""

    #: prune: a block at or above its byte floor is link-dense from this share of link text.
    dense_share: float = 0.8
    #: prune: below its floor, a block of short links goes from this share of link text.
    below_share: float = 0.3
    #: prune: a link-dense block with a heading of its own is kept (a headed list of
    #: references is content); precision mode judges it like any other block.
    keep_headed: bool = True
    #: prune: a short unpunctuated block at the content's edges goes only when its markup
    #: marks it as furniture (a class word, a ``<time>``); precision mode needs no mark.
    edge_marked: bool = True
    #: prune: edge furniture is trimmed while it is at most this share of the content.
    edge_share: float = 0.3
    #: prune: figure captions stay (precision drops them, ``<figcaption>`` and the div,
    #: p or span boxes a class word marks as a caption: a caption describes a picture
    #: the text does not show).
    captions: bool = True
    #: select: the ladder accepts a result of this many text bytes...
    ladder_bytes: int = 250
    #: ...or of this share of the page's visible text.
    ladder_share: float = 0.15
    #: score: a sibling of the winner joins from this share of the winner's score.
    sibling_share: float = CUT.sibling_share
    #: render: the headline (the content's title heading, or the metadata title the
    #: markdown opens with) is left out of ``text``, which is the body; recall keeps it
    #: there (a search for the title's words should find the page).
    headline_text: bool = False
    #: render: the headline left out of ``text`` is an opening heading that repeats the
    #: metadata title; precision also takes an ``<h1>`` among the content's first blocks
    #: for it when the two differ (a site's SEO title over its own headline, a section
    #: label after the title), since a top heading opening the content is no body text.
    lead_h1: bool = False


BALANCED = Thresholds()
#: Precision drops short-link strips from 20% link text, headed link boxes, short
#: unpunctuated edge lines (bylines, datelines, "Read more" labels) without waiting for a
#: furniture mark, figure captions, and an opening ``<h1>`` that does not repeat the
#: metadata title (it is the headline all the same). See docs/extraction.md for the knobs tried and
#: left out (a lower link-density share or byte floor, a stricter sibling join).
PRECISION = Thresholds(below_share=0.2, keep_headed=False, edge_marked=False, captions=False,
                       lead_h1=True)
#: Recall keeps every block that is not all links, trims half as much edge furniture,
#: joins weaker siblings, and sends a strict result under 500 bytes / 30% of the page to
#: relaxed pruning of the same roots.
RECALL = Thresholds(dense_share=1.0, below_share=1.0, edge_share=0.15,
                    sibling_share=0.1, ladder_bytes=500, ladder_share=0.3,
                    headline_text=True)

_BY_NAME = {"balanced": BALANCED, "precision": PRECISION, "recall": RECALL}


def thresholds(favor: str) -> Thresholds:
    """The thresholds of a validated ``Options.favor`` value."""
    return _BY_NAME[favor]
