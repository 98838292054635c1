"""Publication and modification dates: the stamp, the dateline by the headline, the content.

The order of trust is documented in :mod:`mainmark.metadata.assemble`; this module holds the
date half of it (:class:`DateFields`) and the last resorts read from the selected content
(:func:`date_from_content`, and for the author :func:`author_from_content`, which reads the
same first lines of the content).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from lxml.html import HtmlElement

from mainmark.metadata import metafields as mf
from mainmark.metadata.authors import clean_authors
from mainmark.metadata.constants import CUT
from mainmark.metadata.dates import localize, parse_date
from mainmark.metadata.headline_lines import byline_lines, page_lines
from mainmark.metadata.schema import (
    text_of,
)
from mainmark.metadata.signals import PageSignals
from mainmark.model import Confidence, Content, Metadata

#: Header dates are trusted over stamps only with the year written out: "11.03.17"
#: is day-first in Germany and month-first on some US sites.
_FULL_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
#: A stamp with a time of day in UTC or in no zone: its day depends on where it is read.
_UTC_OR_FLOATING = re.compile(
    r"^\d{4}-\d{2}-\d{2}T(?!00:00:00)\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:\+00:00|Z)?$")
#: How many levels up the article header is looked for (siblings before the content box).
_WORD = re.compile(r"[^\W\d_]{2,}")
#: Stamps a differing header date does not override. ``article:published_time`` is the
#: post's publication field itself, which SEO layers write as it is; the date a theme
#: prints by the headline is whichever one its template asks for, often the last
#: modification unlabelled, or the stamp's instant on the reader's clock a day off the
#: UTC day. On the bench's TUNE pages where the two disagreed, the stamp was the cited
#: day on 6 of 8 (3 headers showed the ``article:modified_time`` day, 3 a UTC stamp one
#: day off), while a header beat JSON-LD and microdata stamps on 20 of 25.
_OPENGRAPH_PUBLISHED = frozenset({"meta:article:published_time",
                                  "meta:og:article:published_time"})


def date_from_content(metadata: Metadata, content: Content) -> Metadata:
    """``metadata`` with a publication date read from the top of the main content.

    The last resort, for pages with no stamp, ``<time>``, dated URL or dateline by a
    headline found from the title (forums, wikis, club and agency news whose title
    tag names only the section): a bare dateline ("01.02.2022", "am 29.12.2010,
    13:36 Uhr") among the first lines of the content selection found. Only the top
    is read: dates further down belong to events, comments or quoted sources. When
    neither the content's top nor the header before it has one, the first bare dateline
    anywhere on the page outside comments, sidebars, nav and footers
    (:func:`~mainmark.metadata.headline_lines.page_lines`): a page that prints one date
    alone on its line, however far from the text, is dated by it, and a citation
    needs some date more than it fears a far one. A page with no printed date either is
    dated by its modification stamp (:func:`_modified_as_published`).
    """
    if metadata.published is not None:
        return metadata
    if not content.roots:
        return _modified_as_published(metadata)
    # The content's top first, then the article header just before it: templates often
    # keep the dateline beside the headline, outside the box the text was taken from.
    # Last, a bare dateline anywhere on the page off comments, sidebars and footers.
    page = content.roots[0].getroottree().getroot()
    top, header = _content_tops(content)
    runs = ((top, "content:dateline"), (header, "content:dateline"),
            (page_lines(page), "dom:page-line"))
    for lines, source in runs:
        for line in lines:
            if (len(line) > CUT.dateline_max_chars or not _FULL_YEAR.search(line)
                    or not _is_bare(line)):
                continue
            parsed = parse_date(line, metadata.language)
            if parsed:
                return _graded_low(replace(metadata, published=parsed), "published", source)
    return _modified_as_published(metadata)


def _modified_as_published(metadata: Metadata) -> Metadata:
    """``metadata`` dated by its modification stamp, for a page that gives no publication
    date anywhere.

    Pages that are not posts (a CMS's static pages, service and portfolio pages, guides
    kept up to date) carry only a modification stamp (``article:modified_time``,
    ``dateModified``) and print no date; a citation of such a page gives the day it was
    last updated, as citation styles prescribe when no publication date is shown. The
    very last resort, below every printed date: ``sources`` names it ``modified`` and
    its confidence is low.
    """
    if metadata.modified is None:
        return metadata
    return _graded_low(replace(metadata, published=metadata.modified), "published",
                       "modified")


def _graded_low(metadata: Metadata, name: str, source: str) -> Metadata:
    """``metadata`` whose field ``name`` was just set from ``source``, graded low: what
    the content fallbacks find is a guess the signals before them could not confirm."""
    sources = {**metadata.sources, name: source}
    confidence = {**metadata.confidence, name: Confidence.LOW}
    return replace(metadata, sources=sources, confidence=confidence)


def _content_tops(content: Content) -> tuple[Iterator[str], Iterator[str]]:
    """The content's first lines, then those of the article header just before it: where
    both the dateline and the byline fallbacks look, in that order."""
    return _top_lines(content.roots), _top_lines(_header_boxes(content.roots[0]))


def author_from_content(metadata: Metadata, content: Content) -> Metadata:
    """``metadata`` with the names of a byline line among the content's first lines.

    The author's last resort, for pages where no headline was found to read a byline
    beside (a headline in no heading element, a blog whose ``<h1>`` is the blog's name):
    a "By Jane Roe" / "Von Jane Roe" / "Text: Jane Roe" line at the top of the content
    selected, or in the article header just before it. Read the way the header's byline
    lines are (:func:`~mainmark.metadata.headline_lines.byline_lines`), strictly.
    """
    if metadata.author or not content.roots:
        return metadata
    for lines in _content_tops(content):
        short = [line for line in lines if len(line) <= CUT.content_byline_max_chars]
        for line in byline_lines(short):
            names = clean_authors([line], strict=True)
            if names and len(names) <= CUT.max_content_authors:
                return _graded_low(replace(metadata, author=names), "author", "content:byline")
    return metadata


def _header_boxes(root: HtmlElement) -> list[HtmlElement]:
    """Siblings before ``root`` and before its parent, in document order."""
    boxes: list[HtmlElement] = []
    node: HtmlElement | None = root
    for _ in range(CUT.article_header_levels):
        if node is None or node.tag in ("body", "html"):
            break
        boxes = [s for s in node.itersiblings(preceding=True)
                 if isinstance(s.tag, str)][::-1] + boxes
        node = node.getparent()
    return boxes


def _is_bare(line: str) -> bool:
    """A dateline rather than a sentence that mentions a date (see ``CUT.dateline_bare_words``)."""
    return len(_WORD.findall(line)) <= CUT.dateline_bare_words


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
                if seen >= CUT.top_lines:
                    return


class DateFields(PageSignals):
    """The date fields' choices over the page's signals."""

    def _published(self, language: str | None) -> str | None:
        """The publication day the page shows, with the machine stamp's time when it agrees.

        A dateline printed with the headline is what a reader sees and a citation
        quotes; when it names another day than the stamp (a UTC conversion, a CMS
        stamping the draft's creation or a re-import), the dateline wins. It must
        be unambiguous (see :meth:`_header_date`), or read under the page's locale and
        land within a day of a stamp whose day a time zone can shift (a time of day in
        UTC or with no zone): "3/5/2022 22:41" on a Spanish page stamped
        ``2022-05-04T02:41+00:00`` is the 3rd of May in La Paz, not the 5th of March.

        An OpenGraph ``article:published_time`` stamp is the exception: the header date
        does not override it (see :data:`_OPENGRAPH_PUBLISHED`).
        """
        found = self._published_stamp(language)
        if found is None:
            return self._published_from_dom(language)
        stamp, source = found
        header = self._header_date()
        if header is not None and header[:10] != stamp[:10]:
            if source.rsplit("<", 1)[-1] not in _OPENGRAPH_PUBLISHED:
                return self._set("published", header, f"dom:header<{source}")
        elif header is not None:
            self.agrees.add("published")
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
        for key in (*mf.PUBLISHED_META, *mf.published_keys(self.meta)):
            for value in self.meta.get(key, ()):
                parsed = parse_date(value, language)
                if parsed:
                    return self._local_day(localize(parsed, language), f"meta:{key}")
        for value in mf.itemprop_values(self.root, "datePublished"):
            parsed = parse_date(value, language)
            if parsed:
                return self._local_day(localize(parsed, language), "itemprop")
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
            if len(line) > CUT.dateline_max_chars or (
                    language is None and not _FULL_YEAR.search(line)):
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
        if revision:
            return self._set("published", revision, "dom:revision")
        for signal, text in self.dom.page_dates():
            parsed = parse_date(text, language) if _FULL_YEAR.search(text) else None
            if parsed:
                return self._set("published", parsed, f"dom:{signal}")
        return None

    def _revision_date(self, language: str | None) -> str | None:
        """The date of a wiki's "last edited" line: the revision the page shows."""
        found = mf.elements(mf.REVISION_LINE, self.root)
        if not found:
            return None
        line = " ".join(found[0].text_content().split())
        return parse_date(line[:CUT.revision_line_chars], language)

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
