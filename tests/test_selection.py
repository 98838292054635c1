"""Selection: the article wins over the page's other text, and keeps what belongs to it.

Realistic page furniture (site header with a menu, a sidebar with an "About" blurb and
a most-read list, a footer with a legal paragraph) around article layouts seen on news
sites, WordPress themes and page builders.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS, TITLE

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
HEADER = ("<header class='site-header'><a href='/'>Harbour Gazette</a><ul class='menu'>"
          "<li><a href='/news'>News</a></li><li><a href='/sport'>Sport</a></li>"
          "<li><a href='/whats-on'>What's on</a></li></ul></header>")
ABOUT = ("The Harbour Gazette has covered the town, its quays, and its people since 1871, "
         "and is owned by a trust of its readers.")
SIDEBAR = (f"<aside class='sidebar'><h3>About the Gazette</h3><p>{ABOUT}</p><h3>Most read</h3>"
           "<ul><li><a href='/a'>Ferry timetable changes</a></li>"
           "<li><a href='/b'>New fish market opens</a></li></ul></aside>")
LEGAL = ("Harbour Gazette Ltd, 4 Quay Street, registered in England, company number 0123456; "
         "all rights reserved.")
FOOTER = f"<footer><p>{LEGAL}</p></footer>"


def extract(layout: str, *, title_heading: bool = True) -> mainmark.Document:
    html = (f"<html><head><title>{TITLE} | Harbour Gazette</title></head><body>{HEADER}"
            f"{layout}{SIDEBAR}{FOOTER}</body></html>")
    options = mainmark.Options(chunking=False, explain=True, title_heading=title_heading)
    return mainmark.extract(html.encode(), options=options)


def assert_article_intact(doc: mainmark.Document) -> None:
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text


@pytest.mark.parametrize("furniture", [ABOUT, LEGAL, "Most read", "Ferry timetable changes",
                                       "What's on"])
def test_article_is_chosen_over_sidebar_and_footer(furniture: str) -> None:
    layout = (f"<div class='layout'><div class='main-col'><h1>{TITLE}</h1>"
              f"<p class='byline'>By Ann Reed</p><div class='article-text'>{BODY}</div>"
              "</div></div>")
    doc = extract(layout)
    assert doc.explain is not None
    assert doc.explain.strategy is mainmark.Strategy.SELECTION
    assert_article_intact(doc)
    assert furniture not in doc.text


def test_sibling_paragraphs_after_the_best_container_are_merged() -> None:
    # The CMS closed the body div early: the last paragraphs are its siblings.
    layout = (f"<div id='page'><h1>{TITLE}</h1><div class='text'><p>{PARAGRAPHS[0]}</p>"
              f"<p>{PARAGRAPHS[1]}</p></div><p>{PARAGRAPHS[2]}</p>"
              "<p>Work starts at dawn, the foreman said.</p></div>")
    doc = extract(layout)
    assert_article_intact(doc)
    assert "Work starts at dawn, the foreman said." in doc.text
    assert ABOUT not in doc.text


@pytest.mark.parametrize("cls", ["lead", "intro", "standfirst", "article-intro", "sommario",
                                 "entradilla", "chapeau", "ingress"])
def test_marked_lead_paragraph_before_the_body_is_kept(cls: str) -> None:
    lead = "After eighteen months of repairs, the town's best-loved crossing opens again in June."
    layout = (f"<div class='art'><div class='art-head'><h1>{TITLE}</h1>"
              f"<p class='{cls}'>{lead}</p></div><div class='art-body'>{BODY}</div></div>")
    doc = extract(layout)
    assert lead in doc.text
    assert doc.text.index(lead) < doc.text.index(PARAGRAPHS[0])
    assert_article_intact(doc)


def test_unmarked_teaser_before_the_body_is_not_taken_as_lead() -> None:
    promo = "Subscribe today and read every story on the quay for a pound a week."
    layout = (f"<div class='art'><div class='art-tools'><p>{promo}</p></div>"
              f"<div class='art-body'><h1>{TITLE}</h1>{BODY}</div></div>")
    doc = extract(layout)
    assert promo not in doc.text
    assert_article_intact(doc)


HEADLINE = f"<h1>{TITLE}</h1>"


@pytest.mark.parametrize(
    "layout",
    [
        pytest.param(f"<div class='story'>{HEADLINE}{BODY}</div>", id="inside-body"),
        pytest.param(f"<div class='wrap'>{HEADLINE}<div class='story'>{BODY}</div></div>",
                     id="sibling-of-body"),
        pytest.param(f"<article>{HEADLINE}<div class='story'>{BODY}</div></article>",
                     id="in-article-beside-body"),
        pytest.param(f"<article><header>{HEADLINE}<p class='byline'>By Ann Reed</p></header>"
                     f"<div class='story'>{BODY}</div></article>", id="article-header"),
        pytest.param(f"<div class='post'><header class='entry-header'>{HEADLINE}"
                     "<div class='entry-meta'>May 3, 2024</div></header>"
                     f"<div class='entry-content'>{BODY}</div></div>", id="wordpress-entry"),
    ],
)
def test_headline_of_the_article_is_kept(layout: str) -> None:
    # Wherever the <h1> sits relative to the scored body box, the document opens with it:
    # metadata takes the page's headline as the title and render puts it first when the
    # content lacks an h1. (Document.text keeps the body only: benchmark references and
    # embedding users alike count the headline as metadata, not body.)
    doc = extract(layout)
    assert doc.markdown.startswith(f"# {TITLE}\n")
    assert doc.markdown.count(f"# {TITLE}") == 1
    assert doc.metadata.title == TITLE
    assert_article_intact(doc)


@pytest.mark.parametrize("layout", [
    pytest.param(f"<div class='story'>{HEADLINE}{BODY}</div>", id="inside-body"),
    pytest.param(f"<article>{HEADLINE}<div class='story'>{BODY}</div></article>",
                 id="beside-body"),
])
def test_plain_text_is_the_body_without_the_headline(layout: str) -> None:
    # Wherever the template puts the <h1>, the text is the same: the body only.
    doc = extract(layout)
    assert TITLE not in doc.text
    assert doc.text.startswith(PARAGRAPHS[0])


def test_a_subheading_equal_to_the_title_further_down_stays_in_the_text() -> None:
    sections = "".join(f"<h2>Part {i}</h2><p>{p}</p>" for i, p in enumerate(PARAGRAPHS))
    doc = extract(f"<div class='story'>{sections}<h2>{TITLE}</h2><p>{NEXT_STORY[0]}</p>"
                  "</div>")
    assert TITLE in doc.text


def test_headline_inside_the_body_box_survives_without_the_title_option() -> None:
    doc = extract(f"<div class='story'>{HEADLINE}{BODY}</div>", title_heading=False)
    assert f"# {TITLE}" in doc.markdown


def test_headline_comes_first_with_the_title_heading_option() -> None:
    layout = f"<article>{HEADLINE}<div class='story'>{BODY}</div></article>"
    doc = extract(layout)
    assert doc.markdown.startswith(f"# {TITLE}\n")
    assert doc.markdown.count(TITLE) == 1


SECTIONS = (
    ("Background", PARAGRAPHS[0]),
    ("The repairs", PARAGRAPHS[1]),
    ("Reaction", PARAGRAPHS[2]),
    ("What next", "The council will publish a maintenance plan, with yearly inspections, a "
                  "repainting schedule, and a budget, in the autumn."),
)


@pytest.mark.parametrize("tag", ["section", "div"])
@pytest.mark.parametrize("index", range(len(SECTIONS)))
def test_page_built_of_sibling_sections_keeps_them_all(tag: str, index: int) -> None:
    sections = "".join(f"<{tag} class='block'><h2>{h}</h2><p>{p}</p></{tag}>"
                       for h, p in SECTIONS)
    doc = extract(f"<div class='page-builder'><h1>{TITLE}</h1>{sections}</div>")
    heading, paragraph = SECTIONS[index]
    assert f"## {heading}" in doc.markdown
    assert paragraph in doc.text
    assert ABOUT not in doc.text


NEXT_STORY = (
    "In other news, the county's library service will open on Sundays from March, after a "
    "volunteer scheme recruited more than forty readers, retired teachers, and students.",
    "The pilot runs for a year in three branches, the service said, and will be judged on "
    "visitor numbers, loans, and the cost of heating the buildings, which is considerable.",
    "Councillors welcomed the plan, though one warned that volunteers could not replace "
    "trained staff, and asked for a review of pay, hours, and training before it expands.",
    "Branch managers said the first weekends would test the rota, the heating, and the "
    "patience of readers who had asked for longer opening hours for the best part of a decade.",
    "A final decision on the other eleven branches, including the mobile library that visits "
    "the villages, the farms, and the harbour, is expected at the budget meeting in February.",
    "The volunteers will be trained in the catalogue, the children's corner, the computers, "
    "and first aid, and each will be paired with a member of staff for their first month.",
)


def story(headline: str, paragraphs: tuple[str, ...]) -> str:
    return (f"<article class='story'><h2>{headline}</h2><div class='story-body'>"
            + "".join(f"<p>{p}</p>" for p in paragraphs) + "</div></article>")


def dated(body: str) -> str:
    """News feeds are dated pages: an undated, unsigned page with no metadata at all is
    taken for a landing page, whose content is every section of its main column
    (:mod:`mainmark.metadata.pagetype`)."""
    stamp = "<meta property='article:published_time' content='2024-03-02T10:00:00Z'>"
    return f"<html><head>{stamp}</head><body>{body}</body></html>"


def test_first_story_of_an_infinite_scroll_page_is_the_article() -> None:
    # News sites append the next (here longer) story as another <article> of the same class.
    first = story(TITLE, PARAGRAPHS + NEXT_STORY[4:])
    following = story("Libraries to open on Sundays", NEXT_STORY[:4] + PARAGRAPHS)
    doc = extract(dated(f"<div class='feed'>{first}<div class='ad-slot'></div>{following}"
                        "</div>"))
    assert_article_intact(doc)
    assert NEXT_STORY[4] in doc.text
    assert NEXT_STORY[0] not in doc.text


def test_the_story_headed_by_the_page_title_wins_wherever_it_sits() -> None:
    earlier = story("Libraries to open on Sundays", NEXT_STORY + PARAGRAPHS[:1])
    own = story(TITLE, PARAGRAPHS + NEXT_STORY[4:])
    doc = extract(dated(f"<div class='feed'>{earlier}{own}</div>"))
    assert_article_intact(doc)
    assert NEXT_STORY[0] not in doc.text


def test_same_class_article_sections_of_one_text_are_all_kept() -> None:
    # A page builder wraps each section of one article in an <article> of the same class;
    # none is headed by the page title, so none is a feed story and the sections are one
    # text. Widening and siblings join them (the rule that joined them on its own,
    # `same-class-sections`, changed one bench page and went in the 0.21 audit).
    sections = "".join(
        f"<section><article class='image-text'><h3>Part {i}</h3>"
        + "".join(f"<p>{p}</p>" for p in NEXT_STORY[3 * i:3 * i + 3] + PARAGRAPHS)
        + "</article></section>" for i in range(2))
    doc = extract(f"<html><head><title>{TITLE}</title></head><body><main>{sections}</main>"
                  "</body></html>")
    for paragraph in NEXT_STORY[:6]:
        assert paragraph in doc.text


def test_a_teaser_card_of_the_same_class_does_not_displace_the_article() -> None:
    teaser = story("Ferry timetable changes",
                   ("New winter times for the island ferry, with two extra sailings.",))
    doc = extract(f"<div class='feed'>{teaser}{story(TITLE, PARAGRAPHS)}</div>")
    assert_article_intact(doc)
    assert "two extra sailings" not in doc.text


def test_box_scoring_nearly_as_well_as_the_best_is_the_whole_article() -> None:
    # The editor pasted most of the text into nested divs; the closing paragraph, with a
    # long link to the source, sits beside them in the entry box. The entry box scores
    # just below the pasted block: its extra text is the article's, not chrome.
    inner = ("<div><div><div class='pasted'>" + "".join(f"<p>{p}</p>" for p in NEXT_STORY[:5])
             + "</div></div></div>")
    closing = (f"<p>{PARAGRAPHS[0]} See <a href='/report'>the council's report on the bridge "
               "repairs, the costs, and the delays</a>.</p>")
    doc = extract(f"<article><div class='entry'>{inner}{closing}</div></article>")
    assert PARAGRAPHS[0] in doc.text
    for paragraph in NEXT_STORY[:5]:
        assert paragraph in doc.text


@pytest.mark.parametrize("cls", ["share-zone", "social-wrapper", "print-area"])
def test_article_wrapped_in_a_share_toolbar_box_is_still_scored(cls: str) -> None:
    # The share bar's container wraps the whole text column, inside <article>.
    layout = (f"<article><h1>{TITLE}</h1><div class='{cls}'><ul class='buttons'>"
              "<li><a href='/s/fb'>Facebook</a></li><li><a href='/s/x'>X</a></li></ul>"
              f"<div class='text-zone'>{BODY}</div></div></article>")
    doc = extract(layout)
    assert doc.explain is not None
    assert doc.explain.strategy is mainmark.Strategy.SELECTION
    assert_article_intact(doc)
    assert ABOUT not in doc.text


LONG_BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS + NEXT_STORY[:3])


@pytest.mark.parametrize("cls", ["theiaStickySidebar", "wrapper header-style-header-2",
                                 "col-main sidebar-right"])
def test_layout_class_on_the_article_column_does_not_hide_the_article(cls: str) -> None:
    # Sticky-column plugins and theme style variants put chrome words on the wrapper of
    # the article itself; the article (most of the page's prose) is still the content.
    layout = (f"<div class='{cls}'><article class='post'><h1>{TITLE}</h1>{LONG_BODY}"
              "</article></div>")
    doc = extract(layout)
    assert doc.explain is not None
    assert doc.explain.strategy is mainmark.Strategy.SELECTION
    assert_article_intact(doc)
    assert ABOUT not in doc.text
    assert LEGAL not in doc.text


def test_an_article_tag_named_as_chrome_does_not_protect_its_wrapper() -> None:
    # A login dialog built from an <article id="login-panel"> with a long help text.
    login = ("<div class='login-dialog'><article id='login-panel'>"
             + "".join(f"<p>{p}</p>" for p in NEXT_STORY) + "</article></div>")
    doc = extract(f"{login}<div class='story'><h1>{TITLE}</h1>{BODY}</div>")
    assert_article_intact(doc)
    assert NEXT_STORY[0] not in doc.text
