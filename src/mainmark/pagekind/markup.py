"""The markup a kind of page carries, counted for the classifier (``features.py``).

Shops print buy controls and price marks; forums print repeated post blocks that each
carry an author and a date; listings and category pages print runs of sibling cards of one
class, each with a link (with prices on a shop's). These structures are searched for here
and counted; what they are worth is the model's business, not this module's.

Read before cleaning (forms and buttons are still in the tree) and without mutating it.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import NamedTuple, cast

from lxml import etree
from lxml.html import HtmlElement

from mainmark.page.classwords import words
from mainmark.page.subtree import text_content
from mainmark.vocabulary import pagekinds

_WORD = re.compile(r"[a-z]+")
#: Class/id/name words (and button texts) of a shop's buy controls (registry: kind_cart).
_CART = re.compile(pagekinds.CART.pattern(), re.IGNORECASE)
#: Price marks are the elements with one of these itemprop values (read from the survey)
#: and the head's product price metas: ``//@itemprop[. = 'price' or . = 'lowPrice'] |
#: /html/head/meta[@property='product:price:amount']``, each element once, without the
#: union's walk of every attribute of the page.
_PRICE_PROPS = frozenset({"price", "lowPrice"})
#: The metas not counted among the itemprops already: children of the head, no walk.
_PRICE_METAS = etree.XPath("/html/head/meta[@property='product:price:amount']"
                           "[not(@itemprop = 'price' or @itemprop = 'lowPrice')]")
_POST_WORDS = pagekinds.POST_WORDS.entries
_AUTHOR_WORDS = pagekinds.POST_AUTHOR.entries
_AUTHOR_STEMS = ("author", "user", "poster", "member", "profile", "avatar")
#: The stems as one search (a substring test in C, not a Python loop per stem).
_AUTHOR_STEM = re.compile("|".join(_AUTHOR_STEMS))
MIN_CARDS = 6
#: Any of the post words as a whole token of a lowercased class value.
_POST_WORD = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(_POST_WORDS, key=len, reverse=True))
                        + r")(?![a-z])")


class MarkupCounts(NamedTuple):
    """The markup evidence of a page's kind, as counts the classifier reads."""

    cart: int  # buy controls (add-to-cart buttons, cart forms)
    prices: int  # price itemprops and product price meta tags
    cards: int  # the longest run of sibling cards of one class, each with a link
    priced: bool  # whether those cards show prices
    posts: int  # same-class post blocks each with an author and a date (up to 5)
    tags: Counter[str]  # elements of the asked tags, by tag
    itemprops: int  # elements with an itemprop
    itemprop_author: bool
    itemprop_date: bool
    itemprop_text: bool  # itemprop="text" (an answer's or a comment's body)
    rel_author: bool


def markup_counts(root: HtmlElement, source: str, tags: frozenset[str],
                  survey: Survey | None = None) -> MarkupCounts:
    """Markup evidence, and the number of elements of each of ``tags``; substring tests
    on the page's source say where there is nothing to count (no itemprop anywhere).
    ``survey``: the walk the cleaning stage made of this very tree, not yet
    edited (:func:`mainmark.content.prescan.scan_attributes`); without one, this module
    walks the tree itself (:func:`survey_of`)."""
    scan = survey if survey is not None else survey_of(root, tags)
    itemprop = "itemprop" in source  # one scan of the page's source, asked twice
    props = scan.itemprops if itemprop else []
    # the price marks (:data:`_PRICE_PROPS`; tests/test_page_survey.py counts them the
    # union's way too)
    prices = (sum(1 for v in scan.itemprops if v in _PRICE_PROPS) + _count(_PRICE_METAS, root)
              if itemprop or "product:price" in source else 0)
    cards, priced = _card_runs(scan.parents)
    joined = " ".join(props)
    counted = Counter({tag: n for tag, n in scan.tags.items() if tag in tags})
    return MarkupCounts(
        cart=scan.cart, prices=prices, cards=cards, priced=priced,
        posts=_post_blocks(scan.posts), tags=counted, itemprops=len(props),
        itemprop_author="author" in joined, itemprop_date="datePublished" in joined
        or "dateCreated" in joined, itemprop_text=" text" in f" {joined}",
        rel_author='rel="author"' in source)


CART_TAGS = frozenset({"form", "button", "input"})
_CARD_TAGS = frozenset({"ul", "ol", "div", "section", "main"})
_POST_TAGS = frozenset({"div", "article", "li", "section", "tr", "table"})
_SCANNED = CART_TAGS | _CARD_TAGS | _POST_TAGS


