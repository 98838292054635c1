"""WARC / WARC.gz (Common Crawl and most crawlers) to page records, through warcio.

``response`` records (and ``resource`` records, which carry a payload without HTTP)
are pages; ``request``, ``metadata``, ``warcinfo``, ``revisit`` and ``dns:`` records
are not, and are skipped without being counted. The HTTP headers travel with the
record, so their ``charset`` decides the decoding downstream.

Damage never ends the file. warcio does not complain about a cut-off file (it returns a
short payload, or stops as if the file had ended), and a wrong ``Content-Length`` makes
it read the next record's header as payload or fail on garbage. Both are checked here:
at a damaged spot the reader resynchronises at the next record start (a ``WARC/1.`` line
in a plain file, a gzip member in a compressed one) and carries on. Each damaged region
becomes one discard: ``bad_record`` when intact records follow it, ``truncated`` when the
file ends inside it.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import zlib
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from mainmark.errors import MissingExtraError
from mainmark.ingest.payload import problem_record, read_capped
from mainmark.ingest.records import Location, PageRecord, Reason

_PAGE_TYPES = ("response", "resource")
#: A whole ``WARC-Target-URI`` line (a line cut by the end of the file names no page).
_TARGET_URI = re.compile(rb"^WARC-Target-URI:[ \t]*(\S+)[ \t]*\r?\n", re.MULTILINE)
_GZIP_MEMBER = b"\x1f\x8b\x08"
_PLAIN_RECORD = b"WARC/1."
#: A record header inside a payload: the previous record's length was too long.
_EMBEDDED_HEADER = re.compile(rb"\r\n\r\nWARC/1\.[01]\r\n(?:[^\r\n]*\r\n){0,20}?WARC-Type:")
_SCAN_BLOCK = 1 << 20


@dataclass(slots=True)
class _Damage:
    """A damaged region not yet reported: where it starts and what went wrong there."""

    offset: int
    detail: str
    url: str | None = None


@dataclass(slots=True)
class _Stop:
    read_any: bool
    offset: int  # where reading stopped (end of the last good record, or the bad one)
    error: str | None  # None: the iterator ended on its own
    url: str | None = None  # the page the damage belongs to, when known


def read_warc(path: str, *, max_bytes: int) -> Iterator[PageRecord]:
    """Stream the page records of one WARC file, in file order, past any damage."""
    try:
        from warcio.archiveiterator import ArchiveIterator  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtraError(
            f"{path} is a WARC file: reading it needs warcio (pip install 'mainmark[warc]')"
        ) from exc
    size = os.path.getsize(path)
    with open(path, "rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    pending: _Damage | None = None
    offset = 0
    while True:
        stop = yield from _read_from(path, offset, max_bytes, pending, gzipped)
        if stop.read_any:
            pending = None
        if stop.error is None and _clean_end(path, stop.offset, size):
            return
        if pending is None:
            detail = stop.error or (f"{size - stop.offset} bytes after the last complete "
                                    "record could not be read as a record")
            pending = _Damage(stop.offset, detail, stop.url or _salvage_uri(path, stop.offset))
        resume_at = _next_record_start(path, max(stop.offset, offset) + 1, gzipped)
        if resume_at is None:
            yield problem_record(pending.url, Location(path, offset=pending.offset),
                                 Reason.TRUNCATED, f"truncated WARC: {pending.detail}")
            return
        offset = resume_at


def _read_from(path: str, base: int, max_bytes: int, pending: _Damage | None,
               gzipped: bool) -> Generator[PageRecord, None, _Stop]:
    """Records from ``base`` on until the end or the first damage; ``pending`` damage is
    reported (as ``bad_record``) just before the first intact record proves it is not
    the end of the file."""
    from warcio.archiveiterator import ArchiveIterator

    read_any = False
    end = base
    # In a plain file a page is held until the next record parses: garbage right after
    # it means its Content-Length was too short, and the page is the damaged record.
    held: PageRecord | None = None
    with open(path, "rb") as stream:
        stream.seek(base)
        iterator = ArchiveIterator(stream)
        records = iter(iterator)
        while True:
            try:
                record = next(records)
            except StopIteration:
                if held is not None:
                    yield held
                return _Stop(read_any, end, None)
            except Exception as exc:  # warcio raises assorted errors on damaged data
                error = f"unreadable WARC data: {type(exc).__name__}: {exc}"
                if held is not None and held.location.offset is not None \
                        and not _header_at(stream, end):
                    return _Stop(read_any, held.location.offset,
                                 f"Content-Length does not end the record ({error})", held.url)
                if held is not None:  # the next record starts right after it: it is whole
                    yield held
                return _Stop(read_any, end, error)
            errors = iterator.err_count
            with contextlib.redirect_stderr(io.StringIO()):  # its warning: ours is a discard
                page, damage = _page(record, path, max_bytes, iterator, base, gzipped)
                offset = iterator.get_record_offset()
                length = iterator.get_record_length()
            if damage is None and iterator.err_count > errors:
                damage = "Content-Length does not end the record (no blank line after it)"
            if damage is not None:
                if held is not None:
                    yield held
                return _Stop(read_any, offset, damage, record_url(record))
            if not read_any and pending is not None:
                yield problem_record(pending.url, Location(path, offset=pending.offset),
                                     Reason.BAD_RECORD,
                                     f"damaged WARC record skipped: {pending.detail}")
            read_any = True
            end = offset + length
            if held is not None:
                yield held
                held = None
            if page is not None:
                if gzipped or page.problem is not None:
                    yield page
                else:
                    held = page


def record_url(record: Any) -> str | None:
    """The record's ``WARC-Target-URI``, or ``None`` when the header is missing or empty."""
    url = record.rec_headers.get_header("WARC-Target-URI")
    return str(url) if url else None


