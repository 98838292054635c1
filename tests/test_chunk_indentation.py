"""A chunk that continues a code block or a nested list starts with its first line whole.

The packer cuts a block too big for one chunk between lines; a part starting on an
indented line used to begin after the indentation (``value = f(x)`` where the page has
``    value = f(x)``): Python code that no longer parses, a nested list item that reads as
a top-level one. On every page of the repository's corpus (real pages with their
chrome), chunked small enough that their code blocks and lists are cut: wherever a chunk
starts inside a code or list block at a line's indentation, it starts at the line.
"""

from __future__ import annotations

from functools import cache

import pytest

from corpus_support import corpus_pages
from mainmark.model import BlockKind, Document
from mainmark.options import Options
from mainmark.pipeline import extract

#: Small enough that long code blocks and lists are cut, as a small embedder's budget does.
_OPTIONS = Options(max_tokens=96, overlap_tokens=0)
_PAGES = {name: (html, url) for name, html, url in corpus_pages()
          if b"<pre" in html or html.count(b"<li") > 20}


@cache
def _chunked(name: str) -> Document:
    html, url = _PAGES[name]
    return extract(html, url=url, options=_OPTIONS)


def indentation_lost(doc: Document) -> list[str]:
    """Chunks that start inside a code or list block after the indentation of a line."""
    md = doc.markdown.encode("utf-8", "surrogatepass")
    spans = [(b.md_start, b.md_end) for b in doc.blocks
             if b.kind in (BlockKind.CODE, BlockKind.LIST)]
    lost = []
    for chunk in doc.chunks:
        start = chunk.md_start
        if not any(s < start < e for s, e in spans):
            continue
        line = md.rfind(b"\n", 0, start) + 1
        if line < start and not md[line:start].strip(b" \t"):
            lost.append(f"chunk {chunk.index}: {md[line:start + 40].decode(errors='replace')!r}")
    return lost


@pytest.mark.parametrize("name", sorted(_PAGES))
def test_corpus_chunks_keep_the_first_lines_indentation(name: str) -> None:
    lost = indentation_lost(_chunked(name))
    assert not lost, "\n".join(lost[:5])


def test_the_corpus_cuts_indented_code_and_lists() -> None:
    """The test above has something to check: some chunks start on an indented line."""
    indented = 0
    for name in _PAGES:
        doc = _chunked(name)
        md = doc.markdown.encode("utf-8", "surrogatepass")
        indented += sum(1 for c in doc.chunks if md[c.md_start:c.md_start + 1] in (b" ", b"\t"))
    assert indented >= 20
