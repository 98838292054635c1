"""A heading set into the article in a box of its own is the box's title: its scope ends
with the box (issue 37.3, boxes whose class names nothing; ``chunks/boxes.py``).

The golden case ``real-promo-box-heading-scope`` (WCXB 4659) pins a real page; the cases
here are synthetic, one mechanism each: the shape that makes a box title, and the shapes
that must stay sections (a real ``<section>``, a box holding the rest of the article, a
series of cards, the page's title). The corpus test checks the invariant on the real
pages of ``tests/pages/wcxb`` (WCXB, ``dev/`` split, v1.0, Copyright (c) 2026 Murrough
Foley, CC-BY-4.0: see ``tests/pages/wcxb/LICENSE``).
"""

from __future__ import annotations

from functools import cache

import pytest

import mainmark
from corpus_support import corpus_pages
from mainmark.chunks.boxes import box_titles
from mainmark.chunks.split import heading_text
from mainmark.model import Block, BlockKind, Document

_OPTIONS = mainmark.Options(max_tokens=64, min_tokens=8)
_P = [f"Paragraph {i} of the article goes on about pruning tomatoes, at some length, so "
      f"that it reads as the article's own running text." for i in range(8)]


def _paths(body: str) -> dict[str, tuple[str, ...]]:
    """Each paragraph's heading path (the path of the chunk that holds it)."""
    html = (f"<html><body><nav><a href='/'>Home</a></nav><main><article>{body}</article>"
            f"</main><footer>© The Garden Blog</footer></body></html>")
    doc = mainmark.extract(html.encode(), url="https://example.com/garden/post.html",
                           options=_OPTIONS)
    out: dict[str, tuple[str, ...]] = {}
    for chunk in doc.chunks:
        for i, para in enumerate(_P):
            if para in chunk.text:
                out.setdefault(f"p{i}", chunk.heading_path)
    return out


def _promo(title: str = "Struggling with sourdough?", tag: str = "div") -> str:
    return (f"<{tag}><h2>{title}</h2><figure><img src='/starter.jpg' alt='A jar of starter'>"
            f"</figure><p>Join my free workshop and bake a real loaf.</p>"
            f"<p><a href='/workshop'>Save your spot</a></p></{tag}>")


TITLE = "Organic pest control"


@pytest.mark.parametrize("tag", ["div", "aside", "section", "figure"])
def test_the_text_after_a_titled_box_keeps_the_articles_path(tag: str) -> None:
    paths = _paths(f"<h1>{TITLE}</h1><h2>Slugs</h2><p>{_P[0]}</p><p>{_P[1]}</p>"
                   f"{_promo(tag=tag)}<p>{_P[2]}</p><p>{_P[3]}</p><h2>Aphids</h2><p>{_P[4]}</p>")
    assert paths["p2"] == paths["p3"] == (TITLE, "Slugs")
    assert paths["p4"] == (TITLE, "Aphids")


def test_a_box_title_in_the_introduction_leaves_the_title_path() -> None:
    paths = _paths(f"<h1>{TITLE}</h1><p>{_P[0]}</p>{_promo()}<p>{_P[1]}</p><p>{_P[2]}</p>"
                   f"<h2>Aphids</h2><p>{_P[3]}</p>")
    assert paths["p1"] == paths["p2"] == (TITLE,)


def test_a_box_title_in_a_deeper_wrapper_is_found() -> None:
    box = f"<div class='group'><div class='inner'>{_promo()}</div></div>"
    paths = _paths(f"<h1>{TITLE}</h1><h2>Slugs</h2><p>{_P[0]}</p>{box}<p>{_P[1]}</p>")
    assert paths["p1"] == (TITLE, "Slugs")


def test_a_closed_box_before_the_title_is_not_reopened() -> None:
    """A "Key takeaways" box (followed by a photo, so no box title itself) closed before
    the promo box opened: after the promo box, neither is open."""
    takeaways = "<aside><h3>Key takeaways</h3><ul><li>Cheap</li><li>Quick</li></ul></aside>"
    photo = "<div class='photo'><img src='/neem.jpg' alt='A bottle of neem oil'></div>"
    paths = _paths(f"<h1>{TITLE}</h1><h2>Neem oil</h2><p>{_P[0]}</p>{takeaways}{photo}"
                   f"{_promo('Join the workshop')}<p>{_P[1]}</p><p>{_P[2]}</p>")
    assert paths["p1"] == (TITLE, "Neem oil")


