"""Unrendered template placeholders (rule `template-bindings`, ``content/bindings.py``).

A text run made only of ``{{ ... }}`` placeholders is what a client-side framework replaces
before anyone reads the page; it never reaches the markdown. A sentence holding one keeps
its words, and code keeps every brace. The real-page case is the golden
``real-forum-template-bindings`` (WCXB 0526).
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS, extract_article


def _extract(block: str) -> mainmark.Document:
    return extract_article(f"<p>{PARAGRAPHS[0]}</p>{block}<p>{PARAGRAPHS[1]}</p>"
                           f"<p>{PARAGRAPHS[2]}</p>")


@pytest.mark.parametrize("block", [
    "<p>{{priceAnchor.priceWrapper.info.totalPrice}}</p>",
    "<div><strong>{{ DiscussionBoard.errors[11793116].message }}</strong></div>",
    "<span>\n   {{ upvoteCount | shortNum }}\n </span>",
    "<p>{{hire-ai-eng=\"/case-banners/hire-ai-eng\"}}</p>",
    "<p>{{ a.b }} {{ c }}</p>",
])
def test_a_run_of_placeholders_is_not_text(block: str) -> None:
    doc = _extract(block)
    assert "{{" not in doc.markdown and "}}" not in doc.markdown
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert doc.explain is not None and doc.explain.stripped.get("template", 0) > 0


def test_placeholders_in_a_tail_go_and_the_words_around_them_stay() -> None:
    doc = _extract("<p>Original price: <b>now</b>{{ price.original }}</p>")
    assert "Original price: **now**" in doc.markdown and "{{" not in doc.markdown


def test_a_sentence_holding_a_placeholder_keeps_its_words() -> None:
    doc = _extract("<p>Write {{ name }} where the greeting should show the reader's name.</p>")
    assert "Write {{ name }} where the greeting" in doc.text


@pytest.mark.parametrize("block", [
    "<pre><code>{{ message }}</code></pre>",
    "<pre>{{ user.name }}\n</pre>",
    "<p>The template prints <code>{{ user.name }}</code> in the header.</p>",
    "<p>Type <kbd>{{</kbd> to open a binding.</p>",
    "<pre><span>{{</span><span> count </span><span>}}</span></pre>",
])
def test_code_keeps_every_brace(block: str) -> None:
    doc = _extract(block)
    assert "{{" in doc.markdown


def test_unbalanced_or_nested_braces_are_text() -> None:
    doc = _extract("<p>{{ a {{ b }} }}</p><p>{{ open only</p>")
    assert "{{ a {{ b }} }}" in doc.text and "{{ open only" in doc.text
