"""Every real page renders to markdown that a markdown parser reads as we meant it.

The repository's corpus (``tests/pages/wcxb``) on every clone; the benchmark's sets too
where ``../shared/bench`` exists.

Pages are rendered from their whole ``<body>`` (through the test helper), not through
selection: more markup, more ways to go wrong, and independent of selection changes.
Per page: every code block is one closed fence holding exactly the code, every pipe
table is rectangular and parses as a table with all its rows, and markdown-it-py finds
at least as many tables and fences in the whole document as the renderer made.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from corpus_support import corpus_pages
from mainmark.model import Block, BlockKind
from render_support import render_html

_PIPE = re.compile(r"(?<!\\)\|")
_MD = MarkdownIt("commonmark").enable("table")


def _pages(bench: Path, name: str) -> list[tuple[str, bytes]]:
    if name == "rd":
        return [(p.parent.name, p.read_bytes()) for p in sorted(bench.glob("rd/*/source.html"))]
    pages = sorted((bench / name / "html").glob("*.gz"))
    return [(p.name, gzip.decompress(p.read_bytes())) for p in pages]


def _code_problem(block: Block) -> str | None:
    tokens = [t for t in _MD.parse(block.markdown) if t.type in ("fence", "code_block")]
    if len(tokens) != 1 or tokens[0].type != "fence":
        return "code block is not exactly one fence"
    body = block.markdown.split("\n", 1)[1].rsplit("\n", 1)[0]
    if tokens[0].content.rstrip("\n") != body:
        return "fence content differs from the code"
    return None


def _table_problem(block: Block) -> str | None:
    lines = block.markdown.split("\n")
    widths = {len(_PIPE.findall(line)) for line in lines}
    if len(widths) != 1:
        return f"pipe table not rectangular: {sorted(widths)}"
    tokens = _MD.parse(block.markdown)
    if sum(1 for t in tokens if t.type == "table_open") != 1:
        return "pipe table does not parse as one table"
    if sum(1 for t in tokens if t.type == "tr_open") != len(lines) - 1:
        return "parsed table lost rows"
    return None


def _page_problems(html: str) -> list[str]:
    rendered = render_html(html)
    problems = []
    for block in rendered.blocks:
        check = {BlockKind.CODE: _code_problem, BlockKind.TABLE: _table_problem}.get(block.kind)
        problem = check(block) if check else None
        if problem:
            problems.append(problem)
    tokens = _MD.parse(rendered.markdown)
    kinds = [b.kind for b in rendered.blocks]
    if sum(1 for t in tokens if t.type == "table_open") < kinds.count(BlockKind.TABLE):
        problems.append("markdown-it lost a table")
    if sum(1 for t in tokens if t.type == "fence") < kinds.count(BlockKind.CODE):
        problems.append("markdown-it lost a code block")
    return problems


@pytest.mark.bench
@pytest.mark.parametrize("name", ["sh", "tr", "rd"])
def test_bench_markdown_is_valid(bench_dir: Path, name: str) -> None:
    failures = []
    for page, raw in _pages(bench_dir, name):
        problems = _page_problems(raw.decode("utf-8", "replace"))
        if problems:
            failures.append(f"{page}: {'; '.join(problems)}")
    assert not failures, "\n".join(failures)


def test_corpus_markdown_is_valid() -> None:
    failures = []
    for page, raw, _ in corpus_pages():
        problems = _page_problems(raw.decode("utf-8", "replace"))
        if problems:
            failures.append(f"{page}: {'; '.join(problems)}")
    assert not failures, "\n".join(failures)
