"""Boxes a blog or news template prints under the post, inside the article container:
the author's biography and the pager to the previous and next posts. Neither is the
article's text; each is recognised by the class words the templates give it."""

from __future__ import annotations

import mainmark

BODY = "".join(
    f"<p>Paragraph {i} of the review, with enough words, commas, and detail to count as "
    f"prose for the selection stage of the extractor.</p>" for i in range(6)
)
BIO = ("Regan is a Connecticut native now living in Massachusetts with her husband, two "
       "sons and two cats; she writes about hiking, food and family travel.")


def _extract(page: str) -> mainmark.Document:
    return mainmark.extract(page, options=mainmark.Options(explain=True, chunking=False))


def _rules(doc: mainmark.Document) -> set[str]:
    assert doc.explain is not None
    return {r.rule for r in doc.explain.removals}


def test_author_bio_box_under_the_post_is_dropped() -> None:
    page = (f"<html><body><article class='post'><h1>Trail snacks</h1>{BODY}"
            f"<div class='post-author'><img src='r.jpg' alt='Regan'>"
            f"<div class='author-content'><h4>Regan</h4><p>{BIO}</p></div></div>"
            f"</article></body></html>")
    doc = _extract(page)
    assert "Connecticut native" not in doc.text
    assert "Paragraph 5 of the review" in doc.text
    assert "author-bio" in _rules(doc)


def test_about_the_author_compound_class_is_a_bio() -> None:
    page = (f"<html><body><main><article>{BODY}<section class='about-author'>"
            f"<p>{BIO}</p></section></article></main></body></html>")
    doc = _extract(page)
    assert "Connecticut native" not in doc.text


def test_short_author_line_is_not_a_bio() -> None:
    # A byline box ("post-author") holding only a name is below the bio size: the rule
    # needs a paragraph about the writer, not any element carrying the word.
    page = (f"<html><body><article><p class='post-author'>By Regan Smith, staff writer.</p>"
            f"{BODY}</article></body></html>")
    doc = _extract(page)
    assert "author-bio" not in _rules(doc)


def test_author_word_alone_does_not_remove_an_article() -> None:
    # "author" on its own names the author's page or a byline, not a bio box.
    page = (f"<html><body><div class='author'><article>{BODY}</article></div>"
            f"</body></html>")
    doc = _extract(page)
    assert "Paragraph 3 of the review" in doc.text


def test_previous_next_pager_with_teasers_is_dropped() -> None:
    pager = ("<div class='grid next-prev'>"
             "<div class='next'><a href='/mini-jcw'>Next story</a>"
             "<h3><a href='/mini-jcw'>The hot hatch with a huge rear wing</a></h3>"
             "<p>The most powerful version yet comes with 306 HP and a big wing</p></div>"
             "<div class='prev'><a href='/triber'>Previous story</a>"
             "<h3><a href='/triber'>A seven-seat people carrier under four meters</a></h3>"
             "</div></div>")
    page = f"<html><body><article><h1>Topless coupe</h1>{BODY}{pager}</article></body></html>"
    doc = _extract(page)
    assert "306 HP" not in doc.text
    assert "Paragraph 5 of the review" in doc.text
    assert "adjacent-posts" in _rules(doc)


def test_next_steps_section_is_content() -> None:
    # One of the two words is no pager: a "next steps" box is the article's own section.
    steps = ("<div class='next-steps'><h2>Next steps</h2><p>Book the ferry early, pack "
             "layers for the crossing, and check the tide tables before you set out.</p>"
             "<p>See <a href='/tides'>the tide tables</a> for the week.</p></div>")
    page = f"<html><body><article>{BODY}{steps}</article></body></html>"
    doc = _extract(page)
    assert "Book the ferry early" in doc.text

