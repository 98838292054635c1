#!/usr/bin/env python3
"""Train the page-kind classifier on the TUNE pages and write the shipped model file.

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python benchmarks/train_pagekind.py            # features, train, model, report
    .venv/bin/python benchmarks/train_pagekind.py --cv       # grouped cross-validation on TUNE only

Needs ``../shared/bench``. Labels: every wx TUNE page carries WCXB's kind (``pages.json``);
every sh, tr and rd page is an article. CHECK pages (``check-split.json``) are never trained
on and never looked at one by one: their features are computed so that the report can
print the CHECK accuracy and its confusion matrix, numbers only.

The model is a multinomial logistic regression on standardised features, fitted by a
fixed number of full-batch gradient steps from zero weights (no random state), so the same
features give the same file. Weights are rounded before they are written: the file is
then the same bytes on any machine whose floating point agrees to that many digits.
Features are cached in ``benchmarks/.cache`` keyed by the package's code and the page.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import multiprocessing as mp
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "bench"
CACHE = ROOT / "benchmarks" / ".cache"
MODEL = ROOT / "src" / "mainmark" / "pagekind" / "model.json"
REPORT = ROOT / "docs" / "pagekind-report.md"
KINDS = ("article", "forum", "product", "documentation", "listing", "collection", "service")

#: Training settings (the grouped cross-validation on TUNE chose them).
L2 = 0.05
STEPS = 3000
RATE = 0.5
#: A page of sh, tr or rd weighs this much against a wx page: they are all articles, and
#: without it the article prior of the wx mix would be pulled far up.
ARTICLE_SET_WEIGHT = 0.5
DIGITS = 5


# --------------------------------------------------------------------------- pages


def _pages() -> list[dict[str, Any]]:
    """Every bench page: set, id, url, label, half, site, bytes."""
    check = json.loads((BENCH / "check-split.json").read_text(encoding="utf-8"))
    out: list[dict[str, Any]] = []

    def add(ds: str, pid: str, url: str | None, kind: str, html: bytes, site: str) -> None:
        half = "check" if pid in set(check.get(ds, ())) else "tune"
        out.append({"set": ds, "id": pid, "url": url, "kind": kind, "html": html,
                    "half": half, "site": site})

    sh = json.loads((BENCH / "sh" / "ground-truth.json").read_text(encoding="utf-8"))
    for pid, e in sorted(sh.items()):
        add("sh", pid, e.get("url"), "article",
            gzip.decompress((BENCH / "sh" / "html" / f"{pid}.html.gz").read_bytes()),
            _site(e.get("url"), pid))
    tr = json.loads((BENCH / "tr" / "evaldata.json").read_text(encoding="utf-8"))
    for url, e in sorted(tr.items(), key=lambda kv: kv[1]["file"]):
        add("tr", e["file"], url, "article",
            gzip.decompress((BENCH / "tr" / "html" / f"{e['file']}.gz").read_bytes()),
            _site(url, e["file"]))
    for d in sorted(p for p in (BENCH / "rd").iterdir() if p.is_dir()):
        add("rd", d.name, None, "article", (d / "source.html").read_bytes(), d.name)
    kinds = json.loads((BENCH / "wx" / "pages.json").read_text(encoding="utf-8"))
    for pid in sorted(kinds):
        gt = json.loads((BENCH / "wx" / "ground-truth" / f"{pid}.json").read_text(encoding="utf-8"))
        add("wx", pid, gt.get("url"), kinds[pid]["page_type"],
            gzip.decompress((BENCH / "wx" / "html" / f"{pid}.html.gz").read_bytes()),
            kinds[pid].get("domain") or _site(gt.get("url"), pid))
    return out


def _site(url: str | None, fallback: str) -> str:
    host = (urlsplit(url).hostname or "") if url else ""
    parts = host.split(".")
    return ".".join(parts[-2:]) if len(parts) >= 2 else (host or fallback)


# --------------------------------------------------------------------------- features


def _features(job: tuple[str, str | None, bytes]) -> tuple[str, list[float], float]:
    key, url, html = job
    from mainmark.pagekind.features import page_features
    from mainmark.pipeline import understand

    page, structured, metadata = understand(html, url=url)
    t0 = time.process_time()
    vec = page_features(page, structured, metadata)
    return key, vec, time.process_time() - t0


def features(pages: list[dict[str, Any]], cache: Path = CACHE) -> tuple[np.ndarray, list[float]]:
    from mainmark.pagekind.features import FEATURES

    package = ROOT / "src" / "mainmark" / "pagekind"
    code = b"".join(f.read_bytes() for f in sorted(package.glob("*.py")))
    names = hashlib.sha256("\n".join(FEATURES).encode() + code).hexdigest()[:12]
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"pagekind-{names}.json"
    cached: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    keys = [f"{p['set']}/{p['id']}/{hashlib.sha256(p['html']).hexdigest()[:16]}" for p in pages]
    todo = [(k, p["url"], p["html"]) for k, p in zip(keys, pages, strict=True) if k not in cached]
    costs: list[float] = []
    if todo:
        with mp.Pool(2) as pool:
            for key, vec, cost in pool.imap(_features, todo, chunksize=8):
                cached[key] = {"x": vec, "cost": cost}
        path.write_text(json.dumps(cached))
    costs = [cached[k]["cost"] for k in keys]
    return np.array([cached[k]["x"] for k in keys], dtype=np.float64), costs


# --------------------------------------------------------------------------- model


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                np.ndarray, np.ndarray]:
    """Standardise, then fit softmax weights by full-batch gradient descent with momentum."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    n, d = z.shape
    k = len(KINDS)
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = 1.0
    coef = np.zeros((d, k))
    bias = np.zeros(k)
    vc, vb = np.zeros_like(coef), np.zeros_like(bias)
    wsum = w.sum()
    for _ in range(STEPS):
        logits = z @ coef + bias
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) * w[:, None] / wsum
        gc = z.T @ g + L2 * coef
        gb = g.sum(axis=0)
        vc = 0.9 * vc - RATE * gc
        vb = 0.9 * vb - RATE * gb
        coef += vc
        bias += vb
    return mean, scale, coef, bias


