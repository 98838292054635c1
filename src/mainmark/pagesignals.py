"""Metadata signals read straight from the tree: meta tags, headings, bylines, times.

Cost matters here: this runs on every page. ``<meta>``, ``<link>`` and ``<title>``
are read from ``<head>`` (a few dozen nodes) and the whole tree is searched only
when the page text shows more of them than the head holds (tag soup that the
parser moved into the body). Bylines and datelines are looked for first near the
headline: the text just after (and a little before) the ``<h1>``, and the
article or header element around it. That is where pages print them, and it
keeps a site-wide "latest posts" list from lending its first date or author.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

from lxml import etree
from lxml.html import HtmlElement

_MAX_META = 2_000
_MAX_VALUE = 5_000
_MAX_CANDIDATES = 40
_ANCESTOR_LIMIT = 40
#: Text nodes read after the headline when looking for a dateline or byline.
_NEAR_AFTER = 40
_NEAR_BEFORE = 12
#: A byline or dateline is a short line; longer text is prose that may mention dates.
_SHORT_LINE = 100
_DATELINE_PREFIX = 24
#: Elements visited around the headline at most (empty wrappers cost as much as text).
_NEAR_ELEMENTS = 150

# A <meta> or <link> after a body-only tag in <head> ends up as a child of <body>.
_HEAD_META = etree.XPath("/html/head/meta | /html/body/meta")
_HEAD_LINK = etree.XPath("/html/head/link[@href] | /html/body/link[@href]")
_HEAD_BASE = etree.XPath("/html/head/base/@href")
_TITLE = etree.XPath("/html/head/title | /html/title")
_ANY_TITLE = etree.XPath("//title")
_H1 = etree.XPath("//h1")
_LANG = etree.XPath(
    "/html/@lang | /html/@xml:lang", namespaces={"xml": "http://www.w3.org/XML/1998/namespace"}
)
_MARKED_AUTHOR = etree.XPath(
    "//*[(@rel and contains(@rel, 'author')) or (@itemprop and contains(@itemprop, 'author'))]"
)
_TIME = etree.XPath("//time")
# Candidate filters run inside libxml2: every element handed to Python costs a proxy.
# ``descendant::`` rather than ``.//``: one axis walk, no intermediate node-set.
_BYLINE_MARKED = etree.XPath(
    "descendant::*[@class and (contains(@class, 'uthor') or contains(@class, 'utor')"
    " or contains(@class, 'yline') or contains(@class, 'erfasser'))]"
    " | descendant::*[@id and (contains(@id, 'uthor') or contains(@id, 'yline'))]"
    " | descendant::*[@rel = 'author' or @itemprop = 'author'] | descendant::address"
)
_DATE_MARKED = etree.XPath(
    "descendant::*[@class and (contains(@class, 'date') or contains(@class, 'Date')"
    " or contains(@class, 'datum') or contains(@class, 'Datum') or contains(@class, 'ublish')"
    " or contains(@class, 'osted') or contains(@class, 'time') or contains(@class, 'Time'))]"
    " | descendant::*[@id and (contains(@id, 'date') or contains(@id, 'Date'))]"
)

#: Class words marking a kicker (overline) inside a headline: shown above it, not part of it.
_KICKER = re.compile(
    r"kicker|dachzeile|overline|eyebrow|topline|roofline|spitzmarke|supertitle|headline-intro",
    re.IGNORECASE,
)
#: Regions whose bylines and dates belong to other content: comments, sidebars, teasers.
_ELSEWHERE = re.compile(
    r"(?:^|[\s_-])(?:comment|avatar|related|teaser|widget|footer|sidebar|recommend)",
    re.IGNORECASE,
)
_BYLINE_MARK = re.compile(
    r"(?:^|[\s_-])(?:author|byline|autor|verfasser)(?:s|in|en)?(?:[\s_-]?name)?(?:$|[\s_-])",
    re.IGNORECASE,
)
_DATE_MARK = re.compile(r"date|datum|publish|posted|dateline|time", re.IGNORECASE)
_PUBLISHED_MARK = re.compile(r"publish|datePublished|created|posted", re.IGNORECASE)
_MODIFIED_MARK = re.compile(r"modif|updat|aktualisiert", re.IGNORECASE)
#: A line that starts like a byline: "By Jane Doe", "Von Max Muster", "Text: ...".
_BYLINE_LINE = re.compile(
    r"^\s*(?:(?:text|story|words|written|reported|posted|ein\s+beitrag)\s+)?"
    r"(?:by|von|par|por|door|text:|texte:|autor:|autorin:|author:)\s+\S",
    re.IGNORECASE,
)
_SKIP_TEXT_TAGS = frozenset({"script", "style", "noscript", "template", "svg"})


def _elements(xpath: etree.XPath, node: HtmlElement) -> list[HtmlElement]:
    """An element-selecting XPath's result, typed (lxml's own type is a union)."""
    result = xpath(node)
    return [el for el in result if isinstance(el, HtmlElement)] if isinstance(result, list) else []


def _strings(xpath: etree.XPath, node: HtmlElement) -> list[str]:
    result = xpath(node)
    return [str(v) for v in result if isinstance(v, str)] if isinstance(result, list) else []


def meta_values(root: HtmlElement) -> dict[str, list[str]]:
    """Every ``<meta>`` content keyed by its lowercased name, property or http-equiv."""
    out: dict[str, list[str]] = {}
    for el in _elements(_HEAD_META, root)[:_MAX_META]:
        content = el.get("content")
        if content is None:
            continue
        content = content.strip()[:_MAX_VALUE]
        if not content:
            continue
        for attr in ("name", "property", "http-equiv"):
            key = el.get(attr)
            if key:
                for name in key.split() if attr == "property" else [key]:
                    out.setdefault(name.strip().lower(), []).append(content)
    return out


def link_hrefs(root: HtmlElement) -> dict[str, str]:
    """First ``href`` per lowercased ``rel`` token (canonical, image_src, author, ...)."""
    out: dict[str, str] = {}
    for el in _elements(_HEAD_LINK, root)[:_MAX_META]:
        href = (el.get("href") or "").strip()
        if href:
            for rel in (el.get("rel") or "").lower().split():
                out.setdefault(rel, href)
    return out


def base_url(root: HtmlElement, url: str | None) -> str | None:
    """The URL relative links resolve against: ``<head><base href>`` joined onto ``url``.

    Read from ``<head>`` only (where HTML allows ``<base>``), which spares the whole-tree
    search ``Page.base_url`` makes; the metadata stage runs on every page.
    """
    for href in _strings(_HEAD_BASE, root)[:1]:
        href = href.strip()
        if href and not href.lower().startswith(("javascript:", "data:")):
            try:
                return urljoin(url or "", href) or url
            except ValueError:
                return url
    return url


def title_tag(root: HtmlElement) -> str | None:
    for el in _elements(_TITLE, root)[:1] or _elements(_ANY_TITLE, root)[:1]:
        value = el.text_content()
        return value if value.strip() else None
    return None


def headings(root: HtmlElement) -> list[tuple[HtmlElement, str]]:
    """The page's ``<h1>`` elements and their texts, kicker spans left out."""
    out = []
    for h1 in _elements(_H1, root)[:10]:
        value = _text_without_kickers(h1)
        if value:
            out.append((h1, value))
    return out


