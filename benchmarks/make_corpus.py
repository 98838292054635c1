"""Choose and copy the real-page test corpus: WCXB TUNE pages into ``tests/pages/wcxb``.

    .venv/bin/python benchmarks/make_corpus.py              # from ../shared/bench
    .venv/bin/python benchmarks/make_corpus.py --check      # exit 1 if the corpus differs

Why a corpus in the repository: a fresh clone must test the extractor on real pages with
their chrome, not only on synthetic ones, and the larger benchmark in ``../shared`` is not
redistributable as a whole. WCXB is CC-BY-4.0, so its pages may be copied with their
attribution (``tests/pages/wcxb/README.md`` and ``LICENSE``).

How pages are chosen, deterministically: only TUNE pages (never a page of
``check-split.json``'s CHECK half: the corpus is studied and tuned against, CHECK is not);
:data:`PER_KIND` pages of each of the seven page kinds, the pages named in :data:`KEEP`
first (each chosen for a defect a test guards), then the rest in the order of the SHA-1 of
their id, at most one page per domain, only pages whose gzip is at most
:data:`MAX_GZIP_BYTES` (a lean clone) and whose ground truth has text. Files are copied
unchanged, in the benchmark's own layout (``wx/html``, ``wx/ground-truth``,
``wx/pages.json``), so the evaluation code reads the corpus as it reads the benchmark.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent.parent / "shared" / "bench"
CORPUS = HERE.parent / "tests" / "pages" / "wcxb" / "wx"
PER_KIND = 22
MAX_GZIP_BYTES = 60_000
#: Pages kept whatever the order says: each is named by a test (see the corpus README).
KEEP = ("0498", "0536", "2911", "2997", "4017", "4195", "4264", "4320", "4359", "4398", "4451",
        "4519", "4549", "4552", "4669", "4736")


def choose(bench: Path) -> list[str]:
    """The corpus's page ids, in the order they were chosen."""
    wx = bench / "wx"
    kinds: dict[str, dict[str, object]] = json.loads((wx / "pages.json").read_text("utf-8"))
    check = set(json.loads((bench / "check-split.json").read_text("utf-8"))["wx"])
    tune = [i for i in kinds if i not in check]
    keep = [i for i in KEEP if i in tune]
    order = keep + sorted((i for i in tune if i not in keep),
                          key=lambda i: hashlib.sha1(i.encode()).hexdigest())
    chosen: list[str] = []
    per_kind: dict[object, int] = {}
    domains: set[object] = set()
    for page_id in order:
        kind, domain = kinds[page_id]["page_type"], kinds[page_id]["domain"]
        if page_id not in keep:
            if per_kind.get(kind, 0) >= PER_KIND or domain in domains:
                continue
            if (wx / "html" / f"{page_id}.html.gz").stat().st_size > MAX_GZIP_BYTES:
                continue
            truth = json.loads((wx / "ground-truth" / f"{page_id}.json").read_text("utf-8"))
            if not str((truth.get("ground_truth") or {}).get("main_content") or "").strip():
                continue
        chosen.append(page_id)
        per_kind[kind] = per_kind.get(kind, 0) + 1
        domains.add(domain)
    return sorted(chosen)


def write(bench: Path, out: Path, ids: list[str]) -> None:
    kinds = json.loads((bench / "wx" / "pages.json").read_text("utf-8"))
    if out.exists():
        shutil.rmtree(out)
    (out / "html").mkdir(parents=True)
    (out / "ground-truth").mkdir()
    for page_id in ids:
        shutil.copyfile(bench / "wx" / "html" / f"{page_id}.html.gz",
                        out / "html" / f"{page_id}.html.gz")
        shutil.copyfile(bench / "wx" / "ground-truth" / f"{page_id}.json",
                        out / "ground-truth" / f"{page_id}.json")
    listing = {page_id: kinds[page_id] for page_id in ids}
    (out / "pages.json").write_text(json.dumps(listing, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", type=Path, default=BENCH)
    ap.add_argument("--check", action="store_true",
                    help="compare the chosen ids with the corpus's, write nothing")
    args = ap.parse_args(argv)
    ids = choose(args.bench)
    if args.check:
        have = sorted(json.loads((CORPUS / "pages.json").read_text("utf-8")))
        if have != ids:
            sys.stderr.write(f"corpus differs: {len(have)} pages, the rule chooses {len(ids)}\n")
            return 1
        return 0
    write(args.bench, CORPUS, ids)
    sys.stdout.write(f"{len(ids)} pages written to {CORPUS.relative_to(HERE.parent)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
