"""Selection scoring: paragraphs score their ancestors, the best container wins.

Paragraph text length, commas, link density and class/id hints score every ancestor up
to the body (:class:`Scoring` memoises the scores and picks per chrome setting); the
best candidate is widened to a near-tie ancestor or a same-class feed story, joined by
qualifying siblings and lead paragraphs. :mod:`mainmark.content.select` runs the steps.
"""

from __future__ import annotations

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.constants import CUT, TAG_BONUS
from mainmark.content.measure import Measures
from mainmark.content.vocab import (
    CONTAINER_TAGS,
    HEADING_TAGS,
    LEAD_WORDS,
    PARAGRAPH_TAGS,
)
from mainmark.metadata.pagesignals import title_tag
from mainmark.page.subtree import text_content


def contains(ancestor: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``el`` is ``ancestor`` or inside it, by walking parents: cheaper than an XPath on the
    short paths scoring asks about."""
    node: HtmlElement | None = el
    while node is not None:
        if node is ancestor:
            return True
        node = node.getparent()
    return False


def _under_chrome(m: Measures, chrome: dict[HtmlElement, str]) -> set[HtmlElement]:
    """Every element inside (or being) a chrome subtree, by one pre-order sweep."""
    inside: set[HtmlElement] = set()
    for el in chrome:
        if el not in inside:
            inside.update(el.iter(etree.Element))  # the subtree walk runs in C
    return inside


def _paragraph_score(el: HtmlElement, m: Measures) -> float:
    size = m.text_of(el)
    text = text_content(el) if len(el) else el.text or ""  # childless: its one text node
    commas = text.count(",") + text.count("，") + text.count("、") + text.count("،")
    length = min(size / CUT.paragraph_length_unit, CUT.paragraph_length_points)
    return float((1.0 + commas + length) * (1.0 - m.density(el)))


class Scoring:
    """Scores and picks of one page, with and without the chrome verdicts, each computed
    once: JSON-LD locating and the first two ladder steps ask for the same ones."""

    def __init__(self, body: HtmlElement, m: Measures, chrome: dict[HtmlElement, str],
                 sibling_share: float = CUT.sibling_share) -> None:
        self.body, self.m, self.chrome = body, m, chrome
        self.sibling_share = sibling_share
        self._scored: dict[bool, tuple[dict[HtmlElement, float], set[HtmlElement]]] = {}
        self._picked: dict[bool, tuple[list[HtmlElement], HtmlElement | None]] = {}

    def scored(self, use_chrome: bool) -> tuple[dict[HtmlElement, float], set[HtmlElement]]:
        """The candidates' scores and the set of scored elements, with or without the chrome
        verdicts; computed on first request and kept, since several ladder steps ask."""
        if use_chrome not in self._scored:
            self._scored[use_chrome] = _score(self.body, self.m,
                                              self.chrome if use_chrome else {})
        return self._scored[use_chrome]

    def picked(self, use_chrome: bool) -> tuple[list[HtmlElement], HtmlElement | None]:
        """The content roots, and the core container scoring chose before widening."""
        if use_chrome not in self._picked:
            self._picked[use_chrome] = _pick(self.body, self.m, *self.scored(use_chrome),
                                             sibling_share=self.sibling_share)
        return self._picked[use_chrome]


def _pick(body: HtmlElement, m: Measures, scores: dict[HtmlElement, float],
          blocked: set[HtmlElement], sibling_share: float = CUT.sibling_share
          ) -> tuple[list[HtmlElement], HtmlElement | None]:
    if not scores:
        return [], None
    top = max(scores, key=lambda e: (scores[e], -m.index.get(e, 0)))
    prose = prose_bytes(m, blocked)
    top, story, others = _feed_story(top, scores, m, prose)
    if story is not None:
        blocked = blocked | {el for other in others for el in other.iter(etree.Element)}
        prose = prose_bytes(m, blocked)
    core = _promote(top, scores, m, body, story)
    top = _widen(core, m, blocked, body, prose)
    roots = with_siblings(top, scores, m, blocked, sibling_share)
    roots = _outlying_prose(roots, m, blocked, body, prose)
    roots.sort(key=lambda e: m.index.get(e, 0))
    return leads(roots, m, blocked) + roots, core


def _score(body: HtmlElement, m: Measures,
           chrome: dict[HtmlElement, str]) -> tuple[dict[HtmlElement, float], set[HtmlElement]]:
    blocked = _under_chrome(m, chrome)
    scores: dict[HtmlElement, float] = {}
    text_at = m.text_at
    for i, el in enumerate(m.order):
        if el in blocked or text_at[i] < CUT.min_paragraph_bytes:
            continue
        own_prose = el.tag not in PARAGRAPH_TAGS
        if own_prose and not _div_as_paragraph(el, m):
            continue
        score = _paragraph_score(el, m)
        # A div carrying its prose as its own text runs is itself the container.
        node = el if own_prose else el.getparent()
        level = 0
        while node is not None and level < CUT.ancestor_levels:
            if node not in scores:
                scores[node] = _initial_score(node, m)
            # Readability's dividers: parent 1, grandparent 2, then three times the level
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
    Returns the candidate to start from, the story to stay inside (None when no story
    is the page's) and the other stories, which selection must not merge. (Rule
    `feed-story`, docs/rules.md. Same-class ``<article>`` sections with no story headed
    by the page title were joined as parts of one text until the 0.21 audit: rule
    `same-class-sections`, deleted.)
    """
    node: HtmlElement | None = top
    while node is not None and node.tag != "article":
        node = node.getparent()
    if node is None or not node.get("class"):
        return top, None, []
    floor = max(CUT.feed_min, CUT.feed_share * prose.get(node, 0))
    cls = node.get("class")
    root = node.getroottree().getroot()
    stories = [a for a in root.iter("article")
               if a is node or (a.get("class") == cls and prose.get(a, 0) >= floor)]
    if len(stories) < 2:
        return top, None, []
    title = _page_title(root)
    own = next((a for a in stories if _headed_by(a, title)), None)
    if own is None:
        return top, None, []
    if own is not node:
        inside = [e for e in scores if contains(own, e)]
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
    return len(text) >= CUT.feed_title_min and text in title


def _widen(top: HtmlElement, m: Measures, blocked: set[HtmlElement],
           body: HtmlElement, prose: dict[HtmlElement, int]) -> HtmlElement:
    """Climb while an ancestor holds clearly more prose at a similar quality.

    Page builders (Divi, Elementor, Gutenberg groups) split one article into many
    sibling sections; the best single box then holds only a part of it (service and
    landing pages; rule `widen`, docs/rules.md).
    """
    best = node = top
    for _ in range(CUT.widen_levels):
        parent = node.getparent()
        if parent is None or parent in blocked or node is body:
            break
        p_text = m.text_of(parent)
        if not p_text or prose.get(parent, 0) < CUT.widen_purity * p_text:
            break
        if m.density(parent) > CUT.widen_density:
            break
        if prose.get(parent, 0) >= CUT.widen_gain * prose.get(best, 0):
            best = parent
        node = parent
    return best


def _outlying_prose(roots: list[HtmlElement], m: Measures, blocked: set[HtmlElement],
                    body: HtmlElement, prose: dict[HtmlElement, int]) -> list[HtmlElement]:
    """Join sections of the same article that sit in sibling boxes higher up.

    Landing pages and page builders put an article's parts in separate top-level
    sections; a sibling of an ancestor joins when it is itself clean prose: several
    real paragraphs, hardly any links (rule `outlying-prose`, docs/rules.md).
    """
    node = roots[0].getparent()
    extra: list[HtmlElement] = []
    levels = climbed = 0
    while levels < CUT.outlying_levels:
        if node is None or node is body.getparent():
            break
        if not _lone_child(node):
            levels += 1
        climbed += 1
        # Past the usual levels (climbed through a builder's one-child wrappers), only
        # sections of the template the selection sits in join.
        same = climbed > CUT.outlying_levels
        for sib in (*node.itersiblings(preceding=True), *node.itersiblings()):
            if (not same or _same_template(sib, node)) and _clean_prose_box(
                    sib, m, blocked, prose):
                extra.append(sib)
        node = node.getparent()
    if not extra:
        return roots
    return sorted(roots + extra, key=lambda e: m.index.get(e, 0))


def _same_template(a: HtmlElement, b: HtmlElement) -> bool:
    """Two boxes a page builder printed from one template: same tag, same first class."""
    ca, cb = (a.get("class") or "").split(), (b.get("class") or "").split()
    return a.tag == b.tag and bool(ca) and bool(cb) and ca[0] == cb[0]


def _lone_child(el: HtmlElement) -> bool:
    """``el`` is its parent's only element: the two are one box drawn twice (a page
    builder's section > container > column > widget chain), so a climb from one to the
    other is no level."""
    parent = el.getparent()
    if parent is None:
        return False
    kids = 0
    for kid in parent:
        if isinstance(kid.tag, str):
            kids += 1
            if kids > 1:
                return False
    return True


def _clean_prose_box(el: HtmlElement, m: Measures, blocked: set[HtmlElement],
                     prose: dict[HtmlElement, int]) -> bool:
    if not isinstance(el.tag, str) or el in blocked or el.tag in ("nav", "footer", "aside"):
        return False
    size = m.text_of(el)
    if size < CUT.clean_box_min_bytes or m.density(el) > CUT.clean_box_max_density:
        return False
    return (prose.get(el, 0) >= CUT.clean_box_prose_share * size
            and _long_paragraphs(el, m) >= 2)


def _long_paragraphs(el: HtmlElement, m: Measures) -> int:
    return sum(1 for p in el.iter("p") if m.text_of(p) >= CUT.long_paragraph_bytes
               and m.density(p) < CUT.long_paragraph_density)


def leads(roots: list[HtmlElement], m: Measures, blocked: set[HtmlElement]) -> list[HtmlElement]:
    """Standfirst paragraphs marked as such just before the content.

    News and magazine templates put the lead (``lead``, ``intro``, ``standfirst``,
    ``chapo``, ``perex``) in the article header, outside the body container that wins
    the scoring. Only a marked, prose-like element among the preceding siblings of the
    first root or of its near ancestors qualifies (rule `leads`, docs/rules.md).
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
            size = m.text_of(cand)
            if (size >= CUT.prose_min_bytes and m.density(cand) < CUT.prose_max_density
                    and cand.tag not in HEADING_TAGS):
                return cand
    return None


def prose_bytes(m: Measures, blocked: set[HtmlElement]) -> dict[HtmlElement, int]:
    """Bytes of paragraph text (low link density) under each element."""
    prose: dict[HtmlElement, int] = {}
    if not m.order:
        return prose
    index, text_at, link_at = m.index, m.text_at, m.link_at
    for el in m.order[0].iter("p", "pre", "blockquote", "li", "dd", "td"):
        if el in blocked:
            continue
        i = index.get(el)
        if i is None:
            continue
        size = text_at[i]
        if size < CUT.prose_min_bytes or link_at[i] / size > CUT.prose_max_density:  # m.density
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
    return own >= CUT.div_paragraph_min_chars


def _initial_score(el: HtmlElement, m: Measures) -> float:
    """Tag and class/id prior. A positive class word counts in proportion to the text
    it labels: a 150-byte box classed ``content`` must not outrank a 3 kB article."""
    hint = max(-1, min(1, m.hint.get(el, 0)))
    if hint > 0:
        return TAG_BONUS.get(el.tag, 0) + CUT.class_weight * min(1.0,
                                                               m.text_of(el) / CUT.hint_full_bytes)
    return TAG_BONUS.get(el.tag, 0) + CUT.class_weight * hint


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
    strong = [e for e in ranked[1:] if scores[e] >= CUT.strong_share * top_score]
    # Climbing stops at the story of a feed page (see _feed_story) and at the body.
    fence = story.getparent() if story is not None else body.getparent()
    if len(strong) >= CUT.strong_min:
        node = top.getparent()
        while node is not None and node is not fence:
            if sum(1 for s in strong if contains(node, s)) >= CUT.strong_min:
                top_text = m.text_of(top) if top in m.index else 1
                if m.text_of(node) <= CUT.strong_max_growth * top_text or node.tag != "body":
                    top = node
                break
            node = node.getparent()
    # An ancestor that scores nearly as well despite its extra text is the article.
    node, level = top.getparent(), 0
    while (node is not None and node is not body and node is not fence
           and level < CUT.near_tie_levels):
        if scores.get(node, 0.0) >= CUT.near_tie * top_score:
            top = node
            break
        node, level = node.getparent(), level + 1
    while top.tag not in CONTAINER_TAGS and top.getparent() is not None and top is not body:
        top = top.getparent()
    # An only child adds nothing: its parent is the same box (and may hold the headline).
    parent = top.getparent()
    while (parent is not None and top is not body and len(parent) == 1
           and m.text_of(parent) == m.text_of(top)):
        top, parent = parent, parent.getparent()
    return top


def with_siblings(top: HtmlElement, scores: dict[HtmlElement, float], m: Measures,
                  blocked: set[HtmlElement], share: float = CUT.sibling_share) -> list[HtmlElement]:
    """The winner and its siblings that score well or are plain paragraphs (articles split
    over sibling boxes, or plain paragraphs: rules `siblings` and `siblings:good-paragraph`,
    docs/rules.md)."""
    parent = top.getparent()
    if parent is None:
        return [top]
    threshold = max(10.0, share * scores.get(top, 0.0))
    roots: list[HtmlElement] = []
    for sib in parent:
        if not isinstance(sib.tag, str):
            continue
        if sib is top:
            roots.append(sib)
            continue
        if sib in blocked:
            continue
        if scores.get(sib, 0.0) >= threshold or _good_paragraph(sib, m):
            roots.append(sib)
    return roots


def _good_paragraph(el: HtmlElement, m: Measures) -> bool:
    if el.tag != "p":
        return False
    size, density = m.text_of(el), m.density(el)
    if size > CUT.good_paragraph_bytes and density < CUT.good_paragraph_density:
        return True
    text = el.text_content().strip()
    return 0 < size <= CUT.good_paragraph_bytes and density == 0 and text[-1:] in ".!?。」\""


