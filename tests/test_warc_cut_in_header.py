"""A plain WARC cut inside the next record's header: the whole record before the cut is a
page (a document), the cut one a ``truncated`` discard, at every cut point.

The file a crawler was writing when it died ends anywhere: inside ``WARC/1.0`` itself,
inside the header lines, or right after them. The record before the cut is complete and
must not be blamed for the damage after it (it was lost, or reported as damaged, before).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from mainmark.cli.main import main
from mainmark.ingest.records import Reason
from mainmark.ingest.warc import read_warc


def _article(title: str) -> str:
    body = f"<p>{title}: a paragraph long enough to be the main content of the page.</p>" * 5
    return f"<html><body><article><h1>{title}</h1>{body}</article></body></html>"


def _warc(count: int) -> bytes:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=False)
    for i in range(count):
        body = _article(f"Record {i}").encode()
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")],
                                protocol="HTTP/1.1")
        record = writer.create_warc_record(f"https://w.example/{i}", "response",
                                           payload=io.BytesIO(body), length=len(body),
                                           http_headers=http)
        writer.write_record(record)
    return buf.getvalue()


FULL = _warc(3)
#: Where the third record starts: the file is cut this many bytes into its header.
THIRD = FULL.index(b"WARC/1.", FULL.index(b"WARC/1.", 1) + 1)
HEADER_END = FULL.index(b"\r\n\r\n", THIRD)
CUTS = [1, 2, 5, 7, 9, 10, 30, 60, HEADER_END - THIRD - 20, HEADER_END - THIRD]


@pytest.mark.parametrize("cut", CUTS)
def test_the_records_before_a_cut_header_are_pages(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "cut.warc"
    path.write_bytes(FULL[:THIRD + cut])
    records = list(read_warc(str(path), max_bytes=1 << 20))
    assert [(r.url, r.problem) for r in records[:2]] == [
        ("https://w.example/0", None), ("https://w.example/1", None)]
    assert len(records) == 3
    assert records[2].problem is not None and records[2].problem[0] is Reason.TRUNCATED
    offset = records[2].location.offset  # the cut record, or the blank lines before it
    assert offset is not None and THIRD - 4 <= offset <= THIRD
    assert records[2].url in (None, "https://w.example/2")  # never a half-written URL


def test_batch_writes_the_whole_record_and_a_truncated_discard(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.warc"
    two = FULL.index(b"WARC/1.", 1)
    path.write_bytes(FULL[:two + 40])  # one whole record, then 40 bytes of the next header
    out = tmp_path / "out"
    assert main(["batch", str(path), "--out", str(out), "--workers", "1"]) == 0
    assert "2 pages in = 1 documents + 1 discards" in capsys.readouterr().err
    assert '"https://w.example/0"' in (out / "documents.jsonl").read_text(encoding="utf-8")
    assert '"truncated"' in (out / "discards.jsonl").read_text(encoding="utf-8")
