"""The eval table: compact text or markdown for people, JSON for scripts.

The table is printed last and kept short (one row per set and system, with the F1
of the TUNE and CHECK halves beside the whole set's, then the wx page types as a
small second table, then one line per extra figure), because the thing most often
read is the tail of a CI log or of a hook's output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from mainmark_eval.metrics import SetScore

Shares = Mapping[str, tuple[int, int]]
#: The halves of ``check-split.json``, in display order.
HALVES = ("tune", "check")


@dataclass(frozen=True, slots=True)
class HalfScore:
    """A system's score on one half (TUNE or CHECK) of ``check-split.json``."""

    pages: int
    score: SetScore


@dataclass(frozen=True, slots=True)
class TypeScore:
    """One page type of a set (wx): the whole type and each half of it."""

    pages: int
    score: SetScore
    halves: Mapping[str, HalfScore] = field(default_factory=dict)


@dataclass(slots=True)
class SystemResult:
    """One system over one set: counts, time and scores, ready to print.

    Errors and empty pages are counted apart from the score so a drop in F1 can be told
    from a run of crashes.
    """

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
    #: The set's score on each half of check-split.json (empty without a split).
    halves: dict[str, HalfScore] = field(default_factory=dict)
    #: Per page type (wx), empty for sets without types.
    types: dict[str, TypeScore] = field(default_factory=dict)
    #: Metadata agreement per half.
    metadata_halves: dict[str, Shares] = field(default_factory=dict)

    @property
    def pages_per_second(self) -> float:
        """Throughput over the timed extraction calls only; 0 when no time was measured."""
        return self.pages / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class SetResult:
    """Everything the report shows for one set, scored systems and untimed extras alike."""

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
    #: Pages left out of scoring (wx: empty reference).
    unscored: int = 0

    def system(self, name: str) -> SystemResult | None:
        """The scored result of the system called ``name``, or ``None`` if it did not run."""
        return next((s for s in self.systems if s.system == name), None)


@dataclass(slots=True)
class Report:
    """A whole ``mainmark eval`` run: what was scored, from where, and which scorers ran.

    The availability flags let a reader tell a missing figure from a zero one.
    """

    bench: str
    scored: str
    sets: list[SetResult]
    #: Whether the metadata / structure scorers could be imported.
    metadata_available: bool = True
    structure_available: bool = True
    #: Whether the folder had a check-split.json (the halves are then filled in).
    split: bool = False


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


_HEADER = ("set", "system", "pages", "err", "empty", "prec", "rec", "F1", "acc",
           "F1-TUNE", "F1-CHECK", "sec", "pages/s")


def _half_f1(r: SystemResult | TypeScore, half: str) -> str:
    h = r.halves.get(half)
    return "-" if h is None else f"{h.score.f1:.3f}"


def _row(set_name: str, r: SystemResult) -> tuple[str, ...]:
    s = r.score
    scores = ("-",) * 4 if s is None else (
        _num(s.precision), _num(s.recall), _num(s.f1), _num(s.accuracy))
    return (set_name, r.system, str(r.pages), str(r.errors), str(r.empty), *scores,
            *(_half_f1(r, h) for h in HALVES), f"{r.seconds:.2f}", f"{r.pages_per_second:.1f}")


def table_rows(report: Report) -> list[tuple[str, ...]]:
    """One row per set and scored system, in :data:`_HEADER` order (timing runs left out)."""
    rows: list[tuple[str, ...]] = []
    for result in report.sets:
        rows.extend(_row(result.name, r) for r in result.systems)
    return rows


def type_rows(result: SetResult) -> list[tuple[str, ...]]:
    """Header and rows of the per-type table of one set (F1 whole / TUNE / CHECK per system);
    empty when the set has no page types."""
    kinds = sorted({k for r in result.systems for k in r.types})
    if not kinds:
        return []
    header = ["type", "pages", "TUNE", "CHECK"]
    for r in result.systems:
        header.extend([r.system, "TUNE", "CHECK"])
    rows = [tuple(header)]
    first = result.systems[0].types
    for kind in kinds:
        t = first.get(kind)
        row = [kind, str(t.pages) if t else "-",
               *(str(t.halves[h].pages) if t and h in t.halves else "-" for h in HALVES)]
        for r in result.systems:
            ts = r.types.get(kind)
            row.extend(["-"] * 3 if ts is None else
                       [f"{ts.score.f1:.3f}", *(_half_f1(ts, h) for h in HALVES)])
        rows.append(tuple(row))
    return rows


def extra_lines(report: Report) -> list[str]:
    """Speed ratio, chunking cost, structure recall, metadata and title agreement."""
    lines: list[str] = []
    ratios = [(r.name, speed_ratio(r)) for r in report.sets]
    shown = [f"{name} {ratio:.2f}x" for name, ratio in ratios if ratio is not None]
    if shown:
        lines.append("speed mainmark/trafilatura (pages/s ratio): " + "  ".join(shown))
    if not report.split:
        lines.append("halves: no check-split.json in the folder, TUNE/CHECK not scored")
    for result in report.sets:
        if result.unscored:
            lines.append(f"{result.name}: {result.unscored} pages with an empty reference "
                         "not scored")
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


