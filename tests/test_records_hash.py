"""Records are values: equal documents hash equal, and a document can key a dict or a set.

The model's docstring promises hashing; a ``dict`` in ``Metadata`` (``sources``,
``confidence``) or ``Explain`` (``stripped``) made ``hash(document)`` raise.
"""

from __future__ import annotations

import dataclasses

import mainmark
from corpus_support import corpus_pages


def test_equal_documents_hash_equal_and_differ_where_they_differ() -> None:
    _, html, url = corpus_pages()[0]
    options = mainmark.Options(explain=True)
    first = mainmark.extract(html, url=url, options=options)
    second = mainmark.extract(html, url=url, options=options)
    # the time stamps may differ (a second can pass between the two): the document's and
    # each chunk's
    second = dataclasses.replace(second, stamp=first.stamp, chunks=tuple(
        dataclasses.replace(c, stamp=f.stamp)
        for c, f in zip(second.chunks, first.chunks, strict=True)))
    assert first.metadata.sources and first.metadata.confidence
    assert first == second and hash(first) == hash(second)
    assert len({first, second}) == 1
    other = dataclasses.replace(first.metadata, sources={**first.metadata.sources, "x": "y"})
    assert other != first.metadata and hash(other) != hash(first.metadata)
    assert first.explain is not None and hash(first.explain) == hash(second.explain)
