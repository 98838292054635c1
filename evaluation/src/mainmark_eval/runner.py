"""Run extractors over loaded pages, timing the extraction call and nothing else.

A *system* is split in two: ``call`` (timed: bytes and URL in, the extractor's own
result out) and ``convert`` (untimed: that result to the text, markdown and
metadata we score). So file reading, decompression, scoring and attribute access
never land in a system's seconds.

When several systems run, they are interleaved page by page and the order rotates
from one page to the next (A B, then B A, ...). Machine noise (another process, CPU
frequency, a GC pause, cache warmth left by the previous call) then hits every
system about equally, which a "whole set for A, then whole set for B" design does
not guarantee on a shared machine. Each system also gets one untimed warm-up call
before timing starts, so lazy imports and tokenizer loading are not charged to the
first page.

A page that raises counts as an error with an empty output; it never aborts the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmark.model import Document, Metadata
from mainmark.options import Options
from mainmark.pipeline import extract
from mainmark_eval.datasets import Page

#: How many error messages a run keeps for the report (the count is always exact).
MAX_ERROR_SAMPLES = 5


@dataclass(frozen=True, slots=True)
class Output:
    """What gets scored for one page."""

    text: str = ""
    markdown: str = ""
    metadata: Metadata | None = None


@dataclass(frozen=True, slots=True)
class System:
    """An extractor split into a timed ``call`` and an untimed ``convert``.

    The split keeps scoring and attribute access out of the extractor's seconds.
    """

    name: str
    #: Timed: (page bytes, url) -> the extractor's raw result.
    call: Callable[[bytes, str | None], Any]
    #: Untimed: (raw result, page bytes, url) -> Output.
    convert: Callable[[Any, bytes, str | None], Output]


@dataclass(slots=True)
class SystemRun:
    """One system over one set: per-page outputs (aligned with the pages) and costs."""

    system: str
    outputs: list[Output] = field(default_factory=list)
    seconds: float = 0.0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)

    @property
    def empty(self) -> int:
        """Pages that returned without error but with no text."""
        return sum(1 for o in self.outputs if not o.text.strip()) - self.errors

    @property
    def pages_per_second(self) -> float:
        """Pages over timed seconds; 0 when nothing was timed, never a division error."""
        return len(self.outputs) / self.seconds if self.seconds > 0 else 0.0


def mainmark_system(options: Options, name: str = "mainmark") -> System:
    """mainmark's public ``extract``; ``Document.text`` is what gets scored."""

    def call(data: bytes, url: str | None) -> Document:
        return extract(data, url=url, options=options)

    def convert(doc: Any, data: bytes, url: str | None) -> Output:
        return Output(text=doc.text, markdown=doc.markdown, metadata=doc.metadata)

    return System(name, call, convert)


def run_one(system: System, page: Page, run: SystemRun) -> None:
    """Time one extraction; record its output, or an error and an empty output."""
    start = time.perf_counter()
    try:
        raw = system.call(page.data, page.url)
    except Exception as exc:  # a crashing page is data, not a reason to stop
        run.seconds += time.perf_counter() - start
        _record_error(run, page, exc)
        run.outputs.append(Output())
        return
    run.seconds += time.perf_counter() - start
    try:
        output = system.convert(raw, page.data, page.url)
    except Exception as exc:  # e.g. the reference extractor's metadata reader failing
        _record_error(run, page, exc)
        output = Output()
    run.outputs.append(output)


def _record_error(run: SystemRun, page: Page, exc: Exception) -> None:
    run.errors += 1
    if len(run.error_samples) < MAX_ERROR_SAMPLES:
        run.error_samples.append(f"{page.id}: {type(exc).__name__}: {exc}"[:200])


def warm_up(systems: Sequence[System], page: Page) -> None:
    """One untimed call per system, so import and first-use costs are not timed."""
    for system in systems:
        try:
            system.convert(system.call(page.data, page.url), page.data, page.url)
        except Exception:  # the timed run will count this page's error
            continue


def run_pages(pages: Sequence[Page], systems: Sequence[System]) -> dict[str, SystemRun]:
    """All systems over all pages, interleaved with a rotating order (see module doc)."""
    runs = {s.name: SystemRun(s.name) for s in systems}
    n = len(systems)
    for i, page in enumerate(pages):
        for k in range(n):
            system = systems[(i + k) % n]
            run_one(system, page, runs[system.name])
    return runs


class CompareUnavailable(RuntimeError):
    """The reference extractor asked for with ``--compare`` is not installed."""


def trafilatura_system() -> System:
    """trafilatura's ``extract`` as the README's reference runs it (text, no comments).

    Its metadata is read afterwards, untimed, with ``extract_metadata``, only so the
    report can show its metadata agreement next to ours; a failure there leaves the
    text scored and the metadata missing.
    """
    try:
        import trafilatura
    except ImportError as exc:
        raise CompareUnavailable(
            "--compare trafilatura needs trafilatura: "
            "pip install 'mainmark-eval[compare]' (or trafilatura)"
        ) from exc

    def call(data: bytes, url: str | None) -> Any:
        return trafilatura.extract(data, url=url, include_comments=False, include_tables=True)

    def convert(result: Any, data: bytes, url: str | None) -> Output:
        text = result if isinstance(result, str) else ""
        try:
            meta = trafilatura.extract_metadata(data, default_url=url)
        except Exception:  # scoring its text matters more than its metadata
            return Output(text=text)
        return Output(text=text, metadata=_metadata_from_trafilatura(meta))

    return System("trafilatura", call, convert)


def _metadata_from_trafilatura(meta: Any) -> Metadata | None:
    """trafilatura joins several authors with "; "; split them back into a tuple."""
    if meta is None:
        return None
    author = getattr(meta, "author", None)
    authors = tuple(a.strip() for a in author.split(";") if a.strip()) if author else ()
    title, date = getattr(meta, "title", None), getattr(meta, "date", None)
    return Metadata(
        title=title if isinstance(title, str) else None,
        author=authors,
        published=date if isinstance(date, str) else None,
    )
