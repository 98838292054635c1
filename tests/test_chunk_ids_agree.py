"""The same page gets the same chunk ids from ``mainmark batch`` and from LangChain.

A store filled by one path and updated by the other must not hold a page twice, so
both join the page's identity (its URL, else its file) to the chunk id, through one
function (:mod:`mainmark.chunks.ids`). Equal bytes at two URLs stay two sets of ids.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from mainmark import Options
from mainmark.ingest.run import BatchSettings, run_batch
from mainmark.integrations.langchain import MainmarkLoader

_PAGE = ("<html><head><title>Ids</title></head><body><article><h1>Ids</h1>"
         + "".join(f"<h2>Part {i}</h2><p>Part {i} of a page long enough to be cut into "
                   f"several chunks, with words enough to be main content.</p>"
                   for i in range(6))
         + "</article></body></html>")
_URL = "https://ids.example/page"


def _batch_ids(inputs: list[str], out: Path) -> dict[str, list[str]]:
    """Chunk ids by page (its url, else its file), in order."""
    with contextlib.redirect_stderr(io.StringIO()):
        run_batch(inputs, BatchSettings(out=str(out), workers=1), Options(max_tokens=64))
    docs = {}
    for line in (out / "documents.jsonl").read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        docs[doc["doc_id"]] = doc["url"] or doc["location"]["file"]
    ids: dict[str, list[str]] = {}
    for line in (out / "chunks.jsonl").read_text(encoding="utf-8").splitlines():
        chunk = json.loads(line)
        ids.setdefault(docs[chunk["doc_id"]], []).append(chunk["id"])
    return ids


def test_a_file_gets_the_same_ids_on_both_paths(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(_PAGE, encoding="utf-8")
    batch = _batch_ids([str(page)], tmp_path / "out")
    loader = [d.id for d in MainmarkLoader([page], options=Options(max_tokens=64)).load()]
    assert len(loader) > 1
    assert batch == {str(page): loader}


def test_a_page_with_a_url_gets_the_same_ids_on_both_paths(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(_PAGE, encoding="utf-8")
    other = "https://ids.example/copy"
    lines = [json.dumps({"url": u, "html": _PAGE}) for u in (_URL, other)]
    (tmp_path / "pages.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    batch = _batch_ids([str(tmp_path / "pages.jsonl")], tmp_path / "out")
    loader = MainmarkLoader([page], urls={str(page): _URL}, options=Options(max_tokens=64))
    assert batch[_URL] == [d.id for d in loader.load()]
    assert set(batch[_URL]).isdisjoint(batch[other])  # equal bytes, two URLs, two pages


def test_ids_already_in_stores_do_not_change_and_a_lone_surrogate_does_not_fail() -> None:
    import uuid

    from mainmark.chunks.ids import page_chunk_id

    namespace = uuid.UUID("0f6c2a8e-4b1d-5c3e-9a7f-6e5d4c3b2a19")  # LangChain's, since 0.1
    assert page_chunk_id(_URL, "c") == str(uuid.uuid5(namespace, f"{_URL}\nc"))
    assert page_chunk_id("https://j.example/\ud800", "c")  # a JSONL url may hold one
