"""A real LangChain pipeline: loader -> in-memory vector store, and the transformer."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from langchain_core.documents import Document as LCDocument
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.vectorstores import InMemoryVectorStore

from mainmark import Options
from mainmark.errors import InputError
from mainmark.integrations.langchain import MainmarkLoader, MainmarkTransformer

PAGE = ("<html><head><title>Soup guide</title><meta property='article:published_time' "
        "content='2024-03-01T10:00:00Z'></head><body><article><h1>Soup</h1>"
        + "".join(f"<h2>Step {i}</h2><p>{'Stir the pot slowly. ' * 30}</p>" for i in range(4))
        + "</article></body></html>")
STAMP_KEYS = {"extractor", "extractor_version", "options_hash", "content_sha256"}


def _plain(value: object) -> bool:
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    (tmp_path / "a.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.html.gz").write_bytes(gzip.compress(PAGE.replace("Soup", "Bread")
                                                               .encode()))
    (tmp_path / "notes.txt").write_text("not a page")
    return tmp_path


def test_loader_to_vector_store_and_back(pages: Path) -> None:
    opts = Options(max_tokens=96, min_tokens=16)
    memory = PAGE.replace("Soup", "Stew").encode()
    docs = list(MainmarkLoader([pages, memory], options=opts,
                               urls={"memory:0": "https://example.org/soup"}).lazy_load())
    sources = {d.metadata["source"] for d in docs}
    assert sources == {str(pages / "a.html"), str(pages / "sub" / "b.html.gz"), "memory:0"}
    for d in docs:
        assert all(_plain(v) for v in d.metadata.values()), d.metadata
        assert d.metadata.keys() >= STAMP_KEYS
        assert d.metadata["tokens"] <= 96
        assert d.metadata["headings"] == " > ".join(d.metadata["heading_path"])
        assert d.id
    assert len({d.id for d in docs}) == len(docs)
    assert next(d for d in docs if d.metadata["source"] == "memory:0").metadata["url"] == (
        "https://example.org/soup")
    again = MainmarkLoader(memory, options=opts).load()  # equal bytes, equal ids
    assert [d.id for d in again] == [d.id for d in docs if d.metadata["source"] == "memory:0"]
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=32))
    ids = store.add_documents(docs)
    assert ids == [d.id for d in docs]
    hit = store.similarity_search(docs[3].page_content, k=1)[0]
    assert hit.id == docs[3].id and hit.metadata["md_start"] == docs[3].metadata["md_start"]


def test_page_mode_and_globs(pages: Path) -> None:
    docs = MainmarkLoader(str(pages / "**" / "*.html*"), mode="page").load()
    assert len(docs) == 2
    assert all("chunk_index" not in d.metadata and d.page_content.startswith("# ")
               for d in docs)


def test_unknown_values_are_omitted_not_none() -> None:
    docs = MainmarkLoader(b"<p>" + b"Just a paragraph of text. " * 10 + b"</p>").load()
    assert docs
    assert all(None not in d.metadata.values() for d in docs)
    assert all("url" not in d.metadata for d in docs)


def test_unreadable_path_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        MainmarkLoader(tmp_path / "missing.html").load()


def test_transformer_after_a_loader_keeps_the_loader_metadata() -> None:
    raw = [LCDocument(page_content=PAGE, metadata={"source": "https://example.org/soup",
                                                   "loader": "AsyncHtmlLoader"})]
    out = MainmarkTransformer(options=Options(max_tokens=96, min_tokens=16)
                              ).transform_documents(raw)
    assert len(out) > 2
    for d in out:
        assert d.metadata["source"] == "https://example.org/soup"
        assert d.metadata["loader"] == "AsyncHtmlLoader"
        assert d.metadata["url"] == "https://example.org/soup"
        assert isinstance(d.metadata["chunk_index"], int)
        assert all(_plain(v) for v in d.metadata.values())
    assert [d.metadata["chunk_index"] for d in out] == list(range(len(out)))
