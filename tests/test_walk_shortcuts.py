"""The shortcuts selection and page typing take must give the plain walks' answers:
``Measures.end`` spans exactly each element's subtree, pruning over it decides what a
walk over the children decides, and the page-type post-class test is the tokenizing one."""

from __future__ import annotations

import dataclasses
import re

import lxml.html
import pytest

from corpus_support import corpus_pages
from mainmark.content.measure import measure
from mainmark.content.prune import Pruning, prune
from mainmark.pagekind import markup

_ITEMS = "".join(f"<li><a href='/t/{i}'>Tag {i}</a></li>" for i in range(8))
PAGE = (
    "<html><body><div id='page'><nav class='site-nav'><a href='/'>Home</a></nav>"
    "<article class='entry-content'><h1>Harbour trams</h1>"
    "<p>The harbour line runs every ten minutes, past the old warehouses, and the town "
    "has rebuilt the quay for it.</p><!-- a comment --><div class='share-bar'>"
    "<a href='/s'>Share</a></div><p>Subscribe now for more.</p>"
    f"<ul class='tags'>{_ITEMS}</ul><figure><img src='a.jpg'><figcaption>Photo: A. Lens"
    "</figcaption></figure><p>More text follows here, with a comma, and another one.</p>"
    "</article><aside class='sidebar'><p>Popular</p></aside></div></body></html>")


def _body() -> lxml.html.HtmlElement:
    body = lxml.html.fromstring(PAGE).find("body")
    assert body is not None
    return body


def test_end_spans_exactly_each_subtree() -> None:
    m = measure(_body())
    assert len(m.end) == len(m.order)
    for i, el in enumerate(m.order):
        inside = [d for d in el.iterdescendants() if isinstance(d.tag, str)]
        assert m.order[i + 1 : m.end[i] + 1] == inside


@pytest.mark.parametrize("pruning", list(Pruning))
def test_pruning_over_positions_matches_the_walk_over_children(pruning: Pruning) -> None:
    body = _body()
    m = measure(body)
    article = body.find(".//article")
    assert article is not None
    for roots, core in (([body], None), ([article], article), ([body], article)):
        fast = prune(roots, m, dict(m.chrome), pruning, core)
        plain = prune(roots, dataclasses.replace(m, end=[]), dict(m.chrome), pruning, core)
        assert fast == plain
    assert prune([body], m, dict(m.chrome), Pruning.STRICT)  # something was judged


@pytest.mark.parametrize("cls", [
    "post", "Post-Body", "xpostx", "post_body", "my-post", "postbit", "answer-cell",
    "message_Content", "topics", "a-thread-b", "reply2", "comment3", "user-comment-list",
    "posted-on", "",
])
def test_post_class_is_a_whole_token_test(cls: str) -> None:
    low = cls.lower()
    tokens = set(re.findall("[a-z]+", low)) | set(re.findall("[a-z]+", low.replace("-", "")
                                                                .replace("_", "")))
    expected = bool(tokens & markup._POST_WORDS)
    assert markup.post_class(cls) is expected


# The page-kind features' shortcuts (features.py) against the plain computations they stand
# in for: the retrained model must not move, so each must give the same answer exactly.

_HREFS = [
    "/docs/api/", "docs/intro.html?x=1#top", "?page=2", "#", "/a#b?c", "/p/123?replytocom=9",
    "https://example.com/user/jo", "http://example.com:8080/tags/x?q#f", "https://example.com",
    "https://example.com?q=1", "https://example.com#frag", "https://user@example.com/p/1",
    "https://[::1]/x", "https://[::1/x", "http://ex]ample.com/", "https://exämple.com/x",
    "http://ex%41mple.com/", "//cdn.example.com/x", "/a:b/c", "x\ty", "/a\nb", "\x01/a",
    "ftp://example.com/docs", "HTTP://Example.com/A", "https://example.com/a\tb",
    "https://:80/x", "https://example.com:abc/x", "/ünï/cödé", "a b/c d",
]


@pytest.mark.parametrize("href", _HREFS)
def test_href_shortcut_is_urlsplit(href: str) -> None:
    from urllib.parse import urlsplit

    from mainmark.pagekind.features import _split_href

    value = href.strip().lower()
    try:
        parts = urlsplit(value)
        expected: tuple[str | None, str, str] | None = (parts.hostname, parts.path, parts.query)
    except ValueError:
        expected = None
    assert _split_href(value) == expected


@pytest.mark.parametrize("path", [
    "/users/jo", "/user-profile/", "/superuser/", "/p/1/tags/", "/doc2/reference_x",
    "/comments/replytocom/", "/replying/", "/ü-user/", "/profiles/topics/api", "/", "",
])
def test_link_kinds_are_the_path_tokens(path: str) -> None:
    from mainmark.pagekind.features import _KIND_OF, _LINK_TOKEN, _URL_WORD, LINK_KINDS

    segments = set(_URL_WORD.findall(path))
    expected = {kind for kind, tokens in LINK_KINDS.items() if not segments.isdisjoint(tokens)}
    assert {_KIND_OF[token] for token in _LINK_TOKEN.findall(path)} == expected


@pytest.mark.parametrize("value", [
    "post", "row col-md- card", "Post-Body", "relatedLinks", "no-sidebar sidebar",
    "md:flex nav", "ÜberCard card", "  ", "", "tag-comments comment", "articleBody",
    "btn btn-primary", "col col", "_x_ item_list",
])
def test_class_hits_are_the_split_words(value: str) -> None:
    from mainmark.page.classwords import words
    from mainmark.pagekind.features import _CLASS_SET, _class_hits

    assert sorted(_class_hits(value)) == sorted(words(value) & _CLASS_SET)


def test_text_patterns_match_the_plain_ones() -> None:
    from mainmark.pagekind.features import _PRICE_MARK, _TEXT_WORD, TEXT_WORDS

    text = ("reply replies replied $5 5$ 5 € £ 12 $$3 3 ¥ read-more pages page_next "
            "showing, cart: price1 1price ₹ 9 a$1$2 next. joinedposts posts")
    words = "|".join(sorted(set(TEXT_WORDS), key=len, reverse=True))
    assert _TEXT_WORD.findall(text) == re.findall(r"\b(?:" + words + r")\b", text)
    assert _PRICE_MARK.findall(text) == re.findall(r"[$€£¥₹]\s?\d|\d\s?[$€£¥₹]", text)


def test_the_counted_words_tree_matches_the_plain_alternation_on_corpus_text() -> None:
    """The prefix tree of the counted words (``features._trie``) finds what the
    longest-first alternation it replaced finds, on the visible text of real pages."""
    from mainmark.pagekind.features import _TEXT_WORD, TEXT_WORDS, _trie

    words = "|".join(sorted(set(TEXT_WORDS), key=len, reverse=True))
    plain = re.compile(r"\b(?:" + words + r")\b")
    found = 0
    for _, html, _ in corpus_pages()[::2]:
        root = lxml.html.document_fromstring(html)
        text = " ".join(" ".join(map(str, root.itertext())).split()).lower()
        assert _TEXT_WORD.findall(text) == plain.findall(text)
        found += len(plain.findall(text))
    assert found > 1000
    assert _trie(frozenset({"a", "ab", "abc", "b"})) == "(?:a(?:b(?:c)?)?|b)"
