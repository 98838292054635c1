"""Process-wide tuning that only the owner of a process may turn on.

Three things make a long batch run faster and leaner, and each reaches beyond one call
into state the whole process shares:

* pausing Python's cyclic garbage collector for the length of a page (extraction
  allocates many short-lived containers that reference counting frees; on the
  benchmark pages the collector's young-generation passes cost about 7% of the
  extraction time);
* handing the C heap's free pages back to the OS after a big page's tree is freed
  (glibc's ``malloc_trim``), so the serialisations are not built on top of the tree's
  memory;
* a CPU-time budget enforced by ``setitimer(ITIMER_PROF)`` and a ``SIGPROF`` handler,
  cheaper than the watcher thread used otherwise.

A library must not do any of these to a host it does not own (a web server's threads,
a notebook, a Ray worker): another thread would find the collector off, a host's own
``SIGPROF`` handler would be replaced for a while. So by default none is done, and the
``mainmark`` command, which owns its process and its batch workers, turns all three on.
A host that wants them calls :func:`set_tuning` (or uses :func:`tuned`) itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class ProcessTuning:
    """Which process-wide measures ``extract()`` may take; all off is the library default."""

    #: Disable the cyclic garbage collector while a page is extracted (restored after).
    pause_gc: bool = False
    #: Call ``malloc_trim`` once a page of 1 MiB or more has freed its parse tree.
    trim_heap: bool = False
    #: Enforce ``Options.time_budget`` in the main thread with ``SIGPROF`` (else a watcher
    #: thread aimed at the page's own thread does it).
    cpu_timer_signal: bool = False


#: Nothing process-wide: what ``import mainmark`` gives a host.
LIBRARY = ProcessTuning()
#: What the ``mainmark`` command and its batch workers run with.
BATCH = ProcessTuning(pause_gc=True, trim_heap=True, cpu_timer_signal=True)

_current = LIBRARY


def current() -> ProcessTuning:
    """The tuning in force for this process."""
    return _current


def set_tuning(tuning: ProcessTuning) -> ProcessTuning:
    """Put ``tuning`` in force for the whole process; returns the previous one so a
    caller can restore it."""
    global _current
    if not isinstance(tuning, ProcessTuning):
        raise TypeError(f"set_tuning() takes a ProcessTuning, not {type(tuning).__name__}")
    previous, _current = _current, tuning
    return previous


@contextmanager
def tuned(tuning: ProcessTuning = BATCH) -> Iterator[ProcessTuning]:
    """``tuning`` in force inside the block, the previous one restored after it."""
    previous = set_tuning(tuning)
    try:
        yield tuning
    finally:
        set_tuning(previous)
