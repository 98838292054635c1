"""Inputs to a stream of :class:`~mainmark.ingest.records.PageRecord`, never loaded whole.

An input argument is a file, a directory (walked iteratively, in sorted order so
runs are reproducible) or a glob. Each file is classified by its first bytes,
after gunzipping when it is gzip: ``WARC/`` starts a WARC; a JSONL file is named
``.jsonl`` or has a whole JSON object as its first line (see :func:`sniff`);
anything else given explicitly is one HTML page. Inside a directory, a file that
is neither WARC nor JSONL counts as a page only if its name or its bytes look like
HTML, so a ``README`` or a stray image next to the pages is not a "page".

Readers keep at most ``max_bytes`` of a payload in memory; a larger one is hashed
through and delivered empty with its true size, to become a ``too_large`` discard.
"""

from __future__ import annotations

import base64
import binascii
import errno
import glob
import gzip
import json
import os
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from typing import IO, Any, cast

from mainmark.errors import InputUnavailable
from mainmark.ingest.payload import READ_CHUNK, problem_record, read_capped
from mainmark.ingest.records import Location, PageRecord, Reason, sha256_of

_HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
_JSONL_SUFFIXES = (".jsonl", ".ndjson")
#: Bytes of a first line read to decide whether it is a whole JSON object.
_FIRST_LINE_CAP = 1 << 20
_GLOB_CHARS = re.compile(r"[*?\[]")
_PAGE_FIELD = re.compile(rb'"(html|body|html_base64|body_base64)"\s*:')
_BASE64 = re.compile(r"^[A-Za-z0-9+/\s]*={0,2}\s*$")


class Kind(str, Enum):
    """What an input file holds, which decides how it is read.

    ``OTHER`` is skipped inside a directory but read as HTML when named directly, since
    the user asked for that file.
    """

    HTML = "html"
    JSONL = "jsonl"
    WARC = "warc"
    OTHER = "other"
    LOOP = "loop"  # a symbolic link that resolves to itself: one discard, then go on
    JSON = "json"  # a JSON document (not JSONL) given by name: one non_html discard


