"""Fault injection: every damaged input and every crash ends with every page accounted for.

One small crawl holds each fault at once: a symlink loop in the folder, a JSONL line
nested 100,000 deep and one whose ``url`` is a lone surrogate, a ``.warc.gz`` cut in the
middle of its last record (inside the folder and given directly), plain WARCs whose
``Content-Length`` is too short or too long, a gzip bomb, and two identical files at two
paths. The invariants, after a clean run and after ``kill -9`` at random points followed
by ``--resume``: pages in = documents + discards, every document has all its chunks, no
page twice, nothing on stderr looks like a traceback.
"""

from __future__ import annotations

import errno
import gzip
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from mainmark.cli.main import main
from mainmark.ingest import writers
from mainmark.ingest.run import EXIT_WRITE_FAILED

_MAX_PAGE_BYTES = 4 * 1024 * 1024


def _article(title: str) -> str:
    body = "".join(f"<p>{title}: paragraph {i} tells the story at a reasonable length, "
                   f"with enough words to be the main content of the page.</p>"
                   for i in range(4))
    return f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>" \
           f"{body}</article></body></html>"


def _warc(records: list[tuple[str, str]], *, gzipped: bool) -> bytes:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gzipped)
    for url, html in records:
        body = html.encode()
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")],
                                protocol="HTTP/1.1")
        record = writer.create_warc_record(url, "response", payload=io.BytesIO(body),
                                           length=len(body), http_headers=http)
        writer.write_record(record)
        record.raw_stream.close()
    return buf.getvalue()


def _misframed(delta: int) -> bytes:
    """A plain WARC of three records whose middle one declares ``delta`` bytes too many."""
    first = _warc([("https://w.example/1", _article("First record"))], gzipped=False)
    middle = _warc([("https://w.example/2", _article("Misframed record"))], gzipped=False)
    last = _warc([("https://w.example/3", _article("Third record"))], gzipped=False)
    head, _, rest = middle.partition(b"Content-Length: ")
    length, _, tail = rest.partition(b"\r\n")
    middle = head + b"Content-Length: " + str(int(length) + delta).encode() + b"\r\n" + tail
    return first + middle + last


