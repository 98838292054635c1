"""Shared page text for the extraction rule tests: one realistic article body."""

from __future__ import annotations

import mainmark

TITLE = "Swing bridge to reopen"
PARAGRAPHS = (
    "The harbour authority confirmed on Tuesday that the old swing bridge, closed since "
    "the spring floods, will reopen to foot traffic next month after repairs costing more "
    "than two million pounds.",
    "Engineers replaced the corroded bearings, repainted the steel trusses, and installed a "
    "new control cabin, according to a report published by the council, which had faced "
    "criticism over the delays.",
    "Local traders, who say footfall dropped by a third while the crossing was shut, "
    "welcomed the news but asked for clearer signage, more benches, and better lighting "
    "along the quay.",
)


def extract_article(inner: str) -> mainmark.Document:
    """Extract a page whose <article> holds the headline and ``inner``, with explain on."""
    page = (f"<html><head><title>{TITLE}</title></head><body><article><h1>{TITLE}</h1>"
            f"{inner}</article></body></html>")
    return mainmark.extract(page.encode(), options=mainmark.Options(explain=True,
                                                                   chunking=False))


def assert_dropped_between_paragraphs(block: str, marker: str, rule: str,
                                      *, twice: bool = False) -> None:
    """``block`` set between the article's paragraphs (and after them with ``twice``)
    goes by ``rule``, and every paragraph stays."""
    tail = block if twice else ""
    doc = extract_article(f"<p>{PARAGRAPHS[0]}</p>{block}<p>{PARAGRAPHS[1]}</p>"
                          f"<p>{PARAGRAPHS[2]}</p>{tail}")
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert marker not in doc.text
    assert doc.explain is not None
    assert any(r.rule == rule for r in doc.explain.removals)
