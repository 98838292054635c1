"""Explain mode: which strategy won, and why each removed subtree went.

Users ask exactly "why did my paragraph vanish"; the answer is the rule, the tag path
and a preview of the text, on stderr for the CLI and in ``Document.explain`` for the
API, only when asked for.
"""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

import mainmark
from extraction_support import PARAGRAPHS, TITLE
from mainmark.cli.main import main

SHARE = "Share this story with your friends and neighbours on the quay"
PAGE = (
    f"<html><head><title>{TITLE}</title><script>window.dataLayer = [];</script>"
    "<style>body { margin: 0 }</style></head><body>"
    "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
    f"<main><h1>{TITLE}</h1><p>{PARAGRAPHS[0]}</p>"
    f"<div class='share-tools'><p>{SHARE}</p></div>"
    f"<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p>"
    "<ul class='more'><li><a href='/a'>Ferries</a></li><li><a href='/b'>Tides</a></li>"
    "<li><a href='/c'>Parking</a></li></ul></main>"
    "<footer><p>Harbour Gazette Ltd</p></footer></body></html>"
).encode()


@pytest.fixture
def page_file(tmp_path: Path) -> Path:
    path = tmp_path / "bridge.html"
    path.write_bytes(PAGE)
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_explain_prints_the_strategy_on_stderr(
    page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["extract", str(page_file), "--explain"], capsys)
    assert code == 0
    assert "strategy: selection" in err
    assert "strategy:" not in out


def test_cli_explain_prints_each_removal_with_rule_path_and_preview(
    page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["extract", str(page_file), "--explain"], capsys)
    assert code == 0
    share_lines = [line for line in err.splitlines() if "removed [narrow:share]" in line]
    assert len(share_lines) == 1
    assert "main > div.share-tools" in share_lines[0]
    assert SHARE[:40] in share_lines[0]
    assert SHARE not in out
    assert PARAGRAPHS[1] in out


def test_cli_explain_prints_stripped_bytes_per_kind(
    page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, err = run(["extract", str(page_file), "--explain"], capsys)
    [line] = [line for line in err.splitlines() if line.startswith("stripped bytes:")]
    assert "script=" in line
    assert "style=" in line


@pytest.mark.parametrize("fmt", ["markdown", "text", "json"])
def test_cli_without_explain_prints_nothing_on_stderr(
    fmt: str, page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["extract", str(page_file), "--format", fmt], capsys)
    assert code == 0
    assert err == ""
    assert PARAGRAPHS[0] in out


def test_cli_explain_with_json_keeps_stdout_valid_json(
    page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["extract", str(page_file), "--format", "json", "--explain"], capsys)
    assert code == 0
    record = json.loads(out)
    assert record["explain"]["strategy"] == "selection"
    assert "strategy: selection" in err


def test_api_explain_fills_the_document() -> None:
    doc = mainmark.extract(PAGE, options=mainmark.Options(chunking=False, explain=True))
    assert doc.explain is not None
    assert doc.explain.strategy is mainmark.Strategy.SELECTION
    [share] = [r for r in doc.explain.removals if r.rule == "narrow:share"]
    assert share.path == "html > body > main > div.share-tools"
    assert share.preview == SHARE
    assert share.nbytes == len(SHARE.encode())
    assert doc.explain.stripped["script"] == len("window.dataLayer = [];")


def test_api_without_explain_leaves_it_none() -> None:
    doc = mainmark.extract(PAGE, options=mainmark.Options(chunking=False))
    assert doc.explain is None
    assert doc.to_dict()["explain"] is None


def test_explain_does_not_change_the_content() -> None:
    plain = mainmark.extract(PAGE, options=mainmark.Options(chunking=False))
    explained = mainmark.extract(PAGE, options=mainmark.Options(chunking=False, explain=True))
    assert plain.markdown == explained.markdown


def test_removal_preview_keeps_words_of_adjacent_blocks_apart() -> None:
    # "Ferries", "Tides", "Parking" are three list items; a preview reading
    # "FerriesTidesParking" shows words the page never had.
    doc = mainmark.extract(PAGE, options=mainmark.Options(chunking=False, explain=True))
    assert doc.explain is not None
    [menu] = [r for r in doc.explain.removals if "Ferries" in r.preview]
    assert "Ferries Tides Parking" in menu.preview


@pytest.mark.parametrize(
    ("html", "strategy"),
    [
        pytest.param(PAGE, mainmark.Strategy.SELECTION, id="selection"),
        pytest.param(b"<html><body><p>Back in five minutes.</p></body></html>",
                     mainmark.Strategy.FALLBACK, id="fallback"),
        pytest.param(b"", mainmark.Strategy.EMPTY, id="empty"),
    ],
)
def test_explain_names_the_strategy_that_won(html: bytes, strategy: mainmark.Strategy) -> None:
    doc = mainmark.extract(html, options=mainmark.Options(chunking=False, explain=True))
    assert doc.explain is not None
    assert doc.explain.strategy is strategy


def test_explain_names_the_element_that_became_the_main_content(
    page_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, explain gave the strategy and the removals but never which element won."""
    nested = (b"<html><body><nav><a href='/'>Home</a></nav><div id='page'>"
              b"<div class='col wide'><article id='story' class='post  body'><h1>T</h1><p>"
              + b"Words of the story itself. " * 30 + b"</p></article></div>"
              b"<aside><p>Elsewhere on the site</p></aside></div></body></html>")
    explain = mainmark.extract(nested, options=mainmark.Options(explain=True)).explain
    assert explain is not None and len(explain.main) == 1
    main = explain.main[0]
    # the path finds the element in the page, and it is the one described
    hits = lxml.html.fromstring(nested).xpath("/html/body/" + main.path)
    assert isinstance(hits, list)
    (found,) = [el for el in hits if isinstance(el, lxml.html.HtmlElement)]
    assert (found.tag, found.get("id"), " ".join(found.get("class", "").split()) or None) == (
        main.tag, main.id, main.classes)
    assert found.xpath(".//article[@id='story']")  or found.get("id") == "story"
    assert main.path.startswith("div") and main.tag in ("div", "article")
    assert 0.8 < main.text_share < 1.0  # the nav (and maybe the aside) are the rest
    code, _, err = run(["extract", str(page_file), "--explain"], capsys)
    assert code == 0
    assert "main content: <main> at main, " in err and "% of the page's text" in err
