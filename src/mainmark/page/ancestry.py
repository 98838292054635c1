"""Questions about an element's ancestors, asked of many elements of one page.

Stages ask "is this element inside a hidden box / an off-page region / an ``<article>``"
of many elements that share their ancestors. Walking each element's chain up to the root
is quadratic on a deep nest; a cover remembers every answer it gave.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml.html import HtmlElement


def ancestor_cover(judge: Callable[[HtmlElement], bool]) -> Callable[[HtmlElement | None], bool]:
    """``covered(el)``: ``el`` or one of its ancestors passes ``judge`` (``None``: False).

    Each element is judged once per cover: a walk up stops at the first element already
    answered or judged true, and every element it passed takes that answer (none of them
    passed ``judge``, so each is covered exactly as its ancestors are). The work is linear
    in the tree however many elements are asked about.
    """
    known: dict[HtmlElement, bool] = {}

    def covered(el: HtmlElement | None) -> bool:
        chain: list[HtmlElement] = []
        answer = False
        while el is not None:
            hit = known.get(el)
            if hit is not None:
                answer = hit
                break
            if judge(el):
                answer = True
                known[el] = True
                break
            chain.append(el)
            el = el.getparent()
        for node in chain:
            known[node] = answer
        return answer

    return covered


def within(el: HtmlElement, ancestor: HtmlElement) -> bool:
    """``el`` is a descendant of ``ancestor`` (a walk up its parents)."""
    node = el.getparent()
    while node is not None:
        if node is ancestor:
            return True
        node = node.getparent()
    return False
