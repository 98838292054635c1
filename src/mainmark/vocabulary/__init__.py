"""The vocabulary registry: every class/id and text word table the extractor acts on, as
labelled data in one place, matched one way per kind of input.

Each table is a :class:`~mainmark.vocabulary.registry.Vocabulary`: its entries, the way
they are matched (:class:`~mainmark.vocabulary.registry.Match`), the scope of each entry
(:class:`~mainmark.vocabulary.registry.Scope`: generic, a CMS or framework, a vendor, a
language, one site with its reason), why it exists and which modules act on it. The
stages import the tables they need by name; ``docs/vocabulary.md`` lists them all
(``python -m mainmark.vocabulary`` writes it).

It sits between the parsed page (whose class tokeniser it uses) and the stages that judge
content, so every stage can import it. Tag sets, ARIA roles and regexes stay with the
stage that reads them (``content/vocab.py``, ``markdown/rendervocab.py``).

Must not: import any stage above ``page``, or hold code that walks a tree.
"""

from __future__ import annotations

from collections import Counter

from mainmark.vocabulary import boxes, bylines, chrome, classes, pagekinds, phrases, texts
from mainmark.vocabulary.registry import Label, Match, Scope, Vocabulary, text_key

__all__ = ["REGISTRY", "Label", "Match", "Scope", "Vocabulary", "scope_counts", "text_key"]

#: Every vocabulary, in the order the docs list them.
REGISTRY: tuple[Vocabulary, ...] = (*chrome.TABLES, *boxes.TABLES, *bylines.TABLES,
                                    *classes.TABLES, *texts.TABLES,
                                    *phrases.TABLES, *pagekinds.TABLES)


def scope_counts() -> dict[Scope, int]:
    """How many entries each scope has, over all vocabularies (an entry that sits in two
    tables counts twice: each is a rule of its own)."""
    counts = Counter(v.label_of(e).scope for v in REGISTRY for e in v.entries)
    return {scope: counts.get(scope, 0) for scope in Scope}
