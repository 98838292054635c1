"""Shared fixtures: the golden-file flag, the optional benchmark directory, a forced kind."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from mainmark.metadata.structured import Structured
from mainmark.model import Metadata, PageType
from mainmark.page.parse import Page
from mainmark.pagekind.markup import Survey

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO.parent / "shared" / "bench"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*/expected.* from the current output (review the diff!)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def bench_dir() -> Path:
    """``../shared/bench`` when present; tests needing it skip with the reason spelled out."""
    if not BENCH.is_dir():
        pytest.skip("../shared/bench is absent: benchmark-page tests not run on this machine")
    return BENCH


@pytest.fixture
def force_kind(monkeypatch: pytest.MonkeyPatch) -> Callable[[PageType], None]:
    """Make ``extract()`` act on a given page kind: for tests of one kind's selection
    mechanism on a small page, independent of what the learned classifier makes of it
    (which is tested on real pages). The landing check is the real one."""
    from mainmark import pipeline
    from mainmark.pagekind.decide import PageKind, classify

    def force(kind: PageType) -> None:
        def forced(page: Page, structured: Structured, metadata: Metadata,
                   survey: Survey | None = None) -> PageKind:
            real = classify(page, structured, metadata, survey)
            return dataclasses.replace(real, kind=kind, confidence=1.0)

        monkeypatch.setattr(pipeline, "classify", forced)

    return force
