"""One pass over the tree measuring what every later decision needs.

Selection, pruning and JSON-LD locating all ask the same questions of a node:
how much visible text is under it, how much of that is link text, how many
links, what do its class/id words say, is it inside the main region. Asking
``text_content()`` per question is quadratic on deep pages; this module answers
them all from two linear, iterative passes (post-order for sizes, pre-order for
context): the facts every element has by document position, the sparse ones keyed by
element. Sizes are UTF-8 bytes of stripped text runs.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.verdicts import Chrome, verdict
from mainmark.content.vocab import (
    ARTICLE_WORDS,
    ASIDE_CHROME_WORDS,
    BROAD_CHROME_WORDS,
    BROAD_STEMS,
    CHROME_ROLES,
    CHROME_TAGS,
    HARD_CHROME_TAGS,
    HEADING_TAGS,
    MAIN_ROLES,
    MAIN_WORDS,
    NARROW_CHROME_WORDS,
    NARROW_STEMS,
    NEGATIVE_WORDS,
    POSITIVE_WORDS,
    PROSE_CHROME_STEMS,
    PROSE_CHROME_WORDS,
    stem_hit,
    words,
)

_NO_WORDS: frozenset[str] = frozenset()
_HEADER_ONLY = frozenset({"header"})


@dataclass(slots=True)
class Measures:
    """Per-element facts. Elements absent from ``hint`` have no class/id/role.

    The dense facts (every element has them) are arrays by document position, not
    dicts keyed by element: a dict entry and its int object cost 60-90 bytes an element,
    an array slot 4 or 8. ``index[el]`` is ``el``'s position, ``order[i]`` the element at
    one; the ``*_of`` methods answer for an element, 0 (or False) for one the measuring
    pass did not see (made or moved in after it)."""

    order: list[HtmlElement]
    index: dict[HtmlElement, int]
    #: per position: UTF-8 bytes of stripped text under the element
    text_at: array[int]
    #: per position: bytes of that text inside links (``<a href>`` not to a fragment)
    link_at: array[int]
    #: per position: links under the element (itself included), and those of them with
    #: under 50 bytes of text
    links_at: array[int]
    short_at: array[int]
    #: per position: 1 when the element is or contains a heading (h1-h6)
    headed_at: bytearray
    #: class/id weight: positive words +1, negative words -1, main words +2 (per element)
    hint: dict[HtmlElement, int] = field(default_factory=dict)
    #: chrome verdicts: element -> rule name (broad vocabulary outside main, narrow inside)
    chrome: dict[HtmlElement, str] = field(default_factory=dict)
    #: the narrow-vocabulary verdict of every element, wherever it sits: what pruning
    #: inside the selected content asks
    narrow: dict[HtmlElement, str] = field(default_factory=dict)
    #: elements that mark the main region themselves
    main_marks: list[HtmlElement] = field(default_factory=list)
    #: class/id word tokens per element (only elements that have any)
    words: dict[HtmlElement, frozenset[str]] = field(default_factory=dict)
    #: per document position (``index``), the position of the last element of that
    #: element's subtree: ``order[i + 1 : end[i] + 1]`` are its descendants, so a walk can
    #: skip a subtree by a jump instead of a stack of children
    end: list[int] = field(default_factory=list)
    #: the ``role`` and ``aria-live`` values as written (only elements that have one), read
    #: in the one attribute scan so that pruning, which asks every element, need not
    #: (:func:`attribute`)
    roles: dict[HtmlElement, str] = field(default_factory=dict)
    live: dict[HtmlElement, str] = field(default_factory=dict)
    #: document positions of the ``<p>`` and ``role=tabpanel`` elements, listed on the
    #: first :meth:`holds_panels` question (most pages have no tablist to ask about)
    _panels: list[int] | None = None
    #: the casefolded, space-collapsed texts of the page's headings, collected on the
    #: first :meth:`heading_texts` question (asked of lists shaped like a contents box and
    #: of a product page's buy bar)
    _headings: frozenset[str] | None = None
    #: per table asked about, whether a header cell (``<th>``) stands anywhere below it
    _header_tables: dict[HtmlElement, bool] = field(default_factory=dict)
    #: per parent asked about, how many of its children have each (tag, class) pair
    _kinds: dict[HtmlElement, Counter[tuple[str, str | None]]] = field(default_factory=dict)

    def same_kind_siblings(self, el: HtmlElement) -> int:
        """Siblings of ``el`` with its tag and its class: the other cards of a listing.
        Pruning asks it of every small box, so each parent's children are counted once
        instead of once per child (quadratic on a box of many small boxes). Selection
        never edits the tree (``content/select.py``), so the counts hold while these
        measures are in use."""
        parent = el.getparent()
        if parent is None:
            return 0
        kinds = self._kinds.get(parent)
        if kinds is None:
            kinds = self._kinds[parent] = Counter(
                (c.tag, c.get("class")) for c in parent if isinstance(c.tag, str))
        return kinds[(el.tag, el.get("class"))] - 1

    def has_header_cells(self, table: HtmlElement) -> bool:
        """A ``<th>`` somewhere under ``table``. Pruning asks it of every link-holding row
        and cell of a table, so the search, which runs to the table's end when there is
        no header cell, is made once per table instead of once per row (quadratic on a
        long data table)."""
        known = self._header_tables.get(table)
        if known is None:
            known = self._header_tables[table] = next(table.iter("th"), None) is not None
        return known

    def heading_texts(self) -> frozenset[str]:
        """Texts of every h1-h6 the measuring pass saw (casefolded, spaces collapsed)."""
        if self._headings is None:
            self._headings = frozenset(
                folded(e.text_content()) for e in self.order
                if e.tag in ("h1", "h2", "h3", "h4", "h5", "h6"))
        return self._headings

    def holds_panels(self, el: HtmlElement) -> bool:
        """A ``role=tablist`` box holding the panels themselves (a tab panel, a paragraph)
        is an accordion whose template put the role on the whole group (Bootstrap's
        ``panel-group``): its sections are the page's text. A real tablist holds the tab
        labels only. Service and collection accordions (rule `tablist-panels`,
        docs/rules.md). A position search over one list of the page's panels, so that
        nested tablists cost no subtree scan each."""
        i = self.index.get(el, -1)
        if i < 0:
            return next(el.iter("p"), None) is not None or bool(
                el.xpath(".//*[@role='tabpanel']"))
        if self._panels is None:
            roles = self.roles
            self._panels = [k for k, e in enumerate(self.order)
                            if e.tag == "p" or roles.get(e) == "tabpanel"]
        at = bisect_right(self._panels, i)
        return at < len(self._panels) and self._panels[at] <= self.end[i]

    def attribute(self, el: HtmlElement, name: str) -> str | None:
        """``el.get(name)`` for ``role`` or ``aria-live``, from the scan's tables when
        ``el`` was measured (the tree is not edited after measuring)."""
        if el not in self.index:
            value: str | None = el.get(name)
            return value
        return (self.roles if name == "role" else self.live).get(el)

    def text_of(self, el: HtmlElement) -> int:
        """Text bytes under ``el`` (0 for an element not measured)."""
        i = self.index.get(el)
        return 0 if i is None else self.text_at[i]

    def link_of(self, el: HtmlElement) -> int:
        """Link-text bytes under ``el`` (0 for an element not measured)."""
        i = self.index.get(el)
        return 0 if i is None else self.link_at[i]

    def links_of(self, el: HtmlElement) -> int:
        """Links under ``el``, itself included (0 for an element not measured)."""
        i = self.index.get(el)
        return 0 if i is None else self.links_at[i]

    def short_links_of(self, el: HtmlElement) -> int:
        """Links of under 50 text bytes under ``el`` (0 for an element not measured)."""
        i = self.index.get(el)
        return 0 if i is None else self.short_at[i]

    def is_headed(self, el: HtmlElement) -> bool:
        """``el`` is or contains a heading (False for an element not measured)."""
        i = self.index.get(el)
        return i is not None and self.headed_at[i] == 1

    def density(self, el: HtmlElement) -> float:
        """Link-text share of ``el``'s text (0.0 without text or measures)."""
        i = self.index.get(el)
        if i is None:
            return 0.0
        total = self.text_at[i]
        return self.link_at[i] / total if total else 0.0


