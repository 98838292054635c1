"""Metadata agreement with the benchmark annotations (``tr``, ``wx`` and ``rd``).

The comparison rules are the bench README's: titles compare after NFC, whitespace
collapsing and casefolding; authors compare as *sets* of names, split on ``;``,
``,``, ``&`` and the words "and"/"und" (so "A and B" equals "B, A"); dates compare
by calendar day only, since annotations carry no time and pages disagree on the
timezone-free day boundary far less often than on the time.

Each scorer returns ``None`` for a field the entry does not annotate, so the
aggregate share is taken over annotated pages only. An empty annotation
(``""`` or ``[]``) is treated as "not annotated": the annotators left those blank
both for "no author shown" and for "did not look", and scoring an empty set as a
target would reward extractors for finding nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from mainmark.model import Metadata

_WS = re.compile(r"\s+")
_NAME_SPLIT = re.compile(r"\s*(?:[;,&]|\band\b|\bund\b)\s*", re.IGNORECASE)
_DAY = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})")

Score = dict[str, "bool | None"]


def normalize_title(text: str) -> str:
    """NFC, whitespace collapsed, casefolded: the README's title equality."""
    return _WS.sub(" ", unicodedata.normalize("NFC", text)).strip().casefold()


def author_set(value: Any) -> frozenset[str]:
    """The set of casefolded names in an author annotation or a metadata tuple."""
    parts: Iterable[Any]
    if isinstance(value, str):
        parts = [value]
    elif isinstance(value, (list, tuple)):
        parts = value
    else:
        return frozenset()
    names: set[str] = set()
    for part in parts:
        if not isinstance(part, str):
            continue
        for name in _NAME_SPLIT.split(unicodedata.normalize("NFC", part)):
            name = _WS.sub(" ", name).strip().casefold()
            if name:
                names.add(name)
    return frozenset(names)


def day_of(value: Any) -> str | None:
    """``YYYY-MM-DD`` of an ISO-ish date string (``2022-11-1`` padded), else ``None``."""
    if not isinstance(value, str):
        return None
    match = _DAY.match(value)
    if match is None:
        return None
    year, month, day = match.groups()
    return f"{year}-{int(month):02d}-{int(day):02d}"


def _annotated(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, (list, tuple)):
        return any(isinstance(v, str) and v.strip() for v in value)
    return False


def _title_ok(expected: Any, got: str | None) -> bool | None:
    if not _annotated(expected):
        return None
    return got is not None and normalize_title(str(expected)) == normalize_title(got)


def _author_ok(expected: Any, got: tuple[str, ...]) -> bool | None:
    if not _annotated(expected):
        return None
    want = author_set(expected)
    # An annotation that splits into no name at all (a lone "and") cannot be matched.
    return bool(want) and want == author_set(list(got))


def _date_ok(expected: Any, got: str | None) -> bool | None:
    if not _annotated(expected):
        return None
    want = day_of(expected)
    return want is not None and want == day_of(got)


def score_tr_metadata(entry: Mapping[str, Any], meta: Metadata) -> Score:
    """Agreement of ``meta`` with one ``tr/evaldata.json`` entry."""
    return {
        "title": _title_ok(entry.get("title"), meta.title),
        "author": _author_ok(entry.get("author"), meta.author),
        "date": _date_ok(entry.get("date"), meta.published),
    }


def score_wx_metadata(truth: Mapping[str, Any], meta: Metadata) -> Score:
    """Agreement of ``meta`` with one ``wx/ground-truth/<id>.json`` ``ground_truth`` record."""
    return {
        "title": _title_ok(truth.get("title"), meta.title),
        "author": _author_ok(truth.get("author"), meta.author),
        "date": _date_ok(truth.get("publish_date"), meta.published),
    }


def score_rd_metadata(expected: Mapping[str, Any], meta: Metadata) -> Score:
    """Agreement of ``meta`` with one ``rd/<name>/expected-metadata.json``."""
    return {
        "title": _title_ok(expected.get("title"), meta.title),
        "author": _author_ok(expected.get("byline"), meta.author),
        "date": _date_ok(expected.get("publishedTime"), meta.published),
    }


def agreement(scores: Iterable[Mapping[str, bool | None]]) -> dict[str, tuple[int, int]]:
    """Per field: (agreeing pages, annotated pages); the caller turns these into shares."""
    totals: dict[str, list[int]] = {}
    for score in scores:
        for key, ok in score.items():
            if ok is None:
                continue
            pair = totals.setdefault(key, [0, 0])
            pair[0] += int(ok)
            pair[1] += 1
    return {key: (hit, total) for key, (hit, total) in totals.items()}
