"""What kind of page this is: article, forum thread, product, documentation, listing...

Selection needs to know: on an article the densest prose box is the content, while on a
forum thread it is every post, on a product page the description and specifications
beside the buy box, on a listing the item cards, on a landing page all sections of the
main column. The type is voted from three kinds of evidence, strongest first:

- **structured data**: the schema.org types of the JSON-LD and microdata objects
  (``Product``/``Offer``, ``DiscussionForumPosting``/``QAPage``, ``ItemList``/
  ``CollectionPage``, ``TechArticle``, ``Article``, ``Service``/``LocalBusiness``) and
  ``og:type``. Several ``Product`` objects are a category page, not one product.
- **the page's markup**: add-to-cart controls and price marks (shops), repeated post
  blocks each carrying an author and a date (forums), code blocks beside a navigation
  column (documentation), many sibling cards of one class with a link each (listings).
- **the URL path**: the conventions most sites follow (``/product/``, ``/docs/``,
  ``/forum/``, ``/category/``); a weak vote that only settles ties.

Read before cleaning (forms and buttons are still in the tree) and without mutating it.
A page with no evidence for another kind is an article: that is what most pages with
prose are, and selection's default behaviour is the article one.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache
from typing import NamedTuple
from urllib.parse import urlsplit

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.metafields import owners
from mainmark.metadata.schema import entities
from mainmark.metadata.structured import Structured
from mainmark.model import Metadata, PageType
from mainmark.page.parse import Page

#: schema.org types voting for a kind, and the weight of one vote.
#: schema.org types by which a publisher declares a page an article (``TechArticle`` too,
#: though it votes for documentation): selection reads this set, so both agree on it.
ARTICLE_TYPES = frozenset({"Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle",
                           "AnalysisNewsArticle", "OpinionNewsArticle", "LiveBlogPosting",
                           "ScholarlyArticle", "Report", "TechArticle", "Recipe", "Review"})
_SCHEMA_VOTES: dict[str, tuple[PageType, float]] = {
    **dict.fromkeys(sorted(ARTICLE_TYPES - {"TechArticle"}), (PageType.ARTICLE, 3.0)),
    **dict.fromkeys(("DiscussionForumPosting", "QAPage"), (PageType.FORUM, 5.0)),
    **dict.fromkeys(("Product", "ProductGroup", "IndividualProduct", "ProductModel",
                     "Vehicle", "Car"), (PageType.PRODUCT, 4.0)),
    **dict.fromkeys(("CollectionPage", "SearchResultsPage", "ItemList", "OfferCatalog"),
                    (PageType.LISTING, 3.0)),
    **dict.fromkeys(("TechArticle", "APIReference"), (PageType.DOCUMENTATION, 4.0)),
    **dict.fromkeys(("Service", "LocalBusiness", "ProfessionalService", "Course",
                     "EducationalOrganization", "CollegeOrUniversity", "FAQPage",
                     "SoftwareApplication", "MedicalClinic", "LegalService",
                     "FinancialService", "HomeAndConstructionBusiness"),
                    (PageType.SERVICE, 1.5)),
}
_OG_VOTES = {"article": (PageType.ARTICLE, 1.5), "product": (PageType.PRODUCT, 3.0),
             "product.group": (PageType.COLLECTION, 3.0), "book": (PageType.ARTICLE, 0.5),
             "website": (PageType.SERVICE, 0.5)}

#: URL path segments most sites use for one kind of page.
_URL_VOTES: tuple[tuple[re.Pattern[str], PageType, float], ...] = (
    (re.compile(r"/(?:products?|p|dp|itm|item|shop/p|sku)/[^/]+"), PageType.PRODUCT, 1.5),
    (re.compile(r"/(?:docs?|documentation|manual|reference|api|handbook|userguide|learn|wiki)"
                r"(?:/|$|\.)"), PageType.DOCUMENTATION, 1.5),
    (re.compile(r"/(?:forums?|threads?|topics?|t|questions|community|discussions?|board"
                r"|viewtopic|showthread|comments)(?:/|$|\.|\?)"), PageType.FORUM, 1.5),
    (re.compile(r"/(?:collections?|category|categories|cat|c|shop|browse|b|departments?)"
                r"(?:/|$)"), PageType.COLLECTION, 1.0),
    (re.compile(r"/(?:tags?|topics|news|blog|archive|search|list|lists|latest)/?$"),
     PageType.LISTING, 1.0),
)

_WORD = re.compile(r"[a-z]+")
#: Class/id/name words (and button texts) of a shop's buy controls.
_CART = re.compile(r"add[\W_]*to[\W_]*(?:cart|bag|basket|trolley)|addtocart|buy[\W_]*now"
                   r"|in den warenkorb|ajouter au panier|añadir al carrito|add-to-cart",
                   re.IGNORECASE)
#: An attribute union, read by ``owners`` (see there why).
_PRICE_XPATH = etree.XPath("//@itemprop[. = 'price' or . = 'lowPrice']"
                           " | /html/head/meta[@property='product:price:amount']")
_POST_WORDS = frozenset({"post", "message", "reply", "comment", "answer", "postbit", "topic",
                         "thread", "postbody", "messagecontent", "answercell"})
_AUTHOR_WORDS = frozenset({"author", "username", "user", "poster", "member", "userinfo",
                           "postauthor", "usercard", "profile", "avatar"})
_AUTHOR_STEMS = ("author", "user", "poster", "member", "profile", "avatar")
#: The stems as one search (a substring test in C, not a Python loop per stem).
_AUTHOR_STEM = re.compile("|".join(_AUTHOR_STEMS))
_MIN_CARDS = 6
#: Any of the post words as a whole token of a lowercased class value.
_POST_WORD = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(_POST_WORDS, key=len, reverse=True))
                        + r")(?![a-z])")
#: Evidence per kind of page.
Votes = defaultdict[PageType, float]


def detect_page_type(page: Page, structured: Structured,
                     metadata: Metadata | None = None) -> PageType:
    """The page's kind, by the votes described in the module docstring."""
    root = page.root
    if root is None:
        return PageType.ARTICLE
    votes: Votes = defaultdict(float)
    _schema_votes(structured, votes)
    if metadata is not None:
        _citation_votes(metadata, votes)
    _url_votes(page.url, votes)
    _markup_votes(root, votes, page.text)
    if not votes:
        return PageType.ARTICLE
    best, weight = max(votes.items(), key=lambda kv: (kv[1], -_ORDER.index(kv[0])))
    return best if weight >= _MIN_WEIGHT else PageType.ARTICLE


