"""Shared builders for the metadata tests: a page from head and body markup, a JSON-LD
script, and the metadata stage run on its own (parse, structured data, extract)."""

from __future__ import annotations

import json

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(html: str, url: str | None = "https://example.org/p") -> Metadata:
    page = parse(html, url=url)
    return extract_metadata(page, read_structured(page))


def ld(obj: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def doc(head: str, body: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"
