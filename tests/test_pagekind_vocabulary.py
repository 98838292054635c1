"""Every entry of the page-kind model's input vocabularies fires its feature.

The registry test asks each vocabulary's reference matcher; this one asks the feature
code itself, on the smallest page (or URL, title, structured record) that holds the
entry. An entry the feature code cannot produce (a URL token with a digit, a text word
the tokeniser splits, a tag the walk never counts) is a feature that is always zero: the
model learns nothing from it and a reader of the weights is misled.
"""

from __future__ import annotations

import re

import pytest
from lxml import html
from lxml.html import HtmlElement

from mainmark.metadata.structured import Structured
from mainmark.pagekind import features, markup
from mainmark.vocabulary import pagekinds
from mainmark.vocabulary.registry import Vocabulary


def _vector() -> list[float]:
    return [0.0] * len(features.FEATURES)


def _fired(vec: list[float], name: str) -> bool:
    return vec[features.FEATURES.index(name)] > 0


def _page(body: str) -> HtmlElement:
    return html.fromstring(f"<html><head></head><body>{body}</body></html>")


def _cases(vocabularies: dict[str, Vocabulary]) -> list[tuple[str, str]]:
    return [(group, entry) for group, v in vocabularies.items() for entry in v.order]


def test_the_feature_tables_are_the_registry_tables() -> None:
    assert pagekinds.URL_TOKENS.order == features.URL_TOKENS
    assert pagekinds.CLASS_WORDS.order == features.CLASS_WORDS
    assert list(features.SCHEMA_GROUPS) == list(pagekinds.SCHEMA_GROUPS)


@pytest.mark.parametrize(("group", "kind"), _cases(pagekinds.SCHEMA_GROUPS))
def test_a_schema_type_fires_its_group(group: str, kind: str) -> None:
    vec = _vector()
    features._schema(Structured(jsonld=[{"@type": f"https://schema.org/{kind}"}]), vec)
    assert _fired(vec, f"schema:{group}")


def test_schema_types_are_spelt_as_schema_org_spells_them() -> None:
    # A type with a space ("Offer Catalog" stood in the service group until 0.19) is
    # never an ``@type``: its feature never fired.
    bad = [kind for _, kind in _cases(pagekinds.SCHEMA_GROUPS)
           if not re.fullmatch(r"[A-Z][A-Za-z]+", kind)]
    assert not bad


def test_a_type_in_two_groups_fires_both() -> None:
    vec = _vector()
    features._schema(Structured(jsonld=[{"@type": "OfferCatalog"}]), vec)
    assert _fired(vec, "schema:listing") and _fired(vec, "schema:service")


@pytest.mark.parametrize("value", pagekinds.OG_TYPES.order)
def test_an_og_type_fires(value: str) -> None:
    vec = _vector()
    features._schema(Structured(opengraph=[("og:type", f"{value.upper()}.x")]), vec)
    assert _fired(vec, f"og:{value}")


@pytest.mark.parametrize("token", pagekinds.URL_TOKENS.order)
def test_a_url_token_fires(token: str) -> None:
    vec = _vector()
    features._url(f"https://example.org/zq/{token}-123/x", vec)
    assert _fired(vec, f"url:{token}")


@pytest.mark.parametrize(("kind", "token"), _cases(pagekinds.LINK_KINDS))
def test_a_link_token_fires_its_kind(kind: str, token: str) -> None:
    vec = _vector()
    root = _page(f'<a href="/zq/{token}/42">x</a>')
    features._links(markup.survey_of(root, frozenset()).hrefs, "https://example.org/a", vec)
    assert _fired(vec, f"links:{kind}")


@pytest.mark.parametrize("word", pagekinds.TEXT_WORDS.order)
def test_a_text_word_fires(word: str) -> None:
    vec = _vector()
    features._text(_page(f"<p>Zq {word.capitalize()}: 12</p>"), vec, {"p": 1})
    assert _fired(vec, f"word:{word}")


@pytest.mark.parametrize("word", pagekinds.CLASS_WORDS.order)
def test_a_class_word_is_counted(word: str) -> None:
    assert word in features._class_hits(f"zq site-{word}__inner")


@pytest.mark.parametrize("tag", pagekinds.COUNTED_TAGS.order)
def test_a_counted_tag_is_counted(tag: str) -> None:
    root = _page(f"<div><{tag}></{tag}></div>")
    assert markup.markup_counts(root, "", frozenset(features.COUNTED_TAGS)).tags[tag] >= 1


@pytest.mark.parametrize("word", pagekinds.TITLE_WORDS.order)
def test_a_title_word_fires(word: str) -> None:
    vec = _vector()
    features._title(f"Zq {word.upper()} – Example", None, vec)
    assert _fired(vec, f"title:{word}")


@pytest.mark.parametrize("entry", pagekinds.CART.order)
def test_a_cart_phrase_marks_a_buy_control(entry: str) -> None:
    text = pagekinds.CART.example(entry)
    assert markup.is_cart(_page(f"<button>{text}</button>").find(".//button"))
    assert not markup.is_cart(_page("<button>Zq</button>").find(".//button"))


@pytest.mark.parametrize("word", sorted(pagekinds.POST_WORDS.entries))
def test_a_post_word_marks_a_post_block(word: str) -> None:
    assert markup.post_class(f"zq {word}-wrap")
    assert not markup.post_class(f"zq{word}zq")


@pytest.mark.parametrize("word", sorted(pagekinds.POST_AUTHOR.entries))
def test_an_author_word_marks_a_posts_author(word: str) -> None:
    block = _page(f'<div><span class="zq-{word}">Jane</span></div>').find(".//div")
    assert markup._has_author(block)


@pytest.mark.parametrize("word", sorted(pagekinds.POST_DATE.entries))
def test_a_date_word_marks_a_posts_date(word: str) -> None:
    block = _page(f'<div><span class="zq-{word}">3 May</span></div>').find(".//div")
    assert markup._has_date(block)
