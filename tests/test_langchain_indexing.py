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


def five_pages(folder: Path) -> None:
    for name in ("alpha", "beta", "gamma", "delta", "epsilon"):
        (folder / f"{name}.html").write_text(page(name.title()), encoding="utf-8")


@pytest.mark.parametrize("cleanup", ["full", "scoped_full"])
def test_full_cleanup_keeps_the_run_and_deletes_only_a_removed_page(
        tmp_path: Path, cleanup: str) -> None:
    """One index() call per page made each call's full cleanup delete every other page:
    five pages indexed left one page's chunks in the store."""
    five_pages(tmp_path)
    manager = InMemoryRecordManager(namespace="full")
    manager.create_schema()
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=8))
    opts = Options(max_tokens=96, min_tokens=16)

    def run() -> dict[str, int]:
        return index_pages(MainmarkLoader(tmp_path, options=opts), manager, store,
                           cleanup=cleanup, batch_size=2)

    def sources() -> dict[str, int]:
        found: dict[str, int] = {}
        for value in store.store.values():
            name = Path(value["metadata"]["source"]).stem
            found[name] = found.get(name, 0) + 1
        return found

    first = run()
    per_page = sources()
    assert set(per_page) == {"alpha", "beta", "gamma", "delta", "epsilon"}
    assert first["num_added"] == len(store.store) == sum(per_page.values())
    assert first["num_deleted"] == 0

    again = run()
    assert (again["num_added"], again["num_deleted"]) == (0, 0)
    assert sources() == per_page

    (tmp_path / "gamma.html").unlink()
    third = run()
    left = sources()
    if cleanup == "full":  # a page gone from the run leaves the store
        assert third["num_deleted"] == per_page["gamma"]
        assert left == {k: v for k, v in per_page.items() if k != "gamma"}
    else:  # scoped_full cleans only the sources it saw: a removed page stays
        assert third["num_deleted"] == 0
        assert left == per_page
    assert third["num_added"] == 0


def test_full_cleanup_of_a_run_that_loaded_nothing_deletes_nothing(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    five_pages(tmp_path)
    manager = InMemoryRecordManager(namespace="empty")
    manager.create_schema()
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=8))
    index_pages(MainmarkLoader(tmp_path), manager, store, cleanup="full")
    stored = len(store.store)
    missing = MainmarkLoader(tmp_path / "moved-away")
    counts = index_pages(missing, manager, store, cleanup="full")
    assert counts["num_deleted"] == 0 and len(store.store) == stored > 0
    assert "full cleanup skipped" in caplog.text
