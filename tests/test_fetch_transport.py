"""The fetcher's transport against hostile servers on 127.0.0.1: one deadline for the whole
exchange (a server dripping header lines is cut), bodies inflated in capped pieces
(``gzip, gzip``, zstd and deflate bombs refused with bounded memory, robots.txt and
sitemaps included), and politeness keyed on the machine, not on the host's spelling."""

from __future__ import annotations

import gzip
import itertools
import socket
import threading
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
import zstandard

from fetch_server import ARTICLE
from mainmark.errors import InputError
from mainmark.ingest.fetch import (
    ACCEPT_ENCODING,
    Fetcher,
    FetchSettings,
)
from mainmark.ingest.records import Reason
from mainmark.ingest.sitemaps import SITEMAP_MAX_BYTES
from mainmark.ingest.transport import HostKeys

CAP = 1 << 20  # the page cap of these tests: a bomb must stop near it
PEAK = 24 << 20  # traced memory allowed for one refused bomb (cap + pieces + httpx)


@dataclass
class Raw:
    """A server that answers each request with ``respond(conn, request)``, one request
    per connection, and records when each request arrived."""

    respond: Callable[[socket.socket, bytes], None]
    base: str = ""
    seen: list[tuple[float, bytes]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def serve_one(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(10)
            data = b""
            try:
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    data += chunk
                self.seen.append((time.monotonic(), data))
                self.respond(conn, data)
            except OSError:
                return


@contextmanager
def raw_server(respond: Callable[[socket.socket, bytes], None]) -> Iterator[Raw]:
    raw = Raw(respond)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.05)
    raw.base = f"http://127.0.0.1:{listener.getsockname()[1]}"

    def accept() -> None:
        while not raw.stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            threading.Thread(target=raw.serve_one, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield raw
    finally:
        raw.stop.set()
        thread.join()
        listener.close()


def answer(body: bytes, *headers: str, status: str = "200 OK"
           ) -> Callable[[socket.socket, bytes], None]:
    head = "".join(f"{h}\r\n" for h in headers)

    def respond(conn: socket.socket, request: bytes) -> None:
        conn.sendall(f"HTTP/1.1 {status}\r\n{head}Content-Length: {len(body)}\r\n"
                     "Connection: close\r\n\r\n".encode() + body)

    return respond


def settings(**changes: object) -> FetchSettings:
    values: dict[str, object] = {"delay": 0.0, "timeout": 5.0, "robots": False,
                                 "max_bytes": CAP}
    values.update(changes)
    return FetchSettings(**values)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- deadline


def _drip_headers(conn: socket.socket, request: bytes) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")
    for i in range(16):  # 8 s of headers at most, one line every half second
        time.sleep(0.5)
        conn.sendall(f"X-Drip-{i}: {i}\r\n".encode())
    conn.sendall(b"Content-Length: 0\r\n\r\n")


def test_headers_dripped_line_by_line_are_cut_at_the_deadline() -> None:
    with raw_server(_drip_headers) as server, Fetcher(settings(timeout=1.5)) as fetcher:
        started = time.monotonic()
        record = fetcher.fetch(server.base + "/drip")
        took = time.monotonic() - started
    assert record.problem is not None and record.problem[0] is Reason.FETCH_ERROR
    assert "within 1.5 s" in record.problem[1]
    assert record.retryable
    assert took < 2.5, f"the exchange took {took:.1f} s with a 1.5 s deadline"


def _drip_body(conn: socket.socket, request: bytes) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100\r\n\r\n")
    for _ in range(16):
        time.sleep(0.5)
        conn.sendall(b"<")


def test_a_body_dripped_byte_by_byte_is_cut_at_the_deadline() -> None:
    with raw_server(_drip_body) as server, Fetcher(settings(timeout=1.0)) as fetcher:
        started = time.monotonic()
        record = fetcher.fetch(server.base + "/drip")
        took = time.monotonic() - started
    assert record.problem is not None and record.problem[0] is Reason.FETCH_ERROR
    assert took < 2.0


# ----------------------------------------------------------------------------- bombs


def _zeros_gzip(total: int) -> bytes:
    """``total`` zero bytes as a multi-member gzip, built without holding them."""
    member = gzip.compress(b"\0" * (4 << 20), compresslevel=9)
    return member * (total // (4 << 20))


def _zeros_zstd(total: int) -> bytes:
    compressor = zstandard.ZstdCompressor(level=3).compressobj()
    block = b"\0" * (1 << 20)
    return b"".join(compressor.compress(block) for _ in range(total >> 20)) + compressor.flush()


def _zeros_deflate(total: int) -> bytes:
    """Raw deflate: a fully flushed block restarts the compressor, so its bytes repeat."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(b"\0" * (4 << 20)) + compressor.flush(zlib.Z_FULL_FLUSH)
    return block * (total >> 22) + compressor.flush()


BOMBS = {
    "gzip, gzip": lambda: gzip.compress(_zeros_gzip(256 << 20), compresslevel=9),
    "zstd": lambda: _zeros_zstd(256 << 20),
    "deflate": lambda: _zeros_deflate(256 << 20),
    "gzip": lambda: _zeros_gzip(256 << 20),
}


@contextmanager
def peak_traced() -> Iterator[list[int]]:
    """The peak of traced Python memory inside the block, in ``out[0]``."""
    out = [0]
    tracemalloc.start()
    try:
        yield out
        out[0] = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("coding", list(BOMBS))
def test_a_compressed_bomb_is_too_large_without_being_inflated(coding: str) -> None:
    bomb = BOMBS[coding]()
    assert len(bomb) < CAP  # small on the wire, 256 MB inflated
    with raw_server(answer(bomb, "Content-Type: text/html",
                           f"Content-Encoding: {coding}")) as server, \
            Fetcher(settings()) as fetcher:
        started = time.monotonic()
        with peak_traced() as peak:
            record = fetcher.fetch(server.base + "/bomb")
        took = time.monotonic() - started
    assert peak[0] < PEAK, f"{peak[0] >> 20} MB traced for a {len(bomb)}-byte bomb"
    assert record.problem is not None and record.problem[0] is Reason.TOO_LARGE
    assert "inflated" in record.problem[1]
    assert took < 5


def test_robots_txt_and_sitemaps_are_inflated_under_a_cap() -> None:
    bomb = gzip.compress(_zeros_gzip(256 << 20), compresslevel=9)

    def respond(conn: socket.socket, request: bytes) -> None:
        answer(bomb, "Content-Type: text/plain", "Content-Encoding: gzip, gzip")(conn, request)

    with raw_server(respond) as server, \
            Fetcher(settings(robots=True)) as fetcher, peak_traced() as peak:
        started = time.monotonic()
        fetcher.fetch(server.base + "/page")  # robots.txt first: a bomb too
        with pytest.raises(InputError, match="too_large"):
            list(fetcher.sitemap_urls(server.base + "/sitemap.xml"))
        took = time.monotonic() - started
    paths = [request.split(b" ")[1] for _, request in server.seen]
    assert paths[0] == b"/robots.txt" and b"/sitemap.xml" in paths
    assert peak[0] < SITEMAP_MAX_BYTES + PEAK  # a sitemap may hold 50 MB, not 256
    assert took < 5


def test_compressed_pages_are_read_and_unknown_codings_refused() -> None:
    page = ARTICLE.encode("utf-8")
    layered = gzip.compress(zstandard.ZstdCompressor().compress(page))
    with raw_server(answer(layered, "Content-Type: text/html; charset=utf-8",
                           "Content-Encoding: zstd, gzip")) as server, \
            Fetcher(settings()) as fetcher:
        record = fetcher.fetch(server.base + "/page")
        sent = server.seen[0][1].decode().lower()
    assert record.problem is None and record.body == page
    assert f"accept-encoding: {ACCEPT_ENCODING}" in sent and "br" not in ACCEPT_ENCODING
    with raw_server(answer(b"\x8b\x00", "Content-Type: text/html",
                           "Content-Encoding: br")) as server, \
            Fetcher(settings()) as fetcher:
        record = fetcher.fetch(server.base + "/page")
    assert record.problem is not None and record.problem[0] is Reason.DECODE_ERROR
    assert "'br' is not supported" in record.problem[1]


# ----------------------------------------------------------------------------- politeness


def test_one_machine_is_one_host_whatever_its_spelling() -> None:
    table = {"127.0.0.1": ["127.0.0.1"], "localhost": ["::1", "127.0.0.1"],
             "127.1": ["127.0.0.1"], "::ffff:127.0.0.1": ["::ffff:127.0.0.1"],
             "www.example.org": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
             "example.org": ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
             "other.example": ["192.0.2.7"]}
    keys = HostKeys(lambda name: table[name])
    loopback = {keys.key(f"http://{h}:8000/") for h in
                ("127.0.0.1", "localhost", "127.1", "[::ffff:127.0.0.1]", "LOCALHOST")}
    assert len(loopback) == 1
    assert keys.key("https://www.example.org/a") == keys.key("http://example.org/b")
    assert keys.key("http://other.example/") != keys.key("http://example.org/")


def test_spellings_of_one_server_share_its_delay() -> None:
    def respond(conn: socket.socket, request: bytes) -> None:
        answer(ARTICLE.encode(), "Content-Type: text/html; charset=utf-8")(conn, request)

    with raw_server(respond) as server:
        port = server.base.rsplit(":", 1)[1]
        urls = [f"http://{host}:{port}/p/{i}" for i, host in
                enumerate(("127.0.0.1", "localhost", "127.1", "[::ffff:127.0.0.1]"))]
        with Fetcher(settings(delay=0.4, workers=4)) as fetcher:
            records = list(fetcher.fetch_all(urls))
        times = sorted(at for at, _ in server.seen)
    assert sum(r.problem is None for r in records) >= 3  # ::ffff: needs an IPv6 stack
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert len(times) >= 3 and min(gaps) > 0.3, f"requests {gaps} s apart under a 0.4 s delay"
