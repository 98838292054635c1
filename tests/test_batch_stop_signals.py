"""Ctrl-C and SIGTERM end a batch run on the first signal, whatever the run is doing
(waiting out a fetch delay, extracting), with every page finished written whole and
nothing written twice; ``--resume`` then finishes: pages in = documents + discards. A
second signal ends the run at once, still resumable. The handlers exist only during the
run: the caller's are back afterwards."""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from batch_runs import SlowSite, lines, pages_written, running
from fetch_server import serve
from mainmark.cli.main import main
from mainmark.ingest import BatchSettings, run_batch
from mainmark.ingest.run import EXIT_INTERRUPTED, EXIT_TERMINATED
from mainmark.options import Options

#: A page holding ``HOLD[path]`` keeps its worker busy while ``path`` exists (10 s at most).
_HOLD = re.compile(r"HOLD\[([^\]]+)\]")


def holding_counter(text: str) -> int:
    """A token counter that holds the page in the worker while the test wants it held."""
    match = _HOLD.search(text)
    if match:
        flag = Path(match.group(1))
        flag.with_suffix(".started").touch()
        deadline = time.monotonic() + 10
        while flag.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
    return len(text.split())


@pytest.mark.parametrize(("signum", "group", "code"), [
    (signal.SIGINT, True, EXIT_INTERRUPTED),  # Ctrl-C in a terminal: the whole group
    (signal.SIGTERM, False, EXIT_TERMINATED),  # kill PID
    (signal.SIGTERM, True, EXIT_TERMINATED),  # a supervisor stopping the process group
])
def test_the_first_signal_ends_a_run_waiting_out_a_fetch_delay(
        tmp_path: Path, signum: int, group: bool, code: int) -> None:
    out = tmp_path / "out"
    # The page after the first is due 30 s later: the run sits in that wait.
    with serve(SlowSite(robots="User-agent: *\nCrawl-delay: 30\n")) as site:
        urls = [f"{site.base}/slow/{n}" for n in range(3)]
        with running(out, *urls, "--fetch-delay", "0", "--fetch-workers", "1",
                     "--batch-size", "1") as proc:
            wait_for_chunks = time.monotonic() + 20
            while lines(out / "chunks.jsonl") < 1:
                assert time.monotonic() < wait_for_chunks, "the first page never came"
                time.sleep(0.02)
            time.sleep(0.3)  # well inside the wait now
            (os.killpg if group else os.kill)(proc.pid, signum)
            _, err = proc.communicate(timeout=10)
            assert proc.returncode == code, err
        assert "Traceback" not in err and "interrupted" in err, err
        assert pages_written(out) == urls[:1]  # the page fetched and finished is there
        site.robots = "User-agent: *\nAllow: /\n"
        resumed = io.StringIO()
        with contextlib.redirect_stderr(resumed):
            assert main(["batch", *urls, "--out", str(out), "--resume", "--workers", "1",
                         "--fetch-delay", "0"]) == 0, resumed.getvalue()
    assert sorted(pages_written(out)) == sorted(urls)


def _pages(folder: Path, flag: Path, count: int = 6) -> list[str]:
    folder.mkdir()
    for n in range(count):
        hold = f" HOLD[{flag}]" if n == 1 else ""
        (folder / f"p{n}.html").write_text(
            f"<html><body><article><h1>Page {n}</h1><p>Page {n}{hold} has a paragraph long "
            "enough to be the main content of it.</p></article></body></html>",
            encoding="utf-8")
    return [str(folder / f"p{n}.html") for n in range(count)]


def _signal_when_held(flag: Path, times: int, then: object = None) -> threading.Thread:
    """Send SIGINT to this process ``times`` times once page 1 is held in its worker,
    then let the page go (``then`` is "release") or keep holding it."""

    def go() -> None:
        started = flag.with_suffix(".started")
        deadline = time.monotonic() + 20
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        for _ in range(times):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.3)
        if then == "release":
            flag.unlink()

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    return thread


def _settings(out: Path, **values: object) -> BatchSettings:
    return BatchSettings(out=str(out), workers=1, batch_size=4, **values)  # type: ignore[arg-type]


def test_the_first_signal_finishes_the_page_in_hand_and_starts_no_other(tmp_path: Path) -> None:
    flag, out = tmp_path / "hold.flag", tmp_path / "out"
    flag.touch()
    files = _pages(tmp_path / "pages", flag)
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    sender = _signal_when_held(flag, times=1, then="release")
    options = Options(tokenizer=holding_counter)
    result = run_batch([str(tmp_path / "pages")], _settings(out), options)
    sender.join(5)
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
    assert result.interrupted and result.exit_code == EXIT_INTERRUPTED
    assert (result.documents, result.discards) == (2, 0)  # page 0, and page 1 it was on
    done = pages_written(out)
    assert len(done) == 2
    resumed = run_batch([str(tmp_path / "pages")], _settings(out, resume=True), options)
    assert (resumed.skipped, resumed.documents, resumed.exit_code) == (2, 4, 0)
    assert len(pages_written(out)) == len(files)


def test_a_second_signal_ends_the_run_at_once_and_it_stays_resumable(tmp_path: Path) -> None:
    flag, out = tmp_path / "hold.flag", tmp_path / "out"
    flag.touch()
    files = _pages(tmp_path / "pages", flag)
    sender = _signal_when_held(flag, times=2)
    options = Options(tokenizer=holding_counter)
    began = time.monotonic()
    result = run_batch([str(tmp_path / "pages")], _settings(out), options)
    took = time.monotonic() - began
    sender.join(5)
    flag.unlink()
    assert result.interrupted and took < 8  # page 1 would have held it for 10 s
    assert (result.documents, result.discards) == (1, 0)  # page 1 was dropped, not half done
    resumed = run_batch([str(tmp_path / "pages")], _settings(out, resume=True), options)
    assert (resumed.skipped, resumed.documents) == (1, 5)
    assert len(pages_written(out)) == len(files)