def folded(text: str) -> str:
    """``text`` casefolded with its white space collapsed: the form :meth:`Measures.heading_texts`
    holds, so a caller that screens a text against it must fold the text this way."""
    return " ".join(text.split()).casefold()


def measure(root: HtmlElement) -> Measures:
    """The measures of ``root``'s subtree, in one post-order pass: the sizes add up from
    the leaves, and each element's class/id/role signals are read on the same visit, so
    every element is fetched and its attributes looked up once (:func:`_classify` then
    settles the verdicts that depend on the main region)."""
    order = list(root.iter(etree.Element))
    n = len(order)
    index = {el: i for i, el in enumerate(order)}
    # Parallel lists by document position: far cheaper than dicts in the hot loop.
    text = [0] * n
    link = [0] * n
    links = [0] * n
    short = [0] * n
    headed_at = [False] * n
    end = list(index.values())  # 0..n-1, the index's own int objects (none made twice)
    roles: dict[HtmlElement, str] = {}
    lives: dict[HtmlElement, str] = {}
    # the positions and signals of the elements that carry any signal, in reverse document
    # order: two flat lists rather than a tuple each, as the tuples would outlive the
    # loop and count towards the collector's passes (the elements are order[at])
    at: list[int] = []
    said: list[_Signals] = []
    mark_at, mark_sig = at.append, said.append
    landmarks, signals, parent_at = _LANDMARK_TAGS, _signals, index.get
    class_signals, silent = _class_signals, _SILENT
    headings, short_link = HEADING_TAGS, CUT.short_link_bytes
    for i in range(n - 1, -1, -1):
        el = order[i]
        tag = el.tag
        s = el.text
        t = text[i]
        if s:  # UTF-8 bytes of the stripped run (ASCII needs no encoding)
            s = s.strip()
            t += len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))
        text[i] = t
        if tag in headings:
            headed_at[i] = True
        elif tag == "a":
            href = el.get("href")  # a link unless it stays on the page (``#...``) or is blank
            if href is not None and not href.startswith("#") and href.strip():
                link[i] = t
                links[i] += 1
                if t < short_link:
                    short[i] += 1
        attrs = el.items()
        if attrs:
            # the element's few attributes read in one call and picked by name, where a
            # get() per name encoded the name and searched the attributes five times (a
            # parsed element holds each name once, so the last seen is the only one)
            role = live = None
            cls = ident = itemprop = ""
            for name, value in attrs:
                if name == "class":
                    cls = value
                elif name == "id":
                    ident = value
                elif name == "role":
                    role = value
                elif name == "itemprop":
                    itemprop = value
                elif name == "aria-live":
                    live = value
            if role is not None:
                roles[el] = role
            if live is not None:
                lives[el] = live
            # no class, id, role or itemprop: only a landmark tag can say anything (as for
            # an element without attributes), so the cache is not even asked
            if cls or ident or role or itemprop or tag in landmarks:
                # most elements have no id: their signals are the class part's, asked of
                # its cache directly rather than through :func:`_signals`
                sig = (signals(tag, cls, ident, role or "", itemprop) if ident
                       else class_signals(tag, cls, role or "", itemprop))
                if sig is not silent:
                    mark_at(i)
                    mark_sig(sig)
        elif tag in landmarks:
            sig = class_signals(tag, "", "", "")
            if sig is not silent:
                mark_at(i)
                mark_sig(sig)
        p = parent_at(el.getparent(), -1)
        if p < 0:
            continue
        if end[i] > end[p]:
            end[p] = end[i]
        s = el.tail
        if s:
            s = s.strip()
            t += len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))
        text[p] += t
        if headed_at[i]:
            headed_at[p] = True
        if links[i]:
            link[p] += link[i]
            links[p] += links[i]
            short[p] += short[i]
    m = Measures(order, index, array("q", text), array("q", link), array("i", links),
                 array("i", short), bytearray(headed_at), end=end)
    del text, link, links, short, headed_at
    # the tables in document order, as a forward scan would have filled them
    m.roles, m.live = dict(reversed(roles.items())), dict(reversed(lives.items()))
    at.reverse()
    said.reverse()
    _classify(m, at, said)
    return m


