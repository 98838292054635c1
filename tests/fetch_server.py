"""A small website on 127.0.0.1 for the fetching tests: pages, redirects, robots.txt,
sitemaps (plain, gzip, index), errors. It records what it was asked, and the most
requests it ever had in flight at once. Nothing here touches any other address."""

from __future__ import annotations

import contextlib
import gzip
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARTICLE = ("<html><head><title>Caf\u00e9 society</title></head><body><nav>Home</nav>"
           "<article><h1>Caf\u00e9 society</h1>"
           + "<p>The caf\u00e9 on the corner serves cr\u00e8me br\u00fbl\u00e9e daily.</p>" * 8
           + "<p>Read the <a href='/next'>next part</a> of the caf\u00e9 story, which goes on "
             "at some length about the pastries and the people who eat them.</p>"
           "</article></body></html>")


def urlset(*paths: str, base: str) -> bytes:
    items = "".join(f"<url><loc>{base}{p}</loc></url>" for p in paths)
    return (f'<?xml version="1.0" encoding="UTF-8"?><urlset '
            f'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{items}</urlset>').encode()


@dataclass
class Site:
    robots: str = "User-agent: *\nDisallow: /private/\n"
    requests: list[str] = field(default_factory=list)
    in_flight: int = 0
    most_in_flight: int = 0
    base: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def routes(self, path: str) -> tuple[int, dict[str, str], bytes]:
        path = path.split("?", 1)[0]
        html = {"Content-Type": "text/html; charset=windows-1252"}
        if path == "/robots.txt":
            return 200, {"Content-Type": "text/plain"}, self.robots.encode()
        if path in ("/page", "/private/page", "/next") or path.startswith("/p/"):
            return 200, html, ARTICLE.encode("windows-1252")
        if path == "/slowish":
            time.sleep(0.05)
            return 200, html, ARTICLE.encode("windows-1252")
        if path == "/old":
            return 301, {"Location": "/page"}, b""
        if path == "/loop":
            return 302, {"Location": "/loop"}, b""
        if path == "/big":
            return 200, html, b"<p>" + b"x" * 200_000 + b"</p>"
        if path == "/slow":
            time.sleep(1.0)
            return 200, html, ARTICLE.encode("windows-1252")
        if path == "/report.pdf":
            return 200, {"Content-Type": "application/pdf"}, b"%PDF-1.4 not a page"
        if path == "/sitemap.xml":
            return 200, {"Content-Type": "application/xml"}, (
                '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/'
                f'sitemap/0.9"><sitemap><loc>{self.base}/pages.xml</loc></sitemap>'
                f'<sitemap><loc>{self.base}/more.xml.gz</loc></sitemap>'
                f'<sitemap><loc>{self.base}/gone.xml</loc></sitemap></sitemapindex>').encode()
        if path == "/pages.xml":
            return 200, {"Content-Type": "application/xml"}, urlset(
                "/page", "/private/page", "/old", base=self.base)
        if path == "/more.xml.gz":
            return 200, {"Content-Type": "application/gzip"}, gzip.compress(urlset(
                "/missing", "/report.pdf", "/page", base=self.base))
        return 404, {"Content-Type": "text/plain"}, b"not found"


def _handler(site: Site) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            with site.lock:
                site.requests.append(self.path)
                site.in_flight += 1
                site.most_in_flight = max(site.most_in_flight, site.in_flight)
            try:
                status, headers, body = site.routes(self.path)
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
            finally:
                # Counted out before the body goes: a client that has the whole answer
                # may send its next request before this thread runs again.
                with site.lock:
                    site.in_flight -= 1
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return

    return Handler


@contextmanager
def serve(site: Site | None = None) -> Iterator[Site]:
    """Run ``site`` on 127.0.0.1 (a free port) for the duration of the block."""
    site = site or Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    server.daemon_threads = True
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class FakeClock:
    """Time that passes only when the fetcher sleeps: pacing checked without waiting."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
