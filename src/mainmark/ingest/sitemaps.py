"""Sitemaps as a stream of page URLs: read piece by piece, on their own origin only.

A sitemap is untrusted input twice over. Its size: 20 sitemaps of 50 MB hold 21 million
URLs, so nothing here builds a list of them. A sitemap is parsed with lxml's pull parser
(entities not resolved, no network, ``huge_tree`` off) 64 KiB at a time, each ``<url>``
element freed once read, and its URLs are yielded as they come; a sitemap index's children
are fetched one at a time, when the previous one is used up. Its targets: a sitemap may list
any address (``http://169.254.169.254/``, ``http://localhost:8080/admin``), so the sitemaps
protocol's rule is kept: entries, and the child sitemaps of an index, on another origin than
the sitemap given (scheme, host and port) are not fetched. Such a page entry becomes an
``off_origin`` discard, so it is audited and counted; such a child sitemap is logged and
skipped (it is not a page). ``FetchSettings.sitemap_any_origin`` (``--sitemap-any-origin``)
lifts the rule for crawls that span hosts on purpose.

A URL listed twice comes out once when its two listings are within :data:`DEDUP_WINDOW`
entries of each other; remembering every URL of a crawl would cost the memory streaming saves
(two generations of that many 16-byte digests: about 40 MB at most).
"""

from __future__ import annotations

import hashlib
import logging
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import IO, Literal
from urllib.parse import urlsplit

from lxml import etree

from mainmark.errors import InputError, InputUnavailable
from mainmark.ingest.payload import problem_record
from mainmark.ingest.records import Location, PageRecord, Reason

log = logging.getLogger(__name__)

#: A sitemap may hold 50 MB uncompressed (sitemaps.org); inflating stops there.
SITEMAP_MAX_BYTES = 50 * 1024 * 1024
#: A URL repeated within this many entries of a walk comes out once.
DEDUP_WINDOW = 250_000
#: Child sitemaps read from one root (an index of indexes cannot fan out forever).
MAX_SITEMAPS = 1000
_PIECE = 64 * 1024
_GZIP = b"\x1f\x8b"

#: What the walk needs from the fetcher: one URL (and a size cap) to a page record.
FetchOne = Callable[[str, int], PageRecord]


def open_sitemap(pieces: Iterable[bytes]) -> tuple[str, Iterator[str]]:
    """``("urlset" | "sitemapindex", locs)`` of a sitemap given as byte pieces (gzip or not).

    The root element is read at once, so a file that is not a sitemap raises
    :class:`~mainmark.errors.InputError` here; the ``<loc>`` values then come lazily.
    """
    source = _inflated(pieces)
    head, kind = _root_name(source)
    if kind is None:
        raise InputError("sitemap is empty or not XML")
    if kind not in ("urlset", "sitemapindex"):
        raise InputError(f"not a sitemap: the root element is <{kind}>")
    return kind, _locs(chain(head, source), "url" if kind == "urlset" else "sitemap")


def parse_sitemap(data: bytes) -> tuple[str, list[str]]:
    """``("urlset" | "sitemapindex", [loc, ...])`` of a whole sitemap file in memory."""
    kind, locs = open_sitemap(_slices(data))
    return kind, list(locs)


def same_origin(url: str, origin_of: str) -> bool:
    """Whether ``url`` has the scheme, host and port of ``origin_of`` (default ports
    spelled or not, case aside): the sitemaps protocol's rule for what a sitemap may list."""
    key = _origin_key(url)
    return key is not None and key == _origin_key(origin_of)


