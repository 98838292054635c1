"""Pick the main content: JSON-LD locate, scored selection, a fallback ladder.

Nothing here edits the tree. Decisions live in side tables keyed by element
(:class:`~mainmark.content.measure.Measures`, the ``removed`` map), so each step of the
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

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, replace

from lxml.html import HtmlElement

from mainmark.content.buybox import with_buy_bar
from mainmark.content.constants import CUT
from mainmark.content.favor import BALANCED, Thresholds, thresholds
from mainmark.content.furniture import Policy, is_comment_verdict
from mainmark.content.locate import locate_article_body
from mainmark.content.measure import Measures, measure, prose_exempt
from mainmark.content.pagetypes import (
    keep_posts,
    main_landmark,
    product_furniture,
    region,
    thread_furniture,
)
from mainmark.content.productdesc import drop_reviews, with_description
from mainmark.content.prune import Pruning, prune
from mainmark.content.repeats import drop_repeats
from mainmark.content.responsive import phone_copies
from mainmark.content.score import Scoring, leads, prose_bytes, with_siblings
from mainmark.content.selectors import included
from mainmark.content.verdicts import Chrome, detail_of, verdict
from mainmark.content.vocab import BROAD_CHROME_WORDS
from mainmark.metadata.structured import Structured
from mainmark.model import Content, Explain, Headline, Removal, Strategy
from mainmark.options import Options
from mainmark.page.parse import Page
from mainmark.page.treepath import tag_path
from mainmark.pagekind.behaviour import Behaviour
from mainmark.pagekind.decide import ARTICLE, PageKind

#: A result is accepted when it holds at least ``ladder_bytes`` of text (250 balanced) or
#: ``ladder_share`` of the page's visible text (15%: short pages, notes, snippets); both
#: live in :mod:`mainmark.content.favor`, which ``Options.favor`` moves.
#: The ladder: strict pruning, relaxed pruning, no chrome vocabulary; the first result
#: above the floor wins, else the whole body minus hard chrome. Both lower rungs pay on
#: CHECK (rules `ladder:relaxed` and `ladder:no-chrome`, docs/rules.md).
_LADDER: tuple[tuple[Strategy, Pruning, bool], ...] = (
    (Strategy.SELECTION, Pruning.STRICT, True),
    (Strategy.LADDER, Pruning.RELAXED, True),
    (Strategy.LADDER, Pruning.RELAXED, False),
)


def select(page: Page, structured: Structured, stripped: dict[str, int],
           options: Options, kind: PageKind = ARTICLE) -> Content:
    """Choose the main content of ``page`` (cleaned) without mutating it.

    ``kind`` (``mainmark.pagekind``) says what to do beyond the scored selection: on a
    landing, product, listing or forum page take the main column where the scored
    selection found only one part of it, keep or drop posts, reviews, shelves. Selection
    reads its :class:`~mainmark.pagekind.behaviour.Behaviour` and decides no kind itself.
    The content carries the favor mode's headline policy forward to rendering.
    """
    content = _select(page, structured, stripped, options, kind)
    th = thresholds(options.favor)
    content.headline = Headline(in_text=th.headline_text, lead_h1=th.lead_h1)
    return content


def _select(page: Page, structured: Structured, stripped: dict[str, int],
            options: Options, kind: PageKind) -> Content:
    act = kind.behaviour
    root = page.root
    if root is None:
        return Content(roots=[], base_url=page.base_url,
                       explain=Explain(Strategy.EMPTY, "unparsable page", stripped=stripped))
    body = _body(root)
    m = measure(body)
    if act.posts_are_content:
        keep_posts(m)
    elif act.reviews_are_chrome and not options.comments:
        drop_reviews(m)  # the user who wants the discussion keeps the reviews too
    page_text = m.text_of(body)
    # The page's chrome as selection reads it; the column step reads it too, before the
    # user's comment choice (asked once: it measures every main mark's prose).
    effective = _effective_chrome(m, page_text, threads=act.posts_are_content)
    chrome = effective
    th = thresholds(options.favor)
    # The mode's floor decides whether strict pruning is enough; the later steps (and a
    # JSON-LD match) pass at the lower of it and the balanced floor, so a higher floor
    # only ever trades strict pruning for relaxed pruning of the same roots.
    strict_floor = _floor(th, page_text)
    floor = min(strict_floor, _floor(BALANCED, page_text))

    if options.comments:  # the user wants the discussion: comment words are no verdict
        chrome = {el: r for el, r in chrome.items() if not is_comment_verdict(r)}
    g = _Ground(page, body, m, structured, options, stripped, act)
    chosen = included(body, options)
    if chosen:
        picked = _collect(g, chosen, {}, Pruning.RELAXED, th=th)
        picked.explain = _explain(picked, Strategy.SELECTION, "include selectors", stripped)
        return picked

    scoring = Scoring(body, m, chrome, th.sibling_share)
    content = _choose(g, scoring, (strict_floor, floor), th)
    if act.column_share is not None and (kind.landing or not act.column_if_landing):
        content = _follow_type(g, content, kind, act, effective)
    if act.product_furniture:
        if content.roots:
            content.removed.update(product_furniture(content.roots, m))
        content = with_description(content, m, structured.jsonld)
        content = with_buy_bar(content, m, structured.jsonld)
    if act.drop_repeats:
        drop_repeats(content, m)
    if act.thread_furniture and content.roots:
        content.removed.update(thread_furniture(content.roots, m))
    # Last: a phone copy goes only beside a twin that every other pass has kept.
    copies = dict.fromkeys(phone_copies(content.roots, m, content.removed), "responsive-copy")
    if copies:
        content.removed.update(copies)
        content.explain = replace(content.explain, removals=(
            *content.explain.removals, *_removals(copies, m, options)))
    return content


@dataclass(frozen=True, slots=True)
class _Ground:
    """What every step of one page's selection reads: the page, its body and measures,
    its structured data, the user's options, and what cleaning stripped (for
    ``--explain``)."""

    page: Page
    body: HtmlElement
    m: Measures
    structured: Structured
    options: Options
    stripped: dict[str, int]
    act: Behaviour


def _follow_type(g: _Ground, content: Content, kind: PageKind, act: Behaviour,
                 chrome: dict[HtmlElement, str]) -> Content:
    """The main column instead of the scored selection when that is one part of it.
    On a listing or collection whose link-density pruning left little of the column (its
    cards are links), the column is pruned again without that test (``CUT.grid_share``).
    ``chrome``: the page's effective chrome, as :func:`_select` computed it."""
    body, m = g.body, g.m
    landmark = main_landmark(body, m)
    selected = _text_of(content, m)
    # Pruning only takes text away: when the scored selection holds its share of the
    # whole, unpruned column, it holds it of the pruned column too, and the column is
    # not worth pruning (the same answer as below, without the two walks).
    whole = m.text_of(landmark if landmark is not None else body)
    share = act.column_share or 0.0
    if not selected < share * whole:
        return content
    roots, removed = region(body, m, chrome, landmark)
    column = _collect(g, roots, {}, Pruning.NONE)
    column.removed = set(removed)
    column_text = _text_of(column, m)
    if (act.grid
            and column_text < CUT.grid_share * sum(m.text_of(r) for r in roots)):
        roots, removed = region(body, m, chrome, landmark, Pruning.RELAXED)
        column.removed = set(removed)
        column_text = _text_of(column, m)
    if not selected < share * column_text:
        return content
    column.explain = Explain(Strategy.SELECTION, f"main column of a {kind.kind.value} page",
                             _removals(removed, m, g.options), g.stripped)
    return column


