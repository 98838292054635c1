"""The ordered pool: input order kept, and a page stuck in C code or a crashing worker
costs that page only."""

from __future__ import annotations

import os

import pytest

from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.records import Location, PageRecord, Reason, sha256_of
from mainmark.options import Options

STALL, CRASH = "STALL-IN-C-CODE", "CRASH-THE-WORKER"


def misbehaving_counter(text: str) -> int:
    """A token counter that, on a marked page, does what a pathological page can do to
    a native library: spin in C where no signal is looked at, or kill the process."""
    if STALL in text:
        return sum(range(10**13))  # a C loop: the alarm cannot interrupt it
    if CRASH in text:
        os._exit(3)
    return len(text.split())


def record(n: int, marker: str = "") -> PageRecord:
    html = (f"<html><body><article><h1>Page {n}</h1><p>Text of page {n} {marker}, "
            "long enough to be an article paragraph.</p></article></body></html>").encode()
    return PageRecord(f"https://pool.example/{n}", html, Location("mem", line=n),
                      len(html), sha256_of(html))


def run_pool(records: list[PageRecord], **settings: object) -> tuple[list[str | None], int]:
    options = Options(tokenizer=misbehaving_counter)
    values: dict[str, object] = {"workers": 1, "max_bytes": 1 << 20, "page_timeout": 0.3,
                                 "batch_size": 4, "watchdog_grace": 1.0, **settings}
    pool = OrderedPool(PoolSettings(options, **values))  # type: ignore[arg-type]
    outcomes = list(pool.imap(records))
    assert [o.url for o in outcomes] == [r.url for r in records]
    return [o.discard["reason"] if o.discard else None for o in outcomes], pool.respawned


def test_a_page_stuck_in_c_code_becomes_a_timeout_and_the_run_goes_on() -> None:
    records = [record(0), record(1), record(2, STALL), record(3), record(4), record(5)]
    reasons, respawned = run_pool(records)
    assert reasons == [None, None, Reason.TIMEOUT.value, None, None, None]
    assert respawned == 1


def test_a_crashed_worker_costs_only_its_page() -> None:
    records = [record(0), record(1, CRASH), record(2), record(3)]
    reasons, respawned = run_pool(records)
    assert reasons == [None, Reason.WORKER_DIED.value, None, None]
    assert respawned == 1


@pytest.mark.parametrize("batch_size", [1, 3])
def test_outcomes_come_back_in_input_order(batch_size: int) -> None:
    records = [record(n) for n in range(30)]
    reasons, _ = run_pool(records, workers=2, batch_size=batch_size, page_timeout=None)
    assert reasons == [None] * 30
