"""The eval table: compact text or markdown for people, JSON for scripts.

The table is printed last and kept short (one row per set and system, then one
line per extra figure), because the thing most often read is the tail of a CI
log or of a hook's output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from mainmark.evaluation.metrics import SetScore

Shares = Mapping[str, tuple[int, int]]


@dataclass(slots=True)
class SystemResult:
    system: str
    pages: int
    errors: int
    empty: int
    seconds: float
    #: ``None`` for a timing-only run (mainmark with chunking on).
    score: SetScore | None = None
    error_samples: list[str] = field(default_factory=list)
    #: Metadata agreement per field, ``None`` when the scorer is not available.
    metadata: Shares | None = None
    #: rd only: the README's title rule (whitespace collapsed, casefolded).
    title: tuple[int, int] | None = None

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class SetResult:
    name: str
    systems: list[SystemResult]
    #: Extra timing runs, not scored (sh: mainmark with default options, chunking on).
    timing: list[SystemResult] = field(default_factory=list)
    #: rd: structure recall of mainmark's markdown; ``None`` when not available.
    structure: Shares | None = None
    structure_failures: int = 0
    problems: list[str] = field(default_factory=list)
    #: mainmark's pages with a flag (``evaluation.pageflags``), by page id; ``None``: n/a.
    page_flags: dict[str, list[str]] | None = None

    def system(self, name: str) -> SystemResult | None:
        return next((s for s in self.systems if s.system == name), None)


@dataclass(slots=True)
class Report:
    bench: str
    scored: str
    sets: list[SetResult]
    #: Whether the metadata / structure scorers could be imported.
    metadata_available: bool = True
    structure_available: bool = True


def speed_ratio(result: SetResult, a: str = "mainmark", b: str = "trafilatura") -> float | None:
    """pages/s of ``a`` divided by pages/s of ``b`` (> 1: ``a`` is faster)."""
    sa, sb = result.system(a), result.system(b)
    if sa is None or sb is None or sb.pages_per_second == 0:
        return None
    return sa.pages_per_second / sb.pages_per_second


# ----------------------------------------------------------------------------- text


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _share(pair: tuple[int, int] | None) -> str:
    if pair is None or pair[1] == 0:
        return "n/a"
    return f"{pair[0] / pair[1]:.3f} ({pair[0]}/{pair[1]})"


_HEADER = ("set", "system", "pages", "err", "empty", "prec", "rec", "F1", "acc", "sec", "pages/s")


def _row(set_name: str, r: SystemResult) -> tuple[str, ...]:
    s = r.score
    scores = ("-",) * 4 if s is None else (
        _num(s.precision), _num(s.recall), _num(s.f1), _num(s.accuracy))
    return (set_name, r.system, str(r.pages), str(r.errors), str(r.empty), *scores,
            f"{r.seconds:.2f}", f"{r.pages_per_second:.1f}")


def table_rows(report: Report) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for result in report.sets:
        rows.extend(_row(result.name, r) for r in result.systems)
    return rows


def extra_lines(report: Report) -> list[str]:
    """Speed ratio, chunking cost, structure recall, metadata and title agreement."""
    lines: list[str] = []
    ratios = [(r.name, speed_ratio(r)) for r in report.sets]
    shown = [f"{name} {ratio:.2f}x" for name, ratio in ratios if ratio is not None]
    if shown:
        lines.append("speed mainmark/trafilatura (pages/s ratio): " + "  ".join(shown))
    for result in report.sets:
        lines.extend(_chunking_lines(result))
    for result in report.sets:
        lines.extend(_structure_lines(report, result))
    for result in report.sets:
        lines.extend(_metadata_lines(report, result))
    return lines


def _chunking_lines(result: SetResult) -> list[str]:
    base = result.system("mainmark")
    lines = []
    for t in result.timing:
        cost = ""
        if base is not None and base.seconds > 0:
            cost = f", {t.seconds / base.seconds:.2f}x the time of chunking off"
        lines.append(f"{result.name} {t.system} (timing only): {t.seconds:.2f} s, "
                     f"{t.pages_per_second:.1f} pages/s{cost}, {t.errors} errors")
    return lines


def _structure_lines(report: Report, result: SetResult) -> list[str]:
    if result.name != "rd":
        return []
    if not report.structure_available or result.structure is None:
        return ["structure recall: not available"]
    parts = [f"{k} {_share(v)}" for k, v in sorted(result.structure.items())]
    failed = f"  [{result.structure_failures} pages failed]" if result.structure_failures else ""
    return ["rd structure recall (mainmark markdown): " + "  ".join(parts) + failed]


def _metadata_lines(report: Report, result: SetResult) -> list[str]:
    if result.name not in ("tr", "rd"):
        return []
    lines = []
    if not report.metadata_available:
        lines.append(f"{result.name} metadata: not available")
    else:
        for r in result.systems:
            if r.metadata is not None:
                parts = [f"{k} {_share(v)}" for k, v in r.metadata.items()]
                shown = "  ".join(parts) or "no annotated pages"
                lines.append(f"{result.name} metadata {r.system}: {shown}")
    if result.name == "rd":
        titles = [f"{r.system} {_share(r.title)}" for r in result.systems if r.title]
        if titles:
            lines.append("rd title (ws collapsed, casefolded): " + "  ".join(titles))
    return lines


def _headline(report: Report) -> str:
    counts = ", ".join(f"{r.name} {max((s.pages for s in r.systems), default=0)}"
                       for r in report.sets)
    return f"mainmark eval {report.bench} ({counts}); scored: {report.scored}"


def format_text(report: Report) -> str:
    rows = [_HEADER, *table_rows(report)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER))]
    lines = [_headline(report)]
    for row in rows:
        pairs = enumerate(zip(row, widths, strict=True))
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in pairs]
        lines.append("  ".join(cells).rstrip())
    lines.extend(extra_lines(report))
    return "\n".join(lines) + "\n"


def format_markdown(report: Report) -> str:
    lines = [_headline(report), "", "| " + " | ".join(_HEADER) + " |",
             "|" + "---|" * len(_HEADER)]
    lines.extend("| " + " | ".join(row) + " |" for row in table_rows(report))
    extras = extra_lines(report)
    if extras:
        lines.append("")
        lines.extend(f"- {line}" for line in extras)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- json


def to_json(report: Report) -> str:
    return json.dumps(_json_ready(report), ensure_ascii=False, indent=2) + "\n"


def _json_ready(report: Report) -> dict[str, Any]:
    sets: dict[str, Any] = {}
    for result in report.sets:
        entry: dict[str, Any] = {
            "systems": {r.system: _system_json(r) for r in result.systems},
            "timing": {r.system: _system_json(r) for r in result.timing},
            "speed_ratio_mainmark_over_trafilatura": speed_ratio(result),
            "problems": result.problems,
        }
        if result.name == "rd":
            entry["structure"] = _shares_json(result.structure)
        if result.page_flags is not None:
            entry["page_flags"] = result.page_flags
        sets[result.name] = entry
    return {"bench": report.bench, "scored": report.scored, "sets": sets,
            "metadata_available": report.metadata_available,
            "structure_available": report.structure_available}


def _system_json(r: SystemResult) -> dict[str, Any]:
    return {
        "pages": r.pages, "errors": r.errors, "empty": r.empty,
        "seconds": round(r.seconds, 4), "pages_per_second": round(r.pages_per_second, 2),
        "score": asdict(r.score) if r.score else None,
        "error_samples": r.error_samples,
        "metadata": _shares_json(r.metadata),
        "title": _pair_json(r.title) if r.title else None,
    }


def _pair_json(pair: tuple[int, int]) -> dict[str, Any]:
    found, total = pair
    return {"found": found, "total": total, "share": found / total if total else None}


def _shares_json(shares: Shares | None) -> dict[str, Any] | None:
    if shares is None:
        return None
    return {k: _pair_json(v) for k, v in shares.items()}
