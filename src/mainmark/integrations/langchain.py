"""LangChain adapters: a loader that yields one Document per chunk (or per page), a
transformer that turns Documents holding raw HTML into chunk Documents, and
:func:`index_pages` for re-indexing with LangChain's indexing API.

Metadata is what every vector store accepts, Chroma 0.5/0.6 included (the strictest:
no lists, no ``None``): each value is a str, int, float or bool. A value mainmark does
not know (no URL, no title, no heading above the chunk, no source offsets for
JSON-LD-only text) is **omitted**, never ``None`` or ``""``: a filter on a key then
means "known". List-valued fields are joined into one string (``author`` and
``keywords`` with "; ", ``heading_path`` with " > ", ``links`` with " "); ``lists=True``
adds their list forms under ``<key>_list`` for stores that filter on list members.
:func:`page_metadata` builds a page's part from every :class:`~mainmark.model.Metadata`
field, so what batch writes (price, availability, keywords, ...) a store can filter on.
"""

from __future__ import annotations

import dataclasses
import glob as globlib
import itertools
import json
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any, Literal

from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import BaseDocumentTransformer
from langchain_core.documents import Document as LCDocument

from mainmark.chunks.ids import page_chunk_id, page_document_id, page_identity
from mainmark.errors import EmptyPageError, InputError, NotHtmlError
from mainmark.ingest.fetch import Fetcher, FetchSettings, is_url
from mainmark.ingest.records import Location, PageRecord, non_html_reason
from mainmark.model import Chunk, Document, Metadata
from mainmark.options import Options
from mainmark.page.sniff import NOT_HTML
from mainmark.pipeline import extract

log = logging.getLogger(__name__)

Mode = Literal["chunks", "page"]
OnError = Literal["warn", "raise"]
Source = str | Path | bytes
#: File names a directory contributes (compressed copies included).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz")
#: Metadata fields a store gets no key for: the provenance of each field (``sources``),
#: and the grades, which come as ``<field>_confidence`` keys when asked.
_NOT_CARRIED = frozenset({"sources", "confidence", "page_type_confidence"})
#: How a list-valued field is joined into one string (Chroma before 1.0 takes no lists).
JOINERS = {"author": "; ", "keywords": "; ", "heading_path": " > ", "links": " "}
#: Keys whose value mainmark itself determines; on these, its value wins.
OWN_KEYS = frozenset({
    *(f.name for f in dataclasses.fields(Metadata) if f.name not in _NOT_CARRIED),
    "page_type_confidence", "title_confidence", "author_confidence",
    "published_confidence", "extractor", "extractor_version", "options_hash",
    "content_sha256", "heading_path", "chunk_index", "md_start", "md_end", "src_start",
    "src_end", "tokens", "tag_path", "common_tag_path", "links",
    *(f"{key}_list" for key in JOINERS),
})
#: What HTML loaders put in a field they could not fill ("No language found.").
_PLACEHOLDER = re.compile(r"^\s*(no|unknown)\b.{0,40}\b(found|available|given)\W*$", re.I)


