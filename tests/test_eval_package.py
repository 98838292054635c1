"""The benchmark scorer is a package of its own (``evaluation/``, ``mainmark-eval``): the
runtime wheel carries no benchmark code, and ``mainmark eval`` without the scorer says how
to install it instead of failing as an unknown command."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import mainmark
import mainmark_eval
from mainmark.cli.main import main
from mainmark.cli.noeval import INSTALL_HINT
from mainmark_eval._version import __version__ as eval_version

ROOT = Path(__file__).resolve().parent.parent


def test_the_runtime_wheel_packs_only_the_mainmark_package() -> None:
    # (tomllib is 3.11+; the project supports 3.10): the one wheel-target table, read as text.
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = re.search(r"^\[tool\.hatch\.build\.targets\.wheel\]\n(.*?)(?=^\[|\Z)", config,
                      re.M | re.S)
    assert table is not None
    assert re.findall(r"^packages = (.*)$", table.group(1), re.M) == ['["src/mainmark"]']
    assert not (ROOT / "src" / "mainmark" / "evaluation").exists()
    assert Path(mainmark_eval.__file__).resolve().is_relative_to(ROOT / "evaluation" / "src") \
        or "site-packages" in mainmark_eval.__file__


def test_no_runtime_module_imports_the_scorer() -> None:
    """Only the command line looks for it, by name, when asked for ``eval``."""
    for path in (ROOT / "src" / "mainmark").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.startswith("mainmark_eval") for n in names), path


def test_the_scorer_is_versioned_with_mainmark() -> None:
    assert eval_version == mainmark.__version__


def test_eval_without_the_scorer_names_the_package_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "mainmark_eval.cli", None)
    assert main(["eval", "../shared/bench", "--sets", "wx"]) == 1
    assert INSTALL_HINT in capsys.readouterr().err
