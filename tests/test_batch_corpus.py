"""A small crawl on disk (WARC.gz, JSONL, a directory) and how the sources read it.

``build_corpus`` is shared by the batch, resume and Ray tests: every kind of page a
crawl holds, each with the reason it must end up as (``None``: a document).
"""

from __future__ import annotations

import atexit
import base64
import functools
import gzip
import io
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from mainmark.ingest.records import Reason, process_record
from mainmark.ingest.sources import Kind, expand_inputs, iter_pages

#: Per-page CPU budget the batch tests run with: far above what the small pages
#: need, far below what the big page takes (it is cut off when the budget is spent,
#: so a run pays the budget, not the page).
PAGE_TIMEOUT = "1.0"
#: Size cap the batch tests run with: above the slow page, below the huge one.
MAX_PAGE_BYTES = str(12 * 1024 * 1024)


def article(title: str, body: str) -> str:
    paragraphs = "".join(f"<p>{body} Sentence {i} of the article adds a little more.</p>"
                         for i in range(6))
    return (f"<html><head><title>{title}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article><h1>{title}</h1>{paragraphs}</article>"
            "<footer>Copyright footer text</footer></body></html>")


def slow_page() -> bytes:
    """About 10 MB of distinct paragraphs: seconds of honest work for any extractor
    (parse, walk, render, count tokens), so a 1 s budget always runs out."""
    parts = [f"<p>Paragraph {i} discusses item {i * 7919 % 100003} at some length, "
             f"with words like alpha{i % 97} beta{i % 89} gamma{i % 83}.</p>"
             for i in range(110_000)]
    return ("<html><body><article><h1>A very long page</h1>" + "".join(parts)
            + "</article></body></html>").encode()


@dataclass(frozen=True)
class Corpus:
    root: Path
    warc: Path
    jsonl: Path
    pages_dir: Path
    #: url (or file name for the directory pages) -> expected discard reason or None
    expected: dict[str, str | None]

    @property
    def inputs(self) -> list[str]:
        return [str(self.warc), str(self.jsonl), str(self.pages_dir)]

    @property
    def pages(self) -> int:
        return len(self.expected)


def _response(writer: WARCWriter, url: str, body: bytes, content_type: str) -> None:
    headers = StatusAndHeaders("200 OK", [("Content-Type", content_type),
                                          ("Content-Length", str(len(body)))],
                               protocol="HTTP/1.1")
    _write(writer, writer.create_warc_record(url, "response", payload=io.BytesIO(body),
                                             length=len(body), http_headers=headers))


def _write(writer: WARCWriter, record: Any) -> None:
    """Write a record and close the buffer warcio may have spooled its payload into."""
    writer.write_record(record)
    record.raw_stream.close()


