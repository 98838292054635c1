"""Chunk invariants on the real pages of ``tests/pages/wcxb`` (issue 37, chunks).

* A chunk's ``src_start``/``src_end`` slice of the page holds the word its first block
  starts with, and never starts at a ``<br>``: a run of ``<br>``-separated text used to
  be anchored at its first element, the ``<br>`` after (or before) the text, so the
  slice held a line break and none of the chunk's words.
* A chunk that starts inside a table or a code block repeats the table's header rows or
  the opening fence in its ``embed_text``: a retriever that returns the chunk alone still
  hands over a table with its column names, code inside a fence.

A chunk's span is its blocks' spans: a chunk cut inside a block carries the whole
block's span, so the word checked is the one the first block starts with.
"""

from __future__ import annotations

import html
import re
from functools import cache

import pytest

import mainmark
from corpus_support import corpus_pages
from mainmark import Options
from mainmark.model import Block, BlockKind, Chunk, Document

_WORD = re.compile(r"[^\W_]+")
_TAG = re.compile(r"<[^>]*>")
#: Markdown's own line markers (list numbers, bullets, heading and quote marks).
_MARKERS = re.compile(r"(?m)^[ \t>]*(?:\d+[.)]|[-*+]|#{1,6})[ \t]")
#: A small budget, so that tables and code blocks are cut across chunks on real pages.
_OPTIONS = Options(max_tokens=160, min_tokens=32)
_NAMES = [name for name, _, _ in corpus_pages()]


@cache
def _extract(name: str) -> tuple[bytes, Document]:
    raw, url = next((h, u) for n, h, u in corpus_pages() if n == name)
    return raw, mainmark.extract(raw, url=url, options=_OPTIONS)


def _blocks(doc: Document, chunk: Chunk) -> list[Block]:
    return [b for b in doc.blocks if b.md_end > chunk.md_start and b.md_start < chunk.md_end]


def _span_faults(raw: bytes, doc: Document) -> list[str]:
    faults = []
    for chunk in doc.chunks:
        if chunk.src_start is None or chunk.src_end is None:
            continue  # synthesized title / JSON-LD text: documented as unmapped
        source = raw[chunk.src_start : chunk.src_end].decode("utf-8", "replace")
        if source[:3].lower() == "<br":
            faults.append(f"chunk {chunk.index} starts at {source[:40]!r}")
            continue
        first = next((b for b in _blocks(doc, chunk) if b.src_start is not None), None)
        if first is None:
            continue
        # The first word is matched in the text with the spaces gone (two elements'
        # texts may meet in one word) or among the markup's (an image's alt text).
        words = _WORD.findall(_MARKERS.sub("", first.markdown))[:1]
        source = html.unescape(source)
        text = "".join(_WORD.findall(_TAG.sub("", source)))
        markup = set(_WORD.findall(source))
        missing = [w for w in words if w not in text and w not in markup]
        if missing:
            faults.append(f"chunk {chunk.index}: {missing} not in {source[:60]!r}")
    return faults


@pytest.mark.parametrize("name", _NAMES)
def test_source_spans_hold_the_chunks_first_words(name: str) -> None:
    raw, doc = _extract(name)
    assert _span_faults(raw, doc) == []


def _continuation_faults(doc: Document) -> list[str]:
    faults = []
    markdown = doc.markdown.encode("utf-8")
    for chunk in doc.chunks:
        for block in _blocks(doc, chunk):
            if block.md_start >= chunk.md_start:
                continue  # the chunk holds the block's start
            lines = block.markdown.split("\n")
            head = markdown[chunk.md_start : block.md_end].decode("utf-8", "replace")
            if block.kind is BlockKind.TABLE and len(lines) > 2:
                if not head.strip().startswith("|"):
                    continue  # cut inside an oversized row: cut as text (documented)
                header = "\n".join(lines[:2])
                if header not in chunk.embed_text:
                    faults.append(f"chunk {chunk.index} continues a table without its header")
            elif (block.kind is BlockKind.CODE and lines[0].startswith(("```", "~~~"))
                  and lines[0] not in chunk.embed_text.split("\n")):
                faults.append(f"chunk {chunk.index} continues code without {lines[0]!r}")
    return faults


@pytest.mark.parametrize("name", _NAMES)
def test_a_chunk_inside_a_table_or_code_repeats_its_header_or_fence(name: str) -> None:
    _, doc = _extract(name)
    assert _continuation_faults(doc) == []


def test_the_corpus_has_split_tables_code_and_br_text_to_check() -> None:
    """The invariants above are checked on cases that exist: chunks that continue a
    table and a code block, and chunks whose text is ``<br>``-separated."""
    split = {BlockKind.TABLE: 0, BlockKind.CODE: 0}
    br_runs = 0
    for name in _NAMES:
        raw, doc = _extract(name)
        for chunk in doc.chunks:
            split.update({b.kind: split[b.kind] + 1 for b in _blocks(doc, chunk)
                          if b.kind in split and b.md_start < chunk.md_start})
            if chunk.src_start is not None and b"<br" in raw[chunk.src_start:chunk.src_end]:
                br_runs += 1
    assert split[BlockKind.TABLE] >= 3
    assert split[BlockKind.CODE] >= 3
    assert br_runs >= 20