_LANDMARK_TAGS = frozenset({"main", "article", "nav", "footer", "aside", "header", "menu"})


def _classify(m: Measures, at: list[int], said: list[_Signals]) -> None:
    """Hints and chrome verdicts for the elements that carry any signal (``at``: their
    positions, in document order, from the measuring pass; ``said``: their signals).

    Only elements with a class/id/role/itemprop or a landmark tag can be classified;
    their signals are cached per attribute combination (:func:`_signals`), and "inside
    the main region" is an index-interval test against the (few) main marks instead of
    a walk over every node.
    """
    order = m.order
    m.main_marks.extend(order[i] for i, sig in zip(at, said, strict=True) if sig.marks_main)
    inside_main = _inside_marks(m)
    words, hint, narrow, chrome = m.words, m.hint, m.narrow, m.chrome
    for i, sig in zip(at, said, strict=True):
        el = order[i]
        if sig.outside == _TABLIST and m.holds_panels(el):
            sig = sig._replace(inside=None, outside=None)
        if sig.words:
            words[el] = sig.words
            if sig.weight:
                hint[el] = sig.weight
        if sig.inside:
            narrow[el] = sig.inside
        if sig.marks_main:
            continue
        verdict = sig.inside if inside_main[i] else sig.outside
        if verdict:
            chrome[el] = verdict


