"""The shortcuts selection and page typing take must give the plain walks' answers:
``Measures.end`` spans exactly each element's subtree, pruning over it decides what a
walk over the children decides, and the page-type post-class test is the tokenizing one."""

from __future__ import annotations

import dataclasses
import re

import lxml.html
import pytest

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
    assert markup._post_class(cls) is expected