class MainmarkLoader(BaseLoader):
    """Load pages from paths, globs, directories, ``.gz`` files, in-memory bytes and
    ``http(s)`` URLs.

    ``sources`` may be one source or a sequence; a ``str`` with glob characters is a
    glob, a directory contributes its HTML files recursively (sorted, so runs are
    reproducible), a URL is fetched politely (:class:`~mainmark.ingest.fetch.Fetcher`
    with ``fetch`` settings; needs ``mainmark[fetch]``). ``urls`` maps a source (its
    path as given, or ``"memory:<i>"`` for the i-th bytes source) to the page's URL.

    A source that cannot be read (missing file, broken gzip, a failed or
    robots-disallowed fetch) is skipped with a logged warning, or raises
    :class:`~mainmark.errors.InputError` with ``on_error="raise"``; so is one that is no
    HTML page (a PDF, an image, JSON: :class:`~mainmark.errors.NotHtmlError`) and one
    that yields no main content (empty, only chrome, or a bot-check interstitial:
    :class:`~mainmark.errors.EmptyPageError`). Both are ``InputError`` subclasses.
    """

    def __init__(
        self,
        sources: Source | Sequence[Source],
        *,
        mode: Mode = "chunks",
        options: Options | None = None,
        urls: dict[str, str] | None = None,
        on_error: OnError = "warn",
        fetch: FetchSettings | None = None,
        confidence: bool = False,
        lists: bool = False,
    ) -> None:
        if mode not in ("chunks", "page"):
            raise InputError(f"mode must be 'chunks' or 'page', not {mode!r}")
        if on_error not in ("warn", "raise"):
            raise InputError(f"on_error must be 'warn' or 'raise', not {on_error!r}")
        if isinstance(sources, (str, Path, bytes, bytearray)):
            sources = [sources]
        self.sources = list(sources)
        self.mode = mode
        self.options = options or Options()
        self.urls = dict(urls or {})
        self.on_error = on_error
        self.fetch = fetch
        self.confidence = confidence  # add "title_confidence", "published_confidence", ...
        self.lists = lists  # add "author_list", "heading_path_list", ...

    def lazy_load(self) -> Iterator[LCDocument]:
        """Documents of every source, one page's worth at a time, so memory stays flat.

        Unreadable, non-HTML and empty sources are skipped with a warning (or raise, with
        ``on_error="raise"``): a loader never yields an empty Document.
        """
        for docs in self.lazy_load_pages():
            yield from docs

    def lazy_load_pages(self) -> Iterator[list[LCDocument]]:
        """The Documents of one page at a time (what :func:`index_pages` indexes)."""
        for record in self._records():
            url = record.final_url or self.urls.get(record.location.file) or record.url
            doc = extract(record.body, url=url, headers=dict(record.headers) or None,
                          options=self.options)
            if not doc.markdown:  # empty, a bot check, bare chrome: say so, never vanish
                self._refuse(EmptyPageError, f"no main content in {record.location.file}: "
                             f"{'; '.join(doc.warnings) or 'empty'}")
                continue
            yield list(documents_for(doc, source=record.location.file, url=url,
                                     mode=self.mode, confidence=self.confidence,
                                     lists=self.lists))

    def _records(self) -> Iterator[PageRecord]:
        memory = 0
        fetcher: Fetcher | None = None
        try:
            for source in self.sources:
                if isinstance(source, (bytes, bytearray)):
                    name, memory = f"memory:{memory}", memory + 1
                    yield from self._usable(_memory_record(name, bytes(source)))
                elif is_url(source):
                    fetcher = fetcher or Fetcher(self.fetch)
                    yield from self._usable(fetcher.fetch(str(source)))
                else:
                    for path in self._expand(source):
                        yield from self._usable(_read(path, self.options.max_input_bytes))
        finally:
            if fetcher is not None:
                fetcher.close()

    def _expand(self, source: str | Path) -> list[Path]:
        paths = _expand(source)
        if not paths and isinstance(source, str) and any(ch in source for ch in "*?["):
            log.info("no file matches %r", source)
        return paths

    def _usable(self, record: PageRecord) -> Iterator[PageRecord]:
        where = record.location.file
        if record.problem is not None:
            self._refuse(InputError, f"cannot load {where}: {record.problem[1]}")
            return
        why_not = non_html_reason(record)
        if why_not is not None:
            self._refuse(NotHtmlError, f"cannot load {where}: {NOT_HTML}: {why_not}")
            return
        yield record

    def _refuse(self, error: type[InputError], message: str) -> None:
        """Raise ``error`` under ``on_error="raise"``, else log the skipped source."""
        if self.on_error == "raise":
            raise error(message)
        log.warning("%s (skipped)", message)


