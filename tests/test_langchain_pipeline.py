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
    """Chroma 0.5's rule, the strictest of the stores: a str, int, float or bool (no
    lists: those come only with ``lists=True``); never None, never an empty string."""
    return isinstance(value, (str, int, float, bool)) and value != ""


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
        assert " > Step " in d.metadata["heading_path"]  # joined: no lists
        assert d.id
    assert len({d.id for d in docs}) == len(docs)
    assert next(d for d in docs if d.metadata["source"] == "memory:0").metadata["url"] == (
        "https://example.org/soup")
    again = MainmarkLoader(memory, options=opts,  # equal bytes at the same URL, equal ids
                           urls={"memory:0": "https://example.org/soup"}).load()
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


def test_unreadable_path_raises_when_asked(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        MainmarkLoader(tmp_path / "missing.html", on_error="raise").load()


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


CITED = ("<html lang='en'><head><title>Harbour tram</title>"
         "<meta name='author' content='Ada Lovelace'>"
         "<meta name='description' content='The harbour line reopens in May.'>"
         "<meta property='og:site_name' content='The Courier'>"
         "<meta property='article:published_time' content='2024-03-01T10:00:00Z'>"
         "</head><body><article><p>" + "The harbour tram line reopens in May. " * 20
         + "</p></article></body></html>")


def test_citation_fields_and_no_empty_values() -> None:
    docs = MainmarkLoader(CITED.encode(), urls={"memory:0": "https://example.org/t"}).load()
    meta = docs[0].metadata
    assert meta["author"] == "Ada Lovelace"
    assert meta["description"] == "The harbour line reopens in May."
    assert meta["site_name"] == "The Courier"
    assert meta["published"].startswith("2024-03-01")
    for d in docs:
        assert all(_plain(v) for v in d.metadata.values()), d.metadata


def test_a_chunk_without_a_heading_has_no_heading_keys() -> None:
    docs = MainmarkLoader(b"<p>" + b"Just a paragraph of text. " * 10 + b"</p>",
                          options=Options(title_heading=False)).load()
    assert docs and all("heading_path" not in d.metadata for d in docs)


def test_same_bytes_at_two_urls_are_two_documents() -> None:
    data = PAGE.encode()
    docs = MainmarkLoader([data, data], urls={"memory:0": "https://a.example/soup",
                                              "memory:1": "https://b.example/soup"}).load()
    half = len(docs) // 2
    assert half > 0 and len({d.id for d in docs}) == len(docs)
    assert [d.page_content for d in docs[:half]] == [d.page_content for d in docs[half:]]
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=8))
    store.add_documents(docs)
    assert len(store.store) == len(docs)


def test_mainmark_values_win_over_incoming_placeholders() -> None:
    raw = [LCDocument(page_content=CITED, metadata={
        "source": "https://example.org/t", "language": "No language found.",
        "title": "No title found.", "description": None, "tags": [], "crawl": {"depth": 2},
        "fetched": "yesterday"})]
    out = MainmarkTransformer().transform_documents(raw)
    meta = out[0].metadata
    assert meta["language"] == "en" and meta["title"] == "Harbour tram"
    assert meta["description"] == "The harbour line reopens in May."
    assert meta["fetched"] == "yesterday" and meta["crawl"] == '{"depth": 2}'
    assert "tags" not in meta
    assert all(_plain(v) for v in meta.values()), meta


def test_incoming_placeholder_is_dropped_when_mainmark_knows_nothing() -> None:
    raw = [LCDocument(page_content="<p>" + "Plain words here. " * 20 + "</p>",
                      metadata={"source": "x", "language": "No language found.",
                                "author": "Someone"})]
    meta = MainmarkTransformer().transform_documents(raw)[0].metadata
    assert "language" not in meta
    assert meta["author"] == "Someone"  # a real value mainmark did not find is kept


def test_broken_files_are_skipped_with_a_warning(pages: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    (pages / "broken.html.gz").write_bytes(gzip.compress(PAGE.encode())[:40])
    (pages / "binary.html").write_bytes(bytes(range(256)) * 8)
    with caplog.at_level("WARNING", logger="mainmark.integrations.langchain"):
        docs = MainmarkLoader(pages, mode="page").load()
    assert {Path(d.metadata["source"]).name for d in docs} == {"a.html", "b.html.gz"}
    warned = " ".join(r.getMessage() for r in caplog.records)
    assert "broken.html.gz" in warned and "binary.html" in warned
    with pytest.raises(InputError, match=r"binary\.html"):  # the first in sorted order
        MainmarkLoader(pages, mode="page", on_error="raise").load()


def test_confidences_only_when_asked() -> None:
    plain = MainmarkTransformer(mode="page").transform_documents([LCDocument(page_content=PAGE)])
    assert not any(key.endswith("_confidence") for key in plain[0].metadata)
    graded = MainmarkTransformer(mode="page", confidence=True).transform_documents(
        [LCDocument(page_content=PAGE)]
    )
    assert graded[0].metadata["published_confidence"] == "medium"
    assert graded[0].metadata["title_confidence"] in ("high", "medium", "low")
    assert plain[0].metadata["page_type"] == graded[0].metadata["page_type"] == "article"
    assert 0.5 < graded[0].metadata["page_type_confidence"] <= 1.0
    loaded = list(MainmarkLoader([PAGE.encode()], mode="page", confidence=True).lazy_load())
    assert loaded[0].metadata["title_confidence"] == graded[0].metadata["title_confidence"]
