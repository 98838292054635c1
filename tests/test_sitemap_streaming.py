"""Sitemaps are streamed: pages are fetched while later sitemaps are still unread, a large
sitemap is parsed in bounded memory, and entities are never expanded. Servers on 127.0.0.1."""

from __future__ import annotations

import gzip
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from fetch_server import ARTICLE, Site, serve, urlset
from mainmark.errors import InputError
from mainmark.ingest import BatchSettings, FetchSettings, run_batch
from mainmark.ingest.sitemaps import _Recent, open_sitemap, parse_sitemap

FAST = FetchSettings(delay=0.0, timeout=5.0, workers=1)
CHILDREN = 4


class Index(Site):
    """A sitemap index of four child sitemaps, three pages each."""

    def routes(self, path: str) -> tuple[int, dict[str, str], bytes]:
        xml = {"Content-Type": "application/xml"}
        if path == "/index.xml":
            items = "".join(f"<sitemap><loc>{self.base}/c{i}.xml</loc></sitemap>"
                            for i in range(CHILDREN))
            return 200, xml, (f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/'
                              f'0.9">{items}</sitemapindex>').encode()
        if path.startswith("/c") and path.endswith(".xml"):
            n = int(path[2:-4])
            return 200, xml, urlset(*(f"/p/{3 * n + i}" for i in range(3)), base=self.base)
        if path.startswith("/p/"):
            return 200, {"Content-Type": "text/html"}, ARTICLE.encode("windows-1252")
        return super().routes(path)


def test_the_first_page_is_fetched_before_the_last_sitemap_is_read(tmp_path: Path) -> None:
    with serve(Index()) as site:
        result = run_batch([], BatchSettings(out=str(tmp_path / "out"), fetch=FAST),
                           sitemaps=[site.base + "/index.xml"])
    assert result.documents == 3 * CHILDREN
    asked = site.requests
    assert asked.index("/p/0") < asked.index(f"/c{CHILDREN - 1}.xml")
    assert asked.index("/p/2") < asked.index("/c1.xml")  # a child is read when it is needed


def test_a_bad_root_sitemap_stops_the_run_before_it_writes(tmp_path: Path) -> None:
    with serve(Index()) as site, pytest.raises(InputError, match="404"):
        run_batch([], BatchSettings(out=str(tmp_path / "out"), fetch=FAST),
                  sitemaps=[site.base + "/index.xml", site.base + "/nope.xml"])
    assert not (tmp_path / "out").exists()
    assert not any(path.startswith("/p/") for path in site.requests)


URLS = 50_000


def big_sitemap() -> Iterator[bytes]:
    """A sitemap of 50,000 URLs (about 4 MB) made piece by piece, never held whole."""
    yield b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    for start in range(0, URLS, 1000):
        yield "".join(f"<url><loc>https://a.example/page/{i}</loc><lastmod>2024-01-01"
                      f"</lastmod></url>" for i in range(start, start + 1000)).encode()
    yield b"</urlset>"


def gzipped(pieces: Iterator[bytes]) -> Iterator[bytes]:
    deflater = zlib.compressobj(wbits=31)
    for piece in pieces:
        yield deflater.compress(piece)
    yield deflater.flush()


@pytest.mark.parametrize("compress", [False, True])
def test_a_large_sitemap_is_read_in_bounded_memory(compress: bool) -> None:
    pieces = gzipped(big_sitemap()) if compress else big_sitemap()
    tracemalloc.start()
    try:
        kind, locs = open_sitemap(pieces)
        count, last = 0, ""
        for loc in locs:
            count, last = count + 1, loc
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert kind == "urlset" and count == URLS and last == f"https://a.example/page/{URLS - 1}"
    assert peak < 1_500_000  # the whole file and its URLs as a list: over 8 MB


def test_a_gzip_bomb_sitemap_stops_at_the_cap() -> None:
    head = b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.ex/1</loc></url>'
    bomb = gzip.compress(head + b" " * (60 * 1024 * 1024), compresslevel=9)
    assert len(bomb) < 100_000
    tracemalloc.start()
    try:
        kind, locs = open_sitemap([bomb])
        assert list(locs) == ["https://a.ex/1"]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert kind == "urlset" and peak < 5_000_000


def test_entities_are_not_expanded_nor_fetched(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("https://evil.example/leaked")
    data = (f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY file SYSTEM "{secret.as_uri()}">'
            '<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            '<url><loc>https://a.example/&file;</loc></url>'
            '<url><loc>https://a.example/&b;</loc></url></urlset>').encode()
    _, locs = parse_sitemap(data)
    assert not any("leaked" in loc or "aaaaaaaaaaaaaaaaaaaa" in loc for loc in locs)


def test_not_a_sitemap_is_refused_at_once() -> None:
    with pytest.raises(InputError, match="rss"):
        open_sitemap([b"<rss><channel/>", b"</rss>"])
    for empty in ([b""], [], [b"not xml at all"]):
        with pytest.raises(InputError, match="empty or not XML"):
            open_sitemap(empty)


def test_repeats_are_dropped_within_the_window() -> None:
    recent = _Recent(generation=2)
    assert [recent.add(u) for u in ("a", "b", "a", "c", "b", "d", "e", "a")] == [
        True, True, False, True, False, True, True, True]  # "a" left the window: new again
