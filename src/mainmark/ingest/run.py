"""``mainmark batch INPUT... --out DIR``: many pages to documents, chunks and discards.

The command only wires the pieces of :mod:`mainmark.ingest` together: sources
stream page records, finished pages are filtered out when resuming, the ordered
pool extracts, the sink writes, the tally counts. Ctrl-C sets a flag that the loop
checks between pages, so an interrupted run stops on a page boundary with every
file valid and a ``--resume`` away from completion.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import signal
import sys
import threading
from collections.abc import Iterable, Iterator
from types import FrameType

from mainmark.errors import InputError
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.progress import ProgressBar, Tally
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES, DEFAULT_PAGE_TIMEOUT, PageRecord
from mainmark.ingest.resume import load_done, repair, resume_key
from mainmark.ingest.sources import expand_inputs, iter_pages
from mainmark.ingest.writers import JsonlSink, ParquetSink, Sink

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 130
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*$", re.IGNORECASE)


def _size(text: str) -> int:
    match = _SIZE.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 16M, 500K, 1048576)")
    scale = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[match.group(2).lower()]
    return max(1, int(float(match.group(1)) * scale))


def add_arguments(p: argparse.ArgumentParser) -> None:
    from mainmark.cli.main import add_option_arguments

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


def run(args: argparse.Namespace) -> int:
    from mainmark.chunks.tokens import get_tokenizer
    from mainmark.cli.main import options_from_args

    options = options_from_args(args)
    get_tokenizer(options.tokenizer)  # fail here, once, rather than in every worker
    try:
        files = expand_inputs(args.inputs, exclude=args.out)
    except InputError as exc:
        sys.stderr.write(f"mainmark batch: {exc}\n")
        return EXIT_BAD_INPUT
    if args.workers < 1 or args.batch_size < 1:
        sys.stderr.write("mainmark batch: --workers and --batch-size must be at least 1\n")
        return EXIT_BAD_INPUT
    if args.format == "parquet" and importlib.util.find_spec("pyarrow") is None:
        sys.stderr.write("mainmark batch: --format parquet needs pyarrow: "
                         "pip install 'mainmark[parquet]'\n")
        return EXIT_BAD_INPUT
    os.makedirs(args.out, exist_ok=True)
    done: set[bytes] = set()
    if args.resume:
        repair(args.out, args.format)
        done = load_done(args.out, args.format)
    sink: Sink = (ParquetSink if args.format == "parquet" else JsonlSink)(
        args.out, append=args.resume)
    settings = PoolSettings(options, args.workers, args.max_page_bytes,
                            args.page_timeout or None, args.batch_size)
    tally = Tally()
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr, tally, enabled=show)
    records = _not_done(iter_pages(files, max_bytes=args.max_page_bytes), done, tally)
    with _InterruptFlag() as interrupted:
        try:
            for outcome in OrderedPool(settings).imap(records, stop=interrupted.is_set):
                sink.write(outcome)
                tally.add(outcome)
                bar.update()
        finally:
            sink.close()
            bar.finish()
    sys.stderr.write(tally.summary(interrupted=interrupted.is_set()))
    return EXIT_INTERRUPTED if interrupted.is_set() else EXIT_OK


def _not_done(records: Iterable[PageRecord], done: set[bytes], tally: Tally
              ) -> Iterator[PageRecord]:
    for record in records:
        if done and resume_key(record.url, record.content_sha256) in done:
            tally.skipped += 1
            continue
        yield record


class _InterruptFlag:
    """Turn SIGINT into a flag for the duration of a run (main thread only)."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._previous: object = None

    def is_set(self) -> bool:
        return self._event.is_set()

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self._event.is_set():  # a second Ctrl-C: the user means it
            raise KeyboardInterrupt
        self._event.set()

    def __enter__(self) -> _InterruptFlag:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._on_sigint)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)  # type: ignore[arg-type]
