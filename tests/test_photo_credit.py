"""A line that is only an image credit is furniture; a caption that ends in one is not."""

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
