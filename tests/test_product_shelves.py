"""Shop furniture inside a product's content (issue 37.4): a shelf of other products goes
whole, its title and "See all" link with its cards, and only the shelf.

The real case is the golden ``real-product-shelf-titles`` (WCXB 0625); these synthetic
pages pin the mechanism's edges: a shelf's title box holds a heading and a link, while a
buyer's guide section opens with a heading *and* an introduction, which is text.
"""

from __future__ import annotations

import mainmark
from mainmark.model import Document

URL = "https://shop.example.com/p/kettle"
_DESCRIPTION = ("<p>The pour-over kettle heats a litre of water in four minutes and holds "
                "it at the temperature you set, to the degree, for up to an hour.</p>"
                "<p>Its gooseneck spout gives a slow, steady stream for filter coffee, and "
                "the handle stays cool while the body is hot.</p>")


def _cards(names: tuple[str, ...]) -> str:
    return "".join(f"<li class='card'><a href='/p/{i}'>{name}</a><p>In stock, ships in two "
                   f"days</p><span>$ {20 + i}.00</span></li>" for i, name in enumerate(names))


#: Cards with more text than link text: no link-density verdict takes them first.
_CARDS = _cards(("Stovetop kettle", "Milk frother", "Coffee grinder", "Paper filters"))


def _page(shelf: str) -> str:
    return ("<html><body><header><nav><a href='/'>Home</a> <a href='/kitchen'>Kitchen</a>"
            "</nav></header><main><article><h1>Pour-over kettle</h1><p>$ 89.00</p>"
            f"<h2>Description</h2>{_DESCRIPTION}{shelf}"
            "<h2>Care</h2><p>Descale the kettle once a month with a cup of white vinegar "
            "and rinse it twice with clean water before you use it again.</p>"
            "</article></main><footer><p>© Kettle Shop</p></footer></body></html>")


def _extract(html: str) -> Document:
    return mainmark.extract(html.encode(), url=URL, options=mainmark.Options(explain=True))


def test_a_shelf_goes_with_its_title_and_see_all_link() -> None:
    shelf = ("<section class='carousel'><div class='head'><h2>Complete the look</h2>"
             "<a href='/kitchen/kettles'>See all</a></div>"
             f"<div class='track'><ul>{_CARDS}</ul></div></section>")
    doc = _extract(_page(shelf))
    assert "Complete the look" not in doc.markdown
    assert "See all" not in doc.markdown
    assert "Milk frother" not in doc.markdown
    assert "gooseneck spout" in doc.markdown and "## Care" in doc.markdown
    assert doc.explain is not None
    assert "product-cards:shelf" in {r.rule for r in doc.explain.removals}


def test_a_headed_section_introducing_priced_cards_keeps_its_heading() -> None:
    section = ("<section><h2>What to pair it with</h2><p>A good grinder matters more than "
               "the kettle: grind just before you brew, medium-fine for a cone.</p>"
               f"<ul>{_CARDS}</ul></section>")
    doc = _extract(_page(section))
    assert "## What to pair it with" in doc.markdown
    assert "A good grinder matters more" in doc.markdown
