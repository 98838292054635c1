"""Pages from the web, politely: ``http(s)`` URLs and sitemaps to page records.

A fetched page becomes the same :class:`~mainmark.ingest.records.PageRecord` a WARC
record does, so everything downstream (``process_record``, the writers, the LangChain
loader) treats it like any other page; a page that could not be had becomes a record
carrying its problem, i.e. one discard with a reason:

* ``robots``: robots.txt disallows it (or answers 5xx: RFC 9309 says a crawler must
  then assume everything is disallowed; a 4xx robots.txt allows all);
* ``http_error``: the server answered 4xx/5xx;
* ``fetch_error``: no answer (connection refused, timeout, too many redirects; also
  when robots.txt itself got no answer);
* ``too_large``: the body passed the size cap (reading stops there).

Polite by default: one request at a time per host, a delay between two requests to
one host (robots.txt's ``Crawl-delay`` when it asks for more), a timeout that covers the
whole body (a server dripping bytes cannot hold a worker), redirects followed one hop
at a time with robots.txt checked for every hop, and the final URL recorded. The
response's ``Content-Type`` travels with the record, so its charset decides decoding.

httpx is imported here only (``pip install 'mainmark[fetch]'``).
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.robotparser
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urljoin, urlsplit

from lxml import etree

from mainmark._version import __version__
from mainmark.errors import InputError, InputUnavailable, MissingExtraError
from mainmark.ingest.payload import problem_record
from mainmark.ingest.records import (
    DEFAULT_MAX_PAGE_BYTES,
    Location,
    PageRecord,
    Reason,
    sha256_of,
)

log = logging.getLogger(__name__)

USER_AGENT = f"mainmark/{__version__} (+main-content extraction for retrieval)"
#: robots.txt is read up to this size (RFC 9309 asks crawlers to parse at least 500 KiB).
ROBOTS_MAX_BYTES = 512 * 1024
#: A sitemap may hold 50 MB uncompressed (sitemaps.org); pages keep their own cap.
SITEMAP_MAX_BYTES = 50 * 1024 * 1024
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_DROPPED_HEADERS = frozenset({"set-cookie"})


@dataclass(frozen=True, slots=True)
class FetchSettings:
    """How pages are fetched. The defaults are what a site owner would call polite."""

    user_agent: str = USER_AGENT
    #: Seconds for connecting, for each read, and for the whole body.
    timeout: float = 20.0
    #: Bodies above this many bytes become ``too_large`` discards (reading stops there).
    max_bytes: int = DEFAULT_MAX_PAGE_BYTES
    #: Seconds between the starts of two requests to one host.
    delay: float = 1.0
    #: Requests in flight to one host, and overall.
    per_host: int = 1
    workers: int = 4
    max_redirects: int = 10
    #: Obey robots.txt. Turning it off is for servers you own.
    robots: bool = True

    def __post_init__(self) -> None:
        if self.timeout <= 0 or self.delay < 0 or self.max_bytes < 1:
            raise InputError("fetch timeout must be > 0, delay >= 0, max_bytes >= 1")
        if self.per_host < 1 or self.workers < 1 or self.max_redirects < 0:
            raise InputError("fetch per_host and workers must be >= 1, max_redirects >= 0")


def is_url(text: object) -> bool:
    """Whether a source argument names an http(s) URL rather than a path."""
    return isinstance(text, str) and text[:8].lower().startswith(("http://", "https://"))


@dataclass(slots=True)
class _Response:
    status: int
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""
    size: int = 0
    too_large: bool = False
    received_at: str | None = None  # UTC, ISO 8601: when the response headers arrived

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name), None)


@dataclass(slots=True)
class _Robots:
    """One origin's robots.txt: parsed rules, or a blanket answer (allow / disallow)."""

    parser: urllib.robotparser.RobotFileParser | None = None
    allow_all: bool = False
    unreachable: str | None = None  # robots.txt got no answer at all: why

    def allows(self, agent: str, url: str) -> bool:
        return self.allow_all if self.parser is None else self.parser.can_fetch(agent, url)

    def crawl_delay(self, agent: str) -> float:
        asked = self.parser.crawl_delay(agent) if self.parser is not None else None
        return float(asked or 0)


