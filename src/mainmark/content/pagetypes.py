"""Kind-aware mechanisms: what the content of a forum, product, listing or landing page is.

The scored selection (``score.py``) finds the densest prose box, which is the content of
an article. On other kinds of page the content is spread out: the sections of a landing
page's main column, every post of a thread, a product's description beside its
specifications, the cards of a listing. This module holds those mechanisms; which of them
runs on a page is decided by ``mainmark.pagekind`` (its ``Behaviour`` table), never here.
"""

from __future__ import annotations

import re
from collections import Counter

import lxml.html
from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures
from mainmark.content.prune import Pruning, prune
from mainmark.content.verdicts import detail_of
from mainmark.content.vocab import HEADING_TAGS, words
from mainmark.pagekind.markup import PRICE_TEXT
from mainmark.vocabulary import boxes

#: A stand-in core that no element is inside: every node of the region is judged by the
#: page-level (broad) chrome verdicts, as widening material is in ``prune``.
_NO_CORE = lxml.html.Element("div")


def region(body: HtmlElement, m: Measures, chrome: dict[HtmlElement, str],
           landmark: HtmlElement | None = None, pruning: Pruning = Pruning.STRICT,
           ) -> tuple[list[HtmlElement], dict[HtmlElement, str]]:
    """The page's main column: its ``<main>`` when it has one (see :func:`main_landmark`),
    else the body, minus chrome (navigation, header, footer, sidebars, recirculation, by
    the broad vocabulary) and link-dense blocks."""
    column = landmark if landmark is not None else body
    removed = prune([column], m, chrome, pruning, _NO_CORE)
    return [column], removed


def main_landmark(body: HtmlElement, m: Measures) -> HtmlElement | None:
    """The page's one top-level main landmark, when it holds a fair share of the text:
    the author's own statement of where the content is."""
    found = [el for el in m.main_marks if el.tag == "main" or el.get("role") == "main"]
    top = [el for el in found if not any(a in found for a in el.iterancestors())]
    if len(top) != 1 or top[0] is body:
        return None
    if m.text_of(top[0]) < CUT.landmark_share * m.text_of(body):
        return None
    return top[0]


def product_furniture(roots: list[HtmlElement], m: Measures) -> dict[HtmlElement, str]:
    """What goes from a product page's content besides chrome: the shelves of other
    products. (Removing the buy box's price and cart blocks too was measured and lost
    more description than it saved, so it is not done.)"""
    removed: dict[HtmlElement, str] = {}
    drop_shelves(roots, m, removed)
    total = sum(m.text_of(r) for r in roots)
    if sum(m.text_of(el) for el in removed) > CUT.shelf_max_share * total:
        return {}  # cards are most of it: a category page the detector took for a product
    return removed


def drop_shelves(roots: list[HtmlElement], m: Measures,
                 removed: dict[HtmlElement, str]) -> None:
    """On a product page, remove the shelves of other products and the heading above
    each: the product's own price sits in one buy box, never in a run of priced cards."""
    for root in roots:
        for parent in root.iter("ul", "ol", "div", "section"):
            if len(parent) < CUT.shelf_min or parent in removed or not m.text_of(parent):
                continue
            if _is_shelf(parent, m):
                removed[parent] = "cross-sell"
                heading = _heading_before(parent, m)
                if heading is not None:
                    removed[heading] = "cross-sell"


def _is_shelf(parent: HtmlElement, m: Measures) -> bool:
    kids = [c for c in parent if isinstance(c.tag, str)]
    groups = Counter((c.tag, c.get("class", "")) for c in kids)
    (tag, cls), count = groups.most_common(1)[0] if groups else (("", ""), 0)
    if count < CUT.shelf_min:
        return False
    cards = [c for c in kids if c.tag == tag and c.get("class", "") == cls]
    if sum(m.text_of(c) for c in cards) < CUT.shelf_cards_share * m.text_of(parent):
        return False
    priced = 0
    for card in cards:
        text = card.text_content()
        if len(text) <= CUT.card_max_chars * 2 and PRICE_TEXT.search(text):
            priced += 1
    return priced >= CUT.shelf_priced * len(cards)


