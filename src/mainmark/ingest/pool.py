"""A process pool that keeps input order, bounds memory and survives stuck or dying workers.

Why not ``concurrent.futures``: a worker stuck inside C code (a pathological page
in libxml2) cannot be interrupted, and killing it breaks an executor for good; a
worker killed from outside (the OOM killer) breaks it too, and ``multiprocessing.Pool``
waits forever for the task it held. Here each worker has its own pipe; the parent
hands an idle worker a small batch, receives one message per page, and a watchdog
kills a worker that has been silent past the page budget, records that page as a
``timeout`` and starts a fresh worker for the rest of the batch. A worker that dies
(busy or idle) is replaced the same way: the page it was on becomes a
``worker_died`` discard, the rest of its batch goes to the new worker. Inside the
worker the cheaper guard runs first: :func:`~mainmark.ingest.budget.time_limit`
interrupts Python code once the page has used its CPU budget. The watchdog counts
wall time, generously (a loaded machine stretches wall time, and the watchdog only
exists for pages stuck in C).

Order and memory: pages are numbered as they are read, results wait in a reorder
buffer until all earlier ones are out, and no page is read further than ``window``
ahead of the oldest unfinished one, so memory does not grow with the input.

The input is read in a thread of its own (:class:`_Feed`), so the loop here never
blocks on a slow source (a fetch waiting out a crawl delay) and always sees a stop
request within a tenth of a second. Stopping (``stop()`` turns true) takes no new
page, asks each busy worker to end after the page it is on, and hands out every
page that finished, in input order where it can; the pages not started are simply
not answered (a ``--resume`` does them). ``abort()`` ends at once: busy workers are
killed and only the pages already finished come out.

The per-page work is a setting (:attr:`PoolSettings.task`), so the token-overhead
report runs on the same pool as ``mainmark batch``.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import queue
import signal
import socket
import threading
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

# Worker -> parent: warmed up; ended its batch early because the parent asked.
_READY, _STOPPED = "ready", "stopped"
# Parent -> worker: end the batch after the current page (None: exit).
_STOP = "stop"
_POLL_SECONDS = 0.1
#: Workers that may die before warming up, in a row, before the pool gives up: one
#: killed by the OOM killer while starting is replaced; a worker that can never start
#: (an import failing) must not be respawned forever.
_START_FAILURES = 3


def extract_task(record: PageRecord, settings: PoolSettings) -> Outcome:
    """The default task: one page to rows or a discard, under the page budget."""
    return process_record(record, settings.options, max_bytes=settings.max_bytes,
                          time_budget=settings.page_timeout)


def lost_discard(record: PageRecord, reason: Reason, detail: str) -> Outcome:
    """What stands for a page whose worker died or was killed by the watchdog."""
    return _discard(record, reason, detail)


@dataclass(frozen=True, slots=True)
class PoolSettings:
    """Everything a worker needs, picklable so it travels to each worker process whole."""

    options: Options
    workers: int
    max_bytes: int
    page_timeout: float | None
    batch_size: int = 8
    #: Wall seconds of silence beyond twice the budget before the watchdog kills.
    watchdog_grace: float = 10.0
    #: The work done on one page in a worker; a module-level function (it travels to
    #: the worker by name). Its result is what :meth:`OrderedPool.imap` yields.
    task: Callable[[PageRecord, PoolSettings], Any] = extract_task
    #: The result for a page the pool could not finish (its worker died or hung).
    lost: Callable[[PageRecord, Reason, str], Any] = lost_discard
    #: The process-wide tuning the workers run with: the parent's when the pool is made
    #: (a worker is the pool's own process, but it acts for whoever started the pool).
    tuning: ProcessTuning = field(default_factory=current_tuning)

    @property
    def window(self) -> int:
        """How far ahead of the oldest unfinished page the pool may read.

        Enough to keep every worker busy with whole batches while the reorder buffer waits on
        a slow page, and bounded so memory does not grow with the input.
        """
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
    # Ctrl-C and SIGTERM are the parent's business: it ends the run cleanly, and a
    # signal sent to the whole process group must not kill a page half done.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
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
        if batch == _STOP:
            conn.send(_STOPPED)
            continue
        for seq, record in batch:
            if conn.poll():  # mid-batch, only a stop (or exit) can arrive
                if conn.recv() is None:
                    return
                conn.send(_STOPPED)
                break
            conn.send((seq, settings.task(record, settings)))


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


def death_detail(exitcode: int | None) -> str:
    """How a worker ended, in words: a negative exit code is the signal that killed it."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"worker process died (killed by {name})"
    return f"worker process died (exit code {exitcode})"


