"""The publication day a page shows: local day of UTC stamps, and the dateline by the headline."""

from __future__ import annotations

import json

import pytest

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.dates import local_zone, localize
from mainmark.metadata.structured import read_structured
from mainmark.model import Confidence, Metadata
from mainmark.page.parse import parse


def meta_of(html: str, url: str | None = "https://example.org/p") -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page))


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def doc(head: str, body: str = "", lang: str = "de") -> str:
    return f'<html lang="{lang}"><head>{head}</head><body>{body}</body></html>'


PUBLISHED_UTC = ld({"@type": "NewsArticle", "datePublished": "2020-05-19T23:30:00Z"})
PROSE = "<p>" + "Der Artikel beginnt hier und erzählt ausführlich, was geschah. " * 3 + "</p>"


# ---- local day of UTC stamps ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("stamp", "language", "expected"),
    [
        # German pages are local to Central European time (summer: +02:00).
        ("2020-05-19T23:30:00+00:00", "de", "2020-05-20T01:30:00+02:00"),
        # A region subtag names the country: La Paz is four hours behind UTC.
        ("2022-05-04T02:41:00+00:00", "es-BO", "2022-05-03T22:41:00-04:00"),
        # English and Spanish alone are written in many zones: not guessed.
        ("2022-05-04T02:41:00+00:00", "en", "2022-05-04T02:41:00+00:00"),
        ("2022-05-04T02:41:00+00:00", "es", "2022-05-04T02:41:00+00:00"),
        ("2022-05-04T02:41:00+00:00", "en-US", "2022-05-04T02:41:00+00:00"),
        ("2022-05-04T02:41:00+00:00", None, "2022-05-04T02:41:00+00:00"),
        # Midnight UTC is a date-only value serialised as a time: the day stays.
        ("2019-06-17T00:00:00+00:00", "de", "2019-06-17T00:00:00+00:00"),
        # A stamp with a non-UTC offset is already local.
        ("2021-10-27T20:35:36+01:00", "de", "2021-10-27T20:35:36+01:00"),
        ("2021-10-27", "de", "2021-10-27"),
    ],
)
def test_localize(stamp: str, language: str | None, expected: str) -> None:
    assert localize(stamp, language) == expected


def test_local_zone_prefers_the_region_over_the_language() -> None:
    assert local_zone("de-CH") == "Europe/Zurich"
    assert local_zone("pt-BR") is None  # Brazil spans several zones
    assert local_zone("fr") == "Europe/Paris"


def test_utc_jsonld_stamp_gives_the_local_day_of_a_german_page() -> None:
    meta = meta_of(doc(PUBLISHED_UTC, "<h1>Schlagzeile</h1>" + PROSE))
    assert meta.published is not None
    assert meta.published.startswith("2020-05-20")


# ---- the dateline printed with the headline -------------------------------------------------
def test_header_dateline_beats_a_stamp_naming_another_day() -> None:
    body = "<h1>Schlagzeile</h1><p>Berlin, 28.10.2021</p>" + PROSE
    stamp = ld({"@type": "NewsArticle", "datePublished": "2021-10-27T20:35:36+01:00"})
    meta = meta_of(doc(stamp, body))
    assert meta.published == "2021-10-28"
    assert meta.sources["published"] == "dom:header<jsonld"


def test_opengraph_article_stamp_is_not_overridden_by_a_header_date() -> None:
    # The theme prints the last modification by the headline, unlabelled; the OpenGraph
    # article stamp is the publication field itself.
    head = ('<meta property="article:published_time" content="2023-04-02T09:15:00+00:00">'
            '<meta property="article:modified_time" content="2024-01-20T11:00:00+00:00">')
    body = "<h1>Potting soil, compared</h1><p>January 20, 2024</p>" + PROSE
    meta = meta_of(doc(head, body, lang="en"))
    assert meta.published == "2023-04-02T09:15:00+00:00"
    assert meta.sources["published"] == "meta:article:published_time"
    assert meta.confidence["published"] is Confidence.MEDIUM  # the header does not confirm it


def test_a_header_date_still_overrides_other_meta_stamps() -> None:
    head = '<meta name="date" content="2021-10-27T20:35:36+01:00">'
    body = "<h1>Schlagzeile</h1><p>Berlin, 28.10.2021</p>" + PROSE
    meta = meta_of(doc(head, body))
    assert meta.published == "2021-10-28"
    assert meta.sources["published"] == "dom:header<meta:date"


