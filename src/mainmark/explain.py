"""Human-readable rendering of an :class:`~mainmark.model.Explain` record."""

from __future__ import annotations

from mainmark.model import Explain


def format_explain(explain: Explain) -> str:
    detail = f" ({explain.detail})" if explain.detail else ""
    lines = [f"strategy: {explain.strategy.value}{detail}"]
    if explain.stripped:
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(explain.stripped.items()))
        lines.append(f"stripped bytes: {kinds}")
    for r in explain.removals:
        lines.append(f"removed [{r.rule}] {r.path} ({r.nbytes} B): {r.preview}")
    return "\n".join(lines) + "\n"