def _text_without_kickers(el: HtmlElement) -> str:
    value = el.text_content()
    for node in el.iterdescendants():
        if not isinstance(node.tag, str):
            continue
        if node.tag in _SKIP_TEXT_TAGS or _KICKER.search(str(node.get("class") or "")):
            inner = node.text_content()
            if inner:
                value = value.replace(inner, " ", 1)
    return " ".join(value.split())


def html_lang(root: HtmlElement) -> str | None:
    for value in _strings(_LANG, root):
        stripped = str(value).strip()
        if stripped:
            return stripped
    return None


class Dom:
    """DOM lookups anchored on the headline element (``None``: anchored on the body)."""

    def __init__(self, root: HtmlElement, headline: HtmlElement | None) -> None:
        self.root = root
        self.headline = headline
        self._keep: set[HtmlElement] = (
            set(headline.iterancestors()) if headline is not None else set()
        )
        self.region = self._region()
        self._near: list[str] | None = None

    def _region(self) -> HtmlElement:
        """The article (or header block) around the headline: where its byline and date sit."""
        if self.headline is None:
            return self.root
        node = self.headline
        for _ in range(4):
            parent = node.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            node = parent
            if node.tag in ("article", "main"):
                break
        return node

    def elsewhere(self, el: HtmlElement) -> bool:
        """Inside comments, a sidebar, teasers, nav or the page footer.

        An ancestor that also holds the headline is never "elsewhere": a page wrapper
        classed ``has-sidebar`` holds the article too. A ``<footer>`` inside an
        ``<article>`` is the article's own (WordPress prints byline and date there).
        """
        node: HtmlElement | None = el
        steps = 0
        in_footer = False
        while node is not None and steps < _ANCESTOR_LIMIT:
            if node in self._keep:
                return in_footer
            tag = node.tag
            if tag in ("aside", "nav"):
                return True
            if tag == "footer":
                in_footer = True
            elif tag in ("article", "main"):
                in_footer = False
            marks = f"{node.get('class') or ''} {node.get('id') or ''}"
            if len(marks) > 1 and _ELSEWHERE.search(marks):
                return True
            node = node.getparent()
            steps += 1
        return in_footer

    def near_lines(self) -> list[str]:
        """Short text lines right after the headline, then right before it."""
        if self._near is None:
            self._near = []
            if self.headline is not None:
                self._near.extend(_lines(_texts_after(self.headline), _NEAR_AFTER))
                self._near.extend(_lines(_texts_before(self.headline), _NEAR_BEFORE))
        return self._near

    def bylines(self) -> Iterator[tuple[str, str]]:
        """(signal, text) of byline candidates: near the headline first, then anywhere."""
        for el in _elements(_BYLINE_MARKED, self.region)[:_MAX_CANDIDATES]:
            signal = _byline_signal(el)
            if signal and not self.elsewhere(el):
                line = _short_text(el)
                if line:
                    yield signal, line
        for line in self.near_lines():
            if _BYLINE_LINE.match(line):
                yield "byline-text", line
        if self.region is self.root:
            return
        for el in _elements(_MARKED_AUTHOR, self.root)[:_MAX_CANDIDATES]:
            signal = _byline_signal(el)
            if signal and not self.elsewhere(el):
                line = _short_text(el)
                if line:
                    yield signal, line

    def times(self) -> Iterator[tuple[str, str]]:
        """(signal, value) of ``<time>`` elements: publication-marked, in region, anywhere.

        The value is the ``datetime`` attribute, or the element's text when it has none.
        """
        found = [
            el for el in _elements(_TIME, self.root)[:_MAX_CANDIDATES] if not self.elsewhere(el)
        ]
        values = [(el, el.get("datetime") or _short_text(el, 80) or "") for el in found]
        marks = [f"{el.get('itemprop') or ''} {el.get('class') or ''}" for el in found]
        for (el, value), mark in zip(values, marks, strict=True):
            if "pubdate" in el.attrib or _PUBLISHED_MARK.search(mark):
                yield "time-pubdate", value
        region = set(self.region.iter("time")) if self.region is not self.root else set(found)
        for (el, value), mark in zip(values, marks, strict=True):
            if el in region and (not _MODIFIED_MARK.search(mark) or _PUBLISHED_MARK.search(mark)):
                yield "time", value
        for (el, value), mark in zip(values, marks, strict=True):
            if el not in region and not _MODIFIED_MARK.search(mark):
                yield "time-page", value

    def date_lines(self) -> Iterator[tuple[str, str]]:
        """(signal, text) of visible datelines: date-classed elements near the headline,
        then short lines around it."""
        for el in _elements(_DATE_MARKED, self.region)[:_MAX_CANDIDATES]:
            mark = f"{el.get('class') or ''} {el.get('id') or ''}"
            if el.tag in _SKIP_TEXT_TAGS or not _DATE_MARK.search(mark):
                continue
            if _MODIFIED_MARK.search(mark) and not _PUBLISHED_MARK.search(mark):
                continue
            line = _short_text(el, _SHORT_LINE)
            if line and not self.elsewhere(el):
                yield "date-class", line
        for line in self.near_lines():
            yield "date-text", line