def test_stamp_is_kept_when_the_dateline_agrees() -> None:
    body = "<h1>Schlagzeile</h1><p>27.10.2021</p>" + PROSE
    stamp = ld({"@type": "NewsArticle", "datePublished": "2021-10-27T20:35:36+01:00"})
    meta = meta_of(doc(stamp, body))
    assert meta.published == "2021-10-27T20:35:36+01:00"
    assert meta.sources["published"] == "jsonld"


@pytest.mark.parametrize(
    "header",
    [
        # Two dates (published and a second one): which is which is not known.
        "<p>29. Dezember 2022</p><p>30. Dezember 2022</p>",
        # A two-digit year: "11.03.17" is day-first or month-first depending on the site.
        "<p>11.03.17</p>",
        # An ambiguous slash date is a locale guess.
        "<p>11/01/2021</p>",
        # An update notice, with its date on the next line.
        "<p>Last Updated:</p><p>January 7, 2025</p>",
        "<p>Aktualisiert am 7. Januar 2025</p>",
        # A subtitle naming some day is not a dateline.
        "<p>Am 7. Januar 2025 treffen sich die Ministerinnen und Minister der Länder in Berlin</p>",
    ],
)
def test_unclear_header_dates_do_not_overrule_the_stamp(header: str) -> None:
    stamp = ld({"@type": "NewsArticle", "datePublished": "2020-07-10T14:15:42+02:00"})
    meta = meta_of(doc(stamp, "<h1>Schlagzeile</h1>" + header + PROSE))
    assert meta.published == "2020-07-10T14:15:42+02:00"


def test_header_dateline_past_a_standfirst() -> None:
    standfirst = (
        "<p>" + "Ein langer Vorspann, der den Artikel zusammenfasst und neugierig macht. " * 2
    )
    body = "<h1>Schlagzeile</h1>" + standfirst + "</p><p>Von Fiona Muster</p><p>1. Januar 2023</p>"
    stamp = ld({"@type": "Article", "datePublished": "2021-11-22T18:42:22+01:00"})
    meta = meta_of(doc(stamp, body + PROSE))
    assert meta.published == "2023-01-01"


def test_body_dates_after_the_prose_starts_are_not_the_header() -> None:
    body = "<h1>Schlagzeile</h1>" + PROSE + PROSE + "<p>1. Januar 2023</p>"
    stamp = ld({"@type": "Article", "datePublished": "2021-11-22T18:42:22+01:00"})
    meta = meta_of(doc(stamp, body))
    assert meta.published == "2021-11-22T18:42:22+01:00"


def test_header_dateline_before_the_headline() -> None:
    body = "<div><span>Original Research</span><span>7 April 2020</span></div><h1>Study</h1>"
    meta = meta_of(doc('<meta name="dc.date" content="2020-03-03">', body + PROSE, "en"))
    assert meta.published == "2020-04-07"


def test_header_dateline_comes_first_when_there_is_no_stamp() -> None:
    body = (
        "<h1>Schnitte nach Riss</h1><p>21. Jan 2022 // Dominik Muster</p>"
        + PROSE
        + PROSE
        + '<p class="date">06.08.2020</p>'
    )
    meta = meta_of(doc("", body))
    assert meta.published == "2022-01-21"
    assert meta.sources["published"] == "dom:header"


def test_blog_post_heading_below_an_h1_site_name_anchors_the_dateline() -> None:
    """A blog's <h1> is its own name; the post's headline is an <h3> matching the title."""
    body = (
        "<header><h1>My Little Blog</h1><p>Online seit 1. März 2009</p></header>"
        "<div><h2><span>Samstag, 5. Oktober 2013</span></h2>"
        '<div class="post"><h3 class="post-title">Viertes Interview</h3>' + PROSE + "</div></div>"
    )
    head = '<meta property="og:title" content="Viertes Interview">'
    meta = meta_of(doc(head, body))
    assert meta.published == "2013-10-05"


def test_bare_dateline_beside_a_date_in_a_sentence_overrules_the_stamp() -> None:
    # The minutes name the meeting they approve: that date sits in a sentence.
    body = ("<h1>Protokoll der Vorstandssitzung</h1><p>26/12/2019</p>"
            "<p>Abnahme Protokoll der letzten Sitzung vom 5.8.2019</p>" + PROSE)
    stamp = ld({"@type": "Article", "datePublished": "2019-12-27T00:07:45+01:00"})
    meta = meta_of(doc(stamp, body))
    assert meta.published == "2019-12-26"
    assert meta.sources["published"] == "dom:header<jsonld"