class MainmarkTransformer(BaseDocumentTransformer):
    """Documents whose ``page_content`` is raw HTML (``AsyncHtmlLoader``,
    ``RecursiveUrlLoader``) to chunk Documents.

    A document that gives no main content (not HTML: a PDF read as text; a bot-check
    interstitial; empty) gives no chunks, and a warning is logged on this module's
    logger with the reason: a transformer runs over a list a loader already fetched, so
    one bad page does not stop the others.

    Metadata precedence, documented in ``docs/chunks.md``: on the keys mainmark
    determines (:data:`OWN_KEYS`) mainmark's value wins; where mainmark found nothing,
    the incoming value is kept unless it is a placeholder ("No language found.").
    The incoming ``source`` is kept (usually the URL the page was fetched from), as is
    every other incoming key, made store-safe (``None``, ``""`` and ``[]`` dropped,
    nested values as JSON strings).
    """

    def __init__(self, *, mode: Mode = "chunks", options: Options | None = None,
                 confidence: bool = False, lists: bool = False) -> None:
        self.mode = mode
        self.options = options or Options()
        self.confidence = confidence
        self.lists = lists

    def transform_documents(
        self, documents: Sequence[LCDocument], **kwargs: Any
    ) -> Sequence[LCDocument]:
        """Each incoming HTML document to mainmark's documents, incoming metadata merged in.

        The page URL is the incoming ``url`` if it is one, else ``source`` if that is a URL, so
        relative links resolve; a document with no main content is logged and dropped rather
        than stopping the others.
        """
        out: list[LCDocument] = []
        for item in documents:
            meta = store_safe(item.metadata, lists=self.lists)
            source = str(meta.get("source", "")) or None
            given = meta.get("url")
            url = given if is_url(given) else (source if is_url(source) else None)
            doc = extract(item.page_content, url=url, options=self.options)
            if not doc.markdown:  # not HTML (a PDF's text), a bot check, empty: no chunks
                log.warning("no documents from %s: %s", source or "a document",
                            "; ".join(doc.warnings) or "no main content")
                continue
            for produced in documents_for(doc, source=source, url=url, mode=self.mode,
                                          confidence=self.confidence, lists=self.lists):
                produced.metadata = merge_metadata(meta, produced.metadata, lists=self.lists)
                out.append(produced)
        return out


def merge_metadata(incoming: Mapping[str, Any], own: Mapping[str, Any], *,
                   lists: bool = False) -> dict[str, Any]:
    """Incoming metadata under mainmark's (see :class:`MainmarkTransformer`)."""
    merged = {k: v for k, v in store_safe(incoming, lists=lists).items()
              if k not in OWN_KEYS or not (isinstance(v, str) and _PLACEHOLDER.match(v))}
    merged.update(own)
    return merged


def store_safe(metadata: Mapping[str, Any], *, lists: bool = False) -> dict[str, Any]:
    """Metadata every vector store accepts: unknown values dropped, a list joined into
    one string (kept as a list of one scalar type with ``lists=True``), anything else
    nested as its JSON text."""
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        safe = _safe_value(value, JOINERS.get(str(key), "; "), lists)
        if safe is not None:
            out[str(key)] = safe
    return out


