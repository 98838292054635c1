"""What inside the content reaches the chunks, and under which heading (issue 37.3, 37.5,
37.8), on the real pages of ``tests/pages/wcxb`` (WCXB, ``dev/`` split, v1.0, Copyright
(c) 2026 Murrough Foley, CC-BY-4.0: see ``tests/pages/wcxb/LICENSE``) and on markup cut
from TUNE pages of WCXB (the page id named with each case).

- A call-to-action box set into an article (a heading, a teaser, a form or a button) is
  chrome: dropped with its heading, which so never becomes the heading path of the
  article's paragraphs after it.
- An FAQ question written as the label of an accordion's ``<button>`` is the question,
  not a form control.
- A forum poster's rank ("Well-known member", ``itemprop=jobTitle``) and icon-labelled
  details (join date, location) are the forum's furniture, not the post.
- Every heading of a chunk's heading path is a heading of the document's markdown.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

import mainmark
from corpus_support import corpus_pages
from mainmark.chunks.split import heading_text
from mainmark.model import Document

URL = "https://example.com/blog/post.html"
_PARAS = [f"Paragraph {i} of the article says something worth reading, at some length, "
          f"so that it is plainly the content of the page and nothing else." for i in range(6)]


def _extract(html: str, **options: object) -> Document:
    opts = mainmark.Options(explain=True, **options)  # type: ignore[arg-type]
    return mainmark.extract(html.encode(), url=URL, options=opts)


@cache
def _corpus() -> dict[str, Document]:
    return {name: mainmark.extract(html, url=url) for name, html, url in corpus_pages()}


# ---------------------------------------------------------------- call-to-action boxes

def _article(box: str) -> str:
    p = _PARAS
    return ("<html><body><header><nav><a href='/'>Home</a> <a href='/blog'>Blog</a></nav>"
            "</header><main><article><h1>How to price plumbing jobs</h1>"
            f"<h2>Flat rates</h2><p>{p[0]}</p><p>{p[1]}</p>{box}<p>{p[2]}</p><p>{p[3]}</p>"
            f"<h2>Hourly rates</h2><p>{p[4]}</p><p>{p[5]}</p></article></main>"
            "<footer><p>© The Plumbing Blog</p></footer></body></html>")


# WCXB 0111 (housecallpro.com): a sign-up box with a form, wrapped twice.
FORM_CTA = ('<div class="post-cta-wrapper mobile"><div><div class="post-cta">'
            '<h4>Want to win more jobs with less effort?</h4><form class="hcp-book-demo-form">'
            '<input type="email" name="email"><label for="email">Email</label>'
            '<button type="submit">Start Free Trial</button></form><p><strong>Grow your '
            'business</strong> and send quick quotes with our home service software.</p>'
            '</div></div></div>')
# WCXB 0324 (quietlight.com): a box whose class says call-to-action, a button link.
CLASS_CTA = ('<div class="container inline-cta align-items-center"><div class="cta-text">'
             '<h3 class="ftwp-heading">Thinking of Selling Your Business?</h3><p class="cta-'
             'content">Get a free, individually-tailored valuation and business-readiness '
             'assessment.</p></div><div class="cta-button"><a class="btn" href="/sell">Claim '
             'Your Free Valuation</a></div></div>')
# WCXB 0110 (lemonlight.com): a lead-magnet card that is one link.
LINK_CTA = ('<div class="block-deliverable-wrapper"><a href="https://example.com/ebook">'
            '<div class="block-deliverable"><div class="block-deliverable-info"><h3>eBook: 30 '
            'Inspirational Video Ideas for Your Business</h3><p>Discover how to reach your '
            'target audience with these 30 creative video ideas.</p><div><span>Download'
            '</span></div></div></div></a></div>')


@pytest.mark.parametrize("box", [FORM_CTA, CLASS_CTA, LINK_CTA])
def test_a_call_to_action_box_goes_with_its_heading(box: str) -> None:
    doc = _extract(_article(box), max_tokens=64, min_tokens=8)
    heading = re.search(r"<h\d[^>]*>(.*?)</h\d>", box)
    assert heading is not None
    title = heading.group(1)
    assert title not in doc.markdown
    assert _PARAS[2] in doc.markdown and _PARAS[3] in doc.markdown
    for chunk in doc.chunks:
        assert title not in chunk.heading_path
        if _PARAS[2][:40] in chunk.text:
            assert chunk.heading_path[-1] == "Flat rates"
    assert doc.explain is not None
    assert any(r.rule.startswith("promo-box") for r in doc.explain.removals)


def test_an_article_section_ending_in_a_link_is_kept() -> None:
    """A section of the article is no box: it is as long as the text around it."""
    section = ("<section><h3>What to charge for call-outs</h3>"
               + "".join(f"<p>{p}</p>" for p in _PARAS[:4])
               + "<p><a class='btn' href='/guide'>Read the full guide</a></p></section>")
    doc = _extract(_article(section))
    assert "### What to charge for call-outs" in doc.markdown


@pytest.mark.parametrize("item", [
    # WCXB 4078 (a review): a product record whose buy buttons are named "button-cta".
    '<div class="mm-trx-sc-block-productrecord"><h3>The Best Budget French Press</h3><p>'
    'Double-walled steel keeps the coffee hot for an hour, and the mesh filter is fine.</p>'
    '<a href="https://shop.example.com/p1"><span class="button-cta">See it at Amazon</span>'
    '</a></div>',
    # WCXB 4659 (a blog): a block-editor group with a button link and no "cta" word looks
    # like a promo, and like every listicle item: left alone.
    '<div class="wp-block-group has-background"><h2 class="wp-block-heading">Struggling With '
    'Sourdough?</h2><p>Join my <strong>FREE workshop</strong> and learn how to make a bubbly '
    'starter.</p><div class="wp-block-buttons"><a class="wp-block-button__link" '
    'href="https://example.com/webinar">Save Your Spot Now</a></div></div>',
])
def test_a_box_that_only_looks_like_a_call_to_action_is_kept(item: str) -> None:
    heading = re.search(r"<h\d[^>]*>(.*?)</h\d>", item)
    assert heading is not None
    assert heading.group(1) in _extract(_article(item)).markdown


def test_a_grid_of_service_cards_is_kept() -> None:
    """Cards with a heading and a button side by side, no paragraph of prose beside them:
    a landing page's content, not a box set into an article."""
    cards = "".join(
        f"<div class='card'><h3>Service {i}</h3><p>What service {i} does for your home, "
        f"in a sentence or two.</p><a class='btn' href='/s{i}'>Learn more</a></div>"
        for i in range(4))
    page = (f"<html><body><main><h1>Our services</h1><div class='grid'>{cards}</div>"
            f"</main></body></html>")
    doc = _extract(page)
    assert all(f"Service {i}" in doc.markdown for i in range(4))


