"""Fetching pages and sitemaps, politely, from a server on 127.0.0.1 only."""

from __future__ import annotations

import codecs
from collections.abc import Iterator

import pytest

from fetch_server import FakeClock, Site, serve
from mainmark.ingest.fetch import Fetcher, FetchSettings, parse_sitemap, read_url_list
from mainmark.ingest.records import Reason, process_record

FAST = FetchSettings(delay=0.0, timeout=5.0, workers=4)


@pytest.fixture
def site() -> Iterator[Site]:
    with serve() as running:
        yield running


def test_a_page_keeps_its_headers_and_the_charset_decides_decoding(site: Site) -> None:
    with Fetcher(FAST) as fetcher:
        record = fetcher.fetch(site.base + "/page")
    assert record.problem is None and record.final_url == site.base + "/page"
    assert dict((k.lower(), v) for k, v in record.headers)["content-type"].endswith(
        "windows-1252")
    outcome = process_record(record)
    assert outcome.document is not None
    assert codecs.lookup(outcome.document["encoding"]["name"]).name == "cp1252"
    assert outcome.document["encoding"]["signal"] == "header"
    assert "Café society" in outcome.document["markdown"]


def test_redirects_are_followed_and_the_final_url_recorded(site: Site) -> None:
    with Fetcher(FAST) as fetcher:
        record = fetcher.fetch(site.base + "/old")
    assert record.url == site.base + "/old" and record.final_url == site.base + "/page"
    outcome = process_record(record)
    assert outcome.document is not None
    assert outcome.document["final_url"] == site.base + "/page"
    # resolved on the final URL (in the links side table: links="text" is the default)
    assert f"{site.base}/next" in {link["url"] for link in outcome.document["links"]}


@pytest.mark.parametrize(("path", "reason", "detail"), [
    ("/private/page", Reason.ROBOTS, "robots.txt"),
    ("/missing", Reason.HTTP_ERROR, "HTTP 404"),
    ("/loop", Reason.FETCH_ERROR, "redirects"),
    ("/big", Reason.TOO_LARGE, "cap"),
])
def test_failures_are_discards_with_their_reason(site: Site, path: str, reason: Reason,
                                                 detail: str) -> None:
    settings = FetchSettings(delay=0.0, timeout=5.0, max_bytes=100_000, max_redirects=3)
    with Fetcher(settings) as fetcher:
        record = fetcher.fetch(site.base + path)
    outcome = process_record(record)
    assert outcome.discard is not None
    assert outcome.discard["reason"] == reason.value and detail in outcome.discard["detail"]
    assert outcome.discard["url"] == site.base + path
    if reason is Reason.ROBOTS:
        assert "/private/page" not in site.requests  # never asked for


def test_a_slow_server_is_a_fetch_error_not_a_hang(site: Site) -> None:
    with Fetcher(FetchSettings(delay=0.0, timeout=0.3)) as fetcher:
        record = fetcher.fetch(site.base + "/slow")
    assert record.problem is not None and record.problem[0] is Reason.FETCH_ERROR


def test_a_refused_connection_is_a_fetch_error() -> None:
    with serve() as gone:
        base = gone.base
    with Fetcher(FAST) as fetcher:
        record = fetcher.fetch(base + "/page")
    assert record.problem is not None and record.problem[0] is Reason.FETCH_ERROR


def test_unreadable_robots_txt_disallows_everything() -> None:
    with serve(Site(robots="")) as site:
        site.routes = lambda path: (  # type: ignore[method-assign]
            (503, {}, b"") if path == "/robots.txt" else Site.routes(site, path))
        with Fetcher(FAST) as fetcher:
            record = fetcher.fetch(site.base + "/page")
    assert record.problem is not None and record.problem[0] is Reason.ROBOTS
    assert site.requests == ["/robots.txt"]


