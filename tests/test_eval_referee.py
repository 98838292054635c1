"""Our metrics against the neutral referee, ``../shared/tools/bench_score.py``, on random pages.

The referee is an independent implementation of the bench README's metrics; both must give
the same figures on the same outputs, to the last bit a float sum allows. Skipped where the
referee is absent (a fresh clone).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmark_eval.datasets import Page
from mainmark_eval.metrics import make_metric

REFEREE = Path(__file__).resolve().parents[2] / "shared" / "tools" / "bench_score.py"
WORDS = st.sampled_from(["the", "The", "cat", "sat", "on", "mat", "ßtraße", "x1", "--", "é"])
TEXT = st.lists(WORDS, max_size=12).map(" ".join)


@pytest.fixture(scope="module")
def referee() -> ModuleType:
    if not REFEREE.is_file():
        pytest.skip("../shared/tools/bench_score.py is absent: no referee to agree with")
    spec = importlib.util.spec_from_file_location("bench_score", REFEREE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(set_name: str, pages: list[Page], outputs: list[str]) -> tuple[float, float, float]:
    metric = make_metric(set_name)
    for page, output in zip(pages, outputs, strict=True):
        metric.add(page, output)
    s = metric.score()
    return s.precision, s.recall, s.f1


def agree(a: tuple[Any, ...], b: tuple[float, float, float]) -> None:
    assert tuple(a) == pytest.approx(b, abs=1e-12)


PAIRS = st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(pairs=PAIRS)
def test_word_f1_agrees_with_the_referee(referee: ModuleType, pairs: list[tuple[str, str]]
                                         ) -> None:
    # The referee drops wx pages whose reference has no word when it loads them.
    pairs = [(g, o) for g, o in pairs if referee.WORD.search(g)] or [("cat", "")]
    pages = [Page(id=str(i), data=b"", url=None, reference=g) for i, (g, _) in enumerate(pairs)]
    outputs = [o for _, o in pairs]
    items = [{"gold": g} for g, _ in pairs]
    agree(referee.score("wx", items, outputs), ours("wx", pages, outputs))


@settings(max_examples=60, deadline=None)
@given(pairs=PAIRS)
def test_shingle_metric_agrees_with_the_referee(referee: ModuleType,
                                                pairs: list[tuple[str, str]]) -> None:
    pages = [Page(id=str(i), data=b"", url=None, reference=g) for i, (g, _) in enumerate(pairs)]
    outputs = [o for _, o in pairs]
    agree(referee.score("sh", [{"gold": g} for g, _ in pairs], outputs),
          ours("sh", pages, outputs))


@settings(max_examples=60, deadline=None)
@given(pairs=PAIRS)
def test_rd_bag_of_words_agrees_with_the_referee(referee: ModuleType,
                                                 pairs: list[tuple[str, str]]) -> None:
    golds = [f"<div><p>{g}</p><ul><li>{g[:5]}</li></ul></div>" for g, _ in pairs]
    pages = [Page(id=str(i), data=b"", url=None, reference=g) for i, g in enumerate(golds)]
    outputs = [o for _, o in pairs]
    agree(referee.score("rd", [{"gold": g} for g in golds], outputs), ours("rd", pages, outputs))


@settings(max_examples=60, deadline=None)
@given(pages=st.lists(st.tuples(st.lists(TEXT, max_size=3), st.lists(TEXT, max_size=3), TEXT),
                      min_size=1, max_size=5))
def test_snippet_metric_agrees_with_the_referee(
    referee: ModuleType, pages: list[tuple[list[str], list[str], str]]
) -> None:
    golds = [{"with": w, "without": wo} for w, wo, _ in pages]
    outputs = [o for _, _, o in pages]
    ps = [Page(id=str(i), data=b"", url=None, reference="", annotation=g)
          for i, g in enumerate(golds)]
    agree(referee.score("tr", [{"gold": g} for g in golds], outputs), ours("tr", ps, outputs))
