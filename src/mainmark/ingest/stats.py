"""``mainmark stats OUT_DIR``: what a batch run produced, read back from its files.

The figures come from the output directory alone (JSONL or Parquet, as ``batch`` wrote
it, resumed parts included), so a run can be audited long after it ended and on another
machine: every page is either a document or a discard, the discards are counted by
reason, and the chunk files give the tokens an index will actually embed. The *token
overhead* is what chunking adds to the markdown (heading-path prefixes, repeated table
headers and fences, overlap): chunk tokens over document tokens, minus one.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

from mainmark.errors import InputError
from mainmark.ingest.writers import CHUNKS, DISCARDS, DOCUMENTS, parquet_parts

#: Document fields the figures need (a Parquet read loads only these columns).
_DOC_COLUMNS = ("counts", "metadata", "word_count", "links")
_UNKNOWN = "unknown"


def _jsonl(path: str) -> Iterator[dict[str, Any]]:
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                if isinstance(row, dict):
                    yield row


def _parquet(paths: list[str], columns: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    import pyarrow.parquet as pq

    for path in paths:
        handle = pq.ParquetFile(path)
        present = [c for c in columns if c in handle.schema_arrow.names]
        for batch in handle.iter_batches(columns=present):
            yield from batch.to_pylist()


def _rows(out_dir: str, name: str, columns: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    parts = parquet_parts(out_dir, name)
    if parts:
        return _parquet(parts, columns)
    return _jsonl(os.path.join(out_dir, f"{name}.jsonl"))


def batch_format(out_dir: str) -> str:
    """``jsonl`` or ``parquet``; :class:`InputError` when ``out_dir`` holds no batch run."""
    if parquet_parts(out_dir, DOCUMENTS):
        return "parquet"
    if os.path.exists(os.path.join(out_dir, f"{DOCUMENTS}.jsonl")):
        return "jsonl"
    raise InputError(f"{out_dir}: no documents.jsonl or documents.parquet (not a batch output)")


def batch_stats(out_dir: str) -> dict[str, Any]:
    """The figures of one batch output directory, as a JSON-ready mapping."""
    fmt = batch_format(out_dir)
    docs = tokens = bytes_out = bytes_in = words = links = 0
    languages: Counter[str] = Counter()
    types: Counter[str] = Counter()
    for row in _rows(out_dir, DOCUMENTS, _DOC_COLUMNS):
        docs += 1
        counts = row.get("counts") or {}
        tokens += int(counts.get("tokens") or 0)
        bytes_out += int(counts.get("bytes") or 0)
        bytes_in += int(counts.get("input_bytes") or 0)
        words += int(row.get("word_count") or 0)
        links += len(row.get("links") or ())
        meta = row.get("metadata") or {}
        languages[str(meta.get("language") or _UNKNOWN).lower()] += 1
        types[str(meta.get("page_type") or meta.get("type") or _UNKNOWN)] += 1
    chunks = chunk_tokens = 0
    for row in _rows(out_dir, CHUNKS, ("tokens",)):
        chunks += 1
        chunk_tokens += int(row.get("tokens") or 0)
    reasons: Counter[str] = Counter()
    for row in _jsonl(os.path.join(out_dir, f"{DISCARDS}.jsonl")):
        reasons[str(row.get("reason") or _UNKNOWN)] += 1
        bytes_in += int(row.get("bytes") or 0)
    discards = sum(reasons.values())
    return {
        "format": fmt,
        "pages": docs + discards,
        "documents": docs,
        "discards": discards,
        "discards_by_reason": dict(reasons.most_common()),
        "chunks": chunks,
        "tokens": tokens,
        "chunk_tokens": chunk_tokens,
        "token_overhead": round(chunk_tokens / tokens - 1, 4) if tokens else None,
        "tokens_per_chunk": round(chunk_tokens / chunks, 1) if chunks else None,
        "words": words,
        "links": links,
        "bytes_in": bytes_in,
        "bytes_out": bytes_out,
        "bytes_ratio": round(bytes_out / bytes_in, 4) if bytes_in else None,
        "languages": dict(languages.most_common()),
        "page_types": dict(types.most_common()),
    }


def _counts(counter: dict[str, int], limit: int = 12) -> str:
    items = list(counter.items())
    shown = ", ".join(f"{k} {v}" for k, v in items[:limit])
    rest = sum(v for _, v in items[limit:])
    return (shown + (f", other {rest}" if rest else "")) or "-"


def format_stats(stats: dict[str, Any]) -> str:
    """The figures as aligned text lines, for a terminal."""
    def pct(value: float | None) -> str:
        return "-" if value is None else f"{value:+.1%}"

    rows = [
        ("pages", f"{stats['pages']} = {stats['documents']} documents + "
                  f"{stats['discards']} discards ({stats['format']})"),
        ("discards", _counts(stats["discards_by_reason"])),
        ("chunks", f"{stats['chunks']} ({stats['tokens_per_chunk'] or '-'} tokens each)"),
        ("tokens", f"{stats['tokens']} in documents, {stats['chunk_tokens']} in chunks"),
        ("token overhead", f"{pct(stats['token_overhead'])} (chunk tokens over document tokens)"),
        ("words", str(stats["words"])),
        ("links", str(stats["links"])),
        ("bytes", f"{stats['bytes_in']} in, {stats['bytes_out']} out"
                  + (f" ({stats['bytes_ratio']:.1%})" if stats["bytes_ratio"] is not None
                     else "")),
        ("languages", _counts(stats["languages"])),
        ("page types", _counts(stats["page_types"])),
    ]
    width = max(len(k) for k, _ in rows)
    return "".join(f"{k.ljust(width)}  {v}\n" for k, v in rows)
