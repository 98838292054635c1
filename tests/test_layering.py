"""The package layout is the pipeline: data flows forward and no import runs against it.

Every ``import`` in ``src/mainmark`` (module level or inside a function: a lazy import is still
a dependency) is read with :mod:`ast`. Two rules:

* no cycle between modules;
* a module imports only from its own package or from a lower layer of :data:`LAYERS`, so a
  lower stage never reaches a higher one and only the top layers may call ``pipeline``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "mainmark"

#: Lowest first. A unit is a top-level module or a package of ``mainmark``.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"tuning"}),  # process-wide measures only a process's owner turns on
    frozenset({"_version", "errors", "budget"}),
    frozenset({"model", "options"}),
    frozenset({"explain"}),
    frozenset({"page"}),  # bytes -> tree
    frozenset({"vocabulary"}),  # the labelled class/id and text word tables every stage reads
    frozenset({"cutoffs"}),  # the entry type of the stages' cut-off tables
    frozenset({"metadata"}),  # tree -> citation metadata, structured data
    frozenset({"pagekind"}),  # tree + metadata -> the kind of page, what selection does
    frozenset({"content"}),  # tree -> main content
    frozenset({"markdown"}),  # content -> markdown, text, html, blocks
    frozenset({"chunks"}),  # blocks -> chunks
    frozenset({"pipeline"}),  # the algorithm
    frozenset({"__init__"}),  # the public surface
    frozenset({"ingest"}),  # many pages
    frozenset({"cli", "integrations"}),  # the ways in
)
RANK = {unit: i for i, layer in enumerate(LAYERS) for unit in layer}


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(("mainmark", *parts))


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path) -> Iterator[str]:
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("mainmark"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.startswith("mainmark"):
                yield target


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for target in _imports(path):
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]  # `from pkg.mod import name` -> pkg.mod
            if target != name:
                targets.add(target)
        graph[name] = targets
    return graph


GRAPH = _graph()


def test_every_unit_has_a_layer() -> None:
    assert {_unit(m) for m in GRAPH} <= set(RANK)


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_run_with_the_flow(module: str) -> None:
    unit = _unit(module)
    against = sorted(
        t for t in GRAPH[module]
        if _unit(t) != unit and RANK[_unit(t)] >= RANK[unit] and t != "mainmark"
    )
    assert not against, f"{module} imports {against}, which are not below {unit!r}"


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    for start in sorted(graph):
        if state.get(start):
            continue
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                return [*path[path.index(child):], child]
            elif not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph.get(child, ())))))
    return None


def test_no_import_cycle() -> None:
    # the package's own __init__ re-exports the public surface; importing it is not a cycle edge
    graph = {m: {t for t in ts if t != "mainmark"} for m, ts in GRAPH.items()}
    assert _find_cycle(graph) is None


def test_cycle_finder_finds_a_cycle() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_top_level_stays_small() -> None:
    own = [p for p in SRC.glob("*.py")]
    assert len(own) <= 12, sorted(p.name for p in own)


def test_rendering_reads_the_content_record_not_selection_modules() -> None:
    """Rendering gets what selection decided as data on ``model.Content`` (its roots,
    what to skip, the headline policy of ``Options.favor``); importing a selection
    module (its thresholds, its tree helpers) would be a stage reaching backwards."""
    graph = _graph()
    leaks = sorted(
        f"{module} -> {target}" for module, targets in graph.items()
        if _unit(module) in ("markdown", "chunks")
        for target in targets if _unit(target) == "content")
    assert not leaks, leaks
