"""Find the article in the DOM from a publisher's JSON-LD ``articleBody``.

The articleBody is plain text: using it directly would lose headings, lists,
tables, code and links. Instead it names the article's words, and the smallest
subtree whose text covers most of them *is* the article. Coverage is counted
with one post-order pass (each text run's words looked up in the body's word
set), so locating is linear in the page.

Three outcomes:

* a subtree covers >= ``CUT.locate_cover`` of the body's words: it is the main content;
* the body is much shorter than the page's article (a teaser or summary): the
  caller keeps its own selection when that selection contains the located node;
* nothing covers even ``CUT.locate_client_rendered`` of it: the page renders the article
  with JavaScript, and the articleBody is emitted as paragraphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.measure import Measures

_ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "report", "scholarlyarticle", "techarticle",
    "analysisnewsarticle", "reportagenewsarticle", "opinionnewsarticle", "reviewnewsarticle",
    "backgroundnewsarticle", "liveblogposting", "socialmediaposting", "posting", "review",
    "webpage", "medicalscholarlyarticle", "satiricalarticle", "advertisercontentarticle",
    "howto", "recipe", "creativework",
})
_WORD = re.compile(r"\w+")


@dataclass(slots=True)
class Located:
    """Where a JSON-LD ``articleBody`` was found in the tree: the roots to select (empty when only
    its paragraphs can be emitted), its size for the teaser check, and the reason for
    ``Explain``."""
    roots: list[HtmlElement] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    #: the articleBody's size in words, for the caller's teaser check
    words: int = 0
    detail: str = ""


def article_body(jsonld: list[dict[str, Any]]) -> str | None:
    """The longest ``articleBody`` string of an article-like JSON-LD object."""
    best: str | None = None
    for obj in jsonld:
        kinds = obj.get("@type")
        names = kinds if isinstance(kinds, list) else [kinds]
        if not any(isinstance(k, str) and k.lower() in _ARTICLE_TYPES for k in names):
            continue
        body = obj.get("articleBody") or obj.get("text")
        if isinstance(body, list):
            body = "\n".join(b for b in body if isinstance(b, str))
        if isinstance(body, str) and (best is None or len(body) > len(best)):
            best = body
    return best


def locate_article_body(body: HtmlElement, m: Measures,
                        jsonld: list[dict[str, Any]]) -> Located | None:
    """The smallest element whose words cover the ``articleBody``'s words, or ``None`` when none
    covers enough: structured data names the article's text, so it picks the region when the page
    prints it (a teaser or a paywalled body covers too little and leaves the choice to scoring)."""
    text = article_body(jsonld)
    if not text:
        return None
    # articleBody is sometimes HTML-escaped markup; words are what matter.
    wanted = {w.lower() for w in _WORD.findall(re.sub(r"<[^>]{0,200}>", " ", text))}
    n_words = len(_WORD.findall(text))
    if n_words < CUT.locate_min_words or not wanted:
        return None
    covered, total = _coverage(m, wanted)
    best_el, best_at, best_cover = None, 0, 0.0
    for i, el in enumerate(m.order):
        cov = min(1.0, covered[i] / n_words)
        if cov >= CUT.locate_cover:
            if best_el is None or total[i] < total[best_at]:
                best_el, best_at, best_cover = el, i, cov
        elif best_el is None and cov > best_cover:
            best_cover = cov
    if best_el is not None:
        return Located(roots=[best_el], words=n_words,
                       detail=f"articleBody {n_words} words, coverage {best_cover:.2f}")
    if best_cover < CUT.locate_client_rendered:
        paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n|\r\n|\n", text)]
        return Located(paragraphs=[p for p in paragraphs if p], words=n_words,
                       detail=f"articleBody not in DOM (best coverage {best_cover:.2f})")
    return None


def _coverage(m: Measures, wanted: set[str]) -> tuple[list[int], list[int]]:
    """Per document position (``m.index``): how many of the element's words are
    articleBody words, and how many words it holds."""
    order, index = m.order, m.index
    n = len(order)
    covered = [0] * n
    total = [0] * n
    for i in range(n - 1, -1, -1):
        el = order[i]
        hit, count = _count(el.text, wanted)
        hit += covered[i]
        count += total[i]
        covered[i], total[i] = hit, count
        p = index.get(el.getparent())
        if p is None:
            continue
        t_hit, t_count = _count(el.tail, wanted)
        covered[p] += hit + t_hit
        total[p] += count + t_count
    return covered, total


def _count(s: str | None, wanted: set[str]) -> tuple[int, int]:
    if not s or s.isspace():
        return 0, 0
    found = _WORD.findall(s)
    return sum(1 for w in found if w.lower() in wanted), len(found)
