"""Index the bundled example pages with LangChain and query them.

    python examples/langchain_pipeline.py "when will the tram reopen"

MainmarkLoader yields one LangChain Document per chunk: ``page_content`` is the chunk's
``embed_text`` (heading path prefixed), ``id`` its stable id, and the metadata carries
the heading path, the byte offsets into the markdown and into the page, and the stamp.
The embedding here is langchain-core's deterministic fake, so the example runs offline
and prints the same thing every time; swap in a real embedding model for real use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.vectorstores import InMemoryVectorStore

from mainmark import Options
from mainmark.integrations.langchain import MainmarkLoader

HERE = Path(__file__).resolve().parent


def main(query: str) -> None:
    loader = MainmarkLoader(sorted(HERE.glob("*.html")), options=Options(max_tokens=256))
    chunks = loader.load()
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=256))
    store.add_documents(chunks)
    print(f"indexed {len(chunks)} chunks from {len({c.metadata['source'] for c in chunks})} pages")
    for hit, score in store.similarity_search_with_score(query, k=3):
        m = hit.metadata
        print(f"\n{score:.3f}  {Path(m['source']).name}  #{m['chunk_index']}  "
              f"{m.get('heading_path', '(no heading)')}")
        print(f"      markdown bytes {m['md_start']}-{m['md_end']}, "
              f"page bytes {m.get('src_start', '?')}-{m.get('src_end', '?')}, "
              f"{m['tokens']} tokens")
        print("      " + " ".join(hit.page_content.split())[:160])


if __name__ == "__main__":
    main(" ".join(sys.argv[1:]) or "when will the tram reopen")
