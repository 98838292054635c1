"""The metadata stage reads class and id words the way selection does: as whole tokens.

Bylines, datelines, prices and the regions whose bylines belong to others (comments,
sidebars, the page footer) are named by class/id words from the vocabulary registry,
matched on the tokens of :func:`~mainmark.page.classwords.words`: a camelCase name holds
its words (``postAuthor``, ``productPrice``), and letters inside another word are no
match (``candidate`` holds no date, ``overprice`` no price). Synthetic pages, each case
isolating one decision; the first, second and fourth fail on the substring matching
this replaced.
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


def test_a_camel_case_price_class_is_a_price_element() -> None:
    from mainmark.metadata.prices import visible_price

    root = parse('<html><body><div class="productPrice">€ 24,90</div>'
                 '<div class="overprice">€ 99</div></body></html>').root
    offer = visible_price(root, "de")
    assert offer is not None and offer.price == "24.90" and offer.currency == "EUR"


def test_a_word_merely_ending_in_price_is_no_price_element() -> None:
    from mainmark.metadata.prices import visible_price

    root = parse('<html><body><div class="overprice">€ 99</div></body></html>').root
    assert visible_price(root, "de") is None


def test_a_posters_class_is_matched_as_a_whole_name_where_its_words_mislead() -> None:
    from mainmark.metadata.posters import thread_posters

    def posters(cls: str) -> list[str]:
        html = "".join(f'<div class="post"><span class="{cls}">Poster {n}</span>{PROSE}</div>'
                       for n in ("One", "Two"))
        return thread_posters(parse(f"<html><body>{html}</body></html>").root)[0]

    assert posters("post_author") == ["Poster One", "Poster Two"]
    assert posters("ipsUsername") == ["Poster One", "Poster Two"]
    # a page builder's listing wrapper holds the joined pair "postauthor", not a poster
    assert posters("video-post_author-list") == []
