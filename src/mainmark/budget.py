"""The per-page time budget, counted in CPU seconds of the thread doing the page.

CPU time rather than wall time: a batch job shares its machine (other jobs, its own
workers outnumbering the cores), and a wall-clock budget would then discard
ordinary pages as ``timeout`` depending on the load, making two runs over the same
input differ. Extraction does no I/O, so CPU time is the work the page costs.

Two mechanisms, both interrupting Python code at its next bytecode (a long C call
is not interrupted; the batch pool's wall-clock watchdog covers that):

* in a process's main thread on POSIX, when the process's owner allowed it
  (:attr:`mainmark.tuning.ProcessTuning.cpu_timer_signal`, which the ``mainmark``
  command sets), ``setitimer(ITIMER_PROF)`` and ``SIGPROF``: no extra thread, but the
  signal's handler is process-wide, so a library never installs it on its own;
* otherwise (a library host, any other thread: a Ray actor runs its batches in one),
  a watcher thread polls the page thread's own CPU clock and plants the exception in
  it through CPython's ``PyThreadState_SetAsyncExc``.
"""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mainmark.tuning import current as current_tuning

_POLL_SECONDS = 0.02


class PageTimeout(BaseException):
    """Raised when the budget is spent. A BaseException so no ``except Exception``
    inside a stage can swallow it and carry on past the budget."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`PageTimeout` in this thread once it has used ``seconds`` of CPU."""
    if seconds is None or seconds <= 0:
        yield
    elif (current_tuning().cpu_timer_signal and hasattr(signal, "SIGPROF")
          and threading.current_thread() is threading.main_thread()):
        with _profiling_timer(seconds):
            yield
    else:
        with _watched(seconds):
            yield


@contextmanager
def _profiling_timer(seconds: float) -> Iterator[None]:
    def on_timer(signum: int, frame: object) -> None:
        raise PageTimeout

    previous = signal.signal(signal.SIGPROF, on_timer)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _cpu_clock() -> Callable[[], float]:
    """This thread's CPU clock, readable from another thread (wall time where the
    platform has no per-thread clock)."""
    getcpuclockid = getattr(time, "pthread_getcpuclockid", None)
    if getcpuclockid is None:
        return time.monotonic
    clock_id = getcpuclockid(threading.get_ident())
    return lambda: time.clock_gettime(clock_id)


@contextmanager
def _watched(seconds: float) -> Iterator[None]:
    set_async_exc: Any = getattr(getattr(ctypes, "pythonapi", None),
                                 "PyThreadState_SetAsyncExc", None)
    if set_async_exc is None:  # not CPython: no way to interrupt a thread
        yield
        return
    target = ctypes.c_ulong(threading.get_ident())
    clock = _cpu_clock()
    deadline = clock() + seconds
    lock = threading.Lock()
    done = threading.Event()
    state = {"fired": False}

    def watch() -> None:
        while not done.wait(_POLL_SECONDS):
            if clock() >= deadline:
                with lock:
                    if not done.is_set():
                        state["fired"] = True
                        set_async_exc(target, ctypes.py_object(PageTimeout))
                return

    watcher = threading.Thread(target=watch, name="mainmark-page-budget", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        with lock:
            done.set()
            if state["fired"]:  # planted but maybe not yet delivered: take it back
                set_async_exc(target, None)
        watcher.join()
