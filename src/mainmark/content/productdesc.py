"""A product page's own description, named by its structured data.

Shops publish the product's description a second time as the JSON-LD ``Product``'s
``description``. Like an article's ``articleBody`` (``locate.py``) it says which words
are the content: when the selected content holds few of them, the selection missed the
description, which on product pages sits in a tab panel, an accordion or a "details"
sheet that the chrome vocabulary (``modal``, ``popup``) or the scored selection passed
over, or which only scripts render. Then the smallest element holding most of the
description joins the content (lifted out of any removal above it), and when no element
holds it, the description's text is the content's text.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any
from urllib.parse import unquote

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.locate import _coverage
from mainmark.content.measure import Measures
from mainmark.content.verdicts import Chrome, verdict
from mainmark.metadata.schema import entities
from mainmark.model import Content, Strategy
from mainmark.vocabulary import boxes

_PRODUCT_TYPES = frozenset({"Product", "ProductGroup", "IndividualProduct", "ProductModel",
                            "Vehicle", "Car", "Book"})
_WORD = re.compile(r"\w+")
_TAG = re.compile(r"<[^>]{0,300}>")
_BREAK = re.compile(r"<\s*(?:br|/p|/li|/h[1-6]|/div|/tr)\b[^>]{0,100}>", re.IGNORECASE)


def product_description(jsonld: list[dict[str, Any]]) -> str | None:
    """The longest ``description`` of a product object, as plain text with line breaks."""
    best: str | None = None
    for entity in entities(jsonld, "jsonld"):
        if not _PRODUCT_TYPES.intersection(entity.types):
            continue
        value = entity.data.get("description")
        if isinstance(value, str) and (best is None or len(value) > len(best)):
            best = value
    if best is None:
        return None
    if "%20" in best:  # stored percent-encoded by some shop systems
        best = unquote(best)
    text = html.unescape(_TAG.sub(" ", _BREAK.sub("\n", html.unescape(best))))
    return text if text.strip() else None


def product_names(jsonld: list[dict[str, Any]]) -> list[str]:
    """The ``name`` of every product object (a buy bar is recognised by it: ``buybox``)."""
    return [entity.data["name"] for entity in entities(jsonld, "jsonld")
            if _PRODUCT_TYPES.intersection(entity.types)
            and isinstance(entity.data.get("name"), str)]


def with_description(content: Content, m: Measures,
                     jsonld: list[dict[str, Any]]) -> Content:
    """``content`` with the product's description added when the selection missed it."""
    text = product_description(jsonld)
    if text is None:
        return content
    bag = Counter(w.lower() for w in _WORD.findall(text))
    n_words = sum(bag.values())
    if n_words < CUT.productdesc_min_words:
        return content
    if _overlap(bag, _selected_words(content)) >= CUT.productdesc_held * n_words:
        return content
    best, best_share = _locate(bag, n_words, m)
    if best is not None:
        _join(content, best, m)
    elif best_share < CUT.productdesc_absent:
        paragraphs = [" ".join(line.split()) for line in text.splitlines()]
        if content.explain.strategy is Strategy.FALLBACK:
            content.roots = []  # the whole body was a guess; the description is not
        content.paragraphs.extend(p for p in paragraphs if p)
    return content


def _locate(bag: Counter[str], n_words: int, m: Measures) -> tuple[HtmlElement | None, float]:
    """The smallest element holding ``CUT.productdesc_cover`` of the description's words,
    and the best share any element of at most ``CUT.productdesc_max_spread`` times its size
    holds."""
    covered, total = _coverage(m, set(bag))
    at = sorted((i for i in range(len(covered))
                 if covered[i] >= CUT.productdesc_absent * n_words
                 and total[i] <= CUT.productdesc_max_spread * n_words),
                key=total.__getitem__)
    candidates = [m.order[i] for i in at]
    best_share = 0.0
    for el in candidates[:CUT.productdesc_candidates]:
        share = _overlap(bag, _words_of(el)) / n_words
        if share >= CUT.productdesc_cover:
            return el, share
        best_share = max(best_share, share)
    return None, best_share


def _overlap(a: Counter[str], b: Counter[str]) -> int:
    return sum((a & b).values())


def _words_of(el: HtmlElement, skip: frozenset[HtmlElement] | set[HtmlElement] = frozenset()
              ) -> Counter[str]:
    """The words of ``el``'s text, the subtrees in ``skip`` left out."""
    words: Counter[str] = Counter()
    stack = [el]
    while stack:
        node = stack.pop()
        if node in skip:
            if node.tail and node is not el:
                words.update(w.lower() for w in _WORD.findall(node.tail))
            continue
        if isinstance(node.tag, str) and node.text:
            words.update(w.lower() for w in _WORD.findall(node.text))
        if node is not el and node.tail:
            words.update(w.lower() for w in _WORD.findall(node.tail))
        stack.extend(child for child in node)
    return words


def _selected_words(content: Content) -> Counter[str]:
    words: Counter[str] = Counter()
    for root in content.roots:
        words.update(_words_of(root, content.removed))
    for paragraph in content.paragraphs:
        words.update(w.lower() for w in _WORD.findall(paragraph))
    return words


def _join(content: Content, el: HtmlElement, m: Measures) -> None:
    """Add ``el`` to the roots (in document order) or, when a root holds it, lift the
    removals on its way up."""
    path = {el, *el.iterancestors()}
    if any(r in path for r in content.roots):
        content.removed -= path
        return
    if any(el in set(r.iterancestors()) for r in content.roots):
        return  # it holds the selection and more: too wide to add
    order = m.index
    content.roots = sorted([*content.roots, el], key=lambda r: order.get(r, 0))


#: Class words of a product page's customer reviews: other people's words about the
#: product, not the shop's description of it.
_REVIEW_WORDS = boxes.REVIEW.entries
_REVIEWS = verdict(Chrome.PRODUCT, "reviews")


def drop_reviews(m: Measures) -> None:
    """On a product page, the customer reviews are chrome inside the content too."""
    body = m.order[0] if m.order else None
    page = m.text_of(body) if body is not None else 0
    for el, words in m.words.items():
        if words & _REVIEW_WORDS and m.text_of(el) <= CUT.reviews_max_share * page:
            m.chrome.setdefault(el, _REVIEWS)
            m.narrow.setdefault(el, _REVIEWS)
