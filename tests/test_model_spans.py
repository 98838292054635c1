"""The data model holds what its fields say: spans and deferred joins are explicit types.

A chunk's text is a :class:`~mainmark.model.Span` of the document's markdown (one copy
of the content however many chunks), a long block's markdown may be one, and a
document's text and HTML may be joined on first read (:class:`~mainmark.model.Deferred`).
The records still behave as values: ``dataclasses.fields``/``replace``, equality,
hashing, pickling (without a copy per chunk) and ``to_dict`` (the JSON shape unchanged).
"""

from __future__ import annotations

import dataclasses
import json
import pickle

import mainmark
from mainmark.model import Chunk, Deferred, Document, Span

#: Long paragraphs under two headings: several chunks, long blocks (held as spans).
PAGE = (
    "<html><head><title>Harbour trams</title></head><body><article><h1>Harbour trams</h1>"
    + "".join(f"<h2>Line {n}</h2>" + "<p>" + f"The line {n} tram runs every ten minutes, "
              "carrying commuters and cyclists past the old warehouses. " * 12 + "</p>"
              for n in range(6))
    + "</article></body></html>"
).encode()


def _doc() -> Document:
    return mainmark.extract(PAGE, options=mainmark.Options(max_tokens=128))


def test_chunk_text_is_a_span_of_the_document_markdown() -> None:
    doc = _doc()
    assert len(doc.chunks) > 2
    for chunk in doc.chunks:
        assert isinstance(chunk.span, Span)
        assert chunk.span.source is doc.markdown  # no copy of the content per chunk
        assert chunk.text == doc.markdown[chunk.span.start:chunk.span.end]
        assert chunk.embed_text == chunk.embed_head + chunk.text + chunk.embed_tail
    held = [b.held_markdown for b in doc.blocks if isinstance(b.held_markdown, Span)]
    assert held and all(span.source is doc.markdown for span in held)  # the long blocks


def test_fields_replace_and_equality_behave() -> None:
    doc = _doc()
    chunk = doc.chunks[1]
    names = [f.name for f in dataclasses.fields(Chunk)]
    assert names[:3] == ["span", "embed_head", "embed_tail"]
    moved = dataclasses.replace(chunk, index=99)
    assert moved.text == chunk.text and moved.index == 99 and moved != chunk
    # a span equals another of the same characters, wherever they are held
    assert Span("xx" + chunk.text, 2, 2 + len(chunk.text)) == chunk.span
    assert hash(Span(chunk.text, 0, len(chunk.text))) == hash(chunk.span)
    # ...and the string itself: a block holding its markdown as a span or as a str
    assert chunk.span == chunk.text and chunk.text == chunk.span
    block = next(b for b in doc.blocks if isinstance(b.held_markdown, Span))
    assert dataclasses.replace(block, held_markdown=block.markdown) == block
    assert dataclasses.replace(chunk) == chunk and hash(doc) == hash(doc)


def test_deferred_reads_once_and_compares_as_its_string() -> None:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return "joined"

    later = Deferred(make)
    assert later == "joined" and later.read() == "joined" and calls == [1]
    assert hash(later) == hash("joined")
    assert pickle.loads(pickle.dumps(later)) == "joined"


def test_pickling_shares_the_markdown_and_to_dict_is_unchanged() -> None:
    doc = _doc()
    text_chars = sum(len(c.text) + len(c.embed_text) for c in doc.chunks)
    blob = pickle.dumps(doc)
    # spans travel with their source, which pickle writes once: a chunk's text is not a
    # second copy of the markdown
    assert len(blob) < len(doc.markdown) + len(doc.text) + len(doc.html) + text_chars // 2
    back = pickle.loads(blob)
    assert back == doc and back.chunks[0].span.source is back.markdown
    record = doc.to_dict()
    assert list(record)[:3] == ["markdown", "text", "html"] and "blocks" not in record
    assert list(record["chunks"][0])[:2] == ["text", "embed_text"]
    assert record["chunks"][0]["text"] == doc.chunks[0].text
    assert "span" not in record["chunks"][0] and "held_text" not in record
    # the Parquet chunk schema is built from record_fields: the same keys, in order
    assert [name for name, _ in Chunk.record_fields()] == list(record["chunks"][0])
    json.dumps(record)  # plain JSON values throughout