def test_a_dated_byline_sentence_first_keeps_the_stamp() -> None:
    # The nearest dated line is a sentence; a bare date after it may be the body's start.
    body = ("<h1>Office 365</h1><p>by someone on August 3, 2019</p><p>09.07.2019</p>" + PROSE)
    stamp = ld({"@type": "BlogPosting", "datePublished": "2019-08-03T13:31:46+02:00"})
    assert meta_of(doc(stamp, body, "en")).published == "2019-08-03T13:31:46+02:00"


def test_locale_read_dateline_within_a_day_of_a_utc_stamp_wins() -> None:
    # "3/5/2022" is day-first in Spanish; the UTC stamp is already the next day.
    body = "<h1>Titular</h1><p>Ariel Cabrera</p><p>3/5/2022 22:41</p>" + PROSE
    stamp = ld({"@type": "NewsArticle", "datePublished": "2022-05-04T02:41:00Z"})
    meta = meta_of(doc(stamp, body, "es"))
    assert meta.published == "2022-05-03T22:41:00"


def test_locale_read_dateline_far_from_the_stamp_is_not_trusted() -> None:
    # Read day-first it is the 3rd of May; the stamp says March: a misread, not a dateline.
    body = "<h1>Titular</h1><p>3/5/2022 22:41</p>" + PROSE
    stamp = ld({"@type": "NewsArticle", "datePublished": "2022-03-05T10:00:00Z"})
    meta = meta_of(doc(stamp, body, "es"))
    assert meta.published == "2022-03-05T10:00:00+00:00"


# ---- a dateline at the top of the main content (no other date anywhere) --------------------
def _extract(html: str) -> Metadata:
    import mainmark
    from mainmark.options import Options

    return mainmark.extract(html.encode(), url="https://verband.example/news/levelpaesse",
                            options=Options(chunking=False)).metadata


def test_content_dateline_dates_a_page_with_no_other_signal() -> None:
    html = doc("<title>Aktuelles - Verband</title>",
               "<nav><a href='/'>Start</a></nav><div id='content'><h2>Levelpässe</h2>"
               '<div class="newsHeader"><span>01.02.2022</span> Kategorie: Verband</div>'
               + PROSE + PROSE + "</div>")
    meta = _extract(html)
    assert meta.published == "2022-02-01"
    assert meta.sources["published"] == "content:dateline"


def test_dateline_in_the_header_box_before_the_text_box_dates_the_page() -> None:
    # The text is taken from the body box; the dateline sits in the news header beside it.
    html = doc("<title>Aktuelles - Verband</title>",
               "<nav><a href='/'>Start</a></nav><div id='col_2'><div class='newsSingle'>"
               '<div class="newsSingleHeader"><b>Synchronschwimmen</b><br>'
               '<span class="blue">01.02.2022</span> Kategorie: Verband</div>'
               f"<div class='right'>{PROSE}{PROSE}</div></div></div>"
               "<div id='col_3'><p>Partner: Stadtwerke, Sparkasse, Bäckerei Müller.</p></div>")
    meta = _extract(html)
    assert meta.published == "2022-02-01"
    assert meta.sources["published"] == "content:dateline"


def test_content_lines_are_read_in_document_order() -> None:
    # A text after an element comes after that element's own children.
    html = doc("<title>Aktuelles - Verband</title>",
               "<div id='content'><h2>Levelpässe</h2><div class='meta'><span>Stand "
               "<b>05.05.2021</b></span> 01.02.2022</div>" + PROSE + PROSE + "</div>")
    assert _extract(html).published == "2021-05-05"


def test_a_bare_date_deep_in_the_content_is_only_the_last_resort() -> None:
    # Below the content's top a bare date line no longer counts as its dateline; with no
    # other date anywhere it still dates the page, as the page-wide last resort.
    lines = "".join(f"<p>Punkt {i}: weiter im Text.</p>" for i in range(25))
    html = doc("<title>Aktuelles - Verband</title>",
               "<div id='content'><h2>Levelpässe</h2>" + PROSE + lines
               + "<p>01.02.2022</p>" + PROSE + "</div>")
    meta = _extract(html)
    assert meta.published == "2022-02-01"
    assert meta.sources["published"] == "dom:page-line"


