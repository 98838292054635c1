"""Outcomes to files: ``documents``, ``chunks`` (JSONL or Parquet) and ``discards.jsonl``.

Each page is written as a unit, chunks before their document: the chunk lines are
flushed to the operating system before the document line is written, so the document
line is a commit mark: after a ``kill -9`` a document on disk always has its chunks,
and chunks without their document are dropped by ``--resume``. Text the pipeline
produced is always writable: a lone surrogate (a JSONL ``url`` may hold one) is written
as its JSON escape (backslash, ``u``, four hex digits), which reads back as the same
string (Parquet, which holds UTF-8 only, gets U+FFFD instead).

The Parquet schemas are derived from the model's dataclasses rather than inferred from
the first rows, so a first batch full of ``None`` cannot fix a column to the wrong
type, and a field added to :class:`~mainmark.model.Chunk` appears as a column without
editing this file.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from typing import IO, Any, Protocol

from mainmark.ingest.records import Outcome
from mainmark.model import Chunk, EncodingInfo, Link, Metadata, Stamp

DOCUMENTS, CHUNKS, DISCARDS = "documents", "chunks", "discards"
_ROWS_PER_GROUP = 2048
_SURROGATE = re.compile("[\ud800-\udfff]")


class Sink(Protocol):
    def write(self, outcome: Outcome) -> None: ...

    def close(self) -> None: ...


def _dumps(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n"


def open_jsonl(path: str, mode: str) -> IO[str]:
    """A JSONL output file: UTF-8, lone surrogates written as their JSON escapes (the
    only characters ``json.dumps(ensure_ascii=False)`` leaves that UTF-8 cannot hold;
    ``backslashreplace`` writes exactly the escape JSON defines for them)."""
    return open(path, mode, encoding="utf-8", errors="backslashreplace")


class JsonlSink:
    """documents.jsonl + chunks.jsonl + discards.jsonl, appended to when resuming."""

    def __init__(self, out_dir: str, *, append: bool) -> None:
        mode = "a" if append else "w"
        self._files: dict[str, IO[str]] = {
            name: open_jsonl(os.path.join(out_dir, f"{name}.jsonl"), mode)
            for name in (DOCUMENTS, CHUNKS, DISCARDS)
        }

    def write(self, outcome: Outcome) -> None:
        if outcome.discard is not None:
            self._files[DISCARDS].write(_dumps(outcome.discard))
            return
        if outcome.chunks:
            self._files[CHUNKS].write("".join(_dumps(c) for c in outcome.chunks))
            self._files[CHUNKS].flush()  # the chunks reach the OS before their commit mark
        if outcome.document is not None:
            self._files[DOCUMENTS].write(_dumps(outcome.document))

    def close(self) -> None:
        for handle in self._files.values():
            handle.close()


class ParquetSink:
    """documents / chunks as Parquet (row groups streamed), discards still as JSONL.

    Parquet files cannot be appended to: a resumed run writes ``documents.1.parquet``
    and so on next to the first; readers of the directory see one dataset.
    """

    def __init__(self, out_dir: str, *, append: bool) -> None:
        import pyarrow.parquet as pq

        self._pq = pq
        self._append = append
        self._schemas = {DOCUMENTS: document_schema(), CHUNKS: chunk_schema()}
        self._paths = {name: _fresh_path(out_dir, name) if append
                       else os.path.join(out_dir, f"{name}.parquet") for name in self._schemas}
        self._writers: dict[str, Any] = {}
        self._buffers: dict[str, list[dict[str, Any]]] = {name: [] for name in self._schemas}
        self._discards = open_jsonl(os.path.join(out_dir, f"{DISCARDS}.jsonl"),
                                    "a" if append else "w")
        if not append:
            for name in self._schemas:  # an earlier resumed run may have left parts behind
                for stale in _parts(out_dir, name)[1:]:
                    os.remove(stale)

    def write(self, outcome: Outcome) -> None:
        if outcome.discard is not None:
            self._discards.write(_dumps(outcome.discard))
            return
        self._buffers[CHUNKS].extend(outcome.chunks)
        if outcome.document is not None:
            self._buffers[DOCUMENTS].append(outcome.document)
        for name, rows in self._buffers.items():
            if len(rows) >= _ROWS_PER_GROUP:
                self._flush(name)

    def _flush(self, name: str) -> None:
        rows = self._buffers[name]
        if name not in self._writers:
            self._writers[name] = self._pq.ParquetWriter(self._paths[name], self._schemas[name])
        if rows:
            self._writers[name].write_table(to_table(rows, self._schemas[name]))
        self._buffers[name] = []

    def close(self) -> None:
        for name in self._schemas:
            if self._append and name not in self._writers and not self._buffers[name]:
                continue  # a resumed run that found nothing new adds no empty part
            self._flush(name)  # a first run writes a valid, empty file when nothing came
            self._writers.pop(name).close()
        self._discards.close()


def _parts(out_dir: str, name: str) -> list[str]:
    first = os.path.join(out_dir, f"{name}.parquet")
    found = [first] if os.path.exists(first) else []
    n = 1
    while os.path.exists(path := os.path.join(out_dir, f"{name}.{n}.parquet")):
        found.append(path)
        n += 1
    return found


def _fresh_path(out_dir: str, name: str) -> str:
    taken = len(_parts(out_dir, name))
    return os.path.join(out_dir, f"{name}.parquet" if taken == 0 else f"{name}.{taken}.parquet")


def parquet_parts(out_dir: str, name: str) -> list[str]:
    """Every Parquet file of ``name`` in ``out_dir``, in the order they were written."""
    return _parts(out_dir, name)


# ----------------------------------------------------------------------------- schemas


def _arrow_type(annotation: str) -> Any:
    """Arrow type for a dataclass field annotation of the model (string annotations)."""
    import pyarrow as pa

    text = annotation.replace(" ", "")
    base = text.removesuffix("|None")
    if base.startswith("tuple[") or base.startswith("list["):
        return pa.list_(pa.string())
    if base.startswith("Mapping[") or base.startswith("dict["):
        # Not a map column: HuggingFace datasets has no map type. Key/value structs
        # keep the pairs queryable (``metadata.sources`` -> [{key, value}, ...]).
        return pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))
    if base == "Stamp":
        return _struct_of(Stamp)
    if base == "EncodingInfo":
        return _struct_of(EncodingInfo)
    return {"int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}.get(base, pa.string())


def _struct_of(cls: type) -> Any:
    import pyarrow as pa

    return pa.struct([(f.name, _arrow_type(str(f.type))) for f in dataclasses.fields(cls)])


def chunk_schema() -> Any:
    """One row per chunk: the fields of :class:`~mainmark.model.Chunk` plus url and doc_id."""
    import pyarrow as pa

    fields = [(f.name, _arrow_type(str(f.type))) for f in dataclasses.fields(Chunk)]
    return pa.schema([*fields, ("url", pa.string()), ("doc_id", pa.string())])


def location_type() -> Any:
    import pyarrow as pa

    return pa.struct([("file", pa.string()), ("line", pa.int64()), ("offset", pa.int64())])


def document_schema() -> Any:
    import pyarrow as pa

    counts = pa.struct([("chunks", pa.int64()), ("tokens", pa.int64()), ("bytes", pa.int64()),
                        ("input_bytes", pa.int64()), ("chunk_tokens", pa.int64())])
    return pa.schema([
        ("url", pa.string()), ("doc_id", pa.string()), ("location", location_type()),
        ("fetched_at", pa.string()), ("final_url", pa.string()),
        ("metadata", _struct_of(Metadata)),
        ("markdown", pa.string()), ("stamp", _struct_of(Stamp)), ("counts", counts),
        ("word_count", pa.int64()), ("links", pa.list_(_struct_of(Link))),
        ("encoding", _struct_of(EncodingInfo)), ("warnings", pa.list_(pa.string())),
    ])


def to_table(rows: list[dict[str, Any]], schema: Any) -> Any:
    """Rows to a table of exactly ``schema``. Values are conformed to their column:
    a mapping in a list-of-key/value column becomes its pairs, and a structured value
    in a string column (a model field typed in a way not mapped above) is stored as
    its JSON rather than failing the whole batch."""
    import pyarrow as pa

    fixed = [{name: _conform(row.get(name), schema.field(name).type)
              for name in schema.names if name in row} for row in rows]
    try:
        return pa.Table.from_pylist(fixed, schema=schema)
    except (UnicodeError, pa.ArrowException):  # a lone surrogate: Arrow holds UTF-8 only
        return pa.Table.from_pylist([_scrub(row) for row in fixed], schema=schema)


def _scrub(value: Any) -> Any:
    """``value`` with every lone surrogate replaced by U+FFFD, recursively."""
    if isinstance(value, str):
        return value if value.isascii() else _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(v) for v in value]
    return value


def _conform(value: Any, typ: Any) -> Any:
    import pyarrow as pa

    if value is None:
        return None
    if pa.types.is_string(typ):
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if pa.types.is_struct(typ) and isinstance(value, dict):
        return {f.name: _conform(value.get(f.name), f.type) for f in typ}
    if pa.types.is_list(typ):
        item = typ.value_type
        if isinstance(value, dict) and pa.types.is_struct(item):
            return [{"key": str(k), "value": _conform(v, pa.string())} for k, v in value.items()]
        if isinstance(value, (list, tuple)):
            return [_conform(v, item) for v in value]
    return value
