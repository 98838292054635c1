"""Blocks index the markdown exactly, carry their kind/level/language and source spans."""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Sequence
from pathlib import Path

import pytest
from lxml.html import HtmlElement

from mainmark.markdown.render import render
from mainmark.model import BlockKind, Content, Metadata
from mainmark.options import Options
from mainmark.page.parse import parse
from mainmark.page.srcmap import SourceMap
from render_support import render_case, render_html

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "source.html").is_file())
#: A fenced block inside a container (its fence lines indented or quoted), body and all.
_FENCED = re.compile(r"^([ >]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("case", CASES)
def test_block_offsets_slice_back_and_join_with_one_blank_line(case: str) -> None:
    rendered = render_case(GOLDEN / case)
    raw = rendered.markdown.encode()
    for block in rendered.blocks:
        assert raw[block.md_start : block.md_end].decode() == block.markdown
    assert rendered.markdown == "\n\n".join(b.markdown for b in rendered.blocks)


@pytest.mark.parametrize("case", CASES)
def test_markdown_is_tidy(case: str) -> None:
    """Outside code: code is the page's, byte for byte (``test_code_never_changes``)."""
    rendered = render_case(GOLDEN / case)
    prose = "\n\n".join(b.markdown for b in rendered.blocks if b.kind != BlockKind.CODE)
    prose = _FENCED.sub("", prose)  # code inside a list item or a quote
    assert not re.search(r"[ \t]+$", prose, re.MULTILINE), "trailing whitespace"
    assert unicodedata.is_normalized("NFC", prose)
    for block in rendered.blocks:
        if block.kind != BlockKind.CODE:
            assert "\n\n\n" not in block.markdown


def test_block_kinds_levels_and_languages() -> None:
    rendered = render_html(
        "<main><h2>Sub</h2><p>Para</p><ul><li>a</li></ul><pre class='language-go'>x</pre>"
        "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>"
        "<blockquote><p>q</p></blockquote><hr><dl><dt>t</dt><dd>d</dd></dl>"
        "<p><img src='/a.png' alt='pic'></p></main>"
    )
    kinds = [b.kind for b in rendered.blocks]
    assert kinds == [BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST, BlockKind.CODE,
                     BlockKind.TABLE, BlockKind.QUOTE, BlockKind.RULE, BlockKind.DEFINITIONS,
                     BlockKind.IMAGE]
    assert rendered.blocks[0].level == 2
    assert rendered.blocks[3].language == "go"


def test_title_heading_is_synthesized_only_without_h1() -> None:
    with_title = render_html("<main><h2>Sub</h2><p>x</p></main>", title="Page *title*")
    first = with_title.blocks[0]
    assert (first.kind, first.level, first.markdown) == (BlockKind.HEADING, 1, "# Page \\*title\\*")
    assert first.src_start is None and first.src_end is None
    has_h1 = render_html("<main><h1>Own</h1><p>x</p></main>", title="Page title")
    assert has_h1.markdown.startswith("# Own")
    assert "Page title" not in has_h1.markdown
    assert render_html("<main></main>", title="Page title").markdown == ""
    off = render_html("<main><p>x</p></main>", title="T", options=Options(title_heading=False))
    assert off.markdown == "x"


class _IndexMap(SourceMap):
    """Element i of the page (document order) spans bytes [10 i, 10 i + 5)."""

    def __init__(self, root: HtmlElement) -> None:
        super().__init__()
        self.index = {el: i for i, el in enumerate(root.iter())}

    def span(self, el: HtmlElement) -> tuple[int, int] | None:
        i = self.index.get(el)
        return None if i is None else (10 * i, 10 * i + 5)

    def locate(self, elements: Sequence[HtmlElement | None]) -> array[int]:
        return array("q", [self.index.get(el, -1) for el in elements])

    def span_at(self, at: int) -> tuple[int, int] | None:
        return None if at < 0 else (10 * at, 10 * at + 5)

    def spans_at(self, where: array[int]) -> array[int]:
        out = array("q")
        for at in where:
            out.extend((-1, -1) if at < 0 else (10 * at, 10 * at + 5))
        return out


def test_source_spans_come_from_the_block_elements() -> None:
    page = parse("<html><body><main><h2>A</h2><p>B</p><div>loose <b>C</b> text</div>"
                 "<section><i>D</i> <b>E</b></section><aside><i>F</i> and G<br>H</aside>"
                 "<nav><br>I <b>J</b></nav></main></body></html>")
    assert page.root is not None
    srcmap = _IndexMap(page.root)
    main = page.root.xpath("//main")[0]
    rendered = render(Content(roots=[main]), Metadata(), srcmap, Options())
    el = {x: page.root.xpath(x)[0] for x in ("//h2", "//p", "//div", "//section/i",
                                              "//section/b", "//aside/i", "//aside", "//nav",
                                              "//nav/b")}

    def run(first: str, last: str) -> tuple[int, int]:
        """The span from ``first``'s start to the later end (the fake spans do not nest)."""
        a, b = srcmap.span(el[first]), srcmap.span(el[last])
        assert a is not None and b is not None
        return a[0], max(a[1], b[1])

    spans = [(blk.src_start, blk.src_end) for blk in rendered.blocks]
    assert spans[0] == srcmap.span(el["//h2"])
    assert spans[1] == srcmap.span(el["//p"])
    # A run that starts or ends with loose text spans its container on that side: the
    # span of its inline elements alone would leave the text out (issue 37.12).
    assert spans[2] == srcmap.span(el["//div"])
    assert spans[3] == run("//section/i", "//section/b")
    assert spans[4] == run("//aside/i", "//aside")
    # A ``<br>`` anchors nothing: the text after it does.
    assert spans[5] == run("//nav", "//nav/b")
    no_map = render(Content(roots=[main]), Metadata(), None, Options())
    assert all(blk.src_start is None for blk in no_map.blocks)


def test_removed_elements_are_skipped_and_the_tree_is_not_mutated() -> None:
    page = parse("<html><body><main><p>keep</p><p>drop <b>me</b></p><p>tail</p>"
                 "</main></body></html>")
    assert page.root is not None
    main = page.root.xpath("//main")[0]
    before = main.getroottree().getroot().text_content()
    doomed = main.xpath("p")[1]
    rendered = render(Content(roots=[main], removed={doomed}), Metadata(), None, Options())
    assert rendered.markdown == "keep\n\ntail"
    assert rendered.text == "keep\n\ntail"
    assert page.root.text_content() == before


def test_text_only_paragraphs_are_rendered() -> None:
    content = Content(roots=[], paragraphs=["First *para*.", "  ", "1. Second"])
    rendered = render(content, Metadata(), None, Options())
    assert rendered.markdown == "First \\*para\\*.\n\n1\\. Second"
    assert rendered.text == "First *para*.\n\n1. Second"
    assert rendered.html == "<p>First *para*.</p>\n<p>1. Second</p>"
    assert all(b.src_start is None for b in rendered.blocks)


def test_text_joins_inline_elements_as_a_browser_does() -> None:
    rendered = render_html(
        "<main><p>foo<span>bar</span> <a href='/x'>baz</a>, <b>qux</b>!</p>"
        "<div>one</div><div>two</div>words<br>after break</main>"
    )
    assert rendered.text == "foobar baz, qux!\n\none\n\ntwo\n\nwords\nafter break"


def test_table_text_is_tab_separated_rows() -> None:
    rendered = render_html("<main><table><tr><th>a</th><th>b</th></tr>"
                           "<tr><td>1</td><td>x\n y</td></tr></table></main>")
    assert rendered.text == "a\tb\n1\tx y"
