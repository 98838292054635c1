"""Broken pages whose tree used to lose most of the page, against an HTML5 parser's tree.

Each case is a small page with one kind of breakage. What counts is the visible text the
tree holds (:mod:`parse_oracle`): it must be what html5lib, which follows the WHATWG tree
construction rules, finds, and the repair must keep the decoded text's offsets.
"""

from __future__ import annotations

import re

import pytest

from mainmark.model import EncodingInfo, EncodingSignal
from mainmark.page.parse import neutralise_html_end, parse, prepare
from mainmark.page.srcmap import build_source_map
from mainmark.pipeline import extract
from parse_oracle import HIDDEN, compare, content_words, html5_words

ARTICLE = ("<p>The council approved the new harbour tram line on Tuesday after a long debate "
           "about its cost and its route through the old town.</p>")

BROKEN = {
    "stray </html> in the head": f"<html><head><title>T</title></html><body>{ARTICLE}</body>",
    "stray </html> before the content": f"<html><body><div>menu</div></html>{ARTICLE}",
    "second document glued on": f"<html><body><p>first</p></body></html><html><body>{ARTICLE}",
    "</body></html> before the content": f"<body><nav>menu</nav></body></html>\n{ARTICLE}",
    "uppercase, spaced end tag": f"<HTML><BODY><DIV>menu</DIV></HTML >{ARTICLE}",
    "stray </body> before the content": f"<html><body></body>{ARTICLE}</html>",
}


def words(html: str) -> int:
    page = parse(html)
    assert page.root is not None
    return content_words(page.root)


def article_words() -> int:
    return len(re.sub(r"\W+", "", re.sub(r"<[^>]+>", "", ARTICLE)))


@pytest.mark.parametrize("html", BROKEN.values(), ids=BROKEN.keys())
def test_broken_page_keeps_what_an_html5_parser_keeps(html: str) -> None:
    d = compare(html)
    assert d.ours == d.oracle
    assert d.ours >= article_words()


@pytest.mark.parametrize("html", BROKEN.values(), ids=BROKEN.keys())
def test_repair_keeps_every_offset(html: str) -> None:
    page = parse(html)
    assert len(page.text) == len(html)
    # Only tags were blanked: the text outside them is unchanged.
    assert re.sub(r"<[^>]*>", " ", page.text).split() == re.sub(r"<[^>]*>", " ", html).split()


def test_the_article_after_a_stray_html_end_is_extracted_with_byte_offsets() -> None:
    raw = f"<html><body><nav>Home News</nav></body></html>\n<article>{ARTICLE}</article>"
    doc = extract(raw.encode(), options=None)
    assert "harbour tram line" in doc.text
    page = parse(raw)
    assert page.root is not None
    sm = build_source_map(page, raw.encode(), EncodingInfo("utf-8", EncodingSignal.META))
    p = page.root.find(".//article/p")
    assert p is not None
    span = sm.span(p)
    assert span is not None and raw.encode()[span[0]:span[1]].decode() == ARTICLE


@pytest.mark.parametrize(
    "html",
    [
        f"<html><body>{ARTICLE}</body></html>",
        f"<html><body>{ARTICLE}</body></html>\n\n  \t",
        f"<html><body>{ARTICLE}</body>",
        f"<html><body>{ARTICLE}</body>\n</html>\n",
        f"<html><body>{ARTICLE}</BODY></HTML>",
    ],
)
def test_a_well_placed_end_tag_is_left_alone(html: str) -> None:
    assert neutralise_html_end(html) is html


def test_what_follows_the_end_tags_is_in_the_body() -> None:
    page = parse("<html><body><p>one</p></body></html><p>two</p><script>x()</script>")
    assert page.root is not None
    assert [p.text for p in page.root.iterfind("body/p")] == ["one", "two"]
    assert page.root.find("body/script") is not None


def test_an_html_end_tag_inside_a_script_string_is_harmless() -> None:
    html = (f"<html><body><script>w.write('<html></html>')</script>{ARTICLE}"
            "</body></html>")
    assert words(html) == html5_words(html) == article_words()


