"""Re-index a folder of pages incrementally with LangChain's indexing API.

    python examples/incremental_index.py

Three runs over the same folder, with one record manager and one vector store:

1. the first run adds every chunk;
2. the second run, over unchanged pages, adds and deletes nothing (every chunk is
   skipped: its content and metadata hash, which include mainmark's version and
   options hash, are already recorded);
3. after one page is edited, only that page's chunks are replaced.

``index_pages`` calls ``langchain_core.indexing.index`` once per page, with
``cleanup="incremental"`` and ``source_id_key="source"``, so a page never straddles
two cleanup batches. Upgrading mainmark or changing its options changes every chunk's
metadata (``extractor_version``, ``options_hash``), so the next run replaces them all:
that is what the version stamp is for.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.indexing import InMemoryRecordManager
from langchain_core.vectorstores import InMemoryVectorStore

from mainmark import Options
from mainmark.integrations.langchain import MainmarkLoader, index_pages

HERE = Path(__file__).resolve().parent


def run(folder: Path, manager: InMemoryRecordManager, store: InMemoryVectorStore) -> str:
    loader = MainmarkLoader(folder, options=Options(max_tokens=256))
    counts = index_pages(loader, manager, store)
    return (f"added {counts['num_added']}, skipped {counts['num_skipped']}, "
            f"deleted {counts['num_deleted']}; {len(store.store)} chunks in the store")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for page in sorted(HERE.glob("*.html")):
            shutil.copy(page, folder / page.name)
        manager = InMemoryRecordManager(namespace="mainmark-example")
        manager.create_schema()
        store = InMemoryVectorStore(DeterministicFakeEmbedding(size=64))
        print("run 1 (new index):      ", run(folder, manager, store))
        print("run 2 (nothing changed):", run(folder, manager, store))
        page = folder / "news-article.html"
        page.write_text(page.read_text(encoding="utf-8").replace(
            "</article>", "<p>Update: the council confirmed the date.</p></article>", 1),
            encoding="utf-8")
        print("run 3 (one page edited):", run(folder, manager, store))


if __name__ == "__main__":
    main()
