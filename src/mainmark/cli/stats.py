"""``mainmark stats OUT_DIR``: the figures of :mod:`mainmark.ingest.stats` for a batch output."""

from __future__ import annotations

import argparse
import json
import sys

from mainmark.cli.flags import EXIT_BAD_INPUT, EXIT_OK
from mainmark.errors import InputError
from mainmark.ingest.stats import batch_stats, format_stats


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The stats flags: the output folder of a batch and the choice of JSON."""
    p.add_argument("out_dir", metavar="OUT_DIR", help="a directory written by mainmark batch")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    """Print a batch folder's figures; a folder that is not a batch output exits 1."""
    try:
        stats = batch_stats(args.out_dir)
    except (InputError, ValueError) as exc:  # not a batch output, or a corrupt line
        sys.stderr.write(f"mainmark stats: {exc}\n")
        return EXIT_BAD_INPUT
    sys.stdout.write(json.dumps(stats, indent=2) + "\n" if args.json else format_stats(stats))
    return EXIT_OK
