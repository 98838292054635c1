"""``--resume``: which pages a previous run already accounted for, by input identity.

A page is done when its document or its discard was written (a discard is a final
answer too: re-running a PDF will not make it HTML), unless the discard is ``retryable``
(a fetch that got no answer, a timeout, HTTP 5xx or 429): those rows are removed on
resume and the page is fetched again. A fetched page is known by its URL, so a finished
URL is skipped before any request is made. A page is known by where it sits
in the input (file, JSONL line, WARC offset), not by its content: two identical files
at two paths are two pages. Keys are kept as 16-byte digests, about 80 bytes per page
in memory: ten million pages fit in under a GB.

Before appending, the JSONL files are repaired: a run killed hard (not Ctrl-C,
which stops between pages) can leave a half-written last line, or chunk lines
whose document line never made it; both are cut so the page is simply redone. A
document whose chunks are not all on disk is dropped with them, for the same reason.
A Parquet run's journal of pages not yet in a part is converted into one
(:func:`~mainmark.ingest.writers.recover_parquet`), so those pages count as done.

Keys must survive the output format: a file name that is not UTF-8 (held by Python
as lone surrogates) reads back from JSONL exactly, and from Parquet through
``location.file_bytes``; otherwise such a page would be redone on every resume.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

from mainmark.ingest.records import Location, input_identity
from mainmark.ingest.writers import (
    CHUNKS,
    DISCARDS,
    DOCUMENTS,
    exact_location,
    parquet_parts,
    recover_parquet,
)


def resume_key(location: Location | dict[str, Any]) -> bytes:
    """The key of one page of the input: its file, line and offset."""
    raw = input_identity(location).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(raw, digest_size=16).digest()


def load_done(out_dir: str, fmt: str) -> set[bytes]:
    """Keys of every page already written to ``out_dir`` (documents and discards)."""
    done: set[bytes] = set()
    for row in _jsonl_rows(os.path.join(out_dir, f"{DISCARDS}.jsonl")):
        if not row.get("retryable"):  # a transient failure is not an answer: try again
            done.add(resume_key(row.get("location") or {}))
    if fmt == "parquet":
        import pyarrow.parquet as pq

        for path in parquet_parts(out_dir, DOCUMENTS):
            table = pq.read_table(path, columns=["location"])
            for location in table.column("location").to_pylist():
                done.add(resume_key(exact_location(location or {})))
    else:
        for row in _jsonl_rows(os.path.join(out_dir, f"{DOCUMENTS}.jsonl")):
            done.add(resume_key(row.get("location") or {}))
    return done


def _jsonl_rows(path: str) -> Iterator[dict[str, Any]]:
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.endswith("\n"):
                yield json.loads(line)


def repair(out_dir: str, fmt: str) -> None:
    """Make the outputs end on a complete page, ready to be appended to: JSONL files
    cut to whole lines and whole pages; Parquet journals converted to parts."""
    names = (DISCARDS,) if fmt == "parquet" else (DOCUMENTS, CHUNKS, DISCARDS)
    for name in names:
        _cut_partial_line(os.path.join(out_dir, f"{name}.jsonl"))
    _drop_retryable(os.path.join(out_dir, f"{DISCARDS}.jsonl"))
    if fmt == "parquet":
        recover_parquet(out_dir)
    else:
        _drop_orphan_chunks(out_dir)


def _drop_retryable(path: str) -> None:
    """Remove the discards a resumed run will retry (``retryable``: no answer, 5xx, 429),
    so a page that now succeeds is written once, as a document, not also as a discard.
    Rewrites the file only when it holds such a row."""
    if not any(row.get("retryable") for row in _jsonl_rows(path)):
        return
    tmp = path + ".tmp"
    with open(path, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
        for line in src:
            if not json.loads(line).get("retryable"):
                dst.write(line)
    os.replace(tmp, path)


def _cut_partial_line(path: str) -> None:
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return
    with open(path, "rb+") as handle:
        handle.seek(-1, os.SEEK_END)
        if handle.read(1) == b"\n":
            return
        # Walk back to the last newline in blocks: the partial line may be long.
        end = handle.seek(0, os.SEEK_END)
        pos = end
        while pos > 0:
            step = min(1 << 16, pos)
            pos -= step
            handle.seek(pos)
            block = handle.read(step)
            cut = block.rfind(b"\n")
            if cut >= 0:
                handle.truncate(pos + cut + 1)
                return
        handle.truncate(0)


def _drop_orphan_chunks(out_dir: str) -> None:
    """Keep only complete pages: a document with all its chunks (rewrites only when needed).

    Chunk lines of a page without a document line are dropped; a document line whose
    chunks are not all there (its ``counts.chunks``) is dropped with what it has.
    """
    chunks_path = os.path.join(out_dir, f"{CHUNKS}.jsonl")
    docs_path = os.path.join(out_dir, f"{DOCUMENTS}.jsonl")
    have = Counter(row.get("doc_id") for row in _jsonl_rows(chunks_path))
    wanted = {row["doc_id"]: int((row.get("counts") or {}).get("chunks", 0))
              for row in _jsonl_rows(docs_path)}
    complete = {i for i, n in wanted.items() if have.get(i, 0) >= n}
    if len(complete) < len(wanted):
        _keep_lines(docs_path, complete)
    if any(i not in complete for i in have):
        _keep_lines(chunks_path, complete)


def _keep_lines(path: str, ids: set[str]) -> None:
    if not os.path.exists(path):
        return
    tmp = path + ".tmp"
    with open(path, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
        for line in src:
            if json.loads(line).get("doc_id") in ids:
                dst.write(line)
    os.replace(tmp, path)
