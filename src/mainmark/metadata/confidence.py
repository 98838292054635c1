"""How far a pipeline may trust the title, author and date: the winning signal, graded.

- **high**: structured data (or meta tags) and the visible page agree: the ``<h1>`` shows
  the metadata title (``h1=...``), a byline near the headline names the metadata author,
  the dateline by the headline shows the stamp's day.
- **medium**: one deliberate source, unconfirmed: JSON-LD, microdata or meta tags alone;
  or the visible page chosen over a disagreeing machine value by a rule (a printed
  headline on the same story, a printed dateline beside a differing stamp).
- **low**: a heuristic read of the page: a ``<title>`` tag or ``<h1>`` alone, a DOM
  byline, a date in the URL, a dateline in the content, a wiki revision, a thread's
  first poster.

The grade follows the signal recorded in ``Metadata.sources``; no grade is given for an
empty field.
"""

from __future__ import annotations

from mainmark.model import Confidence

#: Structured and meta signals: deliberately written for machines.
_TRUSTED = ("jsonld", "microdata", "meta", "opengraph", "twitter", "itemprop", "url<")


def grade(source: str | None, *, agrees: bool = False) -> Confidence | None:
    """The confidence of a field chosen from ``source``; ``agrees``: the visible page
    confirms the trusted value."""
    if not source:
        return None
    if source.startswith("h1="):
        return Confidence.HIGH
    if "<" in source or source.startswith("h1~"):
        return Confidence.MEDIUM  # a rule chose between a trusted and a visible signal
    if source.startswith(_TRUSTED):
        return Confidence.HIGH if agrees else Confidence.MEDIUM
    return Confidence.LOW
