"""`mainmark eval` and the CI gate on a tiny synthetic bench folder in the README's layout.

Each page holds its article in ``<article>`` and boilerplate in ``<nav>``, so a stand-in
extractor that returns the article text must score exactly 1 everywhere: that checks
the wiring (pages, references, snippets, metrics) end to end, while the runs with the
real extractor only check the table's shape, since extraction quality is measured on
the real bench, not here.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from mainmark.cli.main import main
from mainmark.model import Metadata
from mainmark_eval import runner

ARTICLES = [
    "The river rose three metres overnight and flooded the old town square. "
    "Shop owners moved their goods upstairs before dawn.",
    "A new library opened on Tuesday with twelve thousand books on its shelves. "
    "Children queued for the reading room from early morning.",
]
NAV = "Home News Sport Weather Subscribe Login"


def page_html(title: str, article: str) -> str:
    return (f"<html><head><title>{title}</title></head><body><nav>{NAV}</nav>"
            f"<article><h1>{title}</h1><p>{article}</p></article></body></html>")


WX_TYPES = ("article", "product")


def build_bench(root: Path) -> Path:
    """Two pages per set, in the exact bench layout (gzip, JSON files, rd folders), plus a
    wx page with an empty reference and a check-split.json putting page 1 of each set in
    CHECK."""
    for folder in ("sh/html", "tr/html", "wx/html", "wx/ground-truth"):
        (root / folder).mkdir(parents=True)
    truth, evaldata, kinds = {}, {}, {}
    for i, article in enumerate(ARTICLES):
        title = f"Story {i}"
        html = page_html(title, article).encode()
        (root / "sh" / "html" / f"page{i}.html.gz").write_bytes(gzip.compress(html))
        truth[f"page{i}"] = {"articleBody": f"{title}\n{article}",
                             "url": f"https://example.org/sh/{i}"}
        (root / "tr" / "html" / f"tr{i}.html.gz").write_bytes(gzip.compress(html))
        evaldata[f"https://example.org/tr/{i}"] = {
            "file": f"tr{i}.html", "title": title, "author": "", "date": "",
            "with": [article.split(".")[0]], "without": ["Weather Subscribe"],
        }
        case = root / "rd" / f"case-{i}"
        case.mkdir(parents=True)
        (case / "source.html").write_text(page_html(title, article), encoding="utf-8")
        (case / "expected.html").write_text(
            f'<div id="readability-page-1" class="page"><h1>{title}</h1><p>{article}</p></div>',
            encoding="utf-8")
        (case / "expected-metadata.json").write_text(
            json.dumps({"title": title, "byline": None, "publishedTime": None}), encoding="utf-8")
        write_wx(root, f"{i:04d}", html, WX_TYPES[i], f"{title}\n{article}", title)
        kinds[f"{i:04d}"] = {"page_type": WX_TYPES[i], "domain": "example.org", "spa": False}
    write_wx(root, "0002", page_html("Empty", "nothing").encode(), "article", "", "Empty")
    kinds["0002"] = {"page_type": "article", "domain": "example.org", "spa": False}
    (root / "sh" / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")
    (root / "tr" / "evaldata.json").write_text(json.dumps(evaldata), encoding="utf-8")
    (root / "wx" / "pages.json").write_text(json.dumps(kinds), encoding="utf-8")
    (root / "check-split.json").write_text(json.dumps(
        {"sh": ["page1"], "tr": ["tr1.html"], "rd": ["case-1"], "wx": ["0001"]}),
        encoding="utf-8")
    return root


def write_wx(root: Path, page_id: str, html: bytes, kind: str, main: str, title: str) -> None:
    (root / "wx" / "html" / f"{page_id}.html.gz").write_bytes(gzip.compress(html))
    record = {"url": f"https://example.org/wx/{page_id}", "file_id": page_id,
              "ground_truth": {"title": title, "author": None, "publish_date": None,
                               "main_content": main}}
    (root / "wx" / "ground-truth" / f"{page_id}.json").write_text(
        json.dumps(record), encoding="utf-8")


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    return build_bench(tmp_path / "bench")


class FakeDoc:
    """What the runner reads from a Document: text, markdown, metadata."""

    def __init__(self, data: bytes) -> None:
        html = data.decode()
        article = re.search(r"<article>(.*)</article>", html, re.S)
        body = article.group(1) if article else ""
        self.text = re.sub(r"<[^>]+>", "\n", body).strip()
        self.markdown = self.text
        title = re.search(r"<title>(.*?)</title>", html)
        self.metadata = Metadata(title=title.group(1) if title else None)


def fake_extract(data: bytes, **_: Any) -> FakeDoc:
    if b"CRASH" in data:
        raise RuntimeError("boom")
    return FakeDoc(data)


def rows(out: str) -> dict[tuple[str, str], list[str]]:
    """Table rows keyed by (set, system)."""
    found = {}
    for line in out.splitlines():
        cells = line.split()
        if len(cells) == 13 and cells[0] in ("sh", "tr", "rd", "wx"):
            found[(cells[0], cells[1])] = cells[2:]
    return found


def run_eval(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["eval", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_eval_prints_every_set_with_scores_in_range(
    bench: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_eval(capsys, str(bench))
    assert code == 0
    assert "Document.text" in out
    table = rows(out)
    assert set(table) == {(s, "mainmark") for s in ("sh", "tr", "rd", "wx")}
    for (set_name, _), cells in table.items():
        assert cells[0] == "2", set_name
        scores = [float(c) for c in cells[3:9] if c != "-"]
        assert len(scores) >= 5 and all(0.0 <= s <= 1.0 for s in scores), (set_name, cells)
    assert "mainmark+chunks (timing only)" in out
    assert "wx F1 by page type (whole set, TUNE, CHECK):" in out
    assert "wx: 1 pages with an empty reference not scored" in out
    assert len(out.splitlines()) < 40


def test_stand_in_extractor_scores_perfectly(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    code, out, _ = run_eval(capsys, str(bench), "--json")
    assert code == 0
    report = json.loads(out)
    for set_name in ("sh", "tr", "rd", "wx"):
        mm = report["sets"][set_name]["systems"]["mainmark"]
        assert (mm["pages"], mm["errors"], mm["empty"]) == (2, 0, 0)
        assert mm["score"]["f1"] == pytest.approx(1.0), set_name
        for half in ("tune", "check"):
            assert mm["halves"][half]["pages"] == 1, (set_name, half)
            assert mm["halves"][half]["score"]["f1"] == pytest.approx(1.0), (set_name, half)
    assert report["sets"]["rd"]["systems"]["mainmark"]["title"]["share"] == 1.0
    wx = report["sets"]["wx"]["systems"]["mainmark"]
    assert set(wx["types"]) == {"article", "product"}
    assert wx["types"]["product"]["halves"] == {
        "check": {"pages": 1, "score": {"precision": 1.0, "recall": 1.0, "f1": 1.0,
                                        "accuracy": None}}}
    assert wx["metadata"]["title"] == {"found": 2, "total": 2, "share": 1.0}
    assert wx["metadata_halves"]["check"]["title"]["total"] == 1
    assert report["sets"]["wx"]["unscored"] == 1


def test_halves_and_types_hold_the_pages_of_their_group(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TUNE page scores 1, the CHECK page (product) gets an empty output: the halves,
    the types and the whole set each average over exactly their own pages."""
    def half_blind(data: bytes, **kw: Any) -> FakeDoc:
        doc = fake_extract(data, **kw)
        if b"Story 1" in data:
            doc.text = ""
        return doc

    monkeypatch.setattr(runner, "extract", half_blind)
    code, out, _ = run_eval(capsys, str(bench), "--sets", "wx,tr")
    assert code == 0
    cells = rows(out)[("wx", "mainmark")]
    assert (cells[5], cells[7], cells[8]) == ("0.500", "1.000", "0.000")
    type_lines = {line.split()[0]: line.split() for line in out.splitlines()
                  if line.startswith("  ") and line.split()[0] in WX_TYPES}
    assert type_lines["article"][1:] == ["1", "1", "-", "1.000", "1.000", "-"]
    assert type_lines["product"][1:] == ["1", "-", "1", "0.000", "-", "0.000"]
    # tr: page 0 finds its snippet, page 1 finds none; per half that is 1.000 and 0.000.
    tr = rows(out)[("tr", "mainmark")]
    assert (tr[7], tr[8]) == ("1.000", "0.000")


