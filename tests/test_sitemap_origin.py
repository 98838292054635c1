"""A sitemap lists pages of its own origin only (the sitemaps protocol's rule): entries and
child sitemaps elsewhere are not fetched unless asked. Two servers on 127.0.0.1: the site,
and an "internal" one that a hostile sitemap points at."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from fetch_server import Site, serve, urlset
from mainmark.cli.main import main
from mainmark.ingest.fetch import Fetcher, FetchSettings
from mainmark.ingest.records import PageRecord, Reason
from mainmark.ingest.sitemaps import same_origin

FAST = ["--fetch-delay", "0", "--fetch-timeout", "5", "--workers", "1"]


class Hostile(Site):
    """A site whose sitemaps also list an internal server's pages and sitemaps."""

    internal = ""

    def routes(self, path: str) -> tuple[int, dict[str, str], bytes]:
        xml = {"Content-Type": "application/xml"}
        if path == "/pages.xml":
            port = self.base.rsplit(":", 1)[1]
            return 200, xml, (urlset("/page", base=self.base)[:-len(b"</urlset>")]
                              + (f"<url><loc>{self.internal}/page</loc></url>"
                                 f"<url><loc>http://localhost:{port}/page</loc></url>"
                                 f"<url><loc>HTTP://127.0.0.1:{port}/p/1</loc></url>"
                                 "</urlset>").encode())
        if path == "/index.xml":
            return 200, xml, (
                '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                f"<sitemap><loc>{self.internal}/pages.xml</loc></sitemap>"
                f"<sitemap><loc>{self.base}/pages.xml</loc></sitemap></sitemapindex>").encode()
        return super().routes(path)


@pytest.fixture
def sites() -> Iterator[tuple[Hostile, Site]]:
    site = Hostile()
    with serve() as internal, serve(site):
        site.internal = internal.base
        yield site, internal


def walk(url: str, *, any_origin: bool = False) -> list[str | PageRecord]:
    settings = FetchSettings(delay=0.0, timeout=5.0, sitemap_any_origin=any_origin)
    with Fetcher(settings) as fetcher:
        return list(fetcher.sitemap_pages(url))


def test_entries_on_other_origins_are_off_origin_discards(sites: tuple[Hostile, Site]) -> None:
    site, internal = sites
    port = site.base.rsplit(":", 1)[1]
    pages = walk(site.base + "/pages.xml")
    assert pages[0] == site.base + "/page"
    assert pages[3] == f"HTTP://127.0.0.1:{port}/p/1"  # the same origin, spelled otherwise
    refused = pages[1:3]
    assert [r.url for r in refused if isinstance(r, PageRecord)] == [
        internal.base + "/page", f"http://localhost:{port}/page"]
    for record in refused:
        assert isinstance(record, PageRecord) and record.problem is not None
        assert record.problem[0] is Reason.OFF_ORIGIN
        assert "another origin" in record.problem[1]
    assert internal.requests == []


def test_child_sitemaps_on_other_origins_are_skipped(sites: tuple[Hostile, Site],
                                                     caplog: pytest.LogCaptureFixture) -> None:
    site, internal = sites
    with caplog.at_level(logging.WARNING, logger="mainmark.ingest.sitemaps"):
        pages = walk(site.base + "/index.xml")
    assert len(pages) == 4 and pages[0] == site.base + "/page"
    assert internal.requests == []
    assert any("on another origin" in r.getMessage() and internal.base in r.getMessage()
               for r in caplog.records)


def test_the_option_widens_the_rule(sites: tuple[Hostile, Site]) -> None:
    site, internal = sites
    pages = walk(site.base + "/index.xml", any_origin=True)
    assert all(isinstance(p, str) for p in pages)
    assert internal.base + "/page" in pages
    assert internal.requests == ["/robots.txt", "/pages.xml"]


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("widen", [False, True])
def test_batch_counts_refused_entries_as_discards(sites: tuple[Hostile, Site], tmp_path: Path,
                                                  widen: bool,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    site, internal = sites
    out = tmp_path / "out"
    flags = ["--sitemap-any-origin"] if widen else []
    assert main(["batch", "--sitemap", site.base + "/pages.xml", "--out", str(out),
                 *FAST, *flags]) == 0
    discards = {str(d["url"]): d["reason"] for d in rows(out / "discards.jsonl")} \
        if (out / "discards.jsonl").exists() else {}
    documents = [d["url"] for d in rows(out / "documents.jsonl")]
    if widen:
        assert internal.base + "/page" in documents and "off_origin" not in discards.values()
        assert "/page" in internal.requests
    else:
        assert discards[internal.base + "/page"] == "off_origin"
        assert list(discards.values()).count("off_origin") == 2
        assert internal.requests == []
    assert "4 pages in = " in capsys.readouterr().err


@pytest.mark.parametrize(("url", "other", "same"), [
    ("http://a.example/x", "http://A.EXAMPLE:80/y", True),
    ("https://a.example/x", "https://a.example:443/", True),
    ("http://a.example/x", "https://a.example/x", False),
    ("http://a.example:8080/x", "http://a.example/x", False),
    ("http://b.a.example/x", "http://a.example/x", False),
    ("http://a.example@evil.example/x", "http://a.example/x", False),
    ("http://a.example:99999/x", "http://a.example/x", False),
    ("file:///etc/passwd", "http://a.example/x", False),
])
def test_same_origin(url: str, other: str, same: bool) -> None:
    assert same_origin(url, other) is same
