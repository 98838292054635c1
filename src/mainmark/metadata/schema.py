"""schema.org objects (from JSON-LD or microdata): which one describes the page.

A page's JSON-LD usually holds several objects: the article, the ``WebPage``
around it, the ``WebSite``, the publisher ``Organization``, a ``BreadcrumbList``,
sometimes the teasers of other articles. The main entity is chosen by kind
(an article beats a product or recipe, which beats a bare web page; sites,
organisations and breadcrumbs never describe the page) and, among objects of
the same kind, by whether its URL is the page's own. Values are read leniently:
a list where an object is expected gives its first usable member, a dict where
a string is expected gives its ``name``/``@value``/``url``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mainmark.metadata.constants import CUT
from mainmark.page.urls import split_url

_NON_ALNUM = re.compile(r"[\W_]+")

#: Kinds describing the page's main content, best first.
_ARTICLE = frozenset(
    [
        "Article",
        "NewsArticle",
        "BlogPosting",
        "Report",
        "ScholarlyArticle",
        "TechArticle",
        "ReportageNewsArticle",
        "AnalysisNewsArticle",
        "OpinionNewsArticle",
        "ReviewNewsArticle",
        "BackgroundNewsArticle",
        "LiveBlogPosting",
        "SocialMediaPosting",
        "DiscussionForumPosting",
        "Review",
        "CreativeWork",
        "MedicalScholarlyArticle",
        "SatiricalArticle",
        "AdvertiserContentArticle",
        "Thesis",
        "Chapter",
    ]
)
_THING = frozenset(
    [
        "Product",
        "ProductGroup",
        "IndividualProduct",
        "Recipe",
        "Event",
        "VideoObject",
        "Course",
        "Book",
        "Movie",
        "JobPosting",
        "HowTo",
        "QAPage",
        "Question",
        "PodcastEpisode",
        "MusicRecording",
        "Dataset",
        "SoftwareApplication",
        "MobileApplication",
        "LocalBusiness",
        "Restaurant",
        "Hotel",
        "Place",
        "Vehicle",
        "Car",
        "Offer",
    ]
)
_PAGE = frozenset(
    [
        "WebPage",
        "ItemPage",
        "AboutPage",
        "CollectionPage",
        "ProfilePage",
        "FAQPage",
        "ContactPage",
        "SearchResultsPage",
        "MedicalWebPage",
        "RealEstateListing",
        "CheckoutPage",
    ]
)
_SITE = frozenset({"WebSite", "Organization", "NewsMediaOrganization", "Corporation"})


@dataclass(frozen=True, slots=True)
class Entity:
    """One typed object and the signal it came from (``jsonld`` or ``microdata``)."""

    data: dict[str, Any]
    types: tuple[str, ...]
    source: str


def types_of(obj: dict[str, Any]) -> tuple[str, ...]:
    """The short schema.org names of ``@type`` (one or a list), prefixes stripped.

    ``http://schema.org/Article`` and ``schema:Article`` both give ``Article``, so type tests
    need not know how a page spelled the vocabulary.
    """
    kind = obj.get("@type")
    values = kind if isinstance(kind, list) else [kind]
    return tuple(
        t.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
        for t in values
        if isinstance(t, str) and t
    )


def entities(objects: Sequence[dict[str, Any]], source: str) -> Iterator[Entity]:
    """Every typed object, nested ones (``mainEntity``, ``itemListElement``) included."""
    stack: list[Any] = list(reversed(objects))
    seen = 0
    while stack and seen < CUT.schema_max_walk:
        obj = stack.pop()
        seen += 1
        if isinstance(obj, list):
            stack.extend(reversed(obj))
            continue
        if not isinstance(obj, dict):
            continue
        kinds = types_of(obj)
        if kinds:
            yield Entity(obj, kinds, source)
        for key in ("mainEntity", "mainEntityOfPage", "about", "hasPart", "@graph"):
            child = obj.get(key)
            if isinstance(child, (dict, list)):
                stack.append(child)


def rank(entity: Entity) -> int:
    """Lower is better; 9 for kinds that never describe the page."""
    kinds = set(entity.types)
    if kinds & _ARTICLE:
        return 0
    if kinds & _THING:
        return 1
    if kinds & _PAGE:
        return 2
    return 9


def is_article(entity: Entity) -> bool:
    """An article kind (news, blog post, report, review...), not a product or a page."""
    return bool(set(entity.types) & _ARTICLE)


def main_entity(
    found: Sequence[Entity], page_urls: Sequence[str | None], titles: Sequence[str] = ()
) -> Entity | None:
    """The object describing the page: best kind, then own URL or own headline, then first.

    Listing pages mark up every teaser as an Article; the page's own one carries
    its URL or the headline the page shows.
    """
    if not found:
        return None
    wanted = {_url_key(u) for u in page_urls if u}
    wanted.discard("")
    title_keys = {_title_key(t) for t in titles if t}
    title_keys.discard("")
    best: tuple[int, int, int] | None = None
    chosen = None
    for index, entity in enumerate(found):
        kind_rank = rank(entity)
        if kind_rank == 9 or _faq_entry(entity):
            continue
        data = entity.data
        own = (
            _url_key(text_of(data.get("url")) or "") in wanted
            or _url_key(text_of(data.get("mainEntityOfPage"), "@id", "url") or "") in wanted
        )
        if not own and title_keys:
            heading = text_of(data.get("headline")) or text_of(data.get("name")) or ""
            own = _title_key(heading) in title_keys
        key = (kind_rank, 0 if own else 1, index)
        if best is None or key < best:
            best, chosen = key, entity
    return chosen


#: What a forum or Q&A question carries and an FAQ entry does not: who asked, when, answers.
_ASKED = ("author", "dateCreated", "datePublished", "answerCount", "upvoteCount")


def _faq_entry(entity: Entity) -> bool:
    """A question of an FAQ block: the page answers it, but it is not what the page is.

    Service and article pages append an ``FAQPage`` whose ``Question`` items would
    otherwise outrank the ``WebPage``; a Q&A page's own question names its asker or its
    answers (``QAPage``/forum markup) and stays a candidate.
    """
    if "Question" not in entity.types:
        return False
    return not any(entity.data.get(key) for key in _ASKED)


def _title_key(text: str) -> str:
    return _NON_ALNUM.sub("", text.casefold())


def site_entities(found: Sequence[Entity]) -> Iterator[Entity]:
    """The entities that describe the site or its publisher, not the page.

    Their ``name`` is a site name, never a title or an author, so callers read it only
    for the site-name field.
    """
    return (e for e in found if set(e.types) & _SITE)


def _url_key(url: str) -> str:
    parts = split_url(url.strip())
    if parts is None:
        return ""
    host = (parts.hostname or "").removeprefix("www.")
    return host + parts.path.rstrip("/") if host else ""


def text_of(value: Any, *keys: str) -> str | None:
    """A string out of a JSON-LD value: strings as is, dicts by key, lists by first match."""
    lookup = keys or ("name", "@value", "url", "@id")
    stack = [value]
    steps = 0
    while stack and steps < CUT.jsonld_text_max_steps:
        steps += 1
        item = stack.pop(0)
        if isinstance(item, str):
            if item.strip():
                return item.strip()
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            return str(item)
        elif isinstance(item, list):
            stack[0:0] = item[:20]
        elif isinstance(item, dict):
            stack[0:0] = [item[k] for k in lookup if k in item]
    return None


def texts_of(value: Any, *keys: str) -> list[str]:
    """Every string out of a value that may be a list (authors, images, keywords)."""
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items[:50]:
        text = text_of(item, *keys)
        if text:
            out.append(text)
    return out


def id_index(found: Sequence[Entity]) -> dict[str, dict[str, Any]]:
    """``@id`` -> object, for resolving references (Yoast's ``"author": {"@id": ...}``)."""
    index: dict[str, dict[str, Any]] = {}
    for entity in found:
        ref = entity.data.get("@id")
        if isinstance(ref, str) and ref and len(entity.data) > 1:
            index.setdefault(ref, entity.data)
    return index


def resolve(value: Any, index: Mapping[str, dict[str, Any]]) -> Any:
    """``value`` with bare ``{"@id": ...}`` references replaced by the objects they name."""
    if isinstance(value, list):
        return [resolve(v, index) if isinstance(v, dict) else v for v in value[:50]]
    if isinstance(value, dict) and isinstance(value.get("@id"), str) and "name" not in value:
        return index.get(value["@id"], value)
    return value


def author_names(value: Any, index: Mapping[str, dict[str, Any]] | None = None) -> list[str]:
    """Names of a schema.org ``author``/``creator``: Person/Organization objects or strings.

    References are resolved through ``index``; an unresolved URL-only author
    (``{"@id": "https://…/#person"}``) gives nothing rather than a URL.
    """
    if index:
        value = resolve(value, index)
    names = []
    for text in texts_of(value, "name", "@value"):
        if not text.startswith(("http://", "https://", "/", "#")):
            names.append(text)
    if names:
        return names
    items = value if isinstance(value, list) else [value]
    for item in items[:50]:
        if isinstance(item, dict):
            given, family = text_of(item.get("givenName")), text_of(item.get("familyName"))
            if given or family:
                names.append(" ".join(p for p in (given, family) if p))
    return names


@dataclass(frozen=True, slots=True)
class Price:
    """An offer's price as text (two decimals unless whole, dot mark), currency and availability."""

    price: str | None
    currency: str | None
    availability: str | None


def offer_price(value: Any) -> Price | None:
    """Price, currency and availability of ``offers``: one Offer, a list, or AggregateOffer.

    A list gives its lowest price (the "from" price a shop shows); an AggregateOffer
    gives ``lowPrice`` (``price`` when it has one).
    """
    items = value if isinstance(value, list) else [value]
    best: tuple[float, Price] | None = None
    for item in items[:200]:
        if not isinstance(item, dict):
            continue
        nested = item.get("offers")
        if "AggregateOffer" in types_of(item) or "lowPrice" in item:
            raw = text_of(item.get("price")) or text_of(item.get("lowPrice"))
        else:
            raw = text_of(item.get("price"))
            spec = item.get("priceSpecification")
            if raw is None and isinstance(spec, (dict, list)):
                raw = text_of(spec, "price")
        if raw is None and isinstance(nested, (dict, list)):
            inner = offer_price(nested) if nested is not value else None
            if inner is not None:
                raw = inner.price
        amount = _amount(raw)
        if amount is None:
            continue
        currency = text_of(item.get("priceCurrency")) or text_of(
            item.get("priceSpecification"), "priceCurrency"
        )
        avail = text_of(item.get("availability"))
        found = Price(_price_text(amount), currency, availability_name(avail))
        if best is None or amount < best[0]:
            best = (amount, found)
    return best[1] if best else None


def _amount(raw: str | None) -> float | None:
    """A number out of ``"1.299,00"``, ``"1,299.00"``, ``"19.99"``; ``None`` if not a price."""
    if raw is None:
        return None
    text = "".join(ch for ch in raw if ch.isdigit() or ch in ",.")
    if not text or not any(ch.isdigit() for ch in text):
        return None
    if "," in text and "." in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        text = text.replace(thousands, "").replace(decimal, ".")
    elif "," in text:
        head, _, tail = text.rpartition(",")
        text = f"{head.replace(',', '')}.{tail}" if len(tail) != 3 else text.replace(",", "")
    try:
        amount = float(text)
    except ValueError:
        return None
    return amount if amount >= 0 and amount < CUT.max_price_amount else None


def price_text(raw: str | None) -> str | None:
    """A page's price string in one machine form: ``"1.299,00"`` -> ``"1299"``."""
    amount = _amount(raw)
    return None if amount is None else _price_text(amount)


def _price_text(amount: float) -> str:
    """Whole amounts without decimals, others with two (cents), dot as decimal mark."""
    return f"{amount:.2f}" if amount % 1 else f"{amount:.0f}"


#: The schema.org ItemAvailability members, by their letters-only lowercase key.
_AVAILABILITY = {
    name.lower(): name
    for name in (
        "BackOrder", "Discontinued", "InStock", "InStoreOnly", "LimitedAvailability",
        "MadeToOrder", "OnlineOnly", "OutOfStock", "PreOrder", "PreSale", "Reserved", "SoldOut",
    )
}  # fmt: skip
_NOT_LETTERS = re.compile(r"[^a-z]")


def availability_name(value: str | None) -> str | None:
    """``InStock`` for "https://schema.org/InStock", "instock", "In stock", "in_stock"."""
    if not value:
        return None
    tail = value.strip().rstrip("/").rsplit("/", 1)[-1]
    return _AVAILABILITY.get(_NOT_LETTERS.sub("", tail.lower()))