def predict(model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
            x: np.ndarray) -> np.ndarray:
    mean, scale, coef, bias = model
    logits = ((x - mean) / scale) @ coef + bias
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return np.asarray(p / p.sum(axis=1, keepdims=True))


def _weights(pages: list[dict[str, Any]]) -> np.ndarray:
    return np.array([1.0 if p["set"] == "wx" else ARTICLE_SET_WEIGHT for p in pages])


def _labels(pages: list[dict[str, Any]]) -> np.ndarray:
    return np.array([KINDS.index(p["kind"]) for p in pages])


def cross_validate(pages: list[dict[str, Any]], x: np.ndarray, folds: int = 5) -> np.ndarray:
    """Out-of-fold probabilities on TUNE, folds by site (a site never in both)."""
    fold = np.array([int(hashlib.sha256(p["site"].encode()).hexdigest(), 16) % folds
                     for p in pages])
    y, w = _labels(pages), _weights(pages)
    out = np.zeros((len(pages), len(KINDS)))
    for f in range(folds):
        train = fold != f
        model = fit(x[train], y[train], w[train])
        out[fold == f] = predict(model, x[fold == f])
    return out


# --------------------------------------------------------------------------- report


def _accuracy_rows(pages: list[dict[str, Any]], prob: np.ndarray) -> list[str]:
    rows = []
    got = prob.argmax(axis=1)
    for ds in ("sh", "tr", "rd", "wx"):
        idx = [i for i, p in enumerate(pages) if p["set"] == ds]
        if not idx:
            continue
        ok = sum(KINDS[got[i]] == pages[i]["kind"] for i in idx)
        rows.append(f"| {ds} | {ok / len(idx):.3f} ({len(idx)}) |")
    return rows


def _confusion(pages: list[dict[str, Any]], prob: np.ndarray) -> list[str]:
    got = prob.argmax(axis=1)
    table: Counter[tuple[str, str]] = Counter(
        (p["kind"], KINDS[g]) for p, g in zip(pages, got, strict=True) if p["set"] == "wx")
    head = "| gold \\ got | " + " | ".join(k[:5] for k in KINDS) + " | recall |"
    rows = [head, "|---" * (len(KINDS) + 2) + "|"]
    for gold in KINDS:
        n = sum(table[(gold, k)] for k in KINDS)
        cells = " | ".join(str(table[(gold, k)]) for k in KINDS)
        rows.append(f"| {gold} | {cells} | {table[(gold, gold)] / max(1, n):.2f} ({n}) |")
    return rows


def write_model(model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                out: Path = MODEL) -> bytes:
    from mainmark.pagekind.features import FEATURES

    mean, scale, coef, bias = model
    # Fold the standardisation into the weights: logit = x @ (coef / scale) + (bias - ...).
    weights = coef / scale[:, None]
    offset = bias - mean @ weights
    data = {
        "format": "mainmark-pagekind/1",
        "kinds": list(KINDS),
        "features": list(FEATURES),
        "bias": [round(float(v), DIGITS) for v in offset],
        "weights": [[round(float(v), DIGITS) for v in row] for row in weights],
        "trained_on": "TUNE halves of ../shared/bench (sh, tr, rd as article; wx labels)",
        "settings": {"l2": L2, "steps": STEPS, "rate": RATE,
                     "article_set_weight": ARTICLE_SET_WEIGHT},
    }
    blob = (json.dumps(data, indent=None, separators=(",", ":"), sort_keys=False) + "\n").encode()
    out.write_bytes(blob)
    return blob


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cv", action="store_true", help="grouped cross-validation on TUNE only")
    ap.add_argument("--oof", type=Path, help="write the TUNE out-of-fold probabilities here")
    ap.add_argument("--out", type=Path, default=MODEL, help="where to write the model file")
    ap.add_argument("--report", type=Path, default=REPORT, help="where to write the report")
    ap.add_argument("--cache", type=Path, default=CACHE, help="the feature cache folder")
    args = ap.parse_args(argv)
    if not BENCH.is_dir():
        print(f"{BENCH} is absent: nothing to train on", file=sys.stderr)
        return 1
    sys.path.insert(0, str(ROOT / "src"))
    pages = _pages()
    x, costs = features(pages, args.cache)
    tune, tpages = _half(pages, "tune")
    oof = cross_validate(tpages, x[tune])
    _print("TUNE out-of-fold (folds by site)", tpages, oof)
    if args.oof:
        rows = {f"{p['set']}/{p['id']}": dict(zip(KINDS, map(float, row), strict=True))
                for p, row in zip(tpages, oof, strict=True)}
        args.oof.write_text(json.dumps(rows))
    if args.cv:
        return 0
    model = fit(x[tune], _labels(tpages), _weights(tpages))
    blob = write_model(model, args.out)
    check, cpages = _half(pages, "check")
    prob = predict(model, x[check])
    _print("CHECK", cpages, prob)
    infer = _inference_cost(x[check][:200], args.out)
    print(f"model {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()[:16]}; "
          f"features {1000 * float(np.median(costs)):.2f} ms median per page, "
          f"inference {1e6 * infer:.0f} us")
    args.report.write_text(report(tpages, oof, cpages, prob, blob, costs, infer, model),
                           encoding="utf-8")
    print(f"wrote {args.out} and {args.report}")
    return 0


