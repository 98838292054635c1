"""Threads and listings: what a post's furniture is, and where a listing's items are.

Small synthetic pages: a forum thread whose posts carry signatures and poster statistics
(the username and the post's date stay), a landing page whose ``<main>`` bounds its main
column, and screen-reader-only labels.
"""

from __future__ import annotations

import json

import lxml.html
from lxml.html import HtmlElement

from mainmark import extract
from mainmark.content.measure import measure
from mainmark.content.pagetypes import main_landmark, region
from mainmark.model import PageType


def _thread(posts: int = 4) -> str:
    body = "".join(
        f"<article class='message'><div class='message-user'>"
        f"<h4><a href='/members/u{i}'>poster{i}</a></h4>"
        f"<dl class='pairs'><dt>Joined</dt><dd>Jun 2{i}, 2016</dd></dl>"
        f"<dl class='pairs'><dt>Messages</dt><dd>{i}1</dd></dl>"
        f"<div class='stat'>Reaction score: {i}0</div></div>"
        f"<time datetime='2024-07-1{i}'>Jul 1{i}, 2024</time>"
        f"<div class='message-body'><p>Answer {i}: the rollback to the older firmware "
        f"fixed the dropouts here as well, and the router has been stable since, with "
        f"no more resets overnight.</p></div>"
        f"<aside class='message-signature'><p>My rig: six cores, two fans, one dog "
        f"named Biscuit who sleeps on the case</p></aside></article>"
        for i in range(1, posts + 1))
    head = ("<script type='application/ld+json'>"
            + json.dumps({"@context": "https://schema.org", "@type": "DiscussionForumPosting",
                          "headline": "Router drops", "author": {"name": "poster1"}})
            + "</script>")
    return (f"<html><head><title>Router drops</title>{head}</head><body>"
            f"<main><h1>Router drops every night</h1>{body}</main></body></html>")


def test_thread_drops_signatures_and_poster_stats_and_keeps_who_and_when() -> None:
    doc = extract(_thread())
    assert doc.metadata.page_type is PageType.FORUM
    text = doc.text
    for i in range(1, 5):
        assert f"Answer {i}: the rollback" in text
        assert f"poster{i}" in text
        assert f"Jul 1{i}, 2024" in text
    assert "Biscuit" not in text
    assert "Joined" not in text and "Messages" not in text and "Reaction score" not in text


def test_a_lone_statistic_is_not_furniture() -> None:
    # Fewer than three statistic lines: nothing repeats per post, nothing is removed.
    html = _thread(posts=1)
    for stat in ("<dl class='pairs'><dt>Joined</dt><dd>Jun 21, 2016</dd></dl>",
                 "<dl class='pairs'><dt>Messages</dt><dd>11</dd></dl>"):
        html = html.replace(stat, "")
    doc = extract(html)
    assert doc.metadata.page_type is PageType.FORUM
    assert "Reaction score: 10" in doc.text


def test_a_count_whose_label_is_an_icon_is_a_poster_statistic() -> None:
    # Engines label some statistics with an icon only: the text left is a bare count.
    icon = "<dl class='pairs'><dt><svg><title>Messages</title></svg></dt><dd>19,37{i}</dd></dl>"
    html = _thread()
    for i in range(1, 5):
        html = html.replace(f"<dl class='pairs'><dt>Messages</dt><dd>{i}1</dd></dl>",
                            icon.format(i=i))
    doc = extract(html)
    assert doc.metadata.page_type is PageType.FORUM
    assert "19,37" not in doc.text
    for i in range(1, 5):
        assert f"Answer {i}: the rollback" in doc.text and f"poster{i}" in doc.text


_SECTION = ("Our team plans the move with you, packs every room with care, and delivers "
            "on the day you choose, with insurance included and no hidden fees at all. ")


def _landing() -> str:
    sections = "".join(
        f"<section class='block'><h2>Service {i}</h2><p>{_SECTION}</p></section>"
        for i in range(1, 4))
    # A box outside <main> that no chrome word names (a page builder's promo strip).
    beside = ("<div class='strip'><p>Download the partner app for exclusive deals, "
              "wallpapers and a chance to win a weekend away in the mountains.</p></div>")
    return ("<html><head><title>Movers</title></head><body>"
            "<header><nav><a href='/'>Home</a> <a href='/q'>Quote</a></nav></header>"
            f"<main><h1>Moving made simple</h1>{sections}</main>{beside}</body></html>")


def _body(html: str) -> HtmlElement:
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    return body


def test_a_landing_pages_column_is_its_main_landmark() -> None:
    body = _body(_landing())
    m = measure(body)
    landmark = main_landmark(body, m)
    assert landmark is not None and landmark.tag == "main"
    roots, _ = region(body, m, {}, landmark)
    assert roots == [landmark]
    assert "partner app" not in " ".join(r.text_content() for r in roots)


def test_a_small_or_ambiguous_main_is_no_landmark() -> None:
    # Without a landmark the column is the body, as before.
    small = _landing().replace("<main><h1>Moving made simple</h1>",
                               "<main><h1>Moving made simple</h1></main><div>", 1)
    small = small.replace("</section></main>", "</section></div>", 1)
    body = _body(small)
    assert main_landmark(body, measure(body)) is None
    assert region(body, measure(body), {}, None)[0] == [body]
    two = _landing().replace("<header>", "<main role='main'><p>Skip</p></main><header>", 1)
    body = _body(two)
    assert main_landmark(body, measure(body)) is None


def test_screen_reader_only_text_is_stripped() -> None:
    html = ("<html><body><article><h1>Title</h1><p>Visible prose of the article, long "
            "enough to be selected as the content of this small page, and more words.</p>"
            "<p><span class='sr-only'>Opens in a new window</span>"
            "<span class='visually-hidden'>Offline</span>Second paragraph of prose that "
            "the reader sees on the screen, with a few more words.</p></article></body></html>")
    text = extract(html).text
    assert "Second paragraph" in text
    assert "Opens in a new window" not in text and "Offline" not in text


def test_a_quote_repeating_an_earlier_post_goes_and_a_fresh_quote_stays() -> None:
    # The reply quotes post 1 (already shown above it) and a source the thread does not
    # show; the repeat goes, the other quote and every reply's own words stay.
    repeat = ("<blockquote><p>Answer 1: the rollback to the older firmware fixed the "
              "dropouts here as well, and the router has been stable since, with no more "
              "resets overnight.</p></blockquote>")
    fresh = ("<blockquote><p>Firmware 2.1 notes: the scheduler now retries the uplink "
             "before resetting the radio.</p></blockquote>")
    html = _thread().replace("<p>Answer 3:", f"{repeat}{fresh}<p>Answer 3:")
    doc = extract(html)
    assert doc.metadata.page_type is PageType.FORUM
    assert doc.text.count("Answer 1: the rollback") == 1
    assert "Firmware 2.1 notes" in doc.text
    for i in range(1, 5):
        assert f"Answer {i}: the rollback" in doc.text


def test_a_line_every_post_prints_is_kept_once() -> None:
    # Post templates print the same unmarked line under every post (a rank title, a
    # "report this post" strip); the thread holds it once, and every reply's words stay.
    line = "<div><span>Senior member of the router owners club</span></div>"
    html = _thread().replace("<div class='message-body'>", f"{line}<div class='message-body'>")
    doc = extract(html)
    assert doc.metadata.page_type is PageType.FORUM
    assert doc.text.count("Senior member of the router owners club") <= 1
    for i in range(1, 5):
        assert f"Answer {i}: the rollback" in doc.text
