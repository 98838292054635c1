"""`mainmark eval`: link recall next to structure recall, and per-page flags in --json."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from mainmark.cli.main import main
from mainmark_eval.pageflags import empty_code_fence, page_flags, truncated
from mainmark_eval.structure import count_links, link_targets, structure_counts

WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen twenty")


def test_link_targets_leave_images_and_fragments_out() -> None:
    md = "[a](https://x.org/a#sec) ![pic](https://x.org/p.png) [b](<rel/b.html>)"
    assert link_targets(md) == {"https://x.org/a", "rel/b.html"}


def test_link_recall_counts_reference_targets_found() -> None:
    ref = lxml.html.fromstring(
        "<div><a href='http://host/test/page2.html'>two</a> <a href='https://o.org/x'>x</a>"
        " <a href='#top'>top</a> <a href='javascript:void(0)'>js</a>"
        " <a href='https://o.org/y#frag'>y</a></div>")
    assert count_links(ref, "[two](page2.html) and [y](https://o.org/y)") == (2, 3)
    assert count_links(ref, "no links at all") == (0, 3)
    assert count_links(ref, "[x](https://o.org/x) [z](https://o.org/z)") == (1, 3)


def test_structure_counts_report_link_recall() -> None:
    counts = structure_counts("<div><p><a href='https://o.org/x'>x</a></p></div>",
                              "text [x](https://o.org/x)")
    assert counts["link"] == (1, 1)
    assert structure_counts("", "anything")["link"] == (0, 0)


def test_truncated_needs_the_opening_words_without_the_closing_ones() -> None:
    assert truncated(WORDS, "one two three four five six seven eight nine ten")
    assert not truncated(WORDS, WORDS)
    assert not truncated(WORDS, "thirteen fourteen fifteen")  # not even the opening: no flag
    assert not truncated("too short to judge", "too")
    assert truncated(f"<p>{WORDS}</p>", "One two three four five six seven eight", is_html=True)


def test_empty_code_fence() -> None:
    assert empty_code_fence("text\n\n```python\n\n```\n\nmore")
    assert empty_code_fence("```\n")  # opened, never filled
    assert not empty_code_fence("```\nprint(1)\n```")
    assert not empty_code_fence("no fences here")


def test_page_flags_in_order() -> None:
    ref = f"<h2>Setup</h2><p>{WORDS}</p>"
    assert page_flags(ref, "## Setup\n\n" + WORDS, is_html=True) == []
    assert page_flags(ref, "Setup\n\none two three four five six seven eight\n\n```\n```",
                      is_html=True) == ["truncated", "empty_code_fence", "lost_heading"]
    # a text reference has no headings to lose; plain text is what truncation reads
    assert page_flags(WORDS, "[one](https://x.org) two", text=WORDS) == []


def _bench(root: Path) -> Path:
    case = root / "rd" / "case-1"
    case.mkdir(parents=True)
    body = (f"<h2>Background</h2><p>{WORDS}. Read <a href='https://docs.example/guide'>the "
            "guide</a> and <a href='https://docs.example/faq'>the faq</a> first.</p>")
    (case / "source.html").write_text(
        f"<html><head><title>T</title></head><body><article><h1>T</h1>{body}</article>"
        "</body></html>", encoding="utf-8")
    (case / "expected.html").write_text(f"<div>{body}</div>", encoding="utf-8")
    (case / "expected-metadata.json").write_text(json.dumps({"title": "T"}), encoding="utf-8")
    return root


def test_eval_json_reports_link_recall_and_page_flags(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _bench(tmp_path / "bench")
    assert main(["eval", str(root), "--sets", "rd", "--json", "--no-chunk-timing"]) == 0
    rd = json.loads(capsys.readouterr().out)["sets"]["rd"]
    assert rd["structure"]["link"] == {"found": 2, "total": 2, "share": 1.0}
    assert rd["page_flags"] == {}  # nothing wrong with this page
    assert main(["eval", str(root), "--sets", "rd", "--json", "--no-chunk-timing",
                 "--links", "text"]) == 0
    rd = json.loads(capsys.readouterr().out)["sets"]["rd"]
    assert rd["structure"]["link"]["found"] == 0  # the URLs went to the side table
    assert main(["eval", str(root), "--sets", "rd", "--no-chunk-timing"]) == 0
    assert "link 1.000 (2/2)" in capsys.readouterr().out  # printed like structure recall
