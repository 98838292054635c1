"""The metadata stage reads class and id words the way selection does: as whole tokens.

Bylines, datelines and the regions whose bylines belong to others (comments, sidebars,
the page footer) are named by class/id words from the vocabulary registry, matched on
the tokens of :func:`~mainmark.page.classwords.words`. A camelCase name holds its words
(``postAuthor``), and a word inside another word is no match (``candidate`` holds no
date, ``commentary`` is no comment thread's stem only because ``comment`` is a stem).
Synthetic pages: each case isolates one of these decisions.
"""

from __future__ import annotations

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse

PROSE = "<p>" + "The story starts here and tells at length what happened that week. " * 4 + "</p>"
FILLER = "".join(f"<p>Point {i} of a long list of points.</p>" for i in range(60))


def meta_of(body: str) -> Metadata:
    html = f'<html lang="en"><head><title>A post</title></head><body>{body}</body></html>'
    page = parse(html, url="https://example.org/post")
    return extract_metadata(page, read_structured(page))


def test_a_camel_case_byline_class_names_the_author() -> None:
    meta = meta_of(f'<article><h1>A post</h1><div class="postAuthor">Jane Roe</div>{PROSE}'
                   "</article>")
    assert meta.author == ("Jane Roe",)
    assert meta.sources["author"] == "dom:byline"


def test_a_class_merely_containing_date_is_no_dateline() -> None:
    # "candidate" holds the letters of "date", not the word: the last-resort search of
    # date-marked elements must not read its year as the publication date
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<div class="candidates">Candidates: 12 March 2019</div>')
    assert meta_of(body).published is None


def test_a_date_word_in_a_compound_class_still_dates_the_page() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<div class="side"><span class="entryDate">Posted 12 March 2019</span></div>')
    assert meta_of(body).published == "2019-03-12"
