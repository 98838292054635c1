"""Code blocks: language sources, fence length, verbatim whitespace, gutters skipped."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from mainmark.markdown.render import render
from mainmark.model import BlockKind, Content, Metadata
from mainmark.options import Options
from mainmark.page.parse import parse
from render_support import render_html


@pytest.mark.parametrize(
    ("markup", "language"),
    [
        ('<pre class="language-python"><code>x</code></pre>', "python"),
        ('<pre><code class="lang-ruby">x</code></pre>', "ruby"),
        ('<div class="highlight-sql"><div class="highlight"><pre>x</pre></div></div>', "sql"),
        ('<div class="highlight highlight-source-shell"><pre>x</pre></div>', "shell"),
        ('<pre class="brush: js; gutter: false">x</pre>', "js"),
        ('<pre data-lang="Go">x</pre>', "go"),
        ('<pre><code data-language="c++">x</code></pre>', "c++"),
        ('<pre class="sourceCode haskell"><code>x</code></pre>', "haskell"),
        ('<pre><code class="hljs">x</code></pre>', None),
        ('<div class="lang-en"><pre>x</pre></div>', None),
    ],
)
def test_language_detection(markup: str, language: str | None) -> None:
    blocks = render_html(f"<main>{markup}</main>").blocks
    assert [b.kind for b in blocks] == [BlockKind.CODE]
    assert blocks[0].language == language
    assert blocks[0].markdown.startswith("```" + (language or "") + "\n")


def test_fence_outgrows_backtick_runs() -> None:
    block = render_html("<main><pre>a ````` b</pre></main>").blocks[0]
    assert block.markdown == "``````\na ````` b\n``````"


def test_whitespace_is_verbatim_and_text_keeps_it() -> None:
    """Tabs, blank lines, no-break spaces and trailing spaces are code: kept in all three
    channels (only the blank edge lines go)."""
    rendered = render_html("<main><pre>\n\tif x:\n\n\n        y&nbsp;=&nbsp;1  \n  \n</pre></main>")
    assert rendered.markdown == "```\n\tif x:\n\n\n        y\xa0=\xa01  \n```"
    assert rendered.text == "\tif x:\n\n\n        y\xa0=\xa01  "
    assert rendered.html == "<pre><code>\tif x:\n\n\n        y\xa0=\xa01  </code></pre>"


def test_copy_buttons_and_hidden_gutters_are_not_code() -> None:
    rendered = render_html(
        '<main><pre><button>Copy</button><span aria-hidden="true">1</span>a = 1\n'
        '<span class="linenos">2</span>b = 2</pre></main>'
    )
    assert rendered.markdown == "```\na = 1\nb = 2\n```"


def test_a_rule_removing_inside_kept_code_does_not_cut_it() -> None:
    """Content rules judge prose: a token span a rule marked (``Close`` as a UI label)
    inside a ``<pre>`` that stays is still code (the pre goes whole or not at all)."""
    page = parse('<main><pre><code>_ = f.<span class="t">Close</span>()</code></pre></main>')
    assert page.root is not None
    main = page.root.find(".//main")
    span = page.root.find(".//span")
    assert main is not None and span is not None
    rendered = render(Content(roots=[main], removed={span}), Metadata(), None, Options())
    assert rendered.markdown == "```\n_ = f.Close()\n```"


_COMMONMARK = MarkdownIt("commonmark")


@pytest.mark.parametrize("markup", [
    "<dl><dt>Example</dt><dd><pre>git commit -m 'x'\n  --amend</pre></dd></dl>",
    "<ol><li><p>Run it:</p><dl><dt>Example</dt><dd><pre>git commit -m 'x'\n  --amend</pre>"
    "</dd><dd>Then push.</dd></dl></li></ol>",
    "<ul><li>Options<dl><dt>Example</dt><dd><p>Like this:</p><pre>git commit -m 'x'\n"
    "  --amend</pre></dd></dl></li></ul>",
])
def test_code_in_a_definition_is_a_commonmark_code_block(markup: str) -> None:
    """A ``<dd>`` opening with code wrote ``: ```` (a paragraph in CommonMark, the code
    its text); the code must parse as one fence holding exactly the code."""
    markdown = render_html(f"<main>{markup}</main>").markdown
    fences = [t for t in _COMMONMARK.parse(markdown) if t.type in ("fence", "code_block")]
    assert [(t.type, t.content) for t in fences] == [
        ("fence", "git commit -m 'x'\n  --amend\n")], markdown


#: shiki-twoslash's block, as its style sheet documents it (``pre.shiki.twoslash >
#: div.language-id + div.code-container > code + a``), from the TypeScript handbook.
_TWOSLASH = (
    "<main><h2>Narrowing</h2><pre class='shiki light-plus twoslash lsp'>"
    "<div class='language-id'>ts</div><div class='code-container'><code>"
    "<div class='line'><span style='color: #0000FF'>function</span> padLeft(padding: "
    "<data-lsp lsp='(parameter) padding: number | string'>number | string</data-lsp>) {"
    "</div><div class='line'>  return padding;</div><div class='line'>}</div></code>"
    "<a href='https://www.typescriptlang.org/play/#code/GYVwdgxgLglg9mABA'>Try</a>"
    "</div></pre></main>")


def test_twoslash_language_label_and_try_link_are_not_code() -> None:
    """The label is the fence's language, the playground link is no line of code."""
    block = render_html(_TWOSLASH).blocks[-1]
    assert block.language == "ts"
    assert block.markdown == ("```ts\nfunction padLeft(padding: number | string) {\n"
                              "  return padding;\n}\n```")


