"""The faster ways of reading a tree's text give what the slower ones they replaced gave.

``page.subtree.text_content`` stands in for lxml's ``HtmlElement.text_content()`` (an XPath
``string()`` per call) and ``metadata.metafields.body_texts`` for a ``//body//text()[...]``
search: both are read thousands of times a page, so they were swapped for cheaper
mechanisms, and nothing may change in what they return. Synthetic markup, one mechanism
each: comments and processing instructions (whose tails are text of the parent, their
own text is not), nested tails, the body's own tail, entities, script text.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree

from mainmark.metadata.metafields import body_texts
from mainmark.page.subtree import text_content

_PAGE = (
    "<html><head><title>T</title></head><body>lead <!--note-->after comment"
    "<div id='a'>Written by <b>Jane</b> Roe<?pi x?>tail of pi <i>Author:</i> Sam</div>"
    "<p>x &amp; y<span>Autor: Max</span>by: tail of span</p>"
    "<p><em><u>Author: U</u></em>by: after its own child's label</p>"
    "<script>var author = 1;</script><ul><li>one</li><li>Author</li></ul>"
    "<!--Author: a comment's own text is no text node-->"
    "</body>after body Author: never read</html>"
)


def _tree() -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(_PAGE)


def test_text_content_matches_lxml_on_every_element() -> None:
    root = _tree()
    elements = list(root.iter(etree.Element))
    assert len(elements) > 10
    for el in elements:
        assert text_content(el) == el.text_content()


_HINT = re.compile(r"uthor|utor|ritten [bB]y|y:")
_XPATH = etree.XPath(
    "//body//text()[contains(., 'uthor') or contains(., 'utor') or contains(., 'ritten by')"
    " or contains(., 'ritten By') or contains(., 'y:')][string-length(.) < 160]")


def _by_xpath(root: lxml.html.HtmlElement) -> list[tuple[str, object, bool]]:
    found = _XPATH(root)
    assert isinstance(found, list)
    texts = [t for t in found if isinstance(t, etree._ElementUnicodeResult)]
    assert len(texts) == len(found)
    return [(str(t), t.getparent(), bool(t.is_tail)) for t in texts]


def test_body_texts_match_the_xpath_search_in_document_order() -> None:
    root = _tree()
    expected = _by_xpath(root)
    got = body_texts(root, _HINT.search, shorter_than=160, limit=100)
    assert got == expected
    # the cases the walk must get right: a tail after its element's own descendants'
    # texts (document order, not the order elements start in), the body's tail left out
    em = root.find(".//em")
    assert [text for text, _, _ in got].index("Author: U") < got.index(
        ("by: after its own child's label", em, True))
    assert not any("never read" in text for text, _, _ in got)


def test_body_texts_stop_at_the_limit_keeping_the_first() -> None:
    root = _tree()
    expected = _by_xpath(root)
    assert len(expected) >= 3
    assert body_texts(root, _HINT.search, shorter_than=160, limit=2) == expected[:2]
