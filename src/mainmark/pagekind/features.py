"""What a page says about its kind, as a fixed vector of numbers the model reads.

Every feature is something the page states or its markup shows, named so that the
training report and a reader of the weights can tell what it is: the schema.org types it
declares, its ``og:type``, whether it is signed and dated, tokens of its URL path, what
its links point at (user profiles, products, tags, comment anchors, pages below this
one), how many of each telling tag and class/id word it has, the markup that kinds of
page carry (``markup.py``: buy controls, priced card runs, post blocks each with an
author and a date), how its text is laid out (in paragraphs, links, list
items, under linked headings), words its visible text repeats (forum and shop buttons,
pagers), and the words of its title. Counts enter as ``log1p`` so that one huge page does
not dominate a weight.

Computed before cleaning, without mutating the tree. The tag counts, class, id and href
values and the markup votes' elements come from one walk of every element
(:class:`~mainmark.pagekind.markup.Survey`), in the pipeline the cleaning stage's (it
reads every element's attributes anyway); the rest by XPaths that count or return plain
strings in C (no element proxy per element). :data:`FEATURES` fixes the
order; the model file names its features and is refused when they differ (``model.py``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import cast
from urllib.parse import urlsplit

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.schema import entities
from mainmark.metadata.structured import Structured
from mainmark.model import Metadata
from mainmark.page.classwords import words
from mainmark.page.parse import Page
from mainmark.page.subtree import text_content
from mainmark.pagekind.markup import Survey, markup_counts, survey_of
from mainmark.vocabulary import pagekinds

# --------------------------------------------------------------------------- vocabularies
# The word tables are labelled data in the registry (``vocabulary/pagekinds.py``); these
# are the shapes the feature code reads, each in the order the model's features are.

#: schema.org types, grouped by what they say about the page (one feature per group).
SCHEMA_GROUPS: dict[str, frozenset[str]] = {
    group: v.entries for group, v in pagekinds.SCHEMA_GROUPS.items()}
#: ``og:type`` values with a feature of their own; any other value counts as "other".
OG_TYPES = pagekinds.OG_TYPES.order
#: URL path tokens most sites use for one kind of page (whole tokens of the path).
URL_TOKENS = pagekinds.URL_TOKENS.order
#: Words of the page's visible text that kinds of page print again and again, counted as
#: whole lowercase words. English only: elsewhere the markup features carry the evidence.
TEXT_WORDS = pagekinds.TEXT_WORDS.order
#: Link targets by what they point at (path segments of the ``href``).
LINK_KINDS: dict[str, frozenset[str]] = {
    kind: v.entries for kind, v in pagekinds.LINK_KINDS.items()}
#: Class/id words whose frequency tells kinds apart (whole tokens, ``content.vocab.words``).
CLASS_WORDS = pagekinds.CLASS_WORDS.order
#: Tags counted on their own.
COUNTED_TAGS = pagekinds.COUNTED_TAGS.order
#: Words of the title or the first ``<h1>`` that name a kind of page.
TITLE_WORDS = pagekinds.TITLE_WORDS.order

_URL_WORD = re.compile(r"[a-z]+|\d+")
_YEAR = re.compile(r"/(?:19|20)\d\d/")
_DATE_PATH = re.compile(r"/(?:19|20)\d\d/\d{1,2}/")
_ID = re.compile(r"(?:^|[/=_-])\d{4,}(?:[/.?&_-]|$)")
_TITLE_WORD = re.compile(r"[^\W\d_]+")


def _names() -> tuple[str, ...]:
    names = [f"schema:{g}" for g in SCHEMA_GROUPS]
    names += ["schema:none", "schema:count"]
    names += [f"og:{t}" for t in OG_TYPES] + ["og:other", "og:none"]
    names += ["meta:published", "meta:author", "meta:signed", "meta:modified",
              "meta:price", "meta:description"]
    names += ["url:none", "url:home", "url:depth", "url:year", "url:datepath", "url:id",
              "url:query", "url:slugwords", "url:ext"]
    names += [f"url:{t}" for t in URL_TOKENS]
    names += [f"tag:{t}" for t in COUNTED_TAGS] + ["tag:all"]
    names += [f"class:{w}" for w in CLASS_WORDS]
    names += ["markup:cart", "markup:price", "markup:cards", "markup:cardsmany",
              "markup:cardspriced", "markup:posts", "markup:postsmany", "markup:itemprop",
              "markup:itemprop_author", "markup:itemprop_date", "markup:itemprop_text",
              "markup:rel_author"]
    names += [f"links:{k}" for k in LINK_KINDS] + ["links:child", "links:same_site"]
    names += [f"word:{w}" for w in dict.fromkeys(TEXT_WORDS)] + ["text:prices"]
    names += ["text:log", "text:p_share", "text:link_share", "text:long_p"]
    names += [f"title:{w}" for w in TITLE_WORDS] + ["title:question_mark", "title:len",
                                                     "title:in_url"]
    return tuple(names)


#: The feature names, in the order of the vector.
FEATURES: tuple[str, ...] = _names()
_INDEX = {name: i for i, name in enumerate(FEATURES)}
#: Each schema.org type's groups (a type listed in two groups counts for both).
_SCHEMA_OF: dict[str, tuple[str, ...]] = {}
for _group, _types in SCHEMA_GROUPS.items():
    for _type in _types:
        _SCHEMA_OF[_type] = (*_SCHEMA_OF.get(_type, ()), _group)
_URL_SET = frozenset(URL_TOKENS)
_TITLE_SET = frozenset(TITLE_WORDS)
_CLASS_SET = frozenset(CLASS_WORDS)
_COUNTED = frozenset(COUNTED_TAGS)


def page_features(page: Page, structured: Structured, metadata: Metadata,
                  survey: Survey | None = None) -> list[float]:
    """The feature vector of a parsed page (all zeros but ``url:none`` for no tree).

    ``survey``: the cleaning stage's walk of this tree before any edit (see
    :class:`~mainmark.pagekind.markup.Survey`); the vector is the same without it, only
    dearer (the tags, class, id and href values are then read by walks of their own)."""
    vec = [0.0] * len(FEATURES)
    _schema(structured, vec)
    _meta(metadata, vec)
    _url(page.url, vec)
    root = page.root
    if root is None:
        return vec
    if survey is None:
        survey = survey_of(root, _COUNTED)
    _markup(root, page.text, vec, survey)
    _links(survey.hrefs, page.url, vec)
    _title(metadata.title or "", page.url, vec)
    return vec


def _set(vec: list[float], name: str, value: float) -> None:
    vec[_INDEX[name]] = value


def _log(n: float) -> float:
    return math.log1p(max(0.0, n))


def _schema(structured: Structured, vec: list[float]) -> None:
    groups: Counter[str] = Counter()
    count = 0
    for source, objects in (("jsonld", structured.jsonld), ("microdata", structured.microdata)):
        for entity in entities(objects, source):
            count += 1
            for kind in set(entity.types):
                groups.update(_SCHEMA_OF.get(kind, ()))
    for group, n in groups.items():
        _set(vec, f"schema:{group}", _log(n))
    _set(vec, "schema:none", float(count == 0))
    _set(vec, "schema:count", _log(count))
    og = next((value for prop, value in structured.opengraph if prop == "og:type"), None)
    if og is None:
        _set(vec, "og:none", 1.0)
        return
    value = og.strip().lower().split(".", 1)[0].split(":", 1)[0]
    _set(vec, f"og:{value}" if value in OG_TYPES else "og:other", 1.0)


def _meta(metadata: Metadata, vec: list[float]) -> None:
    _set(vec, "meta:published", float(bool(metadata.published)))
    _set(vec, "meta:author", float(bool(metadata.author)))
    _set(vec, "meta:signed", float(bool(metadata.published and metadata.author)))
    _set(vec, "meta:modified", float(bool(metadata.modified)))
    _set(vec, "meta:price", float(bool(metadata.price)))
    _set(vec, "meta:description", float(bool(metadata.description)))


def _url(url: str | None, vec: list[float]) -> None:
    if not url:
        _set(vec, "url:none", 1.0)
        return
    try:
        parts = urlsplit(url)
    except ValueError:
        _set(vec, "url:none", 1.0)
        return
    path = parts.path.lower()[:2000]
    segments = [s for s in path.split("/") if s]
    _set(vec, "url:home", float(not segments))
    _set(vec, "url:depth", _log(len(segments)))
    _set(vec, "url:year", float(bool(_YEAR.search(path))))
    _set(vec, "url:datepath", float(bool(_DATE_PATH.search(path))))
    _set(vec, "url:id", float(bool(_ID.search(f"{path}?{parts.query[:500]}"))))
    _set(vec, "url:query", float(bool(parts.query)))
    last = segments[-1] if segments else ""
    _set(vec, "url:slugwords", _log(len(re.split(r"[-_]+", last)) - 1 if last else 0))
    _set(vec, "url:ext", float("." in last))
    for token in set(_URL_WORD.findall(path)) & _URL_SET:
        _set(vec, f"url:{token}", 1.0)


def _markup(root: HtmlElement, source: str, vec: list[float], survey: Survey) -> None:
    counts = markup_counts(root, source, _COUNTED, survey)
    for tag, n in counts.tags.items():
        _set(vec, f"tag:{tag}", _log(n))
    _set(vec, "tag:all", _log(survey.elements))
    # Class and id values as strings, each distinct value split once; digits go first
    # (no counted word holds one), so "comment-1812" and "comment-1813" are one value to
    # split. The digits go from all the values in one call: joined by a NUL (which no
    # value libxml2 parsed holds, and which is no digit), each value is cut back out as
    # it was (a ``translate`` call per value cost more than the words' cache lookups).
    raw: Counter[str] = Counter(survey.classes)
    raw.update(survey.ids)
    values = "\0".join(raw).translate(_NO_DIGITS).split("\0")
    if len(values) != len(raw):  # a NUL after all: value by value
        values = [value.translate(_NO_DIGITS) for value in raw]
    classes: Counter[str] = Counter()
    for value, n in zip(values, raw.values(), strict=True):
        for word in _class_hits(value):
            classes[word] += n
    for word, n in classes.items():
        _set(vec, f"class:{word}", _log(n))
    _set(vec, "markup:cart", _log(counts.cart))
    _set(vec, "markup:price", _log(counts.prices))
    _set(vec, "markup:cards", _log(counts.cards))
    _set(vec, "markup:cardsmany", float(counts.cards >= 12))
    _set(vec, "markup:cardspriced", float(counts.priced))
    _set(vec, "markup:posts", float(counts.posts))
    _set(vec, "markup:postsmany", float(counts.posts >= 5))
    _set(vec, "markup:itemprop", _log(counts.itemprops))
    _set(vec, "markup:itemprop_author", float(counts.itemprop_author))
    _set(vec, "markup:itemprop_date", float(counts.itemprop_date))
    _set(vec, "markup:itemprop_text", float(counts.itemprop_text))
    _set(vec, "markup:rel_author", float(counts.rel_author))
    _text(root, vec, counts.tags)


@lru_cache(maxsize=16384)
def _class_hits(value: str) -> tuple[str, ...]:
    """The counted class words of one class or id value (each once).

    The value's words as selection reads them, through the one cache of
    :func:`~mainmark.page.classwords.words`: a value without digits (most) is the very
    string the measuring pass splits for the same element, so one of the two pays the
    split and the other finds it cached. Every counted word is one lowercase ASCII
    token, so this is also the union of the entries' counted words
    (tests/test_classwords_shortcut.py)."""
    return tuple(words(value) & _CLASS_SET)


def _number(result: object) -> float:
    return float(result) if isinstance(result, (int, float)) else 0.0


_NO_DIGITS = str.maketrans("", "", "0123456789")



def _links(found: list[str], url: str | None, vec: list[float]) -> None:
    here = urlsplit(url) if url else None
    base = (here.path.rstrip("/") + "/").lower() if here else None
    host = (here.hostname or "") if here else ""
    kinds: Counter[str] = Counter()
    child = same = 0
    # Menus repeat their links on every page of a site and often twice on one: each
    # distinct target is parsed once and counted as often as it occurs.
    for href, n in Counter(found[:5000]).items():
        value = href.strip().lower()[:300]
        if not value or value.startswith(("#", "javascript:", "mailto:", "tel:")):
            continue
        parts = _split_href(value)
        if parts is None:
            continue
        hostname, path, query = parts
        if hostname and hostname != host:
            continue
        same += n
        found_kinds = {_KIND_OF[token] for token in _LINK_TOKEN.findall(path)}
        if "replytocom" in query:
            found_kinds.add("comment")
        for kind in found_kinds:
            kinds[kind] += n
        if base and len(base) > 1 and path.startswith(base) and len(path) > len(base):
            child += n
    for kind, n in kinds.items():
        _set(vec, f"links:{kind}", _log(n))
    _set(vec, "links:child", _log(child))
    _set(vec, "links:same_site", _log(same))


#: What ``urlsplit`` removes from anywhere in a URL before it splits it.
_REMOVED = re.compile(r"[\t\r\n]")


def _split_href(value: str) -> tuple[str | None, str, str] | None:
    """``urlsplit(value)``'s hostname, path and query (None where it raises), taking the
    short way for the two shapes nearly every link has: a relative path without a colon,
    and an ``http(s)://`` address with a plain ASCII host part.

    ``value`` is stripped and lowercased. The short way returns what ``urlsplit`` would:
    without a colon there is no scheme, without control characters nothing is stripped
    or removed, and a host part without a user, a bracket or non-ASCII is checked by
    nothing and only cut at its port. Anything else is handed to ``urlsplit`` itself
    (a test compares the two on awkward hrefs)."""
    if value[0] > " " and not _REMOVED.search(value):
        if value.startswith(("http://", "https://")):
            rest = value[value.index("//") + 2:]
            end = _HOST_END.search(rest)
            netloc, rest = (rest[:end.start()], rest[end.start():]) if end else (rest, "")
            if netloc.isascii() and not _USER_OR_BRACKET.search(netloc):
                return netloc.partition(":")[0] or None, *_path_query(rest)
        elif ":" not in value and not value.startswith("//"):
            return None, *_path_query(value)
    try:
        parts = urlsplit(value)
    except ValueError:
        return None
    return parts.hostname, parts.path, parts.query


_HOST_END = re.compile(r"[/?#]")
_USER_OR_BRACKET = re.compile(r"[@\[\]]")


def _path_query(rest: str) -> tuple[str, str]:
    path, _, query = rest.partition("#")[0].partition("?")
    return path, query


#: The link-kind tokens as whole letter runs of a path (the tokens are letters only, so
#: a run bounded by non-letters is a token of ``_URL_WORD``), one search for all kinds.
_KIND_OF = {token: kind for kind, tokens in LINK_KINDS.items() for token in tokens}
_LINK_TOKEN = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(_KIND_OF, key=len, reverse=True))
                         + r")(?![a-z])")


#: Text by where it sits, as XPaths that return plain strings (no element proxy, no
#: smart string): the text of paragraphs and of links. (The text of list items, tables,
#: preformatted blocks and headings were features too: dropping them cost nothing in the
#: grouped cross-validation, and each XPath costs a walk of the tree.) Asked of the
#: ``<body>`` (a child of the root wherever libxml2 parses one): ``//body//p//text()``
#: asked of the root walked the whole tree to find the body and then its subtree again
#: (0.27 ms a page against 0.19 for the pair, and 0.41 against 0.12 for the long
#: paragraphs' count); a tree without a body child keeps the anchored forms.
_TEXTS = {name: etree.XPath(f".//{name}//text()", smart_strings=False) for name in ("p", "a")}
#: The same text nodes selected the other way round, for pages with many such elements:
#: libxml2 merges the per-element results of ``//p//text()`` with a duplicate check
#: against everything merged so far, quadratic in the elements (80,000 paragraphs took
#: 4.6 s, a 50 MB page of them hours). Here each text node asks for an ancestor instead:
#: linear, times the depth (which parsing caps), so the plain form stays the default.
#: No ``p`` or ``a`` stands above ``body``, so the two select the same nodes.
_TEXTS_FLAT = {name: etree.XPath(f"descendant::text()[ancestor::{name}]", smart_strings=False)
               for name in _TEXTS}
#: Elements past which the merge costs more than the ancestor walk (both exact).
_MERGE_MAX = 2000
_LONG_PARAGRAPHS = etree.XPath("count(.//p[string-length(normalize-space()) >= 120])")
#: The forms anchored at the document, for a tree whose root has no ``<body>`` child.
_ANCHORED_TEXTS = {name: etree.XPath(f"//body//{name}//text()", smart_strings=False)
                   for name in _TEXTS}
_ANCHORED_FLAT = {name: etree.XPath(f"//body/descendant::text()[ancestor::{name}]",
                                    smart_strings=False) for name in _TEXTS}
_ANCHORED_LONG = etree.XPath("count(//body//p[string-length(normalize-space()) >= 120])")


def _trie(words: frozenset[str]) -> str:
    """An alternation of ``words`` spelled as a tree of their shared prefixes
    (``c(?:a(?:ll|rt)|o(?:mment(?:s)?|...))``): Python's regex engine tries the branches
    of an alternation one by one, so at a place where "comments" starts it compared 40
    words before; here it follows one path. Between ``\\b`` and ``\\b`` it matches what
    the longest-first alternation matches: the words are letters only, so at most one of
    them ends at a word boundary at any place, and an optional ending is tried before
    stopping (tests/test_walk_shortcuts.py compares the two on corpus text)."""
    heads = sorted({w[0] for w in words if w})
    branches = []
    for head in heads:
        tails = frozenset(w[1:] for w in words if w and w[0] == head)
        rest = _trie(frozenset(t for t in tails if t)) if len(tails) > 1 or "" not in tails \
            else ""
        if rest and "" in tails:
            rest = f"(?:{rest})?"
        branches.append(re.escape(head) + rest)
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


#: The counted words of the visible text as one pattern (only matches become strings).
#: The lookahead on the words' first letters only skips, in C, the places where no word
#: can start; the words follow as a tree of prefixes (:func:`_trie`).
_TEXT_WORD = re.compile(r"\b(?=[" + "".join(sorted({w[0] for w in TEXT_WORDS})) + r"])"
                        + _trie(frozenset(TEXT_WORDS)) + r"\b")
_TEXT_CAP = 50_000
#: A currency sign beside a digit, for a count: ``[$€£¥₹]\s?\d|\d\s?[$€£¥₹]`` written to
#: start with one character class, which the regex engine scans for in C before it tries
#: a match (it cannot for an alternation of classes); the lookbehinds pick the half.
_PRICE_MARK = re.compile(r"[$€£¥₹\d](?:(?<=[$€£¥₹])\s?\d|(?<=\d)\s?[$€£¥₹])")


#: The currency signs of :data:`_PRICE_MARK`: a text without any holds no price mark.
_CURRENCY = "$€£¥₹"
#: How much of the text :func:`_sample` collapses first.
_SAMPLE_HEAD = _TEXT_CAP * 5 // 4


def _sample(raw: str) -> str:
    """The first :data:`_TEXT_CAP` characters of the text with its white space collapsed
    (of at most four times that much text). Collapsing a head of the text gives a head of
    the whole collapsed (a word cut at the end is a head of that word), so a head that
    reaches the cap has the sample's characters, and the rest is not split."""
    if len(raw) > _SAMPLE_HEAD:
        head = " ".join(raw[:_SAMPLE_HEAD].split())
        if len(head) >= _TEXT_CAP:
            return head[:_TEXT_CAP]
    return " ".join(raw[:4 * _TEXT_CAP].split())[:_TEXT_CAP]


