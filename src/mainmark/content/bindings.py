"""Unrendered template bindings: text a reader never sees.

Client-side frameworks (Angular, Vue, Handlebars, a CMS's shortcodes) ship their markup with
placeholders such as ``{{ DiscussionBoard.errors[7].message }}`` or
``{{priceAnchor.priceWrapper.info.totalPrice}}`` and replace them in the browser. A saved or
crawled copy keeps the placeholders, and each one reached the embedder as words of the page
(ten price placeholders above a shop's product story, a vote count and an error message
placeholder per forum reply). A text run made of nothing but such placeholders goes; a
sentence that holds one keeps its words, and code (``<pre>``, ``<code>`` and their kin) is
never touched: a Vue or Jinja tutorial shows the same braces as content there (rule
`template-bindings`, docs/rules.md; scope: any page).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from mainmark.content.vocab import LITERAL_TAGS

#: A whole text run of placeholders: ``{{`` ... ``}}`` with no brace inside, at most 200
#: characters each, separated by white space only. Bounded repetition of a class that cannot
#: overlap its delimiters: linear on any input.
_ONLY_BINDINGS = re.compile(r"\s*(?:\{\{[^{}]{1,200}\}\}\s*)+")


#: Two opening braces: a necessary condition looked for in the page's source first.
_BRACES = re.compile(r"\{\{")


def may_hold_placeholders(source: str) -> bool:
    """Whether the page's text as parsed holds ``{{`` anywhere: nine pages in ten do
    not, and one regex scan of the source (0.13 ms a page) spares them the text-node
    search of :func:`drop_template_bindings` (0.65 ms). Asked by the pipeline before it
    lets the page's text go."""
    return _BRACES.search(source) is not None


def drop_template_bindings(root: HtmlElement, stripped: dict[str, int]) -> None:
    """Empty every text run of ``root`` that is only template placeholders.

    The candidates are found by libxml2 (``contains(., '{{')``). ``stripped`` counts the
    bytes under ``template``.
    """
    for run in root.xpath("//text()[contains(., '{{')]"):
        text = str(run)
        if not _ONLY_BINDINGS.fullmatch(text):
            continue
        parent = run.getparent()
        if parent is None:
            continue
        owner = parent if run.is_text else parent.getparent()
        if owner is None or owner.tag in LITERAL_TAGS or next(
                owner.iterancestors(*LITERAL_TAGS), None) is not None:
            continue
        stripped["template"] = stripped.get("template", 0) + len(text.strip().encode("utf-8"))
        # keep the run's white space: it may be all that parts two words
        rest = " " if text[:1].isspace() or text[-1:].isspace() else ""
        if run.is_text:
            parent.text = rest
        else:
            parent.tail = rest
