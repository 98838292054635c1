"""Citation metadata: every signal a page offers, merged in a fixed order of trust.

Order of trust, per field (first signal that gives a usable value wins; the
signal is recorded in ``Metadata.sources``):

- **title**: an ``<h1>`` agreeing with a metadata title (see :mod:`mainmark.metadata.titles`),
  else JSON-LD ``headline``/``name`` of the main entity > ``og:title`` >
  ``twitter:title`` > microdata ``headline``/``name`` > Dublin Core / ``<meta
  name=title>`` > ``<title>``, each with the site name cut, except that ``og:title``
  (then ``twitter:title``) beats a JSON-LD title it disagrees with; the page's one headline
  ``<h1>`` instead on an article (by its structured data, ``og:type``, or an ``<h1>``
  inside ``<article>``) telling the same story and on a page whose only
  metadata title is ``<title>``; a metadata title no ``<h1>`` settled ends at its first
  spaced hyphen (two words or more before it); else the first ``<h1>``.
- **author**: JSON-LD ``author``/``creator`` of the main entity (``@id`` references
  resolved) > microdata ``author`` > ``<meta name=author>``, ``article:author``
  (names, not URLs), Dublin Core ``creator``, ``citation_author``, parse.ly/sailthru
  keys > a Twitter card data value labelled "Written by"/"Author" > DOM bylines near
  the headline (``rel=author``, ``itemprop=author``, class/id ``author``/``byline``,
  ``<address>``, a link to the author's page ``/author/<slug>``, a "By …"/"Von …"/
  "Text: …" line, a bare "Von" label followed by the name) > the same markup in the ``<article>``
  around the headline (or the page, when no headline was found), outside comments
  and sidebars > on a thread, its first poster > an author label anywhere in the body
  ("Written by …", "Autorin: …", an "Author" heading over the name), outside comments
  and sidebars; once the content is selected, a page still without an author takes a
  byline line from the content's top or the header boxes before it
  (:func:`mainmark.metadata.published.author_from_content`). A value that only names the site
  ("tagesschau.de") is a fallback: any later signal naming someone else wins. A
  "By ..." line printed with the headline that names none of the metadata's names
  (the CMS account that uploaded the page) wins over them.
- **published**: the one full date printed in the header lines around the headline
  (the dateline), when it differs from the stamp below, unless that stamp is an
  OpenGraph ``article:published_time``; else JSON-LD
  ``datePublished`` (then ``dateCreated``, ``uploadDate``) of the main entity >
  microdata > ``article:published_time`` and other meta date keys; else, with no
  stamp, the dateline > ``<time>`` marked as publication, then ``<time>`` near the
  headline > a date in the URL path > a date-classed element or short line near the
  headline > any other ``<time>`` > a wiki's revision line > a date-marked element
  anywhere on the page (off comments, sidebars, teasers, footers and lists of other
  pages; its text up to an update label); once the content is selected, a page still
  undated takes a bare dateline from the content's top, then from the header boxes
  before it, then from anywhere on the page off comments, sidebars, nav, forms and
  footers (:func:`mainmark.metadata.published.date_from_content`); a page that gives no
  publication date at all is dated by its modification stamp, the last resort (source
  ``modified``, low confidence: citation styles take the "last updated" day of a page
  that shows no publication date). A UTC stamp is moved
  to the page's local time when its language or region settles the zone
  (:func:`mainmark.metadata.dates.localize`); a zoned stamp one day off the URL's date gives the
  URL's day.
  **modified**: ``dateModified`` > ``article:modified_time``/``og:updated_time``
  and meta keys. Publication beats modification: a page's ``date`` is its
  publication day, and ``published`` is filled from a modification date only on a page
  that gives no publication date anywhere (see above).
  Numeric dates follow :mod:`mainmark.metadata.dates` (ambiguous ``03/04/2020`` only under a
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
from typing import Any
from urllib.parse import urljoin, urlsplit

from mainmark.metadata import metafields as mf
from mainmark.metadata import pagesignals as sig
from mainmark.metadata.authors import clean_authors
from mainmark.metadata.confidence import grade
from mainmark.metadata.constants import CUT
from mainmark.metadata.headline_lines import byline_lines
from mainmark.metadata.posters import in_reply, thread_posters
from mainmark.metadata.prices import DomOffer, itemprop_offer, visible_price
from mainmark.metadata.published import DateFields
from mainmark.metadata.schema import (
    author_names,
    availability_name,
    is_article,
    offer_price,
    price_text,
    resolve,
    site_entities,
    text_of,
    texts_of,
)
from mainmark.metadata.structured import Structured
from mainmark.metadata.titles import (
    NAME_NOT_TITLE,
    choose_title,
    clean_text,
    is_site_name,
    site_keys,
    title_keys,
)
from mainmark.model import Confidence, Metadata
from mainmark.page.parse import Page

#: DOM byline signals whose markup says the text is the author: user names count there.
_MARKED_BYLINES = frozenset({"rel-author", "itemprop-author", "byline"})
#: Poster marks that make a page a thread: a first post and at least one reply.
_PRODUCT = frozenset({"Product", "ProductGroup", "IndividualProduct", "ProductModel", "Offer"})
_DISCUSSION = frozenset({"DiscussionForumPosting", "QAPage", "Question", "SocialMediaPosting"})
#: Twitter card label/data pairs read for an author label (plugins print one to four).
_AUTHOR_LABEL = re.compile(
    r"^(?:(?:written|posted|published|article|interview|text|story)\s+)?by:?$|^author:?$"
    r"|^(?:autor|autorin|auteur|autore|verfasser)(?:\(in\))?:?$|^(?:geschrieben|verfasst)\s+von:?$"
    r"|^(?:écrit|rédigé)\s+par:?$|^(?:escrito|publicado)\s+por:?$|^scritto\s+da:?$",
    re.IGNORECASE,
)


def extract_metadata(
    page: Page, structured: Structured, *, headers: Mapping[str, str] | None = None
) -> Metadata:
    """Citation metadata of ``page``; never raises, any field may be ``None``."""
    if page.root is None:
        return Metadata(url=page.url)
    return _Extraction(page, structured, headers or {}).run()


class _Extraction(DateFields):
    """The per-field choices over one page's signals."""

    #: :meth:`_thread`'s answer, once asked.
    _thread_posters: tuple[str | None, set[str]] | None = None

    def run(self) -> Metadata:
        language = self.language = self._language()
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
        return Metadata(**fields, sources=dict(self.sources), confidence=self._confidence(fields))

    def _confidence(self, fields: Mapping[str, Any]) -> dict[str, Confidence]:
        """Grades of title, author and date (:mod:`mainmark.metadata.confidence`)."""
        if fields["author"] and self._byline_shows(fields["author"]):
            self.agrees.add("author")
        out = {}
        for name in ("title", "author", "published"):
            found = grade(self.sources.get(name), agrees=name in self.agrees)
            if found is not None and fields[name]:
                out[name] = found
        return out

    def _byline_shows(self, names: tuple[str, ...]) -> bool:
        """A trusted author printed in the lines around the headline."""
        source = self.sources.get("author", "")
        if source.startswith("dom:") or self.dom.headline is None:
            return False
        lines = " ".join(self.dom.header_lines() + self.dom.near_lines()).casefold()
        return all(name.casefold() in lines for name in names)

    # ---- title ---------------------------------------------------------------------------
    def _title(self) -> str | None:
        candidates: list[tuple[str, str]] = []
        if (self.main is not None and self.main.source == "jsonld"
                and not set(self.main.types) & NAME_NOT_TITLE):
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
                              title_keys(self.site_keys, self.page.url),
                              article=self._is_article())
        if chosen is None:
            return None
        self._anchor_title = chosen[0]
        return self._set("title", chosen[0], chosen[1])

    def _is_article(self) -> bool:
        """The page is one article: its main entity is an article kind, or ``og:type`` says
        so, or an ``<h1>`` of the page is the heading of an ``<article>`` element.

        A page's markup declares an article as its structured data does: an ``<h1>`` inside
        ``<article>`` is that article's headline as printed, on pages whose JSON-LD is a
        generic ``WebPage`` or whose ``og:type`` is ``website`` (a CMS default).
        """
        if self.main is not None and is_article(self.main):
            return True
        if self.main is None and (self._first("og:type") or "").lower() == "article":
            return True
        return sig.within_article(h1 for h1, _ in self.h1s)

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
            if not source.startswith("dom:"):
                printed = self._printed_byline(names)
                if printed:
                    return self._set("author", printed, f"dom:byline-text<{source}")
            return self._set("author", names, source)
        if fallback is not None:
            return self._set("author", fallback[0], fallback[1])
        return ()

    def _printed_byline(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """The names of a "By ..." line printed with the headline that names none of
        ``names``: the page shows who wrote it, the metadata field holds who uploaded it
        (a CMS account, an editor)."""
        if self.dom.headline is None:
            return ()
        known = {name.casefold() for name in names}
        for line in byline_lines(self.dom.header_lines()):
            printed = clean_authors([line], strict=True)
            if printed and len(printed) <= CUT.max_dom_authors:
                return () if known & {name.casefold() for name in printed} else printed
        return ()

    def _author_candidates(self) -> Iterator[tuple[tuple[str, ...], str]]:
        """(names, source) of every author signal, in the order of trust.

        Structured data and author meta tags accept user names ("jdoe42", "Bo2man"): a
        value filled in a field for the author is the name the site shows for the
        account, digits and all (documentation and forum software print the login),
        which the personal-name rules would reject for its digits. Prose read off the
        page accepts them only where markup says the text is the author.
        """
        for entity in (self.main, self.md_main):
            if entity is None:
                continue
            for key in ("author", "creator"):
                names = clean_authors(author_names(entity.data.get(key), self.ids),
                                      handles=True)
                if names:
                    yield names, entity.source
                    break
        for key in mf.AUTHOR_META:
            names = clean_authors((v for v in self.meta.get(key, ()) if not mf.is_url(v)),
                                  handles=True)
            if names:
                yield names, f"meta:{key}"
        names = clean_authors(self._labelled_author())
        if names:
            yield names, "meta:twitter:data"
        for signal, text, el in self.dom.bylines():
            names = clean_authors([text], strict=True, handles=signal in _MARKED_BYLINES)
            # More names than a byline holds: a tag or category list carrying an author class.
            if not names or len(names) > CUT.max_dom_authors:
                continue
            # On a thread every post carries an author box: one in a post marked as another
            # poster's, or naming only later posters, is a reply's, not the thread's.
            starter, replies = self._thread()
            if starter and el is not None and in_reply(el, starter):
                continue
            if replies and {name.casefold() for name in names} <= replies:
                continue
            yield names, f"dom:{signal}"
        starter, _ = self._thread()
        if starter:
            yield (starter,), "dom:thread-starter"
        for text in self.dom.labelled_bylines():
            names = clean_authors([text], strict=True)
            if names and len(names) <= CUT.max_dom_authors:
                yield names, "dom:labelled-line"

    def _thread(self) -> tuple[str | None, set[str]]:
        """(the thread's starter, the casefolded names of the later posters), or (``None``,
        no names) on a page that is no thread.

        Asked only once a byline names someone, or none did: by then the page-wide walk of
        the byline search has often read the poster marks too (:mod:`.pagemarks`).
        """
        if self._thread_posters is None:
            posters, marks = thread_posters(self.root, self.page.text, self.dom.marks)
            if posters and (marks >= CUT.thread_min_marks or self._is_discussion()):
                self._thread_posters = (posters[0], {name.casefold() for name in posters[1:]})
            else:
                self._thread_posters = (None, set())
        return self._thread_posters

    def _labelled_author(self) -> list[str]:
        """The value of a Twitter card label/data pair labelled as the author: SEO plugins
        print ``twitter:label1 = "Written by"``, ``twitter:data1 = "Jane Doe"``."""
        for index in range(1, CUT.max_card_labels + 1):
            label = self._first(f"twitter:label{index}")
            if label and _AUTHOR_LABEL.match(label.strip()):
                data = self._first(f"twitter:data{index}")
                return [data] if data and not mf.is_url(data) else []
        return []

    def _is_discussion(self) -> bool:
        """The page is a thread or a question with answers, by its structured data."""
        return self.main is not None and bool(set(self.main.types) & _DISCUSSION)

    # ---- urls, site, language ------------------------------------------------------------
    def _canonical(self) -> str | None:
        found = [(source, self._absolute(href)) for source, href in (
            ("link-canonical", self.links.get("canonical")),
            ("opengraph", self._first("og:url")),
            ("jsonld", text_of(self.main.data.get("url")) if self.main else None),
        )]
        # Without a page URL a relative canonical resolves against another signal's
        # absolute URL (og:url, JSON-LD url), never stays relative.
        anchor = next((u for _, u in found if u and urlsplit(u).scheme in ("http", "https")),
                      None)
        for source, absolute in found:
            if absolute and urlsplit(absolute).scheme not in ("http", "https"):
                absolute = urljoin(anchor, absolute) if anchor else None
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
            text = clean_text(self._first(key), CUT.max_description)
            if text:
                return self._set("description", text, f"meta:{key}")
        found = self._main_value("description")
        if found is not None:
            text = clean_text(text_of(found[0]), CUT.max_description)
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
            availability = availability_name(self._first("product:availability", "og:availability"))
            offer: DomOffer | None = DomOffer(amount, currency, availability, "opengraph")
        else:
            offer = self._dom_offer()
        if offer is None:
            return {}
        for name in ("price", "currency", "availability"):
            if getattr(offer, name):
                self.sources[name] = offer.source
        return {"price": offer.price, "currency": offer.currency,
                "availability": offer.availability}  # fmt: skip

    def _dom_offer(self) -> DomOffer | None:
        """Microdata attributes outside an itemscope, then (on a product page) the
        visible price: see :mod:`mainmark.metadata.prices`."""
        text = self.page.text
        found = None
        # a page whose last resorts walked it knows its offer marks: without any, the
        # source is not read (three scans of it, some 0.3 ms on a large page)
        marks = self._dom.marks if self._dom is not None and self._dom.marks.done else None
        # every itemprop this reads names a price or availability ("price", "lowPrice",
        # "priceCurrency", "availability"): most pages with microdata have none of them
        if (marks is None or marks.offers) and (
                ("itemprop" in text and ("rice" in text or "vailability" in text))
                or "data-price-amount" in text):
            found = itemprop_offer(self.root, marks.offers if marks is not None else None)
        if found is None and self._is_product():
            found = visible_price(self.root, self.language)
        return found

    def _is_product(self) -> bool:
        """The page sells one thing: its main entity is a product, or ``og:type`` says so."""
        if self.main is not None:
            return bool(set(self.main.types) & _PRODUCT)
        return (self._first("og:type") or "").lower().startswith("product")
