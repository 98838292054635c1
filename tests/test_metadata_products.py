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
