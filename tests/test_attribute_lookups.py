"""Attribute searches written for speed select what their plain forms select.

Two whole-tree searches that tested every element were replaced: the reply form's id
(``//*[@id='respond']``, now libxml2's id table through ``id()``) and the modal dialogs
(``//*[@aria-modal="true"]``, now a walk over the ``aria-modal`` attributes). Each is held
here to its plain form on the repository's real pages and on the markup that could tell
them apart (a repeated id, an id with spaces, a character reference, a capitalised
attribute name).
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from lxml import etree
from lxml.html import HtmlElement

from corpus_support import corpus_pages
from mainmark.content import clean
from mainmark.page.decode import decode
from mainmark.page.parse import parse
from mainmark.pagekind import decide

_RESPOND_PLAIN = etree.XPath("//*[@id='respond']")
_MODAL_PLAIN = etree.XPath('//*[@aria-modal="true"]')


def _root(html: bytes | str) -> HtmlElement:
    text = html if isinstance(html, str) else decode(html, None).text
    root: HtmlElement | None = parse(text).root
    assert root is not None
    return root


def _modal_owners(root: HtmlElement) -> list[object]:
    found = clean._MODAL_MARKS(root)
    assert isinstance(found, list)
    return [value.getparent() for value in cast("list[Any]", found)]


def test_the_id_lookup_agrees_with_the_element_search_on_real_pages() -> None:
    both = 0
    for name, html, _ in corpus_pages():
        root = _root(html)
        plain = bool(_RESPOND_PLAIN(root))
        assert bool(decide._RESPOND(root)) == plain, name
        both += plain
    assert both >= 3  # the corpus holds blog posts with a reply form


@pytest.mark.parametrize(("html", "found"), [
    ('<div id="respond">a</div>', True),
    ('<div id="respond">a</div><form id="respond">b</form>', True),  # repeated id
    ('<div ID="respond">a</div>', True),  # attribute names are lowercased by the parser
    ('<div id="&#114;espond">a</div>', True),  # a character reference in the value
    ('<div id=" respond">a</div>', False),  # the value is compared as written
    ('<div id="Respond">a</div>', False),
    ('<div id="respond comments">a</div>', False),
    ('<div class="respond">a</div>', False),
])
def test_the_id_lookup_agrees_with_the_element_search_on_edge_markup(
        html: str, found: bool) -> None:
    root = _root(f"<html><body>{html}</body></html>")
    assert bool(_RESPOND_PLAIN(root)) is found
    assert bool(decide._RESPOND(root)) is found


def test_the_modal_attributes_name_the_elements_the_element_search_finds() -> None:
    seen = 0
    for name, html, _ in corpus_pages():
        root = _root(html)
        plain = _MODAL_PLAIN(root)
        assert _modal_owners(root) == plain, name
        seen += bool(plain)
    nested = _root('<html><body><div aria-modal="true"><p aria-modal="true">x</p></div>'
                   '<div aria-modal="false">y</div><div aria-modal="TRUE">z</div>'
                   '</body></html>')
    assert _modal_owners(nested) == _MODAL_PLAIN(nested)
    assert len(_modal_owners(nested)) == 2
