"""Through :func:`mainmark.extract`: the document carries the rendered serializations."""

from __future__ import annotations

import mainmark
from mainmark.options import Options

PAGE = b"""<!DOCTYPE html><html><head><title>Guide</title></head><body>
<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<article><h1>Using the tool</h1>
<p>The tool turns <a href="/pages">pages</a> into markdown for retrieval pipelines. It keeps
tables, code and lists intact, which matters for question answering over documentation.</p>
<pre><code class="language-python">import mainmark
doc = mainmark.extract(html)
</code></pre>
<table><tr><th>Option</th><th>Default</th></tr><tr><td>links</td><td>inline</td></tr></table>
<p>That is all there is to it, and the rest of this paragraph is here to be long enough.</p>
</article></body></html>"""


def test_extract_renders_markdown_text_and_html() -> None:
    doc = mainmark.extract(PAGE, url="https://example.com/guide/",
                           options=Options(chunking=False, links="inline"))
    assert doc.markdown.startswith("# Using the tool")
    assert "```python\nimport mainmark\ndoc = mainmark.extract(html)\n```" in doc.markdown
    assert "| Option | Default |\n| --- | --- |\n| links | inline |" in doc.markdown
    assert "[pages](https://example.com/pages)" in doc.markdown
    assert "The tool turns pages into markdown" in doc.text
    assert "<pre data-language=\"python\"><code>import mainmark" in doc.html
    raw = doc.markdown.encode()
    assert all(raw[b.md_start : b.md_end].decode() == b.markdown for b in doc.blocks)


def test_extract_collects_links_in_text_mode() -> None:
    doc = mainmark.extract(PAGE, url="https://example.com/guide/",
                           options=Options(links="text", chunking=False))
    assert "[pages]" not in doc.markdown
    assert ("pages", "https://example.com/pages", "/pages") in {
        (link.text, link.url, link.href) for link in doc.links
    }