_TABLIST = verdict(Chrome.ROLE, "tablist")


class _Signals(NamedTuple):
    words: frozenset[str]
    known: frozenset[str]  # the tokens of ``words`` a verdict reads (:func:`_known`)
    marks_main: bool
    weight: int
    inside: str | None  # chrome verdict inside the main region
    outside: str | None  # chrome verdict outside it


def _signals(tag: str, cls: str, ident: str, role: str, itemprop: str) -> _Signals:
    """Everything an element's tag and attributes say. The class string's part is cached
    (pages repeat the same class strings hundreds of times: menu items, cards, grid
    cells); an id is nearly always the page's own, so it joins that answer afterwards
    and changes the verdicts only where it holds a token a verdict reads."""
    sig = _class_signals(tag, cls, role, itemprop)
    if not ident:
        return sig
    id_ws = words(ident)
    if not id_ws:
        return sig
    ws = sig.words | id_ws if sig.words else id_ws
    id_known = _known(id_ws)
    if not id_known or id_known <= sig.known:
        return _Signals(ws, sig.known, sig.marks_main, sig.weight, sig.inside, sig.outside)
    known = sig.known | id_known
    return _Signals(ws, known, *_judge(tag, role, itemprop, known))


@lru_cache(maxsize=16384)
def _class_signals(tag: str, cls: str, role: str, itemprop: str) -> _Signals:
    """:func:`_signals` of an element without an id (:data:`_SILENT` when they say
    nothing)."""
    ws = words(cls) if cls else _NO_WORDS
    # Every new site misses this cache (its class strings are its own), but the verdicts
    # read only the tokens some vocabulary or stem knows: judged on those, the same few
    # combinations recur across sites and the second cache answers.
    known = _known(ws) if ws else _NO_WORDS
    sig = _Signals(ws, known, *_judge(tag, role, itemprop, known))
    return _SILENT if sig == _SILENT else sig


#: The signals of an element that says nothing: no words (so no known tokens and no
#: weight), no main mark, no verdict. :func:`_class_signals` answers this one object for
#: all of them, so the measuring loop tells them apart by identity, not four field reads.
_SILENT = _Signals(_NO_WORDS, _NO_WORDS, False, 0, None, None)


def _known(ws: frozenset[str]) -> frozenset[str]:
    """The tokens of ``ws`` a verdict can read: those of a vocabulary, and those starting
    with a stem (tokens are ``[a-z0-9]+``, so a stem at a token's start is the only match
    a word-boundary pattern over the joined tokens could find)."""
    known = ws & _VOCABULARY
    heads, n = _STEM_HEADS, _HEAD
    stems = [w for w in ws if w[:n] in heads and w.startswith(_STEMS)]
    return known | frozenset(stems) if stems else known


#: Every class/id token a verdict of :func:`_judge` asks about, and the stems it matches at
#: the start of a token: the rest of an element's tokens cannot change its signals.
_VOCABULARY = (ASIDE_CHROME_WORDS | NARROW_CHROME_WORDS | BROAD_CHROME_WORDS | ARTICLE_WORDS
               | MAIN_WORDS | POSITIVE_WORDS | NEGATIVE_WORDS)
_STEMS = tuple(sorted(set(BROAD_STEMS) | set(NARROW_STEMS)))
#: The stems' opening letters, as long as the shortest stem: a token that does not open
#: with one of these starts with no stem (a set lookup before the prefix tests).
_HEAD = min(map(len, _STEMS))
_STEM_HEADS = frozenset(stem[:_HEAD] for stem in _STEMS)


@lru_cache(maxsize=16384)
def _judge(tag: str, role: str, itemprop: str,
           ws: frozenset[str]) -> tuple[bool, int, str | None, str | None]:
    """Main mark, hint weight and the chrome verdicts inside and outside the main region,
    from the tag, the role, the itemprop and the vocabulary tokens of the class/id."""
    role = role.lower()
    marks_main = (
        tag in ("main", "article")
        or role in MAIN_ROLES
        or itemprop.lower() in ("articlebody", "text")
        or bool(ws & MAIN_WORDS)
    )
    weight = (len(ws & POSITIVE_WORDS) - len(ws & NEGATIVE_WORDS) + 2 * len(ws & MAIN_WORDS)
              if ws else 0)
    return (marks_main, weight, _chrome_verdict(tag, role, ws, True),
            _chrome_verdict(tag, role, ws, False))