def _shares_line(shares: Shares) -> str:
    return "  ".join(f"{k} {_share(v)}" for k, v in shares.items()) or "no annotated pages"


def _metadata_lines(report: Report, result: SetResult) -> list[str]:
    if result.name not in ("tr", "rd", "wx"):
        return []
    lines = []
    if not report.metadata_available:
        lines.append(f"{result.name} metadata: not available")
    else:
        for r in result.systems:
            if r.metadata is not None:
                lines.append(f"{result.name} metadata {r.system}: {_shares_line(r.metadata)}")
            for half in HALVES:
                if half in r.metadata_halves:
                    lines.append(f"{result.name} metadata {r.system} {half.upper()}: "
                                 f"{_shares_line(r.metadata_halves[half])}")
    if result.name == "rd":
        titles = [f"{r.system} {_share(r.title)}" for r in result.systems if r.title]
        if titles:
            lines.append("rd title (ws collapsed, casefolded): " + "  ".join(titles))
    return lines


def _headline(report: Report) -> str:
    counts = ", ".join(f"{r.name} {max((s.pages for s in r.systems), default=0)}"
                       for r in report.sets)
    return f"mainmark eval {report.bench} ({counts}); scored: {report.scored}"


def _aligned(rows: list[tuple[str, ...]], left: int) -> list[str]:
    """Rows as space-aligned text: the first ``left`` columns left-aligned, numbers right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        pairs = enumerate(zip(row, widths, strict=True))
        cells = [c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in pairs]
        out.append("  ".join(cells).rstrip())
    return out


def _markdown_table(rows: list[tuple[str, ...]]) -> list[str]:
    head, *body = rows
    return ["| " + " | ".join(head) + " |", "|" + "---|" * len(head),
            *("| " + " | ".join(row) + " |" for row in body)]


def format_text(report: Report) -> str:
    """Aligned plain text for a terminal or the tail of a CI log, where the report is read."""
    lines = [_headline(report), *_aligned([_HEADER, *table_rows(report)], 2)]
    for result in report.sets:
        grid = type_rows(result)
        if grid:
            lines.append(f"{result.name} F1 by page type (whole set, TUNE, CHECK):")
            lines.extend("  " + line for line in _aligned(grid, 1))
    lines.extend(extra_lines(report))
    return "\n".join(lines) + "\n"


def format_markdown(report: Report) -> str:
    """The same tables as :func:`format_text`, as markdown for a pull request or a doc."""
    lines = [_headline(report), "", *_markdown_table([_HEADER, *table_rows(report)])]
    for result in report.sets:
        grid = type_rows(result)
        if grid:
            lines.extend(["", f"{result.name} F1 by page type (whole set, TUNE, CHECK):", "",
                          *_markdown_table(grid)])
    extras = extra_lines(report)
    if extras:
        lines.append("")
        lines.extend(f"- {line}" for line in extras)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- json


def to_json(report: Report) -> str:
    """The full report, per-page flags included, for scripts and before/after diffs."""
    return json.dumps(_json_ready(report), ensure_ascii=False, indent=2) + "\n"


def _json_ready(report: Report) -> dict[str, Any]:
    sets: dict[str, Any] = {}
    for result in report.sets:
        entry: dict[str, Any] = {
            "systems": {r.system: _system_json(r) for r in result.systems},
            "timing": {r.system: _system_json(r) for r in result.timing},
            "speed_ratio_mainmark_over_trafilatura": speed_ratio(result),
            "problems": result.problems,
            "unscored": result.unscored,
        }
        if result.name == "rd":
            entry["structure"] = _shares_json(result.structure)
        if result.page_flags is not None:
            entry["page_flags"] = result.page_flags
        sets[result.name] = entry
    return {"bench": report.bench, "scored": report.scored, "sets": sets, "split": report.split,
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
        "halves": {h: _half_json(v) for h, v in r.halves.items()},
        "types": {k: {**_half_json(HalfScore(t.pages, t.score)),
                      "halves": {h: _half_json(v) for h, v in t.halves.items()}}
                  for k, t in r.types.items()},
        "metadata_halves": {h: _shares_json(v) for h, v in r.metadata_halves.items()},
    }


def _half_json(h: HalfScore) -> dict[str, Any]:
    return {"pages": h.pages, "score": asdict(h.score)}


def _pair_json(pair: tuple[int, int]) -> dict[str, Any]:
    found, total = pair
    return {"found": found, "total": total, "share": found / total if total else None}


def _shares_json(shares: Shares | None) -> dict[str, Any] | None:
    if shares is None:
        return None
    return {k: _pair_json(v) for k, v in shares.items()}
