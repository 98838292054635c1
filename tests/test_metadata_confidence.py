"""Confidence grades of title, author and date: agreement high, one source medium, DOM low."""

from __future__ import annotations

import json

from mainmark import extract
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Confidence, Metadata
from mainmark.page.parse import parse


def meta_of(html: str) -> Metadata:
    page = parse(html, url="https://example.org/news/a")
    return extract_metadata(page, read_structured(page))


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


ARTICLE = {"@type": "NewsArticle", "headline": "Bridge reopens after repairs",
           "author": {"@type": "Person", "name": "Jane Doe"},
           "datePublished": "2021-03-04T10:00:00+01:00"}


def test_structured_data_and_page_agreeing_is_high() -> None:
    body = ("<article><h1>Bridge reopens after repairs</h1><p class='byline'>By Jane Doe</p>"
            "<p>4 March 2021</p><p>The bridge is open again.</p></article>")
    meta = meta_of(f"<html><head>{ld(ARTICLE)}</head><body>{body}</body></html>")
    assert meta.confidence == {"title": Confidence.HIGH, "author": Confidence.HIGH,
                               "published": Confidence.HIGH}


def test_structured_data_alone_is_medium() -> None:
    meta = meta_of(f"<html><head>{ld(ARTICLE)}</head><body><p>text</p></body></html>")
    assert meta.confidence == {"title": Confidence.MEDIUM, "author": Confidence.MEDIUM,
                               "published": Confidence.MEDIUM}


def test_page_heuristics_are_low_and_empty_fields_have_no_grade() -> None:
    body = "<h1>Club news</h1><p class='byline'>By Max Muster</p><p>Text of the news.</p>"
    meta = meta_of(f"<html><head></head><body>{body}</body></html>")
    assert meta.confidence["title"] is Confidence.LOW
    assert meta.confidence["author"] is Confidence.LOW
    assert "published" not in meta.confidence


def test_confidence_is_in_the_document_record() -> None:
    doc = extract(f"<html><head>{ld(ARTICLE)}</head><body><p>x</p></body></html>")
    assert doc.to_dict()["metadata"]["confidence"]["title"] == "medium"
