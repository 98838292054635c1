"""Strip the invisible payload (placeholder: the extraction issue deepens it)."""

from __future__ import annotations

from .parse import Page

_DROP = ("script", "style", "noscript", "template", "svg")


def clean(page: Page) -> dict[str, int]:
    """Remove invisible elements in place; return bytes stripped per kind."""
    stripped: dict[str, int] = {}
    if page.root is None:
        return stripped
    for el in list(page.root.iter(*_DROP)):
        stripped[el.tag] = stripped.get(el.tag, 0) + len(el.text_content())
        el.drop_tree()
    return stripped
