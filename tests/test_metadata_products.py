"""Price, currency and availability from product offers in their usual shapes."""

from __future__ import annotations

import json

import pytest

from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.model import Metadata
from mainmark.page.parse import parse


def meta_of(html: str) -> Metadata:
    page = parse(html, url="https://shop.example.org/p/1")
    return extract_metadata(page, read_structured(page))


def product(offers: object) -> str:
    data = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": "Kettle",
        "offers": offers,
    }
    return (
        f'<html><head><script type="application/ld+json">{json.dumps(data)}</script></head></html>'
    )


def test_single_offer() -> None:
    meta = meta_of(
        product(
            {
                "@type": "Offer",
                "price": "24.90",
                "priceCurrency": "EUR",
                "availability": "https://schema.org/InStock",
            }
        )
    )
    assert (meta.price, meta.currency, meta.availability) == ("24.90", "EUR", "InStock")
    assert meta.type == "Product"
    assert meta.sources["price"] == "jsonld"


def test_list_of_offers_gives_the_lowest_price() -> None:
    meta = meta_of(
        product(
            [
                {"@type": "Offer", "price": 30, "priceCurrency": "USD"},
                {
                    "@type": "Offer",
                    "price": "19.5",
                    "priceCurrency": "USD",
                    "availability": "OutOfStock",
                },
            ]
        )
    )
    assert (meta.price, meta.currency, meta.availability) == ("19.50", "USD", "OutOfStock")


def test_aggregate_offer_uses_low_price() -> None:
    meta = meta_of(
        product(
            {
                "@type": "AggregateOffer",
                "lowPrice": "9.99",
                "highPrice": "15",
                "priceCurrency": "GBP",
                "offerCount": 3,
            }
        )
    )
    assert (meta.price, meta.currency) == ("9.99", "GBP")


def test_price_specification() -> None:
    meta = meta_of(
        product(
            {
                "@type": "Offer",
                "priceSpecification": {
                    "@type": "UnitPriceSpecification",
                    "price": "5",
                    "priceCurrency": "CHF",
                },
            }
        )
    )
    assert (meta.price, meta.currency) == ("5", "CHF")


@pytest.mark.parametrize(
    ("raw", "expected"), [("1.299,00", "1299"), ("1,299.00", "1299"), ("€ 12,50", "12.50")]
)
def test_localised_price_strings(raw: str, expected: str) -> None:
    assert meta_of(product({"price": raw, "priceCurrency": "EUR"})).price == expected


def test_offer_without_price_gives_none() -> None:
    meta = meta_of(product({"@type": "Offer", "availability": "InStock"}))
    assert meta.price is None


def test_microdata_offer() -> None:
    html = (
        '<html><body><div itemscope itemtype="https://schema.org/Product">'
        '<h1 itemprop="name">Teapot</h1>'
        '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
        '<meta itemprop="priceCurrency" content="EUR">'
        '<span itemprop="price" content="39.00">39 €</span>'
        '<link itemprop="availability" href="https://schema.org/InStock"></div></div></body></html>'
    )
    meta = meta_of(html)
    assert (meta.price, meta.currency, meta.availability) == ("39", "EUR", "InStock")
    assert meta.sources["price"] == "microdata"


def test_opengraph_product_price() -> None:
    html = (
        '<html><head><meta property="product:price:amount" content="12.00">'
        '<meta property="product:price:currency" content="EUR"></head></html>'
    )
    meta = meta_of(html)
    assert (meta.price, meta.currency) == ("12", "EUR")


# ---- shop markup shapes (written for these tests, after the common themes) ---------------
def test_availability_spellings_become_the_schema_member_name() -> None:
    for raw, name in [("http://schema.org/InStock", "InStock"), ("instock", "InStock"),
                      ("In stock", "InStock"), ("out_of_stock", "OutOfStock"),
                      ("https://schema.org/PreOrder/", "PreOrder"), ("maybe", None)]:
        meta = meta_of(product({"price": "10", "priceCurrency": "EUR", "availability": raw}))
        assert meta.availability == name, raw


