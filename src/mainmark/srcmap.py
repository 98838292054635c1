"""Element to source byte offsets (placeholder: the chunks issue implements it)."""

from __future__ import annotations

from lxml.html import HtmlElement

from .model import EncodingInfo
from .parse import Page


class SourceMap:
    """Maps an element of the parsed tree to its byte span in the raw input."""

    def __init__(self) -> None:
        self._spans: dict[HtmlElement, tuple[int, int]] = {}

    def span(self, el: HtmlElement) -> tuple[int, int] | None:
        return self._spans.get(el)


def build_source_map(page: Page, raw: bytes, encoding: EncodingInfo) -> SourceMap:
    return SourceMap()