class SitemapWalk:
    """The pages of one root sitemap, in order, read as they are needed.

    The root is fetched and checked when the walk is made (a bad root is bad input, found
    before a run writes anything) and kept in a spooled temporary file until its turn, so
    several roots checked up front do not each hold up to 50 MB of memory. Iterating yields
    page URLs and, for entries refused by the origin rule, discard records.
    """

    def __init__(self, url: str, fetch: FetchOne, *, any_origin: bool = False,
                 max_sitemaps: int = MAX_SITEMAPS) -> None:
        self.url = url
        self._fetch = fetch
        self._any_origin = any_origin
        self._max_sitemaps = max_sitemaps
        self._root: IO[bytes] | None = _spooled(self._body(url))
        try:
            self.kind, _ = open_sitemap(_file_pieces(self._root))
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Drop the spooled root (an unfinished walk, e.g. an interrupted run)."""
        if self._root is not None:
            self._root.close()
            self._root = None

    def __iter__(self) -> Iterator[str | PageRecord]:
        if self._root is None:
            return
        recent = _Recent(DEDUP_WINDOW)
        try:
            queue: list[str] = []
            yield from self._entries(self.url, _file_pieces(self._root), queue, recent)
            self.close()
            done = 1
            seen = {self.url}
            while queue and done < self._max_sitemaps:
                child = queue.pop(0)
                if child in seen:
                    continue
                seen.add(child)
                done += 1
                try:
                    yield from self._entries(child, _slices(self._body(child)), queue, recent)
                except InputError as exc:
                    log.warning("skipping sitemap %s: %s", child, exc)
        finally:
            self.close()

    def _entries(self, url: str, pieces: Iterable[bytes], queue: list[str], recent: _Recent
                 ) -> Iterator[str | PageRecord]:
        """One sitemap's pages (a urlset) or its children queued (an index)."""
        kind, locs = open_sitemap(pieces)
        for loc in locs:
            if not loc.lower().startswith(("http://", "https://")):
                continue
            if kind == "sitemapindex":
                if self._allowed(loc):
                    queue.append(loc)
                else:
                    log.warning("skipping sitemap %s listed by %s: on another origin "
                                "(--sitemap-any-origin fetches it)", loc, url)
            elif recent.add(loc):
                yield loc if self._allowed(loc) else problem_record(
                    loc, Location(loc), Reason.OFF_ORIGIN,
                    f"listed by sitemap {url} on another origin; not fetched "
                    "(--sitemap-any-origin fetches it)")

    def _allowed(self, loc: str) -> bool:
        return self._any_origin or same_origin(loc, self.url)

    def _body(self, url: str) -> bytes:
        record = self._fetch(url, SITEMAP_MAX_BYTES)
        if record.problem is not None:
            raise InputUnavailable(f"cannot fetch sitemap {url}: {record.problem[1]} "
                             f"({record.problem[0].value})")
        assert isinstance(record.body, bytes)
        return record.body


