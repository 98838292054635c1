"""A product's buy bar whose class says navigation keeps its name and price (rule
`buy-bar`). The real page is the golden `real-product-floating-nav-buy-bar` (WCXB 3060);
these pin the mechanism's edges: a menu of other products stays chrome.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from mainmark.content.buybox import with_buy_bar
from mainmark.content.measure import measure
from mainmark.model import Content
from mainmark.page.parse import parse

BAR = ('<div class="floating-nav"><h2 class="floating-navigation__headline">Harbour Kettle 2'
       '</h2><ul class="floating-navigation__utility"><li><a href="/kettle/buy">From $89.99 '
       'before trade-in</a></li></ul><a class="floating-navigation__button" href="/kettle/buy">'
       'Buy now</a><ul class="floating-navigation__menu"><li><a href="/kettle/">Highlights</a>'
       '</li><li><a href="/kettle/specs">Specs</a></li><li><a href="/kettle/compare">Compare'
       '</a></li></ul></div>')
SECTIONS = ('<div id="sections"><h1>Harbour Kettle 2</h1><p>Boils a litre in ninety seconds '
            'and keeps it warm for an hour, with a spout that pours without dripping.</p>'
            '<p>The base turns all the way round, and the lid opens with one hand.</p></div>')
LD = [{"@type": "Product", "name": "Harbour Kettle 2"}]


def _run(body_html: str, jsonld: list[dict[str, object]] | None = None,
         removed_ids: tuple[str, ...] = ()) -> tuple[Content, HtmlElement]:
    page = parse(f"<html><body>{body_html}</body></html>")
    assert page.root is not None
    body = page.root.find("body")
    assert body is not None
    m = measure(body)
    roots = [el for el in body.iter() if el.get("id") == "sections"]
    removed = {el for el in body.iter() if el.get("id") in removed_ids}
    content = Content(roots=roots, removed=removed)
    return with_buy_bar(content, m, LD if jsonld is None else jsonld), body


def _texts(content: Content) -> list[str]:
    return [" ".join(r.text_content().split()) for r in content.roots]


def test_the_price_of_a_bar_beside_the_selection_joins() -> None:
    # The selection prints the name as its <h1>: the bar's name only identifies the bar.
    content, _ = _run(BAR + SECTIONS)
    assert _texts(content)[0] == "From $89.99 before trade-in"
    assert len(content.roots) == 2


def test_the_name_joins_too_when_the_selection_lacks_it() -> None:
    sections = SECTIONS.replace("<h1>Harbour Kettle 2</h1>", "")
    content, _ = _run(BAR + sections)
    assert _texts(content)[:2] == ["Harbour Kettle 2", "From $89.99 before trade-in"]


def test_a_menu_of_other_products_with_prices_stays_chrome() -> None:
    menu = ('<nav class="navbar"><h2>Harbour Kettle 2</h2><ul><li><a href="/toaster">Toaster'
            '</a> $49.99</li><li><a href="/kettle">Kettle</a> $89.99</li></ul>'
            '<a href="/cart" class="add-to-cart">Add to cart</a></nav>')
    content, _ = _run(menu + SECTIONS)
    assert len(content.roots) == 1


def test_a_menu_naming_the_product_in_a_link_stays_chrome() -> None:
    menu = ('<nav class="navbar"><ul><li><a href="/kettle">Harbour Kettle 2</a></li>'
            '<li><a href="/deals">Deals from $19</a></li><li><a href="/shop">Buy now</a></li>'
            '</ul></nav>')
    content, _ = _run(menu + SECTIONS)
    assert len(content.roots) == 1


def test_a_bar_without_a_buy_control_stays_chrome() -> None:
    content, _ = _run(BAR.replace("Buy now", "Specs") + SECTIONS)
    assert len(content.roots) == 1


def test_a_bar_naming_another_product_stays_chrome() -> None:
    content, _ = _run(BAR.replace("Harbour Kettle 2</h2>", "Harbour Toaster</h2>") + SECTIONS,
                      jsonld=[])
    assert len(content.roots) == 1


def test_a_removed_bar_inside_the_selection_keeps_its_name_and_price_only() -> None:
    bar = BAR.replace('class="floating-nav"', 'id="bar" class="floating-nav"')
    sections = SECTIONS.replace("<h1>Harbour Kettle 2</h1>", "")
    content, body = _run(f'<div id="sections">{bar}{sections[len("<div id=sections>") + 2:]}',
                         removed_ids=("bar",))
    kept = next(el for el in body.iter() if el.get("id") == "bar")
    assert kept not in content.removed
    gone = {" ".join(el.text_content().split()) for el in content.removed}
    assert "Buy now" in gone and "HighlightsSpecsCompare" in gone
    assert not any("89.99" in text or "Kettle 2" in text for text in gone)


def test_lifting_a_removal_above_the_bar_keeps_the_rest_of_it_removed() -> None:
    # The bar sits in a removed box with other chrome: only the bar's price comes back.
    side = f'<div id="side"><p id="other">Sign up for our newsletter</p>{BAR}</div>'
    content, body = _run(f'<div id="sections">{side}<p>The base turns all the way round.</p>'
                         "<h1>Harbour Kettle 2</h1></div>", removed_ids=("side",))
    by_id = {el.get("id"): el for el in body.iter() if el.get("id")}
    assert by_id["side"] not in content.removed
    assert by_id["other"] in content.removed
    gone = {" ".join(el.text_content().split()) for el in content.removed}
    assert "Harbour Kettle 2" in gone  # the content shows the name as its <h1>
    assert not any("89.99" in text for text in gone)
