"""Run accounting: the counts behind the progress bar and the closing summary.

The counting rule lives here: every page read is either skipped as already done
(``--resume``), or written as a document or a discard. The summary states the sum,
so a run that lost a page would show it in its last line.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import IO

from mainmark.ingest.records import Outcome

_REDRAW_SECONDS = 0.25


@dataclass(slots=True)
class Tally:
    """The running counts of a batch, added to once per page outcome.

    Pages in = documents + discards + skipped: the summary states that sum, so a lost page
    would show up in the run's last line.
    """

    documents: int = 0
    discards: int = 0
    skipped: int = 0
    chunks: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    started: float = field(default_factory=time.monotonic)

    @property
    def processed(self) -> int:
        """Pages this run wrote, as a document or a discard (skipped pages not included)."""
        return self.documents + self.discards

    @property
    def pages_in(self) -> int:
        """Every page read, written or skipped: the left side of the summary's sum."""
        return self.processed + self.skipped

    def add(self, outcome: Outcome) -> None:
        """Count one written outcome; a discard is also counted by its reason."""
        if outcome.discard is not None:
            self.discards += 1
            self.reasons[str(outcome.discard["reason"])] += 1
        else:
            self.documents += 1
            self.chunks += len(outcome.chunks)

    def rate(self) -> float:
        """Pages written per second since the run began; skipped pages cost nothing, so left out."""
        elapsed = time.monotonic() - self.started
        return self.processed / elapsed if elapsed > 0 else 0.0

    def summary(self, *, interrupted: bool = False) -> str:
        """The closing lines for stderr, the page sum first.

        ``interrupted`` adds the line that says the output is whole and ``--resume`` finishes
        it, so a stopped run is not mistaken for a broken one.
        """
        elapsed = time.monotonic() - self.started
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items()))
        lines = [
            f"mainmark batch: {self.pages_in} pages in = {self.documents} documents "
            f"+ {self.discards} discards"
            + (f" + {self.skipped} already done (resume)" if self.skipped else ""),
            f"  discards by reason: {reasons or 'none'}",
            f"  {self.chunks} chunks; {elapsed:.1f} s, {self.rate():.1f} pages/s",
        ]
        if interrupted:
            lines.append("  interrupted: the files hold every page counted above; "
                         "run again with --resume to finish")
        return "\n".join(lines) + "\n"


class ProgressBar:
    """One self-rewriting status line, drawn only when the stream is a terminal."""

    def __init__(self, stream: IO[str], tally: Tally, *, enabled: bool) -> None:
        self._stream = stream
        self._tally = tally
        self._enabled = enabled
        self._last = 0.0

    def update(self) -> None:
        """Redraw the line, at most four times a second, so drawing never slows the run."""
        now = time.monotonic()
        if not self._enabled or now - self._last < _REDRAW_SECONDS:
            return
        self._last = now
        t = self._tally
        self._stream.write(f"\r{t.processed} pages  {t.rate():.1f} pages/s  "
                           f"{t.discards} discards  {t.skipped} skipped \x1b[K")
        self._stream.flush()

    def finish(self) -> None:
        """Erase the line, so the summary that follows starts on a clean line."""
        if self._enabled:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
