"""Each metadata signal, on its own, fills its field and records where it came from."""

from __future__ import annotations

import json

import pytest

import mainmark
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(
    html: str, url: str | None = "https://example.org/news/story", **kw: object
) -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page), **kw)  # type: ignore[arg-type]


def page(head: str = "", body: str = "", html_attrs: str = "") -> str:
    return f"<html {html_attrs}><head>{head}</head><body>{body}</body></html>"


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


ARTICLE = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    "headline": "Rivers rise after storm",
    "author": {"@type": "Person", "name": "Jane Doe"},
    "datePublished": "2021-03-04T10:00:00+01:00",
    "dateModified": "2021-03-05T08:00:00+01:00",
    "description": "Water levels rose.",
    "image": {"@type": "ImageObject", "url": "/img/river.jpg"},
    "keywords": "rivers, storms",
    "inLanguage": "en-GB",
}


def test_jsonld_article_fills_citation_fields() -> None:
    meta = meta_of(page(ld(ARTICLE)))
    assert meta.title == "Rivers rise after storm"
    assert meta.author == ("Jane Doe",)
    assert meta.published == "2021-03-04T10:00:00+01:00"
    assert meta.modified == "2021-03-05T08:00:00+01:00"
    assert meta.image == "https://example.org/img/river.jpg"
    assert meta.keywords == ("rivers", "storms")
    assert meta.type == "NewsArticle"
    assert meta.sources["author"] == "jsonld"
    assert meta.sources["published"] == "jsonld"


def test_jsonld_graph_member_is_found_and_author_reference_resolved() -> None:
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "@id": "#site", "name": "River Times"},
            {"@type": "Person", "@id": "#jane", "name": "Jane Doe"},
            {
                "@type": "BlogPosting",
                "headline": "Field notes",
                "author": {"@id": "#jane"},
                "datePublished": "2020-01-02",
            },
        ],
    }
    meta = meta_of(page(ld(graph)))
    assert meta.title == "Field notes"
    assert meta.author == ("Jane Doe",)
    assert meta.published == "2020-01-02"
    assert meta.site_name == "River Times"


def test_jsonld_top_level_list_is_read() -> None:
    meta = meta_of(
        page(ld([{"@type": "BreadcrumbList"}, {"@type": "Article", "headline": "Listed"}]))
    )
    assert meta.title == "Listed"
    assert meta.type == "Article"


def test_microdata_article() -> None:
    body = (
        '<article itemscope itemtype="https://schema.org/Article">'
        '<h1 itemprop="headline">Microdata headline</h1>'
        '<span itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<span itemprop="name">Max Muster</span></span>'
        '<meta itemprop="datePublished" content="2019-05-06"></article>'
    )
    meta = meta_of(page(body=body))
    assert meta.title == "Microdata headline"
    assert meta.author == ("Max Muster",)
    assert meta.published == "2019-05-06"
    assert meta.sources["author"] == "microdata"


def test_opengraph_fields() -> None:
    head = (
        '<meta property="og:title" content="OG headline">'
        '<meta property="og:site_name" content="The Paper">'
        '<meta property="og:description" content="OG text">'
        '<meta property="og:image" content="/og.png">'
        '<meta property="og:url" content="https://example.org/og">'
        '<meta property="og:locale" content="de_DE">'
        '<meta property="og:type" content="article">'
        '<meta property="article:published_time" content="2022-02-03T04:05:06Z">'
    )
    meta = meta_of(page(head))
    assert meta.title == "OG headline"
    assert meta.site_name == "The Paper"
    assert meta.description == "OG text"
    assert meta.image == "https://example.org/og.png"
    assert meta.canonical_url == "https://example.org/og"
    assert meta.language == "de-DE"
    assert meta.type == "Article"
    # The UTC stamp is shown in the page's zone (de-DE: Berlin), same instant.
    assert meta.published == "2022-02-03T05:05:06+01:00"
    assert meta.sources["title"] == "opengraph"


def test_twitter_card_fields() -> None:
    head = (
        '<meta name="twitter:title" content="Card headline">'
        '<meta name="twitter:description" content="Card text">'
        '<meta name="twitter:image" content="https://cdn.example.org/c.png">'
    )
    meta = meta_of(page(head))
    assert meta.title == "Card headline"
    assert meta.description == "Card text"
    assert meta.image == "https://cdn.example.org/c.png"
    assert meta.sources["title"] == "twitter"


def test_meta_author_description_keywords_and_date() -> None:
    head = (
        '<meta name="author" content="By Anna Beispiel">'
        '<meta name="description" content="  A   page. ">'
        '<meta name="keywords" content="alpha, beta,alpha">'
        '<meta name="date" content="2018-07-08">'
    )
    meta = meta_of(page(head))
    assert meta.author == ("Anna Beispiel",)
    assert meta.description == "A page."
    assert meta.keywords == ("alpha", "beta")
    assert meta.published == "2018-07-08"
    assert meta.sources["author"] == "meta:author"


def test_dublin_core() -> None:
    head = (
        '<meta name="DC.title" content="Dublin title">'
        '<meta name="DC.creator" content="Doe, Jane; Roe, Rick">'
        '<meta name="DC.date.issued" content="2015-10-11">'
        '<meta name="DC.language" content="fr">'
    )
    meta = meta_of(page(head))
    assert meta.title == "Dublin title"
    assert meta.published == "2015-10-11"
    assert meta.language == "fr"
    assert meta.sources["author"] == "meta:dc.creator"


