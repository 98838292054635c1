"""Skip links, sort controls and contents boxes never reach the markdown (issue 37.2).

The markup of each case is copied from a real page of WCXB (the Web Content Extraction
Benchmark, ``dev/`` split, v1.0, Copyright (c) 2026 Murrough Foley, CC-BY-4.0: see
``tests/pages/wcxb/LICENSE``), TUNE pages of this project's split, cut to the defect and
the chrome around it: the page id is named with each case. Each is found by markup (an
in-page link saying it skips, a ``<label for>`` of a stripped control, a list repeating
the page's headings), never by a site's class name.
"""

from __future__ import annotations

import lxml.html

import mainmark
from mainmark.content.measure import measure
from mainmark.content.prune import Pruning, prune
from mainmark.options import Options

URL = "https://example.com/articles/page.html"
_PARAS = "".join(f"<p>Paragraph {i} of the article says something worth reading, at some "
                 f"length, so that it is plainly the content of the page.</p>" for i in range(6))


def _markdown(html: str, **options: object) -> str:
    opts = Options(**options)  # type: ignore[arg-type]
    return mainmark.extract(html.encode(), url=URL, options=opts).markdown


# WCXB 3010 (en.wikipedia.org, MediaWiki): the jump link before the header.
MEDIAWIKI = ('<html><body><div id="mw-aria-live-region" class="mw-aria-live-region" '
             'aria-live="polite"></div><a class="mw-jump-link" href="#bodyContent">Jump to '
             'content</a><div class="mw-page-container"><main id="content" class="mw-body">'
             f'<h1>Category:Programming languages</h1><div id="bodyContent">{_PARAS}</div>'
             '</main></div></body></html>')
# WCXB 0658 (ebay.com) and 4829 (garmin.com): skip buttons in the site header.
HEADER = ('<html><body><header id="gh"><div class="gh-a11y-skip-button"><a class="gh-a11y-'
          'skip-button__link" href="#mainContent" tabindex="1">Skip to main content</a></div>'
          '<a href="#js__support__dropdown" class="gh__header__nav__skip" id="js__skip-link">'
          f'Skip navigation links</a></header><div id="mainContent">{_PARAS}</div>'
          '</body></html>')


# WCXB 0561 (reddit.com): the skip link and the post share the body.
FLAT = ('<html><body><a class="button inline-flex" href="#main-content" id="shreddit-skip-'
        'link"><span class="flex items-center justify-center"><span class="flex items-center '
        f'gap-xs">Skip to main content</span></span></a>{_PARAS}</body></html>')


def test_skip_links_are_dropped_even_from_a_whole_body_fallback() -> None:
    for page in (MEDIAWIKI, HEADER, FLAT):
        md = _markdown(page)
        assert "Paragraph 5" in md
        assert "Jump to" not in md and "Skip" not in md, md


def test_skip_links_go_when_nothing_else_is_pruned() -> None:
    """The whole-body fallback prunes nothing (``Pruning.NONE``): the skip link went
    through to the markdown of pages 3010 and 0561."""
    for page, text in ((MEDIAWIKI, "Jump to content"), (FLAT, "Skip to main content")):
        body = lxml.html.document_fromstring(page).find("body")
        assert body is not None
        removed = prune([body], measure(body), {}, Pruning.NONE)
        assert [" ".join(el.text_content().split()) for el in removed] == [text]


def test_an_in_page_link_in_the_text_is_kept() -> None:
    md = _markdown(f"<html><body><article>{_PARAS}<p>See <a href='#notes'>the notes</a> "
                   "below, or skip to content you like.</p></article></body></html>")
    assert "See the notes below, or skip to content you like." in md


# WCXB 0564 (stackoverflow.com): the answers' sort control.
SORT = ('<div id="answers"><div id="answers-header"><div class="d-flex"><div class="flex--item '
        'fl1"><h2 class="mb0" data-answercount="19">19 Answers</h2></div><div class="flex--'
        'item"><div class="d-flex g4 gsx ai-center sm:fd-column sm:ai-start"><div class="d-flex '
        'fd-column ai-end sm:ai-start"><label class="flex--item fs-caption" for="answer-sort-'
        'dropdown-select-menu">Sorted by:</label><a class="js-sort-preference-change s-link '
        'flex--item fs-fine" data-value="ScoreDesc" href="/questions/21553327?answertab=score'
        'desc#tab-top">Reset to default</a></div><div class="flex--item s-select"><select id="'
        'answer-sort-dropdown-select-menu"><option value="scoredesc" selected>Highest score '
        '(default)</option><option value="modifieddesc">Date modified (newest first)</option>'
        '</select></div></div></div></div></div>'
        f'<div class="answer"><div class="s-prose js-post-body">{_PARAS}</div></div></div>')