def _safe_value(value: Any, joiner: str, lists: bool) -> Any:
    if value is None or value == "":
        return None
    if isinstance(value, Enum):
        return _safe_value(value.value, joiner, lists)
    if isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        items = [v for v in value if v is not None and v != ""]
        if not items:
            return None
        kinds = {type(v) for v in items}
        if not lists:
            return joiner.join(v if isinstance(v, str) else json.dumps(v, default=str)
                               for v in items)
        if len(kinds) == 1 and kinds <= {str, bool, int, float}:
            return list(items)
        return [v if isinstance(v, str) else json.dumps(v, default=str) for v in items]
    try:
        return json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def documents_for(doc: Document, *, source: str | None, url: str | None,
                  mode: Mode = "chunks", confidence: bool = False,
                  lists: bool = False) -> Iterator[LCDocument]:
    """The LangChain Documents of one extracted page.

    Ids join the page's identity (its URL, else its source) to the chunk id, so equal
    bytes at two URLs are two documents, and the same page re-extracted the same way
    keeps its ids. ``confidence`` adds the grades of title, author and date, and the
    page-kind model's probability for ``page_type``; ``lists`` adds the list forms of
    the joined fields (``author_list``, ``heading_path_list``, ...).
    """
    base = page_metadata(doc, source=source, url=url, confidence=confidence, lists=lists)
    identity = page_identity(url, source)
    if mode == "page":
        if doc.markdown:
            urls = list(dict.fromkeys(link.url for link in doc.links))
            yield LCDocument(page_content=doc.markdown,
                             metadata={**base, **_with_lists({"links": urls}, lists)},
                             id=page_document_id(identity, doc.stamp))
        return
    for c in doc.chunks:
        yield LCDocument(page_content=c.embed_text,
                         metadata={**base, **_chunk_metadata(c, lists)},
                         id=page_chunk_id(identity, c.id))


def page_metadata(doc: Document, *, source: str | None, url: str | None,
                  confidence: bool = False, lists: bool = False) -> dict[str, Any]:
    """The page's part of every Document's metadata: each field of its
    :class:`~mainmark.model.Metadata` (the record batch writes), the stamp, ``source``.

    Built from the dataclass's fields, not a list of names, so a field added to the
    metadata reaches the stores too. ``url`` is the URL given, else the page's own,
    else its canonical URL.
    """
    m = doc.metadata
    values: dict[str, Any] = {f.name: getattr(m, f.name) for f in dataclasses.fields(m)
                              if f.name not in _NOT_CARRIED}
    values.update({
        "source": source,
        "url": url or m.url or m.canonical_url,
        "extractor": doc.stamp.extractor,
        "extractor_version": doc.stamp.version,
        "options_hash": doc.stamp.options_hash,
        "content_sha256": doc.stamp.content_sha256,
    })
    if confidence:
        values.update({f"{k}_confidence": v.value for k, v in m.confidence.items()})
        values["page_type_confidence"] = m.page_type_confidence
    return _with_lists(values, lists)


def _chunk_metadata(c: Chunk, lists: bool) -> dict[str, Any]:
    return _with_lists({
        "heading_path": c.heading_path,
        "chunk_index": c.index,
        "md_start": c.md_start,
        "md_end": c.md_end,
        "src_start": c.src_start,
        "src_end": c.src_end,
        "tokens": c.tokens,
        "tag_path": c.tag_path,
        "common_tag_path": c.common_tag_path,
        "links": c.links,  # URLs of the chunk's side-table links, else no key
    }, lists)


def _with_lists(values: dict[str, Any], lists: bool) -> dict[str, Any]:
    """``values`` store-safe, the joined fields as strings; with ``lists`` their list
    forms too, under ``<key>_list``."""
    out = store_safe(values)
    if lists:
        out.update(store_safe({f"{k}_list": values[k] for k in JOINERS if k in values},
                              lists=True))
    return out


