"""``mainmark batch`` over a crawl: every page accounted for, the right reasons, and the
same files whatever the number of workers."""

from __future__ import annotations

import codecs
import contextlib
import functools
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from mainmark.cli.main import main
from mainmark.ingest.records import Reason
from test_batch_corpus import MAX_PAGE_BYTES, PAGE_TIMEOUT, Corpus, page_key, shared_corpus


def run_batch(corpus: Corpus, out: Path, *extra: str) -> int:
    return main(["batch", *corpus.inputs, "--out", str(out), "--page-timeout", PAGE_TIMEOUT,
                 "--max-page-bytes", MAX_PAGE_BYTES, *extra])


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def without_clock(row: dict[str, Any]) -> dict[str, Any]:
    """A row minus its clock fields (``stamp.extracted_at``, a discard's ``discarded_at``),
    the only fields that differ between runs."""
    if "discarded_at" in row:
        return {k: v for k, v in row.items() if k != "discarded_at"}
    stamp = {k: v for k, v in row.get("stamp", {}).items() if k != "extracted_at"}
    return {**row, "stamp": stamp} if "stamp" in row else row


@functools.cache
def shared_runs() -> dict[int, Path]:
    """The corpus through ``mainmark batch`` with 1 and 2 workers, once per process."""
    crawl = shared_corpus()
    outs = {}
    for workers in (1, 2):
        out = crawl.root.parent / f"out{workers}"
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            assert run_batch(crawl, out, "--workers", str(workers)) == 0
        (out / "stderr.txt").write_text(err.getvalue())  # the run's summary, kept with it
        outs[workers] = out
    return outs


@pytest.fixture
def crawl() -> Corpus:
    return shared_corpus()


@pytest.fixture
def runs() -> dict[int, Path]:
    return shared_runs()


def test_pages_in_equal_documents_plus_discards(crawl: Corpus, runs: dict[int, Path]) -> None:
    documents = read_jsonl(runs[2] / "documents.jsonl")
    discards = read_jsonl(runs[2] / "discards.jsonl")
    assert len(documents) + len(discards) == crawl.pages


@pytest.mark.parametrize("workers", [1, 2])
def test_summary_states_the_counting_rule(crawl: Corpus, runs: dict[int, Path],
                                          workers: int) -> None:
    err = (runs[workers] / "stderr.txt").read_text()
    match = re.search(r"(\d+) pages in = (\d+) documents \+ (\d+) discards", err)
    assert match, err
    pages, docs, discards = map(int, match.groups())
    assert pages == crawl.pages == docs + discards
    assert "\r" not in err  # no progress bar when stderr is not a terminal


def test_every_page_ends_with_its_expected_reason(crawl: Corpus, runs: dict[int, Path]) -> None:
    outcome: dict[str, str | None] = {
        page_key(row): None for row in read_jsonl(runs[2] / "documents.jsonl")}
    outcome.update({page_key(row): row["reason"]
                    for row in read_jsonl(runs[2] / "discards.jsonl")})
    assert outcome == crawl.expected


def test_discard_reasons_come_from_the_fixed_set(runs: dict[int, Path]) -> None:
    reasons = {row["reason"] for row in read_jsonl(runs[2] / "discards.jsonl")}
    assert reasons <= {r.value for r in Reason}


@pytest.mark.parametrize("name", ["documents.jsonl", "chunks.jsonl", "discards.jsonl"])
def test_output_is_identical_with_one_and_two_workers(runs: dict[int, Path], name: str) -> None:
    one = [without_clock(r) for r in read_jsonl(runs[1] / name)]
    two = [without_clock(r) for r in read_jsonl(runs[2] / name)]
    assert one == two


def test_output_follows_input_order(crawl: Corpus, runs: dict[int, Path]) -> None:
    docs = read_jsonl(runs[2] / "documents.jsonl")
    containers = [str(crawl.warc), str(crawl.jsonl), str(crawl.pages_dir)]

    def position(row: dict[str, Any]) -> tuple[int, int, str]:
        loc = row["location"]
        index = next(i for i, c in enumerate(containers) if loc["file"].startswith(c))
        return index, loc["offset"] or loc["line"] or 0, loc["file"]

    assert [position(d) for d in docs] == sorted(position(d) for d in docs)


def test_discards_point_back_into_their_container(runs: dict[int, Path]) -> None:
    by_key = {page_key(r): r for r in read_jsonl(runs[2] / "discards.jsonl")}
    assert by_key["https://example.com/report.pdf"]["location"]["offset"] > 0
    assert by_key["jsonl-line-3"]["location"]["line"] == 3
    assert "PDF" in by_key["https://example.com/report.pdf"]["detail"] \
        or "pdf" in by_key["https://example.com/report.pdf"]["detail"]


