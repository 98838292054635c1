"""One page in, rows or an audited discard out: the per-record function.

``mainmark batch`` (through its process pool) and the Ray integration both call
:func:`process_record`, so for equal input and options they produce equal rows
(``stamp.extracted_at`` aside). It never raises for a bad page: every failure
becomes a discard whose reason comes from the closed :class:`Reason` set, so a
run can always account for every page it was given.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from enum import Enum
from typing import Any

from mainmark.budget import PageTimeout, time_limit
from mainmark.chunks.ids import page_chunk_id, page_identity
from mainmark.errors import TimeBudgetExceeded
from mainmark.ingest.inflate import BadData, TooLarge, Truncated, gunzip
from mainmark.model import Document
from mainmark.options import DEFAULT_OPTIONS, Options
from mainmark.page.sniff import not_html
from mainmark.pagekind.interstitial import INTERSTITIAL
from mainmark.pipeline import extract

#: Pages above this many bytes are discarded as ``too_large`` (a batch setting, not an
#: extraction option: ``Options.max_input_bytes`` truncates, a batch job audits instead).
DEFAULT_MAX_PAGE_BYTES = 16 * 1024 * 1024
#: CPU seconds one page may take before it is discarded as ``timeout``.
DEFAULT_PAGE_TIMEOUT = 30.0

_DETAIL_LIMIT = 300


class Reason(str, Enum):
    """Why a page produced no document: the closed vocabulary of ``discards.jsonl``."""

    NON_HTML = "non_html"  # PDF, image, JSON, ... by content type or by its bytes
    DECODE_ERROR = "decode_error"  # the container could not yield the page (bad gzip, base64)
    TRUNCATED = "truncated"  # the input ends inside this record (an interrupted download)
    BAD_RECORD = "bad_record"  # a WARC record whose framing is wrong (Content-Length); resynced
    BAD_LINE = "bad_line"  # a JSONL line that is not a JSON object (or nests past any limit)
    SYMLINK_LOOP = "symlink_loop"  # a link in an input folder that resolves to itself
    PARSE_ERROR = "parse_error"  # lxml could not build a tree from the text
    EMPTY_CONTENT = "empty_content"  # parsed, but no main content was found (or only chrome)
    INTERSTITIAL = "interstitial"  # a bot check / challenge page stood in for the page
    TOO_LARGE = "too_large"  # above the batch size cap
    TIMEOUT = "timeout"  # above the per-page time budget
    EXTRACTOR_ERROR = "extractor_error"  # a bug: the extractor raised
    WORKER_DIED = "worker_died"  # its worker process was killed (the OOM killer, a crash)
    ROBOTS = "robots"  # fetching: robots.txt disallows the page
    HTTP_ERROR = "http_error"  # fetching: the server answered 4xx/5xx
    FETCH_ERROR = "fetch_error"  # fetching: no answer (connection, timeout, redirect loop)
    OFF_ORIGIN = "off_origin"  # fetching: a sitemap entry on another origin, not fetched


@dataclass(frozen=True, slots=True)
class Location:
    """Where a page came from, precise enough to find it again by hand."""

    file: str
    line: int | None = None  # JSONL, 1-based
    offset: int | None = None  # WARC, byte offset of the record (compressed stream)

    def to_dict(self) -> dict[str, Any]:
        """The location as written to the output, every key present (``None`` when n/a)."""
        return {"file": self.file, "line": self.line, "offset": self.offset}

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}"
        if self.offset is not None:
            return f"{self.file}@{self.offset}"
        return self.file


@dataclass(frozen=True, slots=True)
class PageRecord:
    """One page as a source delivered it, before any extraction.

    ``body`` is ``str`` only when the source held already-decoded text (a JSONL
    ``html`` string); then no charset applies. ``size`` and ``content_sha256`` cover
    the whole payload even when a too-large body was not kept. ``problem`` is set by
    a source that could not deliver the page at all (a truncated WARC record).
    """

    url: str | None
    body: bytes | str
    location: Location
    size: int
    content_sha256: str
    headers: tuple[tuple[str, str], ...] = ()
    content_type: str | None = None
    fetched_at: str | None = None
    problem: tuple[Reason, str] | None = None
    #: Where the body came from after redirects (fetched pages); links resolve against it.
    final_url: str | None = None
    #: ``body`` is still gzip-compressed: the worker inflates it, capped, so a gzip bomb
    #: costs the parent nothing and a worker only ``max_bytes`` of inflation.
    compressed: bool = False
    #: The ``problem`` is transient (no answer, a timeout, HTTP 5xx or 429): the discard
    #: says so, and ``--resume`` tries the page again instead of taking it as final.
    retryable: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one page produced: a document row and its chunk rows, or a discard row."""

    url: str | None
    content_sha256: str
    document: dict[str, Any] | None = None
    chunks: tuple[dict[str, Any], ...] = ()
    discard: dict[str, Any] | None = None


