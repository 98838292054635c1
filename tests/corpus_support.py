"""The real-page corpus in the repository (``tests/pages/wcxb``, WCXB, CC-BY-4.0).

Tests that used to need ``../shared/bench`` for real pages read these on a fresh clone;
the benchmark stays the second, larger check where it exists.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "pages" / "wcxb"


@cache
def corpus_pages() -> tuple[tuple[str, bytes, str | None], ...]:
    """(name, page bytes, URL) of every corpus page, in id order."""
    wx = CORPUS / "wx"
    out = []
    for page_id in sorted(json.loads((wx / "pages.json").read_text(encoding="utf-8"))):
        html = gzip.decompress((wx / "html" / f"{page_id}.html.gz").read_bytes())
        truth = json.loads((wx / "ground-truth" / f"{page_id}.json").read_text("utf-8"))
        url = truth.get("url")
        out.append((f"wcxb/{page_id}", html, url if isinstance(url, str) else None))
    return tuple(out)
