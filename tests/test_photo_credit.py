"""A line that is only an image credit is furniture; a caption that ends in one is not;
a caption printed twice (gallery and lightbox) is kept once."""

from __future__ import annotations

import pytest

import mainmark

BODY = "".join(
    f"<p>Paragraph {i} of the report, with enough words, commas, and detail to count as prose "
    f"for the selection stage.</p>" for i in range(5)
)


@pytest.mark.parametrize("credit", ["Foto: dpa", "(Photo: Jane Doe)", "© Reuters",
                                    "Bild: Stadt Bern", "Credit: AFP/Getty"])
def test_credit_line_is_dropped(credit: str) -> None:
    page = (f"<html><body><article>{BODY}<figure><img src='a.jpg' alt='The quay at dawn'>"
            f"<figcaption>{credit}</figcaption></figure>{BODY}</article></body></html>")
    doc = mainmark.extract(page, options=mainmark.Options(explain=True, chunking=False))
    assert credit not in doc.text
    assert doc.explain is not None
    assert any(r.rule == "photo-credit" for r in doc.explain.removals)


def test_caption_ending_in_a_credit_is_kept() -> None:
    caption = "The restored swing bridge opened to trams on Monday. Foto: dpa"
    page = (f"<html><body><article>{BODY}<figure><img src='a.jpg' alt='The bridge'>"
            f"<figcaption>{caption}</figcaption></figure>{BODY}</article></body></html>")
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert caption in doc.text


def test_repeated_caption_keeps_only_its_first_copy() -> None:
    # A gallery prints each caption in the thumbnail strip and again in the lightbox.
    caption = "The restored swing bridge opened to trams on Monday morning."
    figure = (f"<figure><img src='a.jpg' alt='The bridge'><figcaption>{caption}</figcaption>"
              "</figure>")
    lightbox = f"<div class='gallery-caption'><p>{caption}</p></div>"
    page = f"<html><body><article>{figure}{BODY}{lightbox}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(explain=True, chunking=False))
    assert doc.text.count(caption) == 1
    assert doc.explain is not None
    assert [r.rule for r in doc.explain.removals].count("repeated-caption") == 1


def test_repeated_paragraphs_are_not_captions_and_stay() -> None:
    # An interview series asks every guest the same question.
    question = "What first drew you to the harbour and its boats?"
    answers = [f"Answer {i}: the light on the water, the smell of tar, and the noise of the "
               "market, which my grandfather loved as much as I do now." for i in range(3)]
    body = "".join(f"<p><strong>{question}</strong></p><p>{a}</p>" for a in answers)
    page = f"<html><body><article>{body}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert doc.text.count(question) == 3


def test_truncated_copy_of_a_caption_with_toggle_links_is_dropped() -> None:
    full = ("Engineers lower the new bearing onto the central pier of the swing bridge, "
            "watched by the harbour master and a crowd of early commuters.")
    cut = full[:70]
    gallery = (f"<div class='caption'><div class='caption-full'>{full}<a class='toggle'> less</a>"
               f"</div><div class='caption-truncated'>{cut} ...<a class='toggle'> more</a>"
               "</div></div>")
    page = f"<html><body><article>{BODY}{gallery}{BODY}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert full in doc.text
    assert doc.text.count(cut) == 1


def test_caption_copies_inside_one_gallery_item_are_judged_one_by_one() -> None:
    # A gallery's list item is one leaf block holding the full and the truncated copy of
    # its caption side by side; the copies are compared box by box, not as one text.
    full = "The restored swing bridge opened to trams on Monday, watched by a crowd."
    item = (f"<ul class='gallery'><li><img src='a.jpg' alt='The bridge'>"
            f"<div class='caption'><div class='caption-full'>{full}</div>"
            f"<div class='caption-truncated'>{full}</div></div></li></ul>")
    page = f"<html><body><article>{item}{BODY}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert doc.text.count(full) == 1


@pytest.mark.parametrize("credit", ["<cite>Sakib Ali/Hindustan Times/Getty Images</cite>",
                                    "<small>Getty</small>",
                                    "<span class='photographer'>Jane Doe</span>"])
def test_credit_element_in_a_picture_caption_is_dropped(credit: str) -> None:
    caption = "Smoke over the harbour on Monday morning."
    figure = (f"<figure><img src='a.jpg' alt='Smoke'><figcaption>{caption} {credit}"
              "</figcaption></figure>")
    page = f"<html><body><article>{BODY}{figure}{BODY}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert caption in doc.text
    for name in ("Getty", "Jane Doe"):
        assert name not in doc.text


def test_the_cite_of_a_quotation_figure_is_kept() -> None:
    quote = ("<figure><blockquote><p>The bridge is the town's oldest friend.</p></blockquote>"
             "<figcaption>— <cite>Mayor Ann Reed</cite></figcaption></figure>")
    page = f"<html><body><article>{BODY}{quote}{BODY}</article></body></html>"
    doc = mainmark.extract(page, options=mainmark.Options(chunking=False))
    assert "Mayor Ann Reed" in doc.text
