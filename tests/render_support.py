"""Render a fixed page region, so golden files do not move when selection changes."""

from __future__ import annotations

import json
from pathlib import Path

from mainmark.content.clean import clean
from mainmark.markdown.render import Rendered, render
from mainmark.model import Content, Metadata
from mainmark.options import Options
from mainmark.page.parse import parse

PAGE_URL = "https://example.com/articles/page.html"


def render_html(
    html: str,
    *,
    options: Options | None = None,
    title: str | None = None,
    url: str = PAGE_URL,
) -> Rendered:
    """Parse, clean, take ``<main>`` (else ``<body>``) as the one root and render it."""
    page = parse(html, url=url)
    assert page.root is not None
    base_url = page.base_url  # before clean, which drops <base>
    clean(page)
    root = (page.root.xpath("//main") or page.root.xpath("//body"))[0]
    content = Content(roots=[root], base_url=base_url)
    return render(content, Metadata(title=title), None, options or Options())


def render_case(folder: Path) -> Rendered:
    """Render a golden case folder; ``options.json`` may set Options fields and ``title``."""
    settings = {}
    if (folder / "options.json").is_file():
        settings = json.loads((folder / "options.json").read_text(encoding="utf-8"))
    title = settings.pop("title", None)
    html = (folder / "source.html").read_text(encoding="utf-8")
    return render_html(html, options=Options(**settings), title=title)
