"""Citation metadata: every signal a page offers, merged in a fixed order of trust.

Order of trust, per field (first signal that gives a usable value wins; the
signal is recorded in ``Metadata.sources``):

- **title**: an ``<h1>`` agreeing with a metadata title (see :mod:`mainmark.titles`),
  else JSON-LD ``headline``/``name`` of the main entity > ``og:title`` >
  ``twitter:title`` > microdata ``headline``/``name`` > Dublin Core / ``<meta
  name=title>`` > ``<title>``, each with the site name cut; else the first ``<h1>``.
- **author**: JSON-LD ``author``/``creator`` of the main entity (``@id`` references
  resolved) > microdata ``author`` > ``<meta name=author>``, ``article:author``
  (names, not URLs), Dublin Core ``creator``, ``citation_author``, parse.ly/sailthru
  keys > DOM bylines near the headline (``rel=author``, ``itemprop=author``,
  class/id ``author``/``byline``, ``<address>``, a "By …"/"Von …"/"Text: …" line,
  a bare "Von" label followed by the name) > the same markup in the ``<article>``
  around the headline (or the page, when no headline was found), outside comments
  and sidebars. A value that only names the site
  ("tagesschau.de") is a fallback: any later signal naming someone else wins.
- **published**: the one full date printed in the header lines around the headline
  (the dateline), when it differs from the stamp below; else JSON-LD
  ``datePublished`` (then ``dateCreated``, ``uploadDate``) of the main entity >
  microdata > ``article:published_time`` and other meta date keys; else, with no
  stamp, the dateline > ``<time>`` marked as publication, then ``<time>`` near the
  headline > a date in the URL path > a date-classed element or short line near the
  headline > any other ``<time>``. A UTC stamp is moved to the page's local time
  when its language or region settles the zone (:func:`mainmark.dates.localize`);
  a zoned stamp one day off the URL's date gives the URL's day.
  **modified**: ``dateModified`` > ``article:modified_time``/``og:updated_time``
  and meta keys. Publication beats modification: a page's ``date`` is its
  publication day, and ``published`` is never filled from a modification date.
  Numeric dates follow :mod:`mainmark.dates` (ambiguous ``03/04/2020`` only under a
  locale that settles it).
- **canonical_url**: ``<link rel=canonical>`` > ``og:url`` > JSON-LD ``url``,
  resolved against the page's base URL.
- **site_name**: ``og:site_name`` > JSON-LD ``WebSite`` name > publisher name >
  ``application-name``.
- **language**: ``<html lang>`` > ``<meta http-equiv=content-language>`` and
  ``language``/``dc.language`` meta > the ``Content-Language`` header > ``og:locale``
  > JSON-LD ``inLanguage``. The page's own declaration beats the server's.
- **description**: ``<meta name=description>`` > ``og:description`` >
  ``twitter:description`` > JSON-LD ``description``.
- **image**: ``og:image`` > ``twitter:image`` > JSON-LD ``image`` > ``link rel=image_src``.
- **type**: the main entity's schema.org type, else ``og:type`` mapped to schema.org.
- **keywords**: JSON-LD ``keywords`` > ``<meta name=keywords>``/``news_keywords`` >
  ``article:tag``.
- **price/currency/availability**: JSON-LD ``offers`` of the main entity >
  microdata ``offers`` > ``product:price:amount``/``og:price:amount`` meta.

Structured data outranks meta tags and meta tags outrank the DOM because each
step is less deliberately written for machines: JSON-LD is read by search engines
and validated by publishers, meta tags are filled by CMS templates, DOM text is
prose. Bad values at any step (an unparsable date, a URL as author name, a
10,000-character title) are dropped or capped and the next signal is tried.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any, TypeVar
from urllib.parse import urljoin, urlsplit

from lxml.html import HtmlElement

from mainmark.metadata import metafields as mf
from mainmark.metadata import pagesignals as sig
from mainmark.metadata.authors import clean_authors
from mainmark.metadata.dates import localize, parse_date
from mainmark.metadata.headline_dom import Dom
from mainmark.metadata.schema import (
    Entity,
    author_names,
    entities,
    id_index,
    main_entity,
    offer_price,
    price_text,
    resolve,
    site_entities,
    text_of,
    texts_of,
)
from mainmark.metadata.structured import Structured
from mainmark.metadata.titles import (
    choose_title,
    clean_text,
    headline_element,
    is_site_name,
    site_keys,
    title_keys,
)
from mainmark.model import Content, Metadata
from mainmark.page.parse import Page

_T = TypeVar("_T")

_MAX_DESCRIPTION = 1_000
_MAX_URL = 2_000
_MAX_DOM_AUTHORS = 4
#: A dateline is short ("Berlin, 28.10.2021, 058/21"); a longer header line is a
#: subtitle that may name some other day (an event, a deadline).
_DATELINE = 64
#: Header dates are trusted over stamps only with the year written out: "11.03.17"
#: is day-first in Germany and month-first on some US sites.
_FULL_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
#: A stamp with a time of day in UTC or in no zone: its day depends on where it is read.
_UTC_OR_FLOATING = re.compile(
    r"^\d{4}-\d{2}-\d{2}T(?!00:00:00)\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:\+00:00|Z)?$")
#: A bare dateline has at most this many words besides its numbers ("Published: March 3,
#: 2020", "von Max Muster, 26.12.2019"); a sentence that mentions a date has more.
_BARE_WORDS = 3
#: Characters of a wiki revision line read for its date.
_SHORT_TEXT = 300
#: Lines of the main content read for a dateline when the page gave no other date.
_TOP_LINES = 20
#: How many levels up the article header is looked for (siblings before the content box).
_HEADER_LEVELS = 2
_WORD = re.compile(r"[^\W\d_]{2,}")


def extract_metadata(
    page: Page, structured: Structured, *, headers: Mapping[str, str] | None = None
) -> Metadata:
    """Citation metadata of ``page``; never raises, any field may be ``None``."""
    if page.root is None:
        return Metadata(url=page.url)
    return _Extraction(page, structured, headers or {}).run()


def date_from_content(metadata: Metadata, content: Content) -> Metadata:
    """``metadata`` with a publication date read from the top of the main content.

    The last resort, for pages with no stamp, ``<time>``, dated URL or dateline by a
    headline found from the title (forums, wikis, club and agency news whose title
    tag names only the section): a bare dateline ("01.02.2022", "am 29.12.2010,
    13:36 Uhr") among the first lines of the content selection found. Only the top
    is read: dates further down belong to events, comments or quoted sources.
    """
    if metadata.published is not None or not content.roots:
        return metadata
    # The content's top first, then the article header just before it: templates often
    # keep the dateline beside the headline, outside the box the text was taken from.
    for roots in (content.roots, _header_boxes(content.roots[0])):
        for line in _top_lines(roots):
            if len(line) > _DATELINE or not _FULL_YEAR.search(line) or not _is_bare(line):
                continue
            parsed = parse_date(line, metadata.language)
            if parsed:
                sources = {**metadata.sources, "published": "content:dateline"}
                return replace(metadata, published=parsed, sources=sources)
    return metadata


def _header_boxes(root: HtmlElement) -> list[HtmlElement]:
    """Siblings before ``root`` and before its parent, in document order."""
    boxes: list[HtmlElement] = []
    node: HtmlElement | None = root
    for _ in range(_HEADER_LEVELS):
        if node is None or node.tag in ("body", "html"):
            break
        boxes = [s for s in node.itersiblings(preceding=True)
                 if isinstance(s.tag, str)][::-1] + boxes
        node = node.getparent()
    return boxes


def _is_bare(line: str) -> bool:
    """A dateline rather than a sentence that mentions a date (see ``_BARE_WORDS``)."""
    return len(_WORD.findall(line)) <= _BARE_WORDS


def _top_lines(roots: list[HtmlElement]) -> Iterator[str]:
    """The first text runs under ``roots`` in document order.

    Pruned nodes are read too: a dateline box ("01.02.2022 | Kategorie: Verband")
    is often pruned from the text as page furniture, yet it dates the article.
    """
    seen = 0
    for root in roots:
        # (element, closing): an element's text comes before its children's, its tail
        # after them; the root's own tail is outside it.
        stack: list[tuple[HtmlElement, bool]] = [(root, False)]
        while stack:
            el, closing = stack.pop()
            if closing:
                text = el.tail if el is not root else None
            else:
                stack.append((el, True))
                stack.extend((child, False) for child in reversed(el))
                text = el.text if isinstance(el.tag, str) else None
            line = " ".join(text.split()) if text else ""
            if line:
                yield line
                seen += 1
                if seen >= _TOP_LINES:
                    return


class _Extraction:
    """The signals of one page, read once, and the per-field choices over them."""

    def __init__(self, page: Page, structured: Structured, headers: Mapping[str, str]) -> None:
        assert page.root is not None
        self.page = page
        self.root = page.root
        self.base = sig.base_url(self.root, page.url)
        self.headers = {str(k).lower(): str(v) for k, v in headers.items()}
        self.meta = sig.meta_values(self.root)
        self.links = sig.link_hrefs(self.root)
        self.h1s = sig.headings(self.root)
        self._dom: Dom | None = None
        for prop, value in structured.opengraph:
            if prop not in self.meta:
                self.meta[prop] = [value]
        found_ld = list(entities(structured.jsonld, "jsonld"))
        found_md = list(entities(structured.microdata, "microdata"))
        self.entities = found_ld + found_md
        self.ids = id_index(self.entities)
        page_urls = [page.url, self._first("og:url"), self.links.get("canonical")]
        titles = [text for _, text in self.h1s[:3]] + self.meta.get("og:title", [])[:1]
        self.main: Entity | None = main_entity(found_ld, page_urls, titles) or main_entity(
            found_md, page_urls, titles
        )
        self.md_main = main_entity(found_md, page_urls, titles)
        self.sources: dict[str, str] = {}
        self._anchor_title: str | None = None
        self.site_keys: list[str] = []

    def _first(self, *keys: str) -> str | None:
        for key in keys:
            for value in self.meta.get(key, ()):
                if value.strip():
                    return value.strip()
        return None

    def _main_value(self, *keys: str) -> tuple[Any, str] | None:
        for entity in (self.main, self.md_main):
            if entity is None:
                continue
            for key in keys:
                value = entity.data.get(key)
                if value not in (None, "", [], {}):
                    return value, entity.source
        return None

    def run(self) -> Metadata:
        language = self._language()
        site_name = self._site_name()
        names = [site_name, *(text_of(e.data.get("name")) for e in site_entities(self.entities))]
        self.site_keys = site_keys(names, self.page.url)
        fields: dict[str, Any] = {
            "url": self.page.url,
            "language": language,
            "site_name": site_name,
            "title": self._title(),
            "author": self._author(),
            "published": self._published(language),
            "modified": self._modified(language),
            "canonical_url": self._canonical(),
            "description": self._description(),
            "image": self._image(),
            "type": self._type(),
            "keywords": self._keywords(),
        }
        fields.update(self._price())
        return Metadata(**fields, sources=dict(self.sources))

    def _set(self, field: str, value: _T, source: str) -> _T:
        if value:
            self.sources[field] = source
        return value

    # ---- title ---------------------------------------------------------------------------
    def _title(self) -> str | None:
        candidates: list[tuple[str, str]] = []
        if self.main is not None and self.main.source == "jsonld":
            for key in ("headline", "name", "alternativeHeadline"):
                text = text_of(self.main.data.get(key), "@value", "name")
                if text:
                    candidates.append(("jsonld", text))
                    break
        for key, source in (("og:title", "opengraph"), ("twitter:title", "twitter")):
            text = self._first(key)
            if text:
                candidates.append((source, text))
        if self.md_main is not None:
            text = text_of(self.md_main.data.get("headline")) or text_of(
                self.md_main.data.get("name")
            )
            if text:
                candidates.append(("microdata", text))
        text = self._first(*mf.TITLE_META)
        if text:
            candidates.append(("meta", text))
        text = sig.title_tag(self.root)
        if text:
            candidates.append(("title", text))
        chosen = choose_title(candidates, [text for _, text in self.h1s],
                              title_keys(self.site_keys, self.page.url))
        if chosen is None:
            return None
        self._anchor_title = chosen[0]
        return self._set("title", chosen[0], chosen[1])

    @property
    def dom(self) -> Dom:
        """DOM lookups around the headline, built on first use (most pages never need it)."""
        if self._dom is None:
            self._dom = Dom(self.root, self._headline())
        return self._dom

    def _headline(self) -> HtmlElement | None:
        """The element showing the headline: an ``<h1>`` with its text, else an ``<h2>``/
        ``<h3>`` with exactly its text (blogs print the blog's name as ``<h1>``), else a
        lone ``<h1>``."""
        title = self._anchor_title
        found = headline_element(self.h1s, title, lone=False)
        if found is None and title:
            found = headline_element(sig.subheadings(self.root), title, lone=False)
        return found if found is not None else headline_element(self.h1s, title)

    # ---- author --------------------------------------------------------------------------
    def _author(self) -> tuple[str, ...]:
        """The first trusted names that are not just the site's own name.

        A CMS often fills the author field with the publication ("tagesschau.de",
        the JSON-LD publisher repeated as author); that value is kept only when no
        later signal, down to the visible byline, names a person.
        """
        fallback: tuple[tuple[str, ...], str] | None = None
        for names, source in self._author_candidates():
            if all(is_site_name(name, self.site_keys) for name in names):
                fallback = fallback or (names, source)
                continue
            return self._set("author", names, source)
        if fallback is not None:
            return self._set("author", fallback[0], fallback[1])
        return ()

    def _author_candidates(self) -> Iterator[tuple[tuple[str, ...], str]]:
        for entity in (self.main, self.md_main):
            if entity is None:
                continue
            for key in ("author", "creator"):
                names = clean_authors(author_names(entity.data.get(key), self.ids))
                if names:
                    yield names, entity.source
                    break
        for key in mf.AUTHOR_META:
            names = clean_authors(v for v in self.meta.get(key, ()) if not mf.is_url(v))
            if names:
                yield names, f"meta:{key}"
        for signal, text in self.dom.bylines():
            names = clean_authors([text], strict=True)
            # More names than a byline holds: a tag or category list carrying an author class.
            if names and len(names) <= _MAX_DOM_AUTHORS:
                yield names, f"dom:{signal}"

    # ---- dates ---------------------------------------------------------------------------
    def _published(self, language: str | None) -> str | None:
        """The publication day the page shows, with the machine stamp's time when it agrees.

        A dateline printed with the headline is what a reader sees and a citation
        quotes; when it names another day than the stamp (a UTC conversion, a CMS
        stamping the draft's creation or a re-import), the dateline wins. It must
        be unambiguous (see :meth:`_header_date`), or read under the page's locale and
        land within a day of a stamp whose day a time zone can shift (a time of day in
        UTC or with no zone): "3/5/2022 22:41" on a Spanish page stamped
        ``2022-05-04T02:41+00:00`` is the 3rd of May in La Paz, not the 5th of March.
        """
        found = self._published_stamp(language)
        if found is None:
            return self._published_from_dom(language)
        stamp, source = found
        header = self._header_date()
        if header is not None and header[:10] != stamp[:10]:
            return self._set("published", header, f"dom:header<{source}")
        if header is None and _UTC_OR_FLOATING.match(stamp):
            local = self._header_date(language)
            if local is not None and mf.one_day_apart(local[:10], stamp[:10]):
                return self._set("published", local, f"dom:header<{source}")
        return self._set("published", stamp, source)

    def _published_stamp(self, language: str | None) -> tuple[str, str] | None:
        """The machine-readable publication stamp, on the page's local day."""
        found = self._main_value("datePublished", "dateCreated", "uploadDate")
        if found is not None:
            parsed = parse_date(text_of(found[0], "@value") or "", language)
            if parsed:
                return self._local_day(localize(parsed, language), found[1])
        for key in mf.PUBLISHED_META:
            for value in self.meta.get(key, ()):
                parsed = parse_date(value, language)
                if parsed:
                    return self._local_day(localize(parsed, language), f"meta:{key}")
        return None

    def _header_date(self, language: str | None = None) -> str | None:
        """The one date printed with the headline, read without guessing.

        Two different dates there (published and updated, or an event date) leave it
        open which one is the publication's, unless the nearest is a bare dateline
        ("26/12/2019", "Published March 3, 2020") and the others sit in sentences
        ("Protokoll der Sitzung vom 5.8.2019"); two bare ones are a published and
        updated pair in either order. An ambiguous ``03/04/2020`` or a two-digit
        year (``10.12.19``) is read only when ``language`` is given: a guess under the
        page's locale, which the caller checks against a machine stamp.
        """
        found: dict[str, str] = {}
        bare: list[str] = []
        nearest_bare = False
        for line in self.dom.header_lines():
            if len(line) > _DATELINE or (language is None and not _FULL_YEAR.search(line)):
                continue
            parsed = parse_date(line, language)
            if parsed:
                if _is_bare(line):
                    nearest_bare = nearest_bare or not found
                    bare.append(parsed)
                found.setdefault(parsed[:10], parsed)
        if len(found) == 1:
            return next(iter(found.values()))
        if nearest_bare and len({day[:10] for day in bare}) == 1:
            return bare[0]  # the other dates sit in sentences
        return None

    def _local_day(self, stamp: str, source: str) -> tuple[str, str]:
        """``stamp``, unless it is a zoned time a day off the date in the page's URL.

        Sites stamp metadata in UTC but file the article under the local day
        (``/2020/02/24/`` with ``2020-02-25T02:25+00:00``); the URL's day is the one
        the page shows, so it is kept, without the time that belongs to the other day.
        """
        url_day = mf.url_date(self.page.url) or mf.url_date(self._canonical_raw())
        if (
            url_day
            and len(stamp) > 19
            and stamp[:10] != url_day
            and mf.one_day_apart(stamp[:10], url_day)
        ):
            return url_day, f"url<{source}"
        return stamp, source

    def _published_from_dom(self, language: str | None) -> str | None:
        header = self._header_date()
        if header is not None:
            return self._set("published", header, "dom:header")
        times = list(self.dom.times())
        for signal, value in times:
            if signal != "time-page":
                parsed = parse_date(value, language)
                if parsed:
                    return self._set("published", parsed, f"dom:{signal}")
        for url in (self.page.url, self._canonical_raw()):
            day = mf.url_date(url)
            if day:
                return self._set("published", day, "url")
        for signal, text in self.dom.date_lines():
            if signal == "date-text" and not _is_bare(text):
                continue  # a sentence naming a day: an event, a deadline
            parsed = parse_date(text, language)
            if parsed:
                return self._set("published", parsed, f"dom:{signal}")
        for signal, value in times:
            parsed = parse_date(value, language)
            if parsed:
                return self._set("published", parsed, f"dom:{signal}")
        revision = self._revision_date(language)
        return self._set("published", revision, "dom:revision") if revision else None

    def _revision_date(self, language: str | None) -> str | None:
        """The date of a wiki's "last edited" line: the revision the page shows."""
        found = mf.elements(mf.REVISION_LINE, self.root)
        if not found:
            return None
        return parse_date(" ".join(found[0].text_content().split())[:_SHORT_TEXT], language)

    def _modified(self, language: str | None) -> str | None:
        found = self._main_value("dateModified")
        if found is not None:
            parsed = parse_date(text_of(found[0], "@value") or "", language)
            if parsed:
                return self._set("modified", parsed, found[1])
        for key in mf.MODIFIED_META:
            for value in self.meta.get(key, ()):
                parsed = parse_date(value, language)
                if parsed:
                    return self._set("modified", parsed, f"meta:{key}")
        revision = self._revision_date(language)
        return self._set("modified", revision, "dom:revision") if revision else None

    # ---- urls, site, language ------------------------------------------------------------
    def _absolute(self, href: str | None) -> str | None:
        if not href:
            return None
        href = href.strip()[:_MAX_URL]
        if href.lower().startswith(("javascript:", "data:", "mailto:")):
            return None
        try:
            absolute = urljoin(self.base or "", href)
        except ValueError:
            return None
        return absolute if urlsplit(absolute).scheme in ("http", "https") or not self.base else None

    def _canonical_raw(self) -> str | None:
        return self.links.get("canonical") or self._first("og:url")

    def _canonical(self) -> str | None:
        for source, href in (
            ("link-canonical", self.links.get("canonical")),
            ("opengraph", self._first("og:url")),
            ("jsonld", text_of(self.main.data.get("url")) if self.main else None),
        ):
            absolute = self._absolute(href)
            if absolute:
                return self._set("canonical_url", absolute, source)
        return None

    def _site_name(self) -> str | None:
        name = self._first("og:site_name")
        if name:
            return self._set("site_name", clean_text(name, 200), "opengraph")
        for entity in self.entities:
            if "WebSite" in entity.types:
                text = text_of(entity.data.get("name"))
                if text:
                    return self._set("site_name", clean_text(text, 200), entity.source)
        if self.main is not None:
            text = text_of(resolve(self.main.data.get("publisher"), self.ids), "name")
            if text and not mf.is_url(text):
                return self._set("site_name", clean_text(text, 200), self.main.source)
        name = self._first(*mf.SITE_META)
        return self._set("site_name", clean_text(name, 200), "meta") if name else None

    def _language(self) -> str | None:
        meta_lang = self._first(*mf.LANG_META)
        ld_lang = self._main_value("inLanguage")
        for source, value in (
            ("html-lang", sig.html_lang(self.root)),
            ("meta", meta_lang),
            ("header", self.headers.get("content-language")),
            ("opengraph", self._first("og:locale")),
            ("jsonld", text_of(ld_lang[0]) if ld_lang else None),
        ):
            tag = mf.bcp47(value)
            if tag:
                return self._set("language", tag, source)
        return None

    # ---- description, image, type, keywords, price ----------------------------------------
    def _description(self) -> str | None:
        for key in mf.DESCRIPTION_META:
            text = clean_text(self._first(key), _MAX_DESCRIPTION)
            if text:
                return self._set("description", text, f"meta:{key}")
        found = self._main_value("description")
        if found is not None:
            text = clean_text(text_of(found[0]), _MAX_DESCRIPTION)
            return self._set("description", text or None, found[1])
        return None

    def _image(self) -> str | None:
        found = self._main_value("image", "thumbnailUrl")
        for source, href in (
            ("opengraph", self._first("og:image", "og:image:url", "og:image:secure_url")),
            ("twitter", self._first("twitter:image", "twitter:image:src")),
            (
                found[1] if found else "jsonld",
                text_of(found[0], "url", "contentUrl", "@id") if found else None,
            ),
            ("link-image_src", self.links.get("image_src")),
        ):
            absolute = self._absolute(href)
            if absolute:
                return self._set("image", absolute, source)
        return None

    def _type(self) -> str | None:
        if self.main is not None:
            return self._set("type", self.main.types[0], self.main.source)
        if self.md_main is not None:
            return self._set("type", self.md_main.types[0], "microdata")
        og_type = (self._first("og:type") or "").lower()
        return self._set("type", mf.OG_TYPES.get(og_type), "opengraph")

    def _keywords(self) -> tuple[str, ...]:
        found = self._main_value("keywords")
        if found is not None:
            words = mf.split_keywords(texts_of(found[0]))
            if words:
                return self._set("keywords", words, found[1])
        for key in mf.KEYWORD_META:
            words = mf.split_keywords(self.meta.get(key, ()))
            if words:
                return self._set("keywords", words, f"meta:{key}")
        return ()

    def _price(self) -> dict[str, str | None]:
        for entity in (self.main, self.md_main, *self.entities):
            if entity is None or "offers" not in entity.data:
                continue
            found = offer_price(entity.data.get("offers"))
            if found is not None and found.price is not None:
                for name in ("price", "currency", "availability"):
                    if getattr(found, name):
                        self.sources[name] = entity.source
                return {"price": found.price, "currency": found.currency,
                        "availability": found.availability}  # fmt: skip
        amount = price_text(self._first("product:price:amount", "og:price:amount"))
        if amount:
            currency = self._first("product:price:currency", "og:price:currency")
            self.sources["price"] = "opengraph"
            if currency:
                self.sources["currency"] = "opengraph"
            return {"price": amount, "currency": currency, "availability": None}
        return {}
