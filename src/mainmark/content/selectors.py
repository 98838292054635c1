"""The user's own say over the content: CSS selectors applied before selection.

``Options.exclude`` removes what its selectors match from the cleaned tree (the one
in-place stage, :mod:`clean`, has run; source offsets recorded before stay valid for
what remains). ``Options.include`` names the main content outright: selection is
skipped and the matched elements (top-most, in document order) are the roots.
"""

from __future__ import annotations

from functools import lru_cache

from lxml.cssselect import CSSSelector
from lxml.html import HtmlElement

from mainmark.content.clean import remove_keeping_tail
from mainmark.options import Options


@lru_cache(maxsize=64)
def _compiled(selector: str) -> CSSSelector:
    return CSSSelector(selector)


def _matches(root: HtmlElement, selectors: tuple[str, ...]) -> list[HtmlElement]:
    found: dict[HtmlElement, None] = {}
    for selector in selectors:
        hits = _compiled(selector)(root)
        for el in hits if isinstance(hits, list) else ():
            if isinstance(el, HtmlElement):
                found.setdefault(el, None)
    return list(found)


def exclude(root: HtmlElement | None, options: Options, stripped: dict[str, int]) -> None:
    """Remove the elements ``options.exclude`` matches, counting their text bytes."""
    if root is None or not options.exclude:
        return
    for el in _matches(root, options.exclude):
        parent = el.getparent()
        if parent is None:
            continue
        stripped["excluded"] = stripped.get("excluded", 0) + len(
            el.text_content().encode("utf-8", "replace"))
        remove_keeping_tail(el)  # the tail is the parent's text, not the element's


def included(body: HtmlElement, options: Options) -> list[HtmlElement]:
    """The top-most elements ``options.include`` matches, in document order."""
    if not options.include:
        return []
    found = _matches(body, options.include)
    chosen = set(found)
    top = [el for el in found if not any(a in chosen for a in el.iterancestors())]
    order = {el: i for i, el in enumerate(body.iter())}
    return sorted(top, key=lambda el: order.get(el, 0))