def index_pages(loader: MainmarkLoader, record_manager: Any, vector_store: Any,
                **kwargs: Any) -> dict[str, int]:
    """``langchain_core.indexing.index`` over the loader's pages; ``cleanup`` defaults to
    ``"incremental"``, and ``kwargs`` go to ``index`` (the content hash is sha256 unless
    ``key_encoder`` says otherwise).

    How ``index`` is called depends on when its cleanup deletes (see ``docs/chunks.md``):

    * ``"incremental"`` (and ``None``): once per page. Incremental cleanup runs after
      every batch of ``batch_size`` documents; a page straddling two batches would have
      the chunks only the next batch refreshes deleted and then added back, so a re-run
      over unchanged pages would not be a no-op. One call per page keeps each page
      inside one cleanup.
    * ``"full"`` and ``"scoped_full"``: **once**, over every page of the run, streamed.
      Their cleanup runs after the last batch and deletes what the call did not see
      (full: anything in the record manager's namespace; scoped_full: anything under
      a ``source`` the call saw). One call per page would make each page's cleanup
      delete every other page. A ``"full"`` run that yields no document at all is not
      indexed (a warning is logged): its cleanup would empty the store, which is what
      a loader whose every source failed looks like, not a deliberate wipe.
    """
    from langchain_core.indexing import index

    settings = {"cleanup": "incremental", "source_id_key": "source", "key_encoder": "sha256",
                **kwargs}
    if settings["cleanup"] in ("full", "scoped_full"):
        return _index_in_one_call(loader, record_manager, vector_store, settings)
    totals = dict.fromkeys(_COUNTS, 0)
    for docs in loader.lazy_load_pages():
        if not docs:
            continue
        settings["batch_size"] = max(len(docs), int(kwargs.get("batch_size", 100)))
        _add_counts(totals, index(docs, record_manager, vector_store, **settings))
    return totals


_COUNTS = ("num_added", "num_updated", "num_skipped", "num_deleted")


def _index_in_one_call(loader: MainmarkLoader, record_manager: Any, vector_store: Any,
                       settings: dict[str, Any]) -> dict[str, int]:
    """One ``index`` call over all the run's documents, page after page as they load."""
    from langchain_core.indexing import index

    stream = (doc for docs in loader.lazy_load_pages() for doc in docs)
    first = next(stream, None)
    totals = dict.fromkeys(_COUNTS, 0)
    if first is None and settings["cleanup"] == "full":
        log.warning("index_pages: the run yielded no document; full cleanup skipped "
                    "(it would delete everything in the record manager's namespace)")
        return totals
    docs = stream if first is None else itertools.chain([first], stream)
    _add_counts(totals, index(docs, record_manager, vector_store, **settings))
    return totals


def _add_counts(totals: dict[str, int], result: Mapping[str, object]) -> None:
    for key in totals:
        value = result.get(key)
        totals[key] += value if isinstance(value, int) else 0


def _memory_record(name: str, data: bytes) -> PageRecord:
    return PageRecord(None, data, Location(name), len(data), "")


def _expand(source: str | Path) -> list[Path]:
    text = str(source)
    if isinstance(source, str) and any(ch in text for ch in "*?["):
        matches = sorted(Path(p) for p in globlib.glob(text, recursive=True))
        return [p for p in matches if p.is_file()]
    path = Path(source)
    if path.is_dir():
        return sorted(p for p in path.rglob("*")
                      if p.is_file() and p.name.lower().endswith(HTML_SUFFIXES))
    return [path]


def _read(path: Path, max_bytes: int) -> PageRecord:
    """A file as a record; a missing file or a broken gzip is a record with a problem.

    Read (and gunzipped) in pieces up to ``max_bytes``, the most extraction would look
    at: a 4 MB ``.gz`` of zeros is refused after ``max_bytes``, not inflated to 4 GB.
    """
    from mainmark.ingest.inflate import InflateError, TooLarge, read_file
    from mainmark.ingest.payload import problem_record
    from mainmark.ingest.records import Reason

    location = Location(str(path))
    try:
        with path.open("rb") as handle:
            data = read_file(handle, max_bytes)
    except TooLarge as exc:
        return problem_record(None, location, Reason.TOO_LARGE,
                              f"over {max_bytes} bytes (inflated); the limit is "
                              "Options.max_input_bytes", size=exc.size)
    except (OSError, InflateError) as exc:
        return problem_record(None, location, Reason.DECODE_ERROR, f"{exc}")
    return PageRecord(None, data, location, len(data), "")


__all__ = ["MainmarkLoader", "MainmarkTransformer", "documents_for", "index_pages",
           "merge_metadata", "page_metadata", "store_safe"]
