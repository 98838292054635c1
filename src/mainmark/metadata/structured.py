"""Structured data embedded in the page: JSON-LD, microdata, OpenGraph.

Read once, before cleaning strips the scripts that carry it, and shared by the
selection stage (JSON-LD ``articleBody``) and the metadata stage.

Microdata is read only when the JSON-LD does not already describe the page's
content (an article, product, recipe...). Every source is isolated: a broken
JSON-LD script is skipped on its own (its simple fields salvaged when possible),
and an extractor that fails (extruct on a hostile tree) leaves the other sources
intact, with a warning. extruct's microdata reader runs on the tree already
parsed, never on the text again, and only when the page text shows
``itemscope``: most pages carry no microdata, walking them is waste. OpenGraph
is read with one XPath anchored on ``<head>``, not by a search of the tree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from extruct.w3cmicrodata import LxmlMicrodataExtractor
from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.constants import CUT
from mainmark.metadata.pagesignals import base_url
from mainmark.metadata.schema import entities, rank
from mainmark.page.parse import Page

# Horizontal space only around the marker: ``\s*`` would run across newlines from every
# line start, which made a broken script full of blank lines quadratic.
_COMMENT_LINE = re.compile(r"^[ \t\r\f\v]*(//[^\n]*|<!--|-->)[ \t\r\f\v]*$", re.MULTILINE)
_SALVAGE_KEYS = ("headline", "datePublished", "dateModified", "dateCreated", "inLanguage")
_SALVAGE_TYPE = re.compile(r'"@type"\s*:\s*"(\w+)"')
#: Types that never describe the page itself: skipped when guessing a broken script's type.
_SALVAGE_SKIP_TYPES = frozenset(
    {"Person", "Organization", "ImageObject", "WebSite", "BreadcrumbList", "ListItem",
     "SearchAction", "EntryPoint", "PropertyValueSpecification", "WPHeader", "WPFooter"}
)  # fmt: skip
_SALVAGE_AUTHOR = re.compile(r'"author"\s*:\s*(\{[^{}]*\}|\[[^\[\]]*\])')
_SALVAGE_NAME = re.compile(r'"name"\s*:\s*"((?:[^"\\]|\\.)*)"')
#: Microdata text values longer than this are bodies, not metadata.
_ITEMSCOPE = etree.XPath("//*[@itemscope]")
#: Items nested deeper than this are generated junk: extruct's property search costs the
#: subtree size times the nesting for every item, cubic in a tower of nested items.
_HEAD_PROPERTY_META = etree.XPath(
    "/html/head/meta[@property and @content] | /html/body/meta[@property and @content]"
)


@dataclass(slots=True)
class Structured:
    """The page's machine-readable metadata, read once per page and shared by every field.

    Each source is kept apart so a field can say which one it came from.
    """

    #: Every JSON-LD object on the page, ``@graph`` members and list items flattened.
    jsonld: list[dict[str, Any]] = field(default_factory=list)
    #: Top-level microdata items in JSON-LD shape: ``{"@type": "Article", "headline": ...}``;
    #: a property given several times holds a list, nested items are dicts. Left empty
    #: when the JSON-LD already describes the page (see the module docstring).
    microdata: list[dict[str, Any]] = field(default_factory=list)
    #: OpenGraph (and other prefixed RDFa-lite) ``<meta property>`` pairs of ``<head>``,
    #: in page order, property names lowercased.
    opengraph: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def read_structured(page: Page,
                    listed: tuple[list[HtmlElement], list[HtmlElement]] | None = None,
                    ) -> Structured:
    """Collect JSON-LD, microdata and OpenGraph; a broken source is skipped, never raised.

    ``listed``, the page's ``<script>`` elements and its microdata items (``itemscope``)
    in document order when a walk of the tree already listed them, spares the searches
    of the text for ``ld+json`` and ``itemscope`` on the pages that have no such script
    or item (the tests are asked only where there is one, so the result is the same) and
    the searches of the tree for the scripts and the items.
    """
    out = Structured()
    if page.root is None:
        return out
    scopes = None
    if listed is not None:
        scripts, scopes = listed
        # the text test only where a JSON-LD script is listed: the same answer as the
        # search's, which makes it first (a type spelt ``Ld+Json`` on a page where neither
        # spelling of the test appears is read by neither)
        jsonld = [script for script in scripts if _is_jsonld(script)]
        if jsonld and _says_jsonld(page.text):
            _read_jsonld(jsonld, out)
    elif _says_jsonld(page.text):
        # a tag-filtered iteration runs in C and beats an attribute-testing XPath
        _read_jsonld(filter(_is_jsonld, page.root.iter("script")), out)
    # the JSON-LD test first: it reads a few objects, the source test scans the whole page
    if (not _describes_page(out.jsonld) and (scopes is None or scopes)
            and ("itemscope" in page.text or "ITEMSCOPE" in page.text)):
        _read_microdata(page, out, scopes)
    _read_opengraph(page.root, out)
    return out


def _describes_page(objects: list[dict[str, Any]]) -> bool:
    """JSON-LD already names an article, product or other content kind for the page.

    Microdata is then skipped: extruct's reader costs more than the rest of the
    metadata stage, and a page with both says the same thing twice.
    """
    return any(rank(entity) <= 1 for entity in entities(objects, "jsonld"))


def _says_jsonld(text: str) -> bool:
    return "ld+json" in text or "LD+JSON" in text


def _is_jsonld(script: HtmlElement) -> bool:
    return "ld+json" in (script.get("type") or "").lower()


def _read_jsonld(scripts: Iterable[HtmlElement], out: Structured) -> None:
    """Read JSON-LD ``scripts`` (each already tested by :func:`_is_jsonld`)."""
    for script in scripts:
        raw = script.text_content()
        data = _loads(raw)
        if data is None:
            salvaged = _salvage(raw)
            out.warnings.append(
                "unparsable JSON-LD script: "
                + ("simple fields salvaged" if salvaged else "skipped")
            )
            if salvaged:
                out.jsonld.append(salvaged)
            continue
        out.jsonld.extend(_flatten(data))


def _loads(raw: str) -> Any:
    for candidate in (raw, _COMMENT_LINE.sub("", raw).strip().rstrip(";")):
        try:
            return json.loads(candidate, strict=False)
        except (ValueError, RecursionError):
            continue
    return None


def _salvage(raw: str) -> dict[str, Any]:
    """The simple string fields of a script that is not valid JSON.

    CMS templates break JSON-LD by pasting unescaped HTML into one value (an ``<img>``
    with its quotes as the image URL); the headline, dates and author name before and
    after it are usually intact. Only flat string values are taken; ``articleBody`` is
    not, since the break is most often inside it.
    """
    raw = raw[:CUT.max_salvage]
    out: dict[str, Any] = {}
    kinds = [m for m in _SALVAGE_TYPE.findall(raw) if m not in _SALVAGE_SKIP_TYPES]
    if not kinds:
        return {}
    out["@type"] = kinds[0]
    for key in _SALVAGE_KEYS:
        match = re.search(rf'"{key}"\s*:\s*"((?:[^"\\]|\\.)*)"', raw)
        if match:
            out[key] = _unescape(match[1])
    author = _SALVAGE_AUTHOR.search(raw)
    if author:
        names = [_unescape(n) for n in _SALVAGE_NAME.findall(author[1])]
        if names:
            out["author"] = [{"name": n} for n in names]
    return out if len(out) > 1 else {}


def _unescape(text: str) -> str:
    try:
        value = json.loads(f'"{text}"', strict=False)
    except ValueError:
        return text
    return value if isinstance(value, str) else text


def _flatten(data: Any) -> Iterator[dict[str, Any]]:
    """Yield the dict objects of a JSON-LD payload: top-level lists and ``@graph`` arrays."""
    stack = [data]
    seen = 0
    while stack and seen < CUT.max_nodes:
        item = stack.pop()
        seen += 1
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            graph = item.get("@graph")
            if isinstance(graph, (list, dict)):
                stack.append(graph)
            if any(k != "@context" and k != "@graph" for k in item):
                yield item


class _MicrodataReader(LxmlMicrodataExtractor):  # type: ignore[misc]
    """extruct's reader with a cheap text value.

    extruct copies and cleans the element of every text-valued property; an
    ``itemprop=articleBody`` on the article makes that a copy of the whole article.
    Metadata only needs short values, so the text is gathered directly and capped.
    """

    def _extract_textContent(self, node: HtmlElement) -> str:
        parts: list[str] = []
        size = 0
        for sub in node.iter():
            if sub.text and sub.tag not in ("script", "style"):
                parts.append(sub.text)
                size += len(sub.text)
            if sub is not node and sub.tail:
                parts.append(sub.tail)
                size += len(sub.tail)
            if size > CUT.structured_max_text:
                break
        return " ".join(" ".join(parts).split())[:CUT.structured_max_text]


def _read_microdata(page: Page, out: Structured, scopes: list[HtmlElement] | None) -> None:
    """The microdata items (``scopes``: every element with ``itemscope``, in document
    order; searched for when not given), unless there are too many or too deep."""
    assert page.root is not None
    if scopes is None:
        found = _ITEMSCOPE(page.root)
        assert isinstance(found, list)
        scopes = found
    if not scopes:
        return
    if len(scopes) > CUT.max_itemscopes:
        out.warnings.append(f"microdata skipped: {len(scopes)} items")
        return
    if len(scopes) >= CUT.max_item_depth and _too_nested(scopes):
        out.warnings.append(f"microdata skipped: items nested over {CUT.max_item_depth} deep")
        return
    try:
        items = _MicrodataReader().extract_items(page.root, base_url(page.root, page.url) or "")
    except Exception as exc:
        out.warnings.append(f"microdata skipped: {type(exc).__name__}")
        return
    out.microdata.extend(d for d in (_as_jsonld(item) for item in items) if d)


def _too_nested(scopes: list[HtmlElement]) -> bool:
    """Some item sits inside :data:`CUT.max_item_depth` others. Linear: each element's count
    of enclosing items is computed once and reused by every item below it."""
    depth: dict[HtmlElement, int] = {}
    for scope in scopes:
        chain = []
        el = scope.getparent()
        while el is not None and el not in depth:
            chain.append(el)
            el = el.getparent()
        above = depth[el] if el is not None else 0
        for node in reversed(chain):
            above += node.get("itemscope") is not None
            depth[node] = above
        depth[scope] = above + 1
        if above + 1 > CUT.max_item_depth:
            return True
    return False


def _as_jsonld(item: Any) -> dict[str, Any]:
    """extruct's ``{"type", "properties"}`` item to a JSON-LD-shaped dict, iteratively."""
    if not isinstance(item, dict):
        return {}
    root: dict[str, Any] = {}
    stack: list[tuple[dict[str, Any], dict[str, Any]]] = [(item, root)]
    while stack:
        src, dst = stack.pop()
        kind = src.get("type")
        if isinstance(kind, list):
            kind = [_short_type(k) for k in kind if isinstance(k, str)]
        elif isinstance(kind, str):
            kind = _short_type(kind)
        if kind:
            dst["@type"] = kind
        props = src.get("properties")
        if not isinstance(props, dict):
            if "value" in src:
                dst["name"] = src["value"]
            continue
        for name, value in props.items():
            dst[name] = _convert_value(value, stack)
    return root


