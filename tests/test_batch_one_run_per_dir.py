"""One run per output directory: a second ``mainmark batch`` on a directory in use (with
or without ``--resume``) is refused with exit 75 and leaves the first run's pages single;
a lock left by a run that died is taken over with a warning."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import signal
import socket
from pathlib import Path

import pytest

from batch_runs import SlowSite, lines, pages_written, running, wait_for
from fetch_server import Site, serve
from mainmark.cli.main import main
from mainmark.ingest.lock import LOCK_NAME, OutputLock, OutputLocked
from mainmark.ingest.run import EXIT_LOCKED

PAGES = 5
#: One request at a time, in order, no pause: the site's hold decides when a run ends.
FETCH = ("--fetch-delay", "0", "--fetch-workers", "1")


def _urls(site: Site) -> list[str]:
    return [f"{site.base}/slow/{n}" for n in range(PAGES)]


def test_a_second_lock_on_a_directory_is_refused_and_names_the_holder(tmp_path: Path) -> None:
    holder = rf"pid {os.getpid()} on {socket.gethostname()}"
    with OutputLock(str(tmp_path)), pytest.raises(OutputLocked, match=holder):
        OutputLock(str(tmp_path)).acquire()
    assert not (tmp_path / LOCK_NAME).exists()  # released: gone
    with OutputLock(str(tmp_path)):  # and free again
        pass


def test_a_lock_file_left_by_a_dead_run_is_taken_over_with_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / LOCK_NAME).write_text("pid=999999999\nhost=elsewhere\nsince=yesterday\n")
    with caplog.at_level(logging.WARNING), OutputLock(str(tmp_path)):
        assert f"pid={os.getpid()}" in (tmp_path / LOCK_NAME).read_text()
    assert "stale lock" in caplog.text and "pid 999999999" in caplog.text


def test_two_runs_on_one_directory_one_refuses_and_no_page_is_doubled(tmp_path: Path) -> None:
    out = tmp_path / "out"
    slow = SlowSite(hold_from=2)
    with serve(slow) as site:
        urls = _urls(site)
        with running(out, *urls, *FETCH) as first:
            wait_for(lambda: lines(out / "chunks.jsonl") >= 1)  # flushed per page
            with running(out, *urls, *FETCH, "--resume") as second, \
                    running(out, *urls, *FETCH) as third:
                for other in (second, third):
                    _, err = other.communicate(timeout=30)
                    assert other.returncode == EXIT_LOCKED, err
                    assert "in use by another mainmark batch run" in err
                    assert f"pid {first.pid}" in err
            assert first.poll() is None  # still running, held by the site
            slow.release.set()
            _, err = first.communicate(timeout=60)
            assert first.returncode == 0, err
    assert sorted(pages_written(out)) == sorted(urls)
    assert not (out / LOCK_NAME).exists()


def test_a_run_killed_hard_leaves_a_stale_lock_that_resume_takes_over(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    out = tmp_path / "out"
    slow = SlowSite(hold_from=2)
    with serve(slow) as site:
        urls = _urls(site)
        with running(out, *urls, *FETCH) as first:
            wait_for(lambda: lines(out / "chunks.jsonl") >= 2)
            os.killpg(first.pid, signal.SIGKILL)  # what the OOM killer or a power cut does
        assert (out / LOCK_NAME).exists()
        slow.release.set()
        err = io.StringIO()
        with caplog.at_level(logging.WARNING), contextlib.redirect_stderr(err):
            code = main(["batch", *urls, "--out", str(out), "--resume", "--workers", "1",
                         *FETCH])
        assert code == 0, err.getvalue()
    assert "stale lock" in caplog.text and f"pid {first.pid}" in caplog.text
    assert sorted(pages_written(out)) == sorted(urls)
