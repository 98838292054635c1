"""Reading one payload and recording one problem: what every reader of ``sources`` shares.

Kept apart from :mod:`mainmark.ingest.sources` so that the container readers (``warc``) and
the dispatcher that picks them import the same two helpers without importing each other.
"""

from __future__ import annotations

import hashlib
from typing import IO

from mainmark.ingest.records import Location, PageRecord, Reason, sha256_of

READ_CHUNK = 1 << 20


def read_capped(stream: IO[bytes], max_bytes: int, *, inflating: bool = False
                ) -> tuple[bytes | None, int, str]:
    """Read a payload: ``(body or None when over max_bytes, true size, sha256)``.

    A stored payload is hashed through to its true size (reading it costs what the
    file holds). An ``inflating`` stream (a WARC payload under a ``Content-Encoding``)
    stops just past ``max_bytes``: its true size could be a thousand times what was
    stored, so size and hash then cover the bytes read.
    """
    digest = hashlib.sha256()
    kept: list[bytes] = []
    size = 0
    while True:
        block = stream.read(READ_CHUNK)
        if not block:
            break
        digest.update(block)
        size += len(block)
        if size <= max_bytes:
            kept.append(block)
        else:
            kept.clear()
            if inflating:
                break
    return (b"".join(kept) if size <= max_bytes else None), size, digest.hexdigest()


def problem_record(url: str | None, location: Location, reason: Reason, detail: str,
                   size: int = 0, sha: str | None = None, *, retryable: bool = False
                   ) -> PageRecord:
    """A record that carries no page, only why: it becomes one discard line
    (``retryable`` when a later run may well get the page: see ``--resume``)."""
    return PageRecord(url, b"", location, size, sha or sha256_of(b""),
                      problem=(reason, detail), retryable=retryable)