def test_a_series_of_small_boxes_is_left_alone() -> None:
    """A "Pros" box then a "Cons" box of the same shape read as a series of cards, and
    the series rule leaves them (and the text after them) as the page has them."""
    pros = "<div><h3>Pros</h3><ul><li>Cheap</li><li>Quick</li></ul></div>"
    cons = "<div><h3>Cons</h3><ul><li>Smelly</li></ul></div>"
    paths = _paths(f"<h1>{TITLE}</h1><h2>Neem oil</h2><p>{_P[0]}</p>{pros}{cons}"
                   f"<p>{_P[1]}</p><p>{_P[2]}</p>")
    assert paths["p1"] == (TITLE, "Neem oil", "Cons")


def test_real_sections_are_untouched() -> None:
    """``<section><h2>`` followed by the next section: no running text after the box."""
    paths = _paths(f"<h1>{TITLE}</h1><section><h2>Slugs</h2><p>{_P[0]}</p><p>{_P[1]}</p>"
                   f"</section><section><h2>Aphids</h2><p>{_P[2]}</p></section>")
    assert paths["p1"] == (TITLE, "Slugs")
    assert paths["p2"] == (TITLE, "Aphids")


def test_a_box_holding_the_rest_of_the_article_is_a_section() -> None:
    paths = _paths(f"<h1>{TITLE}</h1><p>{_P[0]}</p><div><h2>Slugs</h2><p>{_P[1]}</p>"
                   f"<p>{_P[2]}</p></div>")
    assert paths["p2"] == (TITLE, "Slugs")


def test_a_heading_alone_in_its_wrapper_is_a_section() -> None:
    """Page builders wrap each heading in a widget box: a box of the heading alone."""
    paths = _paths(f"<h1>{TITLE}</h1><p>{_P[0]}</p><div class='widget'><h2>Slugs</h2></div>"
                   f"<p>{_P[1]}</p><p>{_P[2]}</p>")
    assert paths["p2"] == (TITLE, "Slugs")


def test_cards_in_a_series_head_the_text_after_them() -> None:
    """A listicle's product cards (name, specs, price), each followed by its review."""
    cards = "".join(f"<div class='card'><h3>Sprayer {i}</h3><ul><li>2 litres</li>"
                    f"<li>$ {10 + i}</li></ul></div><p>{_P[i]}</p>" for i in range(1, 4))
    paths = _paths(f"<h1>{TITLE}</h1><h2>Best sprayers</h2><p>{_P[0]}</p>{cards}")
    assert paths["p2"] == (TITLE, "Best sprayers", "Sprayer 2")
    assert paths["p3"] == (TITLE, "Best sprayers", "Sprayer 3")


def test_the_page_title_in_a_box_with_its_photo_heads_the_page() -> None:
    head = f"<div class='entry-header'><h1>{TITLE}</h1><figure><img src='/a.jpg' alt='A " \
           "slug on a leaf'></figure></div>"
    paths = _paths(f"{head}<p>{_P[0]}</p><p>{_P[1]}</p>")
    assert paths["p1"] == (TITLE,)


# ------------------------------------------------------------------ the corpus


@cache
def _corpus() -> dict[str, Document]:
    return {name: mainmark.extract(html, url=url, options=_OPTIONS)
            for name, html, url in corpus_pages()}


def _first_block(blocks: tuple[Block, ...], md_start: int) -> int:
    return next(i for i, b in enumerate(blocks) if b.md_end > md_start)


@pytest.mark.parametrize("page", [name for name, _, _ in corpus_pages()])
def test_no_chunk_after_a_titled_box_is_filed_under_its_title(page: str) -> None:
    """Every chunk that opens after a box title's box, with no heading since, has a path
    that does not end with that title."""
    doc = _corpus()[page]
    titles = box_titles(doc.blocks)
    heads = [i for i, b in enumerate(doc.blocks) if b.kind is BlockKind.HEADING]
    for chunk in doc.chunks:
        first = _first_block(doc.blocks, chunk.md_start)
        for title, end in titles.items():
            if end <= first and not any(title < h <= first for h in heads):
                name = heading_text(doc.blocks[title].markdown)
                assert chunk.heading_path[-1:] != (name,), (chunk.index, name)


def test_the_corpus_has_box_titles_to_check() -> None:
    assert sum(bool(box_titles(doc.blocks)) for doc in _corpus().values()) >= 2
