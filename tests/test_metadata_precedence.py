"""The order of trust between signals, one rule per test."""

from __future__ import annotations

import json

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(html: str, url: str | None = "https://example.org/p", **kw: object) -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page), **kw)  # type: ignore[arg-type]


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def doc(head: str, body: str = "", attrs: str = "") -> str:
    return f"<html {attrs}><head>{head}</head><body>{body}</body></html>"


def test_jsonld_author_beats_meta_author_and_byline() -> None:
    head = ld({"@type": "Article", "author": {"name": "Ada Lovelace"}}) + (
        '<meta name="author" content="Grace Hopper">'
    )
    meta = meta_of(doc(head, '<h1>x</h1><span class="byline">Alan Turing</span>'))
    assert meta.author == ("Ada Lovelace",)


def test_meta_author_beats_dom_byline() -> None:
    meta = meta_of(
        doc('<meta name="author" content="Grace Hopper">', '<div class="author">Alan Turing</div>')
    )
    assert meta.author == ("Grace Hopper",)


SITE_AUTHOR = (
    '<meta name="author" content="Example News">'
    '<meta property="og:site_name" content="Example News">'
)


def test_author_naming_the_site_yields_to_a_person_byline() -> None:
    head = SITE_AUTHOR
    body = '<article><h1>Headline here</h1><p class="byline">By Jane Doe</p></article>'
    meta = meta_of(doc(head, body))
    assert meta.author == ("Jane Doe",)
    assert meta.sources["author"] == "dom:byline"


def test_author_naming_the_site_is_kept_when_nothing_else() -> None:
    head = SITE_AUTHOR
    assert meta_of(doc(head)).author == ("Example News",)


def test_url_valued_article_author_is_skipped() -> None:
    head = (
        '<meta property="article:author" content="https://facebook.com/jane">'
        '<meta name="author" content="Jane Doe">'
    )
    assert meta_of(doc(head)).author == ("Jane Doe",)


def test_article_beats_webpage_as_main_entity() -> None:
    head = ld(
        [
            {"@type": "WebPage", "name": "Page name", "datePublished": "2001-01-01"},
            {"@type": "Article", "headline": "Article headline", "datePublished": "2002-02-02"},
        ]
    )
    meta = meta_of(doc(head))
    assert meta.type == "Article"
    assert meta.published == "2002-02-02"


def test_article_with_own_url_beats_teaser_articles() -> None:
    head = ld(
        [
            {"@type": "Article", "headline": "Teaser", "url": "https://example.org/other"},
            {"@type": "Article", "headline": "Mine", "url": "https://example.org/p"},
        ]
    )
    assert meta_of(doc(head)).title == "Mine"


def test_og_title_beats_a_disagreeing_jsonld_headline_which_beats_title_tag() -> None:
    card = '<meta property="og:title" content="OG">'
    head = ld({"@type": "Article", "headline": "LD"})
    assert meta_of(doc(head + card + "<title>TAG</title>")).title == "OG"
    assert meta_of(doc(head + "<title>TAG</title>")).title == "LD"
    assert meta_of(doc(card + "<title>TAG</title>")).title == "OG"


def test_published_never_taken_from_modified_by_the_signals() -> None:
    # Only the pipeline's last resort, after every printed date, dates a page by its
    # modification stamp (tests/test_metadata_datelines.py).
    head = '<meta property="article:modified_time" content="2020-05-06">'
    meta = meta_of(doc(head))
    assert meta.published is None
    assert meta.modified == "2020-05-06"


def test_structured_date_beats_visible_time() -> None:
    head = '<meta property="article:published_time" content="2020-05-06">'
    body = '<article><h1>x</h1><time datetime="2019-01-01">then</time></article>'
    assert meta_of(doc(head, body)).published == "2020-05-06"


def test_publication_marked_time_beats_other_times() -> None:
    body = (
        '<article><h1>Headline of it</h1><time datetime="2019-01-01" class="updated">u</time>'
        '<time datetime="2018-03-03" class="published">p</time></article>'
    )
    meta = meta_of(doc("", body), url=None)
    assert meta.published == "2018-03-03"
    assert meta.sources["published"] == "dom:time-pubdate"


def test_utc_stamp_a_day_off_the_url_date_gives_the_url_day() -> None:
    head = '<meta property="article:published_time" content="2020-02-25T02:25:54+00:00">'
    meta = meta_of(doc(head), url="https://example.org/2020/02/24/story/")
    assert meta.published == "2020-02-24"


