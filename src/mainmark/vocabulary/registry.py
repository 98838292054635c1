"""The vocabulary types: a scope label per entry, one matcher per kind of input.

A rule that acts on a word ("``footer`` in a class marks page chrome") is only as
trustworthy as the evidence that the word means the same thing on every page it can
meet. The label says how far that reaches: every page (:attr:`Scope.GENERIC`), the
pages of one CMS or framework, the widgets of one vendor, the pages written in one
language, or one site (which must say why it is worth keeping). The registry test
checks that every entry can be produced by the matcher its vocabulary declares, so a
word the tokeniser can never yield (``ez-toc`` when tokens are split on hyphens) is
caught when it is written, not years later.

Matching is one way per kind of input:

* class and id values are split by :func:`~mainmark.page.classwords.words` into
  lowercase whole tokens (plus joined pairs) and an entry matches a token
  (:attr:`Match.WORD`) or the start of one (:attr:`Match.STEM`, for the compounds
  themes glue together);
* a whole class entry (:attr:`Match.CLASS`) is how a CSS class selector matches:
  for the exact class names one framework writes (``sr-only``, ``MathJax_Preview``);
* an element's whole text (:attr:`Match.TEXT`), casefolded, with runs of punctuation
  read as one space.

Hot loops do the same test as set operations on tokens they computed once
(``vocabulary.entries & words(value)``); :meth:`Vocabulary.matches` is the reference.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from mainmark.page.classwords import words

__all__ = [
    "GENERIC", "Label", "Match", "Scope", "Vocabulary", "cms", "language", "site",
    "text_key", "vendor",
]


class Scope(str, Enum):
    """How far an entry's meaning reaches."""

    GENERIC = "generic"  #: any page: HTML, ARIA, naming conventions shared by every CMS
    CMS = "cms"  #: the pages of one CMS, theme family or front-end framework, named
    VENDOR = "vendor"  #: the embedded widget or script of one company, named
    LANGUAGE = "language"  #: pages whose developers or readers use one language, named
    SITE = "site"  #: one site, named, with the reason the entry stays


@dataclass(frozen=True, slots=True)
class Label:
    """An entry's scope, with the CMS, vendor, language or site it belongs to."""

    scope: Scope
    name: str = ""
    #: Why a site-scope entry is kept (a rule for one site must earn its place).
    reason: str = ""


GENERIC = Label(Scope.GENERIC)


def cms(name: str) -> Label:
    """The label of an entry one CMS, theme family or framework writes."""
    return Label(Scope.CMS, name)


def vendor(name: str) -> Label:
    """The label of an entry one vendor's embedded widget writes."""
    return Label(Scope.VENDOR, name)


def language(code: str) -> Label:
    """The label of an entry in one language (ISO 639-1 code)."""
    return Label(Scope.LANGUAGE, code)


def site(host: str, reason: str) -> Label:
    """The label of an entry for one site; ``reason`` says why it stays."""
    return Label(Scope.SITE, host, reason)


class Match(str, Enum):
    """The one way each kind of input is matched."""

    WORD = "word"  #: a whole class/id token (:func:`~mainmark.page.classwords.words`)
    STEM = "stem"  #: the start of a class/id token
    CLASS = "class"  #: a whole class entry, as written (a CSS class selector)
    TEXT = "text"  #: an element's whole text, through :func:`text_key`


_PUNCT = re.compile(r"[^\w/]+")


def text_key(text: str) -> str:
    """A text as :attr:`Match.TEXT` compares it: casefolded ("ß" is "ss"), every run of
    characters other than word characters and ``/`` one space, trimmed."""
    return " ".join(_PUNCT.sub(" ", text.casefold()).split())


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One named word table: its entries, how they are matched, what scope they have,
    why the table exists and which modules act on it."""

    name: str
    entries: frozenset[str]
    why: str
    used_by: tuple[str, ...]
    match: Match = Match.WORD
    #: The scope of every entry not in :attr:`labels`.
    label: Label = GENERIC
    #: Entries whose scope differs from the table's (a vendor's name in a generic table).
    labels: Mapping[str, Label] = field(default_factory=dict, hash=False, compare=False)
    #: :attr:`Match.CLASS` only: the reader lowercases the class value first, so an entry
    #: must be lowercase to be matchable.
    casefolded: bool = False
    #: The entries as a tuple, for ``str.startswith`` (built once).
    stems: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stray = set(self.labels) - self.entries
        if stray:
            raise ValueError(f"{self.name}: labels for entries it does not hold: {sorted(stray)}")
        object.__setattr__(self, "stems", tuple(sorted(self.entries)))

    def label_of(self, entry: str) -> Label:
        """The scope label of one entry."""
        return self.labels.get(entry, self.label)

    def matches(self, value: str) -> bool:
        """Whether a class/id value (or, for :attr:`Match.TEXT`, an element's text)
        holds an entry, matched the one way this vocabulary declares."""
        if self.match in (Match.WORD, Match.STEM):
            return self.in_words(words(value))
        if self.match is Match.CLASS:
            value = value.lower() if self.casefolded else value
            return not self.entries.isdisjoint(value.split())
        return text_key(value) in self.entries

    def in_words(self, tokens: frozenset[str]) -> bool:
        """:meth:`matches` for class/id tokens already split by
        :func:`~mainmark.page.classwords.words` (a reader that asks several vocabularies
        about one element splits its values once)."""
        if self.match is Match.STEM:
            stems = self.stems
            return any(token.startswith(stems) for token in tokens)
        return not self.entries.isdisjoint(tokens)

