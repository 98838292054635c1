"""The last-resort dateline: a date-marked element anywhere on the page.

Reached only when no stamp, header dateline, ``<time>``, dated URL, dateline near the
headline or wiki revision line dated the page: the post's date printed in a side
column, at the foot of the post, or in a forum post's header on a page whose headline
was not found.
"""

from __future__ import annotations

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse

PROSE = "<p>" + "The story starts here and tells at length what happened that week. " * 4 + "</p>"
#: Enough lines after the headline that the walk around it stops before the side column.
FILLER = "".join(f"<p>Point {i} of a long list of points.</p>" for i in range(60))


def meta_of(body: str, url: str | None = "https://example.org/post") -> Metadata:
    html = f'<html lang="en"><head><title>A post</title></head><body>{body}</body></html>'
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page))


def test_published_box_far_from_the_headline_dates_the_page() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<div class="side"><span class="tb-published-date">Published On: 15 August 2025'
            "</span></div>")
    meta = meta_of(body)
    assert meta.published == "2025-08-15"
    assert meta.sources["published"] == "dom:date-page"


def test_without_a_headline_the_first_date_marked_element_counts() -> None:
    body = ('<div class="post"><span class="post_date">2019-02-23, 09:14 PM (This post was'
            " last modified: 2024-01-05, 03:27 AM by a moderator of the board)</span>"
            f"{PROSE}</div>"
            f'<div class="post"><span class="post_date">2019-02-24, 02:31 AM</span>{PROSE}</div>')
    assert (meta_of(body).published or "")[:10] == "2019-02-23"


def test_the_text_is_read_up_to_an_update_label() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<p class="date">December 3, 2025. <i>Updated: December 7, 2025</i></p>')
    assert meta_of(body).published == "2025-12-03"


def test_an_update_marked_element_is_no_publication_date() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<p class="updated-date">Updated: December 7, 2025</p>')
    assert meta_of(body).published is None


def test_a_time_inside_the_marked_element_gives_its_value() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<div class="post-date">Posted <time datetime="2026-03-04T18:58:32+00:00">'
            "17 hours ago</time></div>")
    assert meta_of(body).published == "2026-03-04T18:58:32+00:00"


def test_dates_of_comments_sidebars_and_lists_of_other_pages_are_not_the_page_s() -> None:
    teasers = "".join(
        f'<li><span class="date">0{i}.08.2022</span><a href="/news/{i}">Another story {i}</a>'
        "</li>" for i in range(1, 4))
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            f'<ul class="more-news">{teasers}</ul>'
            '<div class="comments"><span class="date">March 5, 2024</span></div>'
            '<aside><span class="date">March 6, 2024</span></aside>')
    assert meta_of(body).published is None


def test_one_dated_list_item_with_a_link_around_its_date_still_counts() -> None:
    body = (f"<div><h1>A post</h1>{PROSE}{FILLER}</div>"
            '<ul class="meta"><li><a href="/archive/2024/03/"><span class="date">March 5, 2024'
            '</span></a></li><li><a href="/tag/x">x</a></li></ul>')
    assert meta_of(body).published == "2024-03-05"


def test_a_date_without_its_year_is_not_read() -> None:
    body = f'<div><h1>A post</h1>{PROSE}{FILLER}</div><span class="date">March 5</span>'
    assert meta_of(body).published is None


def test_the_page_wide_search_comes_after_every_other_signal() -> None:
    body = ('<div><h1>A post</h1><p class="byline">March 1, 2024</p>'
            f'{PROSE}{FILLER}</div><span class="date">March 5, 2024</span>')
    assert meta_of(body).published == "2024-03-01"
