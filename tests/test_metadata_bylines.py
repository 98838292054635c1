"""Bylines read off the page: plain-text lines, labels, marked boxes, and where they may sit."""

from __future__ import annotations

import pytest

import mainmark
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.authors import clean_authors
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse

PROSE = "<p>" + "The story starts here and goes on for a while, as stories do. " * 3 + "</p>"


def meta_of(body: str, head: str = "") -> Metadata:
    html = f'<html lang="en"><head>{head}</head><body>{body}</body></html>'
    page = parse(html, url="https://example.org/p")
    return extract_metadata(page, read_structured(page))


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Blog Beitrag von Margarita Muster", ("Margarita Muster",)),
        ("Ein Gastbeitrag von Max Muster", ("Max Muster",)),
        ("A guest post by Jane Doe", ("Jane Doe",)),
        ("Text: Hanna Beispiel", ("Hanna Beispiel",)),
        ("Autor: Hanna Beispiel", ("Hanna Beispiel",)),
    ],
)
def test_plain_text_byline_under_the_headline(line: str, names: tuple[str, ...]) -> None:
    meta = meta_of(f"<h1>Headline</h1><p>{line}</p>{PROSE}")
    assert meta.author == names
    assert meta.sources["author"] == "dom:byline-text"


def test_bare_label_joins_the_name_on_the_next_line() -> None:
    meta = meta_of("<h1>Headline</h1><p>21.01.2022</p><span>von</span> <a>Jane Roe</a>" + PROSE)
    assert meta.author == ("Jane Roe",)


@pytest.mark.parametrize(
    "label", ["Written by", "Written by:", "Article by", "Posted by", "A guest post by"]
)
def test_bare_lead_in_label_joins_the_name_on_the_next_line(label: str) -> None:
    body = f"<h1>Headline</h1><div><p>{label}</p><p>Jane Doe</p></div>" + PROSE
    assert meta_of(body).author == ("Jane Doe",)


def test_a_label_word_alone_is_no_byline_label() -> None:
    body = "<h1>Headline</h1><div><p>Written</p><p>Jane Doe</p></div>" + PROSE
    assert meta_of(body).author == ()


def test_byline_part_of_a_dateline() -> None:
    body = "<h1>Headline</h1><div>05.02.2020 - Redaktion: Eberhard Muster (Pressesprecher)</div>"
    assert meta_of(body + PROSE).author == ("Eberhard Muster",)


def test_prose_mentioning_by_is_not_a_byline() -> None:
    meta = meta_of("<h1>Headline</h1><p>by the way, nothing here names anyone</p>" + PROSE)
    assert meta.author == ()


@pytest.mark.parametrize(
    "box",
    [
        '<div class="authorbox"><strong>von</strong> <span>Dennis Muster</span></div>',
        '<div class="dates_auteurs">par <span class="auteurs">Didier Muster</span></div>',
        '<div data-testid="prism-byline"><span>By</span> <a>Dennis Muster</a></div>',
    ],
)
def test_marked_byline_boxes(box: str) -> None:
    meta = meta_of("<h1>Headline</h1>" + box + PROSE)
    assert len(meta.author) == 1
    assert meta.author[0].endswith("Muster")
    assert meta.sources["author"] == "dom:byline"


@pytest.mark.parametrize(
    ("box", "names"),
    [
        # the name element of an author box, its job title beside it
        ('<div class="author-info"><div class="name">Rachel Muster</div>'
         '<div class="post">Writer</div></div>', ("Rachel Muster",)),
        ('<div class="author-line"><span class="author-label">Written By:</span>'
         '<span class="author-name"><a href="/a/c">Celeste Muster</a></span>'
         '<span class="author-title">Gardener &amp; Astrologer</span></div>',
         ("Celeste Muster",)),
        ('<div class="c-author-info__content"><p class="c-author-info__label">Article by:</p>'
         '<a class="c-author-info__name" href="#a">Cara Muster</a>'
         '<p class="c-author-info__title">RN, BSN, Certified Sleep Consultant</p></div>',
         ("Cara Muster",)),
        # two name elements: two authors
        ('<div class="byline">By <a class="byline__name">Jane Doe</a> and '
         '<a class="byline__name">John Roe</a></div>', ("Jane Doe", "John Roe")),
        # no name element: a line break ends the name
        ('<p class="author">Andrew Muster<br>4 August 2010</p>', ("Andrew Muster",)),
        ('<div class="user-details" itemprop="author"><a href="/u/1">jdoe</a>'
         '<div class="-flair"><span>6,796</span><span>8 gold badges</span></div></div>',
         ("jdoe",)),
    ],
)
def test_an_author_box_is_read_by_its_structure(box: str, names: tuple[str, ...]) -> None:
    assert meta_of("<h1>Headline</h1>" + box + PROSE).author == names


