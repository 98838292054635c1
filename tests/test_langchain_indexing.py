"""Incremental re-indexing with LangChain's indexing API: unchanged pages cost nothing,
an edited page has exactly its own chunks replaced."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.indexing import InMemoryRecordManager
from langchain_core.vectorstores import InMemoryVectorStore

from mainmark import Options
from mainmark.integrations.langchain import MainmarkLoader, index_pages


def page(name: str, extra: str = "") -> str:
    sections = "".join(f"<h2>{name} part {i}</h2><p>{f'{name} has words in part {i}. ' * 25}</p>"
                       for i in range(3))
    return (f"<html><head><title>{name}</title></head><body><article><h1>{name}</h1>"
            f"{sections}{extra}</article></body></html>")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("alpha", "beta", "gamma"):
        (tmp_path / f"{name}.html").write_text(page(name.title()), encoding="utf-8")
    return tmp_path


def test_three_runs_add_skip_and_replace_only_the_edited_page(folder: Path) -> None:
    manager = InMemoryRecordManager(namespace="test")
    manager.create_schema()
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=8))
    opts = Options(max_tokens=96, min_tokens=16)

    def run() -> dict[str, int]:
        # batch_size 2 is smaller than a page: pages would straddle index() batches
        return index_pages(MainmarkLoader(folder, options=opts), manager, store, batch_size=2)

    first = run()
    total = first["num_added"]
    assert total >= 9 and first["num_deleted"] == 0 == first["num_skipped"]
    assert len(store.store) == total

    second = run()
    assert (second["num_added"], second["num_deleted"], second["num_skipped"]) == (0, 0, total)

    def beta() -> set[str]:
        return {k for k, v in store.store.items() if v["metadata"]["source"].endswith("beta.html")}

    beta_before = beta()
    (folder / "beta.html").write_text(page("Beta", "<p>An added closing line.</p>"),
                                      encoding="utf-8")
    third = run()
    beta_after = beta()
    assert third["num_deleted"] == len(beta_before)
    assert third["num_added"] == len(beta_after)
    assert third["num_skipped"] == total - len(beta_before)
    assert not beta_before & beta_after
    assert len(store.store) == total - len(beta_before) + len(beta_after)
