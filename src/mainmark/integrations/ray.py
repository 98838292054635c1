"""Ray Data: mainmark over a cluster, with the same per-page function as ``mainmark batch``.

Two pieces:

* :class:`MainmarkPages`, a callable class for ``Dataset.map_batches``: rows of
  ``url`` + ``html`` (bytes) + ``headers`` in, chunk rows out (or, with
  ``output="pages"``, one row per page: its document fields or its discard). It calls
  :func:`mainmark.ingest.records.process_record`, so a page gives the rows it gives
  in ``mainmark batch``, discards included.
* :func:`pages_dataset` / :func:`chunk_dataset` / :func:`write_parquet`, which build
  the whole pipeline from WARC, HTML and JSONL paths: files are listed and sniffed
  on the driver, then each file is read by a Ray task with the batch readers, so
  reading scales with the cluster and no file is loaded whole.

Ray and pyarrow are imported here only (``pip install 'mainmark[ray]'``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from mainmark.ingest.pool import warm_up
from mainmark.ingest.records import (
    DEFAULT_MAX_PAGE_BYTES,
    DEFAULT_PAGE_TIMEOUT,
    Outcome,
    process_record,
    record_from_row,
    record_to_row,
)
from mainmark.ingest.sources import Kind, expand_inputs, iter_pages
from mainmark.ingest.writers import chunk_schema, document_schema, location_type, to_table
from mainmark.options import DEFAULT_OPTIONS, Options

__all__ = ["MainmarkPages", "chunk_dataset", "default_actors", "page_schema", "pages_dataset",
           "write_parquet"]


def page_schema() -> Any:
    """One row per page: ``status`` is ``document`` or ``discard``; the document columns
    are null for a discard and ``reason``/``detail`` null for a document."""
    import pyarrow as pa

    doc = document_schema()
    extra = [("status", pa.string()), ("reason", pa.string()), ("detail", pa.string()),
             ("content_sha256", pa.string()), ("bytes", pa.int64())]
    fields = [doc.field(name) for name in doc.names if name != "location"]
    return pa.schema([*fields[:2], ("location", location_type()), *extra, *fields[2:]])


class MainmarkPages:
    """Callable class for ``ds.map_batches(MainmarkPages, fn_constructor_kwargs=...,
    compute=ray.data.ActorPoolStrategy(size=N), batch_format="pyarrow")``.

    Constructed once per actor: the pipeline is imported and the tokenizer loaded
    before the first batch, outside any page's time budget. The budget itself works
    as in ``mainmark batch`` when Ray runs the actor's method in its main thread (the
    default); otherwise pages run without one.
    """

    def __init__(self, options: Options | None = None, *, output: str = "chunks",
                 max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES,
                 page_timeout: float | None = DEFAULT_PAGE_TIMEOUT) -> None:
        if output not in ("chunks", "pages"):
            raise ValueError(f"output must be 'chunks' or 'pages', not {output!r}")
        self.options = options or DEFAULT_OPTIONS
        self.output = output
        self.max_page_bytes = max_page_bytes
        self.page_timeout = page_timeout
        warm_up(self.options)

    def __call__(self, batch: Any) -> Any:
        rows: list[dict[str, Any]] = []
        for row in _rows_of(batch):
            outcome = process_record(record_from_row(row), self.options,
                                     max_bytes=self.max_page_bytes,
                                     time_budget=self.page_timeout)
            if self.output == "chunks":
                rows.extend(outcome.chunks)
            else:
                rows.append(_page_row(outcome))
        schema = chunk_schema() if self.output == "chunks" else page_schema()
        return to_table(rows, schema)


def _rows_of(batch: Any) -> Iterator[Mapping[str, Any]]:
    """Rows of a batch in any of Ray's batch formats (pyarrow, pandas, dict of arrays)."""
    if hasattr(batch, "to_pylist"):  # pyarrow.Table
        yield from batch.to_pylist()
    elif hasattr(batch, "to_dict") and hasattr(batch, "columns"):  # pandas.DataFrame
        yield from batch.to_dict("records")
    else:
        columns = {k: list(v) for k, v in dict(batch).items()}
        count = len(next(iter(columns.values()), []))
        for i in range(count):
            yield {k: v[i] for k, v in columns.items()}


def _page_row(outcome: Outcome) -> dict[str, Any]:
    if outcome.discard is not None:
        return {**outcome.discard, "status": "discard"}
    assert outcome.document is not None
    return {**outcome.document, "status": "document", "content_sha256": outcome.content_sha256,
            "bytes": None, "reason": None, "detail": None}


# ----------------------------------------------------------------------------- pipeline


