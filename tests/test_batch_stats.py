"""`mainmark stats OUT_DIR` over a batch output, and the record fields it reads."""

from __future__ import annotations

import contextlib
import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from mainmark.cli.main import main
from mainmark.ingest.stats import batch_stats, format_stats

PROSE = ("The harbour authority approved the new ferry schedule after a long consultation "
         "with residents, who had asked for earlier crossings in winter. ")


def article(title: str, lang: str, kind: str, paragraphs: int) -> str:
    body = "".join(f"<h2>Part {i}</h2><p>{PROSE * 4} See <a href='/n{i}'>note {i}</a>.</p>"
                   for i in range(paragraphs))
    ld = json.dumps({"@context": "https://schema.org", "@type": kind, "headline": title})
    return (f"<html lang='{lang}'><head><title>{title}</title>"
            f"<script type='application/ld+json'>{ld}</script></head>"
            f"<body><article><h1>{title}</h1>{body}</article></body></html>")


def _batch(src: Path, out: Path, *extra: str) -> int:
    with contextlib.redirect_stderr(io.StringIO()):
        return main(["batch", str(src), "--out", str(out), "--workers", "1",
                     "--links", "text", "--max-tokens", "120", *extra])


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    src = tmp_path_factory.mktemp("pages")
    (src / "a.html").write_text(article("Ferries", "en", "NewsArticle", 3), encoding="utf-8")
    (src / "b.html").write_text(article("Fähren", "de", "BlogPosting", 2), encoding="utf-8")
    (src / "c.html").write_text(article("Bacs", "fr", "NewsArticle", 1), encoding="utf-8")
    (src / "d.html").write_bytes(b"%PDF-1.7 not a page at all")
    (src / "e.html").write_text("<html><body></body></html>", encoding="utf-8")
    runs = {}
    for fmt in ("jsonl", "parquet"):
        out = src.parent / f"out-{fmt}"
        assert _batch(src, out, "--format", fmt) == 0
        runs[fmt] = out
    return runs


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_document_and_discard_records_carry_the_new_fields(outputs: dict[str, Path]) -> None:
    docs = _jsonl(outputs["jsonl"] / "documents.jsonl")
    assert len(docs) == 3
    for d in docs:
        assert d["final_url"] is None  # files: nothing was fetched, no redirect followed
        assert d["word_count"] > 50
        assert d["counts"]["input_bytes"] > d["counts"]["bytes"] > 0
        assert d["links"] and {"text", "url", "href"} <= set(d["links"][0])
    discards = _jsonl(outputs["jsonl"] / "discards.jsonl")
    assert {r["reason"] for r in discards} == {"non_html", "empty_content"}
    for r in discards:
        assert datetime.fromisoformat(r["discarded_at"]).tzinfo is not None
    chunks = _jsonl(outputs["jsonl"] / "chunks.jsonl")
    assert all(c["tag_path"] and c["common_tag_path"] is not None for c in chunks)
    doc_urls = {link["url"] for d in docs for link in d["links"]}
    assert {u for c in chunks for u in c["links"]} == doc_urls


def test_stats_account_for_every_page(outputs: dict[str, Path]) -> None:
    stats = batch_stats(str(outputs["jsonl"]))
    chunks = _jsonl(outputs["jsonl"] / "chunks.jsonl")
    docs = _jsonl(outputs["jsonl"] / "documents.jsonl")
    assert (stats["pages"], stats["documents"], stats["discards"]) == (5, 3, 2)
    assert stats["discards_by_reason"] == {"non_html": 1, "empty_content": 1}
    assert stats["chunks"] == len(chunks)
    assert stats["chunk_tokens"] == sum(c["tokens"] for c in chunks)
    assert stats["tokens"] == sum(d["counts"]["tokens"] for d in docs)
    assert stats["token_overhead"] == pytest.approx(
        stats["chunk_tokens"] / stats["tokens"] - 1, abs=1e-4)
    assert stats["languages"] == {"en": 1, "de": 1, "fr": 1}
    # metadata.page_type (the kind of page) is counted before the schema.org type
    assert stats["page_types"] == {"article": 3}
    assert stats["bytes_in"] > stats["bytes_out"] > 0
    assert stats["links"] == sum(len(d["links"]) for d in docs)


def test_parquet_output_gives_the_same_figures(outputs: dict[str, Path]) -> None:
    jsonl, parquet = batch_stats(str(outputs["jsonl"])), batch_stats(str(outputs["parquet"]))
    assert parquet.pop("format") == "parquet" and jsonl.pop("format") == "jsonl"
    assert parquet == jsonl


def test_page_type_is_preferred_over_the_schema_type(tmp_path: Path) -> None:
    row = {"counts": {"tokens": 10, "bytes": 40}, "metadata": {"type": "WebPage",
                                                               "page_type": "product"}}
    (tmp_path / "documents.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert batch_stats(str(tmp_path))["page_types"] == {"product": 1}


def test_stats_command_text_and_json(outputs: dict[str, Path],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(outputs["jsonl"])]) == 0
    text = capsys.readouterr().out
    assert text == format_stats(batch_stats(str(outputs["jsonl"])))
    assert "5 = 3 documents + 2 discards" in text and "token overhead" in text
    assert main(["stats", str(outputs["parquet"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["documents"] == 3


def test_stats_refuses_a_directory_that_is_no_batch_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(tmp_path)]) == 1
    assert "not a batch output" in capsys.readouterr().err


def test_jsonl_final_url_reaches_the_document_record(tmp_path: Path) -> None:
    line = {"url": "https://a.example/old", "final_url": "https://b.example/new",
            "html": article("Moved", "en", "NewsArticle", 1)}
    (tmp_path / "pages.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert _batch(tmp_path / "pages.jsonl", out) == 0
    (doc,) = _jsonl(out / "documents.jsonl")
    assert (doc["url"], doc["final_url"]) == ("https://a.example/old", "https://b.example/new")
    assert {link["url"] for link in doc["links"]} == {"https://b.example/n0"}  # resolved there
