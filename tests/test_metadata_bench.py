"""Metadata agreement floors on the benchmark (skipped when ../shared/bench is absent).

The floors sit a little under the measured agreement so a regression fails the
test; raising them follows an improvement, lowering them needs a reason.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.page.decode import decode
from mainmark.page.parse import parse
from mainmark_eval.meta import agreement, score_tr_metadata

pytestmark = pytest.mark.bench

FLOORS = {"title": 0.83, "author": 0.70, "date": 0.86}


@pytest.fixture(scope="module")
def tr_agreement(bench_dir: Path) -> dict[str, float]:
    entries = json.loads((bench_dir / "tr" / "evaldata.json").read_text(encoding="utf-8"))
    scores = []
    for url, entry in entries.items():
        raw = gzip.decompress((bench_dir / "tr" / "html" / f"{entry['file']}.gz").read_bytes())
        page = parse(decode(raw).text, url=url)
        scores.append(score_tr_metadata(entry, extract_metadata(page, read_structured(page))))
    return {key: hit / total for key, (hit, total) in agreement(scores).items()}


@pytest.mark.parametrize("field", sorted(FLOORS))
def test_tr_metadata_agreement_floor(tr_agreement: dict[str, float], field: str) -> None:
    assert tr_agreement[field] >= FLOORS[field]
