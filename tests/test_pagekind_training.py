"""Retraining the page-kind model reproduces the shipped file byte for byte.

Runs ``benchmarks/train_pagekind.py`` from scratch (an empty feature cache) on the TUNE
pages of ``../shared/bench`` into a temporary folder and compares the model file with
``src/mainmark/pagekind/model.json``. A change to the feature code without a retrain, or
training that depends on anything but the pages (a random state, the order of a dict,
the machine's threads), fails here. About 40 s on two cores.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.bench

REPO = Path(__file__).resolve().parent.parent
SHIPPED = REPO / "src" / "mainmark" / "pagekind" / "model.json"


def test_retraining_reproduces_the_shipped_model(bench_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "model.json"
    subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "train_pagekind.py"), "--out", str(out),
         "--report", str(tmp_path / "report.md"), "--cache", str(tmp_path / "cache")],
        check=True, capture_output=True, timeout=900)
    assert out.read_bytes() == SHIPPED.read_bytes()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "## CHECK" in report and "| wx |" in report