def test_a_sort_control_is_dropped_and_its_heading_kept() -> None:
    md = _markdown(f"<html><body><main><h1>Why is except: pass bad?</h1>{_PARAS}{SORT}"
                   "</main></body></html>")
    assert "## 19 Answers" in md
    assert "Sorted by" not in md and "Reset to default" not in md, md


# WCXB 0605 (cocorepublic.com.au, a BigCommerce shop): a product's colour swatches, each a
# radio input with a ``<label for>`` naming the variant.
SWATCHES = "".join(
    f'<div class="form-option-wrapper"><input class="form-radio" type="radio" '
    f'name="attribute[12656]" value="{67596 + i}" id="attribute_swatch_12656_{67596 + i}" '
    f'required aria-label="{name}"><label class="form-option form-option-swatch" '
    f'for="attribute_swatch_12656_{67596 + i}" data-product-attribute-value="{67596 + i}">'
    f'<span class="form-option-variant form-option-variant--color" title="{name}" '
    f'style="background-color: #351F19"></span><span class="form-option-variant-label">'
    f'{name}</span></label></div>'
    for i, name in enumerate(("Avignon Velvet Cocoa", "Avignon Velvet Indigo",
                              "Calaggio Linen Blend Dove")))


def test_a_products_option_labels_are_its_text_not_a_sort_control() -> None:
    md = _markdown("<html><body><main><h1>Hugo Sofa</h1>" + _PARAS
                   + '<div class="form-field" data-product-attribute="swatch"><label '
                   'class="form-label">Colour &amp; Material:</label>' + SWATCHES
                   + "</div></main></body></html>")
    assert "Avignon Velvet Cocoa" in md and "Calaggio Linen Blend Dove" in md, md


def test_an_accordion_question_in_a_label_is_kept() -> None:
    md = _markdown("<html><body><main><h1>FAQ</h1>" + _PARAS + "<div class='faq'><label "
                   "for='q1'>How do I return an item?</label><div>Send it back within 30 days "
                   "with the receipt.</div></div></main></body></html>")
    assert "How do I return an item?" in md


# WCXB 0167 (nucamp.co): a script-driven contents box whose items are not links.
CONTENTS = ('<div id="h2break" class="h2Div"><h3 id="table-of-contents-h3">Table of Contents'
            '</h3><ul id="table-of-contents-ul">'
            + "".join(f'<li id="TOCSection{i}"><span class="TOCTitle">{t}</span></li>'
                      for i, t in enumerate(("Methodology for Evaluating the Best Bootcamps",
                                             "1. Le Wagon: Pioneering Global Education",
                                             "2. TripleTen: Career-First Training")))
            + '</ul></div>')
SECTIONS = "".join(f"<h2>{t}</h2>{_PARAS}" for t in (
    "Methodology for Evaluating the Best Bootcamps", "1. Le Wagon: Pioneering Global Education",
    "2. TripleTen: Career-First Training"))


def test_a_contents_list_repeating_the_headings_goes_with_its_label() -> None:
    md = _markdown(f"<html><body><article><h1>Top 10 Bootcamps</h1>{_PARAS}{CONTENTS}"
                   f"{SECTIONS}</article></body></html>")
    assert "Table of Contents" not in md, md
    assert md.count("Le Wagon") == 1 and "## 1. Le Wagon: Pioneering Global Education" in md


def test_a_list_that_is_not_the_headings_is_kept() -> None:
    items = "".join(f"<li>Step {i}: do the thing number {i}</li>" for i in range(4))
    md = _markdown(f"<html><body><article><h1>Guide</h1>{_PARAS}<h3>Contents</h3>"
                   f"<ul>{items}</ul>{SECTIONS}</article></body></html>")
    assert "Step 3: do the thing number 3" in md and "Contents" in md


# WCXB 4418 (dickblick.com, a shop's home page): the grid of category links, each item a
# link to a category page holding that category's <h3>.
CATEGORIES = ("Gifts", "New Products", "Deals", "Clearance", "Watercolor Paint",
              "Acrylic Paint", "Oil Paint")
GRID = ('<section class="HomePage_featuredCategoriesStyle__Br_lp"><h2>Browse Featured '
        'Categories</h2><ul class="list-none grid grid-cols-5 text-center">' + "".join(
            f'<li class="flex flex-col items-center"><a class="Gridview_list_link__aiK3i '
            f'trackable" title="{name}" href="/categories/{name.lower().replace(" ", "-")}/">'
            f'<figure class="Gridview_list_figure__Uqali"><img class="lazyload" alt="{name}" '
            f'src="/img/{i}.svg"></figure><h3 class="Gridview_list_title__aWWyF">{name}</h3>'
            f'</a></li>' for i, name in enumerate(CATEGORIES)) + "</ul></section>")


def test_a_grid_of_links_to_other_pages_is_not_a_contents_box() -> None:
    md = _markdown(f"<html><body><main><h1>Art Supplies</h1>{GRID}{_PARAS}</main></body>"
                   "</html>")
    assert all(name in md for name in CATEGORIES), md