def _convert_value(value: Any, stack: list[tuple[dict[str, Any], dict[str, Any]]]) -> Any:
    if isinstance(value, list):
        return [_convert_value(v, stack) for v in value]
    if isinstance(value, dict):
        child: dict[str, Any] = {}
        stack.append((value, child))
        return child
    return value


def _short_type(url: str) -> str:
    """``https://schema.org/NewsArticle`` -> ``NewsArticle``: the JSON-LD spelling."""
    return url.rstrip("/").rsplit("/", 1)[-1].rsplit("#", 1)[-1]


def _read_opengraph(root: HtmlElement, out: Structured) -> None:
    """``<meta property content>`` pairs of ``<head>``, by one anchored XPath.

    extruct's OpenGraph reader searches the whole tree for ``<meta>`` and resolves
    RDFa prefixes; OpenGraph tags live in ``<head>`` (or, in tag soup, directly in
    ``<body>``), and the prefixes in use are the conventional ones.
    """
    found = _HEAD_PROPERTY_META(root)
    for el in found if isinstance(found, list) else ():
        if not isinstance(el, HtmlElement):
            continue
        content = el.get("content")
        for prop in (el.get("property") or "").split():
            if ":" in prop and content is not None:
                out.opengraph.append((prop.strip().lower(), content))