class _Problem(Exception):
    """A hop that ends the fetch: carries the discard reason."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(slots=True)
class _HostGate:
    """Per-host concurrency slots and request spacing (start times ``delay`` apart)."""

    per_host: int
    clock: Callable[[], float]
    sleep: Callable[[float], None]
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _slots: dict[str, threading.BoundedSemaphore] = field(default_factory=dict)
    _next: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def slot(self, host: str, delay: float) -> Iterator[None]:
        with self._lock:
            sem = self._slots.setdefault(host, threading.BoundedSemaphore(self.per_host))
        with sem:
            with self._lock:
                now = self.clock()
                start = max(now, self._next.get(host, now))
                self._next[host] = start + delay
            if start > now:
                self.sleep(start - now)
            yield


class Fetcher:
    """Fetch pages and sitemaps with one polite policy; use as a context manager.

    ``clock`` and ``sleep`` pace the requests to a host (tests pass fakes to check the
    spacing without waiting); ``client`` may be an ``httpx.Client`` of your own (proxies,
    certificates), used with redirects off since every hop is checked here.
    """

    def __init__(self, settings: FetchSettings | None = None, *, client: Any = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.settings = settings or FetchSettings()
        httpx = _httpx()
        self._client = client or httpx.Client(
            timeout=httpx.Timeout(self.settings.timeout), follow_redirects=False,
            headers={"User-Agent": self.settings.user_agent})
        self._owns_client = client is None
        self._gate = _HostGate(self.settings.per_host, clock, sleep)
        self._robots: dict[str, _Robots] = {}
        self._robots_locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    # ------------------------------------------------------------------------- pages

    def fetch(self, url: str, *, max_bytes: int | None = None) -> PageRecord:
        """One URL to a record: its body, headers, final URL; or a problem record."""
        location = Location(url)
        cap = max_bytes or self.settings.max_bytes
        try:
            final, response = self._follow(url, cap, check_robots=self.settings.robots)
        except _Problem as problem:
            return problem_record(url, location, problem.reason, problem.detail)
        if response.status >= 400:
            return problem_record(url, location, Reason.HTTP_ERROR,
                                  f"HTTP {response.status} from {final}")
        if response.too_large:
            return problem_record(url, location, Reason.TOO_LARGE,
                                  f"body over the cap of {cap} bytes", size=response.size)
        return PageRecord(url, response.body, location, response.size,
                          sha256_of(response.body), response.headers,
                          fetched_at=response.received_at, final_url=final)

    def fetch_all(self, urls: Iterable[str]) -> Iterator[PageRecord]:
        """Records of ``urls`` in input order, ``workers`` requests in flight at most."""
        workers = self.settings.workers
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mainmark-fetch")
        pending: deque[Future[PageRecord]] = deque()
        try:
            for url in urls:
                pending.append(pool.submit(self.fetch, url))
                if len(pending) >= workers * 2:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _follow(self, url: str, cap: int, *, check_robots: bool) -> tuple[str, _Response]:
        """GET ``url``, following redirects one hop at a time (robots.txt per hop)."""
        current = url
        for _ in range(self.settings.max_redirects + 1):
            if urlsplit(current).scheme.lower() not in ("http", "https"):
                raise _Problem(Reason.FETCH_ERROR, f"not an http(s) URL: {current}")
            if check_robots:
                self._check_robots(current)
            response = self._get(current, cap)
            target = response.header("location")
            if response.status not in _REDIRECTS or not target:
                return current, response
            current = urljoin(current, target.strip())
        raise _Problem(Reason.FETCH_ERROR,
                       f"more than {self.settings.max_redirects} redirects from {url}")

    def _get(self, url: str, cap: int) -> _Response:
        host = urlsplit(url).netloc.lower()
        try:
            with self._gate.slot(host, self._delay_for(url)):
                return self._read(url, cap)
        except _Problem:
            raise
        except Exception as exc:  # httpx errors, invalid URLs: one page, one discard
            raise _Problem(Reason.FETCH_ERROR, f"{type(exc).__name__}: {exc}") from exc

    def _read(self, url: str, cap: int) -> _Response:
        """One request; the body read up to ``cap`` and within the timeout overall."""
        deadline = time.monotonic() + self.settings.timeout
        with self._client.stream("GET", url) as resp:
            headers = tuple((k, v) for k, v in resp.headers.items()
                            if k.lower() not in _DROPPED_HEADERS)
            out = _Response(resp.status_code, headers)
            # Stamped when the answer arrives, not before the robots.txt and politeness
            # waits that precede the request (which can last seconds).
            out.received_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
            if resp.status_code in _REDIRECTS or resp.status_code >= 400:
                return out
            declared = resp.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > cap:
                out.size, out.too_large = int(declared), True
                return out
            parts: list[bytes] = []
            for block in resp.iter_bytes():
                out.size += len(block)
                if out.size > cap:
                    out.too_large = True
                    return out
                parts.append(block)
                if time.monotonic() > deadline:
                    raise _Problem(Reason.FETCH_ERROR,
                                   f"body not complete within {self.settings.timeout} s")
            out.body = b"".join(parts)
            return out

    # ------------------------------------------------------------------------- robots

    def _check_robots(self, url: str) -> None:
        robots = self._robots_for(url)
        if robots.unreachable:  # no answer at all: the host is down, the page would fail too
            raise _Problem(Reason.FETCH_ERROR, f"robots.txt unreachable: {robots.unreachable}")
        if not robots.allows(self.settings.user_agent, url):
            raise _Problem(Reason.ROBOTS, f"robots.txt disallows {url}")

    def _delay_for(self, url: str) -> float:
        robots = self._robots.get(_origin(url))
        asked = robots.crawl_delay(self.settings.user_agent) if robots else 0.0
        return max(self.settings.delay, asked)

    def _robots_for(self, url: str) -> _Robots:
        origin = _origin(url)
        with self._lock:
            lock = self._robots_locks.setdefault(origin, threading.Lock())
        with lock:
            robots = self._robots.get(origin)
            if robots is None:
                robots = self._read_robots(origin)
                self._robots[origin] = robots
            return robots

    def _read_robots(self, origin: str) -> _Robots:
        try:
            _, response = self._follow(origin + "/robots.txt", ROBOTS_MAX_BYTES,
                                       check_robots=False)
        except _Problem as problem:
            return _Robots(unreachable=problem.detail)
        if response.status >= 500:  # RFC 9309: unavailable robots.txt, assume disallow
            return _Robots(allow_all=False)
        if response.status >= 400:
            return _Robots(allow_all=True)
        parser = urllib.robotparser.RobotFileParser(origin + "/robots.txt")
        parser.parse(response.body.decode("utf-8", "replace").splitlines())
        return _Robots(parser)

    # ------------------------------------------------------------------------- sitemaps

    def sitemap_urls(self, url: str, *, max_sitemaps: int = 1000) -> Iterator[str]:
        """Page URLs of a sitemap or sitemap index (nested indexes followed, ``.gz`` too).

        The first sitemap failing raises :class:`~mainmark.errors.InputError`; a child
        sitemap of an index that fails is logged and skipped. URLs come out once each.
        """
        queue, seen, pages = deque([url]), set[str](), set[str]()
        while queue and len(seen) < max_sitemaps:
            current = queue.popleft()
            if current in seen:
                continue
            seen.add(current)
            try:
                kind, locs = self._sitemap(current)
            except InputError as exc:
                if current == url:
                    raise
                log.warning("skipping sitemap %s: %s", current, exc)
                continue
            if kind == "sitemapindex":
                queue.extend(loc for loc in locs if is_url(loc))
                continue
            for loc in locs:
                if is_url(loc) and loc not in pages:
                    pages.add(loc)
                    yield loc

    def _sitemap(self, url: str) -> tuple[str, list[str]]:
        record = self.fetch(url, max_bytes=max(self.settings.max_bytes, SITEMAP_MAX_BYTES))
        if record.problem is not None:
            raise InputUnavailable(f"cannot fetch sitemap {url}: {record.problem[1]} "
                             f"({record.problem[0].value})")
        assert isinstance(record.body, bytes)
        return parse_sitemap(record.body)


def parse_sitemap(data: bytes) -> tuple[str, list[str]]:
    """``("urlset" | "sitemapindex", [loc, ...])`` of a sitemap file (gzip or not).

    Parsed with entity expansion and network access off: a sitemap is untrusted input.
    """
    if data[:2] == b"\x1f\x8b":
        inflater = zlib.decompressobj(wbits=31)
        try:
            data = inflater.decompress(data, SITEMAP_MAX_BYTES)
        except zlib.error as exc:
            raise InputError(f"broken gzip sitemap: {exc}") from exc
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise InputError(f"sitemap is not XML: {exc}") from exc
    if root is None:
        raise InputError("sitemap is empty or not XML")
    kind = etree.QName(root).localname
    if kind not in ("urlset", "sitemapindex"):
        raise InputError(f"not a sitemap: the root element is <{kind}>")
    child = "url" if kind == "urlset" else "sitemap"
    locs = [(el.text or "").strip() for el in root.iterfind(f"{{*}}{child}/{{*}}loc")]
    return kind, [loc for loc in locs if loc]


def read_url_list(path: str) -> list[str]:
    """URLs of a ``--urls`` file: one a line; blank lines and ``#`` comments skipped."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = [line.strip() for line in handle]
    except (OSError, UnicodeDecodeError) as exc:
        raise InputUnavailable(f"cannot read URL list {path}: {exc}") from exc
    urls = [line for line in lines if line and not line.startswith("#")]
    bad = [u for u in urls if not is_url(u)]
    if bad:
        raise InputError(f"{path}: not an http(s) URL: {bad[0]!r}")
    return urls


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def _httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:
        raise MissingExtraError("fetching URLs needs httpx: pip install 'mainmark[fetch]'") from exc
    return httpx
