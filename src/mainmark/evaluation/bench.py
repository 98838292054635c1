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

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mainmark.cli.main import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    add_option_arguments,
    options_from_args,
)
from mainmark.evaluation.datasets import SETS, BenchSet, available_sets, load_set
from mainmark.evaluation.metrics import Tally, make_metric, title_agrees
from mainmark.evaluation.report import (
    Report,
    SetResult,
    SystemResult,
    format_markdown,
    format_text,
    to_json,
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


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("bench", metavar="DIR", help="benchmark folder in the bench README layout")
    p.add_argument("--sets", default=",".join(SETS),
                   help="comma-separated sets to score (default: sh,tr,rd)")
    p.add_argument("--compare", choices=("trafilatura",),
                   help="also time and score this extractor on the same pages (extra: compare)")
    p.add_argument("--limit", type=int, help="score only the first N pages of each set")
    p.add_argument("--json", action="store_true", help="print the full report as JSON")
    p.add_argument("--format", choices=("text", "markdown"), default="text",
                   help="table format when not --json")
    p.add_argument("--no-chunk-timing", action="store_true",
                   help="skip the extra sh timing run with chunking on")
    add_option_arguments(p)


def run(args: argparse.Namespace) -> int:
    root = Path(args.bench)
    names = [s.strip() for s in str(args.sets).split(",") if s.strip()]
    unknown = [s for s in names if s not in SETS]
    if unknown or not names:
        sys.stderr.write(f"mainmark eval: unknown set(s) {', '.join(unknown) or '(none)'}; "
                         f"known: {', '.join(SETS)}\n")
        return EXIT_USAGE
    if args.limit is not None and args.limit < 1:
        sys.stderr.write("mainmark eval: --limit must be >= 1\n")
        return EXIT_USAGE
    present = available_sets(root)
    missing = [s for s in names if s not in present]
    if missing:
        sys.stderr.write(f"mainmark eval: no {', '.join(missing)} set under {root}\n")
        return EXIT_BAD_INPUT
    try:
        report = evaluate_bench(
            root, names, options=options_from_args(args, chunking=False),
            compare=args.compare, limit=args.limit, chunk_timing=not args.no_chunk_timing,
            chunk_options=options_from_args(args),
        )
    except CompareUnavailable as exc:
        sys.stderr.write(f"mainmark eval: {exc}\n")
        return EXIT_USAGE
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"mainmark eval: cannot read {root}: {exc}\n")
        return EXIT_BAD_INPUT
    _print_notes(report)
    if args.json:
        sys.stdout.write(to_json(report))
    elif args.format == "markdown":
        sys.stdout.write(format_markdown(report))
    else:
        sys.stdout.write(format_text(report))
    return EXIT_OK


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
    return result


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


def _print_notes(report: Report) -> None:
    """Load problems and error samples go to stderr, before the table."""
    for result in report.sets:
        if result.problems:
            sys.stderr.write(f"{result.name}: {len(result.problems)} pages not loaded, e.g. "
                             f"{result.problems[0]}\n")
        for sr in [*result.systems, *result.timing]:
            for sample in sr.error_samples[:2]:
                sys.stderr.write(f"{result.name} {sr.system} error: {sample}\n")