def _heading_before(el: HtmlElement, m: Measures) -> HtmlElement | None:
    """The shelf's title: a heading (or a short block) just before it, climbing through
    wrappers that hold nothing else."""
    node: HtmlElement | None = el
    for _ in range(3):
        if node is None:
            return None
        prev = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None:
            size = m.text_of(prev)
            if prev.tag in HEADING_TAGS or (0 < size < CUT.shelf_title_max_bytes and next(
                    prev.iter(*HEADING_TAGS), None) is not None):
                return prev
            return None
        node = node.getparent()
    return None


#: Class words naming reader comments and replies: chrome under an article, the content
#: itself on a forum or Q&A thread.
POST_WORDS = boxes.POST.entries


def keep_posts(m: Measures) -> None:
    """On a thread, lift the chrome verdicts that only say "comment" or "reply", both the
    page-level and the narrow ones, so the question and every answer stay content."""
    for table in (m.chrome, m.narrow):
        for el in [el for el, rule in table.items() if _post_rule(rule)]:
            del table[el]


def _post_rule(rule: str) -> bool:
    return detail_of(rule) in POST_WORDS


#: A post's signature: the poster's standing footer (quotes, rig specs, links) that every
#: forum engine prints under each of their posts, set apart by a class word.
_SIGNATURE_WORDS = boxes.SIGNATURE.entries
#: A poster's rank or title printed under their name by the forum engine (XenForo's
#: ``userTitle``/``userBanner`` with ``itemprop=jobTitle``, vBulletin's ``usertitle``,
#: phpBB's rank): a standing label of the poster, repeated on every post, not their words.
_RANK_WORDS = boxes.POSTER_RANK.entries
#: A poster's or a thread's statistic as a whole short element: a label and a count or a
#: date ("Posts: 4,032", "Joined Jun 29, 2016", "Replies 154", "Reaction score: 10").
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?")
_STAT_VALUE = (r"(?:\d[\d.,]*\s?[km]?|" + _MONTH + r"\s\d{1,2},?\s\d{4}|\d{1,2}\s" + _MONTH
               + r"\s\d{4}|" + _MONTH + r"\s\d{4}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4})")
_STAT = re.compile(r"([^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,2})\s?(:?)\s?" + _STAT_VALUE,
                   re.IGNORECASE)
_MONTH_ONLY = re.compile(_MONTH, re.IGNORECASE)
#: A count standing alone: a statistic whose label is an icon ("19,378" beside a speech
#: bubble; rule `thread:bare-count`, docs/rules.md). A
#: post's number ("#2") is not one: some threads' references keep it, and it cost TUNE.
_BARE_COUNT = re.compile(r"\d[\d.,]*\s?[km]?", re.IGNORECASE)
_STAT_TAGS = ("dl", "dd", "li", "div", "span", "p")


def thread_furniture(roots: list[HtmlElement], m: Measures) -> dict[HtmlElement, str]:
    """What goes from a thread's posts besides chrome: each post's signature, and the
    poster's statistics (join date, post count, reaction score) that forum engines print
    beside every post. The username and the post's own date stay: they say who wrote
    what, when (rule `thread:signatures`, docs/rules.md)."""
    removed: dict[HtmlElement, str] = {}
    stats: list[HtmlElement] = []
    for root in roots:
        stack = [root]
        while stack:
            el = stack.pop()
            if el is not root and _is_signature(el):
                removed[el] = "signature"
                continue
            if el is not root and _is_rank(el, m):
                removed[el] = "poster-rank"
                continue
            if el.tag in _STAT_TAGS and _is_stat(el, m):
                stats.append(el)
                continue
            stack.extend(c for c in reversed(el) if isinstance(c.tag, str))
    if len(stats) >= CUT.stat_min:
        removed.update(dict.fromkeys(stats, "poster-stats"))
    removed.update(_repeated_quotes(roots, removed))
    return removed


