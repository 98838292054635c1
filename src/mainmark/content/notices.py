"""What a reader of the output must be told about what selection removed."""

from __future__ import annotations

from lxml.html import HtmlElement

from mainmark.page.treepath import tag_path


def structure_warnings(removed: set[HtmlElement], rules: dict[str, str]) -> list[str]:
    """What a reader of the output must be told: code or tables of the selected content
    that pruning removed (``rules`` maps a removed element's tag path to its rule, from
    the explain record when there is one)."""
    counts = {"pre": 0, "table": 0}
    named: set[str] = set()
    for el in removed:
        if any(a in removed for a in el.iterancestors()):
            continue  # counted with the top-most removed element
        for tag in counts:
            hits = sum(1 for x in el.iter(tag) if x.text_content().strip())
            if hits:
                counts[tag] += hits
                named.add(rules.get(tag_path(el), "pruning"))
    parts = [f"{n} {what}" for n, what in ((counts["pre"], "code block(s)"),
                                           (counts["table"], "table(s)")) if n]
    if not parts:
        return []
    return [f"removed {' and '.join(parts)} of the selected content "
            f"(rules: {', '.join(sorted(named))}; see explain)"]
