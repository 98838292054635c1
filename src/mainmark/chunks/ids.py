"""Ids a vector store can key on, made here once for every path that hands chunks out.

:attr:`~mainmark.model.Chunk.id` depends only on the bytes, the version, the options and
the chunk's offsets: equal bytes at two URLs give equal chunk ids. A store that holds
both pages needs two keys, so the ids handed out with a page (``mainmark batch`` and
Ray chunk rows, LangChain ``Document.id``) join the page's identity to the chunk id:
its URL (after redirects, when known), else its source (a file path). Both paths call
these functions, so the same page gets the same ids whichever way it was indexed.
"""

from __future__ import annotations

import hashlib
import uuid

from mainmark.model import Stamp

#: The namespace LangChain ids were first made in: kept, so ids already in stores stay.
_PAGE_NAMESPACE = uuid.UUID("0f6c2a8e-4b1d-5c3e-9a7f-6e5d4c3b2a19")


def page_identity(url: str | None, source: str | None) -> str:
    """What tells two pages with equal bytes apart: the URL, else the source."""
    return url or source or ""


def page_chunk_id(identity: str, chunk_id: str) -> str:
    """The id of one chunk of the page known as ``identity`` (a UUID string)."""
    return _uuid5(f"{identity}\n{chunk_id}")


def page_document_id(identity: str, stamp: Stamp) -> str:
    """The id of a whole page as one document (LangChain's ``mode="page"``)."""
    key = f"{identity}\n{stamp.content_sha256}|{stamp.version}|{stamp.options_hash}"
    return _uuid5(key)


def _uuid5(name: str) -> str:
    """``uuid.uuid5`` over the name's UTF-8, with a lone surrogate (a JSONL url may hold
    one) passed through instead of failing the page; equal to ``uuid5`` otherwise."""
    digest = hashlib.sha1(_PAGE_NAMESPACE.bytes + name.encode("utf-8", "surrogatepass"),
                          usedforsecurity=False).digest()
    return str(uuid.UUID(bytes=digest[:16], version=5))
