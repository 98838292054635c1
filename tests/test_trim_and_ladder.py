"""Trailing trim, the fallback ladder and the empty page.

Link-only and heading-only tails of an article ("Related", "Share this") are trimmed;
a listing or forum page, whose links are most of its text, keeps them. A page too
small or too odd for selection still returns its text, and a page with nothing in it
returns a Document with a warning instead of raising.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS, TITLE

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
NAV = "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/forum'>Forum</a></nav>"
FOOTER = "<footer><p>Harbour Gazette Ltd, all rights reserved.</p></footer>"


def extract(html: str) -> mainmark.Document:
    return mainmark.extract(html.encode(),
                            options=mainmark.Options(chunking=False, explain=True))


def strategy(doc: mainmark.Document) -> mainmark.Strategy:
    assert doc.explain is not None
    return doc.explain.strategy


TAILS = [
    pytest.param("<h3>Related</h3><ul><li><a href='/a'>Ferry timetable changes for the "
                 "summer season</a></li><li><a href='/b'>New fish market opens on the north "
                 "quay</a></li></ul>", ("Related", "Ferry timetable", "fish market"),
                 id="related-heading-and-list"),
    pytest.param("<p>Related: <a href='/a'>Ferry timetable changes</a>, "
                 "<a href='/b'>New fish market opens</a></p>",
                 ("Related:", "Ferry timetable"), id="related-paragraph"),
    pytest.param("<div><h4>Share this</h4><a href='https://twitter.com/intent/tweet'>Twitter"
                 "</a> <a href='https://www.facebook.com/sharer.php'>Facebook</a> "
                 "<a href='mailto:?subject=Bridge'>Email</a></div>",
                 ("Share this", "Facebook"), id="share-this"),
    pytest.param("<p><a href='/news'>More from the quay</a></p>", ("More from the quay",),
                 id="lone-more-link"),
    pytest.param("<h2>More stories</h2>", ("More stories",), id="orphan-heading"),
]


@pytest.mark.parametrize(("tail", "gone"), TAILS)
def test_trailing_link_or_heading_tail_is_trimmed(tail: str, gone: tuple[str, ...]) -> None:
    doc = extract(f"<html><body>{NAV}<article><h1>{TITLE}</h1>{BODY}{tail}</article>"
                  f"{FOOTER}</body></html>")
    for text in gone:
        assert text not in doc.text
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert f"# {TITLE}" in doc.markdown


@pytest.mark.parametrize(
    "tail",
    [
        # Neither is link-dense by the byte floors (one short link; no link at all):
        # only the trailing trim removes them, and explain says so.
        pytest.param("<p><a href='/news'>More from the quay</a></p>", id="lone-more-link"),
        pytest.param("<h2>More stories</h2>", id="orphan-heading"),
    ],
)
def test_trailing_trim_is_explained(tail: str) -> None:
    doc = extract(f"<html><body>{NAV}<article><h1>{TITLE}</h1>{BODY}{tail}</article>"
                  f"{FOOTER}</body></html>")
    assert doc.explain is not None
    trims = [r for r in doc.explain.removals
             if r.rule.startswith("trailing-") or r.rule in ("empty-heading", "chrome-section")]
    assert len(trims) == 1
    assert trims[0].preview in ("More from the quay", "More stories")


def test_link_in_the_last_prose_paragraph_is_not_trimmed() -> None:
    last = ("The full <a href='/report.pdf'>engineering report</a> is published on the council "
            "website, with drawings and costings.")
    doc = extract(f"<html><body>{NAV}<article><h1>{TITLE}</h1>{BODY}<p>{last}</p></article>"
                  f"{FOOTER}</body></html>")
    assert "is published on the council website" in doc.text


THREADS = (
    "Best route from the station to the north quay on foot?",
    "Swing bridge reopening date confirmed by the council",
    "Where to buy fresh crab on a Sunday morning",
    "Parking near the ferry terminal during the festival week",
    "Old photographs of the harbour before the 1952 storm",
    "Anyone know why the lighthouse beam was off last night?",
)
LISTINGS = [
    pytest.param("<ul class='threads'>" + "".join(
        f"<li><a href='/t/{i}'>{t}</a></li>" for i, t in enumerate(THREADS)) + "</ul>",
        id="list-of-threads"),
    pytest.param("".join(f"<p><a href='/t/{i}'>{t}</a> — started by sailor{i}, 12 replies</p>"
                         for i, t in enumerate(THREADS)), id="paragraph-per-thread"),
    pytest.param("".join(f"<div class='thread'><h3><a href='/t/{i}'>{t}</a></h3>"
                         "<span>12 replies</span></div>" for i, t in enumerate(THREADS)),
                 id="heading-per-thread"),
]


@pytest.mark.parametrize("listing", LISTINGS)
@pytest.mark.parametrize("thread", THREADS)
def test_listing_page_keeps_its_links(listing: str, thread: str) -> None:
    doc = extract(f"<html><body>{NAV}<main><h1>Harbour forum</h1><p>Talk about the town, the "
                  f"quay and the ferries.</p>{listing}</main>{FOOTER}</body></html>")
    assert thread in doc.text
    assert strategy(doc) in (mainmark.Strategy.SELECTION, mainmark.Strategy.LADDER)


def test_ladder_recollects_a_list_that_strict_pruning_drops() -> None:
    # Under strict pruning the list of thread links is link-dense and goes, leaving only
    # the one-line intro: too little for the page, so the ladder collects again, relaxed.
    listing = "<ul>" + "".join(f"<li><a href='/t/{i}'>{t}</a></li>"
                               for i, t in enumerate(THREADS)) + "</ul>"
    doc = extract(f"<html><body>{NAV}<main><h1>Harbour forum</h1><p>Talk about the town.</p>"
                  f"{listing}</main>{FOOTER}</body></html>")
    assert strategy(doc) is mainmark.Strategy.LADDER
    assert doc.explain is not None
    assert "relaxed" in doc.explain.detail
    assert all(t in doc.text for t in THREADS)
    assert "link-density" not in {r.rule for r in doc.explain.removals}


@pytest.mark.parametrize(
    ("html", "text"),
    [
        pytest.param("<html><body><p>Back in five minutes.</p></body></html>",
                     "Back in five minutes.", id="one-paragraph"),
        pytest.param("<html><body><div>Gone fishing. Shop reopens Monday.</div></body></html>",
                     "Gone fishing. Shop reopens Monday.", id="bare-div"),
        pytest.param("<html><body>Meeting moved to Thursday at 6pm, room 4.</body></html>",
                     "Meeting moved to Thursday at 6pm, room 4.", id="body-text"),
        pytest.param(f"<html><body>{NAV}<div class='note'>Meeting moved to Thursday at 6pm, "
                     f"room 4.</div>{FOOTER}</body></html>",
                     "Meeting moved to Thursday at 6pm, room 4.", id="note-between-chrome"),
        pytest.param("<html><body><table><tr><td>Tide</td><td>06:12</td></tr>"
                     "<tr><td>Tide</td><td>18:40</td></tr></table></body></html>", "18:40",
                     id="tiny-table"),
    ],
)
def test_tiny_page_still_returns_its_text(html: str, text: str) -> None:
    doc = extract(html)
    assert text in doc.text
    assert strategy(doc) in (mainmark.Strategy.SELECTION, mainmark.Strategy.LADDER,
                             mainmark.Strategy.FALLBACK)
    assert "no main content found" not in doc.warnings


def test_fallback_still_drops_hard_chrome() -> None:
    doc = extract(f"<html><body>{NAV}<p>Back in five minutes.</p></body></html>")
    assert "Back in five minutes." in doc.text
    assert "Forum" not in doc.text


@pytest.mark.parametrize(
    "html",
    [
        pytest.param("<html><head><title>Empty</title></head><body></body></html>",
                     id="empty-body"),
        pytest.param("<html><body>   \n  </body></html>", id="blank-body"),
        pytest.param("", id="empty-input"),
        pytest.param(f"<html><body>{NAV}</body></html>", id="only-navigation"),
        pytest.param("<html><body><script>render()</script><div id='app'></div></body></html>",
                     id="only-a-script"),
    ],
)
def test_page_without_content_gives_a_document_with_a_warning(html: str) -> None:
    doc = extract(html)
    assert isinstance(doc, mainmark.Document)
    assert doc.markdown == ""
    assert doc.text == ""
    assert "no main content found" in doc.warnings
    assert doc.explain is not None


def test_short_furniture_after_the_prose_is_trimmed() -> None:
    # A dateline and a credit line set after the article, in their own boxes.
    html = (f"<html><body><article><h1>{TITLE}</h1>{BODY}"
            "<div><span>12.03.2021</span></div>"
            "<p class='credit'>Photo: Harbour Office</p></article></body></html>")
    doc = extract(html)
    assert "Photo: Harbour Office" not in doc.text
    assert "12.03.2021" not in doc.text
    assert doc.explain is not None
    assert "trailing-furniture" in {r.rule for r in doc.explain.removals}


def test_plain_closing_lines_of_the_prose_are_kept() -> None:
    # The author's sign-off runs on in the text's own container: the article's last words.
    html = (f"<html><body><article><h1>{TITLE}</h1><div class='body'>{BODY}"
            "<p>See you on the quay</p><p>Anna 😉</p></div></article></body></html>")
    doc = extract(html)
    assert "See you on the quay" in doc.text
    assert "Anna 😉" in doc.text


def test_fallback_drops_the_page_header_and_footer_around_short_content() -> None:
    # No paragraph to score: the whole-body fallback keeps the note and drops the
    # page-level chrome around it (a <header> and a <footer>, not only <nav>).
    html = ("<html><body><header><div>Free delivery on every order over forty dollars"
            "</div></header><div class='note'>Meeting moved to Thursday at 6pm, room 4."
            "</div><footer><div>Subscribe for updates from the workshop</div></footer>"
            "</body></html>")
    doc = extract(html)
    assert strategy(doc) is mainmark.Strategy.FALLBACK
    assert "Meeting moved to Thursday at 6pm, room 4." in doc.text
    assert "Free delivery" not in doc.text and "Subscribe for updates" not in doc.text


def test_fallback_keeps_the_chrome_when_nothing_else_is_left() -> None:
    # Everything is inside a <header>: dropping it would leave nothing, so only hard
    # chrome goes.
    html = ("<html><body><header><div>Meeting moved to Thursday at 6pm, room 4."
            "</div></header></body></html>")
    doc = extract(html)
    assert "Meeting moved to Thursday at 6pm, room 4." in doc.text
