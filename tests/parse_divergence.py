"""Count the bench pages whose lxml tree loses visible text against html5lib's tree.

Usage::

    python tests/parse_divergence.py BENCH_DIR [--sets sh,tr,rd,wx]
                                     [--thresholds 0.02,0.1,0.5] [--cache FILE]
                                     [--without-repairs] [--oracle html5lib|lexbor]

Prints, per set and half, how many pages lose more than each threshold of the oracle's
visible text, and lists the TUNE pages over the lowest one (CHECK pages are counted,
never named: they are for measuring, not for studying). ``--without-repairs`` parses as
mainmark did before the end-tag repair, for a before/after count. html5lib takes about
half a second per page, so a full run takes a while; ``--cache`` keeps the oracle's
counts between runs (they do not depend on mainmark's code). ``--oracle lexbor`` counts
with selectolax's Lexbor engine instead (another WHATWG parser, in C, about a hundred
times faster; it agrees with html5lib within 1% on the sh and rd pages), for a census of
the whole bench; it needs ``pip install selectolax``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from mainmark.page import parse as parse_module
from mainmark.page.decode import decode
from mainmark_eval.datasets import SETS, check_ids, load_set
from parse_oracle import Divergence, html5_words, lexbor_words, mainmark_words


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("bench", type=Path)
    p.add_argument("--sets", default=",".join(SETS))
    p.add_argument("--thresholds", default="0.02,0.1,0.5")
    p.add_argument("--cache", type=Path, help="JSON file of the oracle's counts per page")
    p.add_argument("--without-repairs", action="store_true")
    p.add_argument("--oracle", choices=("html5lib", "lexbor"), default="html5lib")
    args = p.parse_args(argv)
    oracle = html5_words if args.oracle == "html5lib" else lexbor_words
    if args.without_repairs:
        parse_module.prepare = parse_module.sanitize
    limits = sorted(float(t) for t in args.thresholds.split(","))
    cache: dict[str, int] = {}
    if args.cache and args.cache.is_file():
        cache = json.loads(args.cache.read_text(encoding="utf-8"))
    check = check_ids(args.bench)
    for name in args.sets.split(","):
        counts = {h: [0] * (len(limits) + 1) for h in ("tune", "check")}
        tune_pages: list[tuple[str, Divergence]] = []
        for page in load_set(args.bench, name).pages:
            text = decode(page.data).text
            key = f"{args.oracle}:{name}/{page.id}"
            if key not in cache:
                cache[key] = oracle(text)
                if args.cache and len(cache) % 25 == 0:
                    args.cache.write_text(json.dumps(cache), encoding="utf-8")
            d = Divergence(mainmark_words(text), cache[key])
            half = "check" if page.id in check.get(name, ()) else "tune"
            counts[half][-1] += 1
            for i, limit in enumerate(limits):
                counts[half][i] += d.lost > limit
            if half == "tune" and d.lost > limits[0]:
                tune_pages.append((page.id, d))
        for half, row in counts.items():
            over = "  ".join(f">{limit:.0%}: {n}" for limit, n in zip(limits, row, strict=False))
            print(f"{name} {half.upper()} ({row[-1]} pages) losing {over}")
        for page_id, d in tune_pages:
            print(f"  TUNE {page_id}: ours {d.ours} oracle {d.oracle} lost {d.lost:.1%}")
        sys.stdout.flush()
        if args.cache:
            args.cache.write_text(json.dumps(cache), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
