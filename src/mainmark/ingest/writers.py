"""Outcomes to files: ``documents``, ``chunks`` (JSONL or Parquet) and ``discards.jsonl``.

Each page is written as a unit, chunks before their document: the chunk lines are
flushed to the operating system before the document line is written, so the document
line is a commit mark: after a ``kill -9`` a document on disk always has its chunks,
and chunks without their document are dropped by ``--resume``. Parquet keeps the same
promise with whole files: pages go to a hidden journal first and become Parquet parts
written under a temporary name and renamed (see :class:`ParquetSink`), so no file a
reader can see ever lacks its footer.

Text the pipeline produced is always writable: a lone surrogate (a JSONL ``url`` may
hold one; a file name that is not UTF-8 holds them) is written as its JSON escape
(backslash, ``u``, four hex digits), which reads back as the same string. Parquet holds
UTF-8 only: there it becomes U+FFFD, and a ``location.file`` that is not UTF-8 is kept
exactly in ``location.file_bytes`` as well, since ``--resume`` keys on it.

The Parquet schemas are derived from the model's dataclasses rather than inferred from
the first rows, so a first batch full of ``None`` cannot fix a column to the wrong
type, and a field added to :class:`~mainmark.model.Chunk` appears as a column without
editing this file (its record fields: ``text`` and ``embed_text`` as strings, not the span
they are held as).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
from collections.abc import Iterator
from typing import IO, Any, Protocol

from mainmark.ingest.records import Outcome
from mainmark.model import Chunk, EncodingInfo, Link, Metadata, Stamp

DOCUMENTS, CHUNKS, DISCARDS = "documents", "chunks", "discards"
_ROWS_PER_GROUP = 2048
_SURROGATE = re.compile("[\ud800-\udfff]")


class Sink(Protocol):
    """Where outcomes go; both sinks keep a page's chunks and document together on a crash."""

    def write(self, outcome: Outcome) -> None:
        """Write one page's outcome as a unit.

        A crash at any point leaves the whole page or chunks without their document,
        which ``--resume`` drops and extracts again: never a document missing chunks.
        """

    def close(self) -> None:
        """Flush and close; afterwards every file a reader can see is complete."""


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
        """Append the page, chunks first and flushed, so its document line is the commit mark."""
        if outcome.discard is not None:
            self._files[DISCARDS].write(_dumps(outcome.discard))
            return
        if outcome.chunks:
            self._files[CHUNKS].write("".join(_dumps(c) for c in outcome.chunks))
            self._files[CHUNKS].flush()  # the chunks reach the OS before their commit mark
        if outcome.document is not None:
            self._files[DOCUMENTS].write(_dumps(outcome.document))

    def close(self) -> None:
        """Close the three files, which flushes the document lines still buffered."""
        for handle in self._files.values():
            handle.close()


class ParquetSink:
    """documents / chunks as Parquet parts committed whole; discards still as JSONL.

    A Parquet file is readable only once its footer is written, so pages are never
    streamed into a part a reader could see. Each page goes first to a hidden journal,
    ``.pending.N.jsonl`` (its chunk lines, then its document line as the commit mark,
    handed to the OS per page, as the JSONL sink does): a ``kill -9`` loses at most the
    page being written. The journal becomes part ``N`` of both tables when it holds
    :data:`ROWS_PER_PART` rows and when the run ends (:func:`commit_journal`); a journal
    left by a killed run is converted by ``--resume`` (:func:`recover_parquet`).

    Parquet files cannot be appended to: part 0 is ``documents.parquet``, part ``N``
    ``documents.N.parquet``, and ``chunks`` alike; readers of the directory see one
    dataset (``documents*.parquet``).
    """

    def __init__(self, out_dir: str, *, append: bool) -> None:
        import pyarrow  # noqa: F401  -- fail here, before any page, when the extra is missing

        self._out = out_dir
        if not append:  # an earlier run's parts and journals must not mix into this one
            for stale in parquet_run_files(out_dir):
                os.remove(stale)
        self._next = _next_index(out_dir)
        self._journal: IO[str] | None = None
        self._rows = 0
        self._discards = open_jsonl(os.path.join(out_dir, f"{DISCARDS}.jsonl"),
                                    "a" if append else "w")

    def write(self, outcome: Outcome) -> None:
        """Journal the page (chunks, then its document) and commit a part when the journal is full.

        A discard goes to ``discards.jsonl`` at once; chunks without a document are not a page
        and are not written.
        """
        if outcome.discard is not None:
            self._discards.write(_dumps(outcome.discard))
            self._discards.flush()
            return
        if outcome.document is None:
            return  # chunks without a document are not a page (the JSONL repair drops them)
        if self._journal is None:
            self._journal = open_jsonl(journal_path(self._out, self._next), "w")
        lines = [_dumps({CHUNK_KEY: c}) for c in outcome.chunks]
        lines.append(_dumps({DOCUMENT_KEY: outcome.document}))
        self._journal.write("".join(lines))
        self._journal.flush()  # the page reaches the OS: a kill -9 now cannot lose it
        self._rows += len(lines)
        if self._rows >= ROWS_PER_PART:
            self._commit()

    def _commit(self) -> None:
        if self._journal is None:  # nothing written: an empty journal makes empty parts
            open_jsonl(journal_path(self._out, self._next), "w").close()
        else:
            self._journal.close()
        commit_journal(self._out, self._next)
        self._journal, self._rows, self._next = None, 0, self._next + 1

    def close(self) -> None:
        """Commit the last journal as a part; a run that wrote nothing still leaves valid files.

        ``discards.jsonl`` is closed even if the commit fails.
        """
        try:
            if self._journal is not None or not parquet_parts(self._out, DOCUMENTS):
                self._commit()  # a first run with nothing to show still leaves valid files
        finally:
            self._discards.close()


