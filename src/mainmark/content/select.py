"""Pick the main content: JSON-LD locate, scored selection, a fallback ladder.

Nothing here edits the tree. Decisions live in side tables keyed by element
(:class:`~mainmark.measure.Measures`, the ``removed`` map), so each step of the
ladder re-collects from the same parse:

1. **JSON-LD locate** — a publisher's ``articleBody`` names the article's words;
   the smallest subtree covering most of them is the article (``locate.py``).
2. **Selection** — paragraphs score their ancestors (text length, commas, link
   density, class/id hints); the best container wins and its qualifying siblings
   join it; then boilerplate rules and link density prune inside (``prune.py``).
3. **Ladder** — if that result is implausibly small for the page (below an
   absolute byte floor and a share of the page's visible text), collect again
   with weaker pruning, then without chrome vocabularies, then fall back to the
   whole body minus hard chrome.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.locate import locate_article_body
from mainmark.content.measure import Measures, measure, prose_exempt
from mainmark.content.prune import Pruning, prune, tag_path
from mainmark.content.vocab import (
    BROAD_CHROME_WORDS,
    CONTAINER_TAGS,
    HEADING_TAGS,
    LEAD_WORDS,
    PARAGRAPH_TAGS,
    PROSE_YIELDING_STEMS,
)
from mainmark.metadata.pagesignals import title_tag
from mainmark.metadata.structured import Structured
from mainmark.model import Content, Explain, Removal, Strategy
from mainmark.options import Options
from mainmark.page.parse import Page

#: A result is accepted when it holds at least this many bytes of text...
_FLOOR_BYTES = 250
#: ...or at least this share of the page's visible text (short pages: notes, snippets).
_FLOOR_SHARE = 0.15
#: Chrome verdicts are ignored on elements holding more than this share of the page text,
#: or holding a <main>: a wrapper classed "has-sidebar" around the page is layout, not chrome.
_CHROME_MAX_SHARE = 0.85
#: ...or wrapping a main mark that holds more than this share of the page's prose.
_MAIN_PROSE_SHARE = 0.5

#: Widening: the ancestor must hold this multiple of the prose, be at least this share
#: prose by text, and have at most this link density.
_WIDEN_GAIN = 1.5
_WIDEN_PURITY = 0.5
_WIDEN_DENSITY = 0.3
_WIDEN_LEVELS = 2
_OUTLYING_LEVELS = 3
#: An ancestor scoring this share of the top candidate (within a few levels) is the same
#: article with its other parts: scores only fall with height when a box adds little.
_NEAR_TIE = 0.9
_NEAR_TIE_LEVELS = 4
#: Another <article> of the chosen one's class is a full story (or a section of one
#: text), not a teaser card, when it holds this much prose and this share of the
#: chosen article's.
_FEED_MIN = 800
_FEED_SHARE = 0.1
#: Shortest story headline compared with the page title.
_FEED_TITLE_MIN = 10
#: A sibling of a JSON-LD-located article joins when this share of its words is articleBody.
_JSONLD_SIBLING_SHARE = 0.5

#: Text size at which a positive class hint counts fully.
_HINT_FULL_BYTES = 500

_TAG_BONUS = {"div": 5, "article": 8, "main": 5, "section": 3, "td": 3, "blockquote": 3,
              "pre": 3, "form": -3, "ol": -3, "ul": -3, "dl": -3, "li": -3, "h1": -5,
              "h2": -5, "h3": -5, "th": -5, "header": -5, "footer": -10, "nav": -10,
              "aside": -10}


def select(page: Page, structured: Structured, stripped: dict[str, int],
           options: Options) -> Content:
    """Choose the main content of ``page`` (cleaned) without mutating it."""
    root = page.root
    if root is None:
        return Content(roots=[], base_url=page.base_url,
                       explain=Explain(Strategy.EMPTY, "unparsable page", stripped=stripped))
    body = _body(root)
    m = measure(body)
    page_text = m.text.get(body, 0)
    chrome = _effective_chrome(m, page_text)
    floor = min(_FLOOR_BYTES, max(1, int(_FLOOR_SHARE * page_text)))

    scoring = _Scoring(body, m, chrome)
    if options.use_jsonld:
        content = _from_jsonld(page, body, m, scoring, structured, options, stripped, floor)
        if content is not None:
            return content

    steps: Iterable[tuple[Strategy, Pruning, bool]] = (
        (Strategy.SELECTION, Pruning.STRICT, True),
        (Strategy.LADDER, Pruning.RELAXED, True),
        (Strategy.LADDER, Pruning.RELAXED, False),
    )
    for strategy, pruning, use_chrome in steps:
        active = chrome if use_chrome else {}
        roots, core = scoring.picked(use_chrome)
        if not roots:
            continue
        content = _collect(roots, m, active, pruning, options, page, core)
        if _text_of(content, m) >= floor:
            content.explain = _explain(content, strategy, f"pruning={pruning.value}", stripped)
            return content
    hard = {el: r for el, r in m.chrome.items() if r.startswith(("tag:nav", "role="))}
    content = _collect([body], m, hard, Pruning.NONE, options, page)
    content.explain = _explain(content, Strategy.FALLBACK, "whole body minus hard chrome",
                               stripped)
    return content


def _from_jsonld(page: Page, body: HtmlElement, m: Measures, scoring: _Scoring,
                 structured: Structured, options: Options, stripped: dict[str, int],
                 floor: int) -> Content | None:
    located = locate_article_body(body, m, structured.jsonld)
    if located is None:
        return None
    if located.paragraphs:
        # Client-rendered only if the DOM really lacks an article of comparable size.
        best = scoring.picked(True)[0]
        body_bytes = sum(len(p.encode()) for p in located.paragraphs)
        if best and sum(m.text.get(b, 0) for b in best) >= 0.5 * body_bytes:
            return None
        return Content(roots=[], paragraphs=located.paragraphs, base_url=page.base_url,
                       explain=Explain(Strategy.JSONLD_BODY, located.detail, stripped=stripped))
    scores, blocked = scoring.scored(True)
    # Siblings join only when their own text is the article's (a standfirst, a second
    # body box), never a neighbouring column that merely scores well.
    roots = [r for r in _with_siblings(located.roots[0], scores, m, blocked)
             if r is located.roots[0] or located.share(r) >= _JSONLD_SIBLING_SHARE]
    best = scoring.picked(True)[0]
    detail = located.detail
    # A teaser articleBody matches one paragraph; the article is the selection around it.
    if best and _is_teaser_match(roots[0], m) and any(_contains(b, roots[0]) for b in best):
        roots, detail = best, detail + "; teaser, selection kept"
    else:
        roots = _leads(roots, m, blocked) + roots
    content = _collect(roots, m, scoring.chrome, Pruning.STRICT, options, page)
    if _text_of(content, m) < floor:
        return None
    content.explain = _explain(content, Strategy.JSONLD_LOCATE, detail, stripped)
    return content


def _is_teaser_match(el: HtmlElement, m: Measures) -> bool:
    """The located node is a lone paragraph while its container holds more prose."""
    parent = el.getparent()
    if parent is None:
        return False
    return len(el.findall(".//p")) < 3 and m.text.get(parent, 0) > 2 * m.text.get(el, 0)


def _effective_chrome(m: Measures, page_text: int) -> dict[HtmlElement, str]:
    """Chrome verdicts minus those on wrappers of the page's main region.

    A wrapper of ``<main>`` is layout whatever its class says, and so is a wrapper of a
    main mark (``<article>``, ``entry-content``) holding most of the page's prose: sticky
    column plugins class the article column ``theiaStickySidebar``, themes put
    ``header-style-2`` on the page wrapper. The same prose test lifts a verdict whose
    word yields to prose (``vocab.PROSE_YIELDING_STEMS``).
    """
    wrappers: set[HtmlElement] = set()
    prose: dict[HtmlElement, int] = {}

    def most_prose(el: HtmlElement) -> bool:
        if not prose:
            prose.update(_prose(m, set()))
        return prose.get(el, 0) > _MAIN_PROSE_SHARE * prose.get(m.order[0], 0)

    for mark in m.main_marks:
        if not (mark.tag == "main" or mark.get("role") == "main"):
            if m.words.get(mark, frozenset()) & BROAD_CHROME_WORDS:
                continue  # an <article id="login-panel"> is no article
            if not most_prose(mark):
                continue
        node = mark.getparent()
        while node is not None and node not in wrappers:
            wrappers.add(node)
            node = node.getparent()
    return {el: rule for el, rule in m.chrome.items()
            if el not in wrappers and m.text.get(el, 0) <= _CHROME_MAX_SHARE * page_text
            and not prose_exempt(el, rule, m)
            and not (_yields_to_prose(rule) and most_prose(el))}


def _yields_to_prose(rule: str) -> bool:
    return rule.startswith("broad:") and rule[6:].startswith(PROSE_YIELDING_STEMS)


def _body(root: HtmlElement) -> HtmlElement:
    found = root.find("body")
    return found if found is not None else root


def _contains(ancestor: HtmlElement, el: HtmlElement) -> bool:
    node: HtmlElement | None = el
    while node is not None:
        if node is ancestor:
            return True
        node = node.getparent()
    return False


# --------------------------------------------------------------------------- scoring


def _under_chrome(m: Measures, chrome: dict[HtmlElement, str]) -> set[HtmlElement]:
    """Every element inside (or being) a chrome subtree, by one pre-order sweep."""
    inside: set[HtmlElement] = set()
    for el in chrome:
        if el not in inside:
            inside.update(el.iter(etree.Element))  # the subtree walk runs in C
    return inside


def _paragraph_score(el: HtmlElement, m: Measures) -> float:
    size = m.text.get(el, 0)
    text = el.text_content()
    commas = text.count(",") + text.count("，") + text.count("、") + text.count("،")
    return float((1.0 + commas + min(size / 100.0, 3.0)) * (1.0 - m.density(el)))


class _Scoring:
    """Scores and picks of one page, with and without the chrome verdicts, each computed
    once: JSON-LD locating and the first two ladder steps ask for the same ones."""

    def __init__(self, body: HtmlElement, m: Measures, chrome: dict[HtmlElement, str]) -> None:
        self.body, self.m, self.chrome = body, m, chrome
        self._scored: dict[bool, tuple[dict[HtmlElement, float], set[HtmlElement]]] = {}
        self._picked: dict[bool, tuple[list[HtmlElement], HtmlElement | None]] = {}

    def scored(self, use_chrome: bool) -> tuple[dict[HtmlElement, float], set[HtmlElement]]:
        if use_chrome not in self._scored:
            self._scored[use_chrome] = _score(self.body, self.m,
                                              self.chrome if use_chrome else {})
        return self._scored[use_chrome]

    def picked(self, use_chrome: bool) -> tuple[list[HtmlElement], HtmlElement | None]:
        """The content roots, and the core container scoring chose before widening."""
        if use_chrome not in self._picked:
            self._picked[use_chrome] = _pick(self.body, self.m, *self.scored(use_chrome))
        return self._picked[use_chrome]


def _pick(body: HtmlElement, m: Measures, scores: dict[HtmlElement, float],
          blocked: set[HtmlElement]) -> tuple[list[HtmlElement], HtmlElement | None]:
    if not scores:
        return [], None
    top = max(scores, key=lambda e: (scores[e], -m.index.get(e, 0)))
    prose = _prose(m, blocked)
    top, story, others = _feed_story(top, scores, m, prose)
    parts: list[HtmlElement] = []
    if story is not None:
        blocked = blocked | {el for other in others for el in other.iter(etree.Element)}
        prose = _prose(m, blocked)
    else:
        parts = others  # sections of one text, none of them the page's own story
    core = _promote(top, scores, m, body, story)
    top = _widen(core, m, blocked, body, prose)
    roots = _with_siblings(top, scores, m, blocked)
    roots = _outlying_prose(roots, m, blocked, body, prose)
    for part in parts:
        if not any(_contains(r, part) for r in roots):
            roots = [r for r in roots if not _contains(part, r)] + [part]
    roots.sort(key=lambda e: m.index.get(e, 0))
    return _leads(roots, m, blocked) + roots, core


def _score(body: HtmlElement, m: Measures,
           chrome: dict[HtmlElement, str]) -> tuple[dict[HtmlElement, float], set[HtmlElement]]:
    blocked = _under_chrome(m, chrome)
    scores: dict[HtmlElement, float] = {}
    for el in m.order:
        if el in blocked or m.text.get(el, 0) < 25:
            continue
        own_prose = el.tag not in PARAGRAPH_TAGS
        if own_prose and not _div_as_paragraph(el, m):
            continue
        score = _paragraph_score(el, m)
        # A div carrying its prose as its own text runs is itself the container.
        node = el if own_prose else el.getparent()
        level = 0
        while node is not None and level < 5:
            if node not in scores:
                scores[node] = _initial_score(node, m)
            scores[node] += score / (1 if level == 0 else 2 if level == 1 else level * 3)
            if node is body:
                break
            node = node.getparent()
            level += 1
    for el in scores:
        scores[el] *= 1.0 - m.density(el)
    return scores, blocked


def _feed_story(top: HtmlElement, scores: dict[HtmlElement, float], m: Measures,
                prose: dict[HtmlElement, int],
                ) -> tuple[HtmlElement, HtmlElement | None, list[HtmlElement]]:
    """On an infinite-scroll page, the story headed by the page's title is the page's.

    News sites append the next stories below the article as complete ``<article>``
    elements of the same class, and the best-scoring one is often a later, longer story.
    Page builders also wrap an article's sections in same-class ``<article>`` elements;
    those are parts of one text, told apart because none is headed by the page title.
    Returns the candidate to start from, the story to stay inside (None when no story
    is the page's) and the other stories, which selection must not merge; with no story
    of the page's own, all of them, as sections to join.
    """
    node: HtmlElement | None = top
    while node is not None and node.tag != "article":
        node = node.getparent()
    if node is None or not node.get("class"):
        return top, None, []
    floor = max(_FEED_MIN, _FEED_SHARE * prose.get(node, 0))
    cls = node.get("class")
    root = node.getroottree().getroot()
    stories = [a for a in root.iter("article")
               if a is node or (a.get("class") == cls and prose.get(a, 0) >= floor)]
    if len(stories) < 2:
        return top, None, []
    title = _page_title(root)
    own = next((a for a in stories if _headed_by(a, title)), None)
    if own is None:
        return top, None, stories
    if own is not node:
        inside = [e for e in scores if _contains(own, e)]
        top = max(inside, key=lambda e: (scores[e], -m.index.get(e, 0)), default=own)
    return top, own, [a for a in stories if a is not own]


def _page_title(root: HtmlElement) -> str:
    parts = [title_tag(root) or ""]
    parts += [str(v) for v in root.xpath("//meta[@property='og:title']/@content")]
    return " ".join(" ".join(parts).split()).casefold()


def _headed_by(story: HtmlElement, title: str) -> bool:
    """The story's first h1/h2 is the page title (or the title contains it)."""
    heading = next(story.iter("h1", "h2"), None)
    if heading is None:
        return False
    text = " ".join(heading.text_content().split()).casefold().strip("\"'„“”«» ")
    return len(text) >= _FEED_TITLE_MIN and text in title


def _widen(top: HtmlElement, m: Measures, blocked: set[HtmlElement],
           body: HtmlElement, prose: dict[HtmlElement, int]) -> HtmlElement:
    """Climb while an ancestor holds clearly more prose at a similar quality.

    Page builders (Divi, Elementor, Gutenberg groups) split one article into many
    sibling sections; the best single box then holds only a part of it.
    """
    best = node = top
    for _ in range(_WIDEN_LEVELS):
        parent = node.getparent()
        if parent is None or parent in blocked or node is body:
            break
        p_text = m.text.get(parent, 0)
        if not p_text or prose.get(parent, 0) < _WIDEN_PURITY * p_text:
            break
        if m.density(parent) > _WIDEN_DENSITY:
            break
        if prose.get(parent, 0) >= _WIDEN_GAIN * prose.get(best, 0):
            best = parent
        node = parent
    return best


def _outlying_prose(roots: list[HtmlElement], m: Measures, blocked: set[HtmlElement],
                    body: HtmlElement, prose: dict[HtmlElement, int]) -> list[HtmlElement]:
    """Join sections of the same article that sit in sibling boxes higher up.

    Landing pages and page builders put an article's parts in separate top-level
    sections; a sibling of an ancestor joins when it is itself clean prose: several
    real paragraphs, hardly any links.
    """
    node = roots[0].getparent()
    extra: list[HtmlElement] = []
    for _ in range(_OUTLYING_LEVELS):
        if node is None or node is body.getparent():
            break
        for sib in node.itersiblings(preceding=True):
            if _clean_prose_box(sib, m, blocked, prose):
                extra.append(sib)
        for sib in node.itersiblings():
            if _clean_prose_box(sib, m, blocked, prose):
                extra.append(sib)
        node = node.getparent()
    if not extra:
        return roots
    return sorted(roots + extra, key=lambda e: m.index.get(e, 0))


def _clean_prose_box(el: HtmlElement, m: Measures, blocked: set[HtmlElement],
                     prose: dict[HtmlElement, int]) -> bool:
    if not isinstance(el.tag, str) or el in blocked or el.tag in ("nav", "footer", "aside"):
        return False
    size = m.text.get(el, 0)
    if size < 300 or m.density(el) > 0.15:
        return False
    return prose.get(el, 0) >= 0.7 * size and _long_paragraphs(el, m) >= 2


def _long_paragraphs(el: HtmlElement, m: Measures) -> int:
    return sum(1 for p in el.iter("p") if m.text.get(p, 0) >= 80 and m.density(p) < 0.2)


def _leads(roots: list[HtmlElement], m: Measures, blocked: set[HtmlElement]) -> list[HtmlElement]:
    """Standfirst paragraphs marked as such just before the content.

    News and magazine templates put the lead (``lead``, ``intro``, ``standfirst``,
    ``chapo``, ``perex``) in the article header, outside the body container that wins
    the scoring. Only a marked, prose-like element among the preceding siblings of the
    first root or of its near ancestors qualifies.
    """
    found: list[HtmlElement] = []
    node: HtmlElement | None = roots[0]
    for _ in range(4):
        if node is None or node.tag in ("body", "html"):
            break
        sib = node.getprevious()
        while sib is not None:
            if isinstance(sib.tag, str) and sib not in blocked:
                lead = _lead_in(sib, m)
                if lead is not None:
                    return [lead]
            sib = sib.getprevious()
        node = node.getparent()
    return found


def _lead_in(el: HtmlElement, m: Measures) -> HtmlElement | None:
    for cand in el.iter(etree.Element):
        if m.words.get(cand, frozenset()) & LEAD_WORDS:
            size = m.text.get(cand, 0)
            if size >= 40 and m.density(cand) < 0.3 and cand.tag not in HEADING_TAGS:
                return cand
    return None


def _prose(m: Measures, blocked: set[HtmlElement]) -> dict[HtmlElement, int]:
    """Bytes of paragraph text (low link density) under each element."""
    prose: dict[HtmlElement, int] = {}
    if not m.order:
        return prose
    for el in m.order[0].iter("p", "pre", "blockquote", "li", "dd", "td"):
        if el in blocked:
            continue
        size = m.text.get(el, 0)
        if size < 40 or m.density(el) > 0.3:
            continue
        node = el
        while node is not None:
            prose[node] = prose.get(node, 0) + size
            node = node.getparent()
    return prose


def _div_as_paragraph(el: HtmlElement, m: Measures) -> bool:
    """A div/span whose own text runs (not children's) carry the prose: old CMS markup."""
    if el.tag not in ("div", "span", "section", "font", "center"):
        return False
    own = len((el.text or "").strip()) + sum(len((c.tail or "").strip()) for c in el)
    return own >= 60


def _initial_score(el: HtmlElement, m: Measures) -> float:
    """Tag and class/id prior. A positive class word counts in proportion to the text
    it labels: a 150-byte box classed ``content`` must not outrank a 3 kB article."""
    hint = max(-1, min(1, m.hint.get(el, 0)))
    if hint > 0:
        return _TAG_BONUS.get(el.tag, 0) + 25.0 * min(1.0, m.text.get(el, 0) / _HINT_FULL_BYTES)
    return _TAG_BONUS.get(el.tag, 0) + 25.0 * hint


def _promote(top: HtmlElement, scores: dict[HtmlElement, float], m: Measures,
             body: HtmlElement, story: HtmlElement | None = None) -> HtmlElement:
    """Climb from the top candidate when its ancestors are clearly the article.

    Three cases: several strong candidates sharing an ancestor (an article split into
    sibling sections), an ancestor scoring nearly as well as the candidate (it adds
    more of the article, not chrome, or its score would have fallen), and a candidate
    that is not a container tag (a table cell, a list item).
    """
    top_score = scores.get(top, 0.0)
    ranked = sorted(scores, key=lambda e: scores[e], reverse=True)[:5]
    strong = [e for e in ranked[1:] if scores[e] >= 0.75 * top_score]
    # Climbing stops at the story of a feed page (see _feed_story) and at the body.
    fence = story.getparent() if story is not None else body.getparent()
    if len(strong) >= 2:
        node = top.getparent()
        while node is not None and node is not fence:
            if sum(1 for s in strong if _contains(node, s)) >= 2:
                if m.text.get(node, 0) <= 3 * m.text.get(top, 1) or node.tag != "body":
                    top = node
                break
            node = node.getparent()
    # An ancestor that scores nearly as well despite its extra text is the article.
    node, level = top.getparent(), 0
    while (node is not None and node is not body and node is not fence
           and level < _NEAR_TIE_LEVELS):
        if scores.get(node, 0.0) >= _NEAR_TIE * top_score:
            top = node
            break
        node, level = node.getparent(), level + 1
    while top.tag not in CONTAINER_TAGS and top.getparent() is not None and top is not body:
        top = top.getparent()
    # An only child adds nothing: its parent is the same box (and may hold the headline).
    parent = top.getparent()
    while (parent is not None and top is not body and len(parent) == 1
           and m.text.get(parent, 0) == m.text.get(top, 0)):
        top, parent = parent, parent.getparent()
    return top


def _with_siblings(top: HtmlElement, scores: dict[HtmlElement, float], m: Measures,
                   blocked: set[HtmlElement]) -> list[HtmlElement]:
    parent = top.getparent()
    if parent is None:
        return [top]
    threshold = max(10.0, 0.2 * scores.get(top, 0.0))
    top_words = set((top.get("class") or "").split())
    roots: list[HtmlElement] = []
    for sib in parent:
        if not isinstance(sib.tag, str):
            continue
        if sib is top:
            roots.append(sib)
            continue
        if sib in blocked:
            continue
        bonus = 0.2 * scores.get(top, 0.0) if top_words and top_words == set(
            (sib.get("class") or "").split()) else 0.0
        if scores.get(sib, 0.0) + bonus >= threshold or _good_paragraph(sib, m):
            roots.append(sib)
    return roots


def _good_paragraph(el: HtmlElement, m: Measures) -> bool:
    if el.tag != "p":
        return False
    size, density = m.text.get(el, 0), m.density(el)
    if size > 80 and density < 0.25:
        return True
    text = el.text_content().strip()
    return 0 < size <= 80 and density == 0 and text[-1:] in ".!?。」\""


# --------------------------------------------------------------------------- collecting


def _collect(roots: list[HtmlElement], m: Measures, chrome: dict[HtmlElement, str],
             pruning: Pruning, options: Options, page: Page,
             core: HtmlElement | None = None) -> Content:
    removed = prune(roots, m, chrome, pruning, core)
    content = Content(roots=list(roots), removed=set(removed), base_url=page.base_url)
    content.explain = Explain(Strategy.EMPTY, removals=_removals(removed, m, options))
    return content


def _text_of(content: Content, m: Measures) -> int:
    total = sum(m.text.get(r, 0) for r in content.roots)
    removed = content.removed
    # Subtract top-most removed subtrees only (nested removals are inside them).
    for el in removed:
        parent = el.getparent()
        nested = False
        while parent is not None:
            if parent in removed:
                nested = True
                break
            parent = parent.getparent()
        if not nested:
            total -= m.text.get(el, 0)
    return max(0, total)


def _removals(removed: dict[HtmlElement, str], m: Measures,
              options: Options) -> tuple[Removal, ...]:
    if not options.explain:
        return ()
    out = []
    for el, rule in sorted(removed.items(), key=lambda kv: m.index.get(kv[0], 0)):
        preview = " ".join(" ".join(el.itertext()).split())[:80]
        out.append(Removal(rule, tag_path(el), preview, m.text.get(el, 0)))
    return tuple(out)


def _explain(content: Content, strategy: Strategy, detail: str,
             stripped: dict[str, int]) -> Explain:
    return Explain(strategy, detail, content.explain.removals, stripped)
