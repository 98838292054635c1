"""Product and landing pages: content the page's scripts show, the JSON-LD description,
and blocks a template prints once per layout.

Synthetic pages cut to the markup each mechanism acts on: a streaming renderer's hidden
segment and the ``$RC`` call that places it, a page-wide wrapper hidden until scripts
run, a product whose description only its structured data holds, and a description
printed twice (phone and desktop layouts).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import lxml.html

from mainmark import extract
from mainmark.content.reveal import place_streamed_segments
from mainmark.model import PageType
from mainmark.options import Options

#: The ``force_kind`` fixture (``conftest.py``).
ForceKind = Callable[[PageType], None]

_URL = "https://shop.example/products/oak-stool"
_NAV = ("<header class='site-header'><nav><a href='/'>Home</a> <a href='/shop'>Shop</a> "
        "<a href='/about'>About</a> <a href='/help'>Help</a></nav></header>")
_FOOT = "<footer class='site-footer'><p>© 2025 Example Ltd. All rights reserved.</p></footer>"
_DESCRIPTION = ("A three-legged stool turned from solid oak, finished with hard wax oil and "
                "light enough to carry from the kitchen to the garden. Each seat is shaped "
                "by hand, so the grain of every stool is its own.")
_PRODUCT_LD = {"@context": "https://schema.org", "@type": "Product", "name": "Oak stool",
               "description": _DESCRIPTION,
               "offers": {"@type": "Offer", "price": "120.00", "priceCurrency": "EUR"}}


def _page(body: str, head: str = "") -> str:
    return (f"<html><head><title>Oak stool</title>{head}</head><body>{_NAV}{body}{_FOOT}"
            "</body></html>")


def _jsonld(obj: object) -> str:
    return f"<script type='application/ld+json'>{json.dumps(obj)}</script>"


_BUY_BOX = ("<h1>Oak stool</h1><p class='price'>€120.00</p>"
            "<form action='/cart/add'><button type='submit'>Add to cart</button></form>")


def _streamed(call: str = '$RC("B:0","S:0")') -> str:
    body = ("<main><div class='product'>" + _BUY_BOX
            + "<!--$?--><template id='B:0'></template><p>Loading details…</p><!--/$-->"
            "</div></main>"
            f"<div hidden id='S:0'><h2>Details</h2><p>{_DESCRIPTION}</p>"
            "<ul><li>Height: 45 cm</li><li>Seat: 30 cm across</li></ul></div>"
            f"<script>{call}</script>")
    return _page(body)


def test_streamed_segment_takes_its_placeholders_place() -> None:
    doc = extract(_streamed(), url=_URL)
    assert "Each seat is shaped by hand" in doc.text and "Height: 45 cm" in doc.text
    assert "Loading details" not in doc.text  # the fallback between the boundary marks
    # the part stands where the boundary was: after the buy box, before the footer
    assert doc.markdown.index("€120") < doc.markdown.index("Details")


def test_streamed_segment_without_its_call_is_still_shown() -> None:
    doc = extract(_streamed(call=""), url=_URL)
    assert "Each seat is shaped by hand" in doc.text


def test_segment_is_moved_into_the_tree_at_the_boundary() -> None:
    html = _streamed()
    root = lxml.html.fromstring(html)
    assert place_streamed_segments(root) == 1
    product = root.find(".//div[@class='product']")
    assert product is not None and product.find("template") is None
    heading = product.find("h2")
    assert heading is not None and heading.text == "Details"
    assert root.find(".//div[@id='S:0']") is None


def test_pages_without_segments_are_left_alone() -> None:
    html = _page("<main><div hidden id='S:0'><p>x</p></div></main>").replace("id='S:0'",
                                                                               "id='menu'")
    root = lxml.html.fromstring(html)
    assert place_streamed_segments(root) == 0
    menu = root.find(".//div[@id='menu']")
    assert menu is not None and menu.get("hidden") is not None


def _hidden_until_scripts(with_h1: bool = True) -> str:
    menus = "".join("<div class='mega-menu' style='display: none'><ul>"
                    + "".join(f"<li><a href='/c/{i}/{j}'>Category {i} item {j}</a></li>"
                              for j in range(12)) + "</ul></div>" for i in range(3))
    heading = "<h1>Oak stool</h1>" if with_h1 else "<h2>Oak stool</h2>"
    product = (f"<div class='page-wrapper' style='display: none'><main>{heading}"
               f"<p>{_DESCRIPTION}</p><p>{_DESCRIPTION.upper()}</p></main></div>")
    return _page(menus + product)


def test_wrapper_hidden_until_scripts_run_is_content() -> None:
    text = extract(_hidden_until_scripts(), url=_URL).text
    assert "Each seat is shaped by hand" in text
    assert "Category 1 item 3" not in text  # the hidden dropdowns stay hidden


def test_hidden_block_without_the_headline_stays_hidden() -> None:
    text = extract(_hidden_until_scripts(with_h1=False), url=_URL).text
    assert "Each seat is shaped by hand" not in text


def test_product_description_only_in_jsonld_is_the_content(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    html = _page("<main><div class='product'><div id='app'></div></div></main>",
                 _jsonld(_PRODUCT_LD))
    doc = extract(html, url=_URL)
    assert "Each seat is shaped by hand" in doc.text
    assert "All rights reserved" not in doc.text  # the fallback body was only a guess


def test_description_in_the_dom_is_not_added_twice(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    html = _page(f"<main><div class='product'>{_BUY_BOX}<div class='description'>"
                 f"<p>{_DESCRIPTION}</p></div></div></main>", _jsonld(_PRODUCT_LD))
    text = extract(html, url=_URL).text
    assert text.count("Each seat is shaped by hand") == 1


def test_percent_encoded_description_is_decoded(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    encoded = dict(_PRODUCT_LD, description=_DESCRIPTION.replace(" ", "%20"))
    html = _page("<main><div class='product'><div id='app'></div></div></main>",
                 _jsonld(encoded))
    text = extract(html, url=_URL).text
    assert "Each seat is shaped by hand" in text and "%20" not in text


def test_description_printed_for_two_layouts_is_kept_once(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    copy = (f"<div class='details'><h2>About this stool</h2><p>{_DESCRIPTION}</p>"
            "<ul><li>Height: 45 cm tall</li><li>Seat: 30 cm across</li></ul></div>")
    html = _page(f"<main><div class='product'>{_BUY_BOX}<div class='mobile'>{copy}</div>"
                 f"<div class='desktop'>{copy}</div></div></main>", _jsonld(_PRODUCT_LD))
    text = extract(html, url=_URL).text
    assert text.count("Each seat is shaped by hand") == 1
    assert text.count("Height: 45 cm tall") == 1 and "About this stool" in text


def test_a_wrapper_is_not_a_copy_of_its_only_child(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    html = _page(f"<main><div class='product'>{_BUY_BOX}<div class='details'><div>"
                 f"<p>{_DESCRIPTION}</p></div></div></div></main>", _jsonld(_PRODUCT_LD))
    assert "Each seat is shaped by hand" in extract(html, url=_URL).text


def test_articles_keep_their_repeated_lines() -> None:
    para = ("The council will meet again in the spring to vote on the final plan, "
            "which has been delayed twice already this year. ")
    head = ("<meta property='og:type' content='article'>"
            "<meta property='article:published_time' content='2024-03-02T10:00:00Z'>"
            "<meta name='author' content='Jane Roe'>")
    body = ("<main><article><h1>Plan delayed</h1>" + f"<p>{para * 2}</p>"
            + "<blockquote><p>We will get this right.</p></blockquote>" * 2
            + f"<p>{para}</p>" + "</article></main>")
    doc = extract(f"<html><head><title>Plan</title>{head}</head><body>{body}</body></html>")
    assert doc.metadata.page_type is PageType.ARTICLE
    assert doc.text.count("We will get this right.") == 2


def _with_reviews() -> str:
    reviews = "".join(
        f"<div class='review'><p class='author'>Buyer {i}</p><p>Sturdy and lovely, I use "
        f"mine every morning by the window and the oak has darkened nicely, review {i}.</p>"
        "</div>" for i in range(4))
    return _page(f"<main><div class='product'>{_BUY_BOX}<div class='description'>"
                 f"<p>{_DESCRIPTION}</p><p>{_DESCRIPTION.upper()}</p></div>"
                 f"<section class='reviews'><h2>Customer reviews</h2>{reviews}</section>"
                 "</div></main>", _jsonld(_PRODUCT_LD))


def test_customer_reviews_are_not_the_product_content(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    text = extract(_with_reviews(), url=_URL).text
    assert "Each seat is shaped by hand" in text
    assert "darkened nicely" not in text and "Customer reviews" not in text


def test_comments_option_keeps_the_reviews(force_kind: ForceKind) -> None:
    force_kind(PageType.PRODUCT)
    text = extract(_with_reviews(), url=_URL, options=Options(comments=True)).text
    assert "darkened nicely" in text and "Each seat is shaped by hand" in text


_CARE = ("Wipe the seat with a damp cloth and renew the wax oil once a year; keep the stool "
         "out of standing water and away from radiators so the oak does not split.")


def test_recirculation_heading_of_a_shop_drops_its_section() -> None:
    """A section headed "Customers also viewed" (or "Similar items", "Recently viewed")
    late in a product's content is a shelf of other products: the heading and what it
    heads go, the description and its specifications stay."""
    shelf = "".join(f"<p>Walnut side table {i}</p>" for i in range(3))
    for heading in ("Customers also viewed", "Similar items", "Recently viewed"):
        body = ("<main><div class='product'>" + _BUY_BOX
                + f"<h2>Description</h2><p>{_DESCRIPTION}</p><p>{_CARE}</p>"
                "<h2>Specifications</h2><ul><li>Height: 45 cm</li><li>Seat: 30 cm across</li>"
                f"</ul><h2>{heading}</h2>{shelf}<h2>Delivery</h2>"
                "<p>Shipped within three days in a recycled carton.</p></div></main>")
        text = extract(_page(body, _jsonld(_PRODUCT_LD)), url=_URL).text
        assert "Each seat is shaped by hand" in text and "Height: 45 cm" in text
        assert heading not in text and "Walnut side table" not in text
        assert "Shipped within three days" in text
