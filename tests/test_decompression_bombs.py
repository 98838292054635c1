"""Local compressed inputs that inflate to gigabytes are refused after the page cap, in
bounded memory and time, whichever way they come in: ``mainmark extract x.html.gz``, the
LangChain loader, a batch folder, a gzipped JSONL file and a WARC record whose HTTP
payload carries ``Content-Encoding: gzip``. (HTTP bodies: ``test_fetch_transport.py``.)"""

from __future__ import annotations

import gzip
import struct
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mainmark.cli.main import main
from mainmark.errors import InputError
from mainmark.ingest.records import Reason, process_record
from mainmark.ingest.sources import expand_inputs, iter_pages
from mainmark.integrations.langchain import MainmarkLoader
from mainmark.options import Options

CAP = 1 << 20
SLACK = 24 << 20  # traced memory a refusal may take besides the cap itself


def zeros_gzip(total: int, head: bytes = b"<html><body><p>") -> bytes:
    """One gzip member: ``head`` then ``total`` zero bytes, built without holding them
    (a fully flushed deflate block restarts the compressor, so its bytes repeat; the
    trailer is right, for the readers that do get there)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = compressor.compress(head) + compressor.flush(zlib.Z_FULL_FLUSH)
    zeros = b"\0" * (4 << 20)
    block = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(head)
    for _ in range(total >> 22):
        crc = zlib.crc32(zeros, crc)
    size = (len(head) + (total >> 22 << 22)) & 0xFFFFFFFF
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + start + block * (total >> 22)
            + compressor.flush() + struct.pack("<II", crc, size))


@contextmanager
def bounded(seconds: float, memory: int) -> Iterator[None]:
    """The block must end within ``seconds`` with a traced peak under ``memory``."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        yield
        took = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < memory, f"{peak >> 20} MB traced"
    assert took < seconds, f"{took:.1f} s"


def test_extract_refuses_a_gz_page_past_the_input_cap(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    bomb = tmp_path / "page.html.gz"
    bomb.write_bytes(zeros_gzip(256 << 20))  # 256 KB on disk
    cap = Options().max_input_bytes
    with bounded(5, cap + SLACK):
        assert main(["extract", str(bomb)]) == 1
    assert f"over {cap} bytes (inflated)" in capsys.readouterr().err


def test_the_langchain_loader_refuses_a_gz_page_past_the_input_cap(tmp_path: Path) -> None:
    (tmp_path / "page.html.gz").write_bytes(zeros_gzip(256 << 20))
    loader = MainmarkLoader(str(tmp_path), options=Options(max_input_bytes=CAP),
                            on_error="raise")
    with bounded(5, CAP + SLACK), pytest.raises(InputError, match="inflated"):
        list(loader.lazy_load())
    quiet = MainmarkLoader(str(tmp_path), options=Options(max_input_bytes=CAP))
    assert list(quiet.lazy_load()) == []


def test_a_gz_page_in_a_batch_folder_is_too_large(tmp_path: Path) -> None:
    (tmp_path / "page.html.gz").write_bytes(zeros_gzip(1 << 30))
    with bounded(5, CAP + SLACK):
        records = list(iter_pages(expand_inputs([str(tmp_path)]), max_bytes=CAP))
        outcome = process_record(records[0], max_bytes=CAP)
    assert outcome.discard is not None and outcome.discard["reason"] == "too_large"


def test_a_gzipped_jsonl_line_past_the_cap_is_skipped_in_bounded_memory(tmp_path: Path
                                                                        ) -> None:
    page = b'{"url": "https://a.example/", "html": "<p>fine</p>"}\n'
    bomb = zeros_gzip(64 << 20, head=b'{"url": "https://b.example/", "html": "<p>')
    end = gzip.compress(b"\"}\n")
    (tmp_path / "pages.jsonl.gz").write_bytes(gzip.compress(page) + bomb + end
                                              + gzip.compress(page))
    with bounded(8, CAP + SLACK):
        records = list(iter_pages(expand_inputs([str(tmp_path / "pages.jsonl.gz")]),
                                  max_bytes=CAP))
    reasons = [r.problem[0] if r.problem else None for r in records]
    assert reasons == [None, Reason.TOO_LARGE, None]


def _warc_with_encoded_payload(payload: bytes) -> bytes:
    """One gzipped WARC response record whose HTTP payload is ``Content-Encoding: gzip``."""
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
            b"Content-Length: %d\r\n\r\n" % len(payload)) + payload
    head = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://b.example/\r\n"
            b"WARC-Date: 2024-01-01T00:00:00Z\r\n"
            b"WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\n"
            b"Content-Type: application/http; msgtype=response\r\n"
            b"Content-Length: %d\r\n\r\n" % len(http))
    return gzip.compress(head + http + b"\r\n\r\n", compresslevel=1)


def test_a_warc_payload_under_content_encoding_stops_at_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "crawl.warc.gz"
    path.write_bytes(_warc_with_encoded_payload(zeros_gzip(2 << 30)))  # 2 MB: 2 GB inflated
    with bounded(3, CAP + 64 * (1 << 20)):
        records = list(iter_pages(expand_inputs([str(path)]), max_bytes=CAP))
    assert len(records) == 1 and records[0].problem is None
    outcome = process_record(records[0], max_bytes=CAP)
    assert outcome.discard is not None and outcome.discard["reason"] == "too_large"

