"""Field choices that hold on unseen pages: which signal a page's own markup makes right."""

from __future__ import annotations

import mainmark
from metadata_support import doc, ld, meta_of


# ---- titles ---------------------------------------------------------------------------------
def test_character_references_left_in_jsonld_are_decoded() -> None:
    head = ld({"@type": "Article", "headline": "Pricing Guide: Rates &amp; Costs &#8211; 2025"})
    assert meta_of(doc(head)).title == "Pricing Guide: Rates & Costs \u2013 2025"


def test_a_literal_ampersand_stays() -> None:
    head = ld({"@type": "Article", "headline": "Salt & Pepper & more"})
    assert meta_of(doc(head)).title == "Salt & Pepper & more"


def test_faq_questions_do_not_name_the_page() -> None:
    faq = {
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": "How long does a move take?",
                "acceptedAnswer": {"@type": "Answer", "text": "A day."},
            }
        ],
    }
    head = ld(faq) + '<meta property="og:title" content="Local Movers in Springfield">'
    meta = meta_of(doc(head, "<p>text</p>"))
    assert meta.title == "Local Movers in Springfield"
    assert meta.type != "Question"


def test_an_asked_question_stays_a_candidate() -> None:
    question = {
        "@type": "Question",
        "name": "Why does my build fail on ARM?",
        "author": {"@type": "Person", "name": "Kim Lee"},
        "answerCount": 2,
    }
    meta = meta_of(doc(ld(question)))
    assert meta.title == "Why does my build fail on ARM?"
    assert meta.author == ("Kim Lee",)


def test_a_share_card_title_beats_a_jsonld_product_name() -> None:
    head = ld({"@type": "Product", "name": "Mail Hub"}) + (
        '<meta property="og:title" content="Marketing Software that Multiplies Results | Hub">')
    meta = meta_of(doc(head, "<h1>Marketing software for growing teams</h1><p>Text.</p>"))
    assert meta.title == "Marketing Software that Multiplies Results"
    assert meta.sources["title"] == "opengraph"


def test_a_jsonld_title_the_h1_shows_beats_the_share_card() -> None:
    head = ld({"@type": "Product", "name": "Mail Hub"}) + (
        '<meta property="og:title" content="Marketing Software that Multiplies Results | Hub">')
    meta = meta_of(doc(head, "<h1>Mail Hub</h1><p>Text.</p>"))
    assert meta.title == "Mail Hub"
    assert meta.sources["title"] == "h1=jsonld"


def test_a_jsonld_title_agreeing_with_the_share_card_keeps_its_source() -> None:
    head = ld({"@type": "Article", "headline": "Rates rise again"}) + (
        '<meta property="og:title" content="Rates rise again | Daily Paper">')
    meta = meta_of(doc(head, "<p>Text.</p>"))
    assert meta.title == "Rates rise again"
    assert meta.sources["title"] == "jsonld"


ARTICLE = {"@type": "NewsArticle", "headline": "Best Office Chairs for Back Pain Relief"}


def test_an_articles_printed_headline_beats_its_search_title() -> None:
    body = "<article><h1>Best Office Chairs to Prevent Back Pain</h1><p>Text.</p></article>"
    meta = meta_of(doc(ld(ARTICLE), body))
    assert meta.title == "Best Office Chairs to Prevent Back Pain"
    assert meta.sources["title"] == "h1~jsonld"


def test_a_blog_name_h1_does_not_replace_the_article_title() -> None:
    body = "<header><h1>Antoine's Notebook</h1></header><article><p>Text.</p></article>"
    meta = meta_of(doc(ld(ARTICLE), body))
    assert meta.title == ARTICLE["headline"]


def test_a_service_page_keeps_its_metadata_title() -> None:
    head = '<meta property="og:title" content="Office Chairs for Back Pain Relief">'
    body = "<h1>Chairs that end back pain, made for you</h1>"
    assert meta_of(doc(head, body)).title == "Office Chairs for Back Pain Relief"


def test_a_site_logo_h1_and_a_repeat_leave_one_headline() -> None:
    body = ("<header><h1>Office Notes</h1></header><h1>Best Office Chairs to Prevent Back Pain"
            "</h1><div class=sticky><h1>Best Office Chairs to Prevent Back Pain</h1></div>")
    meta = meta_of(doc(ld(ARTICLE), body), url="https://www.officenotes.example/chairs")
    assert meta.title == "Best Office Chairs to Prevent Back Pain"
    assert meta.sources["title"] == "h1~jsonld"


