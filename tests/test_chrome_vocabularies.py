"""Two chrome vocabularies: broad outside the main region, narrow inside it.

Articles legitimately contain boxes classed ``widget``, ``banner``, ``tags`` or
``button``; the same words outside the article mark page furniture. Class and id
words are matched as tokens, never as substrings, and WordPress taxonomy classes on
the article wrapper describe its topic, not its role.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS
from mainmark.page.classwords import words

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
BOX_TEXT = ("Tide tables for the week are printed by the harbour office, posted on the quay, "
            "and read aloud at the Saturday market, as they have been since 1890.")
BOX = f"<p>{BOX_TEXT}</p>"


def extract(html: str) -> mainmark.Document:
    return mainmark.extract(html.encode(),
                            options=mainmark.Options(chunking=False, explain=True))


def inside(wrapper: str, attrs: str) -> str:
    """The box as part of the article, between its paragraphs."""
    return (f"<html><body><nav><a href='/'>Home</a></nav><{wrapper}>"
            f"<h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p><div {attrs}>{BOX}</div>"
            f"<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p></{wrapper}></body></html>")


def outside(attrs: str) -> str:
    """The box beside the article, in the same page column, with no main region marked."""
    return (f"<html><body><div class='wrap'><div class='story'><h1>Swing bridge to reopen</h1>"
            f"{BODY}</div><div {attrs}>{BOX}</div></div></body></html>")


def removal_rules(doc: mainmark.Document) -> set[str]:
    assert doc.explain is not None
    return {r.rule for r in doc.explain.removals}


def assert_article_intact(doc: mainmark.Document) -> None:
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text


@pytest.mark.parametrize("wrapper", ["main", "article"])
@pytest.mark.parametrize("cls", ["widget", "banner", "tags", "button", "border-box"])
def test_ambiguous_word_inside_main_survives(wrapper: str, cls: str) -> None:
    doc = extract(inside(wrapper, f"class='{cls}'"))
    assert BOX_TEXT in doc.text
    assert_article_intact(doc)


@pytest.mark.parametrize("cls", ["widget", "banner", "tags"])
def test_ambiguous_word_outside_main_goes(cls: str) -> None:
    doc = extract(outside(f"class='{cls}'"))
    assert BOX_TEXT not in doc.text
    assert_article_intact(doc)


def test_neutral_box_outside_main_is_merged() -> None:
    # The control for the case above: the same box with a neutral class joins the article,
    # so it is the chrome word, not the position, that drops it there.
    doc = extract(outside("class='note'"))
    assert BOX_TEXT in doc.text


@pytest.mark.parametrize(
    "attrs",
    [
        "class='site-sidebar'",
        "class='nav-links'",
        "class='site-footer'",
        "class='related-posts'",
        "class='newsletter-signup'",
        "class='breadcrumbs'",
        "id='cookie-notice'",
        "class='consent-dialog'",
        "class='share-tools'",
        "id='comments'",
        "class='paywall-prompt'",
    ],
)
def test_broad_chrome_outside_main_goes(attrs: str) -> None:
    doc = extract(outside(attrs))
    assert BOX_TEXT not in doc.text
    assert_article_intact(doc)


@pytest.mark.parametrize(
    ("attrs", "rule"),
    [
        ("class='share-tools'", "narrow:share"),
        ("class='newsletter'", "narrow:newsletter"),
        ("class='related-stories'", "narrow:related"),
        ("id='comments'", "narrow:comments"),
        ("class='ad-slot'", "narrow:ad"),
        ("class='breadcrumb'", "narrow:breadcrumb"),
    ],
)
def test_narrow_chrome_inside_main_goes(attrs: str, rule: str) -> None:
    doc = extract(inside("main", attrs))
    assert BOX_TEXT not in doc.text
    assert rule in removal_rules(doc)
    assert_article_intact(doc)


@pytest.mark.parametrize("role", ["navigation", "banner", "contentinfo"])
def test_chrome_landmark_role_inside_main_goes(role: str) -> None:
    doc = extract(inside("main", f"role='{role}'"))
    assert BOX_TEXT not in doc.text
    assert f"role={role}" in removal_rules(doc)


@pytest.mark.parametrize("role", ["navigation", "banner", "contentinfo"])
def test_chrome_landmark_role_outside_main_goes(role: str) -> None:
    doc = extract(outside(f"role='{role}'"))
    assert BOX_TEXT not in doc.text
    assert_article_intact(doc)


@pytest.mark.parametrize(
    "cls",
    [
        "research-notes",  # "search" is a substring, not a token
        "reader-notes",  # "ad" inside "reader"
        "shadow-box",  # "ad" inside "shadow"
        "download-guide",  # "ad" inside "download"
        "footnotes",  # "foot" is not "footer"
        "commentary",  # an opinion column is not reader comments
        "thread-summary",
        "adventure-log",  # "advent" is not "advert"
        "shareholder-letter",  # investor relations: a letter to shareholders is content
    ],
)
def test_words_match_as_tokens_not_substrings(cls: str) -> None:
    doc = extract(outside(f"class='{cls}'"))
    assert BOX_TEXT in doc.text
    assert_article_intact(doc)


def test_wikipedia_skin_class_does_not_eat_the_body() -> None:
    portal = "".join(f"<li><a href='/wiki/P{i}'>Portal {i}</a></li>" for i in range(12))
    html = ("<html><body class='skin-vector skin-vector-search-vue mediawiki ltr'>"
            "<div class='vector-header-container'><a href='/'>Main page</a>"
            "<div id='p-search' class='vector-search-box'><form><input name='q'></form></div>"
            "</div><div class='mw-page-container'>"
            f"<nav id='mw-panel' class='vector-main-menu'><ul>{portal}</ul></nav>"
            "<div id='content' class='mw-body'><h1 id='firstHeading'>Swing bridge</h1>"
            "<div id='bodyContent' class='vector-body'>"
            f"<div id='mw-content-text' class='mw-body-content'>{BODY}</div></div></div>"
            "</div></body></html>")
    doc = extract(html)
    assert_article_intact(doc)
    assert "Portal 3" not in doc.text


@pytest.mark.parametrize(
    "classes",
    [
        "post-88 post type-post status-publish category-social hentry",
        "post-88 post type-post category-news tag-comments tag-share hentry",
        "post-88 post format-standard no-share has-sidebar hentry",
    ],
)
def test_wordpress_taxonomy_classes_do_not_make_the_article_chrome(classes: str) -> None:
    # The post wrapper is a div (not <article>), and the page has enough other text that
    # the wrapper is not protected by holding nearly all of it.
    archive = "".join(f"<li><a href='/2024/{m:02d}'>Archive for month {m}</a></li>"
                      for m in range(1, 13))
    html = ("<html><body><div id='page'>"
            "<div class='site-branding'><p>Harbour Notes: a blog about boats, bridges and the "
            "people who keep them going, written from the north quay since 2009.</p></div>"
            f"<div class='{classes}'><h1>Swing bridge to reopen</h1>{BODY}</div>"
            f"<div id='secondary' class='widget-area'><h3>Archives</h3><ul>{archive}</ul>"
            "<p>Harbour Notes is written by a retired lock keeper, with photographs by his "
            "neighbours, and is not affiliated with the harbour authority.</p></div>"
            "</div></body></html>")
    doc = extract(html)
    assert_article_intact(doc)
    assert "Archive for month 3" not in doc.text


def test_ads_classed_section_holding_a_long_paragraph_is_content() -> None:
    # Test-report templates class every body section "--Ads" (it may hold an ad slot);
    # one unlinked paragraph of real length is prose, not an advertisement.
    long_text = " ".join(PARAGRAPHS[1:])
    html = (f"<html><body><main><h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p>"
            f"<section class='Report__Section Report__Section--Ads'><h2>Costs</h2>"
            f"<p>{long_text}</p></section></main></body></html>")
    doc = extract(html)
    assert long_text in doc.text
    assert_article_intact(doc)


@pytest.mark.parametrize("cls", ["sidebar", "widget widget_text", "widget-area"])
def test_aside_classed_as_the_page_sidebar_goes_even_inside_main(cls: str) -> None:
    # Themes that print the sidebar inside the article's own container.
    html = (f"<html><body><main><h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p>"
            f"<p>{PARAGRAPHS[1]}</p><aside class='{cls}'>{BOX}</aside><p>{PARAGRAPHS[2]}</p>"
            "</main></body></html>")
    doc = extract(html)
    assert_article_intact(doc)
    assert BOX_TEXT not in doc.text


def test_pull_quote_aside_inside_the_article_stays() -> None:
    quote = ("<aside class='pullquote'><p>“We waited two years for this,” said one trader.</p>"
             "</aside>")
    html = (f"<html><body><main><h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p>{quote}"
            f"<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p></main></body></html>")
    doc = extract(html)
    assert "We waited two years for this" in doc.text


def test_an_accordion_marked_as_a_tablist_keeps_its_panels() -> None:
    # Bootstrap's accordion puts role=tablist on the group of panels: the panels' text is
    # the page's. A tablist of tab labels alone is still chrome.
    accordion = ("<div class='panel-group' role='tablist'><div class='panel'>"
                 f"<h4 role='tab'>Tides</h4><div role='tabpanel'>{BOX}</div></div></div>")
    doc = extract(inside("article", "class='faq'").replace(f"<div class='faq'>{BOX}</div>",
                                                           accordion))
    assert BOX_TEXT in doc.text
    tabs = ("<div role='tablist'><a href='#a' role='tab'>Overview of the bridge</a>"
            "<a href='#b' role='tab'>Timetable of openings</a></div>")
    doc = extract(inside("article", "class='faq'").replace(f"<div class='faq'>{BOX}</div>",
                                                           tabs))
    assert "Timetable of openings" not in doc.text


@pytest.mark.parametrize(("value", "expected"), [
    ("print:hidden mx-auto", {"mx", "auto", "mxauto"}),
    ("md:flex hover:underline post-body", {"post", "body", "postbody"}),
    ("page-width-wide:mx-0 comments", {"comments"}),
])
def test_variant_utility_classes_are_styling_not_roles(value: str, expected: set[str]) -> None:
    """Tailwind-style ``variant:utility`` classes say how an element looks in one medium
    or state; their words (``print``, ``hover``) name no role."""
    assert words(value) == expected