def expand_inputs(inputs: Sequence[str], *, exclude: str | None = None
                  ) -> list[tuple[str, Kind]]:
    """Every input file with its kind, in a deterministic order.

    ``exclude`` is a directory never read from (the output directory, which may sit
    inside an input directory and holds JSONL of its own). Raises
    :class:`~mainmark.errors.InputError` for an argument that names nothing.
    """
    skip = os.path.realpath(exclude) + os.sep if exclude else None
    found: list[tuple[str, Kind]] = []
    for arg in inputs:
        if os.path.isdir(arg):
            for path, looped in _walk(arg):
                if skip and os.path.realpath(path).startswith(skip):
                    continue
                kind = Kind.LOOP if looped else sniff(path, in_directory=True)
                if kind is not Kind.OTHER:
                    found.append((path, kind))
        elif _is_loop(arg):
            found.append((arg, Kind.LOOP))
        elif os.path.exists(arg):
            kind = sniff(arg)
            found.append((arg, Kind.HTML if kind is Kind.OTHER else kind))
        elif _GLOB_CHARS.search(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise InputUnavailable(f"no file matches {arg!r}")
            found.extend(expand_inputs(matches, exclude=exclude))
        else:
            raise InputUnavailable(f"no such file or directory: {arg!r}")
    return found


def _walk(top: str) -> Iterator[tuple[str, bool]]:
    """Files under ``top`` in sorted order, iteratively, not following directory links;
    ``(path, True)`` for a link that loops (it is reported, not a reason to stop)."""
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError:
            continue
        subdirs = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                subdirs.append(entry.path)
                continue
            try:
                if entry.is_file():
                    yield entry.path, False
            except OSError:
                if _is_loop(entry.path):
                    yield entry.path, True
        stack.extend(reversed(subdirs))


def _is_loop(path: str) -> bool:
    """A symbolic link whose resolution never ends (``ELOOP``)."""
    if not os.path.islink(path):
        return False
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def sniff(path: str, *, in_directory: bool = False) -> Kind:
    """Classify a file by its first bytes (``OTHER``: not a page container nor HTML).

    A ``{`` file is JSONL when it is named so (``.jsonl``, ``.ndjson``, gzipped or not)
    or when its first non-empty line is a whole JSON object: a pretty-printed JSON
    document (first line ``{``) is not a thousand bad lines. Inside a directory it
    must also mention a page field near its start, so a stray one-line
    ``package.json`` is not read as a bad page either. A JSON document given by name
    is ``JSON``: one ``non_html`` discard, as an image given by name would be.
    """
    head = _peek(path)
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped.startswith(b"WARC/"):
        return Kind.WARC
    name = path.lower().removesuffix(".gz")
    if stripped.startswith(b"{"):
        if not (name.endswith(_JSONL_SUFFIXES) or _first_line_is_object(path)):
            return Kind.OTHER if in_directory else Kind.JSON
        if not in_directory or _PAGE_FIELD.search(head):
            return Kind.JSONL
        return Kind.OTHER
    if name.endswith(_HTML_SUFFIXES) or stripped[:1] == b"<":
        return Kind.HTML
    return Kind.OTHER


def _first_line_is_object(path: str) -> bool:
    """Whether the first non-empty line of the file parses as a JSON object.

    A line longer than :data:`_FIRST_LINE_CAP` is taken as one (a pretty-printer never
    writes such a first line; a JSONL page often does), as is a file that cannot be
    read to the end of its first line: the JSONL reader then reports what is wrong.
    """
    try:
        with _open(path) as stream:
            line = b""
            while not line.strip():
                line = stream.readline(_FIRST_LINE_CAP)
                if not line:
                    return False
    except (OSError, EOFError, zlib.error):
        return True
    if len(line) >= _FIRST_LINE_CAP and not line.endswith(b"\n"):
        return True
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def _peek(path: str, size: int = 4096) -> bytes:
    """The first ``size`` bytes of the file, gunzipped when it is gzip, as far as they
    can be read: a truncated ``.warc.gz`` must still sniff as a WARC."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(1 << 16)
    except OSError:
        return b""
    if raw[:2] != b"\x1f\x8b":
        return raw[:size]
    inflater = zlib.decompressobj(31)
    try:
        return inflater.decompress(raw, size)
    except zlib.error:
        return b""


def _open(path: str) -> IO[bytes]:
    """A binary stream, gunzipped when the file starts with the gzip magic."""
    with open(path, "rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    if gzipped:
        return cast(IO[bytes], gzip.GzipFile(path, "rb"))
    return open(path, "rb")


def iter_pages(
    files: Iterable[tuple[str, Kind]], *, max_bytes: int
) -> Iterator[PageRecord]:
    """Stream the page records of every input file, in order."""
    for path, kind in files:
        if kind is Kind.LOOP:
            yield problem_record(None, Location(path), Reason.SYMLINK_LOOP,
                                 "symbolic link loop: the link resolves to itself")
        elif kind is Kind.WARC:
            from mainmark.ingest.warc import read_warc

            yield from read_warc(path, max_bytes=max_bytes)
        elif kind is Kind.JSONL:
            yield from read_jsonl(path, max_bytes=max_bytes)
        elif kind is Kind.JSON:
            yield problem_record(None, Location(path), Reason.NON_HTML,
                                 "a JSON document, not JSONL: its first line is not a "
                                 "whole JSON object (name it .jsonl to read it as JSONL)")
        else:
            yield read_html_file(path, max_bytes=max_bytes)


def read_html_file(path: str, *, max_bytes: int) -> PageRecord:
    """One file, one page. A gzipped file travels compressed: the worker inflates it
    under the cap (:func:`~mainmark.ingest.records.inflate`), not this process."""
    location = Location(path)
    try:
        with open(path, "rb") as stream:
            body, size, sha = read_capped(stream, max_bytes)
    except OSError as exc:
        return problem_record(None, location, Reason.DECODE_ERROR, f"cannot read file: {exc}")
    gzipped = body is not None and body[:2] == b"\x1f\x8b"
    return PageRecord(None, body or b"", location, size, sha, compressed=gzipped)


# ----------------------------------------------------------------------------- JSONL


def read_jsonl(path: str, *, max_bytes: int) -> Iterator[PageRecord]:
    """One page per line; a bad line is a discard at its line number, never the end."""
    # A base64 body is 4/3 of the page, plus JSON escaping and the other fields.
    line_limit = max_bytes * 4 // 3 + 65536
    try:
        stream = _open(path)
    except OSError as exc:
        yield problem_record(None, Location(path), Reason.DECODE_ERROR, f"cannot read file: {exc}")
        return
    with stream:
        number = 0
        while True:
            location = Location(path, line=number + 1)
            try:
                line = stream.readline(line_limit)
            except (OSError, EOFError, zlib.error) as exc:
                reason = Reason.TRUNCATED if isinstance(exc, EOFError) else Reason.DECODE_ERROR
                yield problem_record(None, location, reason, f"unreadable: {exc}")
                return
            if not line:
                return
            number += 1
            if not line.endswith(b"\n") and len(line) >= line_limit:
                try:  # skipped in pieces: a gzip bomb line costs time, never memory
                    size = len(line) + _skip_line(stream)
                except (OSError, EOFError, zlib.error) as exc:  # broken inside the line
                    reason = Reason.TRUNCATED if isinstance(exc, EOFError) \
                        else Reason.DECODE_ERROR
                    yield problem_record(None, location, reason,
                                         f"unreadable in a line over the cap: {exc}")
                    return
                yield problem_record(None, location, Reason.TOO_LARGE,
                               f"JSONL line of {size} bytes > cap", size=size)
                continue
            if line.strip():
                yield _jsonl_record(line, location)


def _skip_line(stream: IO[bytes]) -> int:
    skipped = 0
    while True:
        part = stream.readline(READ_CHUNK)
        skipped += len(part)
        if not part or part.endswith(b"\n"):
            return skipped


def _jsonl_record(line: bytes, location: Location) -> PageRecord:
    try:
        obj = json.loads(line)
    except ValueError as exc:
        return problem_record(None, location, Reason.BAD_LINE, f"invalid JSON: {exc}",
                              size=len(line), sha=sha256_of(line))
    except RecursionError:
        return problem_record(None, location, Reason.BAD_LINE,
                              "JSON nested deeper than the parser's recursion limit",
                              size=len(line), sha=sha256_of(line))
    if not isinstance(obj, dict):
        return problem_record(None, location, Reason.BAD_LINE, "JSONL line is not an object",
                              size=len(line), sha=sha256_of(line))
    url = obj.get("url") if isinstance(obj.get("url"), str) else None
    try:
        body = _jsonl_body(obj)
    except ValueError as exc:
        return problem_record(url, location, Reason.DECODE_ERROR, str(exc), size=len(line),
                        sha=sha256_of(line))
    headers = _header_pairs(obj.get("headers"))
    size = len(body) if isinstance(body, bytes) else len(body.encode("utf-8", "surrogatepass"))
    content_type = obj.get("content_type")
    fetched_at = obj.get("fetched_at")
    return PageRecord(
        url, body, location, size, sha256_of(body), headers,
        content_type=str(content_type) if content_type else None,
        fetched_at=str(fetched_at) if fetched_at else None,
        final_url=str(obj["final_url"]) if obj.get("final_url") else None,
    )


def _jsonl_body(obj: dict[str, Any]) -> bytes | str:
    """The page of a JSONL object: ``html`` or ``body``, text or base64.

    ``html_base64`` / ``body_base64`` or ``"body_encoding": "base64"`` say it outright;
    otherwise a string with no ``<`` that is valid base64 is taken to be base64.
    """
    for key in ("html_base64", "body_base64"):
        if isinstance(obj.get(key), str):
            return _b64(obj[key])
    value = obj.get("html", obj.get("body"))
    if not isinstance(value, str):
        raise ValueError("JSONL line has no html/body string")
    if str(obj.get("body_encoding", "")).lower() == "base64":
        return _b64(value)
    if "<" not in value and value.strip() and _BASE64.match(value):
        try:
            return _b64(value)
        except ValueError:
            return value
    return value


def _b64(text: str) -> bytes:
    try:
        return base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"invalid base64 body: {exc}") from exc


def _header_pairs(value: object) -> tuple[tuple[str, str], ...]:
    if isinstance(value, dict):
        return tuple((str(k), str(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple((str(p[0]), str(p[1])) for p in value
                     if isinstance(p, (list, tuple)) and len(p) == 2)
    return ()
