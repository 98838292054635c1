"""``extract()``: the whole algorithm, one stage per line."""

from __future__ import annotations

import ctypes
import functools
import gc
import hashlib
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime, timezone
from urllib.parse import urlsplit

from mainmark._version import __version__
from mainmark.budget import PageTimeout, time_limit
from mainmark.chunks.pack import chunk_blocks
from mainmark.content.clean import clean
from mainmark.content.notices import structure_warnings
from mainmark.content.select import select
from mainmark.content.selectors import exclude
from mainmark.errors import InputTypeError, TimeBudgetExceeded
from mainmark.markdown.render import serialize, walk_content
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.published import author_from_content, date_from_content
from mainmark.metadata.structured import Structured, read_structured
from mainmark.model import Document, EncodingInfo, EncodingSignal, Metadata, Stamp, defer
from mainmark.options import DEFAULT_OPTIONS, Options
from mainmark.page.decode import decode
from mainmark.page.parse import Page, parse
from mainmark.page.srcmap import build_source_map
from mainmark.pagekind.decide import classify
from mainmark.tuning import current as current_tuning


def extract(
    html: bytes | str,
    *,
    url: str | None = None,
    headers: Mapping[str, str] | None = None,
    options: Options | None = None,
) -> Document:
    """Turn one page into a :class:`Document`: main content, metadata, chunks, stamp.

    Never raises for a bad page (it returns a document with ``warnings``; a malformed
    ``url`` is ignored with a warning); raises :class:`~mainmark.errors.InputTypeError` only
    when ``html`` is not bytes or str, and :class:`~mainmark.errors.TimeBudgetExceeded`
    when ``Options.time_budget`` is set and spent.

    Nothing process-wide is touched (the garbage collector, signal handlers, the C
    heap) unless the process's owner opted in with :func:`mainmark.tuning.set_tuning`,
    as the ``mainmark`` command does: then the cyclic collector is paused for the page
    (extraction's short-lived containers are all freed by reference counting; any cycle
    made here is collected by the first pass after the page) and restored as it was.
    """
    tuning = current_tuning()
    paused = tuning.pause_gc and gc.isenabled()
    if paused:
        gc.disable()
    budget = (options or DEFAULT_OPTIONS).time_budget
    try:
        with time_limit(budget):
            return _extract(html, url=url, headers=headers, options=options)
    except PageTimeout:
        raise TimeBudgetExceeded(
            f"extract() spent its time budget of {budget} CPU seconds") from None
    finally:
        if paused:
            gc.enable()


