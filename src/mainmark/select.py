"""Pick the main content (placeholder: the extraction issue replaces it)."""

from __future__ import annotations

from .model import Content, Explain, Strategy
from .options import Options
from .parse import Page
from .structured import Structured


def select(page: Page, structured: Structured, stripped: dict[str, int], options: Options) -> Content:
    if page.root is None:
        return Content(roots=[], base_url=page.url)
    for xp in ("//article", "//main", "//*[@role='main']", "//body"):
        found = page.root.xpath(xp)
        if found:
            return Content(roots=[found[0]], base_url=page.base_url,
                           explain=Explain(Strategy.SELECTION, xp, stripped=stripped))
    return Content(roots=[page.root], base_url=page.url, explain=Explain(Strategy.FALLBACK))
