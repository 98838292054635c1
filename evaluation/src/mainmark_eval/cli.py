"""``mainmark eval DIR``: the flags of the benchmark scorer in :mod:`mainmark_eval.bench`.

A subcommand of ``mainmark`` found by :func:`mainmark.cli.main` when this package is
installed beside mainmark (``pip install ./evaluation`` from the repository)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mainmark.cli.flags import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    DefaultsFormatter,
    add_option_arguments,
    options_from_args,
)
from mainmark_eval.bench import evaluate_bench
from mainmark_eval.datasets import BENCH_LAYOUT, SETS, available_sets
from mainmark_eval.report import Report, format_markdown, format_text, to_json
from mainmark_eval.runner import CompareUnavailable


class _LayoutFormatter(argparse.RawDescriptionHelpFormatter, DefaultsFormatter):
    """Flag defaults as everywhere, and the layout epilog with its line breaks kept."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The eval flags plus the extraction options, with links inline by default.

    Structure recall reads link targets off the markdown, so the scored markdown keeps
    them inline unless the caller chooses otherwise.
    """
    p.formatter_class = _LayoutFormatter
    p.epilog = "folder layout (see docs/eval.md):\n" + BENCH_LAYOUT
    p.add_argument("bench", metavar="DIR",
                   help="benchmark folder, laid out as shown below (docs/eval.md)")
    p.add_argument("--sets", default=None,
                   help=f"comma-separated sets to score (default: those of {','.join(SETS)} "
                        "present in DIR)")
    p.add_argument("--compare", choices=("trafilatura",),
                   help="also time and score this extractor on the same pages (extra: compare)")
    p.add_argument("--limit", type=int, help="score only the first N pages of each set")
    p.add_argument("--json", action="store_true", help="print the full report as JSON")
    p.add_argument("--format", choices=("text", "markdown"), default="text",
                   help="table format when not --json")
    p.add_argument("--no-chunk-timing", action="store_true",
                   help="skip the extra sh timing run with chunking on")
    add_option_arguments(p)
    # Structure recall reads link targets and image alts off the markdown's own syntax:
    # score the markdown with its links inline unless asked otherwise.
    p.set_defaults(links="inline")


def _print_notes(report: Report) -> None:
    """Load problems and error samples go to stderr, before the table."""
    for result in report.sets:
        if result.problems:
            sys.stderr.write(f"{result.name}: {len(result.problems)} pages not loaded, e.g. "
                             f"{result.problems[0]}\n")
        for sr in [*result.systems, *result.timing]:
            for sample in sr.error_samples[:2]:
                sys.stderr.write(f"{result.name} {sr.system} error: {sample}\n")


def run(args: argparse.Namespace) -> int:
    """Score the chosen sets and print the table; the exit code tells usage from input faults.

    Unknown set names and an unavailable ``--compare`` extractor are usage errors; a set
    named but absent from DIR, or a folder that cannot be read, is bad input. Notes go to
    stderr before the table so the table stays the tail of the output.
    """
    root = Path(args.bench)
    chosen = args.sets if args.sets is not None else ",".join(available_sets(root) or SETS)
    names = [s.strip() for s in str(chosen).split(",") if s.strip()]
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
