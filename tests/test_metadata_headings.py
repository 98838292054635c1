"""The ``<h1>`` text the title is read from: a headline set on two lines."""

from __future__ import annotations

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse

PROSE = "<p>" + "The story starts here and goes on for a while, as stories do. " * 3 + "</p>"


def meta_of(body: str, head: str = "") -> Metadata:
    html = f'<html lang="en"><head>{head}</head><body>{body}</body></html>'
    page = parse(html, url="https://example.org/p")
    return extract_metadata(page, read_structured(page))


def test_line_break_in_the_headline_separates_words() -> None:
    head = "<title>Data Analytics Agency | Example</title>"
    body = '<h1 class="title">Data Analytics<span><br>Agency</span></h1>' + PROSE
    meta = meta_of(body, head)
    assert meta.title == "Data Analytics Agency"
    assert meta.sources["title"] == "h1=title"


def test_line_break_between_linked_parts() -> None:
    body = '<h1><a href="/"><span>Remote</span><br><span>Design Jobs</span></a></h1>' + PROSE
    assert meta_of(body).title == "Remote Design Jobs"


def test_headline_without_line_break_keeps_inline_markup_joined() -> None:
    assert meta_of("<h1>Pro<b>duct</b> news</h1>" + PROSE).title == "Product news"