#: A page's only modification stamp: the last resort, below any date the page prints.
MODIFIED_ONLY = '<meta property="article:modified_time" content="2023-06-12T10:39:42+00:00">'


@pytest.mark.parametrize("stamp", ["", MODIFIED_ONLY], ids=["no stamp", "modified stamp"])
def test_a_lone_date_line_off_the_text_dates_an_undated_page(stamp: str) -> None:
    # A reference page that states only when it was last reviewed, in a box of its own
    # after the text: no publication stamp, no <time>, no marked element, no dateline by a
    # headline (the title names no heading of the page: no headline is found). A
    # modification stamp does not displace the printed date.
    html = doc("<title>Town hall opening hours</title>" + stamp,
               "<div id='content'><h2>Opening hours</h2>" + PROSE + PROSE + "</div>"
               "<div class='pageinfo'><span>Last reviewed: 12 March 2021</span></div>",
               lang="en")
    meta = _extract(html)
    assert meta.published == "2021-03-12"
    assert meta.sources["published"] == "dom:page-line"


def test_the_page_wide_last_resort_skips_comments_sidebars_and_footers() -> None:
    html = doc("<title>Town hall opening hours</title>",
               "<div id='content'><h2>Opening hours</h2>" + PROSE + PROSE + "</div>"
               "<div class='comments'><p>14 May 2020</p></div>"
               "<aside><p>15 May 2020</p></aside><div class='sidebar'><p>16 May 2020</p></div>"
               "<footer><p>17 May 2020</p></footer><div class='site-footer'><p>18 May 2020</p>"
               "</div><nav><p>19 May 2020</p></nav>", lang="en")
    assert _extract(html).published is None


def test_the_content_dateline_beats_a_date_line_elsewhere_on_the_page() -> None:
    html = doc("<title>Aktuelles - Verband</title>",
               "<div id='content'><h2>Levelpässe</h2><p>01.02.2022</p>" + PROSE + PROSE
               + "</div><div class='box'><p>05.05.2021</p></div>")
    meta = _extract(html)
    assert meta.published == "2022-02-01"
    assert meta.sources["published"] == "content:dateline"


# ---- the modification stamp as the very last resort -----------------------------------------


def test_a_page_with_only_a_modification_stamp_is_dated_by_it() -> None:
    # A CMS's static page (services, portfolio): no publication stamp, no printed date.
    html = doc("<title>Our work - Acme Studio</title>" + MODIFIED_ONLY,
               "<div id='content'><h1>Our work</h1>" + PROSE + PROSE + "</div>", lang="en")
    meta = _extract(html)
    assert meta.published == "2023-06-12T10:39:42+00:00"
    assert meta.modified == "2023-06-12T10:39:42+00:00"
    assert meta.sources["published"] == "modified"
    assert meta.confidence["published"] is Confidence.LOW


def test_a_publication_stamp_is_not_replaced_by_the_modification_stamp() -> None:
    head = MODIFIED_ONLY + '<meta property="article:published_time" content="2020-01-02">'
    html = doc("<title>A post by Jane Roe</title>" + head,
               "<div id='content'><h1>A post by Jane Roe</h1>" + PROSE + PROSE + "</div>",
               lang="en")
    meta = _extract(html)
    assert meta.published == "2020-01-02"
    assert meta.modified == "2023-06-12T10:39:42+00:00"


def test_a_page_without_content_is_still_dated_by_its_modification_stamp() -> None:
    meta = _extract(doc("<title>Acme</title>" + MODIFIED_ONLY, "", lang="en"))
    assert meta.published == "2023-06-12T10:39:42+00:00"
    assert meta.sources["published"] == "modified"


def test_no_stamp_and_no_printed_date_leave_the_page_undated() -> None:
    html = doc("<title>Our work - Acme Studio</title>",
               "<div id='content'><h1>Our work</h1>" + PROSE + PROSE + "</div>", lang="en")
    assert _extract(html).published is None


def test_page_lines_on_100k_nested_divs() -> None:
    # The parser flattens the tower; the page-wide walk is iterative and bounded either way.
    from lxml.html import fromstring

    from mainmark.metadata.headline_lines import page_lines

    html = doc("<title>Opening hours - Town hall</title>",
               "<div>" * 100_000 + "<p>Posted 3 April 2019</p>" + "</div>" * 100_000, lang="en")
    assert _extract(html).published == "2019-04-03"
    wide = fromstring("<html><body>" + "<div><span>1999 x</span></div>" * 30_000
                      + "<p>Posted 3 April 2019</p></body></html>")
    assert "Posted 3 April 2019" not in list(page_lines(wide))  # past the texts read