class Survey(NamedTuple):
    """What the markup votes, the tag, class/id and itemprop features and the landing
    and reply-form tests (``decide.py``) read of the whole tree, taken in one walk of it
    before anything edits it.

    Made by the cleaning stage's walk of every element (which reads each element's
    attributes anyway; the pipeline hands it to :func:`~mainmark.pagekind.decide.classify`)
    or, where there is none (the training script, a page whose streamed parts the
    cleaning moves first), by :func:`survey_of`; a test compares the two on the corpus."""

    cart: int  # buy controls
    parents: list[HtmlElement]  # card-run candidates: boxes with enough children
    posts: dict[str, list[HtmlElement]]  # post-classed blocks by class value
    tags: Counter[str]  # elements by tag (at least the counted tags)
    elements: int  # elements in the tree
    classes: list[str]  # the class values, in document order
    ids: list[str]  # the id values, in document order
    hrefs: list[str]  # the href values of the links (``<a>``), in document order
    itemprops: list[str]  # the itemprop values, in document order
    forms: list[HtmlElement]  # the forms, in document order


#: Counting XPaths: a count or plain strings in C, no element proxy made per element.
_ALL_COUNT = etree.XPath("count(//*)")
_CLASS_VALUES = etree.XPath("//@class", smart_strings=False)
_ID_VALUES = etree.XPath("//@id", smart_strings=False)
_HREFS = etree.XPath("//a/@href", smart_strings=False)
_ITEMPROPS = etree.XPath("//@itemprop", smart_strings=False)


def survey_of(root: HtmlElement, counted: frozenset[str]) -> Survey:
    """Everything the markup votes look at and the tag counts, in one walk (a walk builds
    and frees a Python proxy per element it yields: one walk filtered by tag in C); the
    element count and the class, id and href values by XPaths, in C.

    The loop body is what costs (the walk itself is about a quarter): tags are collected
    and counted in C at the end, and each scanned tag's roles are looked up once."""
    cart = 0
    parents: list[HtmlElement] = []
    posts: dict[str, list[HtmlElement]] = {}
    forms: list[HtmlElement] = []
    seen: list[str] = []
    append = seen.append
    roles = ROLES
    for el in root.iter(*_walked(counted)):  # filtered in C
        tag = el.tag
        append(tag)
        role = roles.get(tag, 0)
        if not role:
            continue
        if role & ROLE_CART:
            cart += is_cart(el)
            if tag == "form":
                forms.append(el)
            continue
        if role & ROLE_CARD and len(el) >= MIN_CARDS:
            parents.append(el)
        if role & ROLE_POST:
            cls = el.get("class")
            if cls and post_class(cls):
                posts.setdefault(cls, []).append(el)
    tags = Counter(seen)
    for tag in _SCANNED - counted:
        tags.pop(tag, None)
    elements = _ALL_COUNT(root)
    return Survey(cart, parents, posts, tags,
                  int(elements) if isinstance(elements, (int, float)) else 0,
                  _strings(_CLASS_VALUES, root), _strings(_ID_VALUES, root),
                  _strings(_HREFS, root), _strings(_ITEMPROPS, root), forms)


def _strings(xpath: etree.XPath, root: HtmlElement) -> list[str]:
    found = xpath(root)
    return cast("list[str]", found) if isinstance(found, list) else []


def _count(xpath: etree.XPath, root: HtmlElement) -> int:
    found = xpath(root)
    return len(found) if isinstance(found, list) else 0


#: What a walk does with each scanned tag, as bits: a buy control's test, whether it
#: may be a card run's parent, whether it may be a post block.
ROLE_CART, ROLE_CARD, ROLE_POST = 1, 2, 4
ROLES: dict[str, int] = {
    tag: (ROLE_CART * (tag in CART_TAGS) | ROLE_CARD * (tag in _CARD_TAGS)
          | ROLE_POST * (tag in _POST_TAGS)) for tag in _SCANNED}


@lru_cache(maxsize=16)
def _walked(counted: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(counted | _SCANNED))


def is_cart(el: HtmlElement) -> bool:
    """A buy control: a form posting to a cart, or a button or submit input whose label
    or class/id/name words are a cart's (:data:`_CART`)."""
    if el.tag == "form":
        action = el.get("action", "")
        return "cart" in action or "basket" in action
    if el.tag == "input" and el.get("type") not in ("submit", "button"):
        return False
    label = " ".join((text_content(el) if el.tag != "input" else el.get("value", ""))
                     .split())[:40]
    attrs = f"{el.get('class', '')} {el.get('id', '')} {el.get('name', '')}"
    return bool(_CART.search(label) or _CART.search(attrs))