def _next_record_start(path: str, start: int, gzipped: bool) -> int | None:
    """Offset of the next place a record may start, at or after ``start``."""
    marker = _GZIP_MEMBER if gzipped else _PLAIN_RECORD
    with open(path, "rb") as stream:
        pos = start
        while True:
            stream.seek(pos)
            block = stream.read(_SCAN_BLOCK + len(marker))
            if len(block) < len(marker):
                return None
            at = 0
            while (found := block.find(marker, at)) >= 0:
                if gzipped or _at_line_start(stream, pos + found):
                    return pos + found
                at = found + 1
            pos += _SCAN_BLOCK


def _clean_end(path: str, offset: int, size: int) -> bool:
    """Nothing but the blank lines that close a plain WARC's last record is left."""
    if offset >= size:
        return True
    if size - offset > 16:
        return False
    with open(path, "rb") as stream:
        stream.seek(offset)
        return not stream.read().strip(b"\r\n")


def _header_at(stream: Any, offset: int) -> bool:
    """A record header starts at ``offset`` (the file may still end inside it, even
    inside its first line: ``WA`` and then the end of the file is a cut header too)."""
    stream.seek(offset)
    raw = stream.read(64)
    head = raw.lstrip(b"\r\n")
    if head.startswith(_PLAIN_RECORD):
        return True
    return len(raw) < 64 and bool(head) and _PLAIN_RECORD.startswith(head)


def _at_line_start(stream: Any, offset: int) -> bool:
    if offset == 0:
        return True
    here = stream.tell()
    stream.seek(offset - 1)
    before = stream.read(1)
    stream.seek(here)
    return bool(before == b"\n")


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


def _page(record: Any, path: str, max_bytes: int, iterator: Any, base: int, gzipped: bool
          ) -> tuple[PageRecord | None, str | None]:
    """``(page or None for a record that is not a page, damage or None)``.

    The payload must be read before ``get_record_offset``: warcio computes the offset
    by reading the record to its end. Damage is a record whose declared length runs
    past the end of the file or over the next record's header.
    """
    if record.rec_type is None:  # the file ended inside the header: no WARC-Type yet
        return None, "the record's header is cut short"
    url = record.rec_headers.get_header("WARC-Target-URI")
    fetched_at = record.rec_headers.get_header("WARC-Date")
    http = record.http_headers
    headers: tuple[tuple[str, str], ...] = tuple(http.headers) if http is not None else ()
    content_type = None if http is not None else record.rec_headers.get_header("Content-Type")
    try:
        encoded = http is not None and bool(http.get_header("Content-Encoding"))
        body, size, sha = read_capped(record.content_stream(), max_bytes, inflating=encoded)
        while encoded and body is None and record.raw_stream.read(1 << 20):
            pass  # the rest of an inflation bomb, skipped still compressed
        missing = int(getattr(record.raw_stream, "limit", 0) or 0)
    except Exception as exc:  # bad chunked or content encoding inside the record
        location = Location(path, offset=iterator.get_record_offset())
        return problem_record(url, location, Reason.DECODE_ERROR,
                              f"unreadable payload: {type(exc).__name__}: {exc}"), None
    if missing > 0:
        return None, f"record of {record.length} bytes with {missing} missing"
    if not gzipped and body is not None and _EMBEDDED_HEADER.search(body):
        return None, "Content-Length runs over the next record's header"
    if record.rec_type not in _PAGE_TYPES or (url or "").startswith("dns:"):
        return None, None
    location = Location(path, offset=iterator.get_record_offset())
    return PageRecord(url, body or b"", location, size, sha, headers,
                      content_type=content_type, fetched_at=fetched_at), None
