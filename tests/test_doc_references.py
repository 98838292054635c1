"""Every ``mainmark.x.y`` a docstring, comment or document names exists.

Modules move between packages (``mainmark.walk`` became ``mainmark.markdown.walk``); a
reference left behind sends the next reader to a module that is not there.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_REFERENCE = re.compile(r"(?<![\w./-])mainmark(?:\.[a-z_][a-z0-9_]*)+")


def _resolves(reference: str) -> bool:
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_every_named_module_and_attribute_exists() -> None:
    files = [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "docs").rglob("*.md")),
             ROOT / "README.md"]
    missing = sorted({f"{path.relative_to(ROOT)}: {ref}"
                      for path in files
                      for ref in _REFERENCE.findall(path.read_text(encoding="utf-8"))
                      if not _resolves(ref)})
    assert not missing, "\n".join(missing)