def _choose(g: _Ground, scoring: Scoring, floors: tuple[int, int],
            th: Thresholds) -> Content:
    """JSON-LD locate, then the scored selection down the ladder, then the fallback."""
    body, m, stripped = g.body, g.m, g.stripped
    chrome = scoring.chrome
    strict_floor, floor = floors
    if g.options.use_jsonld:
        content = _from_jsonld(g, scoring, floor)
        if content is not None:
            return content

    for strategy, pruning, use_chrome in _LADDER:
        active = chrome if use_chrome else {}
        roots, core = scoring.picked(use_chrome)
        if not roots:
            continue
        content = _collect(g, roots, active, pruning, core, th)
        if _text_of(content, m) >= (strict_floor if pruning is Pruning.STRICT else floor):
            content.explain = _explain(content, strategy, f"pruning={pruning.value}", stripped)
            return content
    # The whole body minus the page-level chrome verdicts (header, footer, sidebars and
    # navigation by tag, role or broad class word); when that leaves less than the floor,
    # minus hard chrome only.
    page_chrome = {el: r for el, r in m.chrome.items() if r.startswith(_FALLBACK_CHROME)}
    content = _collect(g, [body], page_chrome, Pruning.NONE)
    if _text_of(content, m) >= floor:
        content.explain = _explain(content, Strategy.FALLBACK, "whole body minus chrome",
                                   stripped)
        return content
    hard = {el: r for el, r in m.chrome.items() if r.startswith(_HARD_CHROME)}
    content = _collect(g, [body], hard, Pruning.NONE)
    content.explain = _explain(content, Strategy.FALLBACK, "whole body minus hard chrome",
                               stripped)
    return content


