"""Link density with byte floors: link strips go, prose with links stays.

Each case puts one block in the middle of a three-paragraph article (so the block is
never the page's only content and trailing trims do not interfere) and checks whether
the block survives.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS


def extract(block: str) -> mainmark.Document:
    html = (f"<html><body><main><h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p>{block}"
            f"<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p></main></body></html>")
    return mainmark.extract(html.encode(),
                            options=mainmark.Options(chunking=False, explain=True))


def rules(doc: mainmark.Document) -> list[str]:
    assert doc.explain is not None
    return [r.rule for r in doc.explain.removals]


def assert_article_intact(doc: mainmark.Document) -> None:
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text


@pytest.mark.parametrize(
    ("block", "gone"),
    [
        pytest.param("<p><a href='/news'>Harbour news</a>, <a href='/bridge'>Bridge repairs "
                     "timeline</a>, <a href='/council'>Council meeting minutes</a> and "
                     "<a href='/traders'>Quay traders</a></p>", "Bridge repairs timeline",
                     id="paragraph-of-links"),
        pytest.param("<div><a href='/prev'>Previous</a> | <a href='/next'>Next</a></div>",
                     "Previous", id="short-link-strip"),
        pytest.param("<p><a href='/tag/bridges'>#bridges</a> <a href='/tag/tides'>#tides</a> "
                     "<a href='/tag/ferries'>#ferries</a></p>", "#tides", id="tag-strip"),
        pytest.param("<ul><li><a href='/a'>Ferries</a></li><li><a href='/b'>Tides</a></li>"
                     "<li><a href='/c'>Parking</a></li><li><a href='/d'>Events</a></li></ul>",
                     "Parking", id="menu-list"),
    ],
)
def test_link_dense_block_goes(block: str, gone: str) -> None:
    doc = extract(block)
    assert gone not in doc.text
    assert "link-density" in rules(doc)
    assert_article_intact(doc)


@pytest.mark.parametrize(
    ("block", "kept"),
    [
        pytest.param("<div class='card'><a href='/history'>A short history of the quay</a></div>",
                     "A short history of the quay", id="teaser-card-one-link"),
        pytest.param("<p>See also <a href='/history'>the history of the quay</a>.</p>",
                     "the history of the quay", id="short-paragraph-one-link"),
        pytest.param("<div><h2><a href='/timeline'>Timeline of the repairs</a></h2>"
                     "<a href='/t/1890'>1890</a> <a href='/t/1952'>1952</a> "
                     "<a href='/t/2024'>2024</a></div>", "1952", id="block-with-heading"),
        pytest.param("<p><a href='#fn1'>The bridge was designed by a local engineer, who also "
                     "built the lighthouse and the customs house on the north pier.</a></p>",
                     "customs house on the north pier", id="fragment-anchor-is-text"),
        pytest.param("<p><a name='design'>The bridge was designed by a local engineer, who also "
                     "built the lighthouse and the customs house on the north pier.</a></p>",
                     "customs house on the north pier", id="anchor-without-href-is-text"),
    ],
)
def test_block_with_few_links_stays(block: str, kept: str) -> None:
    doc = extract(block)
    assert kept in doc.text
    assert "link-density" not in rules(doc)
    assert_article_intact(doc)


def test_content_card_with_one_link_and_a_teaser_survives() -> None:
    card = ("<div class='card'><a href='/story/ferry-fares'>Ferry fares</a>"
            "<p>Return tickets rise by 40p from June.</p></div>")
    doc = extract(card)
    assert "Return tickets rise by 40p from June." in doc.text
    assert "Ferry fares" in doc.text
    assert rules(doc) == []


PROSE_WITH_LINKS = (
    "The <a href='/council'>council</a> published the engineering survey in March, and the "
    "<a href='/report.pdf'>full report</a> runs to ninety pages of drawings, costings, and "
    "photographs of the corroded bearings."
)


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(f"<p>{PROSE_WITH_LINKS}</p>", id="p"),
        pytest.param(f"<div>{PROSE_WITH_LINKS}</div>", id="div"),
        pytest.param(f"<table><tr><td>{PROSE_WITH_LINKS}</td></tr></table>", id="td"),
    ],
)
def test_prose_with_two_short_links_stays_whatever_its_tag(block: str) -> None:
    # About a tenth of this text is link text: it is a sentence, not a link strip, even
    # when old CMS markup puts it in a div or a table cell instead of a paragraph.
    doc = extract(block)
    assert "runs to ninety pages" in doc.text
    assert "link-density" not in rules(doc)


CHANGELOG = [
    "Fix a crash when reading a configuration file that lacks a trailing newline on Windows",
    "Add support for reading gzip-compressed input from standard input, with a size limit",
    "Speed up the tokenizer on pages that contain very long runs of non-breaking whitespace",
    "Document the exit codes of every subcommand in the manual page and in the online help",
    "Stop dropping the last table row when a table has no tbody element and a tfoot element",
]


def test_list_of_long_link_titles_survives() -> None:
    # A changelog or reading list: every item is a link, but each is a sentence-long title.
    items = "".join(f"<li><a href='/pull/{i}'>{t}</a></li>" for i, t in enumerate(CHANGELOG))
    doc = extract(f"<h2>Changes in 2.4</h2><ul>{items}</ul>")
    for title in CHANGELOG:
        assert title in doc.text
    assert "link-density" not in rules(doc)


def test_link_density_removal_is_explained_with_its_text() -> None:
    doc = extract("<div><a href='/prev'>Previous story</a> | <a href='/next'>Next story</a></div>")
    assert doc.explain is not None
    [removal] = [r for r in doc.explain.removals if r.rule == "link-density"]
    assert "Previous story" in removal.preview
    assert removal.path.endswith("main > div")