def test_aggregate_offer_with_high_price_in_a_product_group() -> None:
    data = {"@context": "https://schema.org", "@type": "ProductGroup", "name": "Tee",
            "offers": {"@type": "AggregateOffer", "lowPrice": 19, "highPrice": 29.5,
                       "priceCurrency": "USD", "availability": "https://schema.org/InStock"}}
    script = f'<script type="application/ld+json">{json.dumps(data)}</script>'
    meta = meta_of(f"<html><head>{script}</head></html>")
    assert (meta.price, meta.currency) == ("19", "USD")


SHOPIFY_LIKE = """<html lang="en-US"><head>
<meta property="og:type" content="product"><meta property="og:title" content="Linen Apron">
<meta property="product:price:amount" content="34.00">
<meta property="product:price:currency" content="USD"></head><body>
<div class="product__info"><h1 class="product__title">Linen Apron</h1>
<div class="price price--on-sale"><span class="price-item price-item--sale">$34.00</span>
<s class="price-item price-item--regular">$42.00</s></div></div></body></html>"""


def test_shopify_like_product_meta() -> None:
    meta = meta_of(SHOPIFY_LIKE)
    assert (meta.price, meta.currency) == ("34", "USD")
    assert meta.sources["price"] == "opengraph"


WOO_LIKE = """<html lang="de-DE"><head><meta property="og:type" content="product">
</head><body><div class="product type-product instock">
<h1 class="product_title entry-title">Kaffeebohnen Sidamo 500 g</h1>
<p class="price"><span class="woocommerce-Price-amount amount"><bdi>12,90&nbsp;<span
class="woocommerce-Price-currencySymbol">&euro;</span></bdi></span></p>
<p class="stock in-stock">Vorrätig</p></div></body></html>"""


def test_woocommerce_like_visible_price_on_a_product_page() -> None:
    meta = meta_of(WOO_LIKE)
    assert (meta.price, meta.currency) == ("12.90", "EUR")
    assert meta.sources["price"] == "dom:price"


def test_a_visible_price_on_an_article_is_not_read() -> None:
    html = WOO_LIKE.replace('content="product"', 'content="article"')
    assert meta_of(html).price is None


MAGENTO_LIKE = """<html lang="en-GB"><head>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product",
"name": "Desk Lamp"}</script></head><body><div class="product-info-main">
<h1 class="page-title"><span class="base" itemprop="name">Desk Lamp</span></h1>
<div class="price-box price-final_price"><span class="price-container">
<span id="product-price-12" data-price-amount="49.5" data-price-type="finalPrice"
class="price-wrapper"><span class="price">£49.50</span></span></span></div>
<div class="stock available"><span>In stock</span></div>
<meta itemprop="priceCurrency" content="GBP">
<link itemprop="availability" href="http://schema.org/InStock"></div></body></html>"""


def test_magento_like_price_box_and_stray_itemprops() -> None:
    meta = meta_of(MAGENTO_LIKE)
    assert (meta.price, meta.currency, meta.availability) == ("49.50", "GBP", "InStock")
    assert meta.sources["price"] == "itemprop"


def test_itemprop_price_content_beats_its_text() -> None:
    html = ('<html><body><h1>Mug</h1><span itemprop="price" content="1299.00">1.299,00 €</span>'
            '<meta itemprop="priceCurrency" content="eur"></body></html>')
    meta = meta_of(html)
    assert (meta.price, meta.currency) == ("1299", "EUR")


def test_dollar_follows_the_page_region() -> None:
    html = SHOPIFY_LIKE.replace('en-US', 'en-CA').replace(
        '<meta property="product:price:amount" content="34.00">', "")
    meta = meta_of(html)
    assert (meta.price, meta.currency) == ("34", "CAD")
