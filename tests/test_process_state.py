"""A library call leaves the process as it found it; the ``mainmark`` command opts in.

``extract()`` used to pause the cyclic collector, install a ``SIGPROF`` handler for its
time budget and call ``malloc_trim`` after a big page, in any host. Each is now done only
under :data:`mainmark.tuning.BATCH`, which the command line (and the batch workers it
starts) put in force. These tests watch the calls themselves, during the page, not only
the state after it.
"""

from __future__ import annotations

import gc
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import mainmark
from mainmark import pipeline, tuning
from mainmark.budget import PageTimeout, time_limit
from mainmark.cli.main import main
from mainmark.ingest.pool import PoolSettings

PAGE = (b"<html><body><article><p>" + b"A sentence of text, long enough. " * 20
        + b"</p></article></body></html>")
#: Past pipeline.GIVE_BACK_MIN_BYTES, so a big page's heap is given back when allowed.
BIG = (b"<html><body><article>" + b"<p>A sentence of text, long enough to count.</p>" * 25_000
       + b"</article></body></html>")


class Calls:
    """What extract() did to the process, recorded by patched entry points."""

    def __init__(self) -> None:
        self.gc_disable = 0
        self.signals: list[int] = []
        self.trims = 0
        self.gc_seen_off = False


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    seen = Calls()
    real_disable, real_signal = gc.disable, signal.signal

    def disable() -> None:
        seen.gc_disable += 1
        real_disable()

    def set_signal(signum: int, handler: Any) -> Any:
        seen.signals.append(signum)
        return real_signal(signum, handler)

    def trim() -> None:
        seen.trims += 1

    monkeypatch.setattr(gc, "disable", disable)
    monkeypatch.setattr(signal, "signal", set_signal)
    monkeypatch.setattr(pipeline, "give_back", trim)
    yield seen


def test_tuning_is_off_by_default() -> None:
    assert tuning.current() == tuning.LIBRARY == tuning.ProcessTuning()


@pytest.mark.parametrize("page", [PAGE, BIG], ids=["small", "big"])
def test_a_library_call_touches_no_process_wide_state(calls: Calls, page: bytes) -> None:
    handler = signal.getsignal(signal.SIGPROF)
    doc = mainmark.extract(page, options=mainmark.Options(time_budget=30))
    assert doc.markdown
    assert calls.gc_disable == 0
    assert signal.SIGPROF not in calls.signals
    assert calls.trims == 0
    assert gc.isenabled()
    assert signal.getsignal(signal.SIGPROF) is handler


def test_a_library_time_budget_still_stops_a_page_without_a_signal(calls: Calls) -> None:
    def burn() -> None:
        x = 0
        for i in range(10**10):
            x += i

    with pytest.raises(PageTimeout), time_limit(0.1):
        burn()
    assert signal.SIGPROF not in calls.signals


def test_the_batch_tuning_takes_each_measure_and_restores_the_state(calls: Calls) -> None:
    handler = signal.getsignal(signal.SIGPROF)
    with tuning.tuned(tuning.BATCH):
        mainmark.extract(BIG, options=mainmark.Options(time_budget=30))
    assert calls.gc_disable == 1
    assert signal.SIGPROF in calls.signals
    assert calls.trims == 1
    assert gc.isenabled()
    assert signal.getsignal(signal.SIGPROF) is handler
    assert tuning.current() == tuning.LIBRARY


def test_the_signal_timer_is_for_the_main_thread_only(calls: Calls) -> None:
    def page() -> None:
        mainmark.extract(PAGE, options=mainmark.Options(time_budget=30))

    with tuning.tuned(tuning.BATCH):
        thread = threading.Thread(target=page)
        thread.start()
        thread.join()
    assert signal.SIGPROF not in calls.signals


@pytest.mark.parametrize("enabled", [True, False])
def test_a_paused_collector_is_handed_back_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with tuning.tuned(tuning.BATCH):
            mainmark.extract(PAGE)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_is_handed_back_when_extract_raises() -> None:
    assert gc.isenabled()
    with tuning.tuned(tuning.BATCH), pytest.raises(mainmark.InputError):
        mainmark.extract(12345)  # type: ignore[arg-type]
    assert gc.isenabled()


def test_the_command_line_opts_in_for_its_run_only(tmp_path: Any, calls: Calls,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(PAGE)
    assert main(["extract", str(page)]) == 0
    assert "A sentence of text" in capsys.readouterr().out
    assert calls.gc_disable == 1  # the command's own page ran tuned
    assert tuning.current() == tuning.LIBRARY  # and the caller's process is as it was


def test_batch_workers_run_with_the_tuning_of_whoever_made_the_pool() -> None:
    options = mainmark.Options()
    assert PoolSettings(options, 2, 1 << 20, 5.0).tuning == tuning.LIBRARY
    with tuning.tuned(tuning.BATCH):
        assert PoolSettings(options, 2, 1 << 20, 5.0).tuning == tuning.BATCH


def test_set_tuning_refuses_what_is_not_a_tuning() -> None:
    with pytest.raises(TypeError):
        tuning.set_tuning(True)  # type: ignore[arg-type]
    assert tuning.current() == tuning.LIBRARY
