"""The speed benchmark's stage list follows the pipeline.

``benchmarks/speed.py`` reports each stage's share by wrapping the functions
``mainmark.pipeline`` calls. A stage renamed or split in the pipeline (``render`` became
``walk_content`` and ``serialize``) once vanished silently into "(other)"; these tests
make that a failure instead.
"""

from __future__ import annotations

import gzip
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


def _bench_layout(root: Path) -> None:
    """Two sets in the bench's layout (``SET/html/*.gz``), two pages each."""
    for name in ("sh", "wx"):
        folder = root / name / "html"
        folder.mkdir(parents=True)
        for i in range(2):
            page = (b"<html><body><article><h1>" + name.encode() + b"</h1>"
                    + b"<p>Words of a paragraph.</p>" * (5 + i) + b"</article></body></html>")
            (folder / f"{i}.html.gz").write_bytes(gzip.compress(page))


def test_ratios_are_given_per_set_for_the_configurations_asked(tmp_path: Path) -> None:
    """An even sample of the bench and its sets read different ratios (the news sets are
    the slow ones), so a run over several sets reports each set's ratio too; ``only``
    times just the configurations named."""
    _bench_layout(tmp_path)
    speed = _speed()
    report = speed.run(tmp_path, 1, None, False, ["mainmark (chunking off)"])
    assert report["pages"] == 4
    assert [n for n in report["cpu_seconds"] if n.startswith("mainmark")] == [
        "mainmark (chunking off)"]
    per_set = report["set_ratios"]["mainmark (chunking off) in lxml parses"]
    assert set(per_set) == {"sh", "wx"} and all(v > 0 for v in per_set.values())
    assert "| ratio, per set | sh | wx |" in speed.format_report(report)


def test_one_set_gives_no_per_set_ratios(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_bytes(b"<html><body><p>Words of a paragraph.</p></body></html>")
    report = _speed().run(tmp_path, 1, None, False, ["mainmark (chunking off)"])
    assert "set_ratios" not in report


def test_an_unknown_configuration_is_a_usage_error(tmp_path: Path) -> None:
    assert _speed().main([str(tmp_path), "--config", "mainmark (turbo)"]) == 2
