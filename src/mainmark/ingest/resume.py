"""``--resume``: which pages a previous run already accounted for, by url + content hash.

A page is done when its document or its discard was written (a discard is a final
answer too: re-running a PDF will not make it HTML). Keys are kept as 16-byte
digests, about 80 bytes per page in memory: ten million pages fit in under a GB.

Before appending, the JSONL files are repaired: a run killed hard (not Ctrl-C,
which stops between pages) can leave a half-written last line, or chunk lines
whose document line never made it; both are cut so the page is simply redone.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from typing import Any

from mainmark.ingest.writers import CHUNKS, DISCARDS, DOCUMENTS, parquet_parts


def resume_key(url: str | None, content_sha256: str) -> bytes:
    return hashlib.blake2b(f"{url or ''}\n{content_sha256}".encode(), digest_size=16).digest()


def load_done(out_dir: str, fmt: str) -> set[bytes]:
    """Keys of every page already written to ``out_dir`` (documents and discards)."""
    done: set[bytes] = set()
    for row in _jsonl_rows(os.path.join(out_dir, f"{DISCARDS}.jsonl")):
        done.add(resume_key(row.get("url"), str(row.get("content_sha256", ""))))
    if fmt == "parquet":
        import pyarrow.parquet as pq

        for path in parquet_parts(out_dir, DOCUMENTS):
            table = pq.read_table(path, columns=["url", "stamp"])
            for url, stamp in zip(table.column("url").to_pylist(),
                                  table.column("stamp").to_pylist(), strict=True):
                done.add(resume_key(url, stamp["content_sha256"]))
    else:
        for row in _jsonl_rows(os.path.join(out_dir, f"{DOCUMENTS}.jsonl")):
            done.add(resume_key(row.get("url"), row["stamp"]["content_sha256"]))
    return done


def _jsonl_rows(path: str) -> Iterator[dict[str, Any]]:
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.endswith("\n"):
                yield json.loads(line)


def repair(out_dir: str, fmt: str) -> None:
    """Make the JSONL outputs end on a complete page, ready to be appended to."""
    names = (DISCARDS,) if fmt == "parquet" else (DOCUMENTS, CHUNKS, DISCARDS)
    for name in names:
        _cut_partial_line(os.path.join(out_dir, f"{name}.jsonl"))
    if fmt != "parquet":
        _drop_orphan_chunks(out_dir)


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
    """Remove chunk lines of pages without a document line (rewrites only when needed)."""
    chunks_path = os.path.join(out_dir, f"{CHUNKS}.jsonl")
    if not os.path.exists(chunks_path):
        return
    ids = {row["doc_id"] for row in _jsonl_rows(os.path.join(out_dir, f"{DOCUMENTS}.jsonl"))}
    if all(row.get("doc_id") in ids for row in _jsonl_rows(chunks_path)):
        return
    tmp = chunks_path + ".tmp"
    with open(chunks_path, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
        for line in src:
            if json.loads(line).get("doc_id") in ids:
                dst.write(line)
    os.replace(tmp, chunks_path)