def sha256_of(body: bytes | str) -> str:
    """The content hash used by stamps and ``--resume`` (text hashed as its UTF-8)."""
    raw = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
    return hashlib.sha256(raw).hexdigest()


def doc_id(url: str | None, content_sha256: str, location: Location | None = None) -> str:
    """Stable id of a page: the input it came from (file, line, offset), its url and bytes.

    The location is part of it: two identical files at two paths are two pages of the
    input, and must stay two documents (and two ``--resume`` keys).
    """
    where = "" if location is None else input_identity(location)
    key = f"{where}\n{url or ''}\n{content_sha256}"
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def input_identity(location: Location | dict[str, Any]) -> str:
    """Where a page sits in the input, as one string: what ``--resume`` keys on."""
    loc = location.to_dict() if isinstance(location, Location) else location
    return f"{loc.get('file')}\x00{loc.get('line')}\x00{loc.get('offset')}"


def timeout_detail(budget: float | None) -> str:
    """One wording whether the alarm or the pool's watchdog stopped the page, so the
    files of two runs do not differ by which guard happened to fire first."""
    return f"over the per-page budget of {budget} CPU seconds"


def process_record(
    record: PageRecord,
    options: Options | None = None,
    *,
    max_bytes: int = DEFAULT_MAX_PAGE_BYTES,
    time_budget: float | None = DEFAULT_PAGE_TIMEOUT,
) -> Outcome:
    """Extract one page into rows, or explain in a discard why it yields none."""
    opts = options or DEFAULT_OPTIONS
    if record.problem is not None:
        return _discard(record, record.problem[0], record.problem[1])
    if record.compressed:
        record, problem = inflate(record, max_bytes)
        if problem is not None:
            return _discard(record, *problem)
    if record.size > max_bytes:
        return _discard(record, Reason.TOO_LARGE, f"{record.size} bytes > cap of {max_bytes}")
    why_not_html = non_html_reason(record)
    if why_not_html:
        return _discard(record, Reason.NON_HTML, why_not_html)
    if opts.time_budget is not None:  # extract() enforces it: one timer, never nested
        time_budget = opts.time_budget
    try:
        with time_limit(None if opts.time_budget is not None else time_budget):
            doc = extract(record.body, url=record.final_url or record.url,
                          headers=_headers(record), options=opts)
            if not doc.markdown:
                return _empty_discard(record, doc)
            return _rows(record, doc, opts)
    except (PageTimeout, TimeBudgetExceeded):
        return _discard(record, Reason.TIMEOUT, timeout_detail(time_budget))
    except Exception as exc:  # per-page isolation: any bug becomes an audited discard
        return _discard(record, Reason.EXTRACTOR_ERROR, f"{type(exc).__name__}: {exc}")


def inflate(record: PageRecord, max_bytes: int) -> tuple[PageRecord, tuple[Reason, str] | None]:
    """A compressed record's body inflated, stopping just past ``max_bytes``: a bomb is
    known to be too large after ``max_bytes`` of work, not after all of it."""
    raw = record.body if isinstance(record.body, bytes) else b""
    try:
        body = gunzip(raw, max_bytes)
    except TooLarge:
        return record, (Reason.TOO_LARGE, f"gzip inflates past the cap of {max_bytes} bytes "
                                          f"({len(raw)} bytes compressed)")
    except Truncated as exc:
        return record, (Reason.TRUNCATED, f"gzip data ends early: {exc}")
    except BadData as exc:
        return record, (Reason.DECODE_ERROR, f"cannot read file: {exc}")
    return replace(record, body=body, size=len(body), content_sha256=sha256_of(body),
                   compressed=False), None


# ----------------------------------------------------------------------------- non-HTML

def non_html_reason(record: PageRecord) -> str | None:
    """Why the payload is not an HTML page, or ``None`` if it may be one: the shared
    check of :mod:`mainmark.page.sniff`, given the record's declared type."""
    declared = record.content_type or _header(record.headers, "content-type")
    return not_html(record.body, declared)


def _header(headers: tuple[tuple[str, str], ...], name: str) -> str | None:
    for key, value in headers:
        if key.strip().lower() == name:
            return value
    return None


def _headers(record: PageRecord) -> Mapping[str, str] | None:
    """HTTP headers for ``extract``; a JSONL ``content_type`` acts as the header."""
    headers = dict(record.headers)
    if record.content_type and _header(record.headers, "content-type") is None:
        headers["Content-Type"] = record.content_type
    return headers or None


# ----------------------------------------------------------------------------- rows


def _empty_discard(record: PageRecord, doc: Document) -> Outcome:
    detail = "; ".join(doc.warnings) or "no main content"
    if any(w.startswith(INTERSTITIAL) for w in doc.warnings):
        return _discard(record, Reason.INTERSTITIAL, detail)
    unparsable = any(w.startswith("unparsable") for w in doc.warnings)
    return _discard(record, Reason.PARSE_ERROR if unparsable else Reason.EMPTY_CONTENT, detail)


