"""Class and id values as word tokens: the one way every stage matches class/id words.

Split into lowercase tokens (``site-footer`` -> ``site``, ``footer``; ``relatedLinks`` ->
``related``, ``links``) plus joined pairs, matched as whole tokens, never as substrings
(see ``content/vocab.py`` for why). It lives with the parsed page, below every stage that
reads class words (page kinds, selection), so all of them match the same way.
"""

from __future__ import annotations

import re
from functools import lru_cache
from operator import add

#: Where a camelCase name breaks ("relatedLinks"): a zero-width match, so the split is a
#: literal substitution (a group template costs a Python call per match).
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_TOKEN = re.compile(r"[a-z0-9]+")

#: Class entries that describe state or taxonomy, not the element's role (and utility
#: classes with a variant, ``print:hidden``, ``md:flex``, ``hover:underline``: Tailwind-
#: style styling for one medium or state, skipped whole, see ``words``): WordPress's
#: ``post_class()`` adds ``category-social``/``tag-comments`` terms to the article itself,
#: and layout flags say ``no-share``/``has-sidebar`` about what is *not* there or is
#: beside the element. Matching their words would mark article wrappers as chrome.
IGNORED_CLASS_PREFIXES = (
    "category-", "tag-", "tags-", "format-", "status-", "type-", "cat-", "topic-", "no-",
    "has-", "with-", "without-", "not-", "hide-", "show-", "is-", "js-", "postid-",
)


@lru_cache(maxsize=8192)
def words(value: str) -> frozenset[str]:
    """Split a class/id value into word tokens, plus joined pairs (``article-body`` also
    yields ``articlebody``) so compound names match the single-word vocabularies.

    Cached: the same class strings repeat hundreds of times on a page and across pages.
    Every new site brings its own values, though, built of entries that recur far more
    than the values do (``menu-item``, ``col-md-6`` in a hundred combinations): a miss
    joins the entries' tokens from a second cache (:func:`_entry_words`).
    """
    entries = value.split()
    if len(entries) == 1:
        return frozenset(_entry_words(entries[0]))
    out: set[str] = set()
    add_all = out.update
    for tokens in map(_entry_words, entries):
        add_all(tokens)
    return frozenset(out)


_NO_TOKENS: tuple[str, ...] = ()


@lru_cache(maxsize=16384)
def _entry_words(entry: str) -> tuple[str, ...]:
    """The tokens and joined pairs of one entry of a class/id value (none for a state or
    taxonomy entry, :data:`IGNORED_CLASS_PREFIXES`, or a utility class with a variant).
    An entry that is one lowercase token already ("row", "col4") is taken as it is,
    without the regexes."""
    low = entry.lower()
    if low.startswith(IGNORED_CLASS_PREFIXES) or ":" in low:
        return _NO_TOKENS
    if low == entry:
        if low.isalnum() and low.isascii():
            return (low,)
    else:  # camelCase: split before lowering ("relatedLinks")
        low = _CAMEL.sub(" ", entry).lower()
    parts = _TOKEN.findall(low)
    if len(parts) > 1:  # the joined pairs, concatenated in C
        return (*parts, *map(add, parts, parts[1:]))
    return tuple(parts)
