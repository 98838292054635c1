"""``mainmark eval DIR``: score mainmark (and optionally trafilatura) on a benchmark folder.

The folder follows ``../shared/bench/README.md`` (sets ``sh``, ``tr``, ``rd``) and each
set is scored with that README's metric, on ``Document.text`` (plain text: markdown
syntax inside a ``tr`` snippet would make it miss). Extraction runs with chunking off,
since chunks are not scored; for ``sh`` a second, unscored timing run with the
default options (chunking on) shows what chunking costs. All pages are read and
decompressed before any timing starts; only the extraction call is timed.

With ``--compare trafilatura`` both extractors run in the same process on the same
pages, interleaved page by page (see :mod:`mainmark.evaluation.runner`), and the
table gives the pages/s ratio per set.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mainmark.evaluation.datasets import BenchSet, load_set
from mainmark.evaluation.metrics import Tally, make_metric, title_agrees
from mainmark.evaluation.report import (
    Report,
    SetResult,
    SystemResult,
)
from mainmark.evaluation.runner import (
    CompareUnavailable,
    Output,
    SystemRun,
    mainmark_system,
    run_pages,
    trafilatura_system,
    warm_up,
)
from mainmark.model import Metadata
from mainmark.options import Options

SCORED = "Document.text (plain text) on every set; chunking off; timed: extraction call only"
#: The sets that get an extra, unscored timing run with chunking on.
CHUNK_TIMING_SETS = ("sh",)


def evaluate_bench(
    root: Path,
    sets: Sequence[str],
    *,
    options: Options | None = None,
    compare: str | None = None,
    limit: int | None = None,
    chunk_timing: bool = True,
    chunk_options: Options | None = None,
) -> Report:
    """Load, run and score; the library entry point behind the command and the CI gate."""
    systems = [mainmark_system(options or Options(chunking=False))]
    if compare == "trafilatura":
        systems.append(trafilatura_system())
    elif compare is not None:
        raise CompareUnavailable(f"unknown reference extractor {compare!r}")
    chunked = mainmark_system(chunk_options or Options(), name="mainmark+chunks")
    loaded = [load_set(root, name, limit) for name in sets]
    first = next((b.pages[0] for b in loaded if b.pages), None)
    if first is not None:
        warm_up([*systems, chunked] if chunk_timing else systems, first)
    hooks = _Hooks.load()
    results = []
    for bench_set in loaded:
        _progress(f"{bench_set.name}: {len(bench_set.pages)} pages")
        extra = [chunked] if chunk_timing and bench_set.name in CHUNK_TIMING_SETS else []
        runs = run_pages(bench_set.pages, [*systems, *extra])
        results.append(_score_set(bench_set, [runs[s.name] for s in systems],
                                  [runs[s.name] for s in extra], hooks))
    return Report(str(root), SCORED, results, metadata_available=hooks.meta is not None,
                  structure_available=hooks.structure is not None)


class _Hooks:
    """Scorers written in other modules, imported lazily so eval works without them."""

    def __init__(self, structure: Callable[..., Any] | None, meta: Any | None) -> None:
        self.structure = structure
        self.meta = meta

    @classmethod
    def load(cls) -> _Hooks:
        structure = _optional("mainmark.evaluation.structure", "structure_counts")
        meta_tr = _optional("mainmark.evaluation.meta", "score_tr_metadata")
        meta_rd = _optional("mainmark.evaluation.meta", "score_rd_metadata")
        meta = {"tr": meta_tr, "rd": meta_rd} if meta_tr and meta_rd else None
        return cls(structure, meta)


def _optional(module: str, name: str) -> Callable[..., Any] | None:
    try:
        found = getattr(importlib.import_module(module), name)
    except Exception:  # absent, or broken mid-edit by its author: report "not available"
        return None
    return found if callable(found) else None


def _score_set(bench_set: BenchSet, runs: list[SystemRun], timing: list[SystemRun],
               hooks: _Hooks) -> SetResult:
    result = SetResult(bench_set.name, [], problems=list(bench_set.problems))
    for run in runs:
        metric = make_metric(bench_set.name)
        for page, output in zip(bench_set.pages, run.outputs, strict=True):
            metric.add(page, output.text)
        sr = _system_result(run)
        sr.score = metric.score()
        sr.metadata = _metadata_shares(bench_set, run.outputs, hooks)
        if bench_set.name == "rd":
            sr.title = _title_share(bench_set, run.outputs)
        result.systems.append(sr)
    result.timing = [_system_result(run) for run in timing]
    if bench_set.name == "rd" and hooks.structure is not None and runs:
        result.structure, result.structure_failures = _structure_shares(
            bench_set, runs[0].outputs, hooks.structure)
    if runs:
        result.page_flags = _page_flags(bench_set, runs[0].outputs)
    return result


def _page_flags(bench_set: BenchSet, outputs: list[Output]) -> dict[str, list[str]] | None:
    """Flags of the pages that have any (``evaluation.pageflags``), by page id."""
    flags_of = _optional("mainmark.evaluation.pageflags", "page_flags")
    if flags_of is None:
        return None
    out: dict[str, list[str]] = {}
    for page, output in zip(bench_set.pages, outputs, strict=True):
        try:
            flags = flags_of(page.reference, output.markdown, text=output.text,
                             is_html=bench_set.name == "rd")
        except Exception:  # a flag bug on one page must not sink the report
            flags = ["flag_error"]
        if flags:
            out[page.id] = list(flags)
    return out


def _system_result(run: SystemRun) -> SystemResult:
    return SystemResult(run.system, len(run.outputs), run.errors, run.empty, run.seconds,
                        error_samples=list(run.error_samples))


def _metadata_shares(bench_set: BenchSet, outputs: list[Output],
                     hooks: _Hooks) -> dict[str, tuple[int, int]] | None:
    scorer = hooks.meta.get(bench_set.name) if hooks.meta else None
    if scorer is None:
        return None
    tally = Tally()
    for page, output in zip(bench_set.pages, outputs, strict=True):
        try:
            tally.add_flags(scorer(page.annotation, output.metadata or Metadata()))
        except Exception:  # a scorer bug on one page must not sink the report
            tally.failures += 1
    return tally.shares()


def _title_share(bench_set: BenchSet, outputs: list[Output]) -> tuple[int, int]:
    tally = Tally()
    for page, output in zip(bench_set.pages, outputs, strict=True):
        got = output.metadata.title if output.metadata else None
        tally.add_flags({"title": title_agrees(page.annotation.get("title"), got)})
    return tally.shares().get("title", (0, 0))


def _structure_shares(bench_set: BenchSet, outputs: list[Output],
                      structure_counts: Callable[..., Any]) -> tuple[dict[str, tuple[int, int]],
                                                                      int]:
    tally = Tally()
    for page, output in zip(bench_set.pages, outputs, strict=True):
        try:
            counts = structure_counts(page.reference, output.markdown)
            for key, (found, total) in dict(counts).items():
                tally.add(str(key), int(found), int(total))
        except Exception:  # counted and shown next to the figures
            tally.failures += 1
    return tally.shares(), tally.failures


def _progress(message: str) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"mainmark eval: {message}\n")


