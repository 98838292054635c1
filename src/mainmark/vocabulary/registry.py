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
  read as one space;
* the page-kind model's inputs, each read its own way: a schema.org type name as
  ``@type`` gives it (:attr:`Match.SCHEMA`), an ``og:type`` value's first part
  (:attr:`Match.OG_TYPE`), a whole letter run of a lowercased URL path
  (:attr:`Match.PATH`), a whole word of the lowercased visible text
  (:attr:`Match.TEXT_WORD`), a letter run of the lowercased title (:attr:`Match.TITLE`)
  and an element's tag name (:attr:`Match.TAG`);
* a phrase pattern (:attr:`Match.PATTERN`): one alternative of the regex a module builds
  from the vocabulary, found in a text case-insensitively. These are the language
  phrase families ("Leave a reply", "Table of contents", "Zuletzt aktualisiert"); each
  entry that is not a plain phrase carries an example text it matches.

Hot loops do the same test as set operations on tokens they computed once
(``vocabulary.entries & words(value)``); :meth:`Vocabulary.matches` is the reference.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from mainmark.page.classwords import words

__all__ = [
    "GENERIC", "Label", "Match", "Phrase", "Scope", "Vocabulary", "cms", "language",
    "phrases", "site", "text_key", "vendor",
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
    SCHEMA = "schema"  #: a schema.org type name, prefixes stripped (``metadata.schema``)
    OG_TYPE = "og_type"  #: an ``og:type`` value, lowercased, cut at its first ``.`` or ``:``
    PATH = "path"  #: a whole run of letters of a lowercased URL path
    TEXT_WORD = "text_word"  #: a whole word (``\b`` to ``\b``) of lowercased text
    TITLE = "title"  #: a whole run of letters (any script) of a lowercased title
    TAG = "tag"  #: an element's tag name
    PATTERN = "pattern"  #: a regex alternative found in a text, case-insensitively


_PUNCT = re.compile(r"[^\w/]+")
_LETTERS = re.compile(r"[a-z]+")
_ANY_LETTERS = re.compile(r"[^\W\d_]+")
_TEXT_WORDS = re.compile(r"\b\w+\b")
#: A plain phrase: no regex syntax, so the entry is its own example.
_PLAIN = re.compile(r"[\w '’&,-]+")


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
    #: The entries in the order a reader depends on (a feature vector's, a regex's
    #: alternation); empty where no order matters.
    order: tuple[str, ...] = ()
    #: :attr:`Match.PATTERN` only: a text each entry that is not a plain phrase matches.
    examples: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    #: The entries as a tuple, for ``str.startswith`` (built once).
    stems: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stray = (set(self.labels) | set(self.examples)) - self.entries
        if stray:
            raise ValueError(f"{self.name}: labels or examples for entries it does not hold: "
                             f"{sorted(stray)}")
        if self.order and (len(set(self.order)) != len(self.order)
                           or set(self.order) != self.entries):
            raise ValueError(f"{self.name}: its order must list each entry once")
        object.__setattr__(self, "stems", tuple(sorted(self.entries)))

    @classmethod
    def ordered(cls, name: str, entries: tuple[str, ...], why: str, used_by: tuple[str, ...],
                match: Match = Match.WORD, label: Label = GENERIC,
                labels: Mapping[str, Label] | None = None,
                examples: Mapping[str, str] | None = None) -> Vocabulary:
        """A vocabulary whose reader depends on the order its entries are written in."""
        return cls(name, frozenset(entries), why, used_by, match, label, labels or {},
                   order=entries, examples=examples or {})

    def example(self, entry: str) -> str:
        """A text ``entry`` matches: its example, or the entry itself (a plain phrase,
        a word, a name)."""
        return self.examples.get(entry, entry)

    def families(self) -> dict[str, tuple[str, ...]]:
        """The entries in their order, grouped by language (``""`` for the others), for
        a reader that measures or switches one language's family at a time."""
        out: dict[str, list[str]] = {}
        for entry in self.order or self.stems:
            label = self.label_of(entry)
            out.setdefault(label.name if label.scope is Scope.LANGUAGE else "", []).append(entry)
        return {code: tuple(entries) for code, entries in out.items()}

    def pattern(self) -> str:
        """:attr:`Match.PATTERN`: the entries as one alternation, in their order."""
        return "|".join(self.order or self.stems)

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
        if self.match is Match.TEXT:
            return text_key(value) in self.entries
        if self.match is Match.PATTERN:
            return any(re.search(entry, value, re.IGNORECASE) for entry in self.entries)
        return not self.entries.isdisjoint(self._tokens(value))

    def _tokens(self, value: str) -> set[str]:
        """The tokens of the model-input kinds, as the page-kind features read them."""
        if self.match in (Match.SCHEMA, Match.TAG):
            return {value}
        if self.match is Match.OG_TYPE:
            return {value.strip().lower().split(".", 1)[0].split(":", 1)[0]}
        if self.match is Match.PATH:
            return set(_LETTERS.findall(value.lower()))
        if self.match is Match.TITLE:
            return set(_ANY_LETTERS.findall(value.lower()))
        return set(_TEXT_WORDS.findall(value.lower()))

    @staticmethod
    def is_plain(entry: str) -> bool:
        """Whether a :attr:`Match.PATTERN` entry is a plain phrase (its own example)."""
        return bool(_PLAIN.fullmatch(entry))

    def in_words(self, tokens: frozenset[str]) -> bool:
        """:meth:`matches` for class/id tokens already split by
        :func:`~mainmark.page.classwords.words` (a reader that asks several vocabularies
        about one element splits its values once)."""
        if self.match is Match.STEM:
            stems = self.stems
            return any(token.startswith(stems) for token in tokens)
        return not self.entries.isdisjoint(tokens)



class Phrase(NamedTuple):
    """One alternative of a phrase family: its regex, its language, and a text it
    matches when it is not a plain phrase (``"Leave a comment"`` for
    ``leave a (?:comment|reply)``)."""

    pattern: str
    lang: str  #: ISO 639-1 code; empty for a sign every language uses (``©``)
    example: str = ""


def phrases(name: str, why: str, used_by: tuple[str, ...],
            entries: tuple[Phrase, ...]) -> Vocabulary:
    """A :attr:`Match.PATTERN` vocabulary, each entry labelled with its language, in the
    order its module joins them into one regex."""
    return Vocabulary.ordered(
        name, tuple(p.pattern for p in entries), why, used_by, Match.PATTERN,
        labels={p.pattern: language(p.lang) for p in entries if p.lang},
        examples={p.pattern: p.example for p in entries if p.example})
