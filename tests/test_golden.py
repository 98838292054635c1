"""Golden files: ``tests/golden/<case>/source.html`` renders to ``expected.md``.

A case may also hold ``chunks.json`` (each chunk's heading path and text) and
``options.json`` (Options fields, a ``title``, ``"pipeline": true`` for a whole
:func:`~mainmark.extract` run instead of rendering ``<main>``).

Cases are paired by folder, never by zipping two globs. ``pytest --update-golden``
rewrites the expected files from the current output; review the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from render_support import chunk_records, render_case

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir())


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES)
def test_case_folder_is_complete(case: str) -> None:
    folder = GOLDEN / case
    assert (folder / "source.html").is_file(), f"{case}: source.html missing"
    assert (folder / "expected.md").is_file(), f"{case}: expected.md missing"


@pytest.mark.parametrize("case", CASES)
def test_golden_markdown(case: str, update_golden: bool) -> None:
    folder = GOLDEN / case
    markdown = render_case(folder).markdown + "\n"
    expected = folder / "expected.md"
    if update_golden:
        expected.write_text(markdown, encoding="utf-8")
    assert markdown == expected.read_text(encoding="utf-8")


CHUNK_CASES = [c for c in CASES if (GOLDEN / c / "chunks.json").is_file()]


@pytest.mark.parametrize("case", CHUNK_CASES)
def test_golden_chunks(case: str, update_golden: bool) -> None:
    """Heading paths are what a retriever filters and cites by: pin them per chunk."""
    expected = GOLDEN / case / "chunks.json"
    records = chunk_records(render_case(GOLDEN / case))
    if update_golden:
        expected.write_text(records, encoding="utf-8")
    assert records == expected.read_text(encoding="utf-8")


def test_update_flag_is_off_in_ci(update_golden: bool) -> None:
    """A CI run with --update-golden would bless whatever the code now outputs."""
    if os.environ.get("CI"):
        assert not update_golden, "--update-golden must never run in CI"