#: The verdicts the whole-body fallback drops first: chrome by tag (``<header>``,
#: ``<footer>``, ``<aside>``, ``<nav>``, ``<menu>``), by landmark role and by broad class
#: word. A page reaching the fallback is one whose scored selection fell under the floor;
#: its body is usually short content between a site's header and its footer menus.
_FALLBACK_CHROME = (Chrome.TAG.value, Chrome.ROLE.value, Chrome.BROAD.value)
#: The verdicts it drops when that leaves too little: navigation by tag, landmark roles.
_HARD_CHROME = (verdict(Chrome.TAG, "nav"), Chrome.ROLE.value)


def _floor(th: Thresholds, page_text: int) -> int:
    """Either floor: ``ladder_bytes`` of text, or ``ladder_share`` of the page's text."""
    return min(th.ladder_bytes, max(1, int(th.ladder_share * page_text)))


def _from_jsonld(g: _Ground, scoring: Scoring, floor: int) -> Content | None:
    # Pages publishing an articleBody (news, blogs; rule `jsonld-locate`, docs/rules.md).
    m, stripped = g.m, g.stripped
    located = locate_article_body(g.body, m, g.structured.jsonld)
    if located is None:
        return None
    if located.paragraphs:
        # Client-rendered only if the DOM really lacks an article of comparable size.
        best = scoring.picked(True)[0]
        body_bytes = sum(len(p.encode()) for p in located.paragraphs)
        if best and sum(m.text_of(b) for b in best) >= CUT.jsonld_dom_share * body_bytes:
            return None
        return Content(roots=[], paragraphs=located.paragraphs, base_url=g.page.base_url,
                       explain=Explain(Strategy.JSONLD_BODY, located.detail, stripped=stripped))
    scores, blocked = scoring.scored(True)
    roots = with_siblings(located.roots[0], scores, m, blocked)
    # The standfirst before a located article (rule `jsonld-leads`, docs/rules.md).
    roots = leads(roots, m, blocked) + roots
    content = _collect(g, roots, scoring.chrome, Pruning.STRICT,
                       th=thresholds(g.options.favor))
    if _text_of(content, m) < floor:
        return None
    content.explain = _explain(content, Strategy.JSONLD_LOCATE, located.detail, stripped)
    return content


def _effective_chrome(m: Measures, page_text: int, *, threads: bool = True
                      ) -> dict[HtmlElement, str]:
    """Chrome verdicts minus those on wrappers of the page's main region.

    A wrapper of ``<main>`` is layout whatever its class says, and so is a wrapper of a
    main mark (``<article>``, ``entry-content``) holding most of the page's prose: sticky
    column plugins class the article column ``theiaStickySidebar``, themes put
    ``header-style-2`` on the page wrapper. The wrapper rule, the 85% share cap and the
    prose exemption each pay on CHECK (rules `effchrome:main-wrappers`,
    `effchrome:max-share` and `effchrome:prose-exempt`, docs/rules.md).
    """
    prose: dict[HtmlElement, int] = {}

    def most_prose(el: HtmlElement) -> bool:
        if not prose:
            prose.update(prose_bytes(m, set()))
        return prose.get(el, 0) > CUT.main_prose_share * prose.get(m.order[0], 0)

    wrappers = _main_wrappers(m, most_prose) | _layout_flags(m, page_text)
    return {el: rule for el, rule in m.chrome.items()
            if el not in wrappers and (m.text_of(el) <= CUT.chrome_max_share * page_text
                                       or (not threads and _comments_beside_text(el, rule, m,
                                                                                 page_text)))
            and not prose_exempt(el, rule, m)}


