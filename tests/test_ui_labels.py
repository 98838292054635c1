"""Widget labels left in the body (gallery counters, close/next buttons, loading
notices, ad labels) are furniture; the same words inside prose or a table are not."""

from __future__ import annotations

import pytest

from extraction_support import PARAGRAPHS, assert_dropped_between_paragraphs
from extraction_support import extract_article as extract

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)


@pytest.mark.parametrize("label", ["Image 1 of 8", "3 / 12", "Close", "Back to Gallery",
                                   "Read more »", "Video", "SUBSCRIBE"])
def test_widget_label_inside_the_body_is_dropped(label: str) -> None:
    gallery = (f"<div class='gallery'><img src='a.jpg' alt='The bridge'><span>{label}</span>"
               "</div>")
    assert_dropped_between_paragraphs(gallery, label, "ui-label")


def test_the_same_words_in_prose_and_in_table_cells_stay() -> None:
    table = ("<table><tr><th>Stop</th><th>Status</th></tr>"
             "<tr><td>North quay</td><td>Close</td></tr>"
             "<tr><td>Fish market</td><td>Next</td></tr></table>")
    prose = "<p>Close to the quay, the next ferry waits. Read more at the harbour office.</p>"
    muscles = "<ul><li>Back</li><li><span>Watch</span></li><li>Shoulders</li></ul>"
    doc = extract(BODY + table + prose + muscles + BODY)
    assert "- Back" in doc.markdown
    assert "- Watch" in doc.markdown
    assert "| North quay | Close |" in doc.markdown
    assert "| Fish market | Next |" in doc.markdown
    assert "Close to the quay, the next ferry waits." in doc.text