def test_link_canonical_is_made_absolute() -> None:
    meta = meta_of(page('<link rel="canonical" href="/a/b?c=1">'))
    assert meta.canonical_url == "https://example.org/a/b?c=1"
    assert meta.sources["canonical_url"] == "link-canonical"


def test_html_lang_normalised_to_bcp47() -> None:
    assert meta_of(page(html_attrs='lang="en_us"')).language == "en-US"
    assert meta_of(page(html_attrs='lang="zh-hant-tw"')).language == "zh-Hant-TW"
    assert meta_of(page(html_attrs='lang="not a language"')).language is None


def test_content_language_header() -> None:
    meta = meta_of(page(), headers={"Content-Language": "nl-BE"})
    assert meta.language == "nl-BE"
    assert meta.sources["language"] == "header"


def test_time_datetime_in_article() -> None:
    body = (
        "<article><h1>Story of the day</h1>"
        '<time datetime="2017-09-10T12:00">Sept 10</time></article>'
    )
    meta = meta_of(page(body=body), url=None)
    assert meta.published == "2017-09-10T12:00:00"
    assert meta.sources["published"].startswith("dom:time")


def test_date_in_url_path() -> None:
    meta = meta_of(page(body="<h1>x</h1>"), url="https://blog.example.org/2016/02/28/a-post/")
    assert meta.published == "2016-02-28"
    assert meta.sources["published"] == "url"


def test_dateline_text_near_headline() -> None:
    body = "<div><h1>Neue Regeln ab Montag</h1><p><span>05.02.2020</span></p><p>Text.</p></div>"
    meta = meta_of(page(body=body), url=None)
    assert meta.published == "2020-02-05"


@pytest.mark.parametrize(
    ("body", "signal"),
    [
        ('<h1>T</h1><a rel="author" href="/u/j">Jane Doe</a>', "dom:rel-author"),
        ('<h1>T</h1><span itemprop="author">Jane Doe</span>', "dom:itemprop-author"),
        ('<h1>T</h1><div class="article-byline">By Jane Doe</div>', "dom:byline"),
        ('<h1>T</h1><div id="author">Jane Doe</div>', "dom:byline"),
        ("<h1>T</h1><p><i>von Jane Doe</i></p>", "dom:byline-text"),
    ],
)
def test_dom_bylines(body: str, signal: str) -> None:
    meta = meta_of(page(body=f"<article>{body}<p>Body text.</p></article>"), url=None)
    assert meta.author == ("Jane Doe",)
    assert meta.sources["author"] == signal


def test_comment_author_is_not_the_byline() -> None:
    body = (
        "<article><h1>Post</h1><p>Body.</p></article>"
        '<div class="comments"><span class="comment-author">Troll McTroll</span></div>'
    )
    assert meta_of(page(body=body), url=None).author == ()


def test_title_tag_with_site_suffix_removed() -> None:
    head = (
        "<title>Budget talks stall | The Daily Example</title>"
        '<meta property="og:site_name" content="The Daily Example">'
    )
    assert meta_of(page(head)).title == "Budget talks stall"


def test_title_prefix_from_domain_removed() -> None:
    meta = meta_of(page("<title>Example - Budget talks stall</title>"))
    assert meta.title == "Budget talks stall"


def test_dash_inside_headline_is_kept_when_site_unknown() -> None:
    meta = meta_of(page("<title>Sazerac - all about the New Orleans classic</title>"), url=None)
    assert meta.title == "Sazerac - all about the New Orleans classic"


def test_h1_matching_og_title_gives_displayed_form() -> None:
    head = '<meta property="og:title" content="Budget talks stall">'
    body = "<h1>Budget Talks Stall</h1>"
    meta = meta_of(page(head, body))
    assert meta.title == "Budget Talks Stall"
    assert meta.sources["title"] == "h1=opengraph"


def test_kicker_span_inside_h1_is_left_out() -> None:
    body = '<h1><span class="kicker">Exclusive:</span> Budget talks stall</h1>'
    meta = meta_of(page("<title>Budget talks stall - Example</title>", body))
    assert meta.title == "Budget talks stall"


def test_url_is_passed_through() -> None:
    assert meta_of(page(), url="https://example.org/x").url == "https://example.org/x"


def test_opengraph_pairs_are_read_from_head_only() -> None:
    """OpenGraph lives in <head>; a <meta property> deep in the body (an embedded card)
    is not the page's."""
    html = page(
        '<meta property="og:title" content="Head title">'
        '<meta property="og:type article:tag" content="x">',
        '<div><div><meta property="og:title" content="Card title"></div></div>',
    )
    found = read_structured(parse(html)).opengraph
    assert ("og:title", "Head title") in found
    assert ("og:type", "x") in found and ("article:tag", "x") in found
    assert ("og:title", "Card title") not in found


def test_heading_permalink_glyph_is_not_part_of_the_title() -> None:
    html = (b"<html><head><title>Reading large files in batches</title></head><body><main>"
            b"<h1>Reading large files in batches"
            b"<a class='headerlink' href='#reading'>\xc2\xb6</a></h1>"
            b"<p>Some documentation text that is long enough to be the content.</p>"
            b"</main></body></html>")
    doc = mainmark.extract(html)
    assert doc.metadata.title == "Reading large files in batches"
