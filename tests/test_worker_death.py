"""A worker process killed from outside (SIGKILL, as the OOM killer does), busy or idle,
costs at most the page it was on: the worker is replaced, that page is a ``worker_died``
discard, the run goes on; ``mainmark overhead --workers N`` ends too."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mainmark.ingest import BatchSettings, run_batch
from mainmark.ingest.overhead import measure_all
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.records import Location, Outcome, PageRecord, Reason, sha256_of
from mainmark.options import Options

OOM = "KILLED-BY-THE-OOM-KILLER"


def oom_counter(text: str) -> int:
    """A token counter that, on a marked page, is killed the way the OOM killer kills."""
    if OOM in text:
        os.kill(os.getpid(), signal.SIGKILL)
    return len(text.split())


def _html(n: int, marker: str = "") -> str:
    return (f"<html><body><article><h1>Page {n}</h1><p>Text of page {n} {marker}, long "
            "enough to be an article paragraph of its own.</p></article></body></html>")


def _record(n: int, marker: str = "") -> PageRecord:
    html = _html(n, marker).encode()
    return PageRecord(f"https://death.example/{n}", html, Location("mem", line=n),
                      len(html), sha256_of(html))


def _settings(**values: object) -> PoolSettings:
    base: dict[str, object] = {"workers": 1, "max_bytes": 1 << 20, "page_timeout": 5.0,
                               "batch_size": 3, "watchdog_grace": 2.0, **values}
    return PoolSettings(Options(tokenizer=oom_counter), **base)  # type: ignore[arg-type]


def _reasons(outcomes: list[Outcome]) -> list[str | None]:
    return [o.discard["reason"] if o.discard else None for o in outcomes]


def test_a_busy_worker_killed_costs_its_page_only() -> None:
    records = [_record(0), _record(1, OOM), _record(2), _record(3)]
    pool = OrderedPool(_settings())
    outcomes = list(pool.imap(records))
    assert [o.url for o in outcomes] == [r.url for r in records]
    assert _reasons(outcomes) == [None, Reason.WORKER_DIED.value, None, None]
    assert outcomes[1].discard is not None
    assert "SIGKILL" in outcomes[1].discard["detail"]
    assert pool.respawned == 1


def _wait_gone(pid: int, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


def test_an_idle_worker_killed_is_replaced_and_costs_nothing() -> None:
    first_out = threading.Event()
    pool = OrderedPool(_settings(workers=2))

    def records() -> Iterator[PageRecord]:
        yield _record(0)
        assert first_out.wait(10)  # page 0 is out: both workers are idle now
        for pid in pool.worker_pids():
            os.kill(pid, signal.SIGKILL)
        for pid in pool.worker_pids():
            _wait_gone(pid)
        yield from (_record(n) for n in range(1, 6))

    outcomes: list[Outcome] = []
    for outcome in pool.imap(records()):
        outcomes.append(outcome)
        first_out.set()
    assert _reasons(outcomes) == [None] * 6
    assert [o.url for o in outcomes] == [_record(n).url for n in range(6)]
    assert pool.respawned == 2


def test_a_batch_run_writes_the_killed_page_as_a_discard_and_finishes(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    for n in range(4):
        (folder / f"p{n}.html").write_text(_html(n, OOM if n == 2 else ""), encoding="utf-8")
    result = run_batch([str(folder)], BatchSettings(out=str(tmp_path / "out"), workers=2,
                                                    batch_size=1),
                       Options(tokenizer=oom_counter))
    assert (result.documents, result.discards, result.exit_code) == (3, 1, 0)
    assert result.reasons == {Reason.WORKER_DIED.value: 1}


@pytest.mark.parametrize("workers", [2])
def test_overhead_with_workers_ends_when_a_worker_dies(workers: int) -> None:
    records = [_record(0), _record(1, OOM), _record(2), _record(3), _record(4)]
    result: list[object] = []

    def measure() -> None:
        result.extend(measure_all(iter(records), Options(tokenizer=oom_counter, chunking=False),
                                  5.0, workers))

    thread = threading.Thread(target=measure, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "mainmark overhead hung on a dead worker"
    assert len(result) == 5
    assert result[1] is None  # the killed page is not measured
    assert all(r is not None for i, r in enumerate(result) if i != 1)
