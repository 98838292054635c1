"""By default no chunk's ``text`` or ``embed_text`` holds a link target or image markup
(issue 37.1): link targets and image sources were 18.7% of all chunk tokens. The anchor
and alt text stay; the URLs are in ``Document.links`` and each chunk's ``links``.

Checked with a CommonMark parser (a ``](`` inside code or escaped is no link) on the real
pages of ``tests/pages/wcxb`` (151) and, with ``../shared/bench``, on every bench page.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

import mainmark
from corpus_support import corpus_pages
from mainmark.model import Document

_MD = MarkdownIt("commonmark").enable("table")


def _tokens(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _tokens(token.children)


def _link_markup(doc: Document) -> list[str]:
    """``[text](url)``, ``![alt](src)`` and ``<url>`` autolinks in the chunks."""
    found: list[str] = []
    for chunk in doc.chunks:
        for text in (chunk.text, chunk.embed_text):
            found.extend(f"chunk {chunk.index}: {t.type} {t.attrs}"
                         for t in _tokens(_MD.parse(text)) if t.type in ("link_open", "image"))
    return found


@pytest.mark.parametrize("name", [name for name, _, _ in corpus_pages()])
def test_real_page_chunks_hold_no_link_target(name: str) -> None:
    html, url = next((h, u) for n, h, u in corpus_pages() if n == name)
    doc = mainmark.extract(html, url=url)
    assert _link_markup(doc) == []
    chunk_links = {u for c in doc.chunks for u in c.links}
    assert chunk_links <= {link.url for link in doc.links}


def test_the_corpus_pages_have_chunks_and_links_to_check() -> None:
    docs = [mainmark.extract(html, url=url) for _, html, url in corpus_pages()[:20]]
    assert all(doc.chunks for doc in docs)
    assert sum(len(doc.links) for doc in docs) > 100


def _bench_pages(bench: Path) -> Iterator[tuple[str, bytes]]:
    for name in ("sh", "tr", "wx"):
        for path in sorted((bench / name / "html").glob("*.gz")):
            yield f"{name}/{path.name}", gzip.decompress(path.read_bytes())
    for path in sorted(bench.glob("rd/*/source.html")):
        yield f"rd/{path.parent.name}", path.read_bytes()


@pytest.mark.bench
def test_bench_chunks_hold_no_link_target(bench_dir: Path) -> None:
    failures = []
    for name, raw in _bench_pages(bench_dir):
        found = _link_markup(mainmark.extract(raw))
        if found:
            failures.append(f"{name}: {found[:2]}")
    assert not failures, "\n".join(failures[:20])
