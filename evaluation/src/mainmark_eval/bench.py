"""``mainmark eval DIR``: score mainmark (and optionally trafilatura) on a benchmark folder.

The folder follows ``../shared/bench/README.md`` (sets ``sh``, ``tr``, ``rd``, ``wx``) and
each set is scored with that README's metric, on ``Document.text`` (plain text: markdown
syntax inside a ``tr`` snippet would make it miss). Extraction runs with chunking off,
since chunks are not scored; for ``sh`` a second, unscored timing run with the
default options (chunking on) shows what chunking costs. All pages are read and
decompressed before any timing starts; only the extraction call is timed.

Where the folder has a ``check-split.json``, every figure is also given for the TUNE and
CHECK halves it defines (and, for ``wx``, per page type and half): CHECK is the number a
change must not lower, TUNE the pages one may study.

With ``--compare trafilatura`` both extractors run in the same process on the same
pages, interleaved page by page (see :mod:`mainmark_eval.runner`), and the
table gives the pages/s ratio per set.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mainmark.model import Metadata
from mainmark.options import Options
from mainmark_eval.datasets import BenchSet, Page, check_ids, load_set
from mainmark_eval.metrics import Metric, SetScore, Tally, make_metric, title_agrees
from mainmark_eval.report import (
    HALVES,
    HalfScore,
    Report,
    SetResult,
    Shares,
    SystemResult,
    TypeScore,
)
from mainmark_eval.runner import (
    CompareUnavailable,
    Output,
    SystemRun,
    mainmark_system,
    run_pages,
    trafilatura_system,
    warm_up,
)

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
    check = check_ids(root)
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
                                  [runs[s.name] for s in extra], hooks,
                                  check.get(bench_set.name)))
    return Report(str(root), SCORED, results, metadata_available=hooks.meta is not None,
                  structure_available=hooks.structure is not None, split=bool(check))


class _Hooks:
    """Scorers written in other modules, imported lazily so eval works without them."""

    def __init__(self, structure: Callable[..., Any] | None, meta: Any | None) -> None:
        self.structure = structure
        self.meta = meta

    @classmethod
    def load(cls) -> _Hooks:
        structure = _optional("mainmark_eval.structure", "structure_counts")
        meta_tr = _optional("mainmark_eval.meta", "score_tr_metadata")
        meta_rd = _optional("mainmark_eval.meta", "score_rd_metadata")
        meta_wx = _optional("mainmark_eval.meta", "score_wx_metadata")
        meta = ({"tr": meta_tr, "rd": meta_rd, "wx": meta_wx}
                if meta_tr and meta_rd and meta_wx else None)
        return cls(structure, meta)


def _optional(module: str, name: str) -> Callable[..., Any] | None:
    try:
        found = getattr(importlib.import_module(module), name)
    except Exception:  # absent, or broken mid-edit by its author: report "not available"
        return None
    return found if callable(found) else None


def _score_set(bench_set: BenchSet, runs: list[SystemRun], timing: list[SystemRun],
               hooks: _Hooks, in_check: frozenset[str] | None) -> SetResult:
    result = SetResult(bench_set.name, [], problems=list(bench_set.problems),
                       unscored=bench_set.unscored)
    halves = [_half(page, in_check) for page in bench_set.pages]
    for run in runs:
        sr = _system_result(run)
        sr.score, sr.halves, sr.types = _text_scores(bench_set, run.outputs, halves)
        sr.metadata, sr.metadata_halves = _metadata_shares(bench_set, run.outputs, halves,
                                                           hooks)
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
    flags_of = _optional("mainmark_eval.pageflags", "page_flags")
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


def _half(page: Page, in_check: frozenset[str] | None) -> str | None:
    """"check" or "tune" under the set's split; ``None`` when the folder has no split."""
    if in_check is None:
        return None
    return "check" if page.id in in_check else "tune"


def _groups(page: Page, half: str | None) -> list[tuple[str, ...]]:
    """The keys a page is scored under: the whole set, its half, its type and type x half."""
    keys: list[tuple[str, ...]] = [(), (half,)] if half else [()]
    if page.page_type:
        keys.extend((page.page_type, *k) for k in list(keys))
    return keys


def _text_scores(bench_set: BenchSet, outputs: list[Output], halves: list[str | None]
                 ) -> tuple[SetScore, dict[str, HalfScore], dict[str, TypeScore]]:
    """One metric accumulator per group: whole set, halves, page types, type x half."""
    metrics: dict[tuple[str, ...], Metric] = {(): make_metric(bench_set.name)}
    pages: dict[tuple[str, ...], int] = {}
    for page, output, half in zip(bench_set.pages, outputs, halves, strict=True):
        for key in _groups(page, half):
            if key not in metrics:
                metrics[key] = make_metric(bench_set.name)
            metrics[key].add(page, output.text)
            pages[key] = pages.get(key, 0) + 1

    def half_scores(*prefix: str) -> dict[str, HalfScore]:
        keys = {h: (*prefix, h) for h in HALVES}
        return {h: HalfScore(pages[k], metrics[k].score()) for h, k in keys.items()
                if k in metrics}

    kinds = sorted({key[0] for key in metrics if len(key) == 1 and key[0] not in HALVES})
    types = {k: TypeScore(pages[(k,)], metrics[(k,)].score(), half_scores(k)) for k in kinds}
    return metrics[()].score(), half_scores(), types


def _metadata_shares(bench_set: BenchSet, outputs: list[Output], halves: list[str | None],
                     hooks: _Hooks) -> tuple[Shares | None, dict[str, Shares]]:
    """Agreement over the whole set and per half; ``(None, {})`` without a scorer."""
    scorer = hooks.meta.get(bench_set.name) if hooks.meta else None
    if scorer is None:
        return None, {}
    tallies: dict[str | None, Tally] = {None: Tally()}
    by_half: dict[str, Shares]
    for page, output, half in zip(bench_set.pages, outputs, halves, strict=True):
        try:
            flags = scorer(page.annotation, output.metadata or Metadata())
        except Exception:  # a scorer bug on one page must not sink the report
            tallies[None].failures += 1
            continue
        tallies[None].add_flags(flags)
        if half is not None:
            tallies.setdefault(half, Tally()).add_flags(flags)
    by_half = {h: tallies[h].shares() for h in HALVES if h in tallies}
    return tallies[None].shares(), by_half


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


