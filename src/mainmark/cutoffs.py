"""Named cut-offs: how every extraction stage keeps its numbers in one table with reasons.

Issue 39 counted some 380 numeric cut-offs spread over twenty modules, most with no
reason beside them, several repeated under different names. Each stage now declares
its cut-offs as the fields of one frozen dataclass (``metadata/constants.py``,
``content/constants.py``, ``markdown/constants.py``, ``chunks/constants.py``), each
field made by :func:`cutoff` so that its value, unit, what it guards, why it has this
value and its scope stand together, and the stage's modules read them from the one
instance (``CUT.name``). ``docs/constants.md`` is generated from these tables
(``benchmarks/constants_table.py``), and ``tests/test_constants_table.py`` fails when a
covered module (those stages, and the page-kind decision) compares against a bare float
literal or defines a module-level number outside its table, so a new cut-off lands in
one with its reason.

This module holds only the entry type and the way to read a table; it sits below the
stages so each of them can use it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from mainmark.vocabulary.registry import Scope

_T = TypeVar("_T", int, float)


class Origin(Enum):
    """Where a cut-off's value comes from."""

    #: Arc90's Readability (``readability.js``, Apache License 2.0) or its Python port
    #: ``readability-lxml``: the value is Readability's, as its name in the note says.
    READABILITY = "Readability"
    #: A published standard or convention (CSS, HTML, WCAG, a file format).
    STANDARD = "standard"
    #: Set by measuring on the benchmark's TUNE half (``../shared/bench``); where a rule
    #: unit of ``docs/rules.md`` carries it, the note names that unit.
    MEASURED = "measured"
    #: A bound on cost or on hostile input (time, memory, depth), not a judgement on
    #: content: large enough that no real page meets it.
    BOUND = "bound"


@dataclass(frozen=True, slots=True)
class Note:
    """What a table records beside a cut-off's value."""

    #: What the number counts: bytes (UTF-8), chars, words, a share (0..1), levels, ...
    unit: str
    #: What the cut-off decides, in the words of the rule that reads it.
    guards: str
    #: Where its value comes from.
    origin: Origin
    #: Why this value, beyond what :attr:`origin` says ("" when the origin says it all).
    why: str
    #: Which pages the rule is meant for (the vocabulary registry's scopes).
    scope: Scope


def cutoff(value: _T, unit: str, guards: str, origin: Origin = Origin.MEASURED,
           why: str = "", scope: Scope = Scope.GENERIC) -> _T:
    """A field of a stage's cut-off table: ``value`` as its default, the note as its
    metadata (so the table is an ordinary typed dataclass, read as ``CUT.name``)."""
    note = Note(unit=unit, guards=guards, origin=origin, why=why, scope=scope)
    made: _T = field(default=value, metadata={"cutoff": note})
    return made


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a table as the docs and tests read it."""

    name: str
    value: int | float
    note: Note


def entries(table: Any) -> tuple[Entry, ...]:
    """The rows of a stage's table (an instance or the class), in declaration order."""
    return tuple(Entry(f.name, f.default, f.metadata["cutoff"])  # type: ignore[arg-type]
                 for f in dataclasses.fields(table))