def test_without_a_split_file_the_halves_are_not_scored(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    (bench / "check-split.json").unlink()
    code, out, _ = run_eval(capsys, str(bench), "--sets", "wx")
    assert code == 0
    assert rows(out)[("wx", "mainmark")][7:9] == ["-", "-"]
    assert "no check-split.json in the folder" in out


def test_default_sets_are_those_present(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    for path in sorted((bench / "wx").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    (bench / "wx").rmdir()
    code, out, _ = run_eval(capsys, str(bench))
    assert code == 0
    assert {name for name, _ in rows(out)} == {"sh", "tr", "rd"}


def test_crashing_page_counts_as_error_not_abort(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    path = bench / "sh" / "html" / "page1.html.gz"
    path.write_bytes(gzip.compress(gzip.decompress(path.read_bytes()) + b"CRASH"))
    code, out, err = run_eval(capsys, str(bench), "--sets", "sh")
    assert code == 0
    cells = rows(out)[("sh", "mainmark")]
    assert (cells[0], cells[1], cells[2]) == ("2", "1", "0")
    # One perfect page, one empty: precision 1 (output pages only), recall 1/2.
    assert (cells[3], cells[4]) == ("1.000", "0.500")
    assert "RuntimeError: boom" in err


def test_compare_runs_the_reference_on_the_same_pages(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = types.ModuleType("trafilatura")
    calls: list[tuple[str | None, bool, bool]] = []

    def extract(data: bytes, url: str | None = None, include_comments: bool = True,
                include_tables: bool = False) -> str:
        calls.append((url, include_comments, include_tables))
        return "unrelated words only"

    fake.extract = extract  # type: ignore[attr-defined]
    fake.extract_metadata = lambda data, default_url=None: types.SimpleNamespace(  # type: ignore[attr-defined]
        title="Story 0", author="A; B", date="2020-01-02")
    monkeypatch.setitem(sys.modules, "trafilatura", fake)
    code, out, _ = run_eval(capsys, str(bench), "--compare", "trafilatura", "--no-chunk-timing")
    assert code == 0
    table = rows(out)
    assert ("tr", "trafilatura") in table and ("rd", "trafilatura") in table
    assert table[("tr", "trafilatura")][5] == "0.000"  # F1: no snippet found
    assert "speed mainmark/trafilatura" in out
    assert ("https://example.org/tr/1", False, True) in calls
    assert "rd title (ws collapsed, casefolded)" in out
    assert "trafilatura 0.500 (1/2)" in out


def test_compare_without_trafilatura_says_how_to_install(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "trafilatura", None)
    code, _, err = run_eval(capsys, str(bench), "--compare", "trafilatura")
    assert code == 2
    assert "mainmark-eval[compare]" in err


def test_structure_recall_is_summed_over_pages(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = types.ModuleType("mainmark_eval.structure")
    fake.structure_counts = lambda expected, markdown: {  # type: ignore[attr-defined]
        "pre": (1, 2), "table": (0, 1)}
    monkeypatch.setitem(sys.modules, "mainmark_eval.structure", fake)
    code, out, _ = run_eval(capsys, str(bench), "--sets", "rd")
    assert code == 0
    assert "pre 0.500 (2/4)" in out and "table 0.000 (0/2)" in out


def test_structure_recall_absent_is_reported_not_fatal(
    bench: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mainmark_eval.structure", None)
    code, out, _ = run_eval(capsys, str(bench), "--sets", "rd")
    assert code == 0
    assert "structure recall: not available" in out


def test_markdown_format_and_limit(bench: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_eval(capsys, str(bench), "--sets", "tr", "--limit", "1",
                            "--format", "markdown")
    assert code == 0
    assert "| tr | mainmark | 1 |" in out


@pytest.mark.parametrize(
    ("argv", "code"),
    [(["--sets", "xx"], 2), (["--limit", "0"], 2)],
)
def test_usage_errors(bench: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                      code: int) -> None:
    assert run_eval(capsys, str(bench), *argv)[0] == code


def test_missing_set_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_eval(capsys, str(tmp_path), "--sets", "sh")
    assert code == 1
    assert "no sh set" in err


# ----------------------------------------------------------------------------- the gate


def load_gate() -> Any:
    path = Path(__file__).resolve().parent / "eval_gate.py"
    spec = importlib.util.spec_from_file_location("eval_gate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_baseline(path: Path, floor: float) -> Path:
    sets = ("sh", "tr", "rd", "wx")
    path.write_text(json.dumps({"margin": 0.005, "floors": dict.fromkeys(sets, floor),
                                "check_floors": dict.fromkeys(sets, floor)}), encoding="utf-8")
    return path


def test_gate_fails_below_floor_and_lowering_needs_the_flag(
    bench: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    gate = load_gate()
    baseline = write_baseline(tmp_path / "baseline.json", 1.5)  # unreachable floor
    assert gate.main([str(bench), "--baseline", str(baseline)]) == 1
    assert "BELOW FLOOR" in capsys.readouterr().out
    assert json.loads(baseline.read_text())["floors"]["sh"] == 1.5  # untouched
    assert gate.main([str(bench), "--baseline", str(baseline), "--lower-floors"]) == 0
    stored = json.loads(baseline.read_text())
    assert stored["floors"] == dict.fromkeys(("sh", "tr", "rd", "wx"), 0.995)
    assert stored["check_floors"] == stored["floors"]
    assert gate.main([str(bench), "--baseline", str(baseline)]) == 0


def test_gate_checks_the_check_half_on_its_own(
    bench: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A loss confined to the CHECK half fails the gate even when the whole set passes."""
    def check_blind(data: bytes, **kw: Any) -> FakeDoc:
        doc = fake_extract(data, **kw)
        if b"Story 1" in data:
            doc.text = ""
        return doc

    monkeypatch.setattr(runner, "extract", check_blind)
    gate = load_gate()
    baseline = tmp_path / "baseline.json"
    baseline.write_text(json.dumps({"margin": 0.003, "floors": {"wx": 0.4},
                                    "check_floors": {"wx": 0.2}}), encoding="utf-8")
    assert gate.main([str(bench), "--baseline", str(baseline)]) == 1
    out = capsys.readouterr().out
    assert "wx: measured 0.5000  floor 0.400  ok" in out
    assert "wx CHECK: measured 0.0000  floor 0.200  BELOW FLOOR" in out
    (bench / "check-split.json").unlink()
    assert gate.main([str(bench), "--baseline", str(baseline)]) == 1
    assert "wx CHECK: not measured" in capsys.readouterr().out


def test_gate_raise_floors_never_lowers(bench: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "extract", fake_extract)
    gate = load_gate()
    baseline = write_baseline(tmp_path / "baseline.json", 0.5)
    assert gate.main([str(bench), "--baseline", str(baseline), "--raise-floors"]) == 0
    assert json.loads(baseline.read_text())["floors"]["rd"] == 0.995
    assert gate.new_floors({"sh": 0.9}, {"sh": 0.5}, 0.005, lower=False, raise_=True) == {
        "sh": 0.9}


def test_unreadable_page_is_reported_and_the_rest_scored(
    bench: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (bench / "tr" / "html" / "tr0.html.gz").write_bytes(b"\x1f\x8b not really gzip")
    code, out, err = run_eval(capsys, str(bench), "--sets", "tr")
    assert code == 0
    assert rows(out)[("tr", "mainmark")][0] == "1"
    assert "1 pages not loaded" in err
