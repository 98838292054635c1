"""``mainmark overhead``: the naive full-page text, the statistics, and the report."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from mainmark.chunks.tokens import get_tokenizer
from mainmark.cli.main import main
from mainmark.ingest.overhead import PageTokens, naive_text, summarize
from mainmark.page.parse import parse

BOILERPLATE = "".join(f"<li><a href='/s{i}'>Section number {i}</a></li>" for i in range(60))


def page(title: str) -> str:
    body = "".join(f"<p>{title} paragraph {i} has real sentences in it.</p>" for i in range(8))
    return (f"<html><head><title>{title}</title><style>.x{{color:red}}</style>"
            f"<script>var tracking = 'do not count me';</script></head><body>"
            f"<nav><ul>{BOILERPLATE}</ul></nav><article><h1>{title}</h1>{body}</article>"
            f"<footer><p>Footer links and legal text</p></footer></body></html>")


def text_of(html: str) -> str:
    root = parse(html).root
    assert root is not None
    return naive_text(root)


def test_naive_text_drops_invisible_payload() -> None:
    html = ("<html><body><p>seen</p><script>hidden1</script><style>hidden2</style>"
            "<noscript>hidden3</noscript><template><p>hidden4</p></template>"
            "<svg><text>hidden5</text></svg><p>also seen</p></body></html>")
    text = text_of(html)
    assert "hidden" not in text
    assert text.splitlines() == ["seen", "also seen"]


def test_naive_text_keeps_inline_runs_on_one_line() -> None:
    text = text_of("<div>one <b>two</b> <a href='#'>three</a></div><div>four</div>")
    assert text.splitlines() == ["one two three", "four"]


def test_naive_text_survives_deep_nesting() -> None:
    deep = "<div>" * 50_000 + "bottom" + "</div>" * 50_000
    assert text_of(f"<html><body>{deep}</body></html>") == "bottom"


def test_summary_uses_median_and_p90_not_the_mean() -> None:
    results = [PageTokens(f"p{i}", raw=10 * (i + 1), article=10) for i in range(10)]
    results += [PageTokens("outlier", raw=10_000, article=10)]
    report = summarize(results, tokenizer="t")
    ratios = sorted(r.raw / r.article for r in results)
    assert report["ratio"]["median"] == statistics.median(ratios)
    assert report["ratio"]["p90"] == statistics.quantiles(ratios, n=10, method="inclusive")[8]
    assert report["ratio"]["median"] < statistics.mean(ratios)


def test_summary_totals_and_index_cost_factor() -> None:
    report = summarize([PageTokens("a", 300, 100), PageTokens("b", 500, 100), None,
                        PageTokens("c", 50, 0)], tokenizer="t", price_per_mtok=2.0)
    assert report["tokens"] == {"raw": 800, "article": 200, "saved": 600}
    assert report["index_cost_factor"] == pytest.approx((200 + 600) / 200)
    assert (report["unreadable"], report["without_content"], report["with_content"]) == (1, 1, 2)
    assert report["cost"]["raw"] == pytest.approx(800 / 1e6 * 2.0)
    assert report["cost"]["saving"] == pytest.approx(600 / 1e6 * 2.0)


def test_summary_of_nothing_does_not_divide_by_zero() -> None:
    report = summarize([None, PageTokens("x", 10, 0)], tokenizer="t")
    assert report["ratio"] == {"median": None, "p90": None}
    assert report["index_cost_factor"] is None


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name in ("one", "two", "three"):
        (tmp_path / f"{name}.html").write_text(page(name.title()), encoding="utf-8")
    (tmp_path / "report.html").write_bytes(b"%PDF-1.4 not a page")
    return tmp_path


def test_cli_json_report_counts_both_sides_with_one_tokenizer(
        site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["overhead", str(site), "--json", "--price-per-mtok", "0.1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pages"] == 4 and report["unreadable"] == 1
    count = get_tokenizer("cl100k_base").count
    raw = sum(count(text_of(page(n))) for n in ("One", "Two", "Three"))
    assert report["tokens"]["raw"] == raw
    assert report["tokens"]["raw"] - report["tokens"]["article"] == report["tokens"]["saved"]
    assert report["cost"]["price_per_mtok"] == 0.1


def test_cli_text_report_and_plot(site: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "ratio.png"
    assert main(["overhead", str(site), "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "p90" in out and "index-cost factor" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_json_rows_name_their_page_and_links_are_not_counted(
        site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    linked = page("Linked").replace(
        "<p>Linked paragraph 0", "<p><a href='https://example.org/a/very/long/path/to/a/"
        "resource?with=query&and=more'>Linked paragraph 0</a>")
    (site / "linked.html").write_text(linked, encoding="utf-8")
    assert main(["overhead", str(site), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [r["ratio"] for r in rows] == sorted(r["ratio"] for r in rows)
    assert all(r["doc_id"] and r["location"].endswith(".html") for r in rows)
    linked_row = next(r for r in rows if r["location"].endswith("linked.html"))
    assert main(["overhead", str(site / "linked.html"), "--json", "--links", "inline"]) == 0
    inline = json.loads(capsys.readouterr().out)["rows"][0]
    assert inline["article"] > linked_row["article"]  # URLs cost tokens only when inline
    assert linked_row["ratio"] > 1
