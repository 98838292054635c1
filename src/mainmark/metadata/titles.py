"""The page's headline: as the page shows it, without site name or kicker.

``<title>`` and ``og:title`` are written for search results and share cards and
often carry the site name ("Headline | Site", "Site - Headline") or a section;
the ``<h1>`` is what the reader sees but on many pages is the site logo. So the
choice is made by agreement:

1. an ``<h1>`` whose text equals a metadata title (after the site name is cut
   from the latter), or of which a metadata title is a truncation, wins: it is
   the displayed form;
2. a metadata title that ends an ``<h1>`` ("Kicker Headline" with the kicker in
   a span) wins over that ``<h1>``: the extra words are a kicker; an ``<h1>``
   making up most of a metadata title ("Site: Section / Headline") wins over it:
   the extra words are site and section names;
3. otherwise the most trusted metadata title with the site name cut (``og:title``
   over a JSON-LD name it disagrees with: that names the product or app), except that
   the page's one ``<h1>`` (leaving out ``<h1>``s naming the site, and repeats) wins
   on an article telling the same story, and on any page whose only metadata title
   is ``<title>``; a metadata title no ``<h1>`` settled ends at its first spaced ASCII
   hyphen ("Acme Wallet - Royal Black", "Parser Notes - Part 1"): templates type that
   separator before a descriptor, a variant or a series part, writers set a dash;
4. the first ``<h1>`` when no metadata title exists at all.

An ``<h1>`` taken by steps 1 to 3 loses a short descriptor after its last spaced
hyphen or bar ("… Compared - Personally Tested", "… | Opinion"; see
:func:`_before_descriptor`): templates print the title field whole in the heading.

The site name is cut only when it is known (``og:site_name``, a JSON-LD
``WebSite``/publisher name, ``application-name``, the URL's domain) or the
separator is one headlines do not use (``|``, ``·``, ``»``, ``::``). A dash
alone is never enough to cut a site name, and a one-word lead before a spaced hyphen
stays: "Sazerac - all about the classic cocktail" is a headline.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TypeVar
from urllib.parse import urlsplit

from mainmark.metadata.constants import CUT
from mainmark.page.textnorm import drop_invisible

T = TypeVar("T")

_WS = re.compile(r"\s+")
# Separators between headline and site/section names. Dashes and colons need
# surrounding spaces; ":" is left out, it is a headline kicker separator.
_SEPARATOR = re.compile(r"\s+(?:[|·•»«~/]|::|-{1,2}|–|—)\s+")
_CLEAR_SEPARATOR = re.compile(r"\s+(?:[|·•»«]|::)\s+")
_NON_ALNUM = re.compile(r"[\W_]+")
_TITLE_WORD = re.compile(r"\w+")
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…)\s*$")
_DOMAIN_SKIP = frozenset({"www", "m", "amp", "mobile", "blog", "news", "de", "com", "org", "net"})


#: An HTML character reference left in a value: CMSs escape titles before writing them
#: into JSON-LD or ``content`` attributes, where the parser does not decode them again.
_ENTITY = re.compile(r"&(?:#\d{2,7}|#x[0-9a-fA-F]{2,6}|[a-zA-Z]{2,8});")


def clean_text(text: str | None, limit: int = CUT.max_title) -> str:
    """Whitespace collapsed, invisible characters dropped, character references decoded,
    NFC, capped at ``limit`` characters on a word boundary."""
    if not text:
        return ""
    if "&" in text and _ENTITY.search(text):
        text = html.unescape(text)
    text = _WS.sub(" ", unicodedata.normalize("NFC", drop_invisible(text[: limit * 4]))).strip()
    if len(text) > limit:
        cut = text[:limit].rsplit(" ", 1)[0]
        text = (cut or text[:limit]) + "…"
    return text


#: Permalink glyphs documentation generators append to headings (Sphinx "¶", "#", "🔗").
#: Cut with string methods: a ``\s*glyph\s*$`` regex retries the whitespace run from
#: every start, quadratic on a long run of spaces.
_ANCHOR_GLYPHS = frozenset("¶§#🔗")


#: A separator left at a heading's edge once its kicker span is gone ("<span
#: class=kicker>Topic</span>: Headline" reads ": Headline"); the text is
#: whitespace-collapsed, so one space stands beside it.
_EDGE_LEAD = (": ", "| ")
_EDGE_TRAIL = (" :", " |")


def _trim_heading_marks(text: str) -> str:
    """``text`` without a trailing permalink glyph and a separator left at either edge."""
    trimmed = text.rstrip()
    if trimmed and trimmed[-1] in _ANCHOR_GLYPHS:
        text = trimmed[:-1].rstrip()
    if text.startswith(_EDGE_LEAD):
        text = text[2:]
    if text.endswith(_EDGE_TRAIL):
        text = text[:-2]
    return text


def _key(text: str) -> str:
    """Comparison form: casefolded letters and digits only (quotes, dashes, spaces gone)."""
    return _NON_ALNUM.sub("", text.casefold())


def site_keys(site_names: Iterable[str | None], url: str | None) -> list[str]:
    """Comparison keys of every known name of the site, domain labels included."""
    keys = [_key(name) for name in site_names if name]
    if url:
        host = urlsplit(url).hostname or ""
        labels = [label for label in host.split(".") if label and label not in _DOMAIN_SKIP]
        if len(labels) >= 2:
            keys.append(_key(labels[-2]))
            keys.append(_key("".join(labels)))
        keys.append(_key(host))
    return [k for k in dict.fromkeys(keys) if len(k) >= 3]


#: Second-level labels under a country code that are not the site's name (``co.uk``).
_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "gov", "ac", "edu", "or", "ne", "go"})


def title_keys(keys: Sequence[str], url: str | None) -> list[str]:
    """``keys`` plus the registered domain label, for cutting a site name off a title.

    A title segment naming the domain ("Was ist Freie Software - MyOOS Community Forum"
    on foren.myoos.de) is the site. Bylines are not tested against this key: "PETA-Team"
    and "Redaktion Gelbe Liste" are the authors their sites credit.
    """
    host = (urlsplit(url).hostname or "") if url else ""
    domain = _registered_label([label for label in host.split(".") if label])
    if not domain or len(domain) < 3 or domain in _DOMAIN_SKIP:
        return list(keys)
    return list(dict.fromkeys([*keys, _key(domain)]))


def _registered_label(labels: list[str]) -> str | None:
    """The label a site registered: ``myoos`` in ``foren.myoos.de``, ``bbc`` in
    ``www.bbc.co.uk``. Subdomains ("foren", "blog") name a section, not the site."""
    if len(labels) < 2:
        return None
    rest = labels[:-1]
    if len(rest) >= 2 and len(labels[-1]) == 2 and rest[-1] in _SECOND_LEVEL:
        rest = rest[:-1]
    return rest[-1]


def is_site_name(segment: str, keys: Sequence[str], max_words: int | None = None) -> bool:
    """``segment`` names the site (or is empty once punctuation is gone). A segment that
    holds a site key among more than ``max_words`` words only mentions the site (see
    :data:`CUT.max_site_segment_words`); ``None`` accepts any length."""
    key = _key(segment)
    if not key:
        return True
    if any(key == k or (len(key) >= CUT.site_key_min_chars and key in k) for k in keys):
        return True
    return ((max_words is None or len(_TITLE_WORD.findall(segment)) <= max_words)
            and any(k in key for k in keys))


#: Words that make a site's name the name of a kind of site ("Arch Linux Forums", "Tom's
#: Hardware Forum", "Ansible Community Documentation"), not of one of its products.
_SITE_KIND_WORDS = frozenset({
    "forum", "forums", "board", "boards", "community", "discussion", "discussions", "blog",
    "blogs", "news", "magazine", "docs", "documentation", "wiki", "help", "support", "store",
    "shop", "online", "official", "site", "website", "home", "the",
})


def _leading_site_name(segment: str, keys: Sequence[str]) -> bool:
    """``segment``, leading a title, is the site's name, alone or with words naming a kind
    of site ("Arch Linux Forums | Install guide").

    A leading segment holding the name among other words names the site's product
    ("Acme CDN | Content Delivery Network", "Acme Payments | Global Payment
    Processing Platform"): it leads the title the way a headline does.
    """
    if is_site_name(segment, keys, 0):
        return True
    if not is_site_name(segment, keys, CUT.max_site_segment_words):
        return False
    return all(word in _SITE_KIND_WORDS or any(_key(word) in k for k in keys)
               for word in _TITLE_WORD.findall(segment.casefold()))


def strip_site_name(title: str, keys: Sequence[str]) -> str:
    """``title`` without leading/trailing segments that name the site."""
    kept = cut_site_segments(title, keys)
    pieces = _CLEAR_SEPARATOR.split(kept)
    if len(pieces) > 1:
        # "Headline | Section | Site" with an unknown site: the headline comes first;
        # a breadcrumb ("Site » Archive » Headline") goes from the site down to it.
        if all(sep.strip() == "»" for sep in _CLEAR_SEPARATOR.findall(kept)):
            return pieces[-1].strip()
        return pieces[0].strip()
    return kept


def cut_site_segments(title: str, keys: Sequence[str]) -> str:
    """``title`` without the leading/trailing segments that name a known site."""
    parts = _SEPARATOR.split(title)
    if len(parts) < 2:
        return title
    while len(parts) > 1 and is_site_name(parts[-1], keys, CUT.max_site_segment_words):
        parts.pop()
    while len(parts) > 1 and _leading_site_name(parts[0], keys):
        parts.pop(0)
    return _rejoin(title, parts)


def _rejoin(title: str, parts: list[str]) -> str:
    """The original text spanning the kept parts (their separators as written)."""
    first, last = parts[0], parts[-1]
    start = title.find(first)
    end = title.rfind(last) + len(last)
    if start < 0 or end < start:
        return " ".join(parts)
    return title[start:end].strip()


def _matches(h1: str, candidate: str) -> bool:
    """``h1`` is the displayed form of ``candidate`` (equal, or candidate truncated)."""
    hk, ck = _key(h1), _key(_ELLIPSIS.sub("", candidate))
    if not hk or not ck:
        return False
    if hk == ck:
        return True
    truncated = candidate != _ELLIPSIS.sub("", candidate)
    return truncated and len(ck) >= CUT.truncated_title_min_chars and hk.startswith(ck)


#: Main-entity kinds whose name is not the page's title: a business or place page's
#: JSON-LD names the business ("Termio Pest Control") on every page of its site, and a
#: video embedded in a story or a section front names the video.
NAME_NOT_TITLE = frozenset({"LocalBusiness", "Place", "Organization", "VideoObject"})

#: A URL or a path is no title: microdata reads ``itemprop=name`` on a link as its href.
_URLISH = re.compile(r"(?:[a-z][a-z0-9+.-]*:)?//\S+|/[^\s/]*(?:/[^\s/]*)*/?|[\w.-]+\.\w{2,5}/\S*",
                     re.IGNORECASE)


def choose_title(
    candidates: Sequence[tuple[str, str]],
    h1s: Sequence[str],
    keys: Sequence[str],
    *,
    article: bool = False,
) -> tuple[str, str] | None:
    """(title, source) from trusted-first ``candidates`` and the page's ``h1s``.

    ``article``: the page is an article (its main entity or ``og:type`` says so), whose one
    ``<h1>`` is the headline as printed; metadata titles there are rewritten for search
    results and share cards, so a lone ``<h1>`` on the same story wins (see
    :func:`_same_story`).
    """
    cleaned = []
    for source, raw in candidates:
        text = clean_text(raw)
        if text and not _URLISH.fullmatch(text):
            cleaned.append((source, strip_site_name(text, keys), text))
    headings = [h for h in (_trim_heading_marks(clean_text(h)) for h in h1s) if h]
    for source, text, full in cleaned:
        for h1 in headings:
            if _matches(h1, text):
                return _before_descriptor(h1), f"h1={source}"
            if _matches(h1, full):
                # An <h1> printing the whole <title>, the site's name with it ("Headline |
                # Site"), shows the headline: the site's name is the template's, not its.
                if _key(cut_site_segments(full, keys)) != _key(full):
                    return text, f"h1={source}"
                return _before_descriptor(h1), f"h1={source}"
    for source, _text, full in cleaned:
        # "Headline - Site" with an unknown site: the page's h1 showing exactly the
        # first or last segment says which segment is the headline, dash or not.
        parts = _SEPARATOR.split(full)
        if len(parts) > 1:
            for h1 in headings:
                # a blog's <h1> is often its name, which is a title segment too
                if (_key(h1) in (_key(parts[0]), _key(parts[-1]))
                        and len(_key(h1)) >= CUT.h1_segment_min_chars
                        and not is_site_name(h1, keys)):
                    return h1, f"h1={source}"
    for source, text, full in cleaned:
        for h1 in headings:
            hk, ck = _key(h1), _key(text)
            if len(ck) >= CUT.h1_suffix_min_chars and hk.endswith(ck):
                return text, f"{source}<h1"
            # "Site: Section / Headline" with an unknown site: the h1 is the headline part.
            # A title with no separator at all has no site or section part: an <h1>
            # inside it is a shortened headline ("Tournament Chess Pieces" in "Tournament
            # Chess Pieces for Sale Online from Acme"), and the title says it whole.
            # An <h1> naming the site that ends the title is the site segment the template
            # appends ("Acme TV - Acme Entertainment", a banner's <h1>); one leading the
            # title is a headline naming the site ("Acme Best Sellers: Best Kettles").
            fk = _key(full)
            if (len(hk) >= CUT.h1_part_min_chars and hk in fk and len(hk) * 5 >= len(fk) * 2
                    and (_SEPARATOR.search(full) or ": " in full)
                    and not (fk.endswith(hk)
                             and is_site_name(h1, keys, CUT.max_site_segment_words))):
                return _before_descriptor(h1), f"h1<{source}"
    if cleaned:
        source, text, _ = _most_trusted(cleaned)
        # A page whose only title is its <title> (no share card, no structured data)
        # wrote that title for search results alone: its one <h1> is the headline.
        tag_only = all(kind == "title" for kind, _t, _f in cleaned)
        # The site's name in a logo <h1> and a headline printed twice (a sticky header
        # repeating it) leave one headline on the page all the same.
        shown = list(dict.fromkeys(h for h in headings if not is_site_name(h, keys)))
        if len(shown) == 1 and (tag_only or (article and _same_story(shown[0], text, keys))):
            return _before_descriptor(shown[0]), f"h1~{source}"
        return _before_hyphen(text), source
    if headings:
        return headings[0], "h1"
    return None


#: A spaced ASCII hyphen: the separator title templates type ("Headline - Section"),
#: where writers set a headline's own break as a dash ("–", "—").
_SPACED_HYPHEN = " - "


def _before_hyphen(text: str) -> str:
    """``text`` up to its first spaced hyphen, when the part before holds two words or more
    and no ``<h1>`` showed the whole: "Reflections on Building a Parser - Part 1", "Acme
    Wallet - Royal Black", "Shop Kettles Online - Modern & Affordable Options" carry a
    descriptor, a variant or a series part after the headline."""
    head, hyphen, _ = text.partition(_SPACED_HYPHEN)
    return head if hyphen and len(_TITLE_WORD.findall(head)) >= 2 else text


#: Separators before a trailing descriptor in a printed title: the hyphen templates type
#: and the bar; writers' dashes ("–", "—") join two halves of one headline.
_DESCRIPTOR_SEPARATORS = (" - ", " | ")


def _before_descriptor(text: str) -> str:
    """``text`` without a short descriptor after its last spaced hyphen or bar, when the
    part before holds three words or more and more words than the descriptor: "15
    Language Learning Apps Compared - Personally Tested", "How Meditation Rewires Brains
    | Opinion". A tail as long as the head is a headline's second half ("Trekking
    Backpack 40L | Lightweight & Adventure-Ready")."""
    for separator in _DESCRIPTOR_SEPARATORS:
        head, found, tail = text.rpartition(separator)
        if not found:
            continue
        head_words = len(_TITLE_WORD.findall(head))
        tail_words = len(_TITLE_WORD.findall(tail))
        if (0 < tail_words <= CUT.max_descriptor_words and head_words >= 3
                and head_words > tail_words):
            return head.rstrip()
    return text


#: Sources of a share card's title, in order: ``og:title``, then ``twitter:title``.
_CARD_SOURCES = ("opengraph", "twitter")


def _most_trusted(cleaned: Sequence[tuple[str, str, str]]) -> tuple[str, str, str]:
    """The first (most trusted) metadata title, except that a share card's title beats a
    JSON-LD one it disagrees with (no ``<h1>`` having settled between them).

    The main entity's ``name`` names the thing the page is about rather than the page: a
    product ("Mail Hub" on the page "Email Software that Grows With Your
    Team"), an app ("Messaging"), a CMS label; SEO plugins cut its ``headline`` at 110
    characters. The share card's title is written for this page.
    """
    first = cleaned[0]
    if first[0] == "jsonld":
        card = next((c for c in cleaned if c[0] in _CARD_SOURCES), None)
        if card is not None and _key(card[1]) != _key(first[1]):
            return card
    return first


def _title_words(text: str) -> set[str]:
    return {w for w in _TITLE_WORD.findall(text.casefold()) if len(w) > 2 or w.isdigit()}


def _same_story(h1: str, title: str, keys: Sequence[str]) -> bool:
    """``h1`` words the headline ``title`` tells, rather than naming the site or a section.

    A blog's or forum's ``<h1>`` is its name ("Antoyo's Blog"), a section page's a label
    ("Details"): they share no words with the article's title. A headline reworded for
    search ("Best Office Chairs for Back Pain Relief" beside the printed "Best Office
    Chairs to Prevent Back Pain") shares many.
    """
    if is_site_name(h1, keys):
        return False
    a, b = _title_words(h1), _title_words(title)
    if not a or not b:
        return False
    return len(a & b) >= CUT.same_story * min(len(a), len(b))


def headline_element(
    h1s: Sequence[tuple[T, str]], title: str | None, *, lone: bool = True
) -> T | None:
    """The ``<h1>`` showing ``title``: equal, containing it, or (``lone``) the only one."""
    if title:
        key = _key(title)
        for element, text in h1s:
            if _key(text) == key:
                return element
        for element, text in h1s:
            if key and len(key) >= CUT.h1_showing_title_min_chars and key in _key(text):
                return element
    return h1s[0][0] if lone and len(h1s) == 1 else None
