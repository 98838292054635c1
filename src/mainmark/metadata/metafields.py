"""Field helpers for :mod:`mainmark.metadata`: meta-key vocabularies and value parsers.

The vocabularies list, per field, the ``<meta>`` names and properties that carry
it, most deliberately written first (OpenGraph and article keys before generic
ones like ``date``); they are data, kept apart from the logic that walks them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from itertools import islice

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.constants import CUT
from mainmark.metadata.dates import parse_date
from mainmark.metadata.titles import clean_text
from mainmark.page.urls import split_url

# ---- vocabularies: meta keys per field, most deliberate first ----------------------------
#: Author keys. ``article:author`` is often a profile URL (Facebook's spec), filtered later.
AUTHOR_META = (
    "author", "article:author", "dc.creator", "dcterms.creator", "citation_author",
    "parsely-author", "sailthru.author", "byl", "twitter:creator:name",
)  # fmt: skip
PUBLISHED_META = (
    "article:published_time", "og:published_time", "article:published", "datepublished",
    "published_time", "publishdate", "publish-date", "publish_date", "pubdate", "dc.date.issued",
    "dcterms.issued", "citation_publication_date", "citation_date", "parsely-pub-date",
    "sailthru.date", "article.published", "date", "dc.date", "dcterms.date", "dcterms.created",
    "dc.date.created", "og:article:published_time", "cxenseparse:recs:publishtime",
    "created", "creation_date", "release_date",
)  # fmt: skip
MODIFIED_META = (
    "article:modified_time", "og:updated_time", "og:article:modified_time", "datemodified",
    "dcterms.modified", "dc.date.modified", "last-modified", "lastmod", "modified",
    "article.updated", "revised",
)  # fmt: skip
TITLE_META = ("dc.title", "dcterms.title", "title", "citation_title", "parsely-title")
SITE_META = ("application-name", "apple-mobile-web-app-title")
LANG_META = ("content-language", "language", "dc.language", "dcterms.language")
DESCRIPTION_META = ("description", "og:description", "twitter:description", "dc.description")
KEYWORD_META = ("keywords", "news_keywords", "article:tag", "parsely-tags")
OG_TYPES = {"article": "Article", "product": "Product", "book": "Book", "profile": "ProfilePage",
             "website": "WebSite", "music.song": "MusicRecording", "video.movie": "Movie",
             "video.other": "VideoObject", "video.episode": "TVEpisode"}  # fmt: skip

#: Meta names of a publication date outside the list above, by what they say
#: ("published", "w-published-date", "publication_date", "pub-date").
_PUBLISHED_KEY = re.compile(r"(?:^|[\W_])(?:publish(?:ed|ing)?|publication|pub)(?:$|[\W_])")
_NOT_PUBLISHED_KEY = re.compile(r"modif|updat|revis|expir|publisher|author|name|url|type")


def published_keys(meta: dict[str, list[str]]) -> list[str]:
    """Meta names naming a publication date that :data:`PUBLISHED_META` does not list,
    those saying "date" first (a "published-time" beside it is often the render time)."""
    keys = [
        key for key in meta
        if key not in PUBLISHED_META
        and _PUBLISHED_KEY.search(key)
        and not _NOT_PUBLISHED_KEY.search(key)
    ]
    return sorted(keys, key=lambda key: "date" not in key)


def itemprop_values(root: HtmlElement, prop: str) -> list[str]:
    """``content`` of ``<meta itemprop=prop>`` anywhere: themes print microdata stamps
    in the body outside any itemscope, where the microdata reader does not see them."""
    out = []
    for el in islice(root.iter("meta"), CUT.max_itemprop_meta):
        if el.get("itemprop") == prop:
            content = (el.get("content") or "").strip()
            if content:
                out.append(content)
    return out


_URL_DATE = re.compile(
    r"/((?:19|20)\d{2})[/_-](0?[1-9]|1[0-2])[/_-](0?[1-9]|[12]\d|3[01])(?:/|[_-]|$)"
)
_URL_DATE_DMY = re.compile(
    r"(?<![\d])(0?[1-9]|[12]\d|3[01])[_-](0?[1-9]|1[0-2])[_-]((?:19|20)\d{2})(?![\d])"
)
_LANG_TAG = re.compile(r"^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$", re.IGNORECASE)


def is_url(value: str) -> bool:
    """Whether a meta value looks like a link (absolute, ``www.`` or a path).

    Author and keyword fields often hold a profile URL instead of a name; such values are
    kept out of the name fields.
    """
    return value.strip().lower().startswith(("http://", "https://", "www.", "/"))


def url_date(url: str | None) -> str | None:
    """A publication day written in the URL path (``/2019/10/31/``, ``/31-10-2019-slug``)."""
    parts = split_url(url) if url else None
    if parts is None:
        return None
    path = parts.path
    match = _URL_DATE.search(path)
    if match is not None:
        return parse_date(f"{match[1]}-{int(match[2]):02d}-{int(match[3]):02d}")
    match = _URL_DATE_DMY.search(path)
    if match is not None:
        return parse_date(f"{match[3]}-{int(match[2]):02d}-{int(match[1]):02d}")
    return None


def one_day_apart(first: str, second: str) -> bool:
    """Whether two ISO days are exactly one day apart (``False`` if either does not parse).

    A UTC stamp and the page's local day differ by one across midnight; this is the test
    that lets the local day win without trusting an unrelated date.
    """
    try:
        gap = date.fromisoformat(first) - date.fromisoformat(second)
    except ValueError:
        return False
    return abs(gap.days) == 1


def bcp47(value: str | None) -> str | None:
    """``en_us`` -> ``en-US``; ``None`` for values that are not language tags."""
    if not value:
        return None
    tag = value.strip().split(",")[0].split(";")[0].strip().replace("_", "-")
    if not _LANG_TAG.match(tag):
        return None
    parts = tag.split("-")
    out = [parts[0].lower()]
    for part in parts[1:]:
        out.append(part.title() if len(part) == 4 else part.upper())
    return "-".join(out)


def split_keywords(values: Iterable[str]) -> tuple[str, ...]:
    """Comma-separated keyword values as one list, case-insensitively de-duplicated.

    The first spelling of a keyword is kept, each is cleaned and cut to 100 characters,
    and at most :data:`CUT.max_keywords` are kept, since some pages stuff hundreds.
    """
    words: dict[str, str] = {}
    for value in values:
        for word in str(value).split(","):
            word = clean_text(word, 100)
            if word:
                words.setdefault(word.casefold(), word)
            if len(words) >= CUT.max_keywords:
                return tuple(words.values())
    return tuple(words.values())


#: The revision line wiki engines print on every page: MediaWiki's footer ("This page was
#: last edited on 4 November 2020"), MoinMoin's and Wikidot's page info ("last edited
#: 2019-11-10"). A wiki page has no publication date; the revision shown dates it.
#: ``id()`` reads libxml2's id table: a lookup, where ``//*[@id=...]`` walks every element
#: (1.4 ms a page on sh, for a last-resort signal).
REVISION_LINE = etree.XPath("id('footer-info-lastmod pageinfo page-info')")

#: Subtrees whose text is never page text (scripts, styles, templates, drawings).
SKIP_TEXT_TAGS = frozenset({"script", "style", "noscript", "template", "svg"})


def elements(xpath: etree.XPath, node: HtmlElement) -> list[HtmlElement]:
    """An element-selecting XPath's result, typed (lxml's own type is a union)."""
    result = xpath(node)
    return [el for el in result if isinstance(el, HtmlElement)] if isinstance(result, list) else []


def owners(xpath: etree.XPath, node: HtmlElement) -> list[HtmlElement]:
    """The elements an attribute-selecting XPath found, each once, in document order.

    ``//*[@a or contains(@b, 'x') ...]`` evaluates every predicate on every element;
    the union ``//@a | //@b[contains(., 'x')]`` only looks at the attributes that
    exist, two to four times faster on real pages, and selects the same elements: a
    union comes back in document order, where an element's attributes follow it, so
    the owners of one element's several matches are neighbours. Element results (a
    ``| descendant::address`` branch) are taken as they are.
    """
    result = xpath(node)
    found: list[HtmlElement] = []
    if not isinstance(result, list):
        return found
    last: object = None
    for item in result:
        if isinstance(item, HtmlElement):
            el: HtmlElement | None = item
        else:
            parent = getattr(item, "getparent", None)
            el = parent() if parent is not None else None
        if isinstance(el, HtmlElement) and el is not last:
            found.append(el)
            last = el
    return found


#: The events of a document-order walk in which every text node of a subtree shows up:
#: an element's text at its start, its tail at its end, a comment's or processing
#: instruction's tail at the node itself.
_TEXT_EVENTS = ("start", "end", "comment", "pi")


def body_texts(root: HtmlElement, wanted: Callable[[str], object], *, shorter_than: int,
               limit: int) -> list[tuple[str, etree._Element, bool]]:
    """``(text, owner, is_tail)`` of the text nodes under the page's ``<body>`` of fewer
    than ``shorter_than`` characters that ``wanted`` accepts, in document order, at most
    ``limit``: what ``//body//text()[...]`` finds, with lxml's ``getparent()`` and
    ``is_tail`` of each (the owner of a tail is the node it follows, a comment's too).

    A pattern test in Python over a walk of the tree, not XPath predicates: libxml2 copies
    a text node's string for every ``contains()`` it evaluates, so a predicate of a dozen
    substrings cost twice this walk."""
    found: list[tuple[str, etree._Element, bool]] = []
    for body in root.getroottree().getroot().iter("body"):
        for event, node in etree.iterwalk(body, events=_TEXT_EVENTS):
            if event == "start":
                text, tail = node.text, False
            elif node is body:
                continue
            else:
                text, tail = node.tail, True
            if text and len(text) < shorter_than and wanted(text):
                found.append((text, node, tail))
                if len(found) >= limit:
                    return found
    return found
