"""The markdown converter lets go of the page when the walk ends, not at the next collection.

The converter keeps tables of its own bound methods (block handlers, inline converters):
a reference cycle. Left alone, each converter and the page tree it reaches (its heading
levels, the removed set) waits for the cyclic collector, which the batch job pauses per
page, so a run's pages piled up until the pause ended.
"""

from __future__ import annotations

import gc
import gzip
import weakref
from pathlib import Path

import pytest

import mainmark
from mainmark.markdown import convert

_PAGES = sorted((Path(__file__).parent / "pages" / "wcxb" / "wx" / "html").glob("*"))[:5]


def _read(path: Path) -> bytes:
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def test_no_converter_outlives_its_page(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[weakref.ref[convert.Converter]] = []
    original = convert.Converter.__init__

    def counting_init(self: convert.Converter, **kwargs: object) -> None:
        original(self, **kwargs)  # type: ignore[arg-type]
        made.append(weakref.ref(self))

    monkeypatch.setattr(convert.Converter, "__init__", counting_init)
    assert _PAGES, "the bundled WCXB corpus is missing"
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for page in _PAGES:
            mainmark.extract(_read(page))
        alive = [ref for ref in made if ref() is not None]
    finally:
        if was_enabled:
            gc.enable()
    assert len(made) == len(_PAGES)
    assert alive == []