def build(root: Path) -> tuple[list[str], int]:
    """The crawl on disk: (batch inputs, pages in)."""
    folder = root / "crawl"
    (folder / "copy").mkdir(parents=True)
    pages = 0
    for i in range(3):
        (folder / f"page{i}.html").write_text(_article(f"Folder page {i}"), encoding="utf-8")
        pages += 1
    twin = _article("Identical twin")
    (folder / "twin.html").write_text(twin, encoding="utf-8")
    (folder / "copy" / "twin.html").write_text(twin, encoding="utf-8")
    pages += 2
    os.symlink(folder / "loop_b", folder / "loop_a")
    os.symlink(folder / "loop_a", folder / "loop_b")
    pages += 2
    lines = [
        json.dumps({"url": "https://j.example/1", "html": _article("JSONL one")}),
        '{"url": "https://j.example/\\ud800", "html": ' + json.dumps(_article("Surrogate")) + "}",
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"url": "https://j.example/4", "html": _article("After the poison")}),
    ]
    (folder / "pages.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    pages += 4
    warc = _warc([(f"https://g.example/{i}", _article(f"Gzip record {i}")) for i in range(4)],
                 gzipped=True)
    cut = warc[: len(warc) - 200]
    (folder / "cut.warc.gz").write_bytes(cut)
    (root / "direct.warc.gz").write_bytes(cut)
    pages += 8
    (folder / "short.warc").write_bytes(_misframed(-40))
    (folder / "long.warc").write_bytes(_misframed(+300))
    pages += 6
    member = gzip.compress(b"<html><body><p>" + b" " * (8 << 20), compresslevel=9)
    (folder / "bomb.html.gz").write_bytes(member * 128)  # 1 GB inflated, 1 MB on disk
    pages += 1
    return [str(folder), str(root / "direct.warc.gz")], pages


def _rows(path: Path) -> list[dict[str, Any]]:
    """Complete lines only: a run killed mid-write may leave a partial last line."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.split("\n")[:-1]]


def account(out: Path, *, killed: bool = False
            ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Documents and discards, after checking every document has all its chunks and no
    input position appears twice. Right after a kill, chunks may wait for a document
    line that never came (``--resume`` drops them); a document never lacks chunks."""
    docs, discards = _rows(out / "documents.jsonl"), _rows(out / "discards.jsonl")
    chunks = Counter(c["doc_id"] for c in _rows(out / "chunks.jsonl"))
    for doc in docs:
        assert chunks.pop(doc["doc_id"], 0) == doc["counts"]["chunks"] > 0, doc["url"]
    assert killed or not chunks, "chunks without a document"
    where = [json.dumps(r["location"], sort_keys=True) for r in docs + discards]
    assert len(where) == len(set(where)), "a page written twice"
    return docs, discards


def _batch(inputs: list[str], out: Path, *extra: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "mainmark.cli", "batch", *inputs, "--out", str(out),
           "--workers", "1", "--page-timeout", "20", "--max-page-bytes", str(_MAX_PAGE_BYTES),
           *extra]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _finish(proc: subprocess.Popen[str]) -> str:
    _, err = proc.communicate(timeout=120)
    assert "Traceback" not in err, err
    assert proc.returncode == 0, err
    return err


@pytest.fixture(scope="module")
def crawl(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], int, Path]:
    root = tmp_path_factory.mktemp("faults")
    inputs, pages = build(root)
    out = root / "clean"
    _finish(_batch(inputs, out))
    return inputs, pages, out


def test_every_fault_is_accounted_for(crawl: tuple[list[str], int, Path]) -> None:
    _, pages, out = crawl
    docs, discards = account(out)
    assert len(docs) + len(discards) == pages
    reasons = Counter(d["reason"] for d in discards)
    assert reasons == {"symlink_loop": 2, "bad_line": 1, "truncated": 2, "bad_record": 2,
                       "too_large": 1}
    urls = {d["url"] for d in docs}
    assert {"https://j.example/\ud800", "https://j.example/4", "https://w.example/3"} <= urls
    assert {f"https://g.example/{i}" for i in range(3)} <= urls
    twins = [d for d in docs if d["location"]["file"].endswith("twin.html")]
    assert len(twins) == 2 and twins[0]["doc_id"] != twins[1]["doc_id"]


def test_kill_9_at_random_points_then_resume(crawl: tuple[list[str], int, Path],
                                             tmp_path: Path) -> None:
    """Killed during the run and again during its resume, then resumed to the end."""
    inputs, pages, clean = crawl
    rng = random.Random(17)
    out = tmp_path / "killed"
    seen = []
    for resume in ((), ("--resume",)):
        proc = _batch(inputs, out, *resume)
        time.sleep(rng.uniform(1.0, 3.5))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
        docs, discards = account(out, killed=True)
        seen.append(len(docs) + len(discards))
    _finish(_batch(inputs, out, "--resume"))
    docs, discards = account(out)
    assert len(docs) + len(discards) == pages, f"pages written when killed: {seen}"
    assert {d["doc_id"] for d in docs} == {d["doc_id"] for d in _rows(clean / "documents.jsonl")}


def test_a_full_disk_ends_in_one_line(crawl: tuple[list[str], int, Path], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    page = str(Path(crawl[0][0]) / "page0.html")

    def full(self: object, outcome: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(writers.JsonlSink, "write", full)
    code = main(["batch", page, "--out", str(tmp_path / "out"), "--workers", "1"])
    err = capsys.readouterr().err
    assert code == EXIT_WRITE_FAILED
    assert err.count("\n") == 1 and "No space left on device" in err and "--resume" in err