def _layout_flags(m: Measures, page_text: int) -> set[HtmlElement]:
    """Boxes holding most of the page whose class word names a part that a smaller box
    inside them names too: ``<div class="PageContentSidebar">`` around the page's text
    and its ``#PageSidebar``, a ``has-sidebar`` wrapper round the column and the sidebar.
    The word flags the layout the wrapper lays out; the inner box is the part (rule
    `effchrome:layout-flag`, docs/rules.md)."""
    floor = CUT.layout_flag_share * page_text
    broad = Chrome.BROAD.value  # (a member's value is a property: read once, not per box)
    big = [(el, rule) for el, rule in m.chrome.items()
           if rule.startswith(broad) and m.text_of(el) > floor]
    if not big:
        return set()
    at: dict[str, list[int]] = {}
    for el, rule in m.chrome.items():
        i = m.index.get(el)
        if i is not None:
            at.setdefault(detail_of(rule), []).append(i)
    for spots in at.values():
        spots.sort()
    flags: set[HtmlElement] = set()
    for el, rule in big:
        i = m.index.get(el)
        spots = at.get(detail_of(rule), [])
        if i is None or not spots:
            continue
        k = bisect_right(spots, i)  # the first box of the same word after ``el`` starts
        if k < len(spots) and spots[k] <= m.end[i]:
            flags.add(el)
    return flags


def _comments_beside_text(el: HtmlElement, rule: str, m: Measures, page_text: int) -> bool:
    """A reader-comment section longer than the post it follows is still chrome on a page
    that is no thread, when the post beside it has text of its own: forty replies under a
    short story outweigh the story (issue 36, part 3)."""
    return (is_comment_verdict(rule)
            and page_text - m.text_of(el) >= CUT.comments_outside_min_bytes)


def _main_wrappers(m: Measures, most_prose: Callable[[HtmlElement], bool]) -> set[HtmlElement]:
    """The ancestors of ``<main>`` and of main marks holding most of the page's prose."""
    wrappers: set[HtmlElement] = set()
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
    return wrappers


def _body(root: HtmlElement) -> HtmlElement:
    found = root.find("body")
    return found if found is not None else root


# --------------------------------------------------------------------------- collecting


def _collect(g: _Ground, roots: list[HtmlElement], chrome: dict[HtmlElement, str],
             pruning: Pruning, core: HtmlElement | None = None,
             th: Thresholds | None = None) -> Content:
    """``roots`` pruned: the content record of one rung of the ladder."""
    options = g.options
    policy = Policy(citations=options.citations, markers=options.citation_markers,
                    comments=options.comments)
    removed = prune(roots, g.m, chrome, pruning, core, th, policy, cards=g.act.link_cards,
                    joined=g.act.joined_boxes)
    content = Content(roots=list(roots), removed=set(removed), base_url=g.page.base_url)
    content.explain = Explain(Strategy.EMPTY, removals=_removals(removed, g.m, options))
    return content


def _text_of(content: Content, m: Measures) -> int:
    total = sum(m.text_of(r) for r in content.roots)
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
            total -= m.text_of(el)
    return max(0, total)


def _removals(removed: dict[HtmlElement, str], m: Measures,
              options: Options) -> tuple[Removal, ...]:
    if not options.explain:
        return ()
    out = []
    for el, rule in sorted(removed.items(), key=lambda kv: m.index.get(kv[0], 0)):
        preview = " ".join(" ".join(el.itertext()).split())[:80]
        out.append(Removal(rule, tag_path(el), preview, m.text_of(el)))
    return tuple(out)


def _explain(content: Content, strategy: Strategy, detail: str,
             stripped: dict[str, int]) -> Explain:
    return Explain(strategy, detail, content.explain.removals, stripped)