def test_a_box_naming_nobody_whole_is_no_list_of_names_by_lines() -> None:
    """Read whole, "Unsere Autoren Max Muster Erika Beispiel Hans Meier 12" names nobody;
    its lines name three people: a list of the site's authors, not the page's byline."""
    box = ('<div class="authors"><div>Unsere Autoren 12</div><div>Max Muster</div>'
           "<div>Erika Beispiel</div><div>Hans Meier</div></div>")
    assert meta_of("<h1>Headline</h1>" + box + PROSE).author == ()


@pytest.mark.parametrize("line", ["Jane Doe | Thursday, April 1", "Jane Doe | Fr, 18. Oktober",
                                  "Jane Doe | Last Updated"])
def test_a_weekday_or_update_label_is_no_second_name(line: str) -> None:
    assert clean_authors([line], strict=True, handles=True) == ("Jane Doe",)


def test_byline_in_the_articles_own_footer_by_class() -> None:
    """WordPress themes print "Posted by" in a footer classed ``post-footer`` inside the
    article; a footer of the page is not the article's."""
    article = (
        "<article><header><h1>Headline</h1></header>" + PROSE + '<div class="post-footer">'
        '<span class="author">Posted by <a rel="author">Günter W. Muster</a> at 18:52</span>'
        "</div></article>"
    )
    assert meta_of(article).author == ("Günter W. Muster",)


def test_page_footer_byline_is_not_the_articles() -> None:
    body = (
        "<div><h1>Headline</h1>" + PROSE + "</div>"
        '<div class="site-footer"><span class="author">Site Owner</span></div>'
    )
    assert meta_of(body).author == ()


def test_byline_box_far_down_the_article_is_found() -> None:
    filler = "".join(f"<p>Paragraph {i} of a long article body.</p>" for i in range(200))
    article = (
        "<article><h1>Headline</h1>"
        + filler
        + '<div class="node-block--authors">Auteur: <a>Anna Muster</a></div></article>'
    )
    assert meta_of(article).author == ("Anna Muster",)


def test_comment_author_is_not_the_byline() -> None:
    body = (
        "<article><h1>Headline</h1>" + PROSE + '<div class="comments">'
        '<span class="author">Random Commenter</span></div></article>'
    )
    assert meta_of(body).author == ()


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("Posted by Jane Doe at 18:52", ("Jane Doe",)),
        ("Max Muster um 9.30 Uhr", ("Max Muster",)),
        ("By Jane Doe at 5 pm", ("Jane Doe",)),
    ],
)
def test_a_closing_clock_time_is_not_part_of_the_name(raw: str, names: tuple[str, ...]) -> None:
    assert clean_authors([raw], strict=True) == names


def test_deeply_nested_page_does_not_break_the_walk() -> None:
    body = "<h1>Headline</h1>" + "<div>" * 5000 + "<p>By Jane Doe</p>" + "</div>" * 5000
    meta = meta_of(body)
    assert meta.title == "Headline"


def test_one_author_box_far_from_a_headline_outside_any_article() -> None:
    # Past the walk around the headline (its element and line budgets).
    body = ("<div><h1>Headline</h1>" + PROSE * 60 + "</div><div><p>More text.</p></div>"
            '<div class="about-author-box"><h4 class="author-box__name">Jane Doe</h4>'
            '<p class="author-box__bio">Jane writes about gardens, tools, and the weather'
            " in three countries and has done so for twenty years now.</p></div>")
    meta = meta_of(body)
    assert meta.author == ("Jane Doe",)
    assert meta.sources["author"] == "dom:author-box"


