"""Markdown, text and HTML come from one walk, so they carry the same words.

Compared as sets of lower-cased word tokens per golden case, the markdown as a markdown
renderer (markdown-it-py) displays it, the HTML as a browser would; image alt text is
not displayed text, and neither is the TeX of a formula the page shows as an image
(MediaWiki's): markdown and HTML write it as ``$TeX$``, the text channel adds nothing for
it, as for any image, so its words are left out of the comparison. A headerless table's
header row is empty: no channel invents words. The markdown is compared with its links
inline: with ``links="text"`` (the default) it shows an image's alt as text and a bare
link's host, which the text channel does not.
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest
from markdown_it import MarkdownIt

from mainmark.options import Options
from mainmark.vocabulary.classes import FORMULA_IMAGE
from render_support import render_html

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "source.html").is_file())
_WORD = re.compile(r"\w+")
_MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def _formula_image_words(source: str) -> set[str]:
    """Words of the alts of the formula images in ``source`` (their TeX)."""
    root = lxml.html.document_fromstring(source)
    return {w for img in root.iter("img")
            if not FORMULA_IMAGE.entries.isdisjoint((img.get("class") or "").lower().split())
            for w in _words(img.get("alt") or "")}


def _markdown_words(markdown: str) -> set[str]:
    """Words a reader sees in the markdown once a markdown renderer has displayed it."""
    return _html_words(_MD.render(markdown))


def _html_words(html: str) -> set[str]:
    if not html.strip():
        return set()
    html = re.sub(r"<br\s*/?>", "\n", html)  # a line break separates words on screen
    html = re.sub(r"(</(?:td|th|tr|li|p|h\d|dd|dt|pre|blockquote|figcaption)>)", r" \1", html)
    return _words(lxml.html.fragment_fromstring(html, create_parent="div").text_content())


@pytest.mark.parametrize("case", CASES)
def test_markdown_and_text_carry_the_same_words(case: str) -> None:
    source = (GOLDEN / case / "source.html").read_text(encoding="utf-8")
    rendered = render_html(source, options=Options(links="inline"))
    assert rendered.text
    formulas = _formula_image_words(source)
    assert _markdown_words(rendered.markdown) - formulas == _words(rendered.text) - formulas


@pytest.mark.parametrize("case", CASES)
def test_html_and_text_carry_the_same_words(case: str) -> None:
    source = (GOLDEN / case / "source.html").read_text(encoding="utf-8")
    rendered = render_html(source)
    formulas = _formula_image_words(source)
    assert _html_words(rendered.html) - formulas == _words(rendered.text) - formulas


@pytest.mark.parametrize("case", CASES)
def test_html_is_clean(case: str) -> None:
    html = render_html((GOLDEN / case / "source.html").read_text(encoding="utf-8")).html
    # inside a tag: a code sample's escaped markup (``&lt;h1 class=...``) is text
    assert not re.search(r"<[^<>]*\s(?:class|style|id)=", html)
    assert not re.search(r"<(?:div|span|font|section|main)\b", html)
    for tag in re.findall(r"<[^<>]*>", html):
        for url in re.findall(r'\s(?:href|src)="([^"]*)"', tag):
            assert re.match(r"[a-z]+:", url), url


def test_a_rule_separates_text_blocks_as_it_does_markdown_blocks() -> None:
    rendered = render_html("<main><div>one<hr>two</div></main>")
    assert rendered.markdown == "one\n\n---\n\ntwo"
    assert rendered.text == "one\n\ntwo"
    assert rendered.html == "<p>one</p>\n<hr>\n<p>two</p>"


def test_text_lines_follow_the_markdown_paragraph_around_an_image() -> None:
    html = "<main><p>Q?<br><img src='/a.png' alt='pic'><br>Answer</p></main>"
    rendered = render_html(html, options=Options(links="inline"))
    assert rendered.markdown == "Q?\\\n![pic](https://example.com/a.png)\\\nAnswer"
    assert rendered.text == "Q?\nAnswer"
    assert render_html(html).markdown == "Q?\\\npic\\\nAnswer"  # links="text": the alt


def test_html_has_no_empty_containers_where_markdown_has_no_block() -> None:
    rendered = render_html("<main><p>a</p><ul><li><img src='x.png'></li></ul>"
                           "<dl><dt><img src='y.png'></dt></dl><figure></figure><p>b</p></main>")
    assert rendered.markdown == "a\n\nb"
    assert rendered.html == "<p>a</p>\n<p>b</p>"