def _extract(
    html: bytes | str,
    *,
    url: str | None = None,
    headers: Mapping[str, str] | None = None,
    options: Options | None = None,
) -> Document:
    opts = options or DEFAULT_OPTIONS
    raw = _as_bytes(html)
    big = len(raw) >= GIVE_BACK_MIN_BYTES
    stamp = make_stamp(raw, opts)
    warnings: list[str] = []
    url = _usable_url(url, warnings)
    if len(raw) > opts.max_input_bytes:
        warnings.append(f"input truncated from {len(raw)} to {opts.max_input_bytes} bytes")
        cut = opts.max_input_bytes
        if isinstance(html, str):  # text is cut too, at the character boundary before
            while cut > 0 and raw[cut] & 0xC0 == 0x80:
                cut -= 1
            html = raw[:cut].decode("utf-8", "surrogatepass")
        raw = raw[:cut]

    if isinstance(html, str):
        text, encoding = html, EncodingInfo("utf-8", EncodingSignal.STR)
    else:
        decoded = decode(raw, headers)
        text, encoding = decoded.text, decoded.info
        warnings.extend(decoded.warnings)
        del decoded
    page = parse(text, url=url)
    del text  # Page.text is what was parsed; the decoded text may be a second copy
    warnings.extend(page.warnings)
    srcmap = build_source_map(page, raw, encoding) if opts.chunking else None
    del raw
    structured = read_structured(page)
    metadata = extract_metadata(page, structured, headers=headers)
    kind = classify(page, structured, metadata)
    metadata = replace(metadata, page_type=kind.kind, page_type_confidence=(
        None if kind.confidence is None else round(kind.confidence, 3)))
    if srcmap is None:  # no later stage reads the page's text: let it go
        page = replace(page, text="")
    stripped = clean(page, count=opts.explain)
    exclude(page.root, opts, stripped)
    content = select(page, structured, stripped, opts, kind)
    del page, structured, stripped
    if content.removed:
        rules = {r.path: r.rule for r in content.explain.removals}
        warnings.extend(structure_warnings(content.removed, rules))
    metadata = author_from_content(date_from_content(metadata, content), content)
    if srcmap is not None:
        srcmap.settle()  # a big page's text goes before the walk fills its pieces
    walked = walk_content(content, metadata, srcmap, opts)
    explain = content.explain if opts.explain else None
    del content, srcmap  # the last references to the tree and the page's text
    if big and current_tuning().trim_heap:
        give_back()  # the tree's memory, before the serializations are joined
    rendered = serialize(walked)
    del walked
    if not rendered.markdown:
        warnings.append("no main content found")
    chunks = (
        chunk_blocks(rendered.markdown, rendered.blocks, stamp, opts) if opts.chunking else ()
    )
    return defer(Document(
        markdown=rendered.markdown,
        text="",
        html="",
        metadata=metadata,
        encoding=encoding,
        stamp=stamp,
        chunks=tuple(chunks),
        blocks=tuple(rendered.blocks),
        links=tuple(rendered.links),
        warnings=tuple(warnings),
        explain=explain,
    ), rendered.text_later, rendered.html_later)


def understand(html: bytes, *, url: str | None = None,
               headers: Mapping[str, str] | None = None) -> tuple[Page, Structured, Metadata]:
    """The stages before the page's kind is decided, as ``extract()`` runs them: what the
    page-kind training script computes its features from, so that it sees what the
    shipped classifier sees."""
    decoded = decode(html, headers)
    page = parse(decoded.text, url=url)
    structured = read_structured(page)
    return page, structured, extract_metadata(page, structured, headers=headers)


#: A page this big hands its parse tree's memory back to the OS once the tree is gone.
GIVE_BACK_MIN_BYTES = 1 << 20


def give_back() -> None:
    """Return the C heap's free pages to the OS (glibc's ``malloc_trim``; elsewhere a
    no-op). libxml2 allocates a big page's tree in many small blocks that glibc keeps
    after the tree is freed, so without this the serializations and chunks are built in
    fresh memory on top of the tree's, and the peak is the sum of both."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    return trim


_SURROGATE = re.compile("[\ud800-\udfff]")


def _usable_url(url: str | None, warnings: list[str]) -> str | None:
    """``url``, or ``None`` (with a warning) when no stage could read it: a malformed
    host (``http://[::1``) makes every later ``urlsplit`` raise."""
    if url is None:
        return None
    if not url.isascii() and _SURROGATE.search(url):  # lxml cannot take it as a base URL
        warnings.append("url held lone surrogates: replaced with U+FFFD")
        url = _SURROGATE.sub("\ufffd", url)
    try:
        parts = urlsplit(url)
        _ = parts.hostname, parts.port
    except (ValueError, TypeError):
        warnings.append(f"malformed url ignored: {url[:200]!r}")
        return None
    return url


def _as_bytes(html: bytes | str) -> bytes:
    if isinstance(html, bytes):
        return html
    if isinstance(html, (bytearray, memoryview)):
        return bytes(html)
    if isinstance(html, str):
        return html.encode("utf-8", "surrogatepass")
    raise InputTypeError(f"extract() takes bytes or str, not {type(html).__name__}")


def make_stamp(raw: bytes, options: Options) -> Stamp:
    """The provenance record; only ``extracted_at`` differs between equal re-runs."""
    return Stamp(
        extractor="mainmark",
        version=__version__,
        options_hash=options.digest(),
        content_sha256=hashlib.sha256(raw).hexdigest(),
        extracted_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