#: Rows (chunks + documents) a journal collects before it becomes a part: parts stay
#: large enough for columnar reads, a journal small enough to convert in a few seconds.
ROWS_PER_PART = 65536
CHUNK_KEY, DOCUMENT_KEY = "chunk", "document"
_PART = re.compile(r"^(?P<name>[a-z]+)(?:\.(?P<n>\d+))?\.parquet$")
_JOURNAL = re.compile(r"^\.pending\.(?P<n>\d+)\.jsonl$")
#: Half-written parts: hidden (``.``) and not ``*.parquet``, so no reader picks them up.
_TMP = re.compile(r"^\.[a-z]+\.\d+\.parquet\.tmp$")


def part_path(out_dir: str, name: str, index: int) -> str:
    """Where part ``index`` of ``name`` lives (part 0 keeps the plain name)."""
    return os.path.join(out_dir, f"{name}.parquet" if index == 0 else f"{name}.{index}.parquet")


def journal_path(out_dir: str, index: int) -> str:
    """The hidden journal of part ``index``: no reader globbing ``*.parquet`` picks it up."""
    return os.path.join(out_dir, f".pending.{index}.jsonl")


def _listing(out_dir: str) -> list[str]:
    try:
        return sorted(os.listdir(out_dir))
    except OSError:
        return []


def _indexed_parts(out_dir: str, name: str) -> list[tuple[int, str]]:
    found = []
    for entry in _listing(out_dir):
        match = _PART.match(entry)
        if match and match["name"] == name:
            found.append((int(match["n"] or 0), os.path.join(out_dir, entry)))
    return sorted(found)


def _journals(out_dir: str) -> list[tuple[int, str]]:
    return sorted((int(m["n"]), os.path.join(out_dir, e)) for e in _listing(out_dir)
                  if (m := _JOURNAL.match(e)))


def parquet_parts(out_dir: str, name: str) -> list[str]:
    """Every Parquet part of ``name`` in ``out_dir``, in the order they were written."""
    return [path for _, path in _indexed_parts(out_dir, name)]


def parquet_run_files(out_dir: str) -> list[str]:
    """Every file a Parquet run keeps in ``out_dir``: parts, journals, half-written parts."""
    hidden = [os.path.join(out_dir, e) for e in _listing(out_dir)
              if _JOURNAL.match(e) or _TMP.match(e)]
    return [*parquet_parts(out_dir, DOCUMENTS), *parquet_parts(out_dir, CHUNKS), *hidden]


def _next_index(out_dir: str) -> int:
    taken = [i for name in (DOCUMENTS, CHUNKS) for i, _ in _indexed_parts(out_dir, name)]
    taken += [i for i, _ in _journals(out_dir)]
    return max(taken, default=-1) + 1


def journal_pages(path: str) -> Iterator[tuple[list[dict[str, Any]], dict[str, Any]]]:
    """The complete pages of a journal, as (chunk rows, document row).

    The journal is a prefix of what was meant: a kill can cut it anywhere. A page is
    complete once its document line is whole; trailing chunk lines without one, and a
    cut last line, are the page that was being written and are left out.
    """
    chunks: list[dict[str, Any]] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.endswith("\n"):
                return
            try:
                entry = json.loads(line)
            except ValueError:
                return
            if CHUNK_KEY in entry:
                chunks.append(entry[CHUNK_KEY])
            elif DOCUMENT_KEY in entry:
                yield chunks, entry[DOCUMENT_KEY]
                chunks = []


