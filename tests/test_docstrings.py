"""Every public name of the library and of the benchmark scorer has a docstring.

A docstring is where the reason a function exists, its contract and the trap it avoids
are written down; a public name without one sends the next reader into its callers to
find out (issue 39). Public means: a function, method or class whose name has no
leading underscore, at module level or inside a public class. Nested functions are
private to their enclosing function, and ``@overload`` stubs share the docstring of the
implementation, so neither is asked for one.

The check reads the sources with :mod:`ast`, so it needs no import and sees lazy
modules too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The source trees checked, relative to the repository root.
TREES = ("src/mainmark", "evaluation/src/mainmark_eval")

_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _is_overload(node: _Definition) -> bool:
    for decorator in node.decorator_list:
        name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(
            decorator, "id", None)
        if name == "overload":
            return True
    return False


def _undocumented(node: ast.AST) -> Iterator[_Definition]:
    """Public definitions directly in ``node`` (a module or a public class) without a
    docstring, then those of its public classes."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, _Definition) or child.name.startswith("_"):
            continue
        if ast.get_docstring(child) is None and not _is_overload(child):
            yield child
        if isinstance(child, ast.ClassDef):
            yield from _undocumented(child)


def _sources() -> Iterator[tuple[str, Path]]:
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path


def _missing() -> dict[str, list[str]]:
    """Undocumented public names per file (``name:line``), pending files included."""
    found: dict[str, list[str]] = {}
    for rel, path in _sources():
        names = [f"{n.name}:{n.lineno}" for n in _undocumented(ast.parse(path.read_text(
            encoding="utf-8"), filename=rel))]
        if names:
            found[rel] = names
    return found


def test_every_public_name_has_a_docstring() -> None:
    missing = _missing()
    listing = "\n".join(f"{rel}: {', '.join(names)}" for rel, names in sorted(missing.items()))
    assert not missing, f"public names without a docstring:\n{listing}"
