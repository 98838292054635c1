"""The Ray Data path on a local Ray instance gives the rows ``mainmark batch`` gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import ray

from mainmark.cli.flags import options_from_args
from mainmark.cli.main import build_parser
from mainmark.ingest.records import record_to_row
from mainmark.ingest.sources import expand_inputs, iter_pages
from mainmark.integrations.ray import MainmarkPages, page_schema, write_parquet
from mainmark.options import Options
from test_batch_cli import arrow_types, read_jsonl, shared_runs, without_clock
from test_batch_corpus import MAX_PAGE_BYTES, PAGE_TIMEOUT, Corpus, page_key, shared_corpus

# Ray warns about its own deprecated settings while it initialises; not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture
def crawl() -> Corpus:
    return shared_corpus()


def batch_options() -> Options:
    """Exactly the options ``mainmark batch`` ran with, so the stamps' hashes agree."""
    return options_from_args(build_parser().parse_args(["batch", "x", "--out", "y"]))


#: Only what the corpus needs; the actor count is left to its default (sized from the
#: cluster's CPUs), which is the documented call that used to hang on 2 CPUs.
SETTINGS: dict[str, Any] = {"page_timeout": float(PAGE_TIMEOUT),
                            "max_page_bytes": int(MAX_PAGE_BYTES)}


def normalise(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted((without_clock(dict(r)) for r in rows),
                  key=lambda r: (str(r["doc_id"]), int(r["index"])))


def test_callable_class_gives_the_batch_chunks(crawl: Corpus) -> None:
    """What ``map_batches`` hands the class: an Arrow batch of page rows."""
    records = iter_pages(expand_inputs(crawl.inputs), max_bytes=int(MAX_PAGE_BYTES))
    batch = pa.Table.from_pylist([record_to_row(r) for r in records])
    pages = MainmarkPages(batch_options(), page_timeout=float(PAGE_TIMEOUT),
                          max_page_bytes=int(MAX_PAGE_BYTES))
    rows = pages(batch).to_pylist()
    assert normalise(rows) == normalise(read_jsonl(shared_runs()[2] / "chunks.jsonl"))


def test_callable_class_page_rows_account_for_every_page(crawl: Corpus) -> None:
    records = iter_pages(expand_inputs(crawl.inputs), max_bytes=int(MAX_PAGE_BYTES))
    batch: dict[str, list[Any]] = {"url": [], "html": [], "headers": []}  # dict of columns
    for record in records:
        row = record_to_row(record)
        if row["problem"] or row["html_is_text"]:
            continue  # this format carries url + html bytes + headers only
        for key in batch:
            batch[key].append(row[key])
    pages = MainmarkPages(batch_options(), output="pages", page_timeout=float(PAGE_TIMEOUT),
                          max_page_bytes=int(MAX_PAGE_BYTES))
    rows = pages(batch).to_pylist()
    assert len(rows) == len(batch["url"])
    assert {r["status"] for r in rows} == {"document", "discard"}


def test_ray_parquet_pipeline_accounts_for_every_page(local_ray: None, crawl: Corpus,
                                                      tmp_path: Path) -> None:
    write_parquet(crawl.inputs, str(tmp_path), batch_options(), **SETTINGS)
    table = pq.read_table(tmp_path / "pages")
    nested = [t for f in table.schema for t in arrow_types(f.type)]
    assert not [t for t in nested if pa.types.is_map(t) or pa.types.is_union(t)]
    assert set(page_schema().names) | {"chunks_json"} == set(table.schema.names)
    pages = table.to_pylist()
    assert len(pages) == crawl.pages
    outcome = {page_key(p): p["reason"] for p in pages}
    assert outcome == crawl.expected

    batch_docs = {d["doc_id"]: d for d in read_jsonl(shared_runs()[2] / "documents.jsonl")}
    ray_docs = {p["doc_id"]: p for p in pages if p["status"] == "document"}
    assert ray_docs.keys() == batch_docs.keys()
    for doc_id, doc in batch_docs.items():
        assert ray_docs[doc_id]["markdown"] == doc["markdown"]
        assert ray_docs[doc_id]["counts"] == doc["counts"]
        assert without_clock(ray_docs[doc_id])["stamp"] == without_clock(doc)["stamp"]

    chunks_dir = tmp_path / "chunks"
    chunks = pq.read_table(chunks_dir).to_pylist() if chunks_dir.exists() else []
    batch_chunks = read_jsonl(shared_runs()[2] / "chunks.jsonl")
    assert normalise(chunks) == normalise(batch_chunks)
