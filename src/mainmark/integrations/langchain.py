"""LangChain adapters: a loader that yields one Document per chunk (or per page), and a
transformer that turns Documents holding raw HTML into chunk Documents.

Metadata values are plain (str, int, float, list of str) because vector stores reject
anything else. A value mainmark does not know (no URL, no title, no source offsets for
JSON-LD-only text) is **omitted**, never ``None`` and never ``""``: a filter on a key
then means "known", and stores that reject ``None`` accept every record.
``heading_path`` is a list of str; ``headings`` carries the same path joined with
" > " for stores that accept no lists.
"""

from __future__ import annotations

import glob as globlib
import gzip
import uuid
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import BaseDocumentTransformer
from langchain_core.documents import Document as LCDocument

from mainmark.errors import InputError
from mainmark.model import Chunk, Document
from mainmark.options import Options
from mainmark.pipeline import extract

Mode = Literal["chunks", "page"]
Source = str | Path | bytes
#: File names a directory contributes (compressed copies included).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz")
_PAGE_ID_NAMESPACE = uuid.UUID("0f6c2a8e-4b1d-5c3e-9a7f-6e5d4c3b2a19")


class MainmarkLoader(BaseLoader):
    """Load pages from paths, globs, directories, ``.gz`` files or in-memory bytes.

    ``sources`` may be one source or a sequence; a ``str`` with glob characters is a
    glob, a directory contributes its HTML files recursively (sorted, so runs are
    reproducible). ``urls`` maps a source (its path as given, or ``"memory:<i>"`` for
    the i-th bytes source) to the page's URL, used to resolve links and as metadata.
    """

    def __init__(
        self,
        sources: Source | Sequence[Source],
        *,
        mode: Mode = "chunks",
        options: Options | None = None,
        urls: dict[str, str] | None = None,
    ) -> None:
        if mode not in ("chunks", "page"):
            raise InputError(f"mode must be 'chunks' or 'page', not {mode!r}")
        if isinstance(sources, (str, Path, bytes, bytearray)):
            sources = [sources]
        self.sources = list(sources)
        self.mode = mode
        self.options = options or Options()
        self.urls = dict(urls or {})

    def lazy_load(self) -> Iterator[LCDocument]:
        for name, data in self._pages():
            url = self.urls.get(name)
            doc = extract(data, url=url, options=self.options)
            yield from documents_for(doc, source=name, url=url, mode=self.mode)

    def _pages(self) -> Iterator[tuple[str, bytes]]:
        memory = 0
        for source in self.sources:
            if isinstance(source, (bytes, bytearray)):
                yield f"memory:{memory}", bytes(source)
                memory += 1
                continue
            for path in _expand(source):
                yield str(path), _read(path)


class MainmarkTransformer(BaseDocumentTransformer):
    """Documents whose ``page_content`` is raw HTML (``AsyncHtmlLoader``,
    ``RecursiveUrlLoader``) to chunk Documents; the input metadata is kept, and
    mainmark's keys are added (the input's ``source`` wins: it is usually the URL)."""

    def __init__(self, *, mode: Mode = "chunks", options: Options | None = None) -> None:
        self.mode = mode
        self.options = options or Options()

    def transform_documents(
        self, documents: Sequence[LCDocument], **kwargs: Any
    ) -> Sequence[LCDocument]:
        out: list[LCDocument] = []
        for item in documents:
            meta = dict(item.metadata)
            source = str(meta.get("source", ""))
            url = meta.get("url") or (source if source.startswith(("http://", "https://"))
                                      else None)
            doc = extract(item.page_content, url=url, options=self.options)
            for produced in documents_for(doc, source=source or None, url=url, mode=self.mode):
                produced.metadata = {**produced.metadata, **meta}
                out.append(produced)
        return out


def documents_for(doc: Document, *, source: str | None, url: str | None,
                  mode: Mode = "chunks") -> Iterator[LCDocument]:
    """The LangChain Documents of one extracted page."""
    base = _page_metadata(doc, source, url)
    if mode == "page":
        if doc.markdown:
            key = f"{doc.stamp.content_sha256}|{doc.stamp.version}|{doc.stamp.options_hash}"
            yield LCDocument(page_content=doc.markdown, metadata=base,
                             id=str(uuid.uuid5(_PAGE_ID_NAMESPACE, key)))
        return
    for c in doc.chunks:
        yield LCDocument(page_content=c.embed_text, metadata={**base, **_chunk_metadata(c)},
                         id=c.id)


def _page_metadata(doc: Document, source: str | None, url: str | None) -> dict[str, Any]:
    m = doc.metadata
    values: dict[str, Any] = {
        "source": source,
        "url": url or m.url or m.canonical_url,
        "title": m.title,
        "language": m.language,
        "published": m.published,
        "extractor": doc.stamp.extractor,
        "extractor_version": doc.stamp.version,
        "options_hash": doc.stamp.options_hash,
        "content_sha256": doc.stamp.content_sha256,
    }
    return {k: v for k, v in values.items() if v is not None}


def _chunk_metadata(c: Chunk) -> dict[str, Any]:
    values: dict[str, Any] = {
        "heading_path": list(c.heading_path),
        "headings": " > ".join(c.heading_path),
        "chunk_index": c.index,
        "md_start": c.md_start,
        "md_end": c.md_end,
        "src_start": c.src_start,
        "src_end": c.src_end,
        "tokens": c.tokens,
    }
    return {k: v for k, v in values.items() if v is not None}


def _expand(source: str | Path) -> Iterable[Path]:
    text = str(source)
    if isinstance(source, str) and any(ch in text for ch in "*?["):
        matches = sorted(Path(p) for p in globlib.glob(text, recursive=True))
        return [p for p in matches if p.is_file()]
    path = Path(source)
    if path.is_dir():
        return sorted(p for p in path.rglob("*")
                      if p.is_file() and p.name.lower().endswith(HTML_SUFFIXES))
    return [path]


def _read(path: Path) -> bytes:
    try:
        data = path.read_bytes()
        return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise InputError(f"cannot read {path}: {exc}") from exc


__all__ = ["MainmarkLoader", "MainmarkTransformer", "documents_for"]
