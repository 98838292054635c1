"""``mainmark batch --format parquet`` survives ``kill -9`` at any moment.

After the kill and a ``--resume``, every Parquet file in ``--out`` loads in pyarrow,
pandas and HuggingFace ``datasets``; pages in = documents + discards; every document has
all its chunks; no page and no chunk is there twice; ``mainmark stats`` reads the result;
and the pages finished before the kill are kept, not redone. The kills are real
(``SIGKILL`` to a subprocess, at moments chosen by watching the output folder) and, for
the steps inside one commit, simulated in process at each step in turn.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq
import pytest

from mainmark.cli.main import main
from mainmark.ingest import writers
from mainmark.ingest.run import BatchSettings, run_batch

_PAGES_IN_FOLDER = 36


def _article(title: str) -> str:
    body = "".join(f"<p>{title}: paragraph {i} tells the story at a reasonable length, "
                   f"with enough words to be the main content of the page.</p>"
                   for i in range(5))
    return (f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>"
            f"{body}</article></body></html>")


@pytest.fixture(scope="module")
def crawl(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], int]:
    """A folder of pages, a PDF among them, and a JSONL file with a bad line."""
    root = tmp_path_factory.mktemp("crawl")
    folder = root / "pages"
    folder.mkdir()
    for i in range(_PAGES_IN_FOLDER):
        (folder / f"page{i:03}.html").write_text(_article(f"Page {i}"), encoding="utf-8")
    (folder / "report.html").write_bytes(b"%PDF-1.7\n" + b"0" * 400)
    lines = [json.dumps({"url": f"https://j.example/{i}", "html": _article(f"Line {i}")})
             for i in range(5)]
    lines.insert(2, "{not json")
    (root / "lines.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [str(folder), str(root / "lines.jsonl")], _PAGES_IN_FOLDER + 1 + len(lines)


def _spawn(inputs: list[str], out: Path, rows_per_part: int) -> subprocess.Popen[bytes]:
    """The batch command in a subprocess, its parts cut every ``rows_per_part`` rows."""
    code = ("import sys; from mainmark.ingest import writers; "
            f"writers.ROWS_PER_PART = {rows_per_part}; "
            "from mainmark.cli.main import main; sys.exit(main(sys.argv[1:]))")
    cmd = [sys.executable, "-c", code, "batch", *inputs, "--out", str(out), "--format",
           "parquet", "--workers", "1", "--batch-size", "1", "--progress", "never"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _journal_documents(out: Path, index: int | None = None) -> int:
    """Pages in the journals not yet converted (a journal whose documents part exists is
    converted already: only its removal was pending)."""
    total = 0
    for path in out.glob(".pending.*.jsonl"):
        n = int(path.name.split(".")[2])
        if (index is None or n == index) and not Path(
                writers.part_path(str(out), "documents", n)).exists():
            total += sum(1 for _ in writers.journal_pages(str(path)))
    return total


def _complete_lines(path: Path) -> int:
    if not path.exists():
        return 0
    return path.read_bytes().count(b"\n")


def _pages_on_disk(out: Path) -> int:
    """Pages a reader of the folder, or ``--resume``, can count as done right now."""
    parts = sum(int(pq.ParquetFile(p).metadata.num_rows) for p in out.glob("documents*.parquet"))
    return parts + _journal_documents(out) + _complete_lines(out / "discards.jsonl")


def _kill_when(proc: subprocess.Popen[bytes], ready: Any, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not ready():
        assert proc.poll() is None, "the batch ended before the moment to kill it"
        assert time.monotonic() < deadline, "the moment to kill never came"
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def _resume(inputs: list[str], out: Path) -> str:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["batch", *inputs, "--out", str(out), "--format", "parquet",
                     "--workers", "1", "--resume", "--progress", "never"])
    assert code == 0, err.getvalue()
    return err.getvalue()


def _check_whole(out: Path, pages: int) -> None:
    """Every file loads in three readers, and every page is there exactly once."""
    from datasets import load_dataset

    hidden = [p.name for p in out.iterdir() if p.name.startswith(".")]
    assert not hidden, f"leftovers after --resume: {hidden}"
    tables = {}
    for name in ("documents", "chunks"):
        files = sorted(str(p) for p in out.glob(f"{name}*.parquet"))
        assert files, name
        for path in files:
            assert pd.read_parquet(path).shape[0] == pq.read_table(path).num_rows
        loaded = load_dataset("parquet", data_files={"train": files},
                              cache_dir=str(out.parent / f"hf-{out.name}"), split="train")
        tables[name] = loaded.to_list()
    docs, chunks = tables["documents"], tables["chunks"]
    discards = [json.loads(line) for line in
                (out / "discards.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(docs) + len(discards) == pages
    where = [json.dumps(r["location"], sort_keys=True) for r in docs + discards]
    assert len(where) == len(set(where)), "a page written twice"
    assert len({c["id"] for c in chunks}) == len(chunks), "a chunk written twice"
    have = Counter(c["doc_id"] for c in chunks)
    assert {d["doc_id"]: d["counts"]["chunks"] for d in docs} == dict(have)
    assert all(n > 0 for n in have.values())
    stats_out = io.StringIO()
    with contextlib.redirect_stdout(stats_out):
        assert main(["stats", str(out), "--json"]) == 0
    stats = json.loads(stats_out.getvalue())
    assert (stats["pages"], stats["documents"], stats["chunks"]) == (
        pages, len(docs), len(chunks))


def _already_done(summary: str) -> int:
    match = re.search(r"\+ (\d+) already done", summary)
    assert match, summary
    return int(match.group(1))


@pytest.mark.parametrize(("moment", "rows_per_part"), [
    ("three pages into the first run, before any part", 1_000_000),
    ("with parts written and pages waiting in the journal", 12),
    ("just after a part appeared", 12),
])
def test_kill_9_then_resume_leaves_files_every_reader_loads(
        crawl: tuple[list[str], int], tmp_path: Path, moment: str, rows_per_part: int) -> None:
    inputs, pages = crawl
    out = tmp_path / "out"
    proc = _spawn(inputs, out, rows_per_part)
    if moment.startswith("three"):
        _kill_when(proc, lambda: out.exists() and _journal_documents(out) >= 3)
    elif moment.startswith("with parts"):
        _kill_when(proc, lambda: _journal_documents(out, index=3) >= 1)
    else:
        _kill_when(proc, lambda: (out / "documents.1.parquet").exists())
    for part in out.glob("*.parquet"):
        pq.read_metadata(part)  # a file under a real name always has its footer
    before = _pages_on_disk(out)
    assert 0 < before < pages, moment
    summary = _resume(inputs, out)
    assert _already_done(summary) >= before, "pages finished before the kill were lost"
    _check_whole(out, pages)


class _Crash(BaseException):
    """A simulated ``kill -9``: nothing after it runs, not even ``close()``."""


@pytest.mark.parametrize("step", [
    "while writing the temporary parts",
    "before the chunks part is renamed",
    "before the documents part is renamed",
    "before the journal is removed",
])
def test_a_crash_at_each_step_of_a_commit_is_recovered(
        crawl: tuple[list[str], int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        step: str) -> None:
    inputs, pages = crawl
    out = tmp_path / "out"
    monkeypatch.setattr(writers, "ROWS_PER_PART", 15)
    calls = Counter[str]()

    def crash_on(name: str, nth: int, real: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            if calls[name] == nth:
                raise _Crash(step)
            return real(*args, **kwargs)
        return wrapped

    if step.startswith("while"):
        monkeypatch.setattr(writers, "to_table", crash_on("to_table", 3, writers.to_table))
    elif step.startswith("before the journal"):
        monkeypatch.setattr(os, "remove", crash_on("remove", 2, os.remove))
    else:
        nth = 3 if "chunks" in step else 4  # the second commit: one part is already whole
        monkeypatch.setattr(os, "replace", crash_on("replace", nth, os.replace))
    handles: list[Any] = []
    real_open = writers.open_jsonl

    def tracked_open(path: str, mode: str) -> Any:
        handles.append(real_open(path, mode))
        return handles[-1]

    monkeypatch.setattr(writers, "open_jsonl", tracked_open)
    with pytest.raises(_Crash), contextlib.redirect_stderr(io.StringIO()):
        run_batch(inputs, BatchSettings(out=str(out), format="parquet", workers=1))
    monkeypatch.undo()
    for handle in handles:  # what the operating system does for a killed process
        handle.close()
    assert any(p.name.startswith(".") for p in out.iterdir()), "the crash left no trace"
    _resume(inputs, out)
    _check_whole(out, pages)


def test_a_part_without_a_footer_from_an_older_run_is_redone(
        crawl: tuple[list[str], int], tmp_path: Path) -> None:
    """Versions before the journal streamed into ``chunks.parquet`` itself: a kill left
    it without a footer, and a resume added ``chunks.1.parquet`` beside it."""
    inputs, pages = crawl
    out = tmp_path / "out"
    with contextlib.redirect_stderr(io.StringIO()):
        run_batch(inputs, BatchSettings(out=str(out), format="parquet", workers=1))
    whole = (out / "chunks.parquet").read_bytes()
    (out / "chunks.parquet").write_bytes(whole[: len(whole) // 2])
    summary = _resume(inputs, out)
    assert _already_done(summary) == len((out / "discards.jsonl").read_text().splitlines())
    _check_whole(out, pages)


def test_a_run_that_finishes_writes_one_file_per_table(
        crawl: tuple[list[str], int], tmp_path: Path) -> None:
    inputs, pages = crawl
    out = tmp_path / "out"
    with contextlib.redirect_stderr(io.StringIO()):
        run_batch(inputs, BatchSettings(out=str(out), format="parquet", workers=1))
    assert sorted(p.name for p in out.iterdir()) == [
        "chunks.parquet", "discards.jsonl", "documents.parquet"]
    _check_whole(out, pages)


def test_a_file_name_that_is_not_utf8_is_done_once_across_resumes(tmp_path: Path) -> None:
    """Parquet holds UTF-8 only; the resume key must still find the page (issue 40.13)."""
    folder = tmp_path / "pages"
    folder.mkdir()
    raw_names = [b"caf\xe9.html", b"caf\xff.html", b"plain.html"]  # two differ by one byte
    for i, raw in enumerate(raw_names):
        with open(os.path.join(os.fsencode(folder), raw), "wb") as handle:
            handle.write(_article(f"Named page {i}").encode())
    out = tmp_path / "out"
    settings = BatchSettings(out=str(out), format="parquet", workers=1)
    with contextlib.redirect_stderr(io.StringIO()):
        first = run_batch([str(folder)], settings)
    assert first.documents == 3
    files = sorted(p.name for p in out.iterdir())
    for _ in range(2):
        summary = _resume([str(folder)], out)
        assert "0 documents + 0 discards + 3 already done" in summary, summary
    assert sorted(p.name for p in out.iterdir()) == files
    locations = pq.read_table(out / "documents.parquet").column("location").to_pylist()
    names = {os.path.basename(os.fsencode(writers.exact_location(loc)["file"]))
             for loc in locations}
    assert names == set(raw_names)
    assert [loc["file_bytes"] is None for loc in locations] == [False, False, True]