def _inside_marks(m: Measures) -> list[bool]:
    """Per document position: strictly inside some main mark's subtree."""
    n = len(m.order)
    if not m.main_marks:
        return [False] * n
    delta = [0] * (n + 1)
    for mk in m.main_marks:
        lo = m.index.get(mk)
        if lo is None:
            continue
        hi = m.end[lo]
        delta[lo + 1] += 1
        delta[hi + 1] -= 1
    # the running sum is how many marks hold a position; never negative, so truth is > 0
    return list(map(bool, accumulate(delta[:n])))


def _chrome_verdict(tag: str, role: str, ws: frozenset[str], inside_main: bool) -> str | None:
    if role in CHROME_ROLES:
        return verdict(Chrome.ROLE, role)
    if not ws:
        if inside_main:
            return verdict(Chrome.TAG, tag) if tag in HARD_CHROME_TAGS else None
        return verdict(Chrome.TAG, tag) if tag in CHROME_TAGS else None
    if inside_main:
        if tag in HARD_CHROME_TAGS:
            return verdict(Chrome.TAG, tag)
        if tag == "aside" and ws & ASIDE_CHROME_WORDS:
            # an <aside> classed as the page's sidebar is that, even inside <main>
            return verdict(Chrome.ASIDE, min(ws & ASIDE_CHROME_WORDS))
        hit = ws & NARROW_CHROME_WORDS
        if hit:
            return verdict(Chrome.NARROW, min(hit))
        stem = stem_hit(ws, NARROW_STEMS) if ws else None
        return verdict(Chrome.NARROW, stem) if stem else None
    if tag in CHROME_TAGS:
        return verdict(Chrome.TAG, tag)
    hit = ws & BROAD_CHROME_WORDS
    if hit == _HEADER_ONLY and ws & ARTICLE_WORDS:
        return None  # "entry-header", "article-header": the article's own headline block
    if hit:
        return verdict(Chrome.BROAD, min(hit))
    stem = stem_hit(ws, BROAD_STEMS) if ws else None
    return verdict(Chrome.BROAD, stem) if stem else None


def narrow_verdict(el: HtmlElement, m: Measures) -> str | None:
    """The chrome verdict for a node inside the selected content (narrow vocabulary)."""
    verdict = m.narrow.get(el)
    if verdict and prose_exempt(el, verdict, m):
        return None
    return verdict


def prose_exempt(el: HtmlElement, verdict: str, m: Measures) -> bool:
    """A narrow verdict the box's own paragraphs overrule.

    An "ads"/"print"/"social" class on a box of real paragraphs is template naming
    (test-report sections, a share toolbar wrapping the whole article). Scoring and
    pruning ask the same question so the article is neither unscorable nor pruned
    (magazine and review pages; rule `prose-exempt`, docs/rules.md)."""
    if not verdict.startswith(_NARROW):
        return False
    word = verdict[len(_NARROW):]
    if word in PROSE_CHROME_WORDS or word.startswith(PROSE_CHROME_STEMS):
        return False
    return _is_prose(el, m)


#: The narrow verdicts' prefix, read once (a member's ``value`` is a Python-level property,
#: and selection asks :func:`prose_exempt` of every chrome verdict of the page).
_NARROW = Chrome.NARROW.value


def _is_prose(el: HtmlElement, m: Measures) -> bool:
    """Real paragraphs (250 bytes of them) and few links: content, whatever the box is
    classed. An ad slot or a share bar holds no unlinked paragraph of that length, while
    test-report and magazine templates class whole body sections ``--ads``."""
    if m.text_of(el) < CUT.prose_box_min or m.density(el) > CUT.prose_box_max_density:
        return False
    prose = 0
    index, text_at, link_at = m.index, m.text_at, m.link_at
    for p in el.iter("p"):
        i = index.get(p)
        if i is None:
            continue
        size = text_at[i]
        if (size >= CUT.prose_paragraph_bytes
                and link_at[i] / size < CUT.prose_paragraph_density):  # m.density(p)
            prose += size
            if prose >= CUT.prose_bytes:
                return True
    return False