def _line(raw: str | None) -> str | None:
    """A text or tail string as a comparable line, or None when too short to count."""
    if not raw:
        return None
    line = " ".join(raw.split()).lower()
    return line if len(line) >= CUT.quote_line_min else None


def _quote_lines(el: HtmlElement) -> list[str]:
    """The comparable text lines of ``el`` (each text and tail string), in order."""
    raws = ((node.text if isinstance(node.tag, str) else None,
             node.tail if node is not el else None) for node in el.iter())
    return [line for pair in raws for line in map(_line, pair) if line]


def _remember(raw: str | None, seen: set[str]) -> None:
    line = _line(raw)
    if line:
        seen.add(line)


def _repeated_quotes(roots: list[HtmlElement],
                     removed: dict[HtmlElement, str]) -> dict[HtmlElement, str]:
    """A reply's ``<blockquote>`` that repeats an earlier post of the thread: the words are
    already in the content once, where their author wrote them. A quote of something the
    page does not show (a source, an earlier page of the thread) stays. One walk in
    document order: every text line is read once, as a quote's or as the posts'."""
    seen: set[str] = set()
    out: dict[HtmlElement, str] = {}
    for root in roots:
        stack: list[HtmlElement] = [root]
        while stack:
            el = stack.pop()
            if el in removed:
                continue
            if el is not root:
                _remember(el.tail, seen)  # text after it is the post's, quote or not
            if el.tag == "blockquote" and el is not root:
                lines = _quote_lines(el)
                total = sum(len(line) for line in lines)
                repeated = sum(len(line) for line in lines if line in seen)
                if total and repeated >= CUT.quote_repeat_share * total:
                    out[el] = "repeated-quote"
                continue  # a quote's lines are not the posts' own: nested quotes go with it
            _remember(el.text, seen)
            stack.extend(c for c in reversed(el) if isinstance(c.tag, str))
    return out


def _is_signature(el: HtmlElement) -> bool:
    value = f"{el.get('class', '')} {el.get('id', '')}"
    if "sig" not in value.lower():
        return False  # a substring test first: most classes name nothing of the kind
    return not words(value).isdisjoint(_SIGNATURE_WORDS) or any(
        w.endswith("signature") for w in words(value))


def _icon_pairs(dl: HtmlElement) -> bool:
    """A ``<dl>`` of a poster's details whose labels are icons (a calendar for "Joined", a
    pin for the location: XenForo's ``pairs``): every ``<dt>`` without text, every
    ``<dd>`` short. A glossary's terms have text."""
    terms = [c for c in dl if c.tag == "dt"]
    values = [c for c in dl if c.tag == "dd"]
    return bool(terms) and bool(values) and all(
        not "".join(t.text_content().split()) for t in terms) and all(
        len(" ".join(v.text_content().split())) <= CUT.stat_max_chars for v in values)


def _is_rank(el: HtmlElement, m: Measures) -> bool:
    """The poster's rank or title under their name ("Well-known member", "Ultra Member",
    a moderator banner): schema.org's ``itemprop=jobTitle`` or a user-title class word."""
    if not 0 < m.text_of(el) <= CUT.rank_max_bytes:
        return False
    if el.get("itemprop") == "jobTitle":
        return True
    ws = m.words.get(el)
    return ws is not None and not ws.isdisjoint(_RANK_WORDS)


def _is_stat(el: HtmlElement, m: Measures) -> bool:
    size = m.text_of(el)
    if not 0 < size <= CUT.stat_max_chars * 2:
        return False
    if el.tag == "dl" and _icon_pairs(el):
        return True
    text = " ".join(el.text_content().split())
    if len(text) > CUT.stat_max_chars:
        return False
    if _BARE_COUNT.fullmatch(text):
        return True
    found = _STAT.fullmatch(text)
    if found is None:
        return False
    label, colon = found.group(1), found.group(2)
    # "Jul 2024" is a post's date, not a statistic: a bare label must be a word.
    return bool(colon) or (" " not in label and len(label) >= CUT.stat_label_min_chars
                           and not _MONTH_ONLY.fullmatch(label))
