"""Shared fixtures: the golden-file flag and the optional benchmark directory."""

from __future__ import annotations

from pathlib import Path

import pytest

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
