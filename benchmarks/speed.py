"""Speed and memory of the whole pipeline, measured the same way every time.

    .venv/bin/python benchmarks/speed.py                      # ../shared/bench, 3 passes
    .venv/bin/python benchmarks/speed.py --limit 200 --passes 1
    .venv/bin/python benchmarks/speed.py --memory 50          # peak RSS of a 50 MB page
    .venv/bin/python benchmarks/speed.py PAGES_DIR            # any folder of .html / .gz
    .venv/bin/python benchmarks/speed.py --config 'mainmark (chunking off)' --no-stages

What it prints, and why it is measured this way:

* **Interleaved CPU time.** Every page is handed to every system before the next page, in
  an order that rotates from page to page, and each call is timed with
  ``time.process_time`` (CPU time of this process). On a shared machine wall-clock time
  measures the neighbours; CPU time of interleaved calls lets noise hit every system alike.
* **Each system pays for its own garbage.** Every timed call ends with a full
  ``gc.collect()`` inside its timed region, and the survivors are then frozen
  (``gc.freeze()``, outside the timed region). Without this, cyclic garbage one system
  leaves behind is collected during whichever call happens to trigger the next collector
  pass, so a system that makes cycles got faster by billing its neighbour (before
  mainmark 0.18 trafilatura's figure paid for mainmark's cycles). The freeze keeps the
  collection a call pays to the objects allocated since the previous call: the loaded
  pages, the modules and every system's warm caches are not traversed again and again,
  which would charge a fixed cost to each call that grows with the others' heaps. The
  collector is never disabled across a timed call: a system's own automatic passes stay
  in its time.
* **One configuration a pass, each pass in a fresh interpreter.** A pass times one mainmark
  configuration beside trafilatura and a bare parse, over the whole page list, in a new
  process (warmed up on the bundled example page, not on a measured one), so every page
  is met once, as a batch job meets it: timed in one process, the configurations warmed
  each other's caches on every page, and each pass found the pages of the one before
  (see :func:`run`).
* **Median of passes.** Every configuration runs ``--passes`` such passes; its figure is the
  median of its per-pass totals, and its ratio the median of its passes' ratios (each the
  same pages in the same process, interleaved).
* **Ratios only.** mainmark (chunking on, the default options, and chunking off; each as a
  library call, which touches no process-wide state, and as the ``mainmark`` command runs
  it, under :data:`mainmark.tuning.BATCH`: collector paused per page) against
  trafilatura's ``extract(include_comments=False, include_tables=True)`` (when installed)
  and against a bare ``lxml.html.fromstring`` of the same bytes: "3x trafilatura" means
  three times its pages per second, "6 parses" means the time of six bare parses.
* **Per set.** Where the pages come from several sets (the bench's ``sh``, ``tr``, ``rd``,
  ``wx``), every ratio is given per set too: the sets cost differently (news pages carry
  large sheets and inline scripts), so a figure of the whole is read beside the sets'.
  An even sample (``--limit``) reads another mix than the whole bench.
* **Stage shares.** One extra, untimed-for-ratios pass wraps each stage function that
  ``mainmark.pipeline`` calls and reports each stage's share of the pipeline's CPU time.
* **Memory.** ``--memory MB`` builds two synthetic pages of that size (dense markup, a tag
  every 33 bytes; prose, a tag every 200 bytes or so), extracts each in a fresh subprocess
  (under the command's tuning, which hands a big page's heap back to the OS) and reports
  the peak RSS growth over the interpreter's baseline as a multiple of the page
  size and of a bare lxml parse of it.

Never a timing assertion in a unit test: these figures go into docs and notes as ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import gzip
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_BENCH = HERE.parent.parent / "shared" / "bench"

Call = Callable[[bytes, "str | None"], Any]


# ----------------------------------------------------------------------------- pages


def _bench_pages(root: Path) -> Iterator[tuple[str, bytes, str | None]]:
    """(id, bytes, url) for every page of the bench sets found under ``root``."""
    for set_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        files = sorted(set_dir.glob("html/*.gz")) or sorted(set_dir.glob("*/source.html"))
        for path in files:
            data = path.read_bytes()
            yield f"{set_dir.name}/{path.name}", _gunzip(data), None


def _folder_pages(root: Path) -> Iterator[tuple[str, bytes, str | None]]:
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".html", ".htm", ".gz"):
            yield str(path.relative_to(root)), _gunzip(path.read_bytes()), None


def _gunzip(data: bytes) -> bytes:
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def load_pages(root: Path, limit: int | None) -> list[tuple[str, bytes, str | None]]:
    """Pages decompressed once, before any timing; ``limit`` keeps an even spread."""
    is_bench = (root / "check-split.json").exists() or (root / "sh").is_dir()
    pages = list(_bench_pages(root) if is_bench else _folder_pages(root))
    if limit and len(pages) > limit:
        step = len(pages) / limit
        pages = [pages[int(i * step)] for i in range(limit)]
    return pages


# ----------------------------------------------------------------------------- systems


def systems() -> dict[str, Call]:
    import lxml.html

    import mainmark
    from mainmark.tuning import BATCH, tuned

    chunked = mainmark.Options()
    plain = mainmark.Options(chunking=False)

    def as_command(options: mainmark.Options) -> Call:
        def call(data: bytes, url: str | None) -> Any:
            with tuned(BATCH):
                return mainmark.extract(data, url=url, options=options)
        return call

    found: dict[str, Call] = {
        "mainmark": lambda data, url: mainmark.extract(data, url=url, options=chunked),
        "mainmark (chunking off)": lambda data, url: mainmark.extract(data, url=url,
                                                                      options=plain),
        "mainmark, as the command runs it": as_command(chunked),
        "mainmark, as the command runs it (chunking off)": as_command(plain),
        "lxml parse": lambda data, url: lxml.html.fromstring(data) if data.strip() else None,
    }
    try:
        import trafilatura
    except ImportError:
        return found

    def traf(data: bytes, url: str | None) -> Any:
        return trafilatura.extract(data, url=url, include_comments=False, include_tables=True)

    found["trafilatura"] = traf
    return found


def _safe(call: Call, data: bytes, url: str | None) -> None:
    # a page that breaks one system costs it its time, nothing else
    with contextlib.suppress(Exception):
        call(data, url)


def timed_pass(pages: list[tuple[str, bytes, str | None]], calls: dict[str, Call],
               offset: int, by_set: dict[str, dict[str, float]] | None = None
               ) -> dict[str, float]:
    """CPU seconds per system over one pass, the order rotating page by page; each call
    is charged the collection of the cyclic garbage it made (see the module docstring).
    ``by_set``, when given, receives the same seconds per set (:func:`set_of`)."""
    names = list(calls)
    totals = dict.fromkeys(names, 0.0)
    gc.collect()
    gc.freeze()
    try:
        for i, (page_id, data, url) in enumerate(pages):
            k = (i + offset) % len(names)
            in_set = (by_set.setdefault(set_of(page_id), dict.fromkeys(names, 0.0))
                      if by_set is not None else None)
            for name in names[k:] + names[:k]:
                start = time.process_time()
                _safe(calls[name], data, url)
                gc.collect()
                spent = time.process_time() - start
                totals[name] += spent
                if in_set is not None:
                    in_set[name] += spent
                gc.freeze()
    finally:
        gc.unfreeze()
    return totals


def set_of(page_id: str) -> str:
    """The set a page belongs to: its first folder (``wx/0588.html.gz`` -> ``wx``).

    The sets differ in what they cost: news pages carry large sheets and inline scripts,
    so an even sample of the whole bench reads another ratio than the news sets alone
    (docs/architecture.md, "Where the speed line stops")."""
    return page_id.split("/", 1)[0] if "/" in page_id else ""


# ----------------------------------------------------------------------------- stages


#: The stage functions ``mainmark.pipeline`` calls, in the order it calls them.
STAGES = ("decode", "parse", "build_source_map", "read_structured", "extract_metadata",
          "prepare", "classify", "clean", "exclude", "select", "date_from_content",
          "walk_content", "serialize", "chunk_blocks", "make_stamp")


def stage_shares(pages: list[tuple[str, bytes, str | None]]) -> dict[str, float]:
    """Share of the pipeline's CPU time spent in each stage function it calls."""
    import mainmark
    from mainmark import pipeline

    spent: dict[str, float] = {}
    originals: dict[str, Any] = {}
    for name in STAGES:
        func = getattr(pipeline, name)  # a renamed stage must fail here, not vanish into "(other)"
        originals[name] = func

        def wrapped(*args: Any, __f: Any = func, __n: str = name, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return __f(*args, **kwargs)
            finally:
                spent[__n] = spent.get(__n, 0.0) + time.process_time() - start

        setattr(pipeline, name, wrapped)
    total = 0.0
    try:
        options = mainmark.Options()
        for _, data, url in pages:
            start = time.process_time()
            _safe(lambda d, u: mainmark.extract(d, url=u, options=options), data, url)
            total += time.process_time() - start
    finally:
        for name, func in originals.items():
            setattr(pipeline, name, func)
    shares = {name: seconds / total for name, seconds in spent.items()} if total else {}
    shares["(other)"] = max(0.0, 1.0 - sum(shares.values()))
    return shares


# ----------------------------------------------------------------------------- memory

_MEMORY_CHILD = r"""
import resource, sys
import mainmark

def peak_kb():
    # VmHWM is this process's own high-water mark; ru_maxrss survives exec and would
    # report the (larger) parent's RSS at fork time
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

size = int(sys.argv[1])
if sys.argv[3] == "dense":  # a tag every 33 bytes: the tree outweighs the text
    block = (b"<section><h2>Part %d</h2><p>The harbour line tram runs every ten minutes, "
             b"carrying commuters, cyclists and <a href='/x'>visitors</a> past the old "
             b"warehouses.</p><ul><li>one</li><li>two</li></ul></section>")
else:  # prose: a tag every 200 bytes or so, the text outweighs the tree
    sent = (b"The harbour line tram runs every ten minutes, carrying commuters, cyclists "
            b"and visitors past the old warehouses and the fish market. ")
    block = (b"<section><h2>Part %d</h2><p>" + sent * 4 + b"<a href='/x'>visitors</a> "
             + sent * 3 + b"</p><p>" + sent * 5 + b"</p></section>")
head = b"<html><head><title>Big</title></head><body><article><h1>Big page</h1>"
parts, n, total = [head], 0, len(head)
while total < size:
    piece = block % n
    parts.append(piece); total += len(piece); n += 1
page = b"".join(parts) + b"</article></body></html>"
from mainmark.tuning import BATCH, set_tuning
set_tuning(BATCH)  # as `mainmark batch` runs a page: a big page's heap is handed back
mainmark.extract(b"<p>warm up</p>" * 50)
before = peak_kb()
if sys.argv[2] == "parse":  # the yardstick: a bare lxml parse of the same bytes
    import lxml.html
    root = lxml.html.document_fromstring(page)
    after = peak_kb()
    print(len(page), before * 1024, after * 1024, 0, 0)
else:
    doc = mainmark.extract(page)
    after = peak_kb()
    print(len(page), before * 1024, after * 1024, len(doc.markdown), len(doc.chunks))
"""


def _peak(size: int, what: str, kind: str) -> tuple[int, int, int, int]:
    out = subprocess.run([sys.executable, "-c", _MEMORY_CHILD, str(size), what, kind],
                         check=True,
                         capture_output=True, text=True).stdout.split()
    page, before, after, md, chunks = (int(x) for x in out)
    return page, after - before, md, chunks


#: The synthetic pages of the memory figure: markup density decides where the peak is. On
#: dense markup the tree and the per-element facts of selection dominate; on prose the
#: tree is small and the copies of the text the document holds (markdown, text, HTML,
#: blocks, chunks) make the peak, at the end.
MEMORY_PAGES = ("dense", "prose")


def memory(megabytes: float, kind: str = "dense") -> dict[str, float | str]:
    """Peak RSS growth of one extraction, and of a bare lxml parse of the same bytes: the
    parse's multiple depends on the page's markup density (tags per byte), so the figure
    that compares across pages is mainmark's peak in parses."""
    if kind not in MEMORY_PAGES:
        raise ValueError(f"memory page {kind!r} is not one of {MEMORY_PAGES}")
    size = int(megabytes * 1024 * 1024)
    page, growth, md, chunks = _peak(size, "extract", kind)
    _, parse_growth, _, _ = _peak(size, "parse", kind)
    return {"page": kind, "page_bytes": page, "peak_growth_bytes": growth,
            "peak_over_page": growth / page, "parse_growth_bytes": parse_growth,
            "parse_over_page": parse_growth / page,
            "peak_in_parses": growth / parse_growth if parse_growth else 0.0,
            "markdown_bytes": md, "chunks": chunks}


# ----------------------------------------------------------------------------- report


#: The systems every pass times beside the one mainmark configuration it measures.
_PEERS = ("trafilatura", "lxml parse")
#: A page outside every measured set, for the warm-up call (imports, the tokenizer, the
#: page-kind model): warming up on a measured page would warm its caches too.
_WARM_UP = HERE.parent / "examples" / "news-article.html"


def _child(root: Path, limit: int | None, config: str, offset: int) -> dict[str, Any]:
    """One pass in this (fresh) interpreter: ``config`` and the peers, interleaved; the
    seconds per system, and under ``"sets"`` the same per set."""
    pages = load_pages(root, limit)
    found = systems()
    calls = {name: found[name] for name in (config, *_PEERS) if name in found}
    warm = _WARM_UP.read_bytes()
    for call in calls.values():  # lazy imports and tokenizer loading are not charged
        _safe(call, warm, "https://example.org/news/harbour-line-tram")
    by_set: dict[str, dict[str, float]] = {}
    totals: dict[str, Any] = dict(timed_pass(pages, calls, offset, by_set))
    totals["sets"] = by_set
    return totals


def run(root: Path, passes: int, limit: int | None, with_stages: bool,
        only: list[str] | None = None) -> dict[str, Any]:
    """Each mainmark configuration is timed in passes of its own, each pass in a fresh
    interpreter, interleaved page by page with trafilatura and a bare parse. Timed in one
    process, the four configurations shared their caches (class words, style
    declarations, sheet verdicts, all keyed by the page's own strings): the configuration
    that met a page first warmed them for the three after it, and each pass after the
    first found the pages of the one before, where a batch meets each page once. That
    made mainmark with chunking off read 1.50-1.56x trafilatura on 200 pages that it
    does 1.37-1.38x on, each page met once (docs/architecture.md, "Speed, measured
    again"). A pass in a fresh interpreter meets every page once, as a batch job does,
    with the caches that earlier pages of the same run warmed and no others.

    ``only``: the configurations to time (all four by default); the whole bench takes
    about four minutes a pass per configuration. Where the pages come from more than one
    set, each ratio is also given per set (``set_ratios``)."""
    pages = load_pages(root, limit)
    configs = [name for name in systems()
               if name.startswith("mainmark") and (not only or name in only)]
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in configs}
    for offset in range(passes):
        for config in configs:
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), str(root), "--child", config,
                 "--offset", str(offset), *(["--limit", str(limit)] if limit else [])],
                capture_output=True, text=True, check=True)
            runs[config].append(json.loads(out.stdout))
    median: dict[str, float] = {}
    ratios: dict[str, float] = {}
    peers: dict[str, list[float]] = {}
    for config, got in runs.items():
        median[config] = statistics.median(r[config] for r in got)
        for peer in _PEERS:
            if all(peer in r for r in got):
                peers.setdefault(peer, []).extend(r[peer] for r in got)
        ratios.update(_ratios(config, got))
    for peer, seconds in peers.items():
        median[peer] = statistics.median(seconds)
    report: dict[str, Any] = {"pages": len(pages), "passes": passes,
                              "cpu_seconds": median,
                              "pages_per_second": {n: len(pages) / s if s else 0.0
                                                   for n, s in median.items()}}
    report["ratios"] = ratios
    set_ratios = _set_ratios(runs)
    if set_ratios:
        report["set_ratios"] = set_ratios
    if with_stages:
        report["stage_shares"] = stage_shares(pages)
    return report


