"""``mainmark batch INPUT... --out DIR``: the flags of :func:`mainmark.ingest.run.run_batch`."""

from __future__ import annotations

import argparse
import os
import re

from mainmark.cli.flags import add_option_arguments, options_from_args
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES, DEFAULT_PAGE_TIMEOUT
from mainmark.ingest.run import BatchSettings, run_batch

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*$", re.IGNORECASE)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="HTML files or directories (.gz ok), globs, JSONL, WARC/WARC.gz")
    p.add_argument("--out", required=True, metavar="DIR", help="output directory")
    p.add_argument("--format", choices=("jsonl", "parquet"), default="jsonl",
                   help="documents/chunks as JSONL, or Parquet (needs pyarrow)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: all cores)")
    p.add_argument("--page-timeout", type=float, default=DEFAULT_PAGE_TIMEOUT,
                   metavar="SECONDS", help="CPU-time budget per page (default 30); 0 disables it")
    p.add_argument("--max-page-bytes", type=_size, default=DEFAULT_MAX_PAGE_BYTES,
                   metavar="SIZE", help="larger pages become too_large discards (default 16M)")
    p.add_argument("--resume", action="store_true",
                   help="skip pages already in --out (same url and content hash)")
    p.add_argument("--batch-size", type=int, default=8, help="pages handed to a worker at once")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="progress line on stderr (auto: only on a terminal)")
    add_option_arguments(p)



def _size(text: str) -> int:
    match = _SIZE.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 16M, 500K, 1048576)")
    scale = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[match.group(2).lower()]
    return max(1, int(float(match.group(1)) * scale))



def run(args: argparse.Namespace) -> int:
    settings = BatchSettings(
        out=args.out, format=args.format, workers=args.workers,
        page_timeout=args.page_timeout or None, max_page_bytes=args.max_page_bytes,
        resume=args.resume, batch_size=args.batch_size, progress=args.progress,
    )
    return run_batch(args.inputs, settings, options_from_args(args))
