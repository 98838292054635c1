"""Load benchmark sets laid out as ``../shared/bench/README.md`` (and :data:`BENCH_LAYOUT`,
shown by ``mainmark eval --help`` and docs/eval.md) describes.

Everything is read and decompressed up front, so that the runner times only the
extraction calls. A page whose file is missing or unreadable is reported back as
a load problem instead of aborting the run: users point ``mainmark eval`` at their
own annotated folders, and one bad file should not hide the score of the rest.

Layout, per set::

    sh/html/<id>.html.gz + sh/ground-truth.json     {id: {"articleBody", "url"}}
    tr/html/<file>.gz    + tr/evaldata.json         {url: {"file", "with", "without", ...}}
    rd/<name>/source.html, expected.html, expected-metadata.json
    wx/html/<id>.html.gz + wx/ground-truth/<id>.json {"url", "ground_truth": {"main_content",
                           "title", "author", "publish_date", ...}} + wx/pages.json
                           {id: {"page_type", ...}}

and beside the sets, ``check-split.json`` ({set: [page ids]}) marks the CHECK half.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SETS = ("sh", "tr", "rd", "wx")
#: The folder layout ``mainmark eval DIR`` reads: shown by ``mainmark eval --help`` and
#: in docs/eval.md (a test keeps both equal to this text).
BENCH_LAYOUT = """\
DIR/sh/html/<id>.html.gz      pages; DIR/sh/ground-truth.json: {id: {"articleBody", "url"}}
DIR/tr/html/<file>.gz         pages; DIR/tr/evaldata.json: {url: {"file", "with", "without"}}
DIR/rd/<name>/source.html     page; expected.html and expected-metadata.json beside it
DIR/wx/html/<id>.html.gz      pages; DIR/wx/ground-truth/<id>.json: {"url", "ground_truth":
                              {"main_content", "title", "author", "publish_date"}};
                              DIR/wx/pages.json: {id: {"page_type"}}
DIR/check-split.json          optional: {set: [page ids]} marks the CHECK half of each set
Any subset of the four sets may be present; --sets picks among them."""
#: The file that names the CHECK half of each set (the rest is TUNE).
CHECK_SPLIT = "check-split.json"
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Page:
    """One benchmark page: what the system gets (``data``, ``url``) and what it is scored on.

    ``reference`` is the text or HTML the metric compares against (sh: articleBody,
    rd: expected.html, tr: empty, its snippets live in ``annotation``); ``annotation``
    is the raw record the page came with (sh: ground-truth entry, tr: evaldata entry,
    rd: expected-metadata.json), used for metadata agreement.
    """

    id: str
    data: bytes
    url: str | None
    reference: str
    annotation: Mapping[str, Any] = field(default_factory=dict)
    #: wx: the page's type from ``pages.json`` (article, product, forum, ...).
    page_type: str | None = None


@dataclass(slots=True)
class BenchSet:
    """One loaded set: the pages that loaded, and why the others did not.

    A page that fails to load is recorded, never raised, so one broken file does not hide
    the score of the rest of the set.
    """

    name: str
    pages: list[Page]
    #: "id: reason" for every page that could not be loaded.
    problems: list[str] = field(default_factory=list)
    #: Pages present but not scored (wx: an empty reference, where word F1 is undefined).
    unscored: int = 0


def available_sets(root: Path) -> list[str]:
    """The sets present under ``root``, in the README's order."""
    return [name for name in SETS if (root / name).is_dir()]


def load_set(root: Path, name: str, limit: int | None = None) -> BenchSet:
    """Load one set; ``limit`` keeps the first pages in sorted id order (deterministic)."""
    loaders = {"sh": _load_sh, "tr": _load_tr, "rd": _load_rd, "wx": _load_wx}
    if name not in loaders:
        raise ValueError(f"unknown set {name!r} (known: {', '.join(SETS)})")
    return loaders[name](root / name, limit)


def check_ids(root: Path) -> dict[str, frozenset[str]]:
    """The CHECK page ids of each set, from ``check-split.json``; empty when it is absent.

    An unreadable file raises: scoring everything as TUNE without saying so would hide
    exactly the figure the split exists for.
    """
    path = root / CHECK_SPLIT
    if not path.is_file():
        return {}
    data = _read_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a JSON object")
    return {str(k): frozenset(str(i) for i in v) for k, v in data.items()
            if isinstance(v, list)}


