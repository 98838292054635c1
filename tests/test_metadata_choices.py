"""Field choices that hold on unseen pages: which signal a page's own markup makes right."""

from __future__ import annotations

import json

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(html: str, url: str | None = "https://example.org/guide/p") -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page))


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def doc(head: str, body: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


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


def test_two_h1s_leave_the_metadata_title() -> None:
    body = "<h1>Best Office Chairs to Prevent Back Pain</h1><h1>Best Chairs for Gaming</h1>"
    assert meta_of(doc(ld(ARTICLE), body)).title == ARTICLE["headline"]
