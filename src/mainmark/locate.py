"""Find the article in the DOM from a JSON-LD ``articleBody`` (placeholder)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lxml.html import HtmlElement

from .measure import Measures


@dataclass(slots=True)
class Located:
    roots: list[HtmlElement] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    teaser: bool = False
    detail: str = ""


def locate_article_body(body: HtmlElement, m: Measures, jsonld: list[dict[str, Any]]) -> Located | None:
    return None