@pytest.mark.parametrize(
    "boxes",
    [
        # Several boxes: a listing or a team page, not the article's author.
        '<div class="author">Jane Doe</div><div class="author">John Roe</div>',
        # A one-word name is a brand's ("From Apple").
        '<div class="author">From Apple</div>',
        # Inside the comments.
        '<div class="comments"><span class="author">Jane Doe</span></div>',
        # The page's contact address.
        "<address>Jane Doe</address>",
    ],
)
def test_page_author_box_safeguards(boxes: str) -> None:
    meta = meta_of("<div><h1>Headline</h1>" + PROSE * 60 + "</div>" + boxes)
    assert meta.author == ()


def _card(label: str, data: str, index: int = 1) -> str:
    return (f'<meta name="twitter:label{index}" content="{label}">'
            f'<meta name="twitter:data{index}" content="{data}">')


@pytest.mark.parametrize("label", ["Written by", "Written by:", "Author", "Autor", "Verfasst von"])
def test_twitter_card_author_label_gives_the_author(label: str) -> None:
    head = _card("Est. reading time", "4 minutes") + _card(label, "Jane Doe", 2)
    meta = meta_of(f"<h1>Headline</h1>{PROSE}", head)
    assert meta.author == ("Jane Doe",)
    assert meta.sources["author"] == "meta:twitter:data"


def test_twitter_card_author_label_beats_a_dom_byline_with_a_job_title() -> None:
    body = '<h1>Headline</h1><div class="author-name">Jane Doe Founder</div>' + PROSE
    assert meta_of(body, _card("Written by", "Jane Doe")).author == ("Jane Doe",)


@pytest.mark.parametrize(
    "head",
    [
        _card("Est. reading time", "Jane Doe"),  # a label that names no author
        _card("Written by", "https://example.org/author/jane"),
        '<meta name="twitter:data1" content="Jane Doe">',  # data without its label
    ],
)
def test_twitter_card_data_needs_an_author_label(head: str) -> None:
    assert meta_of(f"<h1>Headline</h1>{PROSE}", head).author == ()


def test_meta_author_comes_before_the_twitter_card_label() -> None:
    head = '<meta name="author" content="John Roe">' + _card("Written by", "Jane Doe")
    assert meta_of(f"<h1>Headline</h1>{PROSE}", head).author == ("John Roe",)


# ---- an author label anywhere in the body (the last DOM signal) -----------------------------
_SITE_HEAD = '<meta property="og:site_name" content="Acme Garden">'
#: More lines than the walk round the headline reads: a label after them is far from it.
_FAR = "".join(f"<p>Paragraph {i} of the story, as stories go on.</p>" for i in range(45))


@pytest.mark.parametrize(
    "closing",
    [
        "<p>Written by Jane Roe</p>",
        '<div class="box"><div>Written by</div><div class="big">Jane Roe</div></div>',
        "<h3>Author</h3><p> Jane Roe</p>",
        "<p><strong>Autorin: Jane Roe, Projektleiterin der Acme in Tunis.</strong></p>",
        "<a href='/mail'><b>Von:</b><br><br> Jane Roe</a>",
        "<h2>Article by</h2><div>Jane Roe</div>",
        # a CSS-in-JS style sheet between the label and the name is no text
        "<div>Author</div><div><style>.c1{display:flex}</style><span>Jane Roe</span></div>",
    ],
)
def test_author_label_far_from_the_headline_names_the_author(closing: str) -> None:
    meta = meta_of(f"<div><h1>Headline</h1></div>{_FAR}{closing}")
    assert meta.author == ("Jane Roe",)
    assert meta.sources["author"] == "dom:labelled-line"


def test_author_label_beats_a_site_name_author() -> None:
    head = _SITE_HEAD + '<meta name="author" content="Acme Garden">'
    meta = meta_of(f"<div><h1>Headline</h1></div>{_FAR}<p>Written by Jane Roe</p>", head)
    assert meta.author == ("Jane Roe",)


