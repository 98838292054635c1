"""``--resume`` over fetched URLs (a server on 127.0.0.1 only): a finished URL is skipped
before any request, and a transient failure (503, 429, no answer) is retried by the next
run instead of standing as a final discard; a final one (404) is not asked for again."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from fetch_server import ARTICLE, Site, serve
from mainmark.ingest import BatchSettings, FetchSettings, run_batch


@dataclass
class FlakySite(Site):
    """``/flaky`` answers 503 the first time, ``/busy`` 429; both work afterwards."""

    failed: int = 0

    def routes(self, path: str) -> tuple[int, dict[str, str], bytes]:
        if path in ("/flaky", "/busy") and self.requests.count(path) == 1:
            self.failed += 1
            return (503 if path == "/flaky" else 429), {"Retry-After": "1"}, b"later"
        if path in ("/flaky", "/busy"):
            return 200, {"Content-Type": "text/html; charset=windows-1252"}, \
                ARTICLE.encode("windows-1252")
        return super().routes(path)


@pytest.fixture
def site() -> Iterator[FlakySite]:
    with serve(FlakySite()) as running:
        assert isinstance(running, FlakySite)
        yield running


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(out: Path, urls: list[str], *, resume: bool) -> None:
    settings = BatchSettings(out=str(out), resume=resume,
                             fetch=FetchSettings(delay=0.0, timeout=5.0))
    run_batch(urls, settings)


def test_a_finished_url_is_not_downloaded_again(site: FlakySite, tmp_path: Path) -> None:
    urls = [site.base + "/page", site.base + "/p/1", site.base + "/missing"]
    out = tmp_path / "out"
    _run(out, urls, resume=False)
    assert len(_rows(out / "documents.jsonl")) == 2
    first = len(site.requests)
    _run(out, urls, resume=True)
    assert site.requests[first:] == [], "a resumed run fetched finished pages again"
    assert len(_rows(out / "documents.jsonl")) == 2


def test_transient_failures_are_retried_on_resume(site: FlakySite, tmp_path: Path) -> None:
    down = f"http://127.0.0.1:{_closed_port()}/page"
    urls = [site.base + "/flaky", site.base + "/busy", site.base + "/missing", down]
    out = tmp_path / "out"
    _run(out, urls, resume=False)
    first = {r["url"]: r for r in _rows(out / "discards.jsonl")}
    assert {u: (r["reason"], r["retryable"]) for u, r in first.items()} == {
        site.base + "/flaky": ("http_error", True), site.base + "/busy": ("http_error", True),
        site.base + "/missing": ("http_error", False), down: ("fetch_error", True)}
    _run(out, urls, resume=True)
    docs = [str(d["url"]) for d in _rows(out / "documents.jsonl")]
    again = {r["url"]: r["retryable"] for r in _rows(out / "discards.jsonl")}
    assert sorted(docs) == [site.base + "/busy", site.base + "/flaky"]
    assert again == {site.base + "/missing": False, down: True}  # each page once
    assert site.requests.count("/missing") == 1  # a final answer is not asked again
