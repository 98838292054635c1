"""Short blocks that address the reader about the site (subscribe, read also, share,
follow) and publisher notices (disclosures, disclaimers, copyright lines) are furniture
inside the article body; prose that mentions the same words is not."""

from __future__ import annotations

import pytest

from extraction_support import PARAGRAPHS, assert_dropped_between_paragraphs
from extraction_support import extract_article as extract

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)


@pytest.mark.parametrize(("prompt", "marker"), [
    ("<p>Subscribe now to our print edition for the full story.</p>", "print edition"),
    ("<p><strong>Read also:</strong> <a href='/ferry'>Ferry timetable changes</a></p>",
     "Ferry timetable"),
    ("<p><em>If you enjoyed reading this post, consider supporting the Gazette.</em></p>",
     "enjoyed reading"),
    ("<p>For the latest stories and breaking news, follow the Gazette on social media.</p>",
     "breaking news"),
    ("<p><strong>Lust auf mehr?</strong> Dann unterstütze uns mit einem Abo!</p>", "Abo"),
    ("<p>Zapraszamy też do subskrypcji naszego tygodnika.</p>", "tygodnika"),
    ("<h3>You may also like</h3>", "also like"),
    ("<p>Follow Harbour Radio on Instagram, Facebook, Twitter and YouTube.</p>", "Instagram"),
    ("<p><em>Have a tip? Ann Reed may be reached at ann@gazette.example.</em></p>",
     "may be reached"),
    ("<p>Get the latest updates right in your inbox. Subscribe to our newsletters.</p>",
     "right in your inbox"),
])
def test_reader_prompt_between_or_after_paragraphs_is_dropped(prompt: str, marker: str) -> None:
    assert_dropped_between_paragraphs(prompt, marker, "reader-prompt", twice=True)


@pytest.mark.parametrize("prose", [
    # the words in the middle of a sentence
    "Residents who subscribe to the council's alerts will hear first when the bridge opens.",
    # instructions in a how-to open with the same verbs
    "Sign up for a mooring account at the harbour office, then book your berth online.",
    "Subscribe to the tide alerts by texting TIDE to the harbour office number.",
    "Download the app from your phone's store, then scan the code at the gate.",
    "If you found a loose plank on the deck, report it to the harbour office at once.",
    "Teilen Sie den Teig in vier Stücke und lassen Sie ihn eine Stunde ruhen.",
    "Don't miss the turn at the lighthouse: the quay road starts right after it.",
    # a long paragraph that opens with the same verb is the article's own text
    "Follow us, the harbour master told the crowd, and he led them across the new deck, "
    "past the control cabin, over the repainted trusses, and down to the north quay, where "
    "the band was already playing and the ferry sat waiting with its gangway lowered.",
])
def test_prose_mentioning_the_same_words_is_kept(prose: str) -> None:
    doc = extract(BODY + f"<p>{prose}</p>")
    assert prose in doc.text


def test_newsletter_box_with_a_long_pitch_inside_the_article_is_dropped() -> None:
    # A pitch is prose by nature; its paragraphs do not make the box content.
    pitch = ("Every Friday our editors pick the week's best stories from the harbour, the "
             "council chamber, and the market, with photographs you will not see anywhere "
             "else, event listings, tide tables, and a crossword. It is free, it arrives "
             "before breakfast, and you can leave whenever you like, with one click, at any time, "
             "no questions asked.")
    box = (f"<div class='newsletter-signup'><h3>The Friday Quay</h3><p>{pitch}</p>"
           "<form><input name='email'><button>Sign me up</button></form></div>")
    doc = extract(f"<p>{PARAGRAPHS[0]}</p>{box}<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p>")
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert "before breakfast" not in doc.text


@pytest.mark.parametrize(("notice", "marker"), [
    ("<p>*Für Links auf dieser Seite erhält die Zeitung ggf. eine Provision.</p>",
     "Provision"),
])
def test_publisher_notice_in_the_body_is_dropped(notice: str, marker: str) -> None:
    assert_dropped_between_paragraphs(notice, marker, "site-notice")


def test_a_paragraph_about_copyright_is_kept() -> None:
    prose = ("All rights to the bridge's original drawings passed to the town museum in 1952, "
             "the council said, and the museum will show them at the reopening.")
    doc = extract(f"<p>{PARAGRAPHS[0]}</p><p>{prose}</p><p>{PARAGRAPHS[1]}</p>")
    assert prose in doc.text
