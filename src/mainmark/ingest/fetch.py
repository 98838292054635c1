"""Pages from the web, politely: ``http(s)`` URLs and sitemaps to page records.

A fetched page becomes the same :class:`~mainmark.ingest.records.PageRecord` a WARC
record does, so everything downstream (``process_record``, the writers, the LangChain
loader) treats it like any other page; a page that could not be had becomes a record
carrying its problem, i.e. one discard with a reason:

* ``robots``: robots.txt disallows it (or answers 5xx: RFC 9309 says a crawler must
  then assume everything is disallowed; a 4xx robots.txt allows all), or asks for a
  ``Crawl-delay`` over ``FetchSettings.max_crawl_delay`` (the site is not fetched faster
  than it asks, and no wait is longer than the cap);
* ``http_error``: the server answered 4xx/5xx;
* ``fetch_error``: no answer (connection refused, timeout, too many redirects; also
  when robots.txt itself got no answer);
* ``too_large``: the body passed the size cap, counted in inflated bytes (reading and
  inflating stop there);
* ``decode_error``: a ``Content-Encoding`` that is broken, unknown or stacked too deep.

A transient problem (no answer, the deadline, HTTP 5xx, 408, 425, 429) makes a
``retryable`` record: ``--resume`` asks for the page again instead of keeping the discard.

robots.txt is matched as RFC 9309 says (:mod:`.robots`); sitemaps are streamed and
kept to their own origin (:mod:`.sitemaps`, whose refused entries are ``off_origin``).

Polite by default: one request at a time per host, a delay between two requests to
one host (robots.txt's ``Crawl-delay`` when it asks for more), a host being the machine
the name resolves to (``localhost`` and ``127.1`` are one host), one deadline for the
whole exchange (connect, headers, body: a server dripping header lines or bytes cannot
hold a worker), redirects followed one hop at a time with robots.txt checked for every
hop, and the final URL recorded. Bodies are inflated here, not by httpx, in pieces under
the cap (:mod:`mainmark.ingest.inflate`): a ``gzip, gzip`` bomb costs the cap, not
gigabytes. The response's ``Content-Type`` travels with the record, so its charset
decides decoding.

httpx is imported here only (``pip install 'mainmark[fetch]'``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urljoin, urlsplit

from mainmark._version import __version__
from mainmark.errors import InputError, InputUnavailable, MissingExtraError
from mainmark.ingest.inflate import (
    BadData,
    TooLarge,
    Truncated,
    inflate_stream,
    supported_encodings,
)
from mainmark.ingest.payload import problem_record
from mainmark.ingest.records import (
    DEFAULT_MAX_PAGE_BYTES,
    Location,
    PageRecord,
    Reason,
    sha256_of,
)
from mainmark.ingest.robots import ROBOTS_MAX_BYTES, Robots
from mainmark.ingest.sitemaps import MAX_SITEMAPS, SitemapWalk
from mainmark.ingest.sitemaps import parse_sitemap as parse_sitemap  # its old home
from mainmark.ingest.transport import Deadline, HostGate, HostKeys, deadline_transport

log = logging.getLogger(__name__)

USER_AGENT = f"mainmark/{__version__} (+main-content extraction for retrieval)"
#: Longest wait between two requests to one host that robots.txt's Crawl-delay may ask for.
MAX_CRAWL_DELAY = 60.0
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_DROPPED_HEADERS = frozenset({"set-cookie"})
#: Answers that say "not now" rather than "no": a later ``--resume`` asks again.
_TRANSIENT = frozenset({408, 425, 429})
#: Only codings inflated here, in capped pieces (never by the HTTP client, which would
#: build a whole bomb in memory before the size cap could look at it).
ACCEPT_ENCODING = ", ".join(supported_encodings())


@dataclass(frozen=True, slots=True)
class FetchSettings:
    """How pages are fetched. The defaults are what a site owner would call polite."""

    user_agent: str = USER_AGENT
    #: Seconds for the whole exchange: connecting, the response headers and the body.
    timeout: float = 20.0
    #: Bodies inflating past this many bytes become ``too_large`` discards.
    max_bytes: int = DEFAULT_MAX_PAGE_BYTES
    #: Seconds between the starts of two requests to one host.
    delay: float = 1.0
    #: Requests in flight to one host, and overall.
    per_host: int = 1
    workers: int = 4
    max_redirects: int = 10
    #: Obey robots.txt. Turning it off is for servers you own.
    robots: bool = True
    #: The longest ``Crawl-delay`` obeyed. A site asking for more is not fetched faster
    #: than it asks: its pages become ``robots`` discards (and a warning says so).
    max_crawl_delay: float = MAX_CRAWL_DELAY
    #: Fetch sitemap entries (pages and child sitemaps) on other origins than the sitemap's.
    #: Off by default, as the sitemaps protocol says: a sitemap could aim the crawl anywhere.
    sitemap_any_origin: bool = False

    def __post_init__(self) -> None:
        if self.timeout <= 0 or self.delay < 0 or self.max_bytes < 1:
            raise InputError("fetch timeout must be > 0, delay >= 0, max_bytes >= 1")
        if self.per_host < 1 or self.workers < 1 or self.max_redirects < 0:
            raise InputError("fetch per_host and workers must be >= 1, max_redirects >= 0")
        if not 0 <= self.max_crawl_delay < float("inf"):
            raise InputError("fetch max_crawl_delay must be a finite number >= 0")


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


class _Problem(Exception):
    """A hop that ends the fetch: carries the discard reason."""

    def __init__(self, reason: Reason, detail: str, *, retryable: bool = False) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.retryable = retryable


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
        self._deadline = Deadline()
        self._client = client or httpx.Client(
            timeout=httpx.Timeout(self.settings.timeout), follow_redirects=False,
            headers={"User-Agent": self.settings.user_agent},
            transport=deadline_transport(httpx, self._deadline))
        self._owns_client = client is None
        self._gate = HostGate(self.settings.per_host, clock, sleep)
        self._hosts = HostKeys()
        self._robots: dict[str, Robots] = {}
        self._robots_locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP client if this fetcher made it; a client passed in stays the caller's."""
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
            return problem_record(url, location, problem.reason, problem.detail,
                                  retryable=problem.retryable)
        if response.status >= 400:
            return problem_record(url, location, Reason.HTTP_ERROR,
                                  f"HTTP {response.status} from {final}",
                                  retryable=response.status in _TRANSIENT
                                  or response.status >= 500)
        if response.too_large:
            return problem_record(url, location, Reason.TOO_LARGE,
                                  f"body over the cap of {cap} bytes (inflated)",
                                  size=response.size)
        return PageRecord(url, response.body, location, response.size,
                          sha256_of(response.body), response.headers,
                          fetched_at=response.received_at, final_url=final)

    def fetch_all(self, urls: Iterable[str | PageRecord]) -> Iterator[PageRecord]:
        """Records of ``urls`` in input order, ``workers`` requests in flight at most.

        ``urls`` is read as the fetching goes (a sitemap stream is not drained first); a
        record among them (a page refused before fetching) passes through in its place.
        """
        workers = self.settings.workers
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mainmark-fetch")
        pending: deque[Future[PageRecord]] = deque()
        try:
            for url in urls:
                pending.append(_done(url) if isinstance(url, PageRecord)
                               else pool.submit(self.fetch, url))
                if len(pending) >= workers * 2:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _follow(self, url: str, cap: int, *, check_robots: bool,
                keep_prefix: bool = False) -> tuple[str, _Response]:
        """GET ``url``, following redirects one hop at a time (robots.txt per hop).

        ``keep_prefix``: a body over ``cap`` keeps its first ``cap`` bytes (robots.txt)."""
        current = url
        for _ in range(self.settings.max_redirects + 1):
            if urlsplit(current).scheme.lower() not in ("http", "https"):
                raise _Problem(Reason.FETCH_ERROR, f"not an http(s) URL: {current}")
            if check_robots:
                self._check_robots(current)
            response = self._get(current, cap, keep_prefix=keep_prefix)
            target = response.header("location")
            if response.status not in _REDIRECTS or not target:
                return current, response
            current = urljoin(current, target.strip())
        raise _Problem(Reason.FETCH_ERROR,
                       f"more than {self.settings.max_redirects} redirects from {url}")

    def _get(self, url: str, cap: int, *, keep_prefix: bool = False) -> _Response:
        httpx = _httpx()
        host = self._hosts.key(url)
        try:
            with self._gate.slot(host, self._delay_for(url)):
                return self._read(url, cap, keep_prefix=keep_prefix)
        except _Problem:
            raise
        except httpx.TimeoutException as exc:
            raise _Problem(Reason.FETCH_ERROR,
                           f"no complete answer within {self.settings.timeout} s "
                           f"({type(exc).__name__})", retryable=True) from exc
        except httpx.TransportError as exc:  # refused, reset, DNS: the server may come back
            raise _Problem(Reason.FETCH_ERROR, f"{type(exc).__name__}: {exc}",
                           retryable=not isinstance(exc, httpx.UnsupportedProtocol)) from exc
        except Exception as exc:  # invalid URLs and the like: one page, one discard
            raise _Problem(Reason.FETCH_ERROR, f"{type(exc).__name__}: {exc}") from exc

    def _read(self, url: str, cap: int, *, keep_prefix: bool = False) -> _Response:
        """One request under one deadline (connect, headers and body together), the body
        inflated by its ``Content-Encoding`` here, in pieces, and stopped past ``cap``
        (``keep_prefix``: with its first ``cap`` bytes kept, for robots.txt)."""
        timeout = self.settings.timeout
        deadline = time.monotonic() + timeout
        with self._deadline.until(deadline), self._client.stream(
                "GET", url, headers={"Accept-Encoding": ACCEPT_ENCODING}) as resp:
            headers = tuple((k, v) for k, v in resp.headers.items()
                            if k.lower() not in _DROPPED_HEADERS)
            out = _Response(resp.status_code, headers)
            # Stamped when the answer arrives, not before the robots.txt and politeness
            # waits that precede the request (which can last seconds).
            out.received_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
            if resp.status_code in _REDIRECTS or resp.status_code >= 400:
                return out
            declared = resp.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > cap and not keep_prefix:
                out.size, out.too_large = int(declared), True
                return out
            codings = resp.headers.get_list("content-encoding", split_commas=True)
            parts: list[bytes] = []
            # A prefix is read one piece past the cap (inflation stops at twice the cap),
            # so the kept prefix is the first ``cap`` bytes whole.
            limit = 2 * cap if keep_prefix else cap
            try:
                for piece in inflate_stream(resp.iter_raw(), codings, limit):
                    out.size += len(piece)
                    parts.append(piece)
                    if keep_prefix and out.size > cap:
                        out.too_large, out.body = True, b"".join(parts)[:cap]
                        return out
                    if time.monotonic() > deadline:
                        raise _Problem(Reason.FETCH_ERROR,
                                       f"body not complete within {timeout} s", retryable=True)
            except TooLarge as exc:
                out.size, out.too_large = exc.size, True
                if keep_prefix:
                    out.body = b"".join(parts)[:cap]
                return out
            except BadData as exc:
                raise _Problem(Reason.DECODE_ERROR, f"body ({', '.join(codings)}): {exc}",
                               retryable=isinstance(exc, Truncated)) from exc
            out.body = b"".join(parts)
            return out

    # ------------------------------------------------------------------------- robots

    def _check_robots(self, url: str) -> None:
        robots = self._robots_for(url)
        if robots.unreachable:  # no answer at all: the host is down, the page would fail too
            raise _Problem(Reason.FETCH_ERROR, f"robots.txt unreachable: {robots.unreachable}",
                           retryable=True)
        asked = robots.crawl_delay()
        if asked > self.settings.max_crawl_delay:
            raise _Problem(Reason.ROBOTS, _over_cap(asked, self.settings.max_crawl_delay))
        if not robots.allows(url):
            raise _Problem(Reason.ROBOTS, f"robots.txt disallows {url}")

    def _delay_for(self, url: str) -> float:
        """Spacing of requests to ``url``'s host: ours, or robots.txt's when it asks for
        more; never above the cap (an origin asking for more is not fetched at all)."""
        robots = self._robots.get(_origin(url))
        asked = robots.crawl_delay() if robots else 0.0
        return max(self.settings.delay, min(asked, self.settings.max_crawl_delay))

    def _robots_for(self, url: str) -> Robots:
        origin = _origin(url)
        with self._lock:
            lock = self._robots_locks.setdefault(origin, threading.Lock())
        with lock:
            robots = self._robots.get(origin)
            if robots is None:
                robots = self._read_robots(origin)
                self._robots[origin] = robots
            return robots

    def _read_robots(self, origin: str) -> Robots:
        """The origin's robots.txt, read once: RFC 9309's answers for 4xx (allow all) and
        5xx (disallow all); a file over the size limit is parsed up to the limit."""
        try:
            _, response = self._follow(origin + "/robots.txt", ROBOTS_MAX_BYTES,
                                       check_robots=False, keep_prefix=True)
        except _Problem as problem:
            return Robots(unreachable=problem.detail)
        if response.status >= 500:  # RFC 9309: unavailable robots.txt, assume disallow
            return Robots(allow_all=False)
        if response.status >= 400:
            return Robots(allow_all=True)
        if response.too_large:
            log.warning("robots.txt of %s is over %d bytes: its first %d bytes are obeyed",
                        origin, ROBOTS_MAX_BYTES, ROBOTS_MAX_BYTES)
        robots = Robots.parse(response.body, self.settings.user_agent,
                              truncated=response.too_large)
        asked = robots.crawl_delay()
        if asked > self.settings.max_crawl_delay:
            log.warning("robots.txt of %s: %s; its pages become robots discards",
                        origin, _over_cap(asked, self.settings.max_crawl_delay))
        return robots

    # ------------------------------------------------------------------------- sitemaps

    def sitemap_pages(self, url: str, *, max_sitemaps: int = MAX_SITEMAPS) -> SitemapWalk:
        """The pages of a sitemap or sitemap index, streamed (see :mod:`.sitemaps`).

        The root is fetched now: when it fails, :class:`~mainmark.errors.InputError` is
        raised here. Iterating yields page URLs, and records of ``off_origin`` discards for
        entries on another origin (unless ``sitemap_any_origin``); :meth:`fetch_all` takes
        both. A child sitemap of an index that fails is logged and skipped.
        """
        return SitemapWalk(url, self._fetch_sitemap, any_origin=self.settings.sitemap_any_origin,
                           max_sitemaps=max_sitemaps)

    def sitemap_urls(self, url: str, *, max_sitemaps: int = MAX_SITEMAPS) -> Iterator[str]:
        """The page URLs of :meth:`sitemap_pages` that may be fetched, as they are read."""
        walk = self.sitemap_pages(url, max_sitemaps=max_sitemaps)
        try:
            yield from (page for page in walk if isinstance(page, str))
        finally:
            walk.close()

    def _fetch_sitemap(self, url: str, cap: int) -> PageRecord:
        return self.fetch(url, max_bytes=max(self.settings.max_bytes, cap))


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


def _done(record: PageRecord) -> Future[PageRecord]:
    future: Future[PageRecord] = Future()
    future.set_result(record)
    return future


def _over_cap(asked: float, cap: float) -> str:
    return (f"robots.txt asks for a Crawl-delay of {asked:g} s, over the cap of {cap:g} s "
            "(FetchSettings.max_crawl_delay, --max-crawl-delay)")


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def _httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:
        raise MissingExtraError("fetching URLs needs httpx: pip install 'mainmark[fetch]'") from exc
    return httpx
