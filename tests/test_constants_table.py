"""The extraction stages keep their cut-offs in one table each, and docs/constants.md is
generated from those tables.

Issue 39 counted some 380 numeric cut-offs over twenty modules, most with no reason
beside them. Each stage now reads its numbers from ``<stage>/constants.py`` (``CUT``),
where each value stands with its unit, what it guards, where it comes from and its scope.
An AST scan keeps it so: a module of a covered stage that compares against a bare float
literal, or a bare integer of 10 or more, or defines a module-level number of its own,
fails here unless the number is on :data:`ALLOWED` with the reason it is no cut-off.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from mainmark.chunks.constants import ChunkCutoffs
from mainmark.content.constants import ContentCutoffs
from mainmark.cutoffs import Entry, entries
from mainmark.markdown.constants import MarkdownCutoffs
from mainmark.metadata.constants import MetadataCutoffs

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "mainmark"

#: The modules the scan covers: the extraction stages but their tables, and the page-kind
#: decision (its model's feature code, ``features.py`` and ``markup.py``, is the model's
#: own and is not covered).
COVERED = sorted(
    [p for stage in ("content", "markdown", "chunks", "metadata")
     for p in (SRC / stage).glob("*.py") if p.name != "constants.py"]
    + [SRC / "pagekind" / "decide.py", SRC / "pagekind" / "behaviour.py"])

#: The smallest integer the scan flags: smaller ones in a comparison are counts of the
#: "at least two", "a third" kind, or format widths, as often as they are cut-offs.
INT_FLOOR = 10

#: Numbers the scan lets stand, by module: (module, values) -> why they are no cut-off.
ALLOWED: dict[tuple[str, frozenset[float]], str] = {
    ("metadata/dates.py", frozenset({12, 14, 23, 59})):
        "calendar and clock fields: a month is at most 12, an hour 23, a minute or second 59, "
        "a UTC offset at most 14 hours (ISO 8601)",
    ("metadata/published.py", frozenset({10, 19})):
        "ISO 8601 lengths: ``YYYY-MM-DD`` is 10 characters, ``YYYY-MM-DDTHH:MM:SS`` 19",
    ("content/prescan.py", frozenset({8, 16, 32})):
        "bit flags of the cleaning walk's per-tag tests (one lookup an element), above the "
        "page-kind role bits: positions in an int, not cut-offs",
    ("content/css.py", frozenset({1000})):
        "the longest inline style the declarations cache keeps: a memory bound on a cache "
        "whose answers equal a fresh parse, so no output depends on it",
    ("chunks/joins.py", frozenset({32, 128, 224, 240})):
        "UTF-8 byte values: 128 (0x80) starts the non-ASCII range, 224 (0xE0) and 240 (0xF0) "
        "the three- and four-byte lead bytes, 32 is the space",
}


def _numbers(node: ast.AST) -> Iterator[int | float]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, (int, float)) and (
                not isinstance(sub.value, bool)):
            yield sub.value


def _flagged(value: int | float) -> bool:
    return (isinstance(value, float) and value not in (0.0, 1.0)) or (
        isinstance(value, int) and abs(value) >= INT_FLOOR)


def bare_numbers(source: str) -> list[tuple[int, int | float, str]]:
    """(line, value, what) for every number the scan does not let a module keep: in a
    comparison, a float or a large integer; at module level, any number but 0 and 1."""
    tree = ast.parse(source)
    found = [(node.lineno, v, "compared") for node in ast.walk(tree)
             if isinstance(node, ast.Compare) for v in _numbers(node) if _flagged(v)]
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            for value in values:
                if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
                    value = value.operand
                number = value.value if isinstance(value, ast.Constant) else None
                if (isinstance(number, (int, float)) and not isinstance(number, bool)
                        and number not in (0, 1)):
                    found.append((node.lineno, number, "module-level"))
    return found


def _allowed(module: str) -> frozenset[float]:
    return frozenset().union(*(values for (m, values) in ALLOWED if m == module))


@pytest.mark.parametrize("path", COVERED, ids=[str(p.relative_to(SRC)) for p in COVERED])
def test_no_bare_cutoff_outside_the_tables(path: Path) -> None:
    module = str(path.relative_to(SRC))
    allowed = _allowed(module)
    bare = [(line, value, what) for line, value, what in
            bare_numbers(path.read_text(encoding="utf-8")) if value not in allowed]
    assert not bare, (f"{module}: numbers outside the stage's table (name them in "
                      f"<stage>/constants.py with their reason): {bare}")


def test_the_scan_finds_a_bare_cutoff() -> None:
    source = ("_SHARE = 0.3\nLIMIT = 25\n_A, _B = 60, 30\n"
              "def f(x, n):\n    return x > 0.2 * n or len(n) < 40 or len(n) > 2\n")
    assert [(v, what) for _, v, what in bare_numbers(source)] == [
        (0.2, "compared"), (40, "compared"), (0.3, "module-level"), (25, "module-level"),
        (60, "module-level"), (30, "module-level")]


def test_the_allow_list_is_still_needed() -> None:
    """An allowed number no module holds any more is taken off the list."""
    for (module, values), _why in ALLOWED.items():
        held = {v for _, v, _ in bare_numbers((SRC / module).read_text(encoding="utf-8"))}
        assert values <= held, (module, sorted(values - held))


TABLES = (ContentCutoffs, MarkdownCutoffs, ChunkCutoffs, MetadataCutoffs)
_ROWS = [(t, e) for t in TABLES for e in entries(t)]


@pytest.mark.parametrize(("table", "entry"), _ROWS,
                         ids=[f"{t.__name__}.{e.name}" for t, e in _ROWS])
def test_every_cutoff_says_what_it_guards_and_is_read(table: type, entry: Entry) -> None:
    assert entry.note.unit.strip() and entry.note.guards.strip()
    stage = table.__module__.split(".")[1]
    readers = [p for p in (SRC / stage).glob("*.py") if p.name != "constants.py"
               and f"CUT.{entry.name}" in p.read_text(encoding="utf-8")]
    assert readers, f"{table.__name__}.{entry.name} is read by no module of {stage}"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "constants_table", ROOT / "benchmarks" / "constants_table.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["constants_table"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_docs_constants_md_is_generated_from_the_tables() -> None:
    gen = _generator()
    assert (ROOT / "docs" / "constants.md").read_text(encoding="utf-8") == gen.render(), (
        "docs/constants.md is stale: run benchmarks/constants_table.py")
