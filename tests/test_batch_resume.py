"""``--resume`` and Ctrl-C: an interrupted or repeated run finishes without redoing work
and without duplicating a row."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from mainmark.ingest.resume import repair
from test_batch_cli import read_jsonl, run_batch, shared_parquet_run, shared_runs, without_clock
from test_batch_corpus import Corpus, shared_corpus


@pytest.fixture
def crawl() -> Corpus:
    return shared_corpus()


@pytest.fixture
def full_run() -> Path:
    return shared_runs()[2]


def _batch(crawl: Corpus, out: Path, *extra: str) -> str:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert run_batch(crawl, out, "--workers", "2", *extra) == 0
    return err.getvalue()


def _rows(out: Path, name: str) -> list[dict[str, object]]:
    return sorted((without_clock(r) for r in read_jsonl(out / name)), key=repr)


def test_second_run_with_resume_does_no_work(crawl: Corpus, full_run: Path,
                                             tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(full_run, out)
    before = {name: (out / name).read_bytes() for name in os.listdir(out)}
    err = _batch(crawl, out, "--resume")
    assert re.search(rf"{crawl.pages} pages in = 0 documents \+ 0 discards "
                     rf"\+ {crawl.pages} already done", err), err
    assert {name: (out / name).read_bytes() for name in os.listdir(out)} == before


def test_resume_completes_a_run_cut_off_mid_page(crawl: Corpus, full_run: Path,
                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(full_run, out)
    docs = (out / "documents.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    # A hard kill: two documents survive, the third is half written; discards are lost.
    (out / "documents.jsonl").write_text("".join(docs[:2]) + docs[2][:40], encoding="utf-8")
    (out / "discards.jsonl").write_text("", encoding="utf-8")
    err = _batch(crawl, out, "--resume")
    assert "+ 2 already done" in err, err
    for name in ("documents.jsonl", "chunks.jsonl", "discards.jsonl"):
        assert _rows(out, name) == _rows(full_run, name), name


def test_repair_drops_chunks_whose_document_never_landed(tmp_path: Path) -> None:
    (tmp_path / "documents.jsonl").write_text('{"doc_id": "a", "stamp": {}}\n')
    (tmp_path / "chunks.jsonl").write_text('{"doc_id": "a"}\n{"doc_id": "b"}\n{"doc_')
    (tmp_path / "discards.jsonl").write_text("")
    repair(str(tmp_path), "jsonl")
    assert (tmp_path / "chunks.jsonl").read_text() == '{"doc_id": "a"}\n'


def test_ctrl_c_stops_on_a_page_boundary_and_resume_finishes(
        crawl: Corpus, full_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    # A long budget keeps the run busy on the slow page, so the signal lands mid-run.
    cmd = [sys.executable, "-m", "mainmark.cli.main", "batch", *crawl.inputs, "--out", str(out),
           "--workers", "1", "--batch-size", "1", "--page-timeout", "20",
           "--max-page-bytes", "12M", "--progress", "always"]
    with subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as proc:
        assert proc.stderr is not None
        seen = ""
        while "pages" not in seen:  # the progress line: work has started
            char = proc.stderr.read(1)
            assert char, "batch ended before drawing progress"
            seen += char
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends to the whole group
        rest = proc.stderr.read()
        assert proc.wait() == 130, seen + rest
    assert "interrupted" in rest
    for name in ("documents.jsonl", "chunks.jsonl", "discards.jsonl"):
        read_jsonl(out / name)  # every line whole and valid
    done = len(read_jsonl(out / "documents.jsonl")) + len(read_jsonl(out / "discards.jsonl"))
    assert 0 < done < crawl.pages
    _batch(crawl, out, "--resume")
    for name in ("documents.jsonl", "discards.jsonl"):
        assert _rows(out, name) == _rows(full_run, name), name



def test_parquet_resume_adds_no_part_when_nothing_is_new(crawl: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(shared_parquet_run(), out)
    before = sorted(os.listdir(out))
    err = _batch(crawl, out, "--format", "parquet", "--resume")
    assert f"+ {crawl.pages} already done" in err, err
    assert sorted(os.listdir(out)) == before
