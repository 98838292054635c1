"""What one page offers as metadata signals, read once: meta tags, links, entities, the DOM.

:class:`PageSignals` is the shared base of the per-field choices: the date fields
(:mod:`mainmark.metadata.published`) and the rest (:mod:`mainmark.metadata.assemble`).
It reads and caches; it never decides a field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from lxml.html import HtmlElement

from mainmark.metadata import pagesignals as sig
from mainmark.metadata.constants import CUT
from mainmark.metadata.headline_dom import Dom
from mainmark.metadata.schema import (
    Entity,
    entities,
    id_index,
    main_entity,
)
from mainmark.metadata.structured import Structured
from mainmark.metadata.titles import (
    headline_element,
)
from mainmark.page.parse import Page
from mainmark.page.urls import safe_url, split_url, url_scheme

_T = TypeVar("_T")


class PageSignals:
    """The signals of one page, read once; subclasses make the per-field choices over them."""

    def __init__(self, page: Page, structured: Structured, headers: Mapping[str, str]) -> None:
        assert page.root is not None
        self.page = page
        self.root = page.root
        self.base = sig.base_url(self.root, page.url)
        self.headers = {str(k).lower(): str(v) for k, v in headers.items()}
        self.meta = sig.meta_values(self.root)
        self.links = sig.link_hrefs(self.root)
        self.h1s = sig.headings(self.root)
        self._dom: Dom | None = None
        for prop, value in structured.opengraph:
            if prop not in self.meta:
                self.meta[prop] = [value]
        found_ld = list(entities(structured.jsonld, "jsonld"))
        found_md = list(entities(structured.microdata, "microdata"))
        self.entities = found_ld + found_md
        self.ids = id_index(self.entities)
        page_urls = [page.url, self._first("og:url"), self.links.get("canonical")]
        titles = [text for _, text in self.h1s[:3]] + self.meta.get("og:title", [])[:1]
        self.main: Entity | None = main_entity(found_ld, page_urls, titles) or main_entity(
            found_md, page_urls, titles
        )
        self.md_main = main_entity(found_md, page_urls, titles)
        self.sources: dict[str, str] = {}
        #: Fields whose trusted value the visible page confirms (for ``Metadata.confidence``).
        self.agrees: set[str] = set()
        self.language: str | None = None
        self._anchor_title: str | None = None
        self.site_keys: list[str] = []

    def _first(self, *keys: str) -> str | None:
        for key in keys:
            for value in self.meta.get(key, ()):
                if value.strip():
                    return value.strip()
        return None

    def _main_value(self, *keys: str) -> tuple[Any, str] | None:
        for entity in (self.main, self.md_main):
            if entity is None:
                continue
            for key in keys:
                value = entity.data.get(key)
                if value not in (None, "", [], {}):
                    return value, entity.source
        return None

    def _set(self, field: str, value: _T, source: str) -> _T:
        if value:
            self.sources[field] = source
        return value

    @property
    def dom(self) -> Dom:
        """DOM lookups around the headline, built on first use (most pages never need it)."""
        if self._dom is None:
            self._dom = Dom(self.root, self._headline())
        return self._dom

    def _headline(self) -> HtmlElement | None:
        """The element showing the headline: an ``<h1>`` with its text, else an ``<h2>``/
        ``<h3>`` with exactly its text (blogs print the blog's name as ``<h1>``), else a
        lone ``<h1>``."""
        title = self._anchor_title
        found = headline_element(self.h1s, title, lone=False)
        if found is None and title:
            found = headline_element(sig.subheadings(self.root), title, lone=False)
        return found if found is not None else headline_element(self.h1s, title)

    def _absolute(self, href: str | None) -> str | None:
        if not href:
            return None
        absolute = safe_url(href.strip()[:CUT.max_url], self.base)
        if absolute is None or split_url(absolute) is None:  # a malformed host: no URL
            return None
        scheme = url_scheme(absolute)
        if scheme == "mailto" or (self.base and scheme not in ("http", "https")):
            return None
        return absolute

    def _canonical_raw(self) -> str | None:
        return self.links.get("canonical") or self._first("og:url")
