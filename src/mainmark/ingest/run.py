"""``mainmark batch INPUT... --out DIR``: many pages to documents, chunks and discards.

The command only wires the pieces of :mod:`mainmark.ingest` together: sources
stream page records, finished pages are filtered out when resuming, the ordered
pool extracts, the sink writes, the tally counts. Ctrl-C sets a flag that the loop
checks between pages, so an interrupted run stops on a page boundary with every
file valid and a ``--resume`` away from completion.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import FrameType

from mainmark.chunks.tokens import get_tokenizer
from mainmark.errors import InputError
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.progress import ProgressBar, Tally
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES, DEFAULT_PAGE_TIMEOUT, PageRecord
from mainmark.ingest.resume import load_done, repair, resume_key
from mainmark.ingest.sources import expand_inputs, iter_pages
from mainmark.ingest.writers import JsonlSink, ParquetSink, Sink
from mainmark.options import Options

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 130


@dataclass(frozen=True, slots=True)
class BatchSettings:
    """How a batch run reads, schedules and writes; extraction itself is :class:`Options`."""

    out: str
    format: str = "jsonl"
    workers: int = 1
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT
    max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES
    resume: bool = False
    batch_size: int = 8
    progress: str = "never"


def run_batch(inputs: Sequence[str], settings: BatchSettings, options: Options) -> int:
    """Extract every page of ``inputs`` into ``settings.out``; returns the process exit code."""
    get_tokenizer(options.tokenizer)  # fail here, once, rather than in every worker
    get_tokenizer(options.tokenizer)  # fail here, once, rather than in every worker
    try:
        files = expand_inputs(inputs, exclude=settings.out)
    except InputError as exc:
        sys.stderr.write(f"mainmark batch: {exc}\n")
        return EXIT_BAD_INPUT
    if settings.workers < 1 or settings.batch_size < 1:
        sys.stderr.write("mainmark batch: --workers and --batch-size must be at least 1\n")
        return EXIT_BAD_INPUT
    if settings.format == "parquet" and importlib.util.find_spec("pyarrow") is None:
        sys.stderr.write("mainmark batch: --format parquet needs pyarrow: "
                         "pip install 'mainmark[parquet]'\n")
        return EXIT_BAD_INPUT
    os.makedirs(settings.out, exist_ok=True)
    done: set[bytes] = set()
    if settings.resume:
        repair(settings.out, settings.format)
        done = load_done(settings.out, settings.format)
    sink: Sink = (ParquetSink if settings.format == "parquet" else JsonlSink)(
        settings.out, append=settings.resume)
    pool = PoolSettings(options, settings.workers, settings.max_page_bytes,
                            settings.page_timeout, settings.batch_size)
    tally = Tally()
    show = settings.progress == "always" or (settings.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr, tally, enabled=show)
    records = _not_done(iter_pages(files, max_bytes=settings.max_page_bytes), done, tally)
    with _InterruptFlag() as interrupted:
        try:
            for outcome in OrderedPool(pool).imap(records, stop=interrupted.is_set):
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
