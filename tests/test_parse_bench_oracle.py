"""On a sample of bench pages our tree holds (nearly) the visible text an HTML5 parser's does.

The sample is a fixed handful of pages of every set, in the order of a hash of the page id
(the same on every run, favouring no kind of page): the first pages the end-tag repair
applies to (among the first ``SCAN`` in that order), then the first pages. html5lib is
slow, and the whole bench is measured by ``tests/parse_divergence.py`` instead. Skipped
without ../shared/bench.
"""

from __future__ import annotations

import json
import zlib
from functools import cache
from pathlib import Path

import pytest

from mainmark.page.decode import decode
from mainmark.page.parse import neutralise_html_end, sanitize
from parse_oracle import compare

pytestmark = pytest.mark.bench

PER_SET = 4
REPAIRED = 2
SCAN = 60
#: The largest share of the oracle's visible words a sampled page may lose.
MAX_LOSS = 0.05


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


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    return zlib.decompress(data, 47) if data[:2] == b"\x1f\x8b" else data


@cache
def sample(bench: Path, set_name: str) -> tuple[tuple[str, str], ...]:
    """(page id, decoded text) of the set's sampled pages."""
    paths = page_paths(bench, set_name)
    order = sorted(paths, key=lambda i: (zlib.crc32(i.encode()), i))
    repaired: list[tuple[str, str]] = []
    for page_id in order[:SCAN]:
        text = decode(_read(paths[page_id])).text
        if neutralise_html_end(sanitize(text)) is not sanitize(text):
            repaired.append((page_id, text))
            if len(repaired) == REPAIRED:
                break
    taken = {i for i, _ in repaired}
    plain = [i for i in order if i not in taken][: PER_SET - len(repaired)]
    return (*repaired, *((i, decode(_read(paths[i])).text) for i in plain))


@pytest.mark.parametrize("k", range(PER_SET))
@pytest.mark.parametrize("set_name", ["sh", "tr", "rd", "wx"])
def test_sampled_page_keeps_the_oracles_visible_text(bench_dir: Path, set_name: str,
                                                     k: int) -> None:
    page_id, text = sample(bench_dir, set_name)[k]
    d = compare(text)
    assert d.oracle > 0, page_id
    assert d.lost <= MAX_LOSS, (set_name, page_id, d)
