"""Load benchmark sets laid out as ``../shared/bench/README.md`` describes.

Everything is read and decompressed up front, so that the runner times only the
extraction calls. A page whose file is missing or unreadable is reported back as
a load problem instead of aborting the run: users point ``mainmark eval`` at their
own annotated folders, and one bad file should not hide the score of the rest.

Layout, per set::

    sh/html/<id>.html.gz + sh/ground-truth.json     {id: {"articleBody", "url"}}
    tr/html/<file>.gz    + tr/evaldata.json         {url: {"file", "with", "without", ...}}
    rd/<name>/source.html, expected.html, expected-metadata.json
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SETS = ("sh", "tr", "rd")


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


@dataclass(slots=True)
class BenchSet:
    name: str
    pages: list[Page]
    #: "id: reason" for every page that could not be loaded.
    problems: list[str] = field(default_factory=list)


def available_sets(root: Path) -> list[str]:
    """The sets present under ``root``, in the README's order."""
    return [name for name in SETS if (root / name).is_dir()]


def load_set(root: Path, name: str, limit: int | None = None) -> BenchSet:
    """Load one set; ``limit`` keeps the first pages in sorted id order (deterministic)."""
    loaders = {"sh": _load_sh, "tr": _load_tr, "rd": _load_rd}
    if name not in loaders:
        raise ValueError(f"unknown set {name!r} (known: {', '.join(SETS)})")
    return loaders[name](root / name, limit)


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


def _first_existing(folder: Path, candidates: list[str]) -> Path:
    """The first candidate file that exists, else the first one (so the error names it)."""
    for name in candidates:
        path = folder / name
        if path.is_file():
            return path
    return folder / candidates[0]