def test_two_h1s_leave_the_metadata_title() -> None:
    body = "<h1>Best Office Chairs to Prevent Back Pain</h1><h1>Best Chairs for Gaming</h1>"
    assert meta_of(doc(ld(ARTICLE), body)).title == ARTICLE["headline"]


def test_a_lone_h1_beats_a_title_tag_written_for_search() -> None:
    head = "<title>Buy Cordless Drills Online | Toolhaus</title>"
    body = "<h1>Cordless drills</h1><p>All drills.</p>"
    meta = meta_of(doc(head, body), url="https://www.toolhaus.example/drills")
    assert meta.title == "Cordless drills"
    assert meta.sources["title"] == "h1~title"


def test_a_title_tag_tagline_gives_way_to_the_lone_h1() -> None:
    head = "<title>Riverboard - where the valley talks</title>"
    body = "<h1>Which canoe for a first trip down the river?</h1><p>Post.</p>"
    meta = meta_of(doc(head, body), url="https://riverboard.example/t/canoe-1234")
    assert meta.title == "Which canoe for a first trip down the river?"


def test_a_site_name_h1_leaves_the_title_tag() -> None:
    head = "<title>Notes on the harbour line | Toolhaus</title>"
    body = "<h1>Toolhaus</h1><p>Text.</p>"
    meta = meta_of(doc(head, body), url="https://www.toolhaus.example/notes")
    assert meta.title == "Notes on the harbour line"


def test_an_og_title_keeps_the_lone_h1_of_a_non_article_out() -> None:
    head = ('<meta property="og:title" content="Buy Cordless Drills Online">'
            "<title>Buy Cordless Drills Online | Toolhaus</title>")
    body = "<h1>Cordless drills</h1>"
    meta = meta_of(doc(head, body), url="https://www.toolhaus.example/drills")
    assert meta.title == "Buy Cordless Drills Online"


def test_an_h1_heading_an_article_element_is_an_articles_headline() -> None:
    # og:type is the CMS default "website"; the markup still says "this is an article"
    head = ('<meta property="og:type" content="website">'
            '<meta property="og:title" content="Acme Kettles: 5 Ways to Descale">')
    body = ("<article><h1>Five ways to descale an Acme kettle at home</h1>"
            "<p>By Jane Roe.</p></article>")
    meta = meta_of(doc(head, body), url="https://www.kettlenotes.example/descale")
    assert meta.title == "Five ways to descale an Acme kettle at home"
    assert meta.sources["title"] == "h1~opengraph"


def test_an_h1_outside_any_article_element_leaves_the_share_card_title() -> None:
    head = ('<meta property="og:type" content="website">'
            '<meta property="og:title" content="Acme Kettles: 5 Ways to Descale">')
    body = "<section><h1>Five ways to descale an Acme kettle at home</h1><p>Text.</p></section>"
    meta = meta_of(doc(head, body), url="https://www.kettlenotes.example/descale")
    assert meta.title == "Acme Kettles: 5 Ways to Descale"


# ---- authors --------------------------------------------------------------------------------
def thread(posts: list[tuple[str, str]], attr: bool = False) -> str:
    items = []
    for name, text in posts:
        if attr:
            items.append(f'<article class="message" data-author="{name}"><p>{text}</p></article>')
        else:
            items.append(
                f'<div class="post"><dl class="postprofile"><dt><a class="username" href="#">'
                f"{name}</a></dt></dl><div class=\"content\">{text}</div></div>"
            )
    return doc("<title>Which drill should I buy? - Workshop Forum</title>",
               "<h1>Which drill should I buy?</h1>" + "".join(items))


def test_thread_author_is_the_first_poster_by_attribute() -> None:
    html = thread([("lulug30", "Hi all, I need advice."), ("Ann_B", "Get a cordless one.")], True)
    meta = meta_of(html)
    assert meta.author == ("lulug30",)
    assert meta.sources["author"] == "dom:thread-starter"