def _card_runs(parents: list[HtmlElement]) -> tuple[int, bool]:
    """The longest run of sibling cards of one class (each holding a link), and whether
    those cards carry prices."""
    best, cards = 0, list[HtmlElement]()
    for parent in parents:
        kids = list(parent.iterchildren(etree.Element))
        # a run is never longer than the children: too few to beat the best, no count
        if len(kids) < MIN_CARDS or len(kids) <= best:
            continue
        classes = Counter((c.tag, c.get("class", "")) for c in kids)
        (tag, cls), count = classes.most_common(1)[0]
        if count < MIN_CARDS or count <= best or (tag == "li" and not cls and count < 12):
            continue
        same = [c for c in kids if c.tag == tag and c.get("class", "") == cls]
        linked = [c for c in same if c.tag == "a" or _holds_link(c)]
        if len(linked) < 0.8 * len(same) or not _card_like(linked):
            continue
        best, cards = count, linked
    # the prices of the winning run only: an earlier, shorter run's never count
    priced = bool(cards) and sum(1 for c in cards if _has_price(c)) >= 0.5 * len(cards)
    return best, priced


def _holds_link(card: HtmlElement) -> bool:
    """``card.find(".//a[@href]") is not None``, by a tag-filtered walk in C that stops at
    the first link (an ElementPath search costs several times more per card)."""
    return any(a.get("href") is not None for a in card.iterdescendants("a"))


def _card_like(cards: list[HtmlElement]) -> bool:
    """Cards hold an image or a heading, not just a link: a menu is a run of bare links."""
    sample = cards[:12]
    rich = sum(1 for c in sample if next(c.iterdescendants("img"), None) is not None
               or next(c.iter("h2", "h3", "h4", "h5"), None) is not None)
    return rich >= 0.6 * len(sample)


#: A price as cards print it (a currency sign or code beside a number); the content stage
#: finds shelves of other products with the same pattern.
PRICE_TEXT = re.compile(r"(?:[$€£¥₹]|\b(?:usd|eur|gbp|chf|kr|zł|rs\.?))\s?\d"
                         r"|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:eur|usd|kr|zł|chf)\b)", re.IGNORECASE)


def _has_price(card: HtmlElement) -> bool:
    text = " ".join(text_content(card).split())
    return len(text) < 600 and bool(PRICE_TEXT.search(text))


#: Post blocks vote for a thread from this many of one class, more strongly from the second.
_POSTS_MIN, _POSTS_MANY = 3, 5


def _post_blocks(groups: dict[str, list[HtmlElement]]) -> int:
    """The largest group of same-class blocks that look like posts: a post/message/reply
    class, and inside each an author mark and a date (``<time>`` or a date class).

    Counted up to ``_POSTS_MANY`` (all the vote asks): a group too small to reach
    ``_POSTS_MIN``, or one that can no longer beat the best, is not searched further for
    authors and dates, the walks over each block's subtree that cost the time.
    """
    best = 0
    for blocks in sorted(groups.values(), key=len, reverse=True):
        need = max(_POSTS_MIN, best + 1)
        if len(blocks) < need:
            break  # sorted: no later group can reach it either
        hits = 0
        for left, el in enumerate(blocks):
            if _has_author(el) and _has_date(el):
                hits += 1
                if hits >= _POSTS_MANY:
                    return _POSTS_MANY
            elif hits + len(blocks) - left - 1 < need:
                break
        best = max(best, hits)
    return best


@lru_cache(maxsize=8192)
def post_class(cls: str) -> bool:
    """Whether a class value holds a post word, as two regex searches: a token is a
    maximal run of letters, so a post word bounded by non-letters is one."""
    low = cls.lower()
    return bool(_POST_WORD.search(low)
                or _POST_WORD.search(low.replace("-", "").replace("_", "")))


def _has_author(el: HtmlElement) -> bool:
    for node in el.iter(etree.Element):
        if node is el:
            continue
        if node.get("itemprop") == "author" or node.get("rel") == "author":
            return True
        value = f"{node.get('class', '')} {node.get('id', '')}"
        if _AUTHOR_STEM.search(value.lower()) and words(value) & _AUTHOR_WORDS:
            return True
    return False


_DATE_WORDS = pagekinds.POST_DATE.entries


def _has_date(el: HtmlElement) -> bool:
    if el.find(".//time") is not None:
        return True
    for node in el.iter(etree.Element):
        if node is not el and node.get("class") and not words(
                f"{node.get('class', '')} {node.get('id', '')}").isdisjoint(_DATE_WORDS):
            return True
    return False
