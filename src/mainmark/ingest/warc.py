"""WARC / WARC.gz (Common Crawl and most crawlers) to page records, through warcio.

``response`` records (and ``resource`` records, which carry a payload without HTTP)
are pages; ``request``, ``metadata``, ``warcinfo``, ``revisit`` and ``dns:`` records
are not, and are skipped without being counted. The HTTP headers travel with the
record, so their ``charset`` decides the decoding downstream.

warcio does not complain about a cut-off file: it returns a short payload, or
stops early as if the file had ended. Both are checked here, so an interrupted
download shows up as a ``decode_error`` discard instead of pages silently lost.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Iterator
from typing import Any

from mainmark.errors import InputError
from mainmark.ingest.payload import problem_record, read_capped
from mainmark.ingest.records import Location, PageRecord, Reason

_PAGE_TYPES = ("response", "resource")
_TARGET_URI = re.compile(rb"^WARC-Target-URI:[ \t]*(\S+)", re.MULTILINE)


def read_warc(path: str, *, max_bytes: int) -> Iterator[PageRecord]:
    """Stream the page records of one WARC file, in file order."""
    try:
        from warcio.archiveiterator import ArchiveIterator
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise InputError(
            f"{path} is a WARC file: reading it needs warcio (pip install 'mainmark[warc]')"
        ) from exc
    with open(path, "rb") as stream:
        iterator = ArchiveIterator(stream)
        end = 0
        records = iter(iterator)
        while True:
            try:
                record = next(records)
            except StopIteration:
                break
            except Exception as exc:  # warcio raises assorted errors on damaged data
                yield problem_record(None, Location(path, offset=end), Reason.DECODE_ERROR,
                               f"unreadable WARC data: {type(exc).__name__}: {exc}")
                return
            page = _page(record, path, max_bytes, iterator)
            end = iterator.get_record_offset() + iterator.get_record_length()
            if page is not None:
                yield page
        size = os.path.getsize(path)
        if end < size:
            yield problem_record(_salvage_uri(path, end), Location(path, offset=end),
                           Reason.DECODE_ERROR,
                           f"truncated WARC: {size - end} bytes after the last complete "
                           "record could not be read as a record")


def _salvage_uri(path: str, offset: int) -> str | None:
    """The target URI of a record warcio gave up on, read from whatever bytes survive,
    so the discard names the page that was lost."""
    with open(path, "rb") as stream:
        stream.seek(offset)
        data = stream.read(1 << 16)
    if data[:2] == b"\x1f\x8b":
        try:
            data = zlib.decompressobj(31).decompress(data)
        except zlib.error:
            return None
    match = _TARGET_URI.search(data)
    return match.group(1).decode("utf-8", "replace") if match else None


def _page(record: Any, path: str, max_bytes: int, iterator: Any) -> PageRecord | None:
    """The page in one record, or ``None`` for a record that is not a page.

    The payload must be read before ``get_record_offset``: warcio computes the offset
    by reading the record to its end.
    """
    url = record.rec_headers.get_header("WARC-Target-URI")
    if record.rec_type not in _PAGE_TYPES or (url or "").startswith("dns:"):
        return None
    fetched_at = record.rec_headers.get_header("WARC-Date")
    http = record.http_headers
    headers: tuple[tuple[str, str], ...] = tuple(http.headers) if http is not None else ()
    content_type = None if http is not None else record.rec_headers.get_header("Content-Type")
    try:
        body, size, sha = read_capped(record.content_stream(), max_bytes)
        missing = int(getattr(record.raw_stream, "limit", 0) or 0)
    except Exception as exc:  # bad chunked or content encoding inside the record
        location = Location(path, offset=iterator.get_record_offset())
        return problem_record(url, location, Reason.DECODE_ERROR,
                        f"unreadable payload: {type(exc).__name__}: {exc}")
    location = Location(path, offset=iterator.get_record_offset())
    if body is not None and missing > 0:
        return problem_record(url, location, Reason.DECODE_ERROR,
                        f"truncated record: {missing} of {record.length} bytes missing",
                        size=size, sha=sha)
    return PageRecord(url, body or b"", location, size, sha, headers,
                      content_type=content_type, fetched_at=fetched_at)
