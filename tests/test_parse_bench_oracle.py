"""On a sample of bench pages our tree holds (nearly) the visible text an HTML5 parser's does.

The sample is a fixed handful of pages of every set, picked by a hash of the page id (so it
is the same on every run and favours no kind of page); html5lib is slow, and the whole
bench is measured by ``tests/parse_divergence.py`` instead. Skipped without ../shared/bench.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from mainmark.page.decode import decode
from parse_oracle import compare

pytestmark = pytest.mark.bench

PER_SET = 4
#: The largest share of the oracle's visible words a sampled page may lose.
MAX_LOSS = 0.02


def page_paths(bench: Path, set_name: str) -> dict[str, Path]:
    """Page id -> file, from each set's index (nothing is decompressed here)."""
    root = bench / set_name
    if set_name == "sh":
        ids = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
        return {i: root / "html" / f"{i}.html.gz" for i in ids}
    if set_name == "tr":
        entries = json.loads((root / "evaldata.json").read_text(encoding="utf-8")).values()
        return {e["file"]: root / "html" / f"{e['file']}.gz" for e in entries}
    if set_name == "rd":
        return {p.name: p / "source.html" for p in root.iterdir() if p.is_dir()}
    ids = json.loads((root / "pages.json").read_text(encoding="utf-8"))
    return {i: root / "html" / f"{i}.html.gz" for i in ids}


def sampled(bench: Path, set_name: str, k: int) -> tuple[str, bytes]:
    paths = page_paths(bench, set_name)
    page_id = sorted(paths, key=lambda i: (zlib.crc32(i.encode()), i))[k]
    data = paths[page_id].read_bytes()
    return page_id, zlib.decompress(data, 47) if data[:2] == b"\x1f\x8b" else data


@pytest.mark.parametrize("k", range(PER_SET))
@pytest.mark.parametrize("set_name", ["sh", "tr", "rd", "wx"])
def test_sampled_page_keeps_the_oracles_visible_text(bench_dir: Path, set_name: str,
                                                     k: int) -> None:
    page_id, data = sampled(bench_dir, set_name, k)
    d = compare(decode(data).text)
    assert d.oracle > 0, page_id
    assert d.lost <= MAX_LOSS, (set_name, page_id, d)
