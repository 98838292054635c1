"""robots.txt as RFC 9309 says, each shape served by a server on 127.0.0.1: a file over the
size limit, a byte-order mark, longest match, wildcards, merged groups, percent-encoding,
the product token; and a ``Crawl-delay`` too long to obey."""

from __future__ import annotations

import logging
import time

import pytest

from fetch_server import FakeClock, Site, serve
from mainmark.errors import InputError
from mainmark.ingest.fetch import Fetcher, FetchSettings
from mainmark.ingest.records import PageRecord, Reason
from mainmark.ingest.robots import ROBOTS_MAX_BYTES, product_token, robots_text

FAST = FetchSettings(delay=0.0, timeout=5.0)
#: Comment lines that push what follows them past the size limit.
PADDING = ("# " + "x" * 97 + "\n") * (ROBOTS_MAX_BYTES // 100 + 100)


def fetch(robots: str, path: str) -> tuple[PageRecord, list[str]]:
    with serve(Site(robots=robots)) as site, Fetcher(FAST) as fetcher:
        record = fetcher.fetch(site.base + path)
    return record, site.requests


def refused_by_robots(record: PageRecord) -> bool:
    return record.problem is not None and record.problem[0] is Reason.ROBOTS


@pytest.mark.parametrize(("robots", "path", "allowed"), [
    # a file over 512 KiB: its first 512 KiB are obeyed, not dropped to "allow all"
    ("User-agent: *\nDisallow: /private/\n" + PADDING, "/private/page", False),
    ("User-agent: *\n" + PADDING[: 4000 * 100] + "Disallow: /private/\n" + PADDING,
     "/private/page", False),
    ("User-agent: *\nDisallow: /private/\n" + PADDING, "/page", True),
    # a UTF-8 byte-order mark does not hide the first group
    ("\ufeffUser-agent: *\nDisallow: /private/\n", "/private/page", False),
    ("\ufeffUser-agent: *\nDisallow: /private/\n", "/page", True),
    # the longest match wins, whatever the order; Allow wins a tie
    ("User-agent: *\nAllow: /\nDisallow: /private\n", "/private/page", False),
    ("User-agent: *\nAllow: /\nDisallow: /private\n", "/page", True),
    ("User-agent: *\nDisallow: /p\nAllow: /p/ok\n", "/p/ok/1", True),
    ("User-agent: *\nDisallow: /p/ok\nAllow: /p/ok\n", "/p/ok", True),
    # * and $ wildcards
    ("User-agent: *\nDisallow: /*.pdf$\n", "/report.pdf", False),
    ("User-agent: *\nDisallow: /*.pdf$\n", "/report.pdf?page=2", True),
    ("User-agent: *\nDisallow: /p/*/secret\n", "/p/a/b/secret/1", False),
    ("User-agent: *\nDisallow: /p/*/secret\n", "/p/a/public", True),
    ("User-agent: *\nDisallow: /page$\n", "/page", False),
    ("User-agent: *\nDisallow: /page$\n", "/page/more", True),
    # two groups for the same agent are one group
    ("User-agent: *\nDisallow: /private/\n\nUser-agent: other\nDisallow: /\n\n"
     "User-agent: *\nDisallow: /p/\n", "/p/1", False),
    ("User-agent: *\nDisallow: /private/\n\nUser-agent: *\nDisallow: /p/\n", "/p/1", False),
    # paths compared after percent-encoding normalisation
    ("User-agent: *\nDisallow: /%7Ejoe/\n", "/~joe/page", False),
    ("User-agent: *\nDisallow: /~joe/\n", "/%7Ejoe/page", False),
    ("User-agent: *\nDisallow: /caf\u00e9/\n", "/caf%C3%A9/page", False),
    ("User-agent: *\nDisallow: /caf%C3%A9/\n", "/caf\u00e9/page", False),
    # our group is the one naming our product token, case-insensitively
    ("User-agent: *\nDisallow: /\n\nUser-agent: MainMark\nDisallow: /p/\n", "/page", True),
    ("User-agent: *\nDisallow: /\n\nUser-agent: MainMark\nDisallow: /p/\n", "/p/1", False),
    ("User-agent: retrieval\nDisallow: /\n", "/page", True),  # a word of our UA's comment
])
def test_robots_txt_shapes(robots: str, path: str, allowed: bool) -> None:
    record, requests = fetch(robots, path)
    assert refused_by_robots(record) is not allowed, record.problem
    assert (path in requests) is allowed  # a refused page is never asked for


def test_a_file_cut_at_the_limit_loses_its_partial_last_line() -> None:
    body = b"User-agent: *\nDisallow: /private-area\n"
    cut = body[: body.index(b"/private") + 1]  # "Disallow: /" if the line were kept
    assert robots_text(cut, truncated=True) == "User-agent: *\n"
    assert robots_text(b"\xef\xbb\xbf" + body, truncated=False) == body.decode()


def test_a_rule_cut_at_the_limit_does_not_disallow_the_site() -> None:
    head = "User-agent: *\n" + PADDING
    head = head[: ROBOTS_MAX_BYTES - len("Disallow: /")]
    record, _ = fetch(head + "Disallow: /private-area\n", "/page")
    assert not refused_by_robots(record)


def test_product_token() -> None:
    assert product_token("mainmark/0.15.0 (+main-content extraction)") == "mainmark"
    assert product_token("My_Bot-2") == "My_Bot-"
    assert product_token("  ") == ""


# ----------------------------------------------------------------------------- Crawl-delay


def test_a_crawl_delay_over_the_cap_is_not_obeyed_it_is_refused(
        caplog: pytest.LogCaptureFixture) -> None:
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="mainmark.ingest.fetch"), \
            serve(Site(robots="User-agent: *\nCrawl-delay: 1000000000\n")) as site, \
            Fetcher(FAST) as fetcher:
        records = list(fetcher.fetch_all([f"{site.base}/p/{i}" for i in range(3)]))
    assert time.monotonic() - started < 5
    assert site.requests == ["/robots.txt"]
    for record in records:
        assert record.problem is not None and record.problem[0] is Reason.ROBOTS
        assert "Crawl-delay of 1e+09 s, over the cap of 60 s" in record.problem[1]
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warned) == 1 and "Crawl-delay" in warned[0]  # once per origin


