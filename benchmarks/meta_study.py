#!/usr/bin/env python3
"""Metadata study under the TUNE/CHECK discipline: title, author and date agreement on the
``tr`` and ``wx`` halves, a before/after comparison, and the TUNE misses of one field.

    .venv/bin/python benchmarks/meta_study.py run base.json            # extract, cache, score
    .venv/bin/python benchmarks/meta_study.py run new.json --against base.json
    .venv/bin/python benchmarks/meta_study.py misses base.json wx author [--limit 80]

Needs ``../shared/bench`` and the neutral scorer ``../shared/tools/bench_score.py``: its
loaders, annotations and agreement rules are imported, so the figures are the referee's
(``bench_score.py --meta``), not ours. A run extracts every annotated page once in two
worker processes (about 45 s) and caches, per page, the three values and the signal each
came from.

Why a comparison prints how many CHECK pages changed and no more: a mechanism written
from TUNE pages either reaches pages it was not written on or it does not. "0 CHECK pages
changed" says the change fits the pages it was written on only, whatever TUNE gained;
which CHECK pages changed is not shown, so CHECK stays a number. ``misses`` never lists a
CHECK page.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT.parent / "shared" / "tools"
SETS = ("tr", "wx")
FIELDS = ("title", "author", "date")


def _referee() -> Any:
    sys.path.insert(0, str(TOOLS))
    import bench_score  # type: ignore[import-not-found]

    return bench_score


def _extract(job: tuple[str, str, str | None, bytes]) -> tuple[str, str, dict[str, Any]]:
    name, page_id, url, html = job
    import mainmark

    try:
        meta = mainmark.extract(html, url=url).metadata
    except Exception as exc:  # a crash agrees with nothing, as in the referee
        return name, page_id, {"error": repr(exc)}
    return name, page_id, {
        "title": meta.title,
        "author": list(meta.author),
        "date": meta.published,
        "modified": meta.modified,
        "sources": dict(meta.sources),
        "page_type": meta.page_type.value,
    }


def _agrees(ref: Any, field: str, gold: dict[str, Any], got: dict[str, Any]) -> bool:
    if field == "title":
        return bool(ref._fold(got.get("title")) == ref._fold(gold["title"]))
    if field == "author":
        names = ref._names(got.get("author"))
        return bool(names) and names == ref._names(gold["author"])
    return (got.get("date") or "")[:10] == str(gold["date"])[:10]


def run(out: Path, against: Path | None) -> None:
    ref = _referee()
    jobs = []
    for name in SETS:
        gold = ref.meta_gold(name)
        for item in ref.load(name):
            if any((gold.get(item["id"]) or {}).values()):
                jobs.append((name, item["id"], item["url"], item["html"]))
    found: dict[str, dict[str, Any]] = {name: {} for name in SETS}
    with mp.Pool(2) as pool:
        for name, page_id, values in pool.imap_unordered(_extract, jobs, chunksize=8):
            found[name][page_id] = values
    out.write_text(json.dumps(found, sort_keys=True), encoding="utf-8")
    report(out, against)


def report(path: Path, against: Path | None) -> None:
    ref = _referee()
    check = json.loads((ref.BENCH / "check-split.json").read_text(encoding="utf-8"))
    now = json.loads(path.read_text(encoding="utf-8"))
    before = json.loads(against.read_text(encoding="utf-8")) if against else None
    print("| set | half | " + " | ".join(FIELDS) + " |")
    print("|---|---|" + "---|" * len(FIELDS))
    changed: dict[str, int] = {}
    for name in SETS:
        gold, in_check = ref.meta_gold(name), set(check.get(name, ()))
        for half in ("TUNE", "CHECK"):
            cells = []
            for field in FIELDS:
                ids = [i for i in now[name] if gold[i].get(field)
                       and (i in in_check) == (half == "CHECK")]
                agree = [_agrees(ref, field, gold[i], now[name][i]) for i in ids]
                cell = f"{sum(agree) / len(ids):.4f} ({len(ids)})"
                if before is not None:
                    was = [_agrees(ref, field, gold[i], before[name][i]) for i in ids]
                    cell += f" {(sum(agree) - sum(was)) / len(ids):+.4f}"
                    flips = sum(a != b for a, b in zip(agree, was, strict=True))
                    changed[f"{name} {half} {field}"] = flips
                cells.append(cell)
            print(f"| {name} | {half} | " + " | ".join(cells) + " |")
    if before is not None:
        moved = {k: v for k, v in changed.items() if v}
        print("pages whose agreement changed:", moved or "none")


def misses(path: Path, name: str, field: str, limit: int) -> None:
    ref = _referee()
    check = set(json.loads((ref.BENCH / "check-split.json").read_text(encoding="utf-8"))[name])
    found = json.loads(path.read_text(encoding="utf-8"))[name]
    gold = ref.meta_gold(name)
    source_key = "published" if field == "date" else field
    missed = [i for i in sorted(found) if i not in check and gold[i].get(field)
              and not _agrees(ref, field, gold[i], found[i])]
    for page_id in missed[:limit]:
        got = found[page_id]
        print(f"{page_id}\n  annotated {gold[page_id][field]!r}\n  got       {got.get(field)!r}"
              f"  ({got.get('sources', {}).get(source_key)}, {got.get('page_type')})")
    print(f"{len(missed)} TUNE misses")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run_p = sub.add_parser("run")
    run_p.add_argument("out", type=Path)
    run_p.add_argument("--against", type=Path)
    miss_p = sub.add_parser("misses")
    miss_p.add_argument("cache", type=Path)
    miss_p.add_argument("set", choices=SETS)
    miss_p.add_argument("field", choices=FIELDS)
    miss_p.add_argument("--limit", type=int, default=60)
    args = parser.parse_args()
    if not (TOOLS / "bench_score.py").exists():
        raise SystemExit("needs ../shared/tools/bench_score.py and ../shared/bench")
    if args.command == "run":
        run(args.out, args.against)
    else:
        misses(args.cache, args.set, args.field, args.limit)


if __name__ == "__main__":
    main()
