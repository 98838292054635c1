"""A box that scoring joins beside an article is judged whole (rule `joined-box`): pruning
judges what is inside the content's roots, and an author's bio under the post, prose that
scores as a sibling of the article, was a root itself and went unjudged.
"""

from __future__ import annotations

import mainmark
from extraction_support import PARAGRAPHS, TITLE

BIO = ("Regan is a harbour-town native, now living inland with her husband, two sons, and two "
       "cats; after six years in the mountains, she writes about hiking, cooking, and travel, "
       "and she still misses the sea.")


def _extract(box_class: str) -> mainmark.Document:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    page = (f"<html><head><title>{TITLE}</title></head><body><div id='main'><article>"
            f"<h1>{TITLE}</h1><div class='entry'>{body}</div>"
            f"<div class='{box_class}'><h4>Regan</h4><div class='about'><p>{BIO}</p></div>"
            "</div></article></div><footer><p>Copyright</p></footer></body></html>")
    return mainmark.extract(page.encode(), options=mainmark.Options(explain=True))


def test_an_author_bio_joined_beside_the_post_goes() -> None:
    doc = _extract("post-author")
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert "Regan is" not in doc.text
    assert doc.explain is not None
    assert [r.rule for r in doc.explain.removals] == ["author-bio"]


def test_a_joined_box_without_a_verdict_stays() -> None:
    doc = _extract("post-notes")
    assert "Regan is" in doc.text and PARAGRAPHS[2] in doc.text