def _discard(record: PageRecord, reason: Reason, detail: str) -> Outcome:
    row = {
        "url": record.url,
        "doc_id": doc_id(record.url, record.content_sha256, record.location),
        "reason": reason.value,
        "detail": detail[:_DETAIL_LIMIT],
        "location": record.location.to_dict(),
        "content_sha256": record.content_sha256,
        "bytes": record.size,
        "retryable": record.retryable,
        "discarded_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    return Outcome(record.url, record.content_sha256, discard=row)


#: Words as the bench counts them: runs of Unicode word characters.
_WORD = re.compile(r"\w+")


def _rows(record: PageRecord, doc: Document, options: Options) -> Outcome:
    from mainmark.chunks.tokens import get_tokenizer

    ident = doc_id(record.url, doc.stamp.content_sha256, record.location)
    record_dict = doc.to_dict()
    # The id a store keys on joins the page to the chunk, as LangChain's ids do, so a page
    # indexed through either path has the same ids (equal bytes at two URLs stay apart).
    page = page_identity(record.final_url or record.url, record.location.file)
    chunks = tuple(
        {**c.to_dict(), "id": page_chunk_id(page, c.id), "url": record.url, "doc_id": ident}
        for c in doc.chunks
    )
    document = {
        "url": record.url,
        "doc_id": ident,
        "location": record.location.to_dict(),
        "fetched_at": record.fetched_at,
        "final_url": record.final_url,
        "metadata": record_dict["metadata"],
        "markdown": doc.markdown,
        "stamp": record_dict["stamp"],
        "counts": {
            "chunks": len(doc.chunks),
            "tokens": get_tokenizer(options.tokenizer).count(doc.markdown),
            "bytes": len(doc.markdown.encode("utf-8")),
            "input_bytes": record.size,
            "chunk_tokens": sum(c.tokens for c in doc.chunks),
        },
        "word_count": len(_WORD.findall(doc.text)),
        "links": record_dict["links"],
        "encoding": record_dict["encoding"],
        "warnings": list(doc.warnings),
    }
    return Outcome(record.url, record.content_sha256, document=document, chunks=chunks)


def record_to_row(record: PageRecord) -> dict[str, Any]:
    """A flat, Arrow-friendly row (for Ray datasets); :func:`record_from_row` inverts it."""
    is_text = isinstance(record.body, str)
    body = record.body.encode("utf-8", "surrogatepass") if isinstance(record.body, str) \
        else record.body
    return {
        "url": record.url,
        "html": body,
        "html_is_text": is_text,
        "headers": json.dumps(record.headers),
        "content_type": record.content_type,
        "fetched_at": record.fetched_at,
        "final_url": record.final_url,
        "location": json.dumps(record.location.to_dict()),
        "size": record.size,
        "content_sha256": record.content_sha256,
        "problem": json.dumps([record.problem[0].value, record.problem[1]])
        if record.problem else None,
        "compressed": record.compressed,
        "retryable": record.retryable,
    }


def record_from_row(row: Mapping[str, Any]) -> PageRecord:
    """A row of url + html bytes (+ optional headers and the fields above) as a record.

    Only ``html`` is required; headers may be a mapping, a list of pairs or their JSON.
    """
    html = row.get("html")
    raw = bytes(html) if html is not None else b""
    body: bytes | str = raw.decode("utf-8", "surrogatepass") if row.get("html_is_text") else raw
    headers = row.get("headers")
    if isinstance(headers, (str, bytes)):
        headers = json.loads(headers)
    pairs = headers.items() if isinstance(headers, Mapping) else (headers or ())
    loc = row.get("location")
    loc_dict = json.loads(loc) if isinstance(loc, (str, bytes)) else (loc or {})
    problem = row.get("problem")
    problem_pair = json.loads(problem) if isinstance(problem, (str, bytes)) else problem
    size = row.get("size")
    sha = row.get("content_sha256")
    return PageRecord(
        url=_opt_str(row.get("url")),
        body=body,
        location=Location(str(loc_dict.get("file") or "<row>"), loc_dict.get("line"),
                          loc_dict.get("offset")),
        size=int(size) if size is not None else len(raw),
        content_sha256=str(sha) if sha else sha256_of(body),
        headers=tuple((str(k), str(v)) for k, v in pairs),
        content_type=_opt_str(row.get("content_type")),
        fetched_at=_opt_str(row.get("fetched_at")),
        problem=(Reason(problem_pair[0]), str(problem_pair[1])) if problem_pair else None,
        final_url=_opt_str(row.get("final_url")),
        compressed=bool(row.get("compressed")),
        retryable=bool(row.get("retryable")),
    )


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)
