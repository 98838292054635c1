"""Page text cannot forge markdown links (issue 40.17).

Anchor text ``ok](https://evil.example/) [x`` closed our link early and opened its own; a
paragraph ``[1]: https://evil.example/`` became a link reference definition that turned
the page's ``[1]`` markers into links. Each case renders the markdown with markdown-it-py
(CommonMark) and checks that no ``evil.example`` URL became a link or an image.
"""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

import mainmark
from extraction_support import PARAGRAPHS, TITLE

EVIL = "https://evil.example/"
GOOD = "https://good.example/"


def _markdown(inner: str, links: str = "inline") -> str:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    html = (f"<html><head><title>{TITLE}</title></head><body><article><h1>{TITLE}</h1>"
            f"<p>{PARAGRAPHS[0]}</p>{inner}{body}</article></body></html>")
    doc = mainmark.extract(html.encode(), url="https://news.example/bridge",
                           options=mainmark.Options(chunking=False, links=links))  # type: ignore[arg-type]
    return doc.markdown


def _live_urls(markdown: str) -> list[str]:
    urls: list[str] = []
    for token in MarkdownIt("commonmark").parse(markdown):
        for child in token.children or ():
            for attr in ("href", "src"):
                value = child.attrGet(attr)
                if isinstance(value, str):
                    urls.append(value)
    return urls


FORGERIES = [
    pytest.param(f"<p>Read <a href='{GOOD}'>ok]({EVIL}) [x</a> today.</p>", id="anchor-text"),
    pytest.param(f"<p>Read <a href='{GOOD}'>ok\\]({EVIL}) [x</a> today.</p>",
                 id="anchor-text-with-backslash"),
    pytest.param(f"<p>[1]: {EVIL}</p><p>As the report says [1], the bridge is safe.</p>",
                 id="definition-paragraph"),
    pytest.param(f"<ul><li>[1]: {EVIL}</li></ul><p>See [1].</p>", id="definition-list-item"),
    pytest.param(f"<blockquote><p>[1]: {EVIL}</p></blockquote><p>See [1].</p>",
                 id="definition-quote"),
    pytest.param(f"<p>Notes<br>[1]: {EVIL}</p><p>See [1].</p>", id="definition-after-break"),
    pytest.param(f"<p><a href='#fn'>[1]: {EVIL}</a></p><p>See [1].</p>",
                 id="definition-in-footnote-anchor"),
    pytest.param(f"<p>Read <span>[here]</span>({EVIL}) now.</p>", id="split-text-nodes"),
    pytest.param(f"<p>Read <a href='#fn'>[here]</a>({EVIL}) now.</p>", id="footnote-then-url"),
    pytest.param(f"<p>Read [here]({EVIL}) and [there][1] now.</p><p>[1]: <b>{EVIL}</b></p>",
                 id="plain-text-link-syntax"),
    pytest.param(f"<p>Read <img src='/a.png' alt='x]({EVIL}) ![y'> now.</p>", id="image-alt"),
    pytest.param(f"<table><tr><th>a</th><th>b</th></tr><tr><td>[x]({EVIL})</td>"
                 f"<td><a href='{GOOD}'>ok]({EVIL}) [x</a></td></tr></table>", id="table-cells"),
    # An autolink split over text nodes: the "<" ends one node, the address is the next.
    pytest.param(f"<p>Write to &lt;<span>{EVIL}</span>&gt; today.</p>", id="split-autolink"),
    pytest.param("<p>Write to &lt;<span>root@evil.example</span>&gt; today.</p>",
                 id="split-mail-autolink"),
]


@pytest.mark.parametrize("links", ["inline", "text"])
@pytest.mark.parametrize("inner", FORGERIES)
def test_page_text_forges_no_link(inner: str, links: str) -> None:
    markdown = _markdown(inner, links)
    assert not [u for u in _live_urls(markdown) if "evil.example" in u], markdown
    assert "evil.example" in markdown  # the text is kept, as text


def test_real_links_still_render() -> None:
    markdown = _markdown(f"<p>Read <a href='{GOOD}'>the [draft] report</a> today.</p>")
    assert f"[the \\[draft\\] report]({GOOD})" in markdown
    assert GOOD in _live_urls(markdown)
