"""extract() pauses the cyclic collector for one page and must hand it back as it was."""

from __future__ import annotations

import gc

import pytest

import mainmark

PAGE = (b"<html><body><article><p>" + b"A sentence of text, long enough. " * 20
        + b"</p></article></body></html>")


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        mainmark.extract(PAGE)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_collector_is_restored_when_extract_raises() -> None:
    assert gc.isenabled()
    with pytest.raises(mainmark.InputError):
        mainmark.extract(12345)  # type: ignore[arg-type]
    assert gc.isenabled()