def _half(pages: list[dict[str, Any]], half: str) -> tuple[list[int], list[dict[str, Any]]]:
    index = [i for i, p in enumerate(pages) if p["half"] == half]
    return index, [pages[i] for i in index]


def _print(title: str, pages: list[dict[str, Any]], prob: np.ndarray) -> None:
    print(f"{title}:")
    print("\n".join(_accuracy_rows(pages, prob)))
    print("\n".join(_confusion(pages, prob)))


def _inference_cost(rows: np.ndarray, path: Path) -> float:
    """Seconds of CPU per page for the shipped pure-Python inference."""
    from mainmark.pagekind.model import parse_model

    shipped = parse_model(json.loads(path.read_text(encoding="utf-8")))
    vectors = [list(map(float, row)) for row in rows]
    t0 = time.process_time()
    for vec in vectors:
        shipped.probabilities(vec)
    return (time.process_time() - t0) / max(1, len(vectors))


def _top_weights(model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                 n: int = 8) -> list[str]:
    """The features that push each kind up most, by standardised weight."""
    from mainmark.pagekind.features import FEATURES

    coef = model[2]
    rows = []
    for k, kind in enumerate(KINDS):
        order = np.argsort(-coef[:, k], kind="stable")[:n]
        rows.append(f"| {kind} | " + ", ".join(f"`{FEATURES[i]}` {coef[i, k]:+.2f}"
                                              for i in order) + " |")
    return rows


def report(tpages: list[dict[str, Any]], oof: np.ndarray, cpages: list[dict[str, Any]],
           prob: np.ndarray, blob: bytes, costs: list[float], infer: float,
           model: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> str:
    """The generated report: what the model reads, what it scores, what it costs."""
    from mainmark.pagekind.features import FEATURES

    groups = Counter(name.split(":", 1)[0] for name in FEATURES)
    lines = [
        "# Page-kind model: generated report",
        "",
        "Written by `benchmarks/train_pagekind.py` (do not edit by hand); the design and the",
        "measurements behind the behaviour table are in `docs/pagekind.md`.",
        "",
        "## Model",
        f"- multinomial logistic regression over {len(KINDS)} kinds and {len(FEATURES)} "
        f"features, trained on the TUNE halves only ({len(tpages)} pages: wx with WCXB's "
        "labels, sh/tr/rd as articles)",
        f"- settings: L2 {L2}, {STEPS} full-batch steps at rate {RATE} with momentum 0.9, "
        f"sh/tr/rd pages weigh {ARTICLE_SET_WEIGHT}; weights rounded to {DIGITS} decimals",
        f"- file: `src/mainmark/pagekind/model.json`, {len(blob):,} bytes, sha256 "
        f"`{hashlib.sha256(blob).hexdigest()}`",
        f"- cost per page: features {1000 * float(np.median(costs)):.2f} ms median CPU "
        f"(p90 {1000 * float(np.percentile(costs, 90)):.2f} ms), inference "
        f"{1e6 * infer:.0f} µs (pure Python)",
        "- features by group: " + ", ".join(f"{g} {n}" for g, n in sorted(groups.items())),
        "",
        "## TUNE, out of fold (5 folds by site: a site is never in both)",
        "",
        "| set | accuracy (pages) |",
        "|---|---|",
        *_accuracy_rows(tpages, oof),
        "",
        "wx confusion (rows: WCXB's label; columns: the model's kind):",
        "",
        *_confusion(tpages, oof),
        "",
        "## CHECK (never trained on, read as numbers only)",
        "",
        "| set | accuracy (pages) |",
        "|---|---|",
        *_accuracy_rows(cpages, prob),
        "",
        "wx confusion:",
        "",
        *_confusion(cpages, prob),
        "",
        "## Strongest weights per kind (standardised features)",
        "",
        "| kind | features |",
        "|---|---|",
        *_top_weights(model),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
