"""`mainmark extract`: exit codes, formats, gzip, stdin, and the installed console script.

The content selection and markdown rendering are still moving, so these tests check
robust properties (exit codes, valid JSON, fields present, the title in the markdown),
not exact output.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import random
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from mainmark import __version__
from mainmark.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PAGES = ["news-article.html", "docs-page.html", "jsonld-article.html"]
NEWS_TITLE = "Council backs plan to reopen the Harbour Line tram by 2028"
STAMP_FIELDS = {"extractor", "version", "options_hash", "content_sha256", "extracted_at"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_markdown_of_the_news_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["extract", str(EXAMPLES / "news-article.html")], capsys)
    assert code == 0, err
    assert NEWS_TITLE in out
    assert "swing bridge" in out


@pytest.mark.parametrize(
    "chrome",
    [
        "We use cookies",  # cookie banner
        "Accept all cookies",
        "Subscribe for £1",  # header navigation
        "What's On",
        "Spring sale at Marlow",  # advert
        "Get the Courier Briefing",  # newsletter box
        "All rights reserved",  # footer
        "Privacy notice",
    ],
)
def test_news_example_has_its_title_as_heading_and_no_chrome(
    chrome: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The acceptance check for the README's first command.
    code, out, err = run(["extract", str(EXAMPLES / "news-article.html")], capsys)
    assert code == 0, err
    assert f"# {NEWS_TITLE}" in out.splitlines()
    assert chrome not in out


@pytest.mark.parametrize("page", PAGES)
def test_json_record_of_each_example(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / page
    code, out, err = run(["extract", str(path), "--format", "json"], capsys)
    assert code == 0, err
    record = json.loads(out)
    assert set(record["stamp"]) >= STAMP_FIELDS
    assert record["stamp"]["extractor"] == "mainmark"
    assert record["stamp"]["version"] == __version__
    assert record["stamp"]["content_sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert record["markdown"].strip()
    assert isinstance(record["chunks"], list)
    assert record["encoding"]["name"] == "utf-8"


@pytest.mark.parametrize("fmt", ["markdown", "text", "html", "chunks"])
def test_other_formats_succeed(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["extract", str(EXAMPLES / "news-article.html"), "--format", fmt],
                         capsys)
    assert code == 0, err
    if fmt == "chunks":
        for line in out.splitlines():
            json.loads(line)
    else:
        assert "Harbour Line" in out


def test_gzip_is_read_transparently(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = (EXAMPLES / "news-article.html").read_bytes()
    packed = tmp_path / "news-article.html.gz"
    packed.write_bytes(gzip.compress(data))
    code, out, err = run(["extract", str(packed), "--format", "json"], capsys)
    assert code == 0, err
    record = json.loads(out)
    assert record["stamp"]["content_sha256"] == hashlib.sha256(data).hexdigest()
    assert NEWS_TITLE in record["markdown"]


def test_dash_reads_stdin(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    data = (EXAMPLES / "news-article.html").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(["extract", "-"], capsys)
    assert code == 0, err
    assert NEWS_TITLE in out


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("mainmark:")
    return lines[0]


def test_unreadable_path_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["extract", str(tmp_path / "missing.html")], capsys)
    assert code == 1
    assert "missing.html" in one_line(err)
    assert out == ""


def test_directory_path_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["extract", str(tmp_path)], capsys)
    assert code == 1
    one_line(err)


def test_corrupt_gzip_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "page.html.gz"
    bad.write_bytes(gzip.compress(b"<p>x</p>")[:12])
    code, _, err = run(["extract", str(bad)], capsys)
    assert code == 1
    one_line(err)


@pytest.mark.parametrize("content", [b"", b"   ", b"<html><head></head><body></body></html>"])
def test_page_without_content_exits_1(content: bytes, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "empty.html"
    page.write_bytes(content)
    code, _, err = run(["extract", str(page)], capsys)
    assert code == 1
    assert "no main content" in one_line(err)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["extract"],
        ["no-such-command"],
        ["extract", "page.html", "--format", "yaml"],
        ["extract", "page.html", "--links", "footnotes"],
        ["extract", "page.html", "--max-tokens", "many"],
        ["extract", "page.html", "--no-such-flag"],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_invalid_option_value_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["extract", str(EXAMPLES / "news-article.html"), "--max-tokens", "1"],
                       capsys)
    assert code == 2
    assert "max_tokens" in one_line(err)


def console_script() -> str:
    scripts = sysconfig.get_path("scripts")
    found = shutil.which("mainmark", path=scripts) or shutil.which("mainmark")
    assert found, f"the mainmark console script is not installed (looked in {scripts})"
    return found


def test_installed_console_script(tmp_path: Path) -> None:
    page = EXAMPLES / "news-article.html"
    done = subprocess.run([console_script(), "extract", str(page), "--format", "json"],
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode()
    record = json.loads(done.stdout)
    assert set(record["stamp"]) >= STAMP_FIELDS
    assert NEWS_TITLE in record["markdown"]

    missing = subprocess.run([console_script(), "extract", str(tmp_path / "nope.html")],
                             capture_output=True, timeout=300, check=False)
    assert missing.returncode == 1
    assert len(missing.stderr.decode().strip().splitlines()) == 1


@pytest.mark.parametrize("payload", [
    random.Random(7).randbytes(4096),  # random bytes: about one in ten is a control byte
    b"%PDF-1.7\n" + bytes(range(256)) * 4,
    b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
])
def test_binary_input_exits_1_with_a_clear_message(payload: bytes, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(payload)
    code, out, err = run(["extract", str(page)], capsys)
    assert code == 1 and out == ""
    assert "is not an HTML page" in one_line(err)


def test_chunk_lines_carry_url_and_title(capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://example.org/news/harbour-line-tram"
    code, out, _ = run(["extract", str(EXAMPLES / "news-article.html"), "--url", url,
                        "--format", "chunks"], capsys)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and lines
    assert all(c["url"] == url and c["title"] == NEWS_TITLE for c in lines)


@pytest.mark.parametrize(("command", "shown"), [
    ("extract", "(default: 512)"),
    ("batch", "(default: 30.0)"),
    ("overhead", "(default: text)"),
])
def test_help_shows_defaults(command: str, shown: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())  # help text wraps anywhere
    assert shown in out and "(default: cl100k_base)" in out
    assert "(default: None)" not in out and "(default: False)" not in out


def test_extract_a_url_from_a_local_server(capsys: pytest.CaptureFixture[str]) -> None:
    from fetch_server import serve

    with serve() as site:
        code, out, _ = run(["extract", site.base + "/old", "--format", "chunks",
                            "--fetch-delay", "0"], capsys)
        assert code == 0
        first = json.loads(out.splitlines()[0])
        assert first["url"] == site.base + "/page"  # the final URL, after the redirect
        assert first["title"] == "Café society"  # decoded with the HTTP charset
        code, _, err = run(["extract", site.base + "/private/page", "--fetch-delay", "0"],
                           capsys)
        assert code == 1 and "robots.txt" in one_line(err)
