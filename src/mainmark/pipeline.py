"""``extract()``: the whole algorithm, one stage per line."""

from __future__ import annotations

import ctypes
import functools
import gc
import hashlib
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from lxml.html import HtmlElement

from mainmark._version import __version__
from mainmark.budget import PageTimeout, time_limit
from mainmark.chunks.pack import chunk_blocks
from mainmark.content.bindings import may_hold_placeholders
from mainmark.content.clean import clean
from mainmark.content.notices import structure_warnings
from mainmark.content.prescan import prepare
from mainmark.content.select import select
from mainmark.content.selectors import exclude
from mainmark.errors import InputError, InputTypeError, TimeBudgetExceeded
from mainmark.markdown.render import Rendered, Walked, serialize, walk_content
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.published import author_from_content, date_from_content
from mainmark.metadata.structured import Structured, read_structured
from mainmark.model import (
    Content,
    Document,
    EncodingInfo,
    EncodingSignal,
    Explain,
    MainElement,
    Metadata,
    Stamp,
)
from mainmark.options import DEFAULT_OPTIONS, Options
from mainmark.page.decode import decode
from mainmark.page.parse import Page, parse
from mainmark.page.sniff import NOT_HTML, not_html
from mainmark.page.srcmap import SourceMap, build_source_map
from mainmark.page.treepath import tag_path
from mainmark.page.urls import readable_url
from mainmark.pagekind.decide import classify
from mainmark.pagekind.interstitial import verdict as interstitial_verdict
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
    ``url`` is ignored with a warning). A payload that is not an HTML page at all (a PDF,
    an image, JSON, binary bytes: :func:`~mainmark.page.sniff.not_html`) is not parsed:
    the document is empty, with the warning ``"not an HTML page: <why>"`` and no chunks,
    since its bytes read as text are garbage. Raises
    :class:`~mainmark.errors.InputTypeError` when ``html`` is not bytes or str (or
    ``url`` not a str, ``headers`` not a mapping, ``options`` not an ``Options``),
    :class:`~mainmark.errors.InputError` when it is a str naming an existing file (pass
    the file's bytes), and :class:`~mainmark.errors.TimeBudgetExceeded`
    when ``Options.time_budget`` is set and spent.

    Nothing process-wide is touched (the garbage collector, signal handlers, the C
    heap) unless the process's owner opted in with :func:`mainmark.tuning.set_tuning`,
    as the ``mainmark`` command does: then the cyclic collector is paused for the page
    (extraction's short-lived containers are all freed by reference counting; any cycle
    made here is collected by the first pass after the page) and restored as it was.
    """
    _check_arguments(url, headers, options)
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
    """The algorithm: check the input, find the content (decode, parse, understand,
    select, walk), render it, chunk it. Memory goes by design, not by ``del``: the bytes,
    the decoded text and the parse tree live only in the frames of the helpers that read
    them (:func:`_parse` takes the bytes from :class:`_Given`; the tree dies when
    :func:`_find_content` returns) and ``serialize`` consumes the walked pieces, so the
    peak is one stage's, not their sum."""
    opts = options or DEFAULT_OPTIONS
    given = _given(html, url, opts)
    if given.refused is not None:
        return _not_a_page(html, given.stamp, given.warnings)
    found = _find_content(given, headers, opts)
    rendered = _render(found, given)
    chunks = (
        chunk_blocks(rendered.markdown, rendered.blocks, given.stamp, opts)
        if opts.chunking else ()
    )
    return Document(
        markdown=rendered.markdown,
        held_text=rendered.text_later,
        held_html=rendered.html_later,
        metadata=found.metadata,
        encoding=found.encoding,
        stamp=given.stamp,
        chunks=tuple(chunks),
        blocks=tuple(rendered.blocks),
        links=tuple(rendered.links),
        warnings=tuple(given.warnings),
        explain=found.explain,
    )


@dataclass(slots=True)
class _Given:
    """The input as checked and cut to size, with the document's stamp and the warnings
    every stage appends to; :func:`_parse` takes the bytes (see :meth:`take`)."""

    raw: bytes
    #: The caller's text (cut like ``raw``), or ``None`` for bytes to decode.
    text: str | None
    url: str | None
    stamp: Stamp
    warnings: list[str]
    #: A page this big hands its tree's heap back when the tuning says so.
    big: bool
    #: Why the payload is not an HTML page (its warning is in ``warnings``), or ``None``.
    refused: str | None = None

    def take(self) -> tuple[bytes, str | None]:
        """The bytes and the caller's text, handed over once: the reader owns them and
        they go when it is done, not when the extraction is."""
        raw, text = self.raw, self.text
        self.raw, self.text = b"", None
        return raw, text


def _given(html: bytes | str, url: str | None, opts: Options) -> _Given:
    """Check the input: a usable URL, an HTML payload, at most ``max_input_bytes``."""
    named = _file_name(html) if isinstance(html, str) else None
    raw = _as_bytes(html)
    warnings: list[str] = []
    given = _Given(raw, html if isinstance(html, str) else None, _usable_url(url, warnings),
                   make_stamp(raw, opts), warnings, len(raw) >= GIVE_BACK_MIN_BYTES)
    why_not = named or not_html(raw)
    if why_not is not None:
        given.refused = f"{NOT_HTML}: {why_not}"
        warnings.append(given.refused)
    elif len(raw) > opts.max_input_bytes:
        warnings.append(f"input truncated from {len(raw)} to {opts.max_input_bytes} bytes")
        cut = opts.max_input_bytes
        if given.text is not None:  # text is cut too, at the character boundary before
            while cut > 0 and raw[cut] & 0xC0 == 0x80:
                cut -= 1
            given.text = raw[:cut].decode("utf-8", "surrogatepass")
        given.raw = raw[:cut]
    return given


@dataclass(frozen=True, slots=True)
class _Found:
    """What the tree yielded: the walked content and the records about the page."""

    walked: Walked
    metadata: Metadata
    encoding: EncodingInfo
    explain: Explain | None
    title_tag: str | None


@dataclass(frozen=True, slots=True)
class _Selected:
    """The selected content and what walking it needs; the page itself is gone."""

    content: Content
    metadata: Metadata
    srcmap: SourceMap | None
    encoding: EncodingInfo
    main: tuple[MainElement, ...]
    title_tag: str | None
    #: Every node's proxy, held until the content is walked (:func:`_held`).
    held: list[HtmlElement]


def _find_content(given: _Given, headers: Mapping[str, str] | None,
                  opts: Options) -> _Found:
    """Parse, understand, select and walk: the parse tree lives in this frame only."""
    selected = _select_content(given, headers, opts)
    content = selected.content
    if content.removed:
        rules = {r.path: r.rule for r in content.explain.removals}
        given.warnings.extend(structure_warnings(content.removed, rules))
    metadata = author_from_content(date_from_content(selected.metadata, content), content)
    if selected.srcmap is not None:
        selected.srcmap.settle()  # a big page's text goes before the walk fills its pieces
    walked = walk_content(content, metadata, selected.srcmap, opts)
    explain = replace(content.explain, main=selected.main) if opts.explain else None
    return _Found(walked, metadata, selected.encoding, explain, selected.title_tag)


def _select_content(given: _Given, headers: Mapping[str, str] | None,
                    opts: Options) -> _Selected:
    """Understand the page (structured data, metadata, its kind) and select its main
    content; the page record (and the text it holds) goes when this returns."""
    page, encoding, srcmap = _parse(given, headers, opts)
    held = _held(page, given.big)
    title_tag = _title_tag(page)
    # the cleaning's one walk of every element, before any edit (nor do the metadata
    # readers edit): the structured data's reader takes its scripts and microdata items,
    # the classifier its tag counts, class and id values and markup elements
    # (content/prescan.py)
    prepared = prepare(page, held)
    structured = read_structured(page, None if prepared is None else prepared.take_structured())
    metadata = extract_metadata(page, structured, headers=headers)
    survey = None if prepared is None else prepared.take_survey()
    if survey is not None and not survey.tags["base"]:
        # selection asks for the base URL once per candidate, a whole-tree search each
        page.may_have_base = False
    kind = classify(page, structured, metadata, survey)
    metadata = replace(metadata, page_type=kind.kind, page_type_confidence=(
        None if kind.confidence is None else round(kind.confidence, 3)))
    placeholders = may_hold_placeholders(page.text)
    if srcmap is None:  # no later stage reads the page's text: let it go
        page = replace(page, text="")
    stripped = clean(page, prepared, count=opts.explain, placeholders=placeholders)
    exclude(page.root, opts, stripped)
    content = select(page, structured, stripped, opts, kind)
    main = describe_main(content.roots, page) if opts.explain else ()
    return _Selected(content, metadata, srcmap, encoding, main, title_tag, held)


def _held(page: Page, big: bool) -> list[HtmlElement]:
    """A Python proxy for every node of the parsed tree (comments too: the walks step over
    them), in document order, held while the stages walk it (the cleaning's scan walks
    this list, :func:`prepare`).

    lxml makes an element's proxy when a walk reaches it and frees it when the walk lets
    go, so each of the stages' walks (the cleaning's scan, the metadata marks, measuring,
    pruning, the markdown walk) paid for making and freeing one proxy per element: held
    here, every later walk finds the same proxy instead (1-3% of ``extract()``'s CPU on
    the bench pages, docs/architecture.md "Held proxies"). A removed subtree then lives
    until the walk is done rather than until its removal, so a big page
    (:data:`GIVE_BACK_MIN_BYTES`), whose proxies alone would add about a sixth to its
    tree's memory (74 bytes a node), holds none."""
    if big or page.root is None:
        return []
    return list(page.root.getroottree().getroot().iter())


def _parse(given: _Given, headers: Mapping[str, str] | None,
           opts: Options) -> tuple[Page, EncodingInfo, SourceMap | None]:
    """Decode and parse the bytes it takes from ``given``, and map the tree back to them
    (for chunk source spans); the bytes and the decoded text go when this returns (the
    page holds the text it parsed, which may be a second copy)."""
    raw, text = given.take()
    utf8 = None
    if text is not None:
        encoding = EncodingInfo("utf-8", EncodingSignal.STR)
    else:
        decoded = decode(raw, headers)
        text, encoding, utf8 = decoded.text, decoded.info, decoded.utf8
        given.warnings.extend(decoded.warnings)
    page = parse(text, url=given.url, utf8=utf8)
    given.warnings.extend(page.warnings)
    srcmap = build_source_map(page, raw, encoding) if opts.chunking else None
    return page, encoding, srcmap


def _render(found: _Found, given: _Given) -> Rendered:
    """The walked content serialized (consumed), unless the page is a bot check or bare
    chrome. The tree is gone by now: a big page's heap goes back first, when the
    process's tuning asks for it, so the serializations do not stack on top of it."""
    if given.big and current_tuning().trim_heap:
        give_back()
    rendered = serialize(found.walked)
    not_content = interstitial_verdict(rendered.markdown, found.title_tag)
    if not_content is not None:  # a bot check or bare chrome: no main content to chunk
        given.warnings.append(not_content)
        rendered = Rendered("", "", "")
    if not rendered.markdown:
        given.warnings.append("no main content found")
    return rendered


def describe_main(roots: list[HtmlElement], page: Page) -> tuple[MainElement, ...]:
    """The selected roots as ``--explain`` names them: tag, id, class, positional path
    and share of the page's visible text (only computed when explain is asked for)."""
    body = None if page.root is None else page.root.find("body")
    total = _visible_chars(body if body is not None else page.root)
    return tuple(MainElement(
        tag=str(el.tag), path=tag_path(el, positional=True),
        id=el.get("id") or None, classes=" ".join((el.get("class") or "").split()) or None,
        text_share=round(_visible_chars(el) / total, 3) if total else 0.0,
    ) for el in roots)


def _visible_chars(el: HtmlElement | None) -> int:
    """Characters of text below ``el``, whitespace not counted (scripts are gone)."""
    if el is None:
        return 0
    return sum(len("".join(t.split())) for t in el.itertext())


#: A str that is a file's name and nothing else: no space or markup, a page's suffix
#: ("See index.html" is a sentence, and stays text).
_FILE_NAME = re.compile(r"[^\s<>]{0,250}\.(?:x?html?|php|aspx?|xml|txt|md|json|pdf|gz)",
                        re.IGNORECASE)


def _file_name(html: str) -> str | None:
    """Why ``html`` is a file name rather than a page (``extract("page.html")``), or
    ``None``. An existing file raises :class:`~mainmark.errors.InputError`: the caller
    meant its contents, and markdown of the path would be silently wrong. A name that
    names no file gives the not-a-page document, whose warning says what it looked like.
    """
    text = html.strip()
    if not text or len(text) > 4096 or "<" in text or "\n" in text:
        return None
    try:
        exists = Path(text).expanduser().is_file()
    except (OSError, ValueError, RuntimeError):
        # a name too long, a NUL, "~someone" for no such user (or no home): no path here
        exists = False
    if exists:
        raise InputError(
            f"extract() takes a page's HTML, not a path: {text[:200]!r} is a file; pass "
            "its bytes (Path(...).read_bytes()), or use MainmarkLoader / mainmark extract")
    if _FILE_NAME.fullmatch(text):
        return f"the text is a file name, not HTML: {text[:200]!r}"
    return None


def _title_tag(page: Page) -> str | None:
    """The ``<title>`` text, for the interstitial check (a challenge's title says so)."""
    element = None if page.root is None else page.root.find("head/title")
    return None if element is None else element.text_content()


def _not_a_page(html: bytes | str, stamp: Stamp, warnings: list[str]) -> Document:
    """The empty document of a payload that is no page: nothing decoded or parsed, so
    no metadata and no page-kind verdict (``page_type_confidence`` is ``None``)."""
    signal = EncodingSignal.STR if isinstance(html, str) else EncodingSignal.DEFAULT
    return Document(markdown="", held_text="", held_html="", metadata=Metadata(),
                    encoding=EncodingInfo("utf-8", signal), stamp=stamp,
                    warnings=tuple(warnings))


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
    if not readable_url(url):
        warnings.append(f"malformed url ignored: {url[:200]!r}")
        return None
    return url


def _check_arguments(url: object, headers: object, options: object) -> None:
    """Wrong argument types raise mainmark's own error, as a wrong ``html`` does (they
    failed deep inside as an ``AttributeError``, and a falsy non-``Options`` such as
    ``{}`` was silently read as the defaults). Headers are anything with ``items()``:
    the standard library's ``HTTPMessage`` (``urlopen(...).headers``) is no
    ``Mapping`` but is read the same way."""
    if url is not None and not isinstance(url, str):
        raise InputTypeError(f"extract() takes url as a str or None, not {type(url).__name__}")
    if headers is not None and not (isinstance(headers, Mapping)
                                    or callable(getattr(headers, "items", None))):
        raise InputTypeError("extract() takes headers as a mapping or None, not "
                             f"{type(headers).__name__}")
    if options is not None and not isinstance(options, Options):
        raise InputTypeError("extract() takes options as an Options or None, not "
                             f"{type(options).__name__}")


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
