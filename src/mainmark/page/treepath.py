"""Where an element sits in its tree, spelled for a reader or for a pipeline.

A tree helper, below every stage: selection names removed boxes with it in ``explain``,
and the markdown stage stamps each block and chunk with a positional path.
"""

from __future__ import annotations

from lxml.html import HtmlElement

#: How many steps a positional path keeps (the nearest ones); deeper paths open with "…/".
_POSITIONAL_STEPS = 32
#: Per parent element: each child's step in a positional path ("p", "section[2]").
Ranks = dict[HtmlElement, dict[HtmlElement, str]]


def tag_path(el: HtmlElement, *, positional: bool = False, ranks: Ranks | None = None) -> str:
    """Where ``el`` sits, in one of two spellings.

    For explain, ``body > div#main > p.lead``: eight levels labelled by id or class, what
    a reader recognises in the page's source. For provenance (``positional``, the tag path
    of blocks and chunks), ``article/section[2]/p`` below ``<body>``: tags only, ranked
    among same-tag siblings where there are several, so a pipeline can match on the tags
    (``aside``, ``table``) without depending on a site's class names. ``ranks`` caches the
    sibling ranks per parent across the calls of one document: each parent's children are
    counted once however many blocks sit under it.
    """
    if positional:
        return _positional_path(el, ranks if ranks is not None else {})
    parts: list[str] = []
    node: HtmlElement | None = el
    while node is not None and len(parts) < 8:
        label = str(node.tag)
        if node.get("id"):
            label += "#" + node.get("id", "")
        elif node.get("class"):
            label += "." + ".".join(node.get("class", "").split()[:2])
        parts.append(label)
        node = node.getparent()
    return " > ".join(reversed(parts))


def _positional_path(el: HtmlElement, ranks: Ranks) -> str:
    steps: list[str] = []
    node: HtmlElement | None = el
    while node is not None and node.tag not in ("body", "html"):
        parent = node.getparent()
        if len(steps) == _POSITIONAL_STEPS:
            steps.append("…")
            break
        if parent is None:
            steps.append(str(node.tag))
            break
        table = ranks.get(parent)
        if table is None:
            table = ranks[parent] = _child_steps(parent)
        steps.append(table.get(node, str(node.tag)))
        node = parent
    return "/".join(reversed(steps))


def _child_steps(parent: HtmlElement) -> dict[HtmlElement, str]:
    kids = [c for c in parent if isinstance(c.tag, str)]
    totals: dict[str, int] = {}
    for kid in kids:
        totals[kid.tag] = totals.get(kid.tag, 0) + 1
    seen: dict[str, int] = {}
    out: dict[HtmlElement, str] = {}
    for kid in kids:
        tag = kid.tag
        if totals[tag] == 1:
            out[kid] = tag
        else:
            seen[tag] = seen.get(tag, 0) + 1
            out[kid] = f"{tag}[{seen[tag]}]"
    return out
