"""The fetcher's two policies below HTTP: who counts as one host, and one deadline per exchange.

Split from :mod:`.fetch` so the politeness key and the socket-level deadline can be read
(and tested) apart from the fetch loop. A host is the machine a name resolves to, so
spellings of one server share one gate; every socket operation of an exchange ends by the
exchange's deadline, so a server dripping header lines cannot hold a worker. httpx and
httpcore are imported only when a transport is built (``mainmark[fetch]``).
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass(slots=True)
class HostGate:
    """Per-host concurrency slots and request spacing (start times ``delay`` apart)."""

    per_host: int
    clock: Callable[[], float]
    sleep: Callable[[float], None]
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _slots: dict[str, threading.BoundedSemaphore] = field(default_factory=dict)
    _next: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def slot(self, host: str, delay: float) -> Iterator[None]:
        """Hold one of ``host``'s slots, starting no sooner than ``delay`` after the
        previous start there (the wait happens outside the lock: other hosts go on)."""
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


class HostKeys:
    """The politeness key of a URL: the machine it reaches, not the spelling of its host.

    ``127.0.0.1``, ``localhost``, ``127.1`` and ``[::ffff:127.0.0.1]`` are one server, so
    they share one gate. A name is resolved once (``getaddrinfo``, cached per name);
    IPv4-mapped IPv6 addresses count as their IPv4 address, every loopback address as
    one host, and a name sharing an address with a name seen before takes that name's
    key (a site behind several addresses is still one site). A name that does not
    resolve keys on itself: its request will fail on its own.
    """

    def __init__(self, resolve: Callable[[str], list[str]] | None = None) -> None:
        self._resolve = resolve or _addresses
        self._lock = threading.Lock()
        self._by_name: dict[str, str] = {}
        self._by_address: dict[str, str] = {}

    def key(self, url: str) -> str:
        """The gate key of ``url``'s host; resolved once per name, outside the lock only
        for the lookup (two threads may both resolve a new name: the first key wins)."""
        try:
            name = (urlsplit(url).hostname or "").lower()
        except ValueError:
            name = ""
        with self._lock:
            known = self._by_name.get(name)
        if known is not None:
            return known
        try:
            found = [_normal_address(a) for a in self._resolve(name)] if name else []
        except (OSError, UnicodeError, ValueError):
            found = []
        with self._lock:
            key = next((self._by_address[a] for a in found if a in self._by_address),
                       min(found, default=name))
            for address in found:
                self._by_address.setdefault(address, key)
            return self._by_name.setdefault(name, key)


def _addresses(name: str) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)]


def _normal_address(text: str) -> str:
    address = ipaddress.ip_address(text.split("%", 1)[0])
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return "loopback" if address.is_loopback else str(address)


class Deadline:
    """The end of the exchange the current thread is in (``None``: no exchange).

    httpx's timeouts bound each socket operation; a server that sends one header line
    every half second never trips them. Every socket operation of our own transport asks
    this object for its timeout instead: the operation's own, cut to the time left, and
    a timeout at once when nothing is left. Per thread, since a fetch worker thread runs
    one exchange at a time and a pooled connection is only ever used by one of them.
    """

    def __init__(self) -> None:
        self._local = threading.local()

    @contextmanager
    def until(self, when: float) -> Iterator[None]:
        """Run the block as one exchange ending at ``when`` (``time.monotonic()``)."""
        self._local.when = when
        try:
            yield
        finally:
            self._local.when = None

    def clamp(self, timeout: float | None) -> float | None:
        """A socket operation's timeout cut to the time left; httpcore's own timeout
        error at once when none is left, so httpx reports it as it would any timeout."""
        when: float | None = getattr(self._local, "when", None)
        if when is None:
            return timeout
        left = when - time.monotonic()
        if left <= 0:
            import httpcore

            raise httpcore.ReadTimeout("the fetch deadline has passed")
        return left if timeout is None else min(timeout, left)


class _DeadlineStream:
    """An httpcore network stream whose every read and write ends by the deadline."""

    def __init__(self, stream: Any, deadline: Deadline) -> None:
        self._stream = stream
        self._deadline = deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return bytes(self._stream.read(max_bytes, self._deadline.clamp(timeout)))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, self._deadline.clamp(timeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None,
                  timeout: float | None = None) -> _DeadlineStream:
        inner = self._stream.start_tls(ssl_context, server_hostname,
                                       self._deadline.clamp(timeout))
        return _DeadlineStream(inner, self._deadline)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend:
    """httpcore's own socket backend with every stream it opens under the deadline."""

    def __init__(self, inner: Any, deadline: Deadline) -> None:
        self._inner = inner
        self._deadline = deadline

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None, socket_options: Any = None
                    ) -> _DeadlineStream:
        stream = self._inner.connect_tcp(host, port, self._deadline.clamp(timeout),
                                         local_address, socket_options)
        return _DeadlineStream(stream, self._deadline)

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Any = None) -> _DeadlineStream:
        stream = self._inner.connect_unix_socket(path, self._deadline.clamp(timeout),
                                                 socket_options)
        return _DeadlineStream(stream, self._deadline)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def deadline_transport(httpx: Any, deadline: Deadline) -> Any:
    """httpx's transport with its connection pool on :class:`_DeadlineBackend`, or
    ``None`` (httpx's default) when proxies come from the environment: a transport we
    pass would make httpx ignore them, and then only the body is under the deadline.

    httpx offers no public way to hand a network backend to its transport, so the pool
    is replaced on a transport built with the defaults; the deadline tests fail loudly
    should a new httpx rename it.
    """
    if any(k in ("http", "https", "all") for k in urllib.request.getproxies()):
        return None
    import httpcore

    backend: Any = _DeadlineBackend(httpcore.SyncBackend(), deadline)  # duck-typed
    transport = httpx.HTTPTransport()
    transport._pool = httpcore.ConnectionPool(
        ssl_context=httpx.create_ssl_context(), max_connections=100,
        max_keepalive_connections=20, keepalive_expiry=5.0, network_backend=backend)
    return transport
