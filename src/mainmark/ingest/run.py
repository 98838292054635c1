"""``mainmark batch INPUT... --out DIR``: many pages to documents, chunks and discards.

The command only wires the pieces of :mod:`mainmark.ingest` together: sources
stream page records, finished pages are filtered out when resuming, the ordered
pool extracts, the sink writes, the tally counts. Ctrl-C sets a flag that the loop
checks between pages, so an interrupted run stops on a page boundary with every
file valid and a ``--resume`` away from completion.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import os
import signal
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from types import FrameType

from mainmark.chunks.tokens import get_tokenizer
from mainmark.errors import InputError, MissingExtraError
from mainmark.ingest.fetch import Fetcher, FetchSettings, is_url
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.progress import ProgressBar, Tally
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES, DEFAULT_PAGE_TIMEOUT, PageRecord
from mainmark.ingest.resume import load_done, repair, resume_key
from mainmark.ingest.sources import expand_inputs, iter_pages
from mainmark.ingest.writers import (
    CHUNKS,
    DISCARDS,
    DOCUMENTS,
    JsonlSink,
    ParquetSink,
    Sink,
    parquet_run_files,
)
from mainmark.options import DEFAULT_OPTIONS, Options

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 130
#: A write failed (full disk, vanished folder): the run stops, resumable (EX_IOERR).
EXIT_WRITE_FAILED = 74


@dataclass(frozen=True, slots=True)
class BatchSettings:
    """How a batch run reads, schedules and writes; extraction itself is :class:`Options`.

    ``resume`` continues the run already in ``out`` (pages done are skipped);
    ``overwrite`` replaces it; with neither, a folder holding a run is refused.
    ``fetch`` is how URL inputs are fetched (polite defaults).
    """

    out: str
    format: str = "jsonl"
    workers: int = 1
    page_timeout: float | None = DEFAULT_PAGE_TIMEOUT
    max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES
    resume: bool = False
    overwrite: bool = False
    batch_size: int = 8
    progress: str = "never"
    fetch: FetchSettings = field(default_factory=FetchSettings)


@dataclass(frozen=True, slots=True)
class BatchResult:
    """What a run did: pages in = documents + discards + skipped (already done)."""

    documents: int
    discards: int
    skipped: int
    chunks: int
    reasons: dict[str, int]
    interrupted: bool
    summary: str

    @property
    def pages_in(self) -> int:
        return self.documents + self.discards + self.skipped

    @property
    def exit_code(self) -> int:
        return EXIT_INTERRUPTED if self.interrupted else EXIT_OK


def run_batch(inputs: Sequence[str], settings: BatchSettings, options: Options | None = None,
              *, urls: Iterable[str] = (), sitemaps: Sequence[str] = ()) -> BatchResult:
    """Extract every page of ``inputs`` (files, directories, globs, http(s) URLs), of
    ``urls`` and of the ``sitemaps`` into ``settings.out``: ``mainmark batch`` as a call.

    Raises :class:`~mainmark.errors.InputError` before anything is written when an input
    names nothing, a root sitemap cannot be read, or ``out`` holds an earlier run and
    neither ``resume`` nor ``overwrite`` is set.
    """
    opts = options or DEFAULT_OPTIONS
    get_tokenizer(opts.tokenizer)  # fail here, once, rather than in every worker
    _check_settings(settings)
    paths = [i for i in inputs if not is_url(i)]
    files = expand_inputs(paths, exclude=settings.out) if paths else []
    page_urls = [*(i for i in inputs if is_url(i)), *urls]
    _check_out(settings)
    fetcher = _fetcher(settings) if page_urls or sitemaps else None
    try:
        if fetcher is not None:
            for sitemap in sitemaps:
                page_urls.extend(fetcher.sitemap_urls(sitemap))
        records: Iterable[PageRecord] = iter_pages(files, max_bytes=settings.max_page_bytes)
        if fetcher is not None and page_urls:
            records = chain(records, fetcher.fetch_all(page_urls))
        return _run(records, settings, opts)
    finally:
        if fetcher is not None:
            fetcher.close()


def _fetcher(settings: BatchSettings) -> Fetcher:
    """The run's fetcher; a body over the batch's page cap is not downloaded at all."""
    cap = min(settings.fetch.max_bytes, settings.max_page_bytes)
    return Fetcher(dataclasses.replace(settings.fetch, max_bytes=cap))


def _check_settings(settings: BatchSettings) -> None:
    if settings.workers < 1 or settings.batch_size < 1:
        raise InputError("--workers and --batch-size must be at least 1")
    if settings.resume and settings.overwrite:
        raise InputError("--resume and --overwrite exclude each other")
    if settings.format not in ("jsonl", "parquet"):
        raise InputError(f"format must be 'jsonl' or 'parquet', not {settings.format!r}")
    if settings.format == "parquet" and importlib.util.find_spec("pyarrow") is None:
        raise MissingExtraError("--format parquet needs pyarrow: pip install 'mainmark[parquet]'")


def earlier_run(out: str) -> list[str]:
    """The files of an earlier run in ``out`` (empty when there is none)."""
    names = [f"{n}.jsonl" for n in (DOCUMENTS, CHUNKS, DISCARDS)]
    found = [os.path.join(out, n) for n in names if os.path.exists(os.path.join(out, n))]
    return found + parquet_run_files(out)  # parts, and a killed run's journals


def _check_out(settings: BatchSettings) -> None:
    """Refuse to mix a new run into an old one; with ``overwrite``, clear the old one."""
    previous = earlier_run(settings.out)
    if previous and not (settings.resume or settings.overwrite):
        raise InputError(
            f"{settings.out} holds an earlier run ({os.path.basename(previous[0])}): "
            "pass --resume to continue it or --overwrite to replace it "
            "(resume=True / overwrite=True in Python)")
    if settings.overwrite:
        for path in previous:
            os.remove(path)


def _run(records: Iterable[PageRecord], settings: BatchSettings, options: Options
         ) -> BatchResult:
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
    with _InterruptFlag() as interrupted:
        try:
            for outcome in OrderedPool(pool).imap(_not_done(records, done, tally),
                                                  stop=interrupted.is_set):
                sink.write(outcome)
                tally.add(outcome)
                bar.update()
        except OSError:  # a full disk: closing fails too, and must not hide the first error
            with contextlib.suppress(OSError):
                sink.close()
            raise
        else:
            sink.close()
        finally:
            bar.finish()
    stopped = interrupted.is_set()
    return BatchResult(tally.documents, tally.discards, tally.skipped, tally.chunks,
                       dict(tally.reasons), stopped, tally.summary(interrupted=stopped))


def _not_done(records: Iterable[PageRecord], done: set[bytes], tally: Tally
              ) -> Iterator[PageRecord]:
    for record in records:
        if done and resume_key(record.location) in done:
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