def commit_journal(out_dir: str, index: int) -> None:
    """Turn journal ``index`` into part ``index`` of both tables, crash-safe at every step.

    Each part is written under a hidden temporary name, synced, then renamed: a part
    under its real name always has its footer. The chunks part is renamed first and the
    documents part last, so a documents part is the commit mark of its chunks (as the
    document line is in JSONL); the journal is removed only after both. A kill between
    two steps leaves a state :func:`recover_parquet` finishes.
    """
    import pyarrow.parquet as pq

    schemas = {CHUNKS: chunk_schema(), DOCUMENTS: document_schema()}
    tmp = {name: os.path.join(out_dir, f".{name}.{index}.parquet.tmp") for name in schemas}
    source = journal_path(out_dir, index)
    with contextlib.ExitStack() as files:
        handles = {name: files.enter_context(open(tmp[name], "wb")) for name in schemas}
        writers = {name: pq.ParquetWriter(handles[name], schemas[name]) for name in schemas}
        for writer in writers.values():  # on an error, before its file (a no-op once closed)
            files.callback(_close_quietly, writer)
        buffers: dict[str, list[dict[str, Any]]] = {name: [] for name in schemas}
        for chunk_rows, document in journal_pages(source):
            buffers[CHUNKS].extend(chunk_rows)
            buffers[DOCUMENTS].append(document)
            for name, rows in buffers.items():
                if len(rows) >= _ROWS_PER_GROUP:
                    writers[name].write_table(to_table(rows, schemas[name]))
                    buffers[name] = []
        for name, rows in buffers.items():
            if rows:
                writers[name].write_table(to_table(rows, schemas[name]))
            writers[name].close()  # the footer; the file object stays open to be synced
            handles[name].flush()
            os.fsync(handles[name].fileno())
    os.replace(tmp[CHUNKS], part_path(out_dir, CHUNKS, index))
    os.replace(tmp[DOCUMENTS], part_path(out_dir, DOCUMENTS, index))
    _sync_dir(out_dir)
    os.remove(source)


def _close_quietly(writer: Any) -> None:
    """Close a writer abandoned by an error: the error (a full disk) is the one to report,
    and the half-written temporary part is removed by the next ``--resume``."""
    with contextlib.suppress(Exception):
        writer.close()


def _sync_dir(path: str) -> None:
    """Make the renames durable (a power cut, not only a kill); not every OS allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def recover_parquet(out_dir: str) -> None:
    """Bring a Parquet run killed at any moment back to whole pages, before ``--resume``.

    Half-written parts are removed; a journal whose documents part exists was already
    converted and is removed; any other journal is converted (after removing a chunks
    part that lost its commit mark); a chunks part without its documents part, and an
    unreadable part (from a version that streamed into its final name), are removed
    with their pair, so their pages are simply done again.
    """
    import pyarrow.parquet as pq

    for entry in _listing(out_dir):
        if _TMP.match(entry):
            os.remove(os.path.join(out_dir, entry))
    for index, path in _journals(out_dir):
        if os.path.exists(part_path(out_dir, DOCUMENTS, index)):
            os.remove(path)
            continue
        with contextlib.suppress(FileNotFoundError):
            os.remove(part_path(out_dir, CHUNKS, index))
        commit_journal(out_dir, index)
    documents = dict(_indexed_parts(out_dir, DOCUMENTS))
    chunks = dict(_indexed_parts(out_dir, CHUNKS))
    for index in sorted(set(documents) | set(chunks)):
        pair = [p for p in (documents.get(index), chunks.get(index)) if p is not None]
        try:  # ArrowInvalid ("magic bytes not found in footer") is a ValueError
            whole = len(pair) == 2 and all(pq.ParquetFile(p).metadata is not None for p in pair)
        except (OSError, ValueError):
            whole = False
        if not whole:
            for path in pair:
                os.remove(path)


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
    """One row per chunk: the record of :class:`~mainmark.model.Chunk` (its ``to_dict``
    keys, :meth:`~mainmark.model.Chunk.record_fields`) plus url and doc_id."""
    import pyarrow as pa

    fields = [(name, _arrow_type(annotation)) for name, annotation in Chunk.record_fields()]
    return pa.schema([*fields, ("url", pa.string()), ("doc_id", pa.string())])


def location_type() -> Any:
    """``file``, ``line``, ``offset`` as in JSONL, and ``file_bytes``: set only when
    ``file`` is not valid UTF-8 (a file name the file system gave as undecodable
    bytes), holding it exactly (UTF-8 with ``surrogatepass``), since ``file`` itself
    can only hold U+FFFD in their place."""
    import pyarrow as pa

    return pa.struct([("file", pa.string()), ("line", pa.int64()), ("offset", pa.int64()),
                      ("file_bytes", pa.binary())])


def exact_location(location: dict[str, Any]) -> dict[str, Any]:
    """A location read back from Parquet, with ``file`` as it was written (the inverse
    of what :func:`to_table` does to a name that is not UTF-8)."""
    raw = location.get("file_bytes")
    if raw is None:
        return location
    return {**location, "file": bytes(raw).decode("utf-8", "surrogatepass")}


def _with_file_bytes(location: Any) -> Any:
    if not isinstance(location, dict) or location.get("file_bytes") is not None:
        return location
    name = location.get("file")
    if not isinstance(name, str) or name.isascii() or not _SURROGATE.search(name):
        return location
    return {**location, "file_bytes": name.encode("utf-8", "surrogatepass")}


def document_schema() -> Any:
    """One row per document, fixed here rather than inferred from the first rows.

    Metadata, stamp, links and encoding follow their model dataclasses, so a field added
    there becomes a column without editing this function.
    """
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

    fixed = [{name: _conform(_with_file_bytes(row[name]) if name == "location" else row[name],
                             schema.field(name).type)
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
