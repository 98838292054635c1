"""The speed benchmark's stage list follows the pipeline.

``benchmarks/speed.py`` reports each stage's share by wrapping the functions
``mainmark.pipeline`` calls. A stage renamed or split in the pipeline (``render`` became
``walk_content`` and ``serialize``) once vanished silently into "(other)"; these tests
make that a failure instead.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from mainmark import pipeline

ROOT = Path(__file__).resolve().parents[1]


def _speed() -> ModuleType:
    spec = importlib.util.spec_from_file_location("speed_bench", ROOT / "benchmarks" / "speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_listed_stage_is_a_pipeline_function() -> None:
    for name in _speed().STAGES:
        assert callable(getattr(pipeline, name)), name


def test_stage_shares_are_measured_for_each_stage() -> None:
    page = (b"<html><head><title>T</title></head><body><article><h1>Heading</h1>"
            + b"<p>Some words of text in a paragraph here.</p>" * 20 + b"</article></body></html>")
    shares = _speed().stage_shares([("p", page, "https://example.com/a")])
    # A stage's key appears only once its wrapper ran: each listed stage was called.
    assert set(_speed().STAGES) - {"date_from_content"} <= set(shares)


def test_each_configuration_is_timed_in_passes_of_its_own(tmp_path: Path) -> None:
    """Every mainmark configuration gets its own pass in a fresh interpreter (so none
    warms another's caches on a page), and its ratios come from its own passes."""
    for i in range(2):
        (tmp_path / f"p{i}.html").write_bytes(
            b"<html><body><article><h1>Page</h1>" + b"<p>Words of a paragraph.</p>" * 5
            + b"</article></body></html>")
    report = _speed().run(tmp_path, 1, None, False)
    configs = [name for name in report["cpu_seconds"] if name.startswith("mainmark")]
    assert len(configs) == 4 and report["pages"] == 2
    assert "lxml parse" in report["cpu_seconds"]
    for name in configs:
        assert report["cpu_seconds"][name] > 0
        assert report["ratios"][f"{name} in lxml parses"] > 0
