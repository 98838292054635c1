"""Chunking is an extra output, never a different extraction.

With ``chunking=False`` the pipeline lets the page's source text go early (no chunk needs
its byte offsets); a stage that still read it saw an empty string. A streamed React page
(WCXB 4168) then kept its product sheet hidden and came out empty with chunking off while
it was whole with chunking on. Every corpus page must give the same markdown both ways.
"""

from __future__ import annotations

import mainmark
from corpus_support import corpus_pages


def test_every_corpus_page_extracts_the_same_with_and_without_chunks() -> None:
    off, on = mainmark.Options(chunking=False), mainmark.Options()
    differ = [name for name, html, url in corpus_pages()
              if mainmark.extract(html, url=url, options=off).markdown
              != mainmark.extract(html, url=url, options=on).markdown]
    assert not differ, differ