#: Tie order: the kind whose selection changes least wins a tie.
_ORDER = (PageType.ARTICLE, PageType.DOCUMENTATION, PageType.FORUM, PageType.PRODUCT,
          PageType.LISTING, PageType.COLLECTION, PageType.SERVICE)
#: Below this much evidence a page stays an article.
_MIN_WEIGHT = 2.0


def _schema_votes(structured: Structured, votes: Votes) -> None:
    kinds: Counter[str] = Counter()
    for source, objects in (("jsonld", structured.jsonld),
                            ("microdata", structured.microdata)):
        for entity in entities(objects, source):
            kinds.update(set(entity.types))
    products = sum(kinds[k] for k in ("Product", "ProductGroup", "IndividualProduct"))
    for kind in kinds:
        vote = _SCHEMA_VOTES.get(kind)
        if vote is None:
            continue
        page_type, weight = vote
        if page_type is PageType.PRODUCT and products >= 3:
            page_type = PageType.COLLECTION  # a grid of marked-up products
        if kind == "ItemList" and products >= 3:
            page_type = PageType.COLLECTION
        votes[page_type] += weight
    if kinds["Question"] and not kinds["FAQPage"] and (kinds["Answer"] or kinds["QAPage"]):
        votes[PageType.FORUM] += 2.0
    for prop, value in structured.opengraph:
        if prop == "og:type":
            vote = _OG_VOTES.get(value.strip().lower().replace(":", "."))
            if vote is not None:
                votes[vote[0]] += vote[1]
            break


def _citation_votes(metadata: Metadata, votes: Votes) -> None:
    """A dated, signed text is an article; a page with neither is a landing page unless
    stronger evidence names another kind."""
    if metadata.published:
        votes[PageType.ARTICLE] += 1.0
    if metadata.author:
        votes[PageType.ARTICLE] += 1.0
    if not metadata.published and not metadata.author:
        votes[PageType.SERVICE] += 2.0


def _url_votes(url: str | None, votes: Votes) -> None:
    if not url:
        return
    parts = urlsplit(url)
    path = parts.path.lower()
    if path in ("", "/"):
        votes[PageType.SERVICE] += 1.0  # a site's home page is its landing page
        return
    for pattern, page_type, weight in _URL_VOTES:
        if pattern.search(path):
            if page_type is PageType.FORUM and _THREAD_ID.search(f"{path}?{parts.query}"):
                weight = _THREAD_URL_WEIGHT
            votes[page_type] += weight


#: A thread's number in its address (``/t/slug/6891``, ``viewtopic.php?t=487157``): a
#: forum path with one names one thread, not a topic's index or a tag page
#: (``/topic/software``, ``/topics/machine-learning``), and votes enough on its own to
#: outweigh a date or a byline alone. It turns 11 wx forum pages voted article or listing
#: into threads and no other page (sh and tr: none): wx CHECK +0.0001, TUNE +0.0003.
_THREAD_ID = re.compile(r"/\d{3,}(?:[/.?-]|$)|=\d{3,}(?:\.\d+)?(?:&|$)")
_THREAD_URL_WEIGHT = 2.0