class _Recent:
    """The URLs seen lately, as 16-byte digests in two generations: a repeat within
    ``generation`` entries is always caught, memory stays bounded whatever the crawl."""

    def __init__(self, generation: int) -> None:
        self._generation = generation
        self._old: set[bytes] = set()
        self._new: set[bytes] = set()

    def add(self, url: str) -> bool:
        """Remember ``url``; whether it was new."""
        key = hashlib.blake2b(url.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        if key in self._new or key in self._old:
            return False
        if len(self._new) >= self._generation:
            self._old, self._new = self._new, set()
        self._new.add(key)
        return True


def _pull_parser(events: tuple[Literal["start", "end"], ...], tag: tuple[str, ...] | None = None
                 ) -> etree.XMLPullParser:
    """A parser for untrusted XML: no entity expanded, nothing fetched, libxml2's size
    limits kept (``huge_tree`` off), comments and processing instructions dropped."""
    return etree.XMLPullParser(events=events, tag=tag, resolve_entities=False,
                               no_network=True, huge_tree=False, recover=True,
                               remove_comments=True, remove_pis=True)


def _root_name(source: Iterator[bytes]) -> tuple[list[bytes], str | None]:
    """The local name of the root element, and the pieces read to find it (usually one)."""
    parser = _pull_parser(("start",))
    read: list[bytes] = []
    try:
        for piece in source:
            read.append(piece)
            parser.feed(piece)
            for _, element in parser.read_events():
                if isinstance(element, etree._Element):
                    return read, _localname(element)
        parser.close()
    except etree.XMLSyntaxError:
        pass
    return read, None


def _locs(pieces: Iterable[bytes], child: str) -> Iterator[str]:
    """``<loc>`` texts of the root's ``child`` elements, in order. Only the end events of
    ``<loc>`` and ``child`` are reported (two per entry), and each child is freed, with
    the ones before it, once read: the tree never holds more than one entry."""
    parser = _pull_parser(("end",), ("{*}loc", "{*}" + child))
    try:
        for piece in pieces:
            parser.feed(piece)
            yield from _read_locs(parser, child)
        parser.close()
    except etree.XMLSyntaxError as exc:
        raise InputError(f"sitemap is not XML: {exc}") from exc
    yield from _read_locs(parser, child)


def _read_locs(parser: etree.XMLPullParser, child: str) -> Iterator[str]:
    for _, element in parser.read_events():
        parent = element.getparent() if isinstance(element, etree._Element) else None
        if parent is None:
            continue
        assert isinstance(element, etree._Element)
        if _localname(element) == "loc":
            grand = parent.getparent()
            if grand is not None and grand.getparent() is None and _localname(parent) == child:
                loc = (element.text or "").strip()
                if loc:
                    yield loc
        elif parent.getparent() is None:  # an entry of the root, read: free it and older ones
            element.clear()
            while element.getprevious() is not None:
                del parent[0]


def _localname(element: etree._Element) -> str:
    tag = element.tag
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _inflated(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """The pieces as they are, or inflated when they start as gzip."""
    source = iter(pieces)
    head = b""
    for piece in source:
        head += piece
        if len(head) >= 2:
            break
    if head[:2] == _GZIP:
        yield from _gunzip(_rest(head, source))
    else:
        yield from _rest(head, source)


def _gunzip(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """gzip members one after the other, inflated a piece at a time; inflation stops at
    :data:`SITEMAP_MAX_BYTES`, so a bomb costs no more than a sitemap may weigh."""
    size = 0
    inflater: zlib._Decompress | None = None
    for piece in pieces:
        data = piece
        while data or (inflater is not None and not inflater.eof):
            if inflater is None:
                if data[:2] != _GZIP:
                    return  # trailing bytes after the last member
                inflater = zlib.decompressobj(31)
            try:
                out = inflater.decompress(data, _PIECE)
            except zlib.error as exc:
                raise InputError(f"broken gzip sitemap: {exc}") from exc
            size += len(out)
            if size > SITEMAP_MAX_BYTES:
                log.warning("sitemap inflates past %d bytes: the rest is ignored",
                            SITEMAP_MAX_BYTES)
                return
            if out:
                yield out
            if inflater.eof:
                data, inflater = inflater.unused_data, None
            else:
                data = inflater.unconsumed_tail
                if not data and not out:
                    break  # this piece is used up: the next one goes on


def _rest(head: bytes, source: Iterator[bytes]) -> Iterator[bytes]:
    if head:
        yield head
    yield from source


def _slices(data: bytes) -> Iterator[bytes]:
    view = memoryview(data)
    for start in range(0, len(data), _PIECE):
        yield bytes(view[start:start + _PIECE])


def _file_pieces(handle: IO[bytes]) -> Iterator[bytes]:
    handle.seek(0)
    while piece := handle.read(_PIECE):
        yield piece


def _spooled(body: bytes) -> IO[bytes]:
    spool = tempfile.SpooledTemporaryFile(max_size=1 << 20)  # noqa: SIM115 (closed by the walk)
    spool.write(body)
    return spool


def _origin_key(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url.strip())
        scheme, host, port = parts.scheme.lower(), parts.hostname, parts.port
    except ValueError:
        return None
    if scheme not in ("http", "https") or not host:
        return None
    return scheme, host.lower().rstrip("."), port or (443 if scheme == "https" else 80)
