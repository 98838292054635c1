"""Human-readable rendering of an :class:`~mainmark.model.Explain` record."""

from __future__ import annotations

from mainmark.model import Explain, MainElement, Strategy


def format_explain(explain: Explain) -> str:
    """What ``--explain`` prints: the strategy, the element(s) that became the main
    content, the bytes stripped, and each removed subtree."""
    detail = f" ({explain.detail})" if explain.detail else ""
    lines = [f"strategy: {explain.strategy.value}{detail}"]
    lines.extend(f"main content: {describe(el)}" for el in explain.main)
    if not explain.main and explain.strategy is not Strategy.EMPTY:
        lines.append("main content: no element (text from the page's JSON-LD)")
    if explain.stripped:
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(explain.stripped.items()))
        lines.append(f"stripped bytes: {kinds}")
    for r in explain.removals:
        lines.append(f"removed [{r.rule}] {r.path} ({r.nbytes} B): {r.preview}")
    return "\n".join(lines) + "\n"


def describe(el: MainElement) -> str:
    """``<article id="story" class="post">`` at ``div[2]/article``, 87% of the text."""
    attrs = "".join(f' {k}="{v}"' for k, v in (("id", el.id), ("class", el.classes)) if v)
    return (f"<{el.tag}{attrs}> at {el.path or el.tag}, "
            f"{el.text_share:.0%} of the page's text")