@pytest.mark.parametrize(("url", "charset", "word"), [
    ("https://example.com/cp1252", "windows-1252", "Café"),
    ("https://example.jp/sjis", "shift_jis", "日本語"),
    ("https://example.com/utf8", "utf-8", "Grüße"),
    ("https://jsonl.example/b64", "windows-1252", "Économie"),
])
def test_http_header_charset_decides_the_decoding(runs: dict[int, Path], url: str,
                                                  charset: str, word: str) -> None:
    doc = next(r for r in read_jsonl(runs[2] / "documents.jsonl") if r["url"] == url)
    assert codecs.lookup(doc["encoding"]["name"]).name == codecs.lookup(charset).name
    assert doc["encoding"]["signal"] == "header"
    assert word in doc["markdown"]


def test_document_rows_carry_counts_and_stamp(runs: dict[int, Path]) -> None:
    docs = read_jsonl(runs[2] / "documents.jsonl")
    chunks = read_jsonl(runs[2] / "chunks.jsonl")
    for doc in docs:
        assert doc["counts"]["bytes"] == len(doc["markdown"].encode("utf-8"))
        assert doc["counts"]["tokens"] > 0
        assert doc["counts"]["chunks"] == sum(1 for c in chunks if c["doc_id"] == doc["doc_id"])
        assert len(doc["stamp"]["content_sha256"]) == 64


def test_a_missing_input_is_a_clean_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 1
    assert "no such file" in capsys.readouterr().err


@functools.cache
def shared_parquet_run() -> Path:
    """The corpus through ``mainmark batch --format parquet``, once per process."""
    out = shared_corpus().root.parent / "out-parquet"
    with contextlib.redirect_stderr(io.StringIO()):
        assert run_batch(shared_corpus(), out, "--workers", "2", "--format", "parquet") == 0
    return out


def test_parquet_output_holds_the_same_documents(runs: dict[int, Path]) -> None:
    out = shared_parquet_run()
    table = pq.read_table(out / "documents.parquet")
    jsonl = read_jsonl(runs[2] / "documents.jsonl")
    assert table.column("doc_id").to_pylist() == [d["doc_id"] for d in jsonl]
    assert table.column("markdown").to_pylist() == [d["markdown"] for d in jsonl]
    chunks = pq.read_table(out / "chunks.parquet")
    assert chunks.num_rows == len(read_jsonl(runs[2] / "chunks.jsonl"))
    assert [without_clock(d) for d in read_jsonl(out / "discards.jsonl")] == [
        without_clock(d) for d in read_jsonl(runs[2] / "discards.jsonl")]


def test_parquet_chunk_columns_cover_every_chunk_field(runs: dict[int, Path]) -> None:
    chunks = read_jsonl(runs[2] / "chunks.jsonl")
    columns = set(pq.read_schema(shared_parquet_run() / "chunks.parquet").names)
    assert chunks, "the corpus pages should give chunks"
    assert set(chunks[0]) <= columns


def arrow_types(typ: Any) -> Iterator[Any]:
    """A type and every type nested in it."""
    yield typ
    for i in range(getattr(typ, "num_fields", 0)):
        yield from arrow_types(typ.field(i).type)
    if hasattr(typ, "value_type"):
        yield from arrow_types(typ.value_type)


def test_parquet_has_no_map_or_union_columns_and_loads_in_datasets(
        tmp_path: Path) -> None:
    import pyarrow as pa
    from datasets import Dataset

    out = shared_parquet_run()
    for name in ("documents.parquet", "chunks.parquet"):
        schema = pq.read_schema(out / name)
        nested = [t for f in schema for t in arrow_types(f.type)]
        assert not [t for t in nested if pa.types.is_map(t) or pa.types.is_union(t)], name
    docs = Dataset.from_parquet(str(out / "documents.parquet"), cache_dir=str(tmp_path))
    jsonl = read_jsonl(shared_runs()[2] / "documents.jsonl")
    assert docs.num_rows == len(jsonl)
    first = docs[0]
    assert first["encoding"] == jsonl[0]["encoding"]  # one shape in both formats
    sources = {p["key"]: p["value"] for p in first["metadata"]["sources"]}
    assert sources == jsonl[0]["metadata"]["sources"]
    chunks = Dataset.from_parquet(str(out / "chunks.parquet"), cache_dir=str(tmp_path))
    assert chunks.num_rows == len(read_jsonl(shared_runs()[2] / "chunks.jsonl"))