def test_thread_author_is_the_first_poster_by_user_name_class() -> None:
    html = thread([("Need2KnowLion", "Question text."), ("galitsyn", "An answer.")])
    assert meta_of(html).author == ("Need2KnowLion",)


def test_one_stray_user_name_box_is_not_a_thread() -> None:
    body = '<h1>Our opening hours</h1><span class="username">visitor42</span><p>Mon-Fri.</p>'
    assert meta_of(doc("", body)).author == ()


def test_a_byline_beats_poster_marks() -> None:
    html = thread([("lulug30", "a"), ("Ann_B", "b")], True).replace(
        "</h1>", '</h1><p class="byline">By Jane Doe</p>'
    )
    assert meta_of(html).author == ("Jane Doe",)


def test_a_replys_author_box_is_not_the_threads_byline() -> None:
    """The first post carries no author markup, the reply after it does: the walk from the
    headline meets the reply's box first, yet the thread is the first poster's."""
    html = thread([("paulb203", "Question."), ("phinds", "An answer.")], True).replace(
        "<p>An answer.</p>",
        '<section class="message-user" itemprop="author"><span class="message-name">phinds'
        "</span><span>Gold Member</span></section><p>An answer.</p>",
    )
    meta = meta_of(html)
    assert meta.author == ("paulb203",)
    assert meta.sources["author"] == "dom:thread-starter"


def test_a_byline_naming_only_a_later_poster_is_a_replys() -> None:
    html = thread([("lulug30", "a"), ("Ann_B", "b")], True).replace(
        "</h1>", '</h1><div class="author">Ann_B</div>'
    )
    assert meta_of(html).author == ("lulug30",)


# ---- dates ----------------------------------------------------------------------------------
def test_publication_meta_keys_beyond_the_known_list() -> None:
    head = '<meta name="w-published-date" content="2025-05-27T06:03:43Z">'
    meta = meta_of(doc(head))
    assert meta.published is not None and meta.published.startswith("2025-05-27")
    assert meta.sources["published"] == "meta:w-published-date"


def test_a_date_key_beats_a_time_key_and_modified_keys_are_not_read() -> None:
    head = (
        '<meta name="page-updated-date" content="2026-01-01">'
        '<meta name="published-time" content="2026-03-09T08:45:32Z">'
        '<meta name="published-date" content="2021-02-16">'
    )
    assert meta_of(doc(head)).published == "2021-02-16"


def test_itemprop_date_published_meta_in_the_body() -> None:
    body = '<h1>Title</h1><meta itemprop="datePublished" content="2019-05-28T17:12:55+0200">'
    assert meta_of(doc("", body)).published == "2019-05-28T17:12:55+02:00"


def test_the_last_post_date_of_a_thread_header_is_not_its_publication() -> None:
    head = ld({"@type": "DiscussionForumPosting", "headline": "Which watch trends next year?",
               "datePublished": "2024-01-14T21:50:50-05:00"})
    body = (
        "<h1>Which watch trends next year?</h1><div class='meta'><span>11 replies</span>"
        "<span>last post by</span><a>Example_User</a><time>Jan 18, 2024</time></div>"
        "<p>" + "What do you all expect from the coming year in watches? " * 4 + "</p>"
    )
    assert meta_of(doc(head, body)).published == "2024-01-14T21:50:50-05:00"


def test_an_update_label_in_its_own_node_hides_its_date() -> None:
    head = ld({"@type": "Article", "headline": "Guide", "datePublished": "2024-02-27"})
    body = "<h1>Guide</h1><p><span>Updated</span><span>Dec 4, 2025</span></p><p>Body.</p>"
    assert meta_of(doc(head, body)).published == "2024-02-27"


def test_a_blog_h1_naming_the_site_is_not_the_headline_segment() -> None:
    # WordPress themes print the blog's name as <h1>; it is also a segment of <title>
    page = (b"<html><head><title>Notes on the harbour line | Zahlenwerk</title></head><body>"
            b"<h1>Zahlenwerk</h1><article><h2>Notes on the harbour line</h2>"
            b"<p>The tram runs every ten minutes past the old warehouses and the quay.</p>"
            b"</article></body></html>")
    doc = mainmark.extract(page, url="https://zahlenwerk.example.com/2012/08/notes/")
    assert doc.metadata.title == "Notes on the harbour line"
