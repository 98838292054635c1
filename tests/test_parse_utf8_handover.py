"""The page's own UTF-8 bytes go to the parser only when they are exactly the decoded text.

``decode`` hands over its input as :attr:`Decoded.utf8` when that input is the text in
UTF-8 (ASCII, or UTF-8 decoded strictly and not repaired), and ``parse(text, utf8=...)``
reads those bytes instead of encoding the text again; anything that changes the text on
the way (a replaced byte, repaired mojibake, a BOM, a legacy codec, sanitizing, a blanked
end tag) must drop them, or the tree would not be the tree of ``Page.text``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from mainmark.page.decode import decode
from mainmark.page.parse import Page, parse

# Bytes whose decoding changes nothing, and bytes whose decoding changes something.
EXACT = [
    b"<p>plain ASCII</p>",
    "<p>caf\u00e9 \u20ac \U0001f600</p>".encode(),
    b"<html><body>x</body></html>\n<p>after the end tag</p>",
    "<?xml version='1.0' encoding='utf-8'?><p>\u00e9</p>".encode(),
    "<p>a\x00b\x0cc \u00e9</p>".encode(),
]
CHANGED = [
    b"\xef\xbb\xbf<p>BOM</p>",
    b"<p>caf\xe9 cut \xff\xfe bytes " + "\u00e9".encode() * 40 + b"</p>",
    b"<p>cut mid-character " + "\u00e9".encode() * 40 + "\u20ac".encode()[:2],
    "<p>Caf\u00e9 \u2019quoted\u2019</p>".encode().decode("cp1252").encode(),
    "<meta charset='windows-1252'><p>caf\u00e9</p>".encode("cp1252"),
]


def _dump(page: Page) -> tuple[object, ...]:
    if page.root is None:
        return (None, page.text, page.warnings)
    return (etree.tostring(page.root, encoding="unicode"),
            [el.sourceline for el in page.root.iter()], page.text, page.warnings)


def test_exact_bytes_are_handed_over() -> None:
    for data in EXACT:
        decoded = decode(data)
        assert decoded.utf8 is data


def test_bytes_that_are_not_the_text_are_not() -> None:
    for data in CHANGED:
        decoded = decode(data)
        assert decoded.utf8 is None or decoded.utf8 == decoded.text.encode("utf-8"), data


def test_the_tree_is_the_same_with_or_without_the_bytes() -> None:
    for data in EXACT + CHANGED:
        decoded = decode(data)
        assert _dump(parse(decoded.text, utf8=decoded.utf8)) == _dump(parse(decoded.text))


PARTS = ["<p>", "</p>", "<div>", "</body>", "</html>", "text", " ", "\n", "\u00e9",
         "\u20ac", "\x00", "\x0c", "\x1f", "<title>", "<?xml encoding='x'?>", "&amp;",
         "<a href='/x'>"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=40))
def test_any_soup_parses_the_same_from_its_bytes(parts: list[str]) -> None:
    data = "".join(parts).encode()
    decoded = decode(data)
    assert decoded.utf8 is None or decoded.utf8 == decoded.text.encode("utf-8")
    assert _dump(parse(decoded.text, utf8=decoded.utf8)) == _dump(parse(decoded.text))
