"""The attribute cap's quick test never skips a tag the full walk would blank."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from mainmark.page.parse import _ATTRIBUTE, _START_TAG, cap_attributes, parse


def _walk_every_tag(text: str, cap: int) -> str:
    """The cap as a plain walk over every start tag (what the quick test stands in for)."""
    out: list[str] = []
    last = 0
    for tag in _START_TAG.finditer(text):
        attrs = _ATTRIBUTE.finditer(text, tag.start(), tag.end())
        kept = next(itertools.islice(attrs, cap - 1, None), None)
        if kept is None or kept.end() >= tag.end():
            continue
        out += [text[last:kept.end()], " " * (tag.end() - kept.end())]
        last = tag.end()
    return "".join([*out, text[last:]]) if out else text


# Tag soup that takes every branch of the attribute grammar: quoted values holding ">",
# "<" and the other quote, bare attributes, unquoted values, stray quotes and slashes.
PARTS = ["<a", "<b ", " ", "  ", "x", "y=", "=", '"', "'", ">", "<", "/", "\n", "z",
         '="q>"', "='r<'", " k", " k=v", "\t", "<p", ' t="a b"']


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=60), st.integers(1, 4))
def test_the_quick_test_finds_every_tag_to_cap(parts: list[str], cap: int) -> None:
    text = "".join(parts)
    assert cap_attributes(text, cap) == _walk_every_tag(text, cap)


def test_a_page_without_a_long_tag_comes_back_as_the_same_object() -> None:
    text = '<div class="a" id="b">' + "<p title='x > y'>text</p>" * 200 + "</div>"
    assert cap_attributes(text) is text


def test_a_tag_over_the_cap_is_still_cut() -> None:
    attrs = "".join(f' a{i}="{i}"' for i in range(300))
    page = parse(f"<html><body><p{attrs}>kept text</p></body></html>")
    assert page.root is not None
    p = page.root.find(".//p")
    assert p is not None and len(p.attrib) == 256 and p.text == "kept text"