def _read_page_bytes(path: Path) -> bytes:
    """Raw bytes of a page, gunzipped by magic number (``.gz`` or not)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _limited(keys: list[str], limit: int | None) -> list[str]:
    keys = sorted(keys)
    return keys if limit is None else keys[: max(limit, 0)]


def _load_sh(folder: Path, limit: int | None) -> BenchSet:
    truth = _read_json(folder / "ground-truth.json")
    out = BenchSet("sh", [])
    for page_id in _limited(list(truth), limit):
        entry = truth[page_id] if isinstance(truth[page_id], dict) else {}
        path = _first_existing(folder / "html", [f"{page_id}.html.gz", f"{page_id}.html"])
        try:
            data = _read_page_bytes(path)
        except (OSError, EOFError, zlib.error) as exc:
            out.problems.append(f"{page_id}: {exc}")
            continue
        url = entry.get("url")
        out.pages.append(Page(
            id=page_id,
            data=data,
            url=url if isinstance(url, str) and url else None,
            reference=str(entry.get("articleBody") or ""),
            annotation=entry,
        ))
    return out


def _load_tr(folder: Path, limit: int | None) -> BenchSet:
    evaldata = _read_json(folder / "evaldata.json")
    out = BenchSet("tr", [])
    for url in _limited(list(evaldata), limit):
        entry = evaldata[url]
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            out.problems.append(f"{url}: entry without a 'file'")
            continue
        name = entry["file"]
        path = _first_existing(folder / "html", [f"{name}.gz", name])
        try:
            data = _read_page_bytes(path)
        except (OSError, EOFError, zlib.error) as exc:
            out.problems.append(f"{name}: {exc}")
            continue
        out.pages.append(Page(id=name, data=data, url=url, reference="", annotation=entry))
    return out


def _load_rd(folder: Path, limit: int | None) -> BenchSet:
    names = [p.name for p in folder.iterdir() if (p / "source.html").is_file()]
    out = BenchSet("rd", [])
    for name in _limited(names, limit):
        case = folder / name
        try:
            data = _read_page_bytes(case / "source.html")
            expected = (case / "expected.html").read_text(encoding="utf-8", errors="replace")
        except (OSError, EOFError, zlib.error) as exc:
            out.problems.append(f"{name}: {exc}")
            continue
        meta_path = case / "expected-metadata.json"
        meta: Any = {}
        if meta_path.is_file():
            try:
                meta = _read_json(meta_path)
            except (OSError, ValueError) as exc:
                out.problems.append(f"{name}: expected-metadata.json unreadable ({exc})")
        out.pages.append(Page(
            id=name,
            data=data,
            url=None,
            reference=expected,
            annotation=meta if isinstance(meta, dict) else {},
        ))
    return out


def _load_wx(folder: Path, limit: int | None) -> BenchSet:
    types_path = folder / "pages.json"
    kinds: Any = _read_json(types_path) if types_path.is_file() else {}
    ids = list(kinds) or [p.stem for p in (folder / "ground-truth").glob("*.json")]
    out = BenchSet("wx", [])
    for page_id in _limited(ids, limit):
        try:
            record = _read_json(folder / "ground-truth" / f"{page_id}.json")
            truth = record.get("ground_truth") or {}
            data = _read_page_bytes(
                _first_existing(folder / "html", [f"{page_id}.html.gz", f"{page_id}.html"]))
        except (OSError, EOFError, zlib.error, ValueError, AttributeError) as exc:
            out.problems.append(f"{page_id}: {exc}")
            continue
        reference = truth.get("main_content") if isinstance(truth, dict) else None
        if not isinstance(reference, str) or not _WORD.search(reference):
            out.unscored += 1
            continue
        url, kind = record.get("url"), (kinds.get(page_id) or {}).get("page_type")
        out.pages.append(Page(
            id=page_id,
            data=data,
            url=url if isinstance(url, str) and url else None,
            reference=reference,
            annotation=truth,
            page_type=kind if isinstance(kind, str) and kind else None,
        ))
    return out


def _first_existing(folder: Path, candidates: list[str]) -> Path:
    """The first candidate file that exists, else the first one (so the error names it)."""
    for name in candidates:
        path = folder / name
        if path.is_file():
            return path
    return folder / candidates[0]
