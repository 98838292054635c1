"""Teaser cards for other stories set into an article go (rule `link-card`): one link
wrapping a kicker, a headline and a lead. The real page is the golden
`real-article-teaser-cards` (WCXB 4252); these pin the mechanism's edges.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from extraction_support import PARAGRAPHS, assert_dropped_between_paragraphs, extract_article
from mainmark.content.linkcards import link_cards
from mainmark.content.measure import measure
from mainmark.page.parse import parse

CARD = ('<a href="/news/ferry-timetable" class="teaser"><p class="kicker">Harbour</p>'
        '<h3>Ferry timetable changes again</h3><p>The winter timetable cuts the evening '
        'crossing, the ferry office said.</p></a>')


def test_a_teaser_card_in_the_text_goes() -> None:
    assert_dropped_between_paragraphs(CARD, "Ferry timetable changes", "link-card")


def test_a_card_without_headings_goes_too() -> None:
    # A WordPress embed of another post: the title and the kicker in plain divs.
    embed = ('<div class="wp-embedded-content"><a href="/2019/other-post/"><div>Menetekel</div>'
             '<div>Ferry timetable changes again</div></a></div>')
    assert_dropped_between_paragraphs(embed, "Ferry timetable changes", "link-card")


def test_a_link_in_running_text_stays() -> None:
    # One inline box inside the link is a phrase of the sentence, not a card.
    sentence = ('<p>The council published <a href="/report"><strong>its report</strong> on the '
                'bridge</a> on Monday, after months of delay and three postponed meetings.</p>')
    doc = extract_article(f"<p>{PARAGRAPHS[0]}</p>{sentence}<p>{PARAGRAPHS[1]}</p>"
                          f"<p>{PARAGRAPHS[2]}</p>")
    assert "its report on the bridge" in doc.text


def test_a_linked_heading_alone_stays() -> None:
    # A post title linked to its permalink holds one block: no card.
    doc = extract_article(f'<a href="/swing-bridge"><h2>The repairs</h2></a><p>{PARAGRAPHS[0]}'
                          f"</p><p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p>")
    assert "The repairs" in doc.text


def _cards_found(html: str) -> list[str]:
    page = parse(html)
    assert page.root is not None
    body = page.root.find("body")
    assert body is not None
    removed: dict[HtmlElement, str] = {}
    m = measure(body)
    link_cards([body], m, removed, m.text_of(body))
    return [str(el.get("href")) for el in removed]


def test_cards_that_are_most_of_the_content_are_a_grid() -> None:
    # A listing's cards are its content: with the cards at 30% of the text or more,
    # none goes.
    grid = "".join(CARD.replace("ferry-timetable", f"story-{i}") for i in range(6))
    assert _cards_found(f"<html><body><p>{PARAGRAPHS[0]}</p>{grid}</body></html>") == []
    prose = "".join(f"<p>{p}</p>" for p in PARAGRAPHS * 3)
    assert _cards_found(f"<html><body>{prose}{CARD}</body></html>") == ["/news/ferry-timetable"]


def test_a_link_swallowing_the_article_is_no_card() -> None:
    # An unclosed <a> that wraps the whole text is broken markup, not a teaser.
    prose = "".join(f"<p>{p}</p>" for p in PARAGRAPHS * 4)
    assert _cards_found(f'<html><body><a href="/x">{prose}</a>{prose}{prose}</body></html>') == []
