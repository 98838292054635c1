"""``mainmark batch INPUT... --out DIR``: many pages to documents, chunks and discards.

The command only wires the pieces of :mod:`mainmark.ingest` together: sources
stream page records, finished pages are filtered out when resuming, the ordered
pool extracts, the sink writes, the tally counts.

A run holds the lock of its output directory (:mod:`mainmark.ingest.lock`) from before
it looks at the directory until it ends, so two runs never append to one directory.

Ctrl-C and SIGTERM, for the duration of the run only (the handlers before it are put
back after), end it cleanly on the first signal: no new page is started, a fetch
waiting out a delay gives up, each worker finishes the page it is on, and every page
finished is written, whole. The run returns with ``interrupted`` set (exit 130 for
SIGINT, 143 for SIGTERM), a ``--resume`` away from completion. A second signal ends it
at once: pages still in a worker are dropped, the files stay whole and resumable.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from types import FrameType

from mainmark.chunks.tokens import get_tokenizer
from mainmark.errors import InputError, MissingExtraError
from mainmark.ingest.fetch import Fetcher, FetchSettings, is_url
from mainmark.ingest.lock import OutputLock
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.progress import ProgressBar, Tally
from mainmark.ingest.records import (
    DEFAULT_MAX_PAGE_BYTES,
    DEFAULT_PAGE_TIMEOUT,
    Location,
    PageRecord,
)
from mainmark.ingest.resume import load_done, repair, resume_key
from mainmark.ingest.sitemaps import SitemapWalk
from mainmark.ingest.sources import Kind, expand_inputs, iter_pages
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

EXIT_OK, EXIT_BAD_INPUT = 0, 1
#: Stopped by a signal: 128 + its number, as a shell reports it (SIGINT 130, SIGTERM 143).
EXIT_INTERRUPTED, EXIT_TERMINATED = 128 + signal.SIGINT, 128 + signal.SIGTERM
#: A write failed (full disk, vanished folder): the run stops, resumable (EX_IOERR).
EXIT_WRITE_FAILED = 74
#: Another run holds the output directory (EX_TEMPFAIL: try again when it has ended).
EXIT_LOCKED = 75
#: The signals that end a run cleanly.
_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


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
    #: The signal that stopped the run (``interrupted`` with none: SIGINT is assumed).
    stopped_by: int | None = None

    @property
    def pages_in(self) -> int:
        """Every page read: the sum the summary states, for a caller to check against its input."""
        return self.documents + self.discards + self.skipped

    @property
    def exit_code(self) -> int:
        """0 for a finished run, else 128 + the signal that stopped it (130 for Ctrl-C).

        Shell convention, so a supervisor can tell a stopped run, which ``--resume`` finishes,
        from a finished one.
        """
        if not self.interrupted:
            return EXIT_OK
        return 128 + self.stopped_by if self.stopped_by else EXIT_INTERRUPTED


def run_batch(inputs: Sequence[str], settings: BatchSettings, options: Options | None = None,
              *, urls: Iterable[str] = (), sitemaps: Sequence[str] = ()) -> BatchResult:
    """Extract every page of ``inputs`` (files, directories, globs, http(s) URLs), of
    ``urls`` and of the ``sitemaps`` into ``settings.out``: ``mainmark batch`` as a call.

    Raises :class:`~mainmark.errors.InputError` before anything is written when an input
    names nothing, a root sitemap cannot be read, or ``out`` holds an earlier run and
    neither ``resume`` nor ``overwrite`` is set; :class:`~mainmark.ingest.lock.OutputLocked`
    (an ``InputError``) when another live run holds ``out``.
    """
    opts = options or DEFAULT_OPTIONS
    get_tokenizer(opts.tokenizer)  # fail here, once, rather than in every worker
    _check_settings(settings)
    paths = [i for i in inputs if not is_url(i)]
    files = expand_inputs(paths, exclude=settings.out) if paths else []
    page_urls = [*(i for i in inputs if is_url(i)), *urls]
    created = not os.path.isdir(settings.out)
    os.makedirs(settings.out, exist_ok=True)
    try:
        with OutputLock(settings.out):
            _check_out(settings)
            return _run_locked(files, page_urls, sitemaps, settings, opts)
    finally:
        if created:  # refused before writing anything: leave no empty folder behind
            with contextlib.suppress(OSError):
                os.rmdir(settings.out)


def _run_locked(files: list[tuple[str, Kind]], page_urls: list[str], sitemaps: Sequence[str],
                settings: BatchSettings, options: Options) -> BatchResult:
    halt = threading.Event()  # set by the first Ctrl-C / SIGTERM, and when the run ends
    fetcher = _fetcher(settings, halt) if page_urls or sitemaps else None
    walks: list[SitemapWalk] = []
    try:
        records: Iterable[PageRecord] = iter_pages(files, max_bytes=settings.max_page_bytes)
        fetch = None
        urls: Iterable[str | PageRecord] = page_urls
        if fetcher is not None:
            # Every root sitemap is fetched and checked now (bad input stops the run before
            # it writes); their pages are then read as the fetching goes, never all at once.
            walks.extend(fetcher.sitemap_pages(sitemap) for sitemap in sitemaps)
            fetch, urls = fetcher.fetch_all, chain(page_urls, *walks)
        return _run(records, settings, options, halt, fetch=fetch, urls=urls)
    finally:
        halt.set()  # a fetch still waiting out a delay gives up now
        for walk in walks:
            walk.close()
        if fetcher is not None:
            fetcher.close()


class _Halted(BaseException):
    """Raised inside a fetch thread waiting out a delay when the run ends: not an
    ``Exception``, so no fetch turns it into a discard; the record is never read."""


def _fetcher(settings: BatchSettings, halt: threading.Event) -> Fetcher:
    """The run's fetcher; a body over the batch's page cap is not downloaded at all, and
    a wait between two requests to a host ends when the run does (a Crawl-delay of a
    day must not hold a stopped run)."""

    def sleep(seconds: float) -> None:
        if halt.wait(seconds):
            raise _Halted

    cap = min(settings.fetch.max_bytes, settings.max_page_bytes)
    return Fetcher(dataclasses.replace(settings.fetch, max_bytes=cap), sleep=sleep)


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


def _run(records: Iterable[PageRecord], settings: BatchSettings, options: Options,
         halt: threading.Event, *,
         fetch: Callable[[Iterable[str | PageRecord]], Iterable[PageRecord]] | None = None,
         urls: Iterable[str | PageRecord] = ()) -> BatchResult:
    done: set[bytes] = set()
    if settings.resume:
        repair(settings.out, settings.format)
        done = load_done(settings.out, settings.format)
    sink: Sink = (ParquetSink if settings.format == "parquet" else JsonlSink)(
        settings.out, append=settings.resume)
    pool = PoolSettings(options, settings.workers, settings.max_page_bytes,
                        settings.page_timeout, settings.batch_size)
    tally = Tally()
    if fetch is not None:  # URLs after the files; a finished URL is skipped unfetched
        records = chain(records, fetch(_unfetched(urls, done, tally)))
    show = settings.progress == "always" or (settings.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr, tally, enabled=show)
    with _StopSignals(halt) as signals:
        try:
            for outcome in OrderedPool(pool).imap(_not_done(records, done, tally),
                                                  stop=halt.is_set, abort=signals.aborted):
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
    stopped = signals.received is not None
    return BatchResult(tally.documents, tally.discards, tally.skipped, tally.chunks,
                       dict(tally.reasons), stopped, tally.summary(interrupted=stopped),
                       signals.received)


def _not_done(records: Iterable[PageRecord], done: set[bytes], tally: Tally
              ) -> Iterator[PageRecord]:
    for record in records:
        if done and resume_key(record.location) in done:
            tally.skipped += 1
            continue
        yield record


def _unfetched(urls: Iterable[str | PageRecord], done: set[bytes], tally: Tally
               ) -> Iterator[str | PageRecord]:
    """The URLs a resumed run still has to fetch: a page already written is known by its
    URL (its location), so it is skipped before any request, not downloaded again. A
    record among them (a sitemap entry refused before fetching) is known by its own."""
    for url in urls:
        location = url.location if isinstance(url, PageRecord) else Location(url)
        if done and resume_key(location) in done:
            tally.skipped += 1
            continue
        yield url


class _StopSignals:
    """SIGINT and SIGTERM as flags for the duration of a run (main thread only; the
    handlers found are put back on exit, so the caller's process is left as it was).

    The handler only sets flags: the first signal sets ``halt`` (stop taking pages), a
    second one asks to abort. Nothing is raised from inside the handler, so no signal
    can land half-way through writing a page.
    """

    def __init__(self, halt: threading.Event) -> None:
        self._halt = halt
        self._previous: dict[int, object] = {}
        self.received: int | None = None
        self._abort = False

    def aborted(self) -> bool:
        return self._abort

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signum
            self._halt.set()
        else:
            self._abort = True

    def __enter__(self) -> _StopSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in _STOP_SIGNALS:
                self._previous[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)  # type: ignore[arg-type]
        self._previous.clear()