def _byline_signal(el: HtmlElement) -> str | None:
    if el.tag in ("meta", "link"):
        return None
    if el.tag == "address":
        return "address"
    if " author " in f" {el.get('rel') or ''} ":
        return "rel-author"
    if " author " in f" {el.get('itemprop') or ''} ":
        return "itemprop-author"
    if _BYLINE_MARK.search(f"{el.get('class') or ''} {el.get('id') or ''}"):
        return "byline"
    return None


def _short_text(el: HtmlElement, limit: int = 200) -> str | None:
    """Whitespace-collapsed text, with a space between text nodes ("Author" label + name)."""
    value = " ".join(" ".join(el.itertext()).split())
    return value if 0 < len(value) <= limit else None


def _lines(texts: Iterator[str], limit: int) -> Iterator[str]:
    count = 0
    for raw in texts:
        line = " ".join(raw.split())
        if not line:
            continue
        count += 1
        if count > limit:
            return
        # A long text node is prose that may mention any date; only a dateline
        # prefix ("01.02.2022 Headline of the press release ...") is kept.
        yield line if len(line) <= _SHORT_LINE else line[:_DATELINE_PREFIX]


def _texts_after(el: HtmlElement) -> Iterator[str]:
    """Text nodes following ``el`` in document order, within an element budget."""
    budget = [_NEAR_ELEMENTS]
    node: HtmlElement | None = el
    while node is not None and budget[0] > 0:
        if node.tail:
            yield node.tail
        for sibling in node.itersiblings():
            yield from _subtree_texts(sibling, budget)
            if budget[0] <= 0:
                return
        node = node.getparent()


def _texts_before(el: HtmlElement) -> Iterator[str]:
    """Text nodes before ``el``, nearest first, within its parent and grandparent."""
    budget = [_NEAR_ELEMENTS]
    node: HtmlElement | None = el
    for _ in range(3):
        if node is None:
            return
        for sibling in node.itersiblings(preceding=True):
            yield from reversed(list(_subtree_texts(sibling, budget)))
            if budget[0] <= 0:
                return
        node = node.getparent()


def _subtree_texts(el: HtmlElement, budget: list[int]) -> Iterator[str]:
    """Texts and tails of ``el``'s subtree in pre-order, spending one unit per element."""
    for sub in el.iter():
        budget[0] -= 1
        if budget[0] < 0:
            return
        if isinstance(sub.tag, str) and sub.tag not in _SKIP_TEXT_TAGS and sub.text:
            yield sub.text
        if sub is not el and sub.tail:
            yield sub.tail
    if el.tail:
        yield el.tail