def test_text_beside_code_in_a_pre_stays_when_it_is_not_chrome() -> None:
    """A prompt written as text, or more than a label's worth, is the ``<pre>``'s text."""
    assert render_html("<main><pre>$ <code>npm i</code></pre></main>").markdown == (
        "```\n$ npm i\n```")
    long = "<main><pre><b>Input (a file with one word per line):</b><code>a\nb</code></pre></main>"
    assert "Input (a file" in render_html(long).markdown


@pytest.mark.parametrize(("code", "expected"), [
    # Shiki with the newlines between its line spans minified away (tailwindcss.com)
    ('<span class="line"><span>npm</span><span> i</span></span><span class="line"></span>'
     '<span class="line">cd x</span>', "npm i\n\ncd x"),
    # Shiki as it ships: a newline between the spans
    ('<span class="line">a</span>\n<span class="line"></span>\n<span class="line">b</span>',
     "a\n\nb"),
    # prism-react-renderer (Docusaurus): each line ends with a <br>
    ('<span class="token-line">a<br></span><span class="token-line">b<br></span>', "a\nb"),
    # GitBook: the newline inside the line span
    ('<span class="highlight-line">a<!-- -->\n</span><span class="highlight-line">b</span>',
     "a\nb"),
])
def test_line_spans_are_lines(code: str, expected: str) -> None:
    markdown = render_html(f'<main><pre class="shiki"><code>{code}</code></pre></main>').markdown
    assert markdown == f"```\n{expected}\n```"


def test_code_is_not_unicode_normalised_in_any_channel() -> None:
    """A decomposed "é" in a string literal is another string than the composed one:
    prose is NFC, code stays as the page wrote it."""
    rendered = render_html("<main><p>Cafe\u0301</p><pre>s = 'cafe\u0301'</pre></main>")
    assert rendered.markdown == "Caf\u00e9\n\n```\ns = 'cafe\u0301'\n```"
    assert rendered.text == "Caf\u00e9\n\ns = 'cafe\u0301'"
    assert rendered.html == "<p>Caf\u00e9</p>\n<pre><code>s = 'cafe\u0301'</code></pre>"