def _ratios(config: str, got: list[dict[str, Any]]) -> dict[str, float]:
    """``config``'s ratios against trafilatura and a bare parse: the median over the
    passes of each pass's ratio (the same pages in the same process, interleaved), for
    the passes' seconds of the whole run or of one set."""
    out: dict[str, float] = {}
    if not all(r.get(config) for r in got):
        return out
    if all("trafilatura" in r for r in got):
        out[f"{config} vs trafilatura (pages/s)"] = statistics.median(
            r["trafilatura"] / r[config] for r in got)
    if all(r.get("lxml parse") for r in got):
        out[f"{config} in lxml parses"] = statistics.median(
            r[config] / r["lxml parse"] for r in got)
    return out


def _set_ratios(runs: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, float]]:
    """Per ratio, per set: :func:`_ratios` of each set's seconds (none for pages of one
    set)."""
    out: dict[str, dict[str, float]] = {}
    for config, got in runs.items():
        names = sorted(set().union(*(r.get("sets", {}) for r in got)))
        if len(names) < 2:
            continue
        for name in names:
            parts = [r["sets"][name] for r in got if name in r.get("sets", {})]
            for ratio, value in _ratios(config, parts).items():
                out.setdefault(ratio, {})[name] = value
    return out


def format_report(report: dict[str, Any]) -> str:
    lines = [f"{report['pages']} pages, median of {report['passes']} interleaved passes per "
             "mainmark configuration, each in a fresh interpreter, CPU time of each call",
             "", "| system | CPU s | pages/s |", "|---|---|---|"]
    for name, seconds in report["cpu_seconds"].items():
        lines.append(f"| {name} | {seconds:.2f} | {report['pages_per_second'][name]:.1f} |")
    lines += ["", "| ratio | value |", "|---|---|"]
    lines += [f"| {name} | {value:.2f}x |" for name, value in report["ratios"].items()]
    by_set = report.get("set_ratios", {})
    if by_set:
        names = sorted({name for values in by_set.values() for name in values})
        lines += ["", "| ratio, per set | " + " | ".join(names) + " |",
                  "|---|" + "---|" * len(names)]
        for ratio, values in by_set.items():
            cells = [f"{values[n]:.2f}x" if n in values else "" for n in names]
            lines.append(f"| {ratio} | " + " | ".join(cells) + " |")
    if "stage_shares" in report:
        lines += ["", "| stage (chunking on) | share of extract() CPU |", "|---|---|"]
        for name, share in sorted(report["stage_shares"].items(), key=lambda kv: -kv[1]):
            lines.append(f"| {name} | {100 * share:.1f}% |")
    for mem in report.get("memory", ()):
        lines += ["", f"memory: a {mem['page_bytes'] / 2**20:.0f} MB {mem['page']} page peaks "
                  f"at +{mem['peak_growth_bytes'] / 2**20:.0f} MB RSS = "
                  f"{mem['peak_over_page']:.1f}x its size; a bare lxml parse of it peaks at "
                  f"{mem['parse_over_page']:.1f}x, so mainmark's peak is "
                  f"{mem['peak_in_parses']:.1f} parses"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", nargs="?", default=str(DEFAULT_BENCH),
                    help="bench folder (bench README layout) or any folder of .html/.gz")
    ap.add_argument("--passes", type=int, default=3, help="interleaved passes (median)")
    ap.add_argument("--limit", type=int, help="at most this many pages, evenly spread")
    ap.add_argument("--no-stages", action="store_true", help="skip the stage-share pass")
    ap.add_argument("--config", action="append", metavar="NAME",
                    help="time only this mainmark configuration (repeatable), e.g. "
                         "'mainmark (chunking off)'")
    ap.add_argument("--memory", type=float, metavar="MB",
                    help="also measure the peak RSS of one synthetic page of this size")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--child", help=argparse.SUPPRESS)  # one pass of one configuration
    ap.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    root = Path(args.pages)
    if not root.is_dir():
        sys.stderr.write(f"speed: no folder {root}\n")
        return 1
    if args.child:
        sys.stdout.write(json.dumps(_child(root, args.limit, args.child, args.offset)) + "\n")
        return 0
    if args.config:
        known = [name for name in systems() if name.startswith("mainmark")]
        unknown = [name for name in args.config if name not in known]
        if unknown:
            sys.stderr.write(f"speed: no configuration {unknown[0]!r}; one of {known}\n")
            return 2
    report = run(root, max(1, args.passes), args.limit, not args.no_stages, args.config)
    if args.memory:
        report["memory"] = [memory(args.memory, kind) for kind in MEMORY_PAGES]
    sys.stdout.write(json.dumps(report, indent=2) + "\n" if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
