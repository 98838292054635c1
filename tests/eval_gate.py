"""CI quality gate: mainmark's F1 on each bench set must stay at or above its pinned floors.

Usage::

    python tests/eval_gate.py BENCH_DIR                 # exit 1 if a set is below its floor
    python tests/eval_gate.py BENCH_DIR --lower-floors  # accept a loss: floor := F1 - margin
    python tests/eval_gate.py BENCH_DIR --raise-floors  # lock in a gain: floor := F1 - margin

Floors live in ``tests/eval_baseline.json`` (``--baseline`` to use another file): ``floors``
for each set's F1 over all its pages, ``check_floors`` for its CHECK half (the pages of
``check-split.json``, which nobody studies; a change that keeps the whole set and loses on
CHECK is fitting pages). Lowering a floor is a decision, so it takes its own flag and shows
up as a diff to that file in review; ``--raise-floors`` never lowers anything. mainmark runs
alone (no reference extractor), with chunking off and without the chunking timing run, to
keep CI fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from mainmark.options import Options
from mainmark_eval.bench import evaluate_bench
from mainmark_eval.datasets import SETS, available_sets

DEFAULT_BASELINE = Path(__file__).resolve().parent / "eval_baseline.json"
DEFAULT_MARGIN = 0.003


#: How a CHECK floor is named in the flat {name: value} maps the gate works on.
CHECK_SUFFIX = " CHECK"


def measure(bench: Path, sets: Sequence[str]) -> dict[str, float]:
    """F1 per set and per set's CHECK half (``"wx CHECK"``), printing the table."""
    from mainmark_eval.report import format_text

    # Links inline, as `mainmark eval` scores: the rd structure recall reads link and
    # image syntax (the scored text is the same either way).
    report = evaluate_bench(bench, sets, chunk_timing=False,
                            options=Options(chunking=False, links="inline"))
    sys.stdout.write(format_text(report))
    measured: dict[str, float] = {}
    for result in report.sets:
        mainmark = result.system("mainmark")
        if mainmark is not None and mainmark.score is not None:
            measured[result.name] = mainmark.score.f1
            if "check" in mainmark.halves:
                measured[result.name + CHECK_SUFFIX] = mainmark.halves["check"].score.f1
    return measured


def load_baseline(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("floors"), dict):
        raise SystemExit(f"eval_gate: {path} has no 'floors' object")
    if not isinstance(data.get("check_floors", {}), dict):
        raise SystemExit(f"eval_gate: {path}: 'check_floors' is not an object")
    return data


def flat_floors(baseline: dict[str, object]) -> dict[str, float]:
    """``floors`` and ``check_floors`` as one map: ``{"wx": 0.82, "wx CHECK": 0.81}``."""
    out: dict[str, float] = {}
    for key, suffix in (("floors", ""), ("check_floors", CHECK_SUFFIX)):
        raw = baseline.get(key) or {}
        assert isinstance(raw, dict)
        out.update({f"{k}{suffix}": float(v) for k, v in raw.items()})
    return out


def store_floors(baseline: dict[str, object], floors: dict[str, float]) -> None:
    baseline["floors"] = {k: v for k, v in floors.items() if not k.endswith(CHECK_SUFFIX)}
    baseline["check_floors"] = {k.removesuffix(CHECK_SUFFIX): v for k, v in floors.items()
                                if k.endswith(CHECK_SUFFIX)}


def new_floors(floors: dict[str, float], measured: dict[str, float], margin: float,
               *, lower: bool, raise_: bool) -> dict[str, float]:
    """Floors after the allowed moves: down only with ``lower``, up only with ``raise_``."""
    out = dict(floors)
    for name, f1 in measured.items():
        target = round(max(f1 - margin, 0.0), 3)
        current = floors.get(name)
        if current is None or (lower and target < current) or (raise_ and target > current):
            out[name] = target
    return out


def _verdicts(floors: dict[str, float], measured: dict[str, float]) -> list[str]:
    """Print one line per floor; return the names below theirs (a missing figure fails)."""
    failed = []
    for name, floor in floors.items():
        f1 = measured.get(name)
        if f1 is None:
            print(f"  {name}: not measured (no check-split.json?)  floor {floor:.3f}  MISSING")
            failed.append(name)
            continue
        verdict = "ok" if f1 >= floor else "BELOW FLOOR"
        print(f"  {name}: measured {f1:.4f}  floor {floor:.3f}  {verdict}")
        if f1 < floor:
            failed.append(name)
    return failed


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("bench", type=Path, help="benchmark folder (../shared/bench)")
    p.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    p.add_argument("--lower-floors", action="store_true",
                   help="rewrite the baseline, lowering floors to measured - margin")
    p.add_argument("--raise-floors", action="store_true",
                   help="rewrite the baseline, raising floors to measured - margin")
    args = p.parse_args(argv)

    baseline = load_baseline(args.baseline)
    floors = flat_floors(baseline)
    margin = float(str(baseline.get("margin", DEFAULT_MARGIN)))
    pinned = {name.removesuffix(CHECK_SUFFIX) for name in floors}
    sets = [s for s in SETS if s in pinned and s in available_sets(args.bench)]
    if not sets:
        print(f"eval_gate: none of {', '.join(sorted(pinned))} found under {args.bench}")
        return 1
    measured = measure(args.bench, sets)
    checked = {k: v for k, v in floors.items() if k.removesuffix(CHECK_SUFFIX) in sets}

    print(f"\neval_gate: F1 floors from {args.baseline.name} (margin {margin})")
    failed = _verdicts(checked, measured)
    for name in sorted(pinned - set(sets)):
        print(f"  {name}: set not found under {args.bench}, not checked")

    if args.lower_floors or args.raise_floors:
        updated = new_floors(floors, measured, margin,
                             lower=args.lower_floors, raise_=args.raise_floors)
        if updated != floors:
            store_floors(baseline, updated)
            args.baseline.write_text(json.dumps(baseline, indent=2) + "\n", encoding="utf-8")
            print(f"eval_gate: rewrote {args.baseline}: {floors} -> {updated}")
        if args.lower_floors:
            failed = [n for n in failed if n in measured and measured[n] < updated[n]]

    if failed:
        print(f"eval_gate: FAILED on {', '.join(failed)} (F1 below the pinned floor; "
              "fix the regression, or accept it explicitly with --lower-floors)")
        return 1
    print("eval_gate: passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
