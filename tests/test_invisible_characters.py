"""Soft hyphens and zero-width characters never reach the text, markdown or metadata."""

from __future__ import annotations

import mainmark
from mainmark.metadata.titles import clean_text
from mainmark.options import Options

PAGE = """<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">
<title>Mit&shy;tel&shy;al&shy;ter im Wein&shy;berg</title>
<meta name="author" content="Anna&#8203; Berg"></head><body><article>
<h1>Mit&shy;tel&shy;al&shy;ter im Wein&shy;berg</h1>
<p>Schon im Mit&shy;tel&shy;al&shy;ter war der Wein ein Aus&shy;hänge&shy;schild der Region,
und die Win&shy;zer&#8203;ge&#8203;nossen&shy;schaft wurde 1927 gegründet. Heute keltern
die Mitglieder &#x2060;gemeinsam, &#xFEFF;und ihre Weine gewinnen Preise im ganzen Land.</p>
<table><tr><th>Jahr</th><th>Er&shy;trag</th></tr><tr><td>2020</td><td>Gu&shy;t</td></tr></table>
<p><img src="/a.jpg" alt="Wein&shy;berg im Herbst"> Der Herbst an den Hängen ist die
schönste Zeit für eine Wanderung durch die Reb&shy;zeilen oberhalb der Stadt.</p>
</article></body></html>"""

INVISIBLE = "\xad\u200b\u2060\ufeff"


def _doc() -> mainmark.Document:
    return mainmark.extract(PAGE.encode(), url="https://example.de/wein",
                            options=Options(chunking=False, links="inline"))


def test_body_text_and_markdown_have_no_invisible_characters() -> None:
    doc = _doc()
    for out in (doc.text, doc.markdown, doc.html):
        assert not any(c in out for c in INVISIBLE), out
    assert "Mittelalter war der Wein ein Aushängeschild" in doc.text
    assert "Winzergenossenschaft wurde 1927" in doc.text


def test_table_cells_and_alt_text_are_cleaned() -> None:
    doc = _doc()
    assert "| Jahr | Ertrag |" in doc.markdown
    assert "| 2020 | Gut |" in doc.markdown
    assert "![Weinberg im Herbst](https://example.de/a.jpg)" in doc.markdown


def test_title_and_author_are_cleaned() -> None:
    doc = _doc()
    assert doc.metadata.title == "Mittelalter im Weinberg"
    assert doc.metadata.author == ("Anna Berg",)


def test_joiners_that_shape_scripts_are_kept() -> None:
    # ZWNJ changes how Persian renders and ZWJ builds emoji sequences: not "invisible" noise.
    assert clean_text("می\u200cخواهم") == "می\u200cخواهم"
    assert clean_text("👩\u200d💻 team") == "👩\u200d💻 team"
