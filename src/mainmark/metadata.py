"""Citation metadata (placeholder: the metadata issue fills it fully)."""

from __future__ import annotations

from collections.abc import Mapping

from .model import Metadata
from .parse import Page
from .structured import Structured


def extract_metadata(
    page: Page, structured: Structured, *, headers: Mapping[str, str] | None = None
) -> Metadata:
    if page.root is None:
        return Metadata(url=page.url)
    titles = page.root.xpath("//title")
    title = " ".join(titles[0].text_content().split()) if titles else None
    return Metadata(title=title or None, url=page.url, sources={"title": "title"} if title else {})