# ------------------------------------------------------------------- FAQ toggles

def test_accordion_questions_in_heading_buttons_are_kept() -> None:
    # WCXB 0700 (a cloud service page): <h3><button aria-expanded aria-controls>.
    md = _corpus()["wcxb/0700"].markdown
    assert "### Increase developer agility" in md
    assert "### Generative AI" in md


def test_accordion_questions_beside_their_panels_are_kept() -> None:
    # WCXB 0117 (a design course's service page): <button aria-controls=panel> beside it.
    md = _corpus()["wcxb/0117"].markdown
    for question in ("No degree required", "Graduate job-ready"):
        assert question in md


# WCXB 4302 (zoho.com): the WAI-ARIA accordion pattern.
ARIA_FAQ = ('<div class="zwc-faq-item"><h3><button id="faq1-title" aria-expanded="true" '
            'aria-controls="faq1-desc">What is an HRMS?</button><span aria-hidden="true">'
            '</span></h3><div id="faq1-desc" role="region" aria-labelledby="faq1-title"><p>An '
            'HRMS is software that keeps employee records, leave, attendance and payroll in '
            'one place.</p></div></div>')


def test_a_question_button_in_a_heading_stays_a_heading() -> None:
    doc = _extract(_article(ARIA_FAQ))
    assert "### What is an HRMS?" in doc.markdown


