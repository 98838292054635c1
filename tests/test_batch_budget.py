"""The per-page budget counts the CPU the page uses, in the main thread and in others."""

from __future__ import annotations

import threading
import time

import pytest

from mainmark.ingest.budget import PageTimeout, time_limit
from mainmark.tuning import BATCH, LIBRARY, ProcessTuning, tuned


def burn() -> None:
    """Python code that would run for minutes: only the budget can stop it."""
    x = 0
    for i in range(10**10):
        x += i


def idle() -> None:
    time.sleep(0.3)  # wall time passes, no CPU is used


def run_in_thread(fn: object) -> BaseException | None:
    caught: list[BaseException | None] = [None]

    def body() -> None:
        try:
            with time_limit(0.1):
                fn()  # type: ignore[operator]
        except PageTimeout as exc:
            caught[0] = exc

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    return caught[0]


@pytest.mark.parametrize("process", [LIBRARY, BATCH], ids=["watcher", "sigprof"])
def test_main_thread_page_is_stopped_when_its_cpu_budget_is_spent(process: ProcessTuning,
                                                                 ) -> None:
    with tuned(process), pytest.raises(PageTimeout), time_limit(0.1):
        burn()


def test_worker_thread_page_is_stopped_too() -> None:
    assert isinstance(run_in_thread(burn), PageTimeout)


@pytest.mark.parametrize("where", ["main", "main-sigprof", "thread"])
def test_waiting_is_not_charged_to_the_page(where: str) -> None:
    if where == "thread":
        assert run_in_thread(idle) is None
    else:
        with tuned(BATCH if where == "main-sigprof" else LIBRARY), time_limit(0.1):
            idle()


def test_no_stray_timeout_after_a_page_that_finished_in_time() -> None:
    def quick() -> None:
        sum(range(1000))

    assert run_in_thread(quick) is None
    with time_limit(0.05):
        quick()
    burn_briefly = sum(range(3_000_000))  # would be interrupted if a timer were left armed
    assert burn_briefly > 0