def _write_warc(path: Path) -> dict[str, str | None]:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=True)
    _write(writer, writer.create_warcinfo_record("crawl.warc.gz", {"software": "test"}))
    request = StatusAndHeaders("GET /utf8 HTTP/1.1", [("Host", "example.com")],
                               is_http_request=True)
    _write(writer, writer.create_warc_record("https://example.com/utf8", "request",
                                             payload=io.BytesIO(b""), length=0,
                                             http_headers=request))
    pages = [
        ("https://example.com/utf8", article("Grüße aus Köln", "Überall schöne Straßen.")
         .encode("utf-8"), "text/html; charset=utf-8", None),
        ("https://example.com/cp1252", article("Café déjà vu", "Naïve façade, crème brûlée.")
         .encode("windows-1252"), "text/html; charset=windows-1252", None),
        ("https://example.jp/sjis", article("日本語の記事", "東京の天気は晴れです。")
         .encode("shift_jis"), "text/html; charset=Shift_JIS", None),
        ("https://example.com/report.pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
         "application/pdf", Reason.NON_HTML.value),
        ("https://example.com/empty", b"<html><body></body></html>", "text/html",
         Reason.EMPTY_CONTENT.value),
        ("https://example.com/slow", slow_page(), "text/html; charset=utf-8",
         Reason.TIMEOUT.value),
    ]
    for url, body, ctype, _ in pages:
        _response(writer, url, body, ctype)
    meta = b"fetchTimeMs: 12\n"
    _write(writer, writer.create_warc_record("https://example.com/utf8", "metadata",
                                             payload=io.BytesIO(meta), length=len(meta)))
    complete = buf.getvalue()
    _response(writer, "https://example.com/cut",
              article("Cut short", "This record is cut in the middle.").encode() * 20,
              "text/html")
    last = buf.getvalue()[len(complete):]
    # An interrupted download: the last record stops half-way through its gzip member.
    path.write_bytes(complete + last[: len(last) // 2])
    expected: dict[str, str | None] = {url: reason for url, _, _, reason in pages}
    expected["https://example.com/cut"] = Reason.TRUNCATED.value
    return expected


def _write_jsonl(path: Path) -> dict[str, str | None]:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256))).decode()
    latin = article("Économie", "Les marchés ont été calmes.").encode("windows-1252")
    lines = [
        json.dumps({"url": "https://jsonl.example/text",
                    "html": article("Plain text page", "Stored as a JSON string.")}),
        json.dumps({"url": "https://jsonl.example/b64", "body": base64.b64encode(latin).decode(),
                    "content_type": "text/html; charset=windows-1252",
                    "fetched_at": "2024-05-01T12:00:00Z"}),
        '{"url": "https://jsonl.example/broken", "html": "<p>unterminated',
        "",
        json.dumps({"url": "https://jsonl.example/image", "body": png}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {
        "https://jsonl.example/text": None,
        "https://jsonl.example/b64": None,
        "jsonl-line-3": Reason.BAD_LINE.value,
        "https://jsonl.example/image": Reason.NON_HTML.value,
    }


def _write_dir(path: Path) -> dict[str, str | None]:
    path.mkdir()
    (path / "a.html").write_text(article("Plain file", "Read from a directory."),
                                 encoding="utf-8")
    (path / "sub").mkdir()
    with gzip.open(path / "sub" / "b.html.gz", "wb") as handle:
        handle.write(article("Gzipped file", "Read through gzip.").encode())
    huge = b"<html><body>" + b"<p>filler</p>" * (13 * 1024 * 1024 // 13) + b"</body></html>"
    with gzip.open(path / "huge.htm.gz", "wb", compresslevel=1) as handle:
        handle.write(huge)
    (path / "notes.txt").write_text("not a page, and not named like one\n")
    return {"a.html": None, "b.html.gz": None, "huge.htm.gz": Reason.TOO_LARGE.value}


def build_corpus(root: Path) -> Corpus:
    root.mkdir(parents=True, exist_ok=True)
    warc, jsonl, pages_dir = root / "crawl.warc.gz", root / "pages.jsonl", root / "site"
    expected = {**_write_warc(warc), **_write_jsonl(jsonl), **_write_dir(pages_dir)}
    return Corpus(root, warc, jsonl, pages_dir, expected)


def page_key(row: dict[str, object]) -> str:
    """The ``expected`` key of an output row: url, or file name / JSONL line when none."""
    location = row["location"]
    assert isinstance(location, dict)
    if row.get("url"):
        return str(row["url"])
    if location.get("line"):
        return f"jsonl-line-{location['line']}"
    return Path(str(location["file"])).name


@functools.cache
def shared_corpus() -> Corpus:
    """One corpus per test process, shared by the batch, resume and Ray test modules
    (building it, the 10 MB slow page above all, is the costly part)."""
    root = Path(tempfile.mkdtemp(prefix="mainmark-crawl-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    return build_corpus(root / "crawl")


@pytest.fixture
def corpus() -> Corpus:
    return shared_corpus()


# ----------------------------------------------------------------------------- sources


def test_inputs_are_classified_by_content_not_name(corpus: Corpus) -> None:
    kinds = {Path(p).name: k for p, k in expand_inputs(corpus.inputs)}
    assert kinds == {"crawl.warc.gz": Kind.WARC, "pages.jsonl": Kind.JSONL,
                     "a.html": Kind.HTML, "b.html.gz": Kind.HTML, "huge.htm.gz": Kind.HTML}


def test_a_jsonl_file_named_html_is_still_read_as_jsonl(corpus: Corpus, tmp_path: Path) -> None:
    disguised = tmp_path / "feed.html"
    disguised.write_bytes(corpus.jsonl.read_bytes())
    assert expand_inputs([str(disguised)]) == [(str(disguised), Kind.JSONL)]


def test_every_page_of_the_crawl_becomes_exactly_one_record(corpus: Corpus) -> None:
    records = list(iter_pages(expand_inputs(corpus.inputs), max_bytes=12 * 1024 * 1024))
    keys = [page_key({"url": r.url, "location": r.location.to_dict()}) for r in records]
    assert sorted(keys) == sorted(corpus.expected)


def test_warc_records_carry_their_http_headers_and_offsets(corpus: Corpus) -> None:
    records = list(iter_pages([(str(corpus.warc), Kind.WARC)], max_bytes=1 << 24))
    by_url = {r.url: r for r in records}
    sjis = by_url["https://example.jp/sjis"]
    assert ("Content-Type", "text/html; charset=Shift_JIS") in sjis.headers
    offsets = [r.location.offset for r in records]
    known = [o for o in offsets if o is not None]
    assert known == offsets and known == sorted(known)
    assert len(set(offsets)) == len(offsets)


def test_truncated_warc_record_is_reported_not_dropped(corpus: Corpus) -> None:
    records = list(iter_pages([(str(corpus.warc), Kind.WARC)], max_bytes=1 << 24))
    last = records[-1]
    assert last.problem is not None and last.problem[0] is Reason.TRUNCATED
    assert "truncated" in last.problem[1]


def test_oversized_pages_are_not_held_in_memory(corpus: Corpus) -> None:
    path = corpus.pages_dir / "huge.htm.gz"
    (tiny,) = iter_pages([(str(path), Kind.HTML)], max_bytes=1024)
    assert tiny.body == b"" and tiny.size == path.stat().st_size
    # under the cap compressed, it travels compressed and the worker's capped inflation
    # finds it too large without inflating it all
    (record,) = iter_pages([(str(path), Kind.HTML)], max_bytes=1 << 20)
    assert record.compressed and record.body == path.read_bytes()
    outcome = process_record(record, max_bytes=1 << 20)
    assert outcome.discard is not None and outcome.discard["reason"] == "too_large"


def test_jsonl_base64_body_is_bytes_and_text_html_is_text(corpus: Corpus) -> None:
    records = {r.url: r for r in iter_pages([(str(corpus.jsonl), Kind.JSONL)], max_bytes=1 << 20)}
    assert isinstance(records["https://jsonl.example/b64"].body, bytes)
    assert isinstance(records["https://jsonl.example/text"].body, str)
    assert records["https://jsonl.example/b64"].fetched_at == "2024-05-01T12:00:00Z"


def test_a_json_file_in_a_directory_is_not_taken_for_pages(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"name": "site", "version": "1.0"}\n')
    (tmp_path / "page.html").write_text("<p>hello</p>")
    assert expand_inputs([str(tmp_path)]) == [(str(tmp_path / "page.html"), Kind.HTML)]


def test_the_output_directory_inside_an_input_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<p>hello</p>")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "documents.jsonl").write_text('{"url": "x", "markdown": "m"}\n')
    (tmp_path / "out" / "stray.html").write_text("<p>not an input</p>")
    found = expand_inputs([str(tmp_path)], exclude=str(tmp_path / "out"))
    assert found == [(str(tmp_path / "page.html"), Kind.HTML)]
