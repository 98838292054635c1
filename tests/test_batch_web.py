"""``mainmark batch`` over URLs and sitemaps (a server on 127.0.0.1 only), the Python API
it calls, and the refusal to mix a new run into an earlier one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from fetch_server import ARTICLE, Site, serve
from mainmark.cli.main import main
from mainmark.errors import InputError
from mainmark.ingest import BatchSettings, FetchSettings, run_batch

FAST = ["--fetch-delay", "0", "--fetch-timeout", "5"]


@pytest.fixture
def site() -> Iterator[Site]:
    with serve() as running:
        yield running


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_batch_over_a_sitemap_index(site: Site, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["batch", "--sitemap", site.base + "/sitemap.xml", "--out", str(out),
                 "--workers", "1", *FAST]) == 0
    docs = rows(out / "documents.jsonl")
    discards = {d["url"]: d["reason"] for d in rows(out / "discards.jsonl")}
    assert [d["url"] for d in docs] == [site.base + "/page", site.base + "/old"]
    assert docs[1]["final_url"] == site.base + "/page"
    assert discards == {site.base + "/private/page": "robots",
                        site.base + "/missing": "http_error",
                        site.base + "/report.pdf": "non_html"}
    assert "5 pages in = 2 documents + 3 discards" in capsys.readouterr().err


def test_batch_over_a_url_list_and_a_file(site: Site, tmp_path: Path) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text(f"{site.base}/page\n# a comment\n{site.base}/loop\n")
    local = tmp_path / "local.html"
    local.write_text(ARTICLE, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["batch", str(local), "--urls", str(listing), "--out", str(out),
                 "--workers", "1", *FAST]) == 0
    assert [d["url"] for d in rows(out / "documents.jsonl")] == [None, site.base + "/page"]
    assert [d["reason"] for d in rows(out / "discards.jsonl")] == ["fetch_error"]


def test_python_api_is_what_the_command_runs(site: Site, tmp_path: Path) -> None:
    settings = BatchSettings(out=str(tmp_path / "out"),
                             fetch=FetchSettings(delay=0.0, timeout=5.0))
    result = run_batch([site.base + "/page"], settings, sitemaps=[site.base + "/pages.xml"])
    assert (result.documents, result.discards, result.skipped) == (3, 1, 0)
    assert result.reasons == {"robots": 1} and result.exit_code == 0
    assert result.pages_in == 4 and "4 pages in" in result.summary
    with pytest.raises(InputError, match=r"--resume.*--overwrite"):
        run_batch([site.base + "/page"], settings)
    again = run_batch([site.base + "/page"], BatchSettings(
        out=settings.out, resume=True, fetch=settings.fetch))
    assert again.skipped == 1 and again.documents == 0


def test_an_earlier_run_is_refused_untouched_then_replaced(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    for name in ("a", "b", "c"):
        (pages / f"{name}.html").write_text(ARTICLE.replace("society", name), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["batch", str(pages), "--out", str(out), "--workers", "1"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert main(["batch", str(pages / "a.html"), "--out", str(out), "--workers", "1"]) == 1
    err = capsys.readouterr().err
    assert "--resume" in err and "--overwrite" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert main(["batch", str(pages / "a.html"), "--out", str(out), "--workers", "1",
                 "--overwrite"]) == 0
    assert len(rows(out / "documents.jsonl")) == 1


def test_batch_with_nothing_to_do_is_bad_input(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "--out", str(tmp_path / "o")]) == 1
    assert "--sitemap" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