@pytest.mark.parametrize(("robots", "spacing"), [
    ("User-agent: *\nDisallow:\n", 1.5),
    ("User-agent: *\nCrawl-delay: 4\n", 4.0),  # robots.txt asks for more: it gets it
])
def test_requests_to_one_host_are_spaced(robots: str, spacing: float) -> None:
    fake = FakeClock()
    with serve(Site(robots=robots)) as site, Fetcher(
            FetchSettings(delay=1.5, timeout=5.0), clock=fake.clock, sleep=fake.sleep) as f:
        for i in range(3):
            assert f.fetch(f"{site.base}/p/{i}").problem is None
    assert site.requests == ["/robots.txt", "/p/0", "/p/1", "/p/2"]
    # robots.txt is fetched before its Crawl-delay is known: 1.5 s before the first page
    assert fake.sleeps == [1.5, spacing, spacing]


def test_one_request_at_a_time_per_host_and_input_order_kept(site: Site) -> None:
    urls = [f"{site.base}/slowish?{i}" for i in range(6)]
    with Fetcher(FetchSettings(delay=0.0, timeout=5.0, workers=4, per_host=1)) as fetcher:
        records = list(fetcher.fetch_all(urls))
    assert [r.url for r in records] == urls
    assert all(r.problem is None for r in records)
    assert site.most_in_flight == 1


def test_sitemap_index_with_gzip_child_and_a_missing_child(site: Site) -> None:
    with Fetcher(FAST) as fetcher:
        urls = list(fetcher.sitemap_urls(site.base + "/sitemap.xml"))
    assert urls == [site.base + p for p in
                    ("/page", "/private/page", "/old", "/missing", "/report.pdf")]


def test_a_missing_root_sitemap_is_an_input_error(site: Site) -> None:
    from mainmark.errors import InputError

    with Fetcher(FAST) as fetcher, pytest.raises(InputError, match="404"):
        list(fetcher.sitemap_urls(site.base + "/nope.xml"))


def test_parse_sitemap_ignores_extension_locs_and_refuses_other_xml() -> None:
    from mainmark.errors import InputError

    data = (b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            b'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url>'
            b'<loc> https://a.example/1 </loc><image:image><image:loc>https://a.example/i.png'
            b'</image:loc></image:image></url></urlset>')
    assert parse_sitemap(data) == ("urlset", ["https://a.example/1"])
    with pytest.raises(InputError, match="rss"):
        parse_sitemap(b"<rss><channel/></rss>")


def test_url_list_file(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    from mainmark.errors import InputError

    path = Path(str(tmp_path)) / "urls.txt"
    path.write_text("# pages\nhttps://a.example/1\n\n  http://b.example/2  \n")
    assert read_url_list(str(path)) == ["https://a.example/1", "http://b.example/2"]
    path.write_text("https://a.example/1\nftp://c.example/3\n")
    with pytest.raises(InputError, match="ftp"):
        read_url_list(str(path))


def test_loader_fetches_urls_among_its_sources(site: Site,
                                               caplog: pytest.LogCaptureFixture) -> None:
    from mainmark.errors import InputError
    from mainmark.integrations.langchain import MainmarkLoader

    sources = [site.base + "/old", site.base + "/private/page", site.base + "/missing"]
    with caplog.at_level("WARNING", logger="mainmark.integrations.langchain"):
        docs = MainmarkLoader(sources, fetch=FAST).load()
    assert docs and {d.metadata["source"] for d in docs} == {site.base + "/old"}
    assert {d.metadata["url"] for d in docs} == {site.base + "/page"}  # after the redirect
    assert docs[0].metadata["title"] == "Café society"  # the HTTP charset decoded it
    warned = " ".join(r.getMessage() for r in caplog.records)
    assert "robots.txt disallows" in warned and "HTTP 404" in warned
    with pytest.raises(InputError, match="robots"):
        MainmarkLoader(sources[1:], fetch=FAST, on_error="raise").load()
