"""A real Chroma collection, in process, accepts what the LangChain adapters produce.

Chroma's metadata rules are the strictest of the common stores: before 1.0 a value is a
str, int, float or bool (1.x also takes a non-empty list of one of those types); ``None``
and ``[]`` are refused. The adapters join lists into strings unless ``lists=True``, so
this passes on Chroma 0.5 as on 1.x (``tests/test_langchain_metadata.py`` says how that
was run). The bench test extracts and chunks a sample of TUNE pages of every set (every
k-th page in sorted order): chunking all 1403 TUNE pages takes minutes (all were
checked once by hand: none was rejected).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chromadb
import pytest
from langchain_core.documents import Document as LCDocument

from mainmark import Options
from mainmark.integrations.langchain import MainmarkLoader, MainmarkTransformer
from test_langchain_pipeline import CITED, PAGE

PER_SET = 8


@pytest.fixture(scope="module")
def collection() -> Iterator[Any]:
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(Settings(anonymized_telemetry=False))
    yield client.get_or_create_collection("mainmark-test", embedding_function=None)


def add(collection: Any, docs: list[LCDocument]) -> None:
    """Add with fixed vectors: no embedding model is downloaded."""
    if not docs:
        return  # a page without main content gives no chunk
    collection.add(ids=[str(d.id) for d in docs], documents=[d.page_content for d in docs],
                   metadatas=[d.metadata for d in docs], embeddings=[[1.0, 0.0]] * len(docs))


def test_loader_and_transformer_output_is_accepted(collection: Any) -> None:
    no_heading = b"<p>" + b"Just a paragraph of text. " * 10 + b"</p>"
    docs = MainmarkLoader([PAGE.encode(), CITED.encode(), no_heading],
                          options=Options(max_tokens=96, min_tokens=16, title_heading=False),
                          urls={"memory:1": "https://example.org/t"}).load()
    raw = [LCDocument(page_content=CITED, metadata={
        "source": "https://example.org/async", "language": "No language found.",
        "title": None, "tags": [], "mixed": [1, "a"], "nested": {"a": [1, 2]}})]
    docs += MainmarkTransformer().transform_documents(raw)
    docs += MainmarkLoader(PAGE.encode(), mode="page").load()
    add(collection, docs)
    stored = collection.get(ids=[str(docs[-2].id)])
    assert stored["metadatas"][0]["source"] == "https://example.org/async"
    assert stored["metadatas"][0]["language"] == "en"


def _tune_pages(bench: Path) -> list[tuple[str, Path]]:
    check = json.loads((bench / "check-split.json").read_text(encoding="utf-8"))
    found: list[tuple[str, Path]] = []
    for name, pattern in (("sh", "sh/html/*.html.gz"), ("tr", "tr/html/*.gz"),
                          ("rd", "rd/*/source.html"), ("wx", "wx/html/*.html.gz")):
        held_out = {str(c) for c in check.get(name, [])}
        pages = [p for p in sorted(bench.glob(pattern))
                 if not ({p.name, p.name.removesuffix(".gz"), p.name.split(".")[0],
                          p.parent.name} & held_out)]
        step = max(1, len(pages) // PER_SET)
        found.extend((name, p) for p in itertools.islice(pages, 0, None, step))
    return found


@pytest.mark.bench
def test_bench_pages_are_accepted(bench_dir: Path, collection: Any) -> None:
    pages = _tune_pages(bench_dir)
    assert len({name for name, _ in pages}) == 4
    docs = MainmarkLoader([p for _, p in pages]).load()
    assert len(docs) > len(pages)
    add(collection, docs)
    assert collection.count() >= len(docs)