def test_a_date_in_a_sentence_does_not_date_the_page() -> None:
    html = doc("<title>Aktuelles</title>",
               "<div id='content'><h2>Levelpässe</h2><p>Die Frist läuft am 01.02.2022 für alle"
               " Vereine ab, die sich angemeldet haben.</p>" + PROSE + "</div>")
    assert _extract(html).published is None


def test_two_digit_year_dateline_read_under_the_locale_near_a_floating_stamp() -> None:
    # A French page prints "10.12.19"; the stamp has a time and no zone (the CMS's UTC).
    body = "<h1>L'archaïsme</h1><p>10.12.19</p>" + PROSE
    stamp = ld({"@type": "Article", "datePublished": "2019-12-09T20:00:49"})
    assert meta_of(doc(stamp, body, "fr")).published == "2019-12-10"


def test_locale_dateline_does_not_overrule_a_zoned_midnight_stamp() -> None:
    # "+01:00" midnight is a local date-only value: no zone shift explains another day.
    body = "<h1>Südfrankreich</h1><p>6.11.22</p>" + PROSE
    stamp = ld({"@type": "Article", "datePublished": "2022-11-07T00:00:00+01:00"})
    assert meta_of(doc(stamp, body)).published == "2022-11-07T00:00:00+01:00"


def test_forum_join_date_is_not_the_post_date() -> None:
    body = ("<h2>Was ist Freie Software</h2><dl><dt>r23</dt><dd>Beiträge: 1626</dd>"
            "<dd>Registriert:</dd><dd>18.09.2008, 05:56</dd></dl>"
            "<p>Beitrag von r23 » </p><p>21.01.2009, 05:42</p>" + PROSE)
    head = "<title>Was ist Freie Software</title>"
    meta = meta_of(doc(head, body))
    assert meta.published == "2009-01-21T05:42:00"


def test_a_sentence_naming_an_event_day_does_not_date_the_page() -> None:
    body = ("<h1>Stammtisch</h1><p>Der nächste Stammtisch findet am Mi. 5. Februar 2020 ab"
            " 19 Uhr im Cafe statt.</p>")
    assert meta_of(doc("<title>Stammtisch</title>", body)).published is None


@pytest.mark.parametrize(
    ("footer", "day"),
    [
        ('<li id="footer-info-lastmod"> Diese Seite wurde zuletzt am 29. Januar 2020 um 13:22'
         " Uhr geändert.</li>", "2020-01-29"),
        ('<p id="pageinfo">BeginnersGuide/Download (last edited 2019-11-10 13:28:18 by'
         " someone)</p>", "2019-11-10"),
    ],
)
def test_a_wiki_revision_line_dates_a_page_with_no_other_date(footer: str, day: str) -> None:
    meta = meta_of(doc("<title>Wiki page</title>", "<h1>Wiki page</h1>" + PROSE + footer))
    assert meta.published is not None and meta.published.startswith(day)
    assert meta.modified is not None and meta.modified.startswith(day)
    assert meta.sources["published"] == "dom:revision"


def test_a_wiki_revision_line_does_not_displace_a_publication_date() -> None:
    footer = '<li id="footer-info-lastmod">This page was last edited on 4 November 2020.</li>'
    stamp = ld({"@type": "Article", "datePublished": "2019-03-02T10:00:00+01:00"})
    meta = meta_of(doc(stamp, "<h1>Wiki page</h1>" + PROSE + footer))
    assert meta.published == "2019-03-02T10:00:00+01:00"


def test_page_lines_come_in_document_order_and_read_a_skipped_box_s_tail() -> None:
    # The first date line printed wins, so the order is the page's: a paragraph's text
    # before the tail after it. An aside's tail is its parent's text, not the aside's.
    from lxml.html import fromstring

    from mainmark.metadata.headline_lines import page_lines

    page = fromstring("<html><body><div><p>3 April 2019</p> 5 May 2020"
                      "<aside>1 June 2021</aside> 7 July 2022</div></body></html>")
    assert list(page_lines(page)) == ["3 April 2019", "5 May 2020", "7 July 2022"]
