"""An article printed as sibling sections, each at the top of a chain of one-child
wrappers (rule `outlying-prose`, its template reach): the search for the article's other
sections counts no level for a wrapper with one child, and past the usual three levels
joins only sections of the selection's own template. The real page is the golden
`real-article-sections-in-wrapper-chains` (WCXB 0428).
"""

from __future__ import annotations

import lxml.html

import mainmark
from extraction_support import PARAGRAPHS, TITLE
from mainmark.content.score import _lone_child, _same_template

_PROSE = ("The proof, which runs to forty pages, settles a question first asked in the "
          "nineteenth century, and it does so, remarkably, with tools a student could follow.")


def _section(cls: str, i: int) -> str:
    paras = "".join(f"<p>Part {i}: {_PROSE} {PARAGRAPHS[k % 3]}</p>" for k in range(3))
    return (f"<div class='{cls}'><section class='outer'><div class='container'>"
            f"<div class='section__body'><div class='post__content'>{paras}</div></div>"
            "</div></section></div>")


def _page(extra: str = "") -> bytes:
    sections = "".join(_section("acf-content", i) for i in range(6))
    return (f"<html><head><title>{TITLE}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<main><div class='post'><h1>{TITLE}</h1>{sections}{extra}</div></main>"
            "<footer><p>Magazine Ltd</p></footer></body></html>").encode()


def test_a_box_of_another_template_past_the_usual_levels_stays_out() -> None:
    bio = _section("author-bio", 99)
    text = mainmark.extract(_page(bio)).text
    assert "Part 0:" in text and "Part 99:" not in text


def test_a_one_child_wrapper_is_no_level_and_templates_match_by_first_class() -> None:
    root = lxml.html.fromstring(
        "<div><div class='acf-content a'><section><div><p>x</p></div></section></div>"
        "<div class='acf-content b'><p>y</p></div><aside class='bio'><p>z</p></aside></div>")
    first, second, bio = list(root)
    section = first[0]
    assert _lone_child(section) and _lone_child(section[0])
    assert not _lone_child(first)  # two siblings beside it
    assert _same_template(first, second) and not _same_template(first, bio)
