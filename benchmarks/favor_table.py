#!/usr/bin/env python3
"""P/R/F1 of each ``Options.favor`` mode on the shared bench, TUNE and CHECK halves.

    .venv/bin/python benchmarks/favor_table.py                  # all sets, all modes
    .venv/bin/python benchmarks/favor_table.py -d tr --half tune --modes balanced,recall

The neutral scorer (``../shared/tools/bench_score.py``) only runs the default options; this
script borrows its loaders and metric functions (imported by path, unchanged) and runs
``mainmark.extract(..., options=Options(favor=mode))`` instead, so the figures are the
scorer's own. CHECK pages are only ever turned into numbers here: nothing is printed about
a page. The shared data is looked for next to the repository (``../shared``), or under
``$MAINMARK_SHARED``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import mainmark
from mainmark.options import FAVORS, Options

REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    return Path(os.environ.get("MAINMARK_SHARED", REPO.parent / "shared"))


def load_scorer(path: Path | None = None) -> ModuleType:
    """The neutral scorer as a module, without running its command line."""
    path = path or shared_dir() / "tools" / "bench_score.py"
    spec = importlib.util.spec_from_file_location("bench_score", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _texts(items: list[dict[str, Any]], favor: str) -> list[str]:
    options = Options(favor=favor, chunking=False)  # type: ignore[arg-type]
    out = []
    for it in items:
        try:
            out.append(mainmark.extract(it["html"], url=it["url"], options=options).text)
        except Exception:  # a crash scores as an empty output, as in the scorer
            out.append("")
    return out


def table(sets: list[str], modes: list[str], halves: list[str]) -> list[dict[str, Any]]:
    """One row per set, mode and half: ``{"set", "mode", "half", "n", "p", "r", "f1"}``."""
    bs = load_scorer()
    check = json.loads((shared_dir() / "bench" / "check-split.json").read_text("utf-8"))
    rows: list[dict[str, Any]] = []
    for ds in sets:
        in_check = set(check.get(ds, ()))
        items = [it for it in bs.load(ds)
                 if ("check" if it["id"] in in_check else "tune") in halves]
        for mode in modes:
            texts = _texts(items, mode)
            for half in halves:
                pairs = [(it, t) for it, t in zip(items, texts, strict=True)
                         if (it["id"] in in_check) == (half == "check")]
                p, r, f1 = bs.score(ds, [a for a, _ in pairs], [b for _, b in pairs])
                rows.append({"set": ds, "mode": mode, "half": half, "n": len(pairs),
                             "p": round(p, 4), "r": round(r, 4), "f1": round(f1, 4)})
            print(f"  {ds} {mode} done", file=sys.stderr)
    return rows


def markdown(rows: list[dict[str, Any]], halves: list[str]) -> str:
    head = "| set | mode | " + " | ".join(f"{h.upper()} P / R / F1" for h in halves) + " |"
    lines = [head, "|---|---|" + "---|" * len(halves)]
    keyed = {(r["set"], r["mode"], r["half"]): r for r in rows}
    for ds, mode in dict.fromkeys((r["set"], r["mode"]) for r in rows):
        cells = []
        for h in halves:
            r = keyed[(ds, mode, h)]
            cells.append(f"{r['p']:.3f} / {r['r']:.3f} / {r['f1']:.3f} ({r['n']})")
        lines.append(f"| {ds} | {mode} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-d", "--sets", default="sh,tr,rd,wx")
    ap.add_argument("--modes", default=",".join(FAVORS))
    ap.add_argument("--half", choices=["tune", "check"], help="only this half")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    halves = [args.half] if args.half else ["tune", "check"]
    rows = table(args.sets.split(","), args.modes.split(","), halves)
    print(json.dumps(rows, indent=1) if args.json else markdown(rows, halves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