def _words(el: HtmlElement) -> frozenset[str]:
    return _value_words(el.get("class", ""), el.get("id", ""))


@lru_cache(maxsize=8192)
def _value_words(cls: str, ident: str) -> frozenset[str]:
    """Word tokens of a class/id, glued compounds too (``post-body`` -> ``postbody``)."""
    value = f"{cls} {ident}".lower()
    return frozenset(_WORD.findall(value.replace("-", "").replace("_", ""))) | frozenset(
        _WORD.findall(value))


def _markup_votes(root: HtmlElement, votes: Votes, source: str) -> None:
    """Markup evidence; substring tests on the page's source skip the tree searches that
    cannot find anything (no price itemprop)."""
    scan = _scan(root)
    prices = (len(owners(_PRICE_XPATH, root))
              if "itemprop" in source or "product:price" in source else 0)
    cards, priced = _card_runs(scan.parents)
    if cards and priced:
        votes[PageType.COLLECTION] += 2.5 if cards >= 2 * _MIN_CARDS else 1.5
    elif cards:
        votes[PageType.LISTING] += 2.0 if cards >= 2 * _MIN_CARDS else 1.0
    if scan.cart and not priced:
        votes[PageType.PRODUCT] += 2.5 if scan.cart <= 3 else 1.5
    if prices and not cards:
        votes[PageType.PRODUCT] += 1.0
    posts = _post_blocks(scan.posts)
    if posts >= _POSTS_MIN:
        votes[PageType.FORUM] += 3.0 if posts >= _POSTS_MANY else 2.0
    if scan.code >= 3:
        votes[PageType.DOCUMENTATION] += 1.5 if scan.code >= 8 else 0.75


_CART_TAGS = frozenset({"form", "button", "input"})
_CODE_TAGS = frozenset({"pre", "code"})
_CARD_TAGS = frozenset({"ul", "ol", "div", "section", "main"})
_POST_TAGS = frozenset({"div", "article", "li", "section", "tr", "table"})
_SCANNED_TAGS = tuple(sorted(_CART_TAGS | _CODE_TAGS | _CARD_TAGS | _POST_TAGS))


class _Scan(NamedTuple):
    cart: int  # buy controls
    code: int  # <pre> and <code> elements
    parents: list[HtmlElement]  # card-run candidates: boxes with enough children
    posts: dict[str, list[HtmlElement]]  # post-classed blocks by class value


def _scan(root: HtmlElement) -> _Scan:
    """Everything the markup votes count, in one walk (a walk builds and frees a Python
    proxy per element it yields: one walk filtered by tag in C instead of four)."""
    cart = code = 0
    parents: list[HtmlElement] = []
    posts: dict[str, list[HtmlElement]] = {}
    for el in root.iter(*_SCANNED_TAGS):  # filtered in C: spans, links, svg never surface
        tag = el.tag
        if tag in _CART_TAGS:
            cart += _is_cart(el)
        elif tag in _CODE_TAGS:
            code += 1
        if tag in _CARD_TAGS and len(el) >= _MIN_CARDS:
            parents.append(el)
        if tag in _POST_TAGS:
            cls = el.get("class")
            if cls and _post_class(cls):
                posts.setdefault(cls, []).append(el)
    return _Scan(cart, code, parents, posts)


def _is_cart(el: HtmlElement) -> bool:
    if el.tag == "form":
        action = el.get("action", "")
        return "cart" in action or "basket" in action
    if el.tag == "input" and el.get("type") not in ("submit", "button"):
        return False
    label = " ".join((el.text_content() if el.tag != "input" else el.get("value", ""))
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
        if len(kids) < _MIN_CARDS or len(kids) <= best:
            continue
        classes = Counter((c.tag, c.get("class", "")) for c in kids)
        (tag, cls), count = classes.most_common(1)[0]
        if count < _MIN_CARDS or count <= best or (tag == "li" and not cls and count < 12):
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
    text = " ".join(card.text_content().split())
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
def _post_class(cls: str) -> bool:
    """``_value_words(cls, "") & _POST_WORDS``, as two regex searches: a token is a
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
        value = f"{node.get('class', '')} {node.get('id', '')}".lower()
        if _AUTHOR_STEM.search(value) and _words(node) & _AUTHOR_WORDS:
            return True
    return False


def _has_date(el: HtmlElement) -> bool:
    if el.find(".//time") is not None:
        return True
    for node in el.iter(etree.Element):
        if node is not el and node.get("class") and _words(node) & {"date", "time",
                                                                     "timestamp", "posted",
                                                                     "datetime"}:
            return True
    return False
