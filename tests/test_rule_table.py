"""docs/rules.md is what benchmarks/rule_table.py writes from benchmarks/rule_worth.json,
and every rule a source comment cites by name is in that data.

Figures that justify a rule live in one generated table, not in comments; a comment
names the rule ("rule `widen`, docs/rules.md"). A renamed or dropped unit would leave the
comment pointing at nothing, and a hand edit of the markdown would drift from the data.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
_CITE = re.compile(r"rules?((?:,? (?:and )?`[^`]+`)+)[;,]? (?:its worth: |their worth: )?"
                   r"docs/rules\.md")
_NAME = re.compile(r"`([^`]+)`")
_SCOPES = ("generic", "cms:", "vendor:", "language:", "site:")


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rule_table", ROOT / "benchmarks" / "rule_table.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rule_table"] = mod
    spec.loader.exec_module(mod)
    return mod


def _cited(text: str) -> list[str]:
    """Rule names cited as "(rule `a`, docs/rules.md)" or "rules `a`, `b` ...", with the
    comment's ``#:``/``#`` line breaks and the seams of implicitly joined string literals
    taken out, so a citation may wrap."""
    flat = re.sub(r'"\s*\n\s*"', "", text)
    flat = re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", flat)
    return [n for m in _CITE.finditer(flat) for n in _NAME.findall(m.group(1))]


def test_docs_rules_md_is_generated_from_the_data() -> None:
    gen = _generator()
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == gen.render(gen.load()), (
        "docs/rules.md is stale: run benchmarks/rule_table.py")


def test_every_rule_has_a_name_scope_module_and_verdict() -> None:
    rules = _generator().load()["rules"]
    names = [r["name"] for r in rules]
    assert len(names) == len(set(names)), "a rule name is listed twice"
    for r in rules:
        assert r["scope"].startswith(_SCOPES), r["name"]
        assert (ROOT / r["module"]).is_file(), r["name"]
        assert r["verdict"] and r["measured"], r["name"]


def test_every_rule_a_comment_cites_is_in_the_data() -> None:
    known = {r["name"] for r in _generator().load()["rules"]}
    cites = {f"{path.relative_to(ROOT)}: {name}"
             for path in sorted((ROOT / "src").rglob("*.py"))
             for name in _cited(path.read_text(encoding="utf-8"))}
    assert cites, "no comment cites docs/rules.md: the citation pattern is out of date"
    missing = sorted(c for c in cites if c.rsplit(": ", 1)[1] not in known)
    assert not missing, "\n".join(missing)


def test_the_citation_pattern_reads_wrapped_comments() -> None:
    text = ("#: worth keeping (rules `widen`,\n#: `siblings`; their worth: docs/rules.md)\n"
            "    (rule `leads`, docs/rules.md)\n"
            '    "boxes (rule `narrow:ad`, "\n    "docs/rules.md)", _SELECT')
    assert _cited(text) == ["widen", "siblings", "leads", "narrow:ad"]
