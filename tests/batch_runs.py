"""Helpers for the tests that run ``mainmark batch`` as a process and interfere with it
(a second run, a signal, ``kill -9``): a loopback site whose pages take a while, the
command line, and the output read back with every page counted once."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fetch_server import ARTICLE, Site

SRC = Path(__file__).resolve().parent.parent / "src"


@dataclass
class SlowSite(Site):
    """Pages ``/slow/N`` answered after ``pause`` seconds each (one at a time per host
    under the fetcher's politeness, so a run of n pages lasts about n x pause). Pages
    from ``hold_from`` on wait for ``release`` (at most 20 s): the test decides when the
    run may finish."""

    pause: float = 0.1
    hold_from: int | None = None
    release: threading.Event = field(default_factory=threading.Event)

    def routes(self, path: str) -> tuple[int, dict[str, str], bytes]:
        if path.startswith("/slow/"):
            if self.hold_from is not None and int(path[6:]) >= self.hold_from:
                self.release.wait(20)
            time.sleep(self.pause)
            page = ARTICLE.replace("Caf\u00e9 society", f"Slow page {path[6:]}")
            return 200, {"Content-Type": "text/html; charset=utf-8"}, page.encode()
        return super().routes(path)


def batch_command(out: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mainmark.cli", "batch", *args, "--out", str(out),
            "--workers", "1", "--progress", "never"]


def start(out: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen(batch_command(out, *args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)


@contextlib.contextmanager
def running(out: Path, *args: str) -> Iterator[subprocess.Popen[str]]:
    """A batch run that is killed (with its workers) and reaped if the test fails."""
    proc = start(out, *args)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)


def wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def lines(path: Path) -> int:
    """Complete lines in ``path`` so far (0 when it does not exist yet)."""
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def rows(path: Path) -> list[dict[str, Any]]:
    """Every line, each one whole JSON (a half-written line fails here)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    assert not text or text.endswith("\n"), f"{path.name} ends in a partial line"
    return [json.loads(line) for line in text.splitlines()]


def pages_written(out: Path) -> list[str]:
    """The URL (or file) of every page written, documents and discards, checking no
    input position is there twice and every document has all its chunks."""
    docs, discards = rows(out / "documents.jsonl"), rows(out / "discards.jsonl")
    chunks: dict[str, int] = {}
    for chunk in rows(out / "chunks.jsonl"):
        chunks[chunk["doc_id"]] = chunks.get(chunk["doc_id"], 0) + 1
    for doc in docs:
        assert chunks.get(doc["doc_id"], 0) == doc["counts"]["chunks"], doc["url"]
    where = [json.dumps(r["location"], sort_keys=True) for r in docs + discards]
    assert len(where) == len(set(where)), "a page written twice"
    return [r["url"] or r["location"]["file"] for r in docs + discards]