def test_html_lang_beats_content_language_header() -> None:
    meta = meta_of(doc("", attrs='lang="de"'), headers={"content-language": "en"})
    assert meta.language == "de"


def test_link_canonical_beats_og_url() -> None:
    head = '<meta property="og:url" content="https://example.org/og"><link rel="canonical" href="https://example.org/c">'
    assert meta_of(doc(head)).canonical_url == "https://example.org/c"


def test_og_site_name_beats_jsonld_website() -> None:
    head = '<meta property="og:site_name" content="OG Site">' + ld(
        {"@type": "WebSite", "name": "LD Site"}
    )
    assert meta_of(doc(head)).site_name == "OG Site"


def test_meta_description_beats_og_description() -> None:
    head = '<meta property="og:description" content="og"><meta name="description" content="plain">'
    assert meta_of(doc(head)).description == "plain"


def test_og_image_beats_jsonld_image() -> None:
    head = '<meta property="og:image" content="https://example.org/og.png">' + ld(
        {"@type": "Article", "image": "https://example.org/ld.png"}
    )
    assert meta_of(doc(head)).image == "https://example.org/og.png"


def test_title_segment_naming_the_registered_domain_is_the_site() -> None:
    # foren.myoos.de: the subdomain is a section, "myoos" is the site.
    html = ("<html><head><title>Was ist Freie Software - MyOOS Community Forum</title></head>"
            "<body><h2>Was ist Freie Software</h2></body></html>")
    page = parse(html, url="https://foren.myoos.de/viewtopic.php?t=167")
    assert extract_metadata(page, read_structured(page)).title == "Was ist Freie Software"


def test_domain_key_does_not_reject_a_byline_naming_the_site() -> None:
    # The site credits its own team; that is the author it names.
    html = ('<html><head><meta name="author" content="PETA-Team"></head>'
            "<body><h1>Veterinärämter</h1></body></html>")
    page = parse(html, url="https://www.peta.de/neuigkeiten/x/")
    assert extract_metadata(page, read_structured(page)).author == ("PETA-Team",)


_STORY = "<p>" + "The story starts here and goes on for a while, as stories do. " * 3 + "</p>"


def test_printed_byline_under_the_headline_beats_a_different_metadata_author() -> None:
    head = ld({"@type": "BlogPosting", "headline": "Headline here",
               "author": {"@type": "Person", "name": "Luke Uploader"}})
    body = f"<article><h1>Headline here</h1><p>By: Paul Writer</p>{_STORY}</article>"
    meta = meta_of(doc(head, body))
    assert meta.author == ("Paul Writer",)
    assert meta.sources["author"] == "dom:byline-text<jsonld"


def test_printed_byline_naming_the_metadata_author_keeps_the_metadata_names() -> None:
    head = '<meta name="author" content="Jane Doe">'
    body = f"<article><h1>Headline here</h1><p>By Jane Doe and John Roe</p>{_STORY}</article>"
    meta = meta_of(doc(head, body))
    assert meta.author == ("Jane Doe",)
    assert meta.sources["author"] == "meta:author"


def test_printed_byline_far_below_the_headline_does_not_override() -> None:
    head = '<meta name="author" content="Jane Doe">'
    body = f"<article><h1>Headline here</h1>{_STORY}{_STORY}<p>By Paul Writer</p></article>"
    assert meta_of(doc(head, body)).author == ("Jane Doe",)


def test_user_name_in_an_author_field_is_the_author() -> None:
    # Documentation and forum software fill the author field with the account's login.
    assert meta_of(doc('<meta name="author" content="jroe42">', "<h1>x</h1>")).author == (
        "jroe42",)
    body = ('<div itemscope itemtype="https://schema.org/DiscussionForumPosting">'
            '<meta itemprop="headline" content="x"><span itemprop="author" itemscope '
            'itemtype="https://schema.org/Person"><meta itemprop="name" content="Acme7">'
            "</span><h1>x</h1></div>")
    assert meta_of(doc("", body)).author == ("Acme7",)


def test_user_name_rule_still_refuses_placeholders_and_numbers() -> None:
    for value in ("admin", "12345", "2021-03-04"):
        assert meta_of(doc(f'<meta name="author" content="{value}">', "<h1>x</h1>")).author == ()