def test_a_toggle_beside_a_headings_own_words_is_still_a_control() -> None:
    box = ("<h2>Flat-rate price list <button aria-expanded='false' aria-controls='list'>"
           "Show the whole price list</button></h2><div id='list'><p>Drain cleaning costs "
           "between ninety and two hundred dollars, depending on the blockage.</p></div>")
    md = _extract(_article(box)).markdown
    assert "## Flat-rate price list\n" in md
    assert "Show the whole price list" not in md


@pytest.mark.parametrize("button", [
    # A menu toggle: its label is short, its panel a list of links.
    '<button aria-expanded="false" aria-controls="menu">Menu</button>'
    '<ul id="menu"><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul>',
    '<button aria-controls="links">Browse all categories</button><ul id="links">'
    + "".join(f"<li><a href='/c{i}'>Category number {i}</a></li>" for i in range(6)) + "</ul>",
])
def test_a_toggle_of_links_is_still_a_control(button: str) -> None:
    doc = _extract(_article(f"<div>{button}</div>"))
    assert "Browse all categories" not in doc.markdown
    assert "\nMenu\n" not in doc.markdown


# ------------------------------------------------------------------ forum furniture

@pytest.mark.parametrize(("page", "ranks"), [
    ("wcxb/0522", ("Hall of Famer", "Top Veteran")),
    ("wcxb/0519", ("Distinguished Member", "Prominent Member")),
    ("wcxb/2797", ("Ultra Member", "Premium Member")),
])
def test_a_posters_rank_is_no_text_of_the_thread(page: str, ranks: tuple[str, ...]) -> None:
    md = _corpus()[page].markdown
    for rank in ranks:
        assert rank not in md


def test_icon_labelled_poster_details_go_and_the_post_stays() -> None:
    # WCXB 0514 (a XenForo thread): <dl class="pairs"><dt><i class="fa-user"></i></dt>
    # <dd>Oct 25, 2017</dd></dl> beside every post, the label an icon.
    posts = "".join(
        f"<article class='message message--post'><div class='message-user'><h4>"
        f"<a href='/members/u{i}'>poster{i}</a></h4><h5 class='userTitle' itemprop='jobTitle'>"
        f"Well-known member</h5><dl class='pairs'><dt><i class='fa-user'></i></dt>"
        f"<dd>Oct 2{i}, 2017</dd></dl><dl class='pairs'><dt><i class='fa-map'></i></dt>"
        f"<dd>Town {i}</dd></dl></div><div class='message-content'><div class='bbWrapper'>"
        f"{_PARAS[i]}</div></div></article>" for i in range(4))
    page = (f"<html><body><nav><a href='/forums'>Forums</a></nav><main><h1>Fight Giygas"
            f"</h1><div class='block-body'>{posts}</div></main></body></html>")
    doc = mainmark.extract(page.encode(), url="https://forum.example.com/threads/giygas.12/")
    assert doc.metadata.page_type.value == "forum"
    assert "Well-known member" not in doc.markdown
    assert "Oct 21, 2017" not in doc.markdown and "Town 2" not in doc.markdown
    assert all(_PARAS[i] in doc.markdown for i in range(4))
    assert "poster1" in doc.markdown


# ------------------------------------------------------------------ heading paths

_HEADING_LINE = re.compile(r"#{1,6} ")


@pytest.mark.parametrize("page", [name for name, _, _ in corpus_pages()])
def test_heading_paths_name_headings_of_the_markdown(page: str) -> None:
    """Every heading in a chunk's heading path is a heading of the selected content (it
    is in the markdown), and a path runs in document order."""
    doc = _corpus()[page]
    lines = [heading_text(line) for line in doc.markdown.split("\n")
             if _HEADING_LINE.match(line)]
    for chunk in doc.chunks:
        at = -1
        for name in chunk.heading_path:
            assert name in lines[at + 1:], (chunk.index, name)
            at = lines.index(name, at + 1)
