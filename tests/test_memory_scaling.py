"""A big page's Python memory is a modest multiple of its size.

What is measured is the peak of Python's own allocations during one ``extract()``
(``tracemalloc``): the libxml2 tree is not in it, everything the stages build around the
tree is (element proxies, side tables, source map, pieces, blocks, the three serializations,
chunks). The page is dense markup, the worst case per byte: seven elements in every 190
bytes, all of it main content, so the document itself (markdown, text, HTML, blocks,
chunks) is already about twelve times the page. Before the source map dropped its
consumed tag matches and rendering let its pieces go, the peak was 47 times the page;
the bound leaves room for small changes without letting either habit come back.
No time is measured.
"""

from __future__ import annotations

import tracemalloc

import mainmark

_BLOCK = ("<section><h2>Part {n}</h2><p>The harbour line tram runs every ten minutes, "
          "carrying commuters, cyclists and <a href='/x'>visitors</a> past the old "
          "warehouses.</p><ul><li>one</li><li>two</li></ul></section>")
_PEAK_OVER_PAGE = 30


def _page(size: int) -> bytes:
    parts = ["<html><head><title>Big</title></head><body><article><h1>Big page</h1>"]
    total, n = len(parts[0]), 0
    while total < size:
        parts.append(_BLOCK.format(n=n))
        total += len(parts[-1])
        n += 1
    return ("".join(parts) + "</article></body></html>").encode()


def _peak(page: bytes) -> tuple[int, mainmark.Document]:
    tracemalloc.start()
    try:
        doc = mainmark.extract(page)
        return tracemalloc.get_traced_memory()[1], doc
    finally:
        tracemalloc.stop()


def test_peak_python_memory_of_a_dense_page_is_a_small_multiple_of_its_size() -> None:
    mainmark.extract(_page(2000))  # lazy imports and the tokenizer are not the page's
    page = _page(100_000)
    peak, doc = _peak(page)
    assert len(doc.blocks) > 1400 and doc.chunks  # the whole page was rendered and chunked
    assert peak < _PEAK_OVER_PAGE * len(page), f"peak {peak / len(page):.1f}x the page"


#: Python bytes per element that measuring a dense page may allocate at its peak: the
#: element proxies (about 90 bytes, and lxml's cached tag string), the position index
#: (a dict entry and an int) and the arrays of facts. With the dense facts in dicts keyed
#: by element (text, link bytes, link counts, headings) it was about 380.
_MEASURE_BYTES_PER_ELEMENT = 320


def test_measuring_costs_a_few_slots_per_element_not_a_dict_entry_per_fact() -> None:
    import lxml.html

    from mainmark.content.measure import measure

    body = lxml.html.document_fromstring(_page(100_000)).find("body")
    assert body is not None
    tracemalloc.start()
    try:
        m = measure(body)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    n = len(m.order)
    assert n > 3000 and m.text_of(body) > 50_000
    assert peak < _MEASURE_BYTES_PER_ELEMENT * n, f"{peak / n:.0f} bytes an element"


_SENTENCE = ("The harbour line tram runs every ten minutes, carrying commuters, cyclists "
             "and visitors past the old warehouses and the fish market. ")
_PROSE = ("<section><h2>Part {n}</h2><p>" + _SENTENCE * 4 + "<a href='/x'>visitors</a> "
          + _SENTENCE * 3 + "</p><p>" + _SENTENCE * 5 + "</p></section>")
#: A prose page's document is nearly all text: held once (the markdown) with the chunks'
#: texts, the long blocks' markdown and the text and HTML channels as spans of it, the
#: peak of Python's allocations stays near four times the page; when each of those was a
#: copy of its own it was near nine.
_PROSE_PEAK_OVER_PAGE = 6


def test_a_prose_page_is_held_about_once_not_once_per_serialization() -> None:
    parts = ["<html><head><title>Big</title></head><body><article><h1>Big page</h1>"]
    total, n = len(parts[0]), 0
    while total < 3_000_000:  # past the sizes where the markdown is read as a view
        parts.append(_PROSE.format(n=n))
        total += len(parts[-1])
        n += 1
    page = ("".join(parts) + "</article></body></html>").encode()
    mainmark.extract(page[:20_000])
    peak, doc = _peak(page)
    assert peak < _PROSE_PEAK_OVER_PAGE * len(page), f"peak {peak / len(page):.1f}x the page"
    # the spans read as the strings they stand for
    assert len(doc.markdown) > 0.9 * len(page) and len(doc.chunks) > 1000
    middle = doc.chunks[len(doc.chunks) // 2]
    raw = doc.markdown.encode()
    assert middle.text == raw[middle.md_start : middle.md_end].decode()
    assert middle.embed_text.endswith(middle.text)
    assert doc.text.count("Part 7\n") <= 1 and "The harbour line" in doc.text
    assert doc.html.startswith("<h1>") or "<p>The harbour line" in doc.html
