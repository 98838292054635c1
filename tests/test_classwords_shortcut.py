"""The page-kind features read a class/id value's counted words as ``words(value)`` cut to
the counted vocabulary (one cached split, shared with the measuring pass), where they
used to go entry by entry. The shortcut must give the entry-by-entry answer on every
value, or the trained model would see other feature vectors than it was trained on."""

from __future__ import annotations

import lxml.html
import pytest

from corpus_support import corpus_pages
from mainmark.page.classwords import words
from mainmark.pagekind.features import _CLASS_SET, _NO_DIGITS, _class_hits


def _entry_by_entry(value: str) -> set[str]:
    """The computation the shortcut replaces: each entry looked up as it is when it is
    a counted word, split by ``words`` when it is not one lowercase ASCII word."""
    hits: set[str] = set()
    for entry in value.split():
        if entry in _CLASS_SET:
            hits.add(entry)
        elif not (entry.isascii() and entry.isalnum() and entry.islower()):
            hits.update(words(entry) & _CLASS_SET)
    return hits


VARIED = [
    "", " ", "nav", "NAV", "Nav", "site-nav", "site_nav main-nav", "relatedPosts",
    "related-posts", "related_posts related--posts", "no-sidebar sidebar", "has-sidebar",
    "is-nav", "md:hidden nav", "hover:underline footer", "tag-footer footer-tag",
    "category-news news", "comment-1812", "comment-", "x-comments-list", "Comment_List",
    "menu\titem\nfooter", "col-md-4 col-sm-12", "post-123 type-post status-publish",
    "wp-block-group has-background is-layout-flow", "Ｎａｖ", "navé", "cart-is-empty",
    "productCard product-card", "breadcrumb breadcrumbs", "a-b-c-d-e-f",
]


@pytest.mark.parametrize("value", VARIED)
def test_shortcut_equals_entry_by_entry_on_varied_values(value: str) -> None:
    for v in (value, value.translate(_NO_DIGITS)):
        assert set(_class_hits.__wrapped__(v)) == _entry_by_entry(v)


def test_shortcut_equals_entry_by_entry_on_corpus_values() -> None:
    values: set[str] = set()
    for _, html, _ in corpus_pages():
        root = lxml.html.fromstring(html)
        found = root.xpath("//@class|//@id")
        assert isinstance(found, list)
        for v in found:
            values.add(str(v).translate(_NO_DIGITS))
            values.add(str(v))
    assert len(values) > 1000
    hit = 0
    for value in values:
        expected = _entry_by_entry(value)
        assert set(_class_hits.__wrapped__(value)) == expected, value
        hit += bool(expected)
    assert hit > 100  # the corpus exercises the counted words, not only misses


def test_every_counted_word_is_one_lowercase_ascii_token() -> None:
    """What makes the shortcut exact: a counted word is a token ``words`` keeps as it is."""
    for word in _CLASS_SET:
        assert word.isascii() and word.isalnum() and word.islower()
        assert words(word) == {word}