@pytest.mark.parametrize(
    "html",
    [
        # These lose the rest of the page in both parsers, as in a browser: the HTML5
        # tokenizer reads them as raw text up to an end tag that never comes. The test
        # pins that we do not lose *more* than the standard says.
        f"<html><head><title>T<body>{ARTICLE}",
        f"<html><body><p>a</p><textarea>{ARTICLE}",
        f"<html><body><p>a</p><!-- {ARTICLE}",
    ],
)
def test_runaway_raw_text_loses_no_more_than_the_standard(html: str) -> None:
    d = compare(html)
    assert d.ours >= d.oracle


def test_hidden_elements_are_not_visible_text() -> None:
    html = ("<html><head><title>title words</title><style>p{}</style></head><body>"
            "<script>var x</script><noscript>no</noscript><template>t</template>"
            "<p>seen</p><!-- comment --></body></html>")
    assert words(html) == len("seen")
    assert {"script", "style", "template", "noscript", "title"} <= HIDDEN


def test_prepare_is_what_parse_stores() -> None:
    html = f"<p>a\x00</p></html>{ARTICLE}"
    assert parse(html).text == prepare(html)
    assert "\x00" not in prepare(html) and "</html>" not in prepare(html)


def test_the_check_is_linear_in_the_page_size() -> None:
    """Many end tags, each followed by text: one pass blanks them all (a quadratic
    rescan would show as a wrong result long before it shows in time)."""
    html = "<p>x</p></html>" * 20_000
    fixed = neutralise_html_end(html)
    assert len(fixed) == len(html) and "</html>" not in fixed
    assert words(html) == 20_000


RUNAWAY = {
    "unclosed <title>": f"<html><head><title>Harbour news<meta name=x content=y></head>"
                        f"<body>{ARTICLE * 5}</body></html>",
    "unclosed <textarea>": f"<html><body><form><textarea>Your comment</form>{ARTICLE * 5}"
                           "</body></html>",
    "unclosed <TEXTAREA> after a closed one": (
        f"<html><body><textarea>note</textarea><p>x</p><TEXTAREA rows=3>Reply</form>"
        f"{ARTICLE * 5}</body></html>"),
}


@pytest.mark.parametrize("html", RUNAWAY.values(), ids=RUNAWAY.keys())
def test_an_unclosed_title_or_textarea_no_longer_swallows_the_page(html: str) -> None:
    page = parse(html)
    assert page.root is not None
    assert content_words(page.root) >= 5 * article_words()
    assert len(page.text) == len(html)
    assert any("swallowed the rest of the page" in w for w in page.warnings)
    # The oracle, like a browser, loses the page: we keep more than the standard here.
    assert compare(html).oracle < article_words()


def test_the_page_after_an_unclosed_title_keeps_byte_offsets() -> None:
    raw = RUNAWAY["unclosed <title>"]
    page = parse(raw)
    assert page.root is not None
    sm = build_source_map(page, raw.encode(), EncodingInfo("utf-8", EncodingSignal.META))
    p = page.root.find(".//body/p")
    assert p is not None
    span = sm.span(p)
    assert span is not None and raw.encode()[span[0]:span[1]].decode() == ARTICLE


@pytest.mark.parametrize(
    "html",
    [
        # Closed, however long and however much markup it quotes: left alone.
        f"<html><body><textarea>{'<p>code</p>' * 100}</textarea>{ARTICLE}</body></html>",
        # Unclosed, but holding plain text only (nothing swallowed): left alone.
        f"<html><body>{ARTICLE}<textarea>{'word ' * 200}",
        f"<html><head><title>Short</title></head><body>{ARTICLE}</body></html>",
    ],
)
def test_a_title_or_textarea_that_swallowed_nothing_is_left_alone(html: str) -> None:
    page = parse(html)
    assert page.text == prepare(html)
    assert not any("swallowed" in w for w in page.warnings)
