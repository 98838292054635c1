#!/usr/bin/env python3
"""Content F1 per half and per wx page kind, cached per run, for before/after comparisons.

    .venv/bin/python benchmarks/kind_study.py run new.json [--against base.json]
    .venv/bin/python benchmarks/kind_study.py run forum.json --force forum --sets wx
    .venv/bin/python benchmarks/kind_study.py run off.json --without drop_repeats --against a.json

Scores with the referee's own loaders and metrics (``../shared/tools/bench_score.py``), so
the figures are ``bench_score.py``'s. A run extracts every page once in two worker
processes and caches each page's text and kind. ``--force KIND`` acts on one kind's
behaviour on every page: seven such runs give, per labelled kind, what each behaviour is
worth on TUNE (how ``pagekind.behaviour``'s table was chosen, ``docs/pagekind.md``).
A comparison prints, per set and half, the F1 of both runs and how many pages changed;
CHECK pages are counted, never named.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT.parent / "shared" / "tools"
SETS = ("sh", "tr", "rd", "wx")


def _referee() -> Any:
    sys.path.insert(0, str(TOOLS))
    import bench_score  # type: ignore[import-not-found]

    return bench_score


def _setup(kind: str | None, without: str | None) -> None:
    _force(kind)
    _without(without)


def _without(field: str | None) -> None:
    """Switch one mechanism of the behaviour table off for every kind in this worker (the
    audit of ``pagekind.behaviour``: what the field is worth where it is on)."""
    if not field:
        return
    import dataclasses

    from mainmark.pagekind import behaviour, decide

    off: Any = {f.name: f.default for f in dataclasses.fields(behaviour.Behaviour)}[field]
    table = {kind: dataclasses.replace(row, **{field: off})
             for kind, row in behaviour.BEHAVIOURS.items()}
    _patch(decide, "BEHAVIOURS", table)


def _patch(module: Any, name: str, value: Any) -> None:
    """Replace a module global in this worker only (a study, never the shipped path)."""
    vars(module)[name] = value


def _force(kind: str | None) -> None:
    """Make every page act as ``kind`` in this worker: what one behaviour of
    ``pagekind.behaviour`` is worth on every page."""
    if not kind:
        return
    import dataclasses

    from mainmark import pipeline
    from mainmark.model import PageType
    from mainmark.pagekind import decide

    forced = PageType(kind)

    def classify(*args: Any) -> Any:
        return dataclasses.replace(decide.classify(*args), kind=forced)

    _patch(pipeline, "classify", classify)


def _extract(job: tuple[str, str, str | None, bytes]) -> tuple[str, str, dict[str, Any]]:
    ds, page_id, url, html = job
    import mainmark

    try:
        doc = mainmark.extract(html, url=url)
    except Exception as exc:  # a crash scores as an empty output, as in the referee
        return ds, page_id, {"text": "", "kind": "error", "error": repr(exc)}
    meta = doc.metadata
    return ds, page_id, {"text": doc.text, "kind": meta.page_type.value,
                         "confidence": getattr(meta, "page_type_confidence", None)}


def run(path: Path, sets: tuple[str, ...], force: str | None,
        without: str | None = None) -> dict[str, dict[str, Any]]:
    ref = _referee()
    jobs = [(ds, it["id"], it["url"], it["html"]) for ds in sets for it in ref.load(ds)]
    out: dict[str, dict[str, Any]] = {ds: {} for ds in sets}
    with mp.Pool(2, initializer=_setup, initargs=(force, without)) as pool:
        for ds, page_id, got in pool.imap_unordered(_extract, jobs, chunksize=4):
            out[ds][page_id] = got
    path.write_text(json.dumps(out))
    return out


def table(runs: list[tuple[str, dict[str, dict[str, Any]]]], sets: tuple[str, ...]) -> None:
    ref = _referee()
    check = json.loads((ref.BENCH / "check-split.json").read_text(encoding="utf-8"))
    print("| set | half | " + " | ".join(name for name, _ in runs) + " | pages changed |")
    print("|---|---|" + "---|" * len(runs) + "---|")
    for ds in sets:
        items = ref.load(ds)
        in_check = set(check.get(ds, ()))
        for half in ("tune", "check"):
            sel = [it for it in items if (it["id"] in in_check) == (half == "check")]
            cells = []
            for _, data in runs:
                texts = [data[ds].get(it["id"], {}).get("text", "") for it in sel]
                cells.append(f"{ref.score(ds, sel, texts)[2]:.5f}")
            changed = ""
            if len(runs) == 2:
                changed = str(sum(runs[0][1][ds].get(it["id"], {}).get("text")
                                  != runs[1][1][ds].get(it["id"], {}).get("text") for it in sel))
            print(f"| {ds} | {half.upper()} | " + " | ".join(cells) + f" | {changed} |")
    if "wx" not in sets:
        return
    items = ref.load("wx")
    in_check = set(check.get("wx", ()))
    for half in ("tune", "check"):
        by: dict[str, list[Any]] = defaultdict(list)
        for it in items:
            if (it["id"] in in_check) == (half == "check"):
                by[it["type"]].append(it)
        for name, data in runs:
            parts = []
            for kind, sel in sorted(by.items()):
                texts = [data["wx"].get(it["id"], {}).get("text", "") for it in sel]
                f1 = ref.score_bag(sel, texts)[2]
                acc = sum(data["wx"].get(it["id"], {}).get("kind") == kind for it in sel) / len(sel)
                parts.append(f"{kind} {f1:.3f} (type acc {acc:.2f}, {len(sel)})")
            print(f"wx {half.upper()} {name}: " + ", ".join(parts))


def _kinds() -> list[Any]:
    from mainmark.model import PageType

    return list(PageType)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cmd", choices=["run", "show"])
    ap.add_argument("path", type=Path)
    ap.add_argument("--against", type=Path)
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--force", choices=[k.value for k in _kinds()],
                    help="act on this kind on every page (the behaviour's worth)")
    ap.add_argument("--without", help="switch this Behaviour field off for every kind")
    args = ap.parse_args(argv)
    sets = tuple(args.sets.split(","))
    data = (run(args.path, sets, args.force, args.without) if args.cmd == "run"
            else json.loads(args.path.read_text()))
    runs = [(args.path.stem, data)]
    if args.against:
        runs.insert(0, (args.against.stem, json.loads(args.against.read_text())))
    table(runs, sets)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
