"""The vocabulary registry: every entry can match, every entry has a scope, the docs agree.

An entry the tokeniser can never produce (``ez-toc`` when class values are split on
hyphens, ``MathJax`` when they are lowercased) is a rule that silently does nothing; the
first test builds each entry's minimal input (a class attribute, an id, a text, a phrase
pattern's example) and asks the vocabulary's own matcher. The second asks the reverse for
class/id words: the entry buried inside a longer token does not match, since matching is
by whole tokens. The readers' own matchers are asked too: the page-kind features in
``test_pagekind_vocabulary.py``, the phrase regexes in ``test_phrase_vocabularies.py``,
the byline notice words in ``test_byline_vocabularies.py``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from mainmark.page.classwords import words
from mainmark.vocabulary import REGISTRY, Match, Scope, Vocabulary, scope_counts
from mainmark.vocabulary.table import render

_DOC = Path(__file__).resolve().parent.parent / "docs" / "vocabulary.md"
_ENTRIES = [(v, e) for v in REGISTRY for e in sorted(v.entries)]
_IDS = [f"{v.name}:{e}" for v, e in _ENTRIES]

#: The registry's scope counts, as docs/vocabulary.md and the closing notes quote them.
#: A change here is a change of rules: say it in the changelog.
DOCUMENTED_COUNTS = {Scope.GENERIC: 853, Scope.CMS: 101, Scope.VENDOR: 17,
                     Scope.LANGUAGE: 504, Scope.SITE: 4}
#: What each model-input entry must look like to be producible by its matcher.
_SHAPES = {Match.PATH: r"[a-z]+", Match.TITLE: r"[^\W\d_]+", Match.TEXT_WORD: r"\w+",
           Match.TAG: r"[a-z][a-z0-9]*", Match.OG_TYPE: r"[a-z]+",
           Match.SCHEMA: r"[A-Z][A-Za-z ]*"}


@pytest.mark.parametrize(("vocabulary", "entry"), _ENTRIES, ids=_IDS)
def test_every_entry_matches_its_minimal_input(vocabulary: Vocabulary, entry: str) -> None:
    if vocabulary.match is Match.PATTERN:
        # a pattern is its own example only when it is a plain phrase
        assert Vocabulary.is_plain(entry) or entry in vocabulary.examples, entry
    assert vocabulary.matches(vocabulary.example(entry))
    if vocabulary.match in _SHAPES:
        assert re.fullmatch(_SHAPES[vocabulary.match], entry), entry
        assert vocabulary.match in (Match.SCHEMA, Match.TAG) or entry == entry.lower()
    if vocabulary.match in (Match.WORD, Match.STEM):
        # the same tokeniser reads ids and class values: both must yield the entry
        assert entry == entry.lower() and re.fullmatch(r"[a-z0-9]+", entry), entry
        assert any(t == entry or (vocabulary.match is Match.STEM and t.startswith(entry))
                   for t in words(entry))
    if vocabulary.casefolded:
        assert entry == entry.lower()


_WORDS = [(v, e) for v, e in _ENTRIES if v.match is Match.WORD]


@pytest.mark.parametrize(("vocabulary", "entry"), _WORDS,
                         ids=[f"{v.name}:{e}" for v, e in _WORDS])
def test_a_word_matches_whole_tokens_only(vocabulary: Vocabulary, entry: str) -> None:
    assert vocabulary.matches(f"site-{entry}")
    assert vocabulary.matches(f"site{entry.capitalize()}")  # camelCase splits there
    assert not vocabulary.matches(f"zq{entry}zq")


def test_a_stem_matches_the_start_of_a_token_only() -> None:
    stems = next(v for v in REGISTRY if v.name == "broad_stems")
    assert stems.matches("relatedposts") and stems.matches("site-relatedPosts")
    assert not stems.matches("unrelated")


def test_a_class_entry_matches_whole_class_names_only() -> None:
    gutter = next(v for v in REGISTRY if v.name == "gutter")
    assert gutter.matches("highlight gl") and not gutter.matches("gl-button")
    # why these tables are not word-matched: Prism's <pre> and highlight.js's code cell
    # hold a gutter's words without being one
    assert not gutter.matches("line-numbers language-js")
    assert not gutter.matches("hljs-ln-code")


def test_a_text_entry_matches_the_whole_text_casefolded() -> None:
    labels = next(v for v in REGISTRY if v.name == "ui_labels")
    assert labels.matches("  Load   MORE… ") and not labels.matches("load more stories")


def test_vocabulary_names_are_unique() -> None:
    names = [v.name for v in REGISTRY]
    assert len(names) == len(set(names))


def test_the_scope_counts_are_as_documented() -> None:
    assert scope_counts() == DOCUMENTED_COUNTS


@pytest.mark.parametrize(("vocabulary", "entry"), _ENTRIES, ids=_IDS)
def test_a_scope_names_what_it_is_scoped_to(vocabulary: Vocabulary, entry: str) -> None:
    label = vocabulary.label_of(entry)
    if label.scope is Scope.GENERIC:
        assert not label.name and not label.reason
    else:
        assert label.name
    if label.scope is Scope.LANGUAGE:
        assert re.fullmatch(r"[a-z]{2}", label.name)
    if label.scope is Scope.SITE:
        assert len(label.reason) > 20, f"{entry}: a site-scope entry must say why it stays"


def test_a_label_for_a_missing_entry_is_refused() -> None:
    from mainmark.vocabulary.registry import vendor

    with pytest.raises(ValueError, match="does not hold"):
        Vocabulary("x", frozenset({"a"}), "why", (), labels={"b": vendor("B")})
    with pytest.raises(ValueError, match="does not hold"):
        Vocabulary("x", frozenset({"a"}), "why", (), Match.PATTERN, examples={"b": "b"})


def test_an_order_lists_each_entry_once() -> None:
    with pytest.raises(ValueError, match="once"):
        Vocabulary.ordered("x", ("a", "b", "a"), "why", ())
    with pytest.raises(ValueError, match="once"):
        Vocabulary("x", frozenset({"a", "b"}), "why", (), order=("a",))


def test_a_pattern_without_an_example_is_only_plain_text() -> None:
    assert Vocabulary.is_plain("table des matières")
    assert not Vocabulary.is_plain("(?:table of )?contents")
    assert not Vocabulary.is_plain("©")


@pytest.mark.parametrize(("kind", "value", "miss"), [
    ("kind_url_token", "/viewtopic.php", "/zqviewtopiczq.zq"),
    ("kind_url_token", "/zq/thread-123/", "/zq/threadzq-123/"),
    ("kind_title_word", "Best Laptops: A Guide", "Zqbest Zqlaptops: Guidezq"),
    ("kind_text_word", "Showing 1-24 of 300 results", "zqshowing 1-24 zq 300 resultszq"),
    ("kind_og_type", "product.item", "zqproduct.item"),
    ("kind_schema_article", "NewsArticle", "Newsarticle"),
    ("kind_tag", "blockquote", "BLOCKQUOTE"),
])
def test_model_input_kinds_read_their_tokens(kind: str, value: str, miss: str) -> None:
    vocabulary = next(v for v in REGISTRY if v.name == kind)
    assert vocabulary.matches(value)
    assert not vocabulary.matches(miss)


def test_a_language_family_keeps_its_order() -> None:
    prompts = next(v for v in REGISTRY if v.name == "reader_prompt")
    families = prompts.families()
    assert list(families) == ["en", "de", "pl"]
    assert tuple(a for f in families.values() for a in f) == prompts.order


@pytest.mark.parametrize("vocabulary", REGISTRY, ids=[v.name for v in REGISTRY])
def test_every_vocabulary_says_why_and_where(vocabulary: Vocabulary) -> None:
    assert vocabulary.why and vocabulary.used_by and vocabulary.entries
    for module in vocabulary.used_by:
        importlib.import_module(f"mainmark.{module}")


def test_the_docs_table_is_up_to_date() -> None:
    assert _DOC.read_text(encoding="utf-8") == render(), (
        "docs/vocabulary.md is stale: run `python -m mainmark.vocabulary`")