def _strings(name: str, body: HtmlElement | None, root: HtmlElement,
             many: bool) -> Iterator[str]:
    """The stripped text strings an XPath of :data:`_TEXTS` returns (plain strings: the
    XPaths are compiled without smart strings) for ``body`` (``None``: the root has no
    body child, the anchored forms ask ``root``); ``many``: the page has more than
    :data:`_MERGE_MAX` such elements, so the flat form selects them."""
    if body is None:
        found = (_ANCHORED_FLAT if many else _ANCHORED_TEXTS)[name](root)
    else:
        found = (_TEXTS_FLAT if many else _TEXTS)[name](body)
    return map(str.strip, cast("list[str]", found) if isinstance(found, list) else [])


def _length(name: str, body: HtmlElement | None, root: HtmlElement,
            counted: Mapping[str, int]) -> int:
    return sum(map(len, _strings(name, body, root, counted.get(name, 0) > _MERGE_MAX)))


def _text(root: HtmlElement, vec: list[float], counted: Mapping[str, int]) -> None:
    body = root.find("body")
    # The body's text in one C call: inline scripts and styles are still in the tree here,
    # and counted (the model was trained so).
    raw = text_content(body if body is not None else root)
    text = len(raw) - sum(map(raw.count, " \n\t\r"))  # its characters but white space
    _set(vec, "text:log", _log(text))
    sample = _sample(raw)
    seen = Counter(_TEXT_WORD.findall(sample.lower()))
    for word, n in seen.items():
        _set(vec, f"word:{word}", _log(n))
    # every price mark holds a currency sign: a page without one (two in five) is not
    # scanned digit by digit
    if any(map(sample.__contains__, _CURRENCY)):
        _set(vec, "text:prices", _log(len(_PRICE_MARK.findall(sample))))
    if not text:
        return
    _set(vec, "text:p_share", min(1.0, _length("p", body, root, counted) / text))
    long_p = _ANCHORED_LONG(root) if body is None else _LONG_PARAGRAPHS(body)
    _set(vec, "text:long_p", _log(_number(long_p)))
    _set(vec, "text:link_share", min(1.0, _length("a", body, root, counted) / text))


def _title(title: str, url: str | None, vec: list[float]) -> None:
    low = title.lower()[:300]
    found = set(_TITLE_WORD.findall(low))
    if url:
        # A slug spelling the headline: an article's or a product's own address.
        last = url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1].lower()[-200:]
        slug = [w for w in _URL_WORD.findall(last) if len(w) >= 3]
        if slug:
            _set(vec, "title:in_url", sum(1 for w in slug if w in found) / len(slug))
    for word in found & _TITLE_SET:
        _set(vec, f"title:{word}", 1.0)
    _set(vec, "title:question_mark", float("?" in low))
    _set(vec, "title:len", _log(len(low)))
