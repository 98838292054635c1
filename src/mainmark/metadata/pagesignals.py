"""Metadata signals read straight from the tree: meta and link tags, title, headings.

Cost matters here: this runs on every page. ``<meta>``, ``<link>`` and ``<title>``
are read from ``<head>`` with anchored XPaths (a few dozen nodes), never with a
search of the whole tree; ``<meta>`` and ``<link>`` that tag soup pushed into
``<body>`` are read there too, as direct children. Bylines and datelines, read
around the headline, are in :mod:`mainmark.metadata.headline_dom`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import SKIP_TEXT_TAGS, elements
from mainmark.page.ancestry import ancestor_cover
from mainmark.page.urls import safe_base

# A <meta> or <link> after a body-only tag in <head> ends up as a child of <body>.
_HEAD_META = etree.XPath("/html/head/meta | /html/body/meta")
_HEAD_LINK = etree.XPath("/html/head/link[@href] | /html/body/link[@href]")
_HEAD_BASE = etree.XPath("/html/head/base/@href")
_TITLE = etree.XPath("/html/head/title | /html/title")
_ANY_TITLE = etree.XPath("//title")
_LANG = etree.XPath(
    "/html/@lang | /html/@xml:lang", namespaces={"xml": "http://www.w3.org/XML/1998/namespace"}
)

#: Class words marking a kicker (overline) inside a headline: shown above it, not part of it.
#: A class token ``label``/``badge`` is a forum thread's prefix tag ("News", "Solved") or a
#: shop's "New" badge printed inside the ``<h1>``: a tag on the title, not its words.
_KICKER = re.compile(
    r"kicker|dachzeile|overline|eyebrow|topline|roofline|spitzmarke|supertitle|headline-intro"
    r"|(?:^|\s)(?:label|badge)(?:\s|$)",
    re.IGNORECASE,
)


def _strings(xpath: etree.XPath, node: HtmlElement) -> list[str]:
    result = xpath(node)
    return [str(v) for v in result if isinstance(v, str)] if isinstance(result, list) else []


def meta_values(root: HtmlElement) -> dict[str, list[str]]:
    """Every ``<meta>`` content keyed by its lowercased name, property or http-equiv."""
    out: dict[str, list[str]] = {}
    for el in elements(_HEAD_META, root)[:CUT.max_meta]:
        content = el.get("content")
        if content is None:
            continue
        content = content.strip()[:CUT.meta_max_value]
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
    for el in elements(_HEAD_LINK, root)[:CUT.max_meta]:
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
        return safe_base(href, url)
    return url


def title_tag(root: HtmlElement) -> str | None:
    """The text of the document's ``<title>``, else of the first ``<title>`` anywhere.

    A ``<title>`` inside an SVG or the body is only a fallback, for pages whose markup put
    it outside the head. ``None`` for a blank one, so the next signal is asked.
    """
    for el in elements(_TITLE, root)[:1] or elements(_ANY_TITLE, root)[:1]:
        value = el.text_content()
        return value if value.strip() else None
    return None


def headings(root: HtmlElement) -> list[tuple[HtmlElement, str]]:
    """The page's ``<h1>`` elements and their texts, kicker spans left out."""
    out = []
    # A tag-filtered iteration runs in C, faster than an XPath search of the tree.
    for h1 in islice(root.iter("h1"), 10):
        value = _text_without_kickers(h1)
        if value:
            out.append((h1, value))
    return out


def within_article(nodes: Iterable[HtmlElement]) -> bool:
    """One of ``nodes`` lies inside an ``<article>`` element (ancestors shared by several
    nodes are judged once: :func:`~mainmark.page.ancestry.ancestor_cover`)."""
    inside = ancestor_cover(_is_article)
    return any(inside(node.getparent()) for node in nodes)


def _is_article(el: HtmlElement) -> bool:
    return bool(el.tag == "article")


def subheadings(root: HtmlElement) -> list[tuple[HtmlElement, str]]:
    """``<h2>``/``<h3>`` elements and their texts: where pages without an ``<h1>`` for the
    article (blogs whose ``<h1>`` is the blog's name) print its headline."""
    out = []
    for el in islice(root.iter("h2", "h3"), CUT.max_subheadings):
        value = " ".join(el.text_content().split())
        if value and len(value) <= CUT.subheading_max_chars:
            out.append((el, value))
    return out


def _text_without_kickers(el: HtmlElement) -> str:
    value = _spaced_text(el) if el.find(".//br") is not None else el.text_content()
    for node in el.iterdescendants():
        if not isinstance(node.tag, str):
            continue
        if node.tag in SKIP_TEXT_TAGS or _KICKER.search(str(node.get("class") or "")):
            inner = node.text_content()
            if inner:
                value = value.replace(inner, " ", 1)
    return " ".join(value.split())


def _spaced_text(el: HtmlElement) -> str:
    """Text of ``el`` with a space for every ``<br>``: a heading set on two lines
    ("Data Analytics<br>Agency") reads as two words, not one."""
    parts: list[str] = []
    for node in el.iter():
        if node is not el and node.tag == "br":
            parts.append(" ")
        elif node.text and isinstance(node.tag, str):
            parts.append(node.text)
        if node is not el and node.tail:
            parts.append(node.tail)
    return "".join(parts)


def html_lang(root: HtmlElement) -> str | None:
    """The root's ``lang`` or ``xml:lang`` as written (normalised later by the caller).

    A blank attribute is no evidence and gives ``None``.
    """
    for value in _strings(_LANG, root):
        stripped = str(value).strip()
        if stripped:
            return stripped
    return None
