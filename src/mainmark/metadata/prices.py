"""A product's price, currency and availability where no structured offer carries them.

Shops print offers three ways besides JSON-LD ``offers``: microdata ``itemprop``
attributes (``price``/``lowPrice`` with a ``content`` value, ``priceCurrency``,
``availability`` as a ``<link href>``), often outside any ``itemscope`` the microdata
reader would walk (Magento and WooCommerce themes mix them into plain markup); a
``data-price-amount`` attribute on the price box (Magento); and the visible price, a
price-classed element whose text is an amount with a currency symbol ("€24,90",
"$19.99"): the last resort, read only on a page that is a product.

Availability is given as the schema.org ``ItemAvailability`` member name
(``InStock``, ``OutOfStock``, ``PreOrder``...), whatever spelling the page used
("http://schema.org/InStock", "instock", "in stock", "out_of_stock").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import owners
from mainmark.metadata.schema import availability_name, price_text
from mainmark.vocabulary.bylines import PRICE

#: Attribute unions, read by ``owners`` (see there why).
_ITEMPROP_OFFER = etree.XPath(
    "//@itemprop[. = 'price' or . = 'lowPrice' or . = 'priceCurrency' or . = 'availability']"
    " | //@data-price-amount"
)
_PRICE_CLASSED = etree.XPath("//@class[contains(., 'rice')]")
#: An amount with a currency symbol or code before or after it: "€ 24,90", "19.99 $", "CHF 5.-".
_SYMBOL_AMOUNT = re.compile(
    r"^(?P<pre>[€£$¥₹]|CHF|EUR|USD|GBP)?\s*(?P<amount>\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?)"
    r"(?:[.,]-)?\s*(?P<post>[€£$¥₹]|CHF|EUR|USD|GBP)?$"
)
_SYMBOLS = {"€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
_DOLLAR_REGIONS = {"ca": "CAD", "au": "AUD", "nz": "NZD", "sg": "SGD", "hk": "HKD"}


@dataclass(frozen=True, slots=True)
class DomOffer:
    """A price found outside the structured offers: OpenGraph tags, stray ``itemprop``
    attributes, or the visible price of a product page.

    ``source`` (``opengraph``, ``itemprop``, ``dom:price``) becomes the recorded source of
    each field it fills, so a caller can weigh a price read from visible text.
    """

    price: str | None
    currency: str | None
    availability: str | None
    source: str


def itemprop_offer(root: HtmlElement,
                   marked: list[HtmlElement] | None = None) -> DomOffer | None:
    """The first ``itemprop`` (or ``data-price-amount``) price, with its currency and
    availability, anywhere on the page; ``marked``, the elements carrying them when a walk
    of the page already found them (:mod:`mainmark.metadata.pagemarks`)."""
    price = currency = availability = None
    if marked is None:
        marked = owners(_ITEMPROP_OFFER, root)
    for el in islice(marked, CUT.prices_max_marks):
        prop = el.get("itemprop")
        value = (el.get("content") or el.get("href") or el.get("value") or "").strip() or (
            " ".join(el.text_content().split())[:CUT.max_price_text]
        )
        if prop in ("price", "lowPrice") and price is None:
            price = price_text(value)
        elif prop is None and price is None:
            price = price_text(el.get("data-price-amount"))
        elif prop == "priceCurrency" and currency is None:
            currency = value.upper()[:3] or None
        elif prop == "availability" and availability is None:
            availability = availability_name(value)
    if price is None:
        return None
    return DomOffer(price, currency, availability, "itemprop")


def visible_price(root: HtmlElement, language: str | None) -> DomOffer | None:
    """The first price-classed element whose text is an amount with a currency symbol."""
    for el in islice(owners(_PRICE_CLASSED, root), CUT.prices_max_marks):
        if not PRICE.matches(el.get("class") or ""):
            continue
        text = " ".join(el.text_content().split())
        match = _SYMBOL_AMOUNT.match(text) if len(text) <= CUT.max_price_text else None
        if match is None or not (match["pre"] or match["post"]):
            continue
        amount = price_text(match["amount"].replace(" ", ""))
        if amount is not None:
            symbol = match["pre"] or match["post"]
            return DomOffer(amount, _currency(symbol, language), None, "dom:price")
    return None


def _currency(symbol: str, language: str | None) -> str | None:
    if symbol == "$":
        region = (language or "").lower().replace("_", "-").partition("-")[2][:2]
        return _DOLLAR_REGIONS.get(region, "USD")
    return _SYMBOLS.get(symbol, symbol if len(symbol) == 3 else None)
