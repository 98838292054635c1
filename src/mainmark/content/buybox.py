"""A product's buy bar whose class says navigation: its price is content.

Product templates repeat the product's name and price in a sticky "floating navigation"
bar (a phone maker's product page: the name, "From $1,299.99 before trade-in", "Buy now",
then the page's section links). Its class says navigation: outside a main mark that is a
chrome verdict, and inside one the bar, a column of its own beside the product's
sections, is never joined to the selection all the same; with it goes the only place the
page prints the price as text. On a product page, a small box whose class, role or tag
says navigation and that holds the page's product name (its first ``<h1>`` or the
JSON-LD ``Product`` name, as the whole text of an element holding no link and inside
none), exactly one price and a buy control is that bar: its price joins the content, and
its name unless the content shows it already; its section links, model picker and buy
button stay out. A menu of other products fails on the name (a menu links the products
it names) or on the price (several products, several prices). Scope: markup, on the
pages ``pagekind`` takes for products (rule `buy-bar`, docs/rules.md).
"""

from __future__ import annotations

import re
from typing import Any

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures, folded
from mainmark.content.productdesc import product_names
from mainmark.content.verdicts import Chrome
from mainmark.model import Content
from mainmark.page.ancestry import within
from mainmark.pagekind.markup import PRICE_TEXT
from mainmark.vocabulary import boxes, pagekinds