@pytest.mark.parametrize(
    "closing",
    [
        # a sentence's "written by", not a label starting its line
        "<p>See the essay <i>Roots</i> written by <a>Jane Roe</a> last year.</p>",
        # a menu link and a heading that only starts with the label word
        "<ul><li><a href='/authors'>Author</a></li><li>Jane Roe</li></ul>",
        "<h2>Author Spotlight</h2><p>Jane Roe</p>",
        # comments and sidebars credit other people
        '<div class="comments"><p>Written by Jane Roe</p></div>',
        "<aside><h3>Author</h3><p>Jane Roe</p></aside>",
    ],
)
def test_author_label_safeguards(closing: str) -> None:
    meta = meta_of(f"<div><h1>Headline</h1></div>{_FAR}{closing}")
    assert meta.author == ()


def test_earlier_signals_come_before_an_author_label() -> None:
    body = (f'<div><h1>Headline</h1><p class="byline">By John Doe</p></div>{_FAR}'
            "<p>Written by Jane Roe</p>")
    assert meta_of(body).author == ("John Doe",)


# ---- a link to the author's page (no byline class, no rel) ----------------------------------
@pytest.mark.parametrize(
    "article",
    [
        # the name linked in the article's footer line
        "<article><header><h1>Headline</h1></header>" + PROSE
        + '<footer><p>Posted by <a href="https://example.org/blog/author/jane-roe.html">'
        "Jane Roe</a> on 3 May 2021</p></footer></article>",
        # the name linked right under the headline
        '<div><h1>Headline</h1><p><a href="/autoren/jroe/">Jane Roe</a></p></div>' + PROSE,
        '<div><h1>Headline</h1><p><a href="/auteurs/jane-roe?ref=top">Jane Roe</a></p></div>'
        + PROSE,
    ],
)
def test_a_link_to_the_authors_page_names_the_author(article: str) -> None:
    meta = meta_of(article)
    assert meta.author == ("Jane Roe",)
    assert meta.sources["author"] == "dom:author-link"


@pytest.mark.parametrize(
    "links",
    [
        # an index of authors, not one author's page
        '<p><a href="/authors/">Our Authors</a></p>',
        '<p><a href="/author">Jane Roe</a></p>',
        # a teaser list's and a comment's author links belong to other content
        '<div class="related"><a href="/author/john-doe/">John Doe</a></div>',
        '<div class="comments"><a href="/author/john-doe/">John Doe</a></div>',
    ],
)
def test_author_page_link_safeguards(links: str) -> None:
    assert meta_of(f"<article><h1>Headline</h1>{PROSE}{links}</article>").author == ()


# ---- a byline at the top of the content, when no headline was found -------------------------
_LONG = "<p>" + "The harbour board met on Tuesday to settle the dredging budget. " * 4 + "</p>"


def _no_headline_page(top: str) -> str:
    """A page whose headline sits in no heading element: nothing to read a byline beside."""
    return (f"<html><head><title>Harbour budget</title></head><body><div class='post'>"
            f"<p class='big'>Harbour budget</p>{top}{_LONG * 4}</div></body></html>")


@pytest.mark.parametrize(
    ("top", "names"),
    [
        ("<p>By <strong>Jane Roe</strong></p>", ("Jane Roe",)),
        ("<p>Von Jane Roe und John Doe</p>", ("Jane Roe", "John Doe")),
        ("<p>Ein Gastbeitrag von Jane Roe</p>", ("Jane Roe",)),
    ],
)
def test_a_byline_at_the_top_of_the_content_names_the_author(
    top: str, names: tuple[str, ...]
) -> None:
    meta = mainmark.extract(_no_headline_page(top), url="https://example.org/a").metadata
    assert meta.author == names
    assert meta.sources["author"] == "content:byline"


@pytest.mark.parametrize(
    "top",
    [
        "<p>By the way, the board had met twice before.</p>",
        "<p>Von Montag an gilt der neue Fahrplan im ganzen Hafen.</p>",
        "<p>" + "By Jane Roe and the harbour board, a long sentence goes on here. " * 2 + "</p>",
    ],
)
def test_content_byline_safeguards(top: str) -> None:
    meta = mainmark.extract(_no_headline_page(top), url="https://example.org/a").metadata
    assert meta.author == ()


def test_a_metadata_author_comes_before_the_contents_byline() -> None:
    page = _no_headline_page("<p>By Jane Roe</p>").replace(
        "<title>", '<meta name="author" content="John Doe"><title>')
    assert mainmark.extract(page, url="https://example.org/a").metadata.author == ("John Doe",)
