"""``mainmark overhead INPUT...``: what indexing whole pages costs against the main content.

For every page, the naive full-page text (what ``get_text()`` on the page gives:
all text outside script, style, noscript, template and svg, blocks on their own
lines) and mainmark's markdown are counted with the same tokenizer. The report
gives the median and p90 of the raw/article ratio (a mean would be dominated by
the few pages whose article is a sentence), the tokens saved, and the index-cost
factor (A+B)/A where A is main-content tokens and B the tokens saved: how many
times more an index of whole pages costs to embed and store.

With several workers the pages go through the batch's
:class:`~mainmark.ingest.pool.OrderedPool`, so a worker that dies (the OOM killer) or
hangs in C code costs its page only (counted ``unreadable``) and the report still ends.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lxml import etree

from mainmark.errors import MissingExtraError
from mainmark.ingest.budget import time_limit
from mainmark.ingest.pool import OrderedPool, PoolSettings
from mainmark.ingest.records import (
    DEFAULT_MAX_PAGE_BYTES,
    PageRecord,
    Reason,
    doc_id,
    non_html_reason,
)
from mainmark.options import Options
from mainmark.page.decode import decode
from mainmark.page.parse import parse

#: Invisible payload: their text never reaches a reader's eyes.
_INVISIBLE = frozenset({"script", "style", "noscript", "template", "svg"})
#: Elements whose content starts on a new line when a browser lays the page out.
_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table",
    "td", "th", "title", "tr", "ul", "body", "head", "html", "option", "button", "label",
})


def naive_text(root: Any) -> str:
    """All visible text of a tree, one block per line; an iterative walk (deep pages)."""
    parts: list[str] = []
    skipping = 0
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        if event == "start":
            if tag in _INVISIBLE:
                skipping += 1
            elif not skipping:
                if tag in _BLOCKS:
                    parts.append("\n")
                if tag and el.text:
                    parts.append(el.text)
            continue
        if tag in _INVISIBLE:
            skipping -= 1
        elif not skipping and tag in _BLOCKS:
            parts.append("\n")
        if not skipping and el.tail and el is not root:
            parts.append(el.tail)
    lines = (" ".join(line.split()) for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


@dataclass(frozen=True, slots=True)
class PageTokens:
    """One page's token counts, full-page text against main content.

    ``doc_id`` is the id ``mainmark batch`` gives the same page, so a row of the report
    can be joined with a batch's output.
    """

    location: str
    raw: int
    article: int
    url: str | None = None
    doc_id: str | None = None  # the id ``mainmark batch`` gives the same page


def measure(record: PageRecord, options: Options, timeout: float | None) -> PageTokens | None:
    """Tokens of one page both ways; ``None`` when it is no HTML page or fails."""
    from mainmark.chunks.tokens import get_tokenizer
    from mainmark.pipeline import extract

    if record.problem is not None or non_html_reason(record):
        return None
    headers = dict(record.headers) or None
    try:
        with time_limit(timeout):
            doc = extract(record.body, url=record.url, headers=headers, options=options)
            text = record.body if isinstance(record.body, str) \
                else decode(record.body, headers).text
            page = parse(text, url=record.url)
            raw = naive_text(page.root) if page.root is not None else ""
            count = get_tokenizer(options.tokenizer).count
            return PageTokens(str(record.location), count(raw), count(doc.markdown),
                              record.url, doc_id(record.url, record.content_sha256))
    except BaseException as exc:  # PageTimeout included: a page never stops the report
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return None


# ----------------------------------------------------------------------------- report


def summarize(results: Sequence[PageTokens | None], *, tokenizer: str,
              price_per_mtok: float | None = None) -> dict[str, Any]:
    """The report as plain data (the JSON of ``--json``), ratios over pages with content.

    A page without main content has no ratio (it would divide by zero) and an unreadable
    one no counts: both are counted apart so the totals still add up to ``pages``.
    """
    measured = [r for r in results if r is not None]
    with_content = sorted((r for r in measured if r.article > 0),
                          key=lambda r: r.raw / r.article)
    ratios = [r.raw / r.article for r in with_content]
    raw_total = sum(r.raw for r in with_content)
    article_total = sum(r.article for r in with_content)
    report: dict[str, Any] = {
        "pages": len(results),
        "with_content": len(with_content),
        "without_content": len(measured) - len(with_content),
        "unreadable": len(results) - len(measured),
        "tokenizer": tokenizer,
        "ratio": {"median": _quantile(ratios, 0.5), "p90": _quantile(ratios, 0.9)},
        "tokens": {"raw": raw_total, "article": article_total,
                   "saved": raw_total - article_total},
        "index_cost_factor": raw_total / article_total if article_total else None,
        # One row per page with content, by ratio: the distribution, and which page is where.
        "rows": [{"doc_id": r.doc_id, "url": r.url, "location": r.location, "raw": r.raw,
                  "article": r.article, "ratio": round(r.raw / r.article, 4)}
                 for r in with_content],
    }
    if price_per_mtok is not None:
        raw_cost = raw_total / 1e6 * price_per_mtok
        article_cost = article_total / 1e6 * price_per_mtok
        report["cost"] = {"price_per_mtok": price_per_mtok, "raw": raw_cost,
                          "article": article_cost, "saving": raw_cost - article_cost}
    return report


def _quantile(sorted_values: Sequence[float], q: float) -> float | None:
    if not sorted_values:
        return None
    if len(sorted_values) == 1:
        return sorted_values[0]
    cuts = statistics.quantiles(sorted_values, n=100, method="inclusive")
    return cuts[round(q * 100) - 1]


def format_report(report: dict[str, Any]) -> str:
    """The report of :func:`summarize` as a few lines for a terminal, cost included if priced."""
    t = report["tokens"]
    ratio = report["ratio"]
    lines = [
        f"mainmark overhead: {report['pages']} pages ({report['with_content']} with main "
        f"content, {report['without_content']} without, {report['unreadable']} not "
        f"measured), tokenizer {report['tokenizer']}",
    ]
    if ratio["median"] is None:
        return lines[0] + "\n  no page with main content: nothing to compare\n"
    saved_share = t["saved"] / t["raw"] * 100 if t["raw"] else 0.0
    lines += [
        f"  raw/article token ratio: median {ratio['median']:.2f}, p90 {ratio['p90']:.2f}",
        f"  tokens: {t['raw']:,} full-page text, {t['article']:,} main content, "
        f"{t['saved']:,} saved ({saved_share:.1f}%)",
        f"  index-cost factor (A+B)/A: {report['index_cost_factor']:.2f} "
        "(A = main-content tokens, B = tokens saved)",
    ]
    cost = report.get("cost")
    if cost:
        lines.append(f"  embedding cost at ${cost['price_per_mtok']:g}/Mtok: "
                     f"${cost['raw']:.4f} full pages vs ${cost['article']:.4f} main content, "
                     f"${cost['saving']:.4f} saved")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: str) -> None:
    """The ratio's distribution at a glance: an ECDF on a log axis (ratios span orders of
    magnitude, so a linear histogram puts most pages in one bar), median and p90 marked
    where the curve crosses them. Needs matplotlib."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtraError("--plot needs matplotlib: pip install 'mainmark[plot]'") from exc
    fig = Figure(figsize=(7, 4.2), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ratios = sorted(row["ratio"] for row in report["rows"])
    n = len(ratios)
    if n:
        ax.step(ratios, [(i + 1) / n for i in range(n)], where="post", color="#2c6fb0",
                linewidth=2)
        ax.set_xscale("log")
        ticks = [t for t in (0.5, 1, 1.5, 2, 3, 5, 10, 20, 50, 100, 200, 500)
                 if ratios[0] / 1.5 <= t <= ratios[-1] * 1.5]
        ax.set_xticks(ticks, [f"{t:g}x" for t in ticks])
        ax.minorticks_off()
    for name, share, color in (("median", 0.5, "#c0392b"), ("p90", 0.9, "#8e44ad")):
        value = report["ratio"][name]
        if value is not None:
            ax.axvline(value, color=color, linestyle="--", linewidth=1)
            ax.axhline(share, color=color, linestyle=":", linewidth=0.8)
            ax.plot([value], [share], "o", color=color, label=f"{name}: {value:.2f}x")
    ax.axvline(1.0, color="#777777", linewidth=0.8)
    ax.set_xlabel("full-page text tokens / main-content tokens (log scale)")
    ax.set_ylabel("share of pages at or below")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"Token overhead of whole pages ({report['with_content']} pages)")
    ax.grid(True, which="both", alpha=0.25)
    if n:
        ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


def measure_all(records: Iterator[PageRecord], options: Options, timeout: float | None,
                workers: int) -> list[PageTokens | None]:
    """Every page measured, in input order; ``None`` for a page that could not be."""
    if workers <= 1:
        return [measure(r, options, timeout) for r in records]
    settings = PoolSettings(options, workers, DEFAULT_MAX_PAGE_BYTES, timeout, batch_size=4,
                            task=_measure_task, lost=_not_measured)
    return list(OrderedPool(settings).imap(records))


def _measure_task(record: PageRecord, settings: PoolSettings) -> PageTokens | None:
    return measure(record, settings.options, settings.page_timeout)


def _not_measured(record: PageRecord, reason: Reason, detail: str) -> None:
    """A page whose worker died or hung is not measured: ``unreadable`` in the report."""
    return None