@pytest.mark.parametrize(("cap", "fetched"), [(5.0, True), (4.0, True), (3.0, False)])
def test_the_crawl_delay_cap_is_a_setting(cap: float, fetched: bool) -> None:
    fake = FakeClock()
    settings = FetchSettings(delay=0.0, timeout=5.0, max_crawl_delay=cap)
    with serve(Site(robots="User-agent: *\nCrawl-delay: 4\n")) as site, \
            Fetcher(settings, clock=fake.clock, sleep=fake.sleep) as fetcher:
        records = [fetcher.fetch(f"{site.base}/p/{i}") for i in range(2)]
    assert all((r.problem is None) is fetched for r in records)
    assert fake.sleeps == ([4.0] if fetched else [])
    assert max(fake.sleeps, default=0.0) <= cap


@pytest.mark.parametrize("cap", [-1.0, float("inf"), float("nan")])
def test_the_cap_must_be_finite(cap: float) -> None:
    with pytest.raises(InputError, match="max_crawl_delay"):
        FetchSettings(max_crawl_delay=cap)


@pytest.mark.parametrize(("cap", "code"), [("5", 0), ("3", 1)])
def test_the_cap_has_a_flag(cap: str, code: int, capsys: pytest.CaptureFixture[str]) -> None:
    from mainmark.cli.main import main

    with serve(Site(robots="User-agent: *\nCrawl-delay: 4\n")) as site:
        assert main(["extract", site.base + "/page", "--fetch-delay", "0",
                     "--max-crawl-delay", cap]) == code
    assert ("Crawl-delay of 4 s, over the cap of 3 s" in capsys.readouterr().err) is bool(code)