_END = object()


class _Failed:
    """The source raised: the exception travels to the pool's loop and is raised there."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class _Feed:
    """The input, read in a thread of its own into a small queue.

    A socket pair wakes the pool's ``wait`` when a record arrives, so the loop sleeps
    on workers and input at once. ``stop`` makes the thread let go of the source at
    the next record; a source blocked inside a call (a fetch) ends when that call does.
    """

    def __init__(self, records: Iterable[PageRecord], size: int) -> None:
        self._records = records
        self._queue: queue.Queue[object] = queue.Queue(maxsize=max(1, size))
        self._stopped = threading.Event()
        self.waker, self._wake = socket.socketpair()
        self.waker.setblocking(False)
        self._wake.setblocking(False)
        self._thread = threading.Thread(target=self._read, name="mainmark-feed", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        iterator = iter(self._records)
        try:
            for record in iterator:
                if not self._put(record):
                    break
            else:
                self._put(_END)
        except BaseException as exc:  # re-raised in the pool's loop, where it belongs
            self._put(_Failed(exc))
        finally:
            close = getattr(iterator, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    close()

    def _put(self, item: object) -> bool:
        while not self._stopped.is_set():
            try:
                self._queue.put(item, timeout=_POLL_SECONDS)
            except queue.Full:
                continue
            with contextlib.suppress(OSError):  # a full socket buffer: already awake
                self._wake.send(b"x")
            return True
        return False

    def take(self) -> object:
        """The next record, :data:`_END`, or ``None`` when none is ready yet."""
        try:
            item = self._queue.get_nowait()
        except queue.Empty:
            return None
        if isinstance(item, _Failed):
            raise item.error
        return item

    def drain(self) -> None:
        with contextlib.suppress(OSError):
            while self.waker.recv(4096):
                pass

    def stop(self) -> None:
        self._stopped.set()

    def close(self) -> None:
        """Stop reading and close the wake sockets; a thread still inside the source is
        left to end on its own (it is a daemon and holds nothing of the pool's)."""
        self.stop()
        self._thread.join(timeout=_POLL_SECONDS)
        self.waker.close()
        self._wake.close()


@dataclass(slots=True)
class _Worker:
    process: Any
    conn: Connection
    ready: bool = False
    inflight: deque[tuple[int, PageRecord]] = field(default_factory=deque)
    since: float = 0.0


@dataclass(slots=True)
class _State:
    next_out: int = 0
    read: int = 0
    exhausted: bool = False
    requeue: deque[tuple[int, PageRecord]] = field(default_factory=deque)
    done: dict[int, Any] = field(default_factory=dict)


class OrderedPool:
    """``imap`` over page records with worker processes; results come in input order."""

    def __init__(self, settings: PoolSettings) -> None:
        self.settings = settings
        self._ctx = _context()
        self._workers: list[_Worker] = []
        self._start_failures = 0
        self.respawned = 0

    def worker_pids(self) -> list[int]:
        """The pids of the live workers (for monitoring, and for tests that kill one)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_worker_main, args=(child, self.settings),
                                    daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def imap(self, records: Iterable[PageRecord], stop: Callable[[], bool] = lambda: False,
             abort: Callable[[], bool] = lambda: False) -> Iterator[Any]:
        """Process ``records``. When ``stop()`` turns true, no page is started any more
        and every page finished comes out; when ``abort()`` does, the pages finished so
        far come out and the rest are dropped (both without error)."""
        feed = _Feed(records, self.settings.batch_size)
        self._workers = [self._spawn() for _ in range(max(1, self.settings.workers))]
        state = _State()
        stopping = False
        try:
            while not abort():
                if not stopping and stop():
                    stopping = True
                    self._ask_to_stop(feed, state)
                if not stopping:
                    self._dispatch(feed, state)
                inflight = any(w.inflight for w in self._workers)
                if not inflight and (stopping or (state.exhausted and not state.requeue)):
                    break
                self._collect(feed, state, stopping)
                while state.next_out in state.done:
                    yield state.done.pop(state.next_out)
                    state.next_out += 1
            # Stopped early: pages finished after a gap (a page not started) still count.
            for seq in sorted(state.done):
                yield state.done.pop(seq)
        finally:
            feed.close()
            self.close()

    def _ask_to_stop(self, feed: _Feed, state: _State) -> None:
        feed.stop()
        state.requeue.clear()
        for worker in self._workers:
            if worker.inflight:
                with contextlib.suppress(OSError):  # dead: _collect finds out
                    worker.conn.send(_STOP)

    def _dispatch(self, feed: _Feed, state: _State) -> None:
        for index, worker in enumerate(self._workers):
            if not worker.ready or worker.inflight:
                continue
            if not worker.process.is_alive():  # died idle: nothing to charge, replace it
                self._replace(index, state, Reason.WORKER_DIED,
                              death_detail(worker.process.exitcode))
                continue
            batch = self._next_batch(feed, state)
            if not batch:
                return
            worker.inflight.extend(batch)
            worker.since = time.monotonic()
            try:
                worker.conn.send(batch)
            except OSError:  # died just now, before reading it: the batch goes back
                worker.inflight.clear()
                state.requeue.extendleft(reversed(batch))
                worker.process.join(1.0)
                self._replace(index, state, Reason.WORKER_DIED,
                              death_detail(worker.process.exitcode))

    def _next_batch(self, feed: _Feed, state: _State) -> list[tuple[int, PageRecord]]:
        batch: list[tuple[int, PageRecord]] = []
        while state.requeue and len(batch) < self.settings.batch_size:
            batch.append(state.requeue.popleft())
        limit = state.next_out + self.settings.window
        while len(batch) < self.settings.batch_size and not state.exhausted \
                and state.read < limit:
            item = feed.take()
            if item is None:
                break
            if item is _END:
                state.exhausted = True
                break
            assert isinstance(item, PageRecord)
            batch.append((state.read, item))
            state.read += 1
        return batch

    def _collect(self, feed: _Feed, state: _State, stopping: bool) -> None:
        busy = [w for w in self._workers if w.inflight or not w.ready]
        by_conn = {id(w.conn): w for w in busy}
        waiting: list[Any] = [w.conn for w in busy]
        if not stopping and not state.exhausted:
            waiting.append(feed.waker)
        for conn in wait(waiting, timeout=_POLL_SECONDS):
            if conn is feed.waker:
                feed.drain()
                continue
            worker = by_conn[id(conn)]
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                worker.process.join(1.0)  # reap it, so its exit code says how it died
                self._replace(self._index(worker), state, Reason.WORKER_DIED,
                              death_detail(worker.process.exitcode))
                continue
            worker.since = time.monotonic()
            if message == _READY:
                worker.ready = True
                self._start_failures = 0
            elif message == _STOPPED:
                worker.inflight.clear()  # the pages it did not start are not answered
            else:
                seq, result = message
                worker.inflight.popleft()
                state.done[seq] = result
        limit = self.settings.hard_limit
        if limit is None:
            return
        now = time.monotonic()
        for worker in busy:
            if worker.ready and worker.inflight and now - worker.since > limit:
                self._replace(self._index(worker), state, Reason.TIMEOUT,
                              timeout_detail(self.settings.page_timeout))

    def _index(self, worker: _Worker) -> int:
        return next(i for i, w in enumerate(self._workers) if w is worker)

    def _replace(self, index: int, state: _State, reason: Reason, detail: str) -> None:
        """Kill the worker at ``index``, charge its current page, and give its other
        pages to a new one."""
        worker = self._workers[index]
        if not worker.ready:
            self._start_failures += 1
            if self._start_failures >= _START_FAILURES:
                raise MainmarkError(f"batch workers keep failing to start ({detail})")
        worker.process.kill()
        worker.process.join()
        worker.conn.close()
        if worker.inflight:
            seq, record = worker.inflight.popleft()
            state.done[seq] = self.settings.lost(record, reason, detail)
            state.requeue.extendleft(reversed(worker.inflight))
            worker.inflight.clear()
        self._workers[index] = self._spawn()
        self.respawned += 1

    def close(self) -> None:
        """Stop every worker; one still on a page is killed (its page is not answered).
        Safe to call twice."""
        for worker in self._workers:
            if worker.inflight:
                worker.process.kill()
                continue
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
