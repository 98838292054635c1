"""A process pool that keeps input order, bounds memory and survives stuck pages.

Why not ``concurrent.futures``: a worker stuck inside C code (a pathological page
in libxml2) cannot be interrupted, and killing it breaks an executor for good.
Here each worker has its own pipe; the parent hands an idle worker a small batch,
receives one message per page, and a watchdog kills a worker that has been silent
past the page budget, records that page as a ``timeout`` and starts a fresh worker
for the rest of the batch. Inside the worker the cheaper guard runs first:
:func:`~mainmark.ingest.budget.time_limit` interrupts Python code once the page
has used its CPU budget. The watchdog counts wall time, generously (a loaded
machine stretches wall time, and the watchdog only exists for pages stuck in C).

Order and memory: pages are numbered as they are read, results wait in a reorder
buffer until all earlier ones are out, and no page is read further than ``window``
ahead of the oldest unfinished one, so memory does not grow with the input.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from mainmark.errors import MainmarkError
from mainmark.ingest.records import (
    Location,
    Outcome,
    PageRecord,
    Reason,
    _discard,
    process_record,
    timeout_detail,
)
from mainmark.options import Options
from mainmark.tuning import ProcessTuning, set_tuning
from mainmark.tuning import current as current_tuning

_READY = "ready"
_POLL_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class PoolSettings:
    options: Options
    workers: int
    max_bytes: int
    page_timeout: float | None
    batch_size: int = 8
    #: Wall seconds of silence beyond twice the budget before the watchdog kills.
    watchdog_grace: float = 10.0
    #: The process-wide tuning the workers run with: the parent's when the pool is made
    #: (a worker is the pool's own process, but it acts for whoever started the pool).
    tuning: ProcessTuning = field(default_factory=current_tuning)

    @property
    def window(self) -> int:
        return self.workers * self.batch_size * 4

    @property
    def hard_limit(self) -> float | None:
        """Silence after which the watchdog kills a worker: the CPU budget wins first
        for anything that runs Python code."""
        if not self.page_timeout:
            return None
        return 2 * self.page_timeout + self.watchdog_grace


def _worker_main(conn: Connection, settings: PoolSettings) -> None:
    """Worker loop: warm up, then process batches until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    set_tuning(settings.tuning)
    warm_up(settings.options)
    conn.send(_READY)
    while True:
        try:
            batch = conn.recv()
        except EOFError:
            return
        if batch is None:
            return
        for seq, record in batch:
            outcome = process_record(record, settings.options, max_bytes=settings.max_bytes,
                                     time_budget=settings.page_timeout)
            conn.send((seq, outcome))


def warm_up(options: Options) -> None:
    """Import every stage and load the tokenizer outside any page's time budget, so a
    first page is not charged for it and no alarm can land inside an import."""
    warm = PageRecord(None, b"<html><body><p>warm up</p></body></html>",
                      Location("<warm-up>"), 0, "")
    process_record(warm, options, time_budget=None)


def _context() -> Any:
    """forkserver where it exists: workers fork from a clean, single-threaded server
    that imported mainmark once (so a worker starts in milliseconds, and nothing the
    parent did, such as starting threads, leaks into it); spawn elsewhere."""
    if "forkserver" not in mp.get_all_start_methods():
        return mp.get_context("spawn")
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["mainmark.ingest.pool"])
    return ctx


@dataclass(slots=True)
class _Worker:
    process: Any
    conn: Connection
    ready: bool = False
    inflight: deque[tuple[int, PageRecord]] = field(default_factory=deque)
    since: float = 0.0


class OrderedPool:
    """``imap`` over page records with worker processes; outcomes come in input order."""

    def __init__(self, settings: PoolSettings) -> None:
        self.settings = settings
        self._ctx = _context()
        self._workers: list[_Worker] = []
        self.respawned = 0

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_worker_main, args=(child, self.settings),
                                    daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def imap(self, records: Iterable[PageRecord],
             stop: Callable[[], bool] = lambda: False) -> Iterator[Outcome]:
        """Process ``records``; stops early (without error) when ``stop()`` turns true."""
        self._workers = [self._spawn() for _ in range(max(1, self.settings.workers))]
        source = enumerate(records)
        requeue: deque[tuple[int, PageRecord]] = deque()
        done: dict[int, Outcome] = {}
        state = {"next_out": 0, "read": 0, "exhausted": False}
        try:
            while not stop():
                self._dispatch(source, requeue, state)
                busy = [w for w in self._workers if w.inflight or not w.ready]
                if state["exhausted"] and not requeue and not any(w.inflight for w in busy):
                    break
                self._collect(busy, done, requeue)
                while state["next_out"] in done:
                    yield done.pop(state["next_out"])
                    state["next_out"] += 1
        finally:
            self.close()

    def _dispatch(self, source: Iterator[tuple[int, PageRecord]],
                  requeue: deque[tuple[int, PageRecord]], state: dict[str, Any]) -> None:
        for worker in self._workers:
            if not worker.ready or worker.inflight:
                continue
            batch: list[tuple[int, PageRecord]] = []
            while requeue and len(batch) < self.settings.batch_size:
                batch.append(requeue.popleft())
            limit = state["next_out"] + self.settings.window
            while (len(batch) < self.settings.batch_size and not state["exhausted"]
                   and state["read"] < limit):
                item = next(source, None)
                if item is None:
                    state["exhausted"] = True
                    break
                batch.append(item)
                state["read"] += 1
            if not batch:
                return
            worker.inflight.extend(batch)
            worker.since = time.monotonic()
            worker.conn.send(batch)

    def _collect(self, busy: list[_Worker], done: dict[int, Outcome],
                 requeue: deque[tuple[int, PageRecord]]) -> None:
        by_conn = {id(w.conn): w for w in busy}
        for conn in wait([w.conn for w in busy], timeout=_POLL_SECONDS):
            worker = by_conn[id(conn)]
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                self._replace(worker, done, requeue, Reason.EXTRACTOR_ERROR,
                              f"worker process died (exit code {worker.process.exitcode})")
                continue
            worker.since = time.monotonic()
            if message == _READY:
                worker.ready = True
                continue
            seq, outcome = message
            worker.inflight.popleft()
            done[seq] = outcome
        limit = self.settings.hard_limit
        if limit is None:
            return
        now = time.monotonic()
        for worker in busy:
            if worker.ready and worker.inflight and now - worker.since > limit:
                self._replace(worker, done, requeue, Reason.TIMEOUT,
                              timeout_detail(self.settings.page_timeout))

    def _replace(self, worker: _Worker, done: dict[int, Outcome],
                 requeue: deque[tuple[int, PageRecord]], reason: Reason, detail: str) -> None:
        """Kill ``worker``, charge its current page, and give its other pages to a new one."""
        if not worker.ready:
            raise MainmarkError(f"a batch worker failed to start ({detail})")
        worker.process.kill()
        worker.process.join()
        worker.conn.close()
        if worker.inflight:
            seq, record = worker.inflight.popleft()
            done[seq] = _discard(record, reason, detail)
            requeue.extendleft(reversed(worker.inflight))
        self._workers[self._workers.index(worker)] = self._spawn()
        self.respawned += 1

    def close(self) -> None:
        """Stop every worker; safe to call twice."""
        for worker in self._workers:
            with contextlib.suppress(OSError, ValueError):  # already gone
                worker.conn.send(None)
        deadline = time.monotonic() + 2.0
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self._workers = []
