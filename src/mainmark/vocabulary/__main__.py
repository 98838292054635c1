"""``python -m mainmark.vocabulary [PATH]``: write the registry table (default
``docs/vocabulary.md``)."""

from __future__ import annotations

import sys
from pathlib import Path

from mainmark.vocabulary.table import render

if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/vocabulary.md")
    target.write_text(render(), encoding="utf-8")