#: The buy controls the page-kind features count ("Add to cart", "Buy now").
_CART = re.compile(pagekinds.CART.pattern(), re.IGNORECASE)
_BAR_WORDS = boxes.BUY_BAR.entries
_BAR_TAGS = frozenset({"nav", "header", "menu"})
_TAG = Chrome.TAG.value
_BAR_ROLES = frozenset({"navigation", "banner", "menu", "menubar", "toolbar"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def with_buy_bar(content: Content, m: Measures, jsonld: list[dict[str, Any]]) -> Content:
    """``content`` with the name and price of a navigation-classed buy bar added (the
    first such bar: templates print it once per screen width)."""
    if not content.roots:
        return content
    names: set[str] | None = None
    for box in _navigation_boxes(m):
        if not _placeable(box, content):
            continue
        if names is None:
            names = _names(m, jsonld)
            if not names:
                return content
        found = _name_and_price(box, names)
        if found is not None:
            name, price = found
            kept = [price] if _shown(content, name, m) else [name, price]
            _keep(content, box, [el for el in kept if el is not None], m)
            return content
    return content


def _navigation_boxes(m: Measures) -> list[HtmlElement]:
    """Small boxes whose class, role or tag says navigation and that print a price, in
    document order. The class words are read, not the verdicts: inside a main mark a
    navigation class is no chrome verdict, and such a bar is lost all the same, outside the
    scored selection (a grid column of its own beside the product's sections)."""
    said = {el for el, ws in m.words.items() if not _BAR_WORDS.isdisjoint(ws)}
    said.update(el for el, role in m.roles.items() if role.lower() in _BAR_ROLES)
    said.update(el for el, rule in m.chrome.items()
                if rule.startswith(_TAG) and rule[len(_TAG):] in _BAR_TAGS)
    index, text_at, cap = m.index, m.text_at, CUT.buybar_max_bytes
    at = sorted(i for i in (index.get(el) for el in said)
                if i is not None and 0 < text_at[i] <= cap)
    out: list[HtmlElement] = []
    skip_to = -1
    for i in at:
        if i <= skip_to:
            continue  # inside a box that prints no price
        el = m.order[i]
        if PRICE_TEXT.search(el.text_content()):
            out.append(el)
        else:
            skip_to = m.end[i]
    return out


def _placeable(box: HtmlElement, content: Content) -> bool:
    """The box lies outside the content, or inside it under a removal: never around it."""
    if any(within(box, root) for root in content.roots):
        return any(el in content.removed for el in (box, *box.iterancestors()))
    return not any(within(root, box) for root in content.roots)


def _names(m: Measures, jsonld: list[dict[str, Any]]) -> set[str]:
    """The product's name as the page states it: its first ``<h1>`` and the JSON-LD
    product names, casefolded with spaces collapsed (the later ``<h1>`` elements of a
    landing page are its sections' slogans)."""
    names = {folded(n) for n in product_names(jsonld)}
    h1 = next((h for h in m.order if h.tag == "h1"), None)
    if h1 is not None:
        names.add(folded(h1.text_content()))
    names.discard("")
    return names


def _name_and_price(box: HtmlElement, names: set[str]
                    ) -> tuple[HtmlElement, HtmlElement | None] | None:
    """The bar's name element and its first price element, when the box is a buy bar."""
    text = box.text_content()
    if len({folded(p) for p in PRICE_TEXT.findall(text)}) != 1:
        return None  # several prices: a menu or shelf of other products
    said = folded(text)
    if not any(n in said for n in names):
        return None
    name = price = None
    control = False
    for el in box.iter():
        if not isinstance(el.tag, str):
            continue
        if not control and _is_control(el):
            control = True
        own = el.text_content()
        if name is None and folded(own) in names and not _in_link(el, box) and next(
                el.iter("a"), None) is None:
            name = el
        if price is None and PRICE_TEXT.search(own) and not any(
                PRICE_TEXT.search(c.text_content()) for c in el if isinstance(c.tag, str)):
            price = el
    if name is None or price is None or not control:
        return None
    if name is price or within(price, name):
        return name, None
    return name, price


def _is_control(el: HtmlElement) -> bool:
    attrs = " ".join(filter(None, (el.get("class"), el.get("id"), el.get("name"))))
    if attrs and _CART.search(attrs):
        return True
    return el.tag in ("a", "button") and bool(_CART.search(el.text_content()))


def _in_link(el: HtmlElement, box: HtmlElement) -> bool:
    for node in (el, *el.iterancestors()):
        if node.tag == "a":
            return True
        if node is box:
            return False
    return False


def _keep(content: Content, box: HtmlElement, kept: list[HtmlElement], m: Measures) -> None:
    """Make ``kept`` content: outside the roots each becomes a root of its own (in
    document order); inside a root, the removals on their way up are lifted and whatever
    else those removals held stays removed, child by child along the way."""
    if not any(within(box, root) for root in content.roots):
        order = m.index
        content.roots = sorted([*content.roots, *kept], key=lambda r: order.get(r, 0))
        return
    removed = content.removed
    chain = [box, *_up_to(box, set(content.roots))]
    top = next((node for node in reversed(chain) if node in removed), None)
    if top is None:
        return
    path: set[HtmlElement] = set()
    for el in kept:
        for node in el.iterancestors():
            path.add(node)
            if node is top:
                break
    removed.difference_update([node for node in (*path, *kept) if node in removed])
    for node in path:
        removed.update(child for child in node
                       if isinstance(child.tag, str) and child not in path and child not in kept)


def _up_to(el: HtmlElement, roots: set[HtmlElement]) -> list[HtmlElement]:
    """``el``'s ancestors below the root holding it, nearest first."""
    out = []
    for node in el.iterancestors():
        if node in roots:
            break
        out.append(node)
    return out


def _shown(content: Content, name: HtmlElement, m: Measures) -> bool:
    """The content already prints the name as a heading of its own (the page's ``<h1>``):
    the bar's copy only identifies the bar."""
    said = folded(name.text_content())
    if said not in m.heading_texts():
        return False  # no heading of the page says it
    roots = set(content.roots)
    removed = content.removed
    for el in m.order:
        if el.tag not in _HEADINGS or folded(el.text_content()) != said:
            continue
        for node in (el, *el.iterancestors()):
            if node in removed:
                break
            if node in roots:
                return True
    return False