def _read_file(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Ray ``flat_map`` body: one input file to its page rows, streamed."""
    files = [(str(item["path"]), Kind(item["kind"]))]
    for record in iter_pages(files, max_bytes=int(item["max_bytes"])):
        yield record_to_row(record)


def pages_dataset(paths: Sequence[str], *, max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES
                  ) -> Any:
    """A dataset of page rows (url, html bytes, headers, location, ...) from input paths.

    Paths are what ``mainmark batch`` takes: files, directories, globs; they must be
    readable from every node (a shared file system, or WARCs copied next to the job).
    """
    import ray.data

    files = expand_inputs(paths)
    items = [{"path": p, "kind": k.value, "max_bytes": max_page_bytes} for p, k in files]
    return ray.data.from_items(items, override_num_blocks=max(1, len(items))).flat_map(
        _read_file)


def default_actors() -> int:
    """Extraction actors for this cluster: one per CPU, less one kept free.

    Each actor holds a CPU for its whole life, while the read tasks that feed it
    need one now and then: with every CPU taken by an actor (two actors on a 2-CPU
    machine) no read task is ever scheduled and the job waits forever. Ray is
    started with its defaults here if nobody started it, as Ray Data would do.
    """
    import ray

    if not ray.is_initialized():
        ray.init()
    cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
    return max(1, cpus - 1)


def _actor_pool(actors: int | None) -> Any:
    import ray.data

    size = default_actors() if actors is None else actors
    if size < 1:
        raise ValueError(f"actors must be at least 1, not {size}")
    return ray.data.ActorPoolStrategy(size=size)


def chunk_dataset(paths: Sequence[str], options: Options | None = None, *,
                  actors: int | None = None, batch_size: int = 16, **kwargs: Any) -> Any:
    """The lazy chunk-row dataset of ``paths``: hand it to an embedding ``map_batches``.

    ``actors`` extraction actors (default: :func:`default_actors`).
    """
    return pages_dataset(paths, **_read_kwargs(kwargs)).map_batches(
        MainmarkPages, fn_constructor_kwargs={"options": options, **kwargs},
        compute=_actor_pool(actors), batch_size=batch_size, batch_format="pyarrow")


def _read_kwargs(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    return {"max_page_bytes": kwargs["max_page_bytes"]} if "max_page_bytes" in kwargs else {}


def write_parquet(paths: Sequence[str], out_dir: str, options: Options | None = None, *,
                  actors: int | None = None, batch_size: int = 16, **kwargs: Any) -> None:
    """Extract ``paths`` on the cluster and write ``out_dir/pages`` and ``out_dir/chunks``.

    Each page is extracted once: the page rows (documents and discards, the audit)
    are written with their chunks as JSON (``chunks_json``), then ``chunks`` is
    flattened from that Parquet, so nothing is recomputed and nothing has to fit in
    memory. ``actors`` extraction actors (default: :func:`default_actors`).
    """
    import ray.data

    pages = pages_dataset(paths, **_read_kwargs(kwargs)).map_batches(
        _PagesWithChunks, fn_constructor_kwargs={"options": options, **kwargs},
        compute=_actor_pool(actors), batch_size=batch_size, batch_format="pyarrow")
    pages_dir = f"{out_dir.rstrip('/')}/pages"
    pages.write_parquet(pages_dir)
    chunks = ray.data.read_parquet(pages_dir).select_columns(["chunks_json"]).flat_map(_explode)
    chunks.map_batches(_as_chunk_table, batch_format="pyarrow").write_parquet(
        f"{out_dir.rstrip('/')}/chunks")


class _PagesWithChunks(MainmarkPages):
    """Page rows carrying their chunk rows as JSON, for :func:`write_parquet`."""

    def __init__(self, options: Options | None = None, **kwargs: Any) -> None:
        super().__init__(options, output="pages", **kwargs)

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        rows: list[dict[str, Any]] = []
        chunk_json: list[str] = []
        for row in _rows_of(batch):
            outcome = process_record(record_from_row(row), self.options,
                                     max_bytes=self.max_page_bytes,
                                     time_budget=self.page_timeout)
            rows.append(_page_row(outcome))
            chunk_json.append(json.dumps(list(outcome.chunks), ensure_ascii=False))
        table = to_table(rows, page_schema())
        return table.append_column("chunks_json", pa.array(chunk_json, pa.string()))


def _explode(row: dict[str, Any]) -> list[dict[str, Any]]:
    return list(json.loads(row["chunks_json"]))


def _as_chunk_table(batch: Any) -> Any:
    return to_table([dict(row) for row in _rows_of(batch)], chunk_schema())
