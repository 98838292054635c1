"""The quality gate on a fresh clone: 151 real pages of seven kinds, scored as the benchmark is.

``tests/pages/wcxb/wx`` holds WCXB TUNE pages (CC-BY-4.0, chosen by
``benchmarks/make_corpus.py``) in the benchmark's own layout, so the evaluation code that
scores ``../shared/bench`` scores them the same way: word F1 of ``Document.text`` against
the page's gold main content, per page kind. Floors live in ``tests/corpus_floors.json``;
a change that loses more than the margin on a kind fails here, before any larger check.
``.ci/run`` still runs the larger gate over ``../shared/bench`` (``tests/eval_gate.py``),
whose CHECK half is what decides whether a change is kept: these pages are TUNE pages,
studied and trained on, so they show that the extractor works on real pages, not how well
it generalises.

To lock in a gain or accept a deliberate loss, rewrite the floors (measured minus the
margin) and let the diff to the JSON file show it in review::

    .venv/bin/python tests/test_corpus_gate.py --write-floors
"""

from __future__ import annotations

import json
import math
import sys
from functools import cache
from pathlib import Path

import pytest

from mainmark import extract
from mainmark.options import Options
from mainmark_eval.bench import evaluate_bench
from mainmark_eval.datasets import load_set

CORPUS = Path(__file__).resolve().parent / "pages" / "wcxb"
FLOORS = Path(__file__).resolve().parent / "corpus_floors.json"
MARGIN = 0.003
ALL = "all pages"
KIND_ACCURACY = "page kind accuracy"


@cache
def measure() -> dict[str, float]:
    """F1 over the corpus and per page kind, and the share of pages typed as labelled."""
    report = evaluate_bench(CORPUS, ["wx"], chunk_timing=False)
    result = report.sets[0].system("mainmark")
    assert result is not None and result.score is not None
    measured = {ALL: result.score.f1}
    measured.update({kind: t.score.f1 for kind, t in result.types.items()})
    pages = load_set(CORPUS, "wx").pages
    options = Options(chunking=False)
    right = sum(extract(p.data, url=p.url, options=options).metadata.page_type.value
                == p.page_type for p in pages)
    measured[KIND_ACCURACY] = right / len(pages)
    return measured


def _floors() -> dict[str, float]:
    data = json.loads(FLOORS.read_text(encoding="utf-8"))
    return {str(k): float(v) for k, v in data["floors"].items()}


def test_the_corpus_is_whole() -> None:
    listing = json.loads((CORPUS / "wx" / "pages.json").read_text(encoding="utf-8"))
    pages = load_set(CORPUS, "wx")
    assert not pages.problems
    assert len(pages.pages) + pages.unscored == len(listing) >= 150
    assert {p.page_type for p in pages.pages} == {
        "article", "collection", "documentation", "forum", "listing", "product", "service"}


@pytest.mark.parametrize("name", sorted(_floors()))
def test_no_kind_falls_below_its_floor(name: str) -> None:
    measured = measure()
    assert name in measured, f"{name}: no pages of it left in the corpus"
    assert measured[name] >= _floors()[name], (
        f"{name}: {measured[name]:.4f} is below its floor {_floors()[name]:.4f}")


def write_floors() -> None:
    floors = {k: math.floor((v - MARGIN) * 1000) / 1000 for k, v in sorted(measure().items())}
    FLOORS.write_text(json.dumps({"margin": MARGIN, "floors": floors}, indent=1) + "\n",
                      encoding="utf-8")
    for name, value in sorted(measure().items()):
        sys.stdout.write(f"{name:>20}  {value:.4f}  floor {floors[name]:.3f}\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-floors"]:
        raise SystemExit("usage: test_corpus_gate.py --write-floors")
    write_floors()
