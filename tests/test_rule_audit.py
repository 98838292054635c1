"""The rule audit (benchmarks/rule_audit.py) switches rules off by patching what the
shipped code reads: every unit must patch names that exist, actually change extraction
where its rule fires, and leave the modules exactly as they were afterwards."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mainmark
from mainmark.content import clean, furniture, locate, measure, prune, score, select, vocab
from mainmark.content.constants import CUT
from mainmark.cutoffs import entries
from mainmark.options import Options

AUDIT_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "rule_audit.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_audit", AUDIT_PATH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rule_audit"] = mod
    spec.loader.exec_module(mod)
    return mod


audit = _load()
UNITS = audit.units(entries=False)
_MODULES = (clean, furniture, locate, measure, prune, score, select, vocab)


def _snapshot() -> dict[tuple[str, str], Any]:
    names = {(m.__name__, k): v for m in _MODULES for k, v in vars(m).items()
             if not k.startswith("__")}
    # the content stage's cut-offs, which units switch off through ``CUT``'s fields
    return names | {("CUT", e.name): getattr(CUT, e.name) for e in entries(CUT)}


def test_unit_names_are_unique() -> None:
    names = [u.name for u in audit.units()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_unit_patches_existing_names_and_restores_them(unit: Any) -> None:
    before = _snapshot()
    patches = unit.patches()
    assert patches, "a unit that patches nothing measures nothing"
    for obj, attr, _ in patches:
        assert hasattr(obj, attr), f"{unit.name} patches a missing {attr}"
    with audit.patched(patches):
        changed = [k for k, v in _snapshot().items() if before.get(k) is not v]
        assert changed
    after = _snapshot()
    assert all(after[k] is v for k, v in before.items())


_PARAS = [f"<p>Paragraph {i} tells how the old bridge, closed since the flood, was rebuilt "
          f"by the town, stone by stone, with money from the region.</p>" for i in range(6)]
PAGE = ("<html><body><nav><a href='/a'>Home</a> <a href='/b'>World</a></nav><article>"
        "<h1>Bridge reopens after two years</h1>" + "".join(_PARAS[:3])
        + "<p>Read also: the Ferry timetable changes.</p>" + "".join(_PARAS[3:])
        + "</article></body></html>")


def _text() -> str:
    return mainmark.extract(PAGE, options=Options(chunking=False)).text


def test_switching_a_prune_rule_off_changes_the_output_and_back() -> None:
    assert "Ferry timetable" not in _text()
    unit = next(u for u in UNITS if u.name == "reader-prompt")
    with audit.patched(unit.patches()):
        assert "Ferry timetable" in _text()
    assert "Ferry timetable" not in _text()


def test_a_vocabulary_group_switched_off_reaches_the_cached_classifier() -> None:
    ws = vocab.words("site-nav")
    assert measure._signals("div", "site-nav", "", "", "").outside == "broad:nav"
    unit = next(u for u in UNITS if u.name == "broad:nav")
    with audit.patched(unit.patches()):
        assert measure._signals("div", "site-nav", "", "", "").outside is None
    assert vocab.words("site-nav") == ws
    assert measure._signals("div", "site-nav", "", "", "").outside == "broad:nav"


def test_tracing_records_what_fired() -> None:
    trace = audit.Trace(raw=PAGE.encode())
    audit.CURRENT[0] = trace
    with audit.patched(audit._tracing_patches()):
        _text()
    assert "reader-prompt" in trace.removed
    assert "strategy:jsonld-locate" in trace.events or "strategy:selection" in trace.events
    assert r"read (?:more|also)\s*:" in trace.prompts
    assert "nav" in trace.tokens or any(v.startswith("tag:") for v in trace.verdicts)
    reader = next(u for u in UNITS if u.name == "reader-prompt")
    notice = next(u for u in UNITS if u.name == "site-notice")
    assert reader.fired(trace) and not notice.fired(trace)


@pytest.mark.parametrize(("check", "expected"), [
    ({"sh": 0.0, "tr": 0.0, "rd": 0.0, "wx": 0.0}, "delete"),
    ({"sh": 0.001, "tr": -0.001, "rd": 0.0, "wx": 0.0}, "delete"),
    ({"sh": -0.003, "tr": 0.004, "rd": 0.0, "wx": 0.0}, "keep"),
    ({"sh": -0.001, "tr": 0.0, "rd": 0.0, "wx": 0.0}, "keep"),
])
def test_decision_rule(check: dict[str, float], expected: str) -> None:
    row = {"delta": {"check": check, "tune": dict.fromkeys(check, 0.0)}}
    assert audit.verdict(row) == expected


def test_aggregates_follow_each_sets_metric() -> None:
    # tr sums snippet counts over pages; rd/wx average page F1; sh averages P and R apart
    assert audit.aggregate("tr", [(1, 0, 1), (1, 1, 0)]) == pytest.approx(4 / 6)
    assert audit.aggregate("wx", [(1, 1, 1.0), (0, 0, 0.0)]) == pytest.approx(0.5)
    assert audit.aggregate("sh", [(1.0, 0.5), (None, 0.0)]) == pytest.approx(
        2 * 1.0 * 0.25 / 1.25)
