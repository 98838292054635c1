"""Tag paths on blocks and chunks, and the links side table in chunks and LangChain metadata."""

from __future__ import annotations

import lxml.html

import mainmark
from mainmark.chunks.origin import common_path
from mainmark.integrations.langchain import documents_for
from mainmark.options import Options
from mainmark.page.treepath import tag_path

SENTENCE = "The committee met on Tuesday and agreed on a budget for the coming year. "
PAGE = (
    "<html><head><title>Budget news</title></head><body><nav><a href='/'>Home</a></nav>"
    "<article><h1>Budget news</h1>"
    f"<section><p>{SENTENCE * 3}</p></section>"
    "<section><h2>Details</h2>"
    f"<p>{SENTENCE * 2}See <a href='/report.pdf'>the full report</a> for more.</p>"
    f"<p>{SENTENCE * 2}The <a href='https://other.example/minutes'>minutes</a> are out.</p>"
    "</section></article></body></html>"
)
URL = "https://news.example/budget"


def test_blocks_carry_the_positional_path_of_their_element() -> None:
    doc = mainmark.extract(PAGE, url=URL)
    paths = [(b.kind.value, b.tag_path) for b in doc.blocks]
    assert paths == [
        ("heading", "article/h1"),
        ("paragraph", "article/section[1]/p"),
        ("heading", "article/section[2]/h2"),
        ("paragraph", "article/section[2]/p[1]"),
        ("paragraph", "article/section[2]/p[2]"),
    ]


def test_synthesized_title_has_no_tag_path() -> None:
    doc = mainmark.extract(PAGE.replace("<h1>Budget news</h1>", ""), url=URL)
    assert doc.blocks[0].kind.value == "heading" and doc.blocks[0].tag_path is None
    assert all(b.tag_path for b in doc.blocks[1:])


def test_anonymous_run_takes_its_block_container_not_the_inline_element() -> None:
    html = (f"<html><body><div class='story'><div>{SENTENCE * 3}<a href='/x'>more text</a>"
            f" and <em>even</em> more.</div></div></body></html>")
    doc = mainmark.extract(html, url=URL, options=Options(title_heading=False))
    assert [b.tag_path for b in doc.blocks] == ["div/div"]


def test_chunks_carry_first_block_path_and_common_ancestor() -> None:
    doc = mainmark.extract(PAGE, url=URL, options=Options(max_tokens=60, min_tokens=0))
    assert len(doc.chunks) >= 2
    for c in doc.chunks:
        assert c.tag_path is not None and c.common_tag_path is not None
        assert c.common_tag_path == "body" or c.tag_path.startswith(c.common_tag_path)
        record = c.to_dict()
        assert record["tag_path"] == c.tag_path
        assert record["common_tag_path"] == c.common_tag_path
    whole = mainmark.extract(PAGE, url=URL)
    assert [(c.tag_path, c.common_tag_path) for c in whole.chunks] == [("article/h1", "article")]


def test_common_path_is_the_shared_prefix_of_steps() -> None:
    assert common_path(["article/section[2]/p[1]", "article/section[2]/ul"]) == (
        "article/section[2]")
    assert common_path(["article/section[1]/p", "article/section[12]/p"]) == "article"
    assert common_path(["header/h1", "article/p"]) == "body"  # only <body> holds both
    assert common_path(["p[1]", "p[2]"]) == "body"


def test_explain_spelling_is_unchanged_and_positional_paths_are_capped() -> None:
    root = lxml.html.fromstring("<html><body><div id='main' class='a b c'><p>x</p></div>"
                                "</body></html>")
    p = root.find(".//p")
    assert tag_path(p) == "html > body > div#main > p"
    deep = "<html><body>" + "<div>" * 200 + "<p>deep</p>" + "</div>" * 200 + "</body></html>"
    leaf = lxml.html.fromstring(deep).find(".//p")
    ranks: dict[lxml.html.HtmlElement, dict[lxml.html.HtmlElement, str]] = {}
    path = tag_path(leaf, positional=True, ranks=ranks)
    assert path.startswith("…/") and path.endswith("/div/p")
    assert path.count("/") == 32  # the nearest 32 steps and the ellipsis
    assert len(ranks) == 32  # each parent's children were counted once, nothing above


def test_text_links_land_in_the_block_and_chunk_that_hold_their_anchor() -> None:
    options = Options(links="text", max_tokens=60, min_tokens=0)
    doc = mainmark.extract(PAGE, url=URL, options=options)
    assert [link.url for link in doc.links] == [
        "https://news.example/report.pdf", "https://other.example/minutes"]
    by_block = {b.tag_path: [link.url for link in b.links] for b in doc.blocks}
    assert by_block["article/section[2]/p[1]"] == ["https://news.example/report.pdf"]
    assert by_block["article/section[2]/p[2]"] == ["https://other.example/minutes"]
    chunk_links = [url for c in doc.chunks for url in c.links]
    assert chunk_links == [link.url for link in doc.links]
    holder = next(c for c in doc.chunks if "minutes" in c.text)
    assert "https://other.example/minutes" in holder.links


def test_inline_links_leave_the_side_tables_empty() -> None:
    doc = mainmark.extract(PAGE, url=URL, options=Options(links="inline"))
    assert doc.links == () and all(c.links == () for c in doc.chunks)
    assert "](https://other.example/minutes)" in doc.markdown


def test_langchain_metadata_has_tag_paths_and_only_non_empty_link_lists() -> None:
    text_doc = mainmark.extract(PAGE, url=URL, options=Options(links="text", max_tokens=60,
                                                                min_tokens=0))
    chunks = list(documents_for(text_doc, source="s", url=URL))
    assert all(isinstance(d.metadata["tag_path"], str) for d in chunks)
    with_links = [d for d in chunks if "links" in d.metadata]
    assert with_links and all(isinstance(d.metadata["links"], str) and d.metadata["links"]
                              for d in with_links)  # URLs joined by spaces: no lists
    assert any("links" not in d.metadata for d in chunks)  # the intro chunk has none
    page = next(documents_for(text_doc, source="s", url=URL, mode="page"))
    assert page.metadata["links"] == " ".join(link.url for link in text_doc.links)
    listed = next(documents_for(text_doc, source="s", url=URL, mode="page", lists=True))
    assert listed.metadata["links_list"] == [link.url for link in text_doc.links]
    inline = next(documents_for(mainmark.extract(PAGE, url=URL, options=Options(
        links="inline")), source="s", url=URL, mode="page"))
    assert "links" not in inline.metadata
