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

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from lxml import etree
from lxml.html import HtmlElement

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

    def holds_panels(self, el: HtmlElement) -> bool:
        """A ``role=tablist`` box holding the panels themselves (a tab panel, a paragraph)
        is an accordion whose template put the role on the whole group (Bootstrap's
        ``panel-group``): its sections are the page's text. A real tablist holds the tab
        labels only. Worth wx CHECK 0.8655 -> 0.8677, TUNE +0.0013 (service and collection
        accordions); tr TUNE -0.0006 (one page's accordion of a second article), tr CHECK,
        sh and rd unchanged. A position search over one list of the page's panels, so that
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


def _is_link(el: HtmlElement) -> bool:
    href = el.get("href")
    return href is not None and not href.startswith("#") and bool(href.strip())


def _nbytes(s: str) -> int:
    """UTF-8 size of ``s`` without surrounding whitespace (ASCII needs no encoding)."""
    s = s.strip()
    return len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))


def measure(root: HtmlElement) -> Measures:
    order = list(root.iter(etree.Element))
    n = len(order)
    index = {el: i for i, el in enumerate(order)}
    # Parallel lists by document position: far cheaper than dicts in the hot loop.
    parent_of = [index.get(el.getparent(), -1) for el in order]
    text = [0] * n
    link = [0] * n
    links = [0] * n
    short = [0] * n
    headed_at = [False] * n
    end = list(index.values())  # 0..n-1, the index's own int objects (none made twice)
    for i in range(n - 1, -1, -1):
        el = order[i]
        tag = el.tag
        s = el.text
        t = text[i] + (_nbytes(s) if s else 0)
        text[i] = t
        if tag in HEADING_TAGS:
            headed_at[i] = True
        if tag == "a" and _is_link(el):
            link[i] = t
            links[i] += 1
            if t < 50:
                short[i] += 1
        p = parent_of[i]
        if p < 0:
            continue
        if end[i] > end[p]:
            end[p] = end[i]
        s = el.tail
        text[p] += t + (_nbytes(s) if s else 0)
        if headed_at[i]:
            headed_at[p] = True
        if links[i]:
            link[p] += link[i]
            links[p] += links[i]
            short[p] += short[i]
    m = Measures(order, index, array("q", text), array("q", link), array("i", links),
                 array("i", short), bytearray(headed_at), end=end)
    del text, link, links, short, headed_at
    _classify(root, m)
    return m


_LANDMARK_TAGS = frozenset({"main", "article", "nav", "footer", "aside", "header", "menu"})


def _classify(root: HtmlElement, m: Measures) -> None:
    """Hints and chrome verdicts for the elements that carry any signal.

    Only elements with a class/id/role/itemprop or a landmark tag can be classified;
    their signals are cached per attribute combination (:func:`_signals`), and "inside
    the main region" is an index-interval test against the (few) main marks instead of
    a walk over every node.
    """
    facts = []
    roles, lives = m.roles, m.live
    for el in m.order:  # proxies are alive in m.order: a Python scan beats an XPath here
        attrs = el.attrib
        if not attrs:
            tag = el.tag
            if tag not in _LANDMARK_TAGS:
                continue
            sig = _signals(tag, "", "", "", "")
        else:
            get = attrs.get
            role = get("role")
            if role is not None:
                roles[el] = role
            live = get("aria-live")
            if live is not None:
                lives[el] = live
            cls, ident, itemprop = get("class", ""), get("id", ""), get("itemprop", "")
            tag = el.tag
            # no class, id, role or itemprop: only a landmark tag can say anything (as for
            # an element without attributes), so the cache is not even asked
            if not (cls or ident or role or itemprop or tag in _LANDMARK_TAGS):
                continue
            sig = _signals(tag, cls, ident, role or "", itemprop)
        if not (sig.words or sig.marks_main or sig.outside or sig.inside):
            continue
        if sig.marks_main:
            m.main_marks.append(el)
        facts.append((el, sig))
    inside_main = _inside_marks(m)
    index = m.index
    for el, sig in facts:
        if sig.outside == _TABLIST and m.holds_panels(el):
            sig = sig._replace(inside=None, outside=None)
        if sig.words:
            m.words[el] = sig.words
            if sig.weight:
                m.hint[el] = sig.weight
        if sig.inside:
            m.narrow[el] = sig.inside
        if sig.marks_main:
            continue
        i = index.get(el, -1)
        verdict = sig.inside if i >= 0 and inside_main[i] else sig.outside
        if verdict:
            m.chrome[el] = verdict


_TABLIST = "role=tablist"


class _Signals(NamedTuple):
    words: frozenset[str]
    marks_main: bool
    weight: int
    inside: str | None  # chrome verdict inside the main region
    outside: str | None  # chrome verdict outside it


@lru_cache(maxsize=16384)
def _signals(tag: str, cls: str, ident: str, role: str, itemprop: str) -> _Signals:
    """Everything an element's tag and attributes say, cached: pages repeat the same
    class strings hundreds of times (menu items, cards, grid cells)."""
    # Classes repeat across elements and pages, ids rarely: tokenize (and cache) apart.
    ws = words(cls) if cls else _NO_WORDS
    if ident:
        ws = ws | words(ident) if ws else words(ident)
    if not ws:
        return _Signals(ws, *_judge(tag, role, itemprop, ws))
    # Every new site misses the cache above (its ids and class strings are its own), but
    # the verdicts read only the tokens some vocabulary or stem knows: judged on those,
    # the same few combinations recur across sites and the second cache answers.
    known = ws & _VOCABULARY
    stems = _STEM_TOKENS.findall(" ".join(ws))
    if stems:
        known = known | frozenset(stems)
    return _Signals(ws, *_judge(tag, role, itemprop, known))


#: Every class/id token a verdict of :func:`_judge` asks about, and the stems it matches at
#: the start of a token: the rest of an element's tokens cannot change its signals.
_VOCABULARY = (ASIDE_CHROME_WORDS | NARROW_CHROME_WORDS | BROAD_CHROME_WORDS | ARTICLE_WORDS
               | MAIN_WORDS | POSITIVE_WORDS | NEGATIVE_WORDS)
_STEM_TOKENS = re.compile(
    r"\b(?:" + "|".join(sorted(set(BROAD_STEMS) | set(NARROW_STEMS))) + r")[a-z0-9]*")


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
    delta = [0] * (n + 1)
    for mk in m.main_marks:
        lo = m.index.get(mk)
        if lo is None:
            continue
        hi = _last_index(mk, m)
        delta[lo + 1] += 1
        delta[hi + 1] -= 1
    out = [False] * n
    depth = 0
    for i in range(n):
        depth += delta[i]
        out[i] = depth > 0
    return out


def _last_index(el: HtmlElement, m: Measures) -> int:
    """Document-order index of the last element inside ``el`` (``el``'s own if none)."""
    node = el
    while True:
        kids = [c for c in node if isinstance(c.tag, str)]
        if not kids:
            return m.index.get(node, m.index[el])
        node = kids[-1]


def _chrome_verdict(tag: str, role: str, ws: frozenset[str], inside_main: bool) -> str | None:
    if role in CHROME_ROLES:
        return f"role={role}"
    if not ws:
        if inside_main:
            return f"tag:{tag}" if tag in HARD_CHROME_TAGS else None
        return f"tag:{tag}" if tag in CHROME_TAGS else None
    if inside_main:
        if tag in HARD_CHROME_TAGS:
            return f"tag:{tag}"
        if tag == "aside" and ws & ASIDE_CHROME_WORDS:
            # an <aside> classed as the page's sidebar is that, even inside <main>
            return f"aside:{min(ws & ASIDE_CHROME_WORDS)}"
        hit = ws & NARROW_CHROME_WORDS
        if hit:
            return f"narrow:{min(hit)}"
        stem = stem_hit(ws, NARROW_STEMS) if ws else None
        return f"narrow:{stem}" if stem else None
    if tag in CHROME_TAGS:
        return f"tag:{tag}"
    hit = ws & BROAD_CHROME_WORDS
    if hit == _HEADER_ONLY and ws & ARTICLE_WORDS:
        return None  # "entry-header", "article-header": the article's own headline block
    if hit:
        return f"broad:{min(hit)}"
    stem = stem_hit(ws, BROAD_STEMS) if ws else None
    return f"broad:{stem}" if stem else None


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
    (magazine and review pages; worth +0.0020 tr, +0.0022 wx CHECK in the 0.4 audit)."""
    if not verdict.startswith("narrow:"):
        return False
    word = verdict[7:]
    if word in PROSE_CHROME_WORDS or word.startswith(PROSE_CHROME_STEMS):
        return False
    return _is_prose(el, m)


#: A narrow-chrome box is kept as prose from this much unlinked paragraph text (and a box
#: this small at least).
_PROSE_BYTES = 250
_PROSE_BOX_MIN = 300


def _is_prose(el: HtmlElement, m: Measures) -> bool:
    """Real paragraphs (250 bytes of them) and few links: content, whatever the box is
    classed. An ad slot or a share bar holds no unlinked paragraph of that length, while
    test-report and magazine templates class whole body sections ``--ads``."""
    if m.text_of(el) < _PROSE_BOX_MIN or m.density(el) > 0.2:
        return False
    prose = 0
    index, text_at, link_at = m.index, m.text_at, m.link_at
    for p in el.iter("p"):
        i = index.get(p)
        if i is None:
            continue
        size = text_at[i]
        if size >= 100 and link_at[i] / size < 0.2:  # m.density(p) < 0.2
            prose += size
            if prose >= _PROSE_BYTES:
                return True
    return False
