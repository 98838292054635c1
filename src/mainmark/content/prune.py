"""Prune inside the selected content: narrow chrome, link-dense blocks, trailing junk.

Every decision is recorded in a map ``element -> rule`` and nothing is removed from
the tree, so the ladder can prune the same roots again with a weaker setting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from lxml.html import HtmlElement

from mainmark.content.captions import caption_marked, drop_repeats
from mainmark.content.constants import CUT
from mainmark.content.favor import BALANCED, Thresholds
from mainmark.content.furniture import (
    DEFAULT_POLICY,
    Policy,
    furniture_rule,
    is_chrome_heading,
    is_comment_verdict,
    is_reference_list,
    page_controls,
    shelf_titles,
)
from mainmark.content.linkcards import link_cards
from mainmark.content.measure import Measures, prose_exempt
from mainmark.content.vocab import (
    HEADING_TAGS,
    NEGATIVE_WORDS,
    PUBLISHER_NOTICE,
    READER_PROMPT,
    SLIDE_COUNTER,
    UI_LABELS,
)
from mainmark.page.ancestry import within
from mainmark.page.subtree import text_content
from mainmark.vocabulary import boxes, phrases

#: Link density inside the content, and its below-floor strip test, pay on CHECK summed
#: over the sets though rd loses by each (rules `link-density` and
#: `link-density:below-floor`, docs/rules.md).
#: Link-density floors: ``CUT.p_floor_*`` and ``CUT.block_floor_*`` (see ``_link_dense``).
_LIST_TAGS = frozenset({"ul", "ol", "dl"})
#: Blocks tested for link density: paragraphs and list/box containers.
_DENSITY_TAGS = frozenset({"p", "ul", "ol", "dl", "div", "section", "table", "tr",
                           "span", "td", "header", "footer", "aside", "nav", "center",
                           "font", "form", "figure", "details"})


class Pruning(str, Enum):
    """How hard a pass prunes inside the content: the ladder's steps weaken it."""

    STRICT = "strict"  # narrow chrome + link density + edge trim
    RELAXED = "relaxed"  # narrow chrome + edge trim
    NONE = "none"  # only the chrome handed in


#: The steps as module names: a member read through its class costs a class lookup each
#: time (about 70 ns), and the per-element tests ask them of every element of the content.
_NONE, _STRICT = Pruning.NONE, Pruning.STRICT


def prune(roots: list[HtmlElement], m: Measures, chrome: dict[HtmlElement, str],
          pruning: Pruning, core: HtmlElement | None = None,
          th: Thresholds | None = None,
          policy: Policy = DEFAULT_POLICY, *, cards: bool = False, joined: bool = False
          ) -> dict[HtmlElement, str]:
    """Decide what to drop inside ``roots``.

    ``core`` is the container the scoring chose before it was widened or joined by
    siblings: inside it only the narrow vocabulary applies, while the material that
    widening brought in is still judged by the page-level (broad) verdicts.
    ``policy`` carries the user's choices (citations, comments); ``cards`` and
    ``joined``, the page kind's: teaser cards for other stories go
    (``Behaviour.link_cards``), and a root joined beside the core is judged whole
    (``Behaviour.joined_boxes``).
    """
    removed = page_controls(roots, m)
    if pruning is Pruning.NONE and not chrome:
        return removed  # only the chrome handed in goes, and none was: nothing to walk
    th = th or BALANCED
    kept: set[HtmlElement] = set()  # reference lists kept whole: never entered
    total = sum(m.text_of(r) for r in roots)
    judge = _Judge(m, chrome, pruning, core, th, policy, total, removed, kept,
                   frozenset(roots))
    for root in roots:
        rule = _joined_box(root, core, judge) if joined and pruning is not Pruning.NONE else None
        if rule:
            removed[root] = rule
            continue
        judge.visit(root, core is None or root is core or within(root, core))
    if pruning is not Pruning.NONE:
        shelf_titles(roots, m, removed, total)
        if cards and pruning is Pruning.STRICT:
            link_cards(roots, m, removed, total)
        # The text-bearing blocks are listed once: chrome sections only remove blocks of
        # this list, and a removed leaf hides nothing else from the list (nothing below
        # a leaf is on it), so the edge trim's list is this one less the removed.
        blocks = [b for b in _leaf_blocks(roots, removed) if m.text_of(b)]
        _chrome_sections(roots, m, removed, kept, policy, blocks)
        blocks = _trim_edges(roots, m, removed, kept, th,
                             blocks=[b for b in blocks if b not in removed])
        drop_repeats([b for b in blocks if b not in removed], m, removed)
    return removed


@dataclass(frozen=True, slots=True)
class _Judge:
    """One pruning pass's settings and verdicts: what the walks over ``roots`` judge by
    (the measures, the chrome handed in, the pruning step, the core, the mode's
    thresholds, the user's policy, the content's text size) and where they record
    (``removed``, and ``kept`` for reference lists kept whole)."""

    m: Measures
    chrome: dict[HtmlElement, str]
    pruning: Pruning
    core: HtmlElement | None
    th: Thresholds
    policy: Policy
    total: int
    removed: dict[HtmlElement, str]
    kept: set[HtmlElement]
    roots: frozenset[HtmlElement]

    def visit(self, root: HtmlElement, inside: bool) -> None:
        """Judge the descendants of ``root`` in document order, skipping what is decided.

        The walk runs over ``m.order`` and jumps past a removed (or kept) subtree with
        ``m.end``; ``core``'s subtree is the interval of positions it spans. A root the
        measures do not know is walked by its children instead (same order, same
        verdicts).
        """
        m, core = self.m, self.core
        start = m.index.get(root)
        if start is None or len(m.end) != len(m.order):
            self.visit_children(root, inside)
            return
        order, end = m.order, m.end
        c_lo = m.index.get(core, -1) if core is not None else -1
        c_hi = end[c_lo] if c_lo >= 0 else -2
        refs = self.pruning is not Pruning.NONE and self.policy.citations
        decided = self.decided
        i, stop = start + 1, end[start]
        while i <= stop:
            if decided(order[i], inside or c_lo <= i <= c_hi, refs):
                i = end[i] + 1
            else:
                i += 1

    def visit_children(self, root: HtmlElement, inside: bool) -> None:
        """:meth:`visit` by the children, for a root the measures do not know."""
        refs = self.pruning is not Pruning.NONE and self.policy.citations
        core = self.core
        stack = [(c, inside) for c in reversed(root) if isinstance(c.tag, str)]
        while stack:
            el, in_core = stack.pop()
            in_core = in_core or el is core
            if not self.decided(el, in_core, refs):
                stack.extend((c, in_core) for c in reversed(el) if isinstance(c.tag, str))

    def decided(self, el: HtmlElement, in_core: bool, refs: bool) -> bool:
        """Record ``el``'s verdict; True when its subtree is settled and must not be
        entered (removed, a kept reference list, or a kept ``<pre>``).

        One method for both walks, so the position walk and the child walk cannot drift
        apart. A reference list is kept whole (never half-pruned by link density); outside
        the core a chrome verdict wins before the pruning rules are asked.
        """
        m = self.m
        if refs and is_reference_list(el, m):
            self.kept.add(el)
            return True
        chrome, pruning, th, policy = self.chrome, self.pruning, self.th, self.policy
        rule = _rule(el, m, chrome, pruning, th, policy) if in_core else (
            chrome.get(el) or _rule(el, m, chrome, pruning, th, policy))
        if (rule and el.tag in _INLINE_TAGS and rule in (chrome.get(el), m.narrow.get(el))
                and _in_running_text(el)):
            # A chrome word on a link inside a sentence ("You need to <a>login</a> or
            # <a class="memberModalBtn">register</a> to ...") must not cut the sentence:
            # a short line is the widget's prompt and goes whole; prose and headings
            # keep the words.
            line = _sentence_block(el)
            if (line is None or line.tag in HEADING_TAGS
                    or m.text_of(line) >= CUT.prompt_max_bytes
                    or not any(a in self.roots for a in line.iterancestors())):
                return False
            self.removed[line] = rule
            return True
        if rule is None and pruning is not _NONE:
            rule = furniture_rule(el, m, policy, self.total)
        if rule:
            self.removed[el] = rule
            return True
        # Code is kept or dropped whole: inside it the prose rules would cut words out of
        # a program (a ``<span>Close</span>`` token of ``f.Close()`` read as a UI label).
        return bool(el.tag == "pre")


def _joined_box(root: HtmlElement, core: HtmlElement | None, judge: _Judge) -> str | None:
    """The verdict on a whole root that scoring joined beside the core (a sibling, an
    outlying box), if any. Pruning judges what is inside the roots; a joined root is
    judged itself too, by the narrow vocabulary and the furniture rules: an author's
    bio under the post is prose and scores as a sibling of the article (rule
    `joined-box`, docs/rules.md)."""
    if core is None or root is core or within(root, core) or within(core, root):
        return None
    m = judge.m
    return (_rule(root, m, judge.chrome, judge.pruning, judge.th, judge.policy)
            or furniture_rule(root, m, judge.policy, judge.total))


#: Links and buttons: a chrome verdict on one of them inside running text is judged with
#: its line (``_Judge.decided``), never alone, so no sentence is left with a hole. Other
#: inline tags keep their own verdicts (a ``<span class=subscription>$</span>`` price tag
#: in a headline, an icon's ``<i>``: cutting them leaves the line whole).
_INLINE_TAGS = frozenset({"a", "button"})
_LINE_TAGS = frozenset({"p", "div", "li", "dd", "dt", "td", "th", "blockquote", "h1", "h2",
                        "h3", "h4", "h5", "h6", "figcaption", "section", "article"})
_RUN_TEXT = re.compile(r"[^\W\d_]{2}")


def _in_running_text(el: HtmlElement) -> bool:
    """Words of the same line stand right before or after ``el`` (its tail, its previous
    sibling's tail, or its parent's own text when it is the first child)."""
    if _RUN_TEXT.search(el.tail or ""):
        return True
    prev, parent = el.getprevious(), el.getparent()
    if prev is not None:
        return bool(_RUN_TEXT.search(prev.tail or ""))
    return parent is not None and bool(_RUN_TEXT.search(parent.text or ""))


def _sentence_block(el: HtmlElement) -> HtmlElement | None:
    """The nearest block ancestor of an inline element: the line it is part of."""
    return next(el.iterancestors(*_LINE_TAGS), None)


#: Elements a class word can mark as a caption when precision mode drops captions: the
#: caption boxes of templates that do not use ``<figcaption>``.
_CAPTION_BOXES = frozenset({"div", "p", "span"})


def _rule(el: HtmlElement, m: Measures, chrome: dict[HtmlElement, str],
          pruning: Pruning, th: Thresholds = BALANCED,
          policy: Policy = DEFAULT_POLICY) -> str | None:
    if pruning is _NONE:
        return chrome.get(el)
    verdict = m.narrow.get(el)
    if verdict and (prose_exempt(el, verdict, m)
                    or (policy.comments and is_comment_verdict(verdict))):
        verdict = None  # narrow_verdict's exemption, asked only where there is a verdict
    if verdict:
        return verdict
    tag = el.tag
    if tag not in _RULE_TAGS:
        return None  # no test below reads this tag (a list item, an image, a line break)
    at = m.index.get(el)  # m.text_of and m.links_of, with one lookup
    size = 0 if at is None else m.text_at[at]
    if (pruning is _STRICT and tag in _DENSITY_TAGS and at is not None
            and m.links_at[at] and _link_dense(el, m, th)):
        return "link-density"
    if not th.captions and (tag == "figcaption"
                            or (tag in _CAPTION_BOXES and caption_marked(el, m))):
        return "caption"
    if size < CUT.credit_max_bytes and (
            (tag in _CREDIT_TAGS and _CREDIT.match(_leading_text(el)))
            or (tag in _CREDIT_SIGNS and _in_photo(el))):
        return "photo-credit"
    if not size or size >= CUT.notice_max_bytes:
        return None  # no text (nothing to match) or too long to be a prompt or notice
    prompt = tag in _PROMPT_TAGS
    label = size <= CUT.ui_max_bytes and tag in _UI_TAGS
    if not (prompt or label):
        return None
    # Short blocks only, their text read once for the prompt, notice and label tests.
    line = " ".join((text_content(el) if len(el) else el.text or "").split())
    if prompt:
        if size < CUT.prompt_max_bytes and READER_PROMPT.match(line):
            return "reader-prompt"
        if PUBLISHER_NOTICE.match(line):
            return "site-notice"
    if label and _is_ui_label(el, line):
        return "ui-label"
    return None


def _is_ui_label(el: HtmlElement, line: str) -> bool:
    parent = el.getparent()
    if parent is not None and parent.tag in _DATA_ITEM_TAGS:
        return False  # "Back" in a list of muscles, "Close" in a table cell: data
    label = " ".join(_UI_STRIP.sub(" ", line.casefold()).split())
    return label in UI_LABELS or bool(SLIDE_COUNTER.fullmatch(label))


def _leading_text(el: HtmlElement) -> str:
    """The text an element opens with: its own, else its first child's. Constant time,
    so a chain of 100,000 nested wrappers stays linear."""
    own = (el.text or "").lstrip()
    if own or not len(el):
        return own[:80]
    return (el[0].text or "").lstrip()[:80]


def _data_table_part(el: HtmlElement, m: Measures) -> bool:
    """A data table (one with header cells) or a row of one: a matrix of links there is
    data (download matrices, wiki item tables), not navigation (rule
    `link-density:data-tables`, docs/rules.md)."""
    table = el if el.tag == "table" else next(el.iterancestors("table"), None)
    return table is not None and m.has_header_cells(table)


#: A whole element that is only an image credit line: "Foto: dpa", "(Photo: Jane Doe)",
#: "© Reuters", "Bild: Stadt Bern", "Crédit : AFP". Captions that merely end in a
#: credit are kept whole. News photos (rules `photo-credit` and `photo-credit:figure-cite`,
#: docs/rules.md; the second is the figure <cite>/<small> rule below).
_CREDIT = re.compile(rf"\(?\s?(?:{phrases.CREDIT_SIGN.pattern()}"
                     rf"|(?:{phrases.CREDIT_LABEL.pattern()})\s*:)", re.IGNORECASE)
#: A whole element whose text is only a widget's control or state label ("Close",
#: "Back to gallery", "Vergrößern", "Wird geladen") or a slide counter ("Image 1 of 8",
#: "3 / 12"): galleries, players and toggles inside the body leave these behind.
_UI_TAGS = frozenset({"p", "div", "span", "a", "button", "h2", "h3", "h4", "h5", "h6",
                      "figcaption", "label", "small", "strong", "em", "b"})
_DATA_ITEM_TAGS = frozenset({"li", "td", "th", "dt", "dd"})
_UI_STRIP = re.compile(r"[^\w/]+")
#: Reader prompts and publisher notices (vocab.READER_PROMPT, vocab.PUBLISHER_NOTICE) are
#: whole blocks of these tags, shorter than these sizes: longer text opening with the same
#: words is the article's own.
_PROMPT_TAGS = frozenset({"p", "div", "h2", "h3", "h4", "h5", "h6", "blockquote"})
#: Inside a figure that shows a picture, a <cite> or <small> is the photographer or the
#: agency ("Sakib Ali/Hindustan Times/Getty Images"); a quote's <cite> has no picture.
_CREDIT_SIGNS = frozenset({"cite", "small"})


def _in_photo(el: HtmlElement) -> bool:
    node = el.getparent()
    for _ in range(CUT.figure_levels):
        if node is None:
            return False
        if node.tag == "figure":
            return node.find(".//img") is not None or node.find(".//picture") is not None
        node = node.getparent()
    return False


_CREDIT_TAGS = frozenset({"p", "span", "small", "cite", "figcaption", "div", "em", "i"})
#: Every tag a test of :func:`_rule` past the narrow verdict reads (link density, captions,
#: photo credits, prompts, notices and labels): pruning asks the rules of every element
#: of the content, and one of any other tag has no verdict there.
_RULE_TAGS = (_DENSITY_TAGS | _CAPTION_BOXES | _CREDIT_TAGS | _CREDIT_SIGNS | _PROMPT_TAGS
              | _UI_TAGS | {"figcaption"})


def _link_dense(el: HtmlElement, m: Measures, th: Thresholds = BALANCED) -> bool:
    size = m.text_of(el)
    n_links = m.links_of(el)
    if not size or not n_links:
        return False  # first: the table test below climbs the ancestors
    if (th.keep_headed and m.is_headed(el)) or _data_table_part(el, m):
        return False
    nxt = el.getnext()
    more = nxt is not None and nxt.tag == el.tag
    if el.tag == "p":
        floor = CUT.p_floor_more if more else CUT.p_floor_last
    else:
        floor = CUT.block_floor_more if more else CUT.block_floor_last
    if size >= floor:
        if m.link_of(el) < th.dense_share * size:
            return False
        # A list of long link texts (changelogs, bug lists, reading lists with titles) is
        # content; menus and related-story strips are lists of short links.
        return el.tag not in _LIST_TAGS or size < CUT.long_item_bytes * max(1, len(el))
    # Below the floor, a strip of short links goes; prose that merely holds a couple of
    # short inline links (a sentence with two citations) does not.
    return (n_links >= 2 and m.short_links_of(el) >= CUT.short_share * n_links
            and m.link_of(el) >= th.below_share * size)


def _chrome_sections(roots: list[HtmlElement], m: Measures, removed: dict[HtmlElement, str],
                     kept: set[HtmlElement], policy: Policy,
                     blocks: list[HtmlElement] | None = None) -> None:
    """Drop a section whose heading titles a recirculation, share, author or comment box
    ("Related articles", "Meistgelesen"): the heading and the blocks it heads, up to the
    next heading of its level or above. Evidence is the heading's vocabulary, never
    its position; only sections in the later part of the content are considered, so a
    page that *is* a list of related links keeps it. ``blocks``: the text-bearing leaf
    blocks of ``roots``, when the caller has listed them."""
    if blocks is None:
        blocks = [b for b in _leaf_blocks(roots, removed) if m.text_of(b)]
    total = sum(m.text_of(b) for b in blocks)
    seen = 0
    i = 0
    while i < len(blocks):
        block = blocks[i]
        seen += m.text_of(block)
        i += 1
        if (block.tag not in HEADING_TAGS or seen < CUT.section_from * total
                or _in_kept(block, kept) or not is_chrome_heading(block.text_content(), policy)):
            continue
        level = int(block.tag[1])
        j = i
        while j < len(blocks) and not (blocks[j].tag in HEADING_TAGS
                                       and int(blocks[j].tag[1]) <= level):
            j += 1
        section = blocks[i - 1 : j]
        if sum(m.text_of(b) for b in section) <= CUT.section_max_share * total:
            for b in section:
                removed[b] = "chrome-section"
            seen += sum(m.text_of(b) for b in blocks[i:j])
            i = j


#: What edge trimming never removes: the content's own structure.
_STRUCTURE_TAGS = ("pre", "table", "figure", "listing", "xmp", "math")


def holds_content_structure(el: HtmlElement) -> bool:
    """Code, a table or a figure is, or is inside, ``el``: not furniture by position.
    A figure's caption is its own block: the picture stays, a credit line may go."""
    if el.tag in _STRUCTURE_TAGS:
        return True
    if next(el.iter(*_STRUCTURE_TAGS), None) is not None:
        return True
    if _is_caption(el):
        return next(el.iterancestors("pre", "table", "listing", "xmp"), None) is not None
    return next(el.iterancestors(*_STRUCTURE_TAGS), None) is not None


def _is_caption(el: HtmlElement) -> bool:
    return el.tag == "figcaption" or next(el.iterancestors("figcaption"), None) is not None


_LEAF_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dd", "dt",
                        "blockquote", "pre", "figcaption", "td", "th", "caption", "table",
                        "ul", "ol", "dl", "address"})
_SENTENCE_END = tuple(".!?…。！？\"”»“)")


def _leaf_blocks(roots: list[HtmlElement], removed: dict[HtmlElement, str]) -> list[HtmlElement]:
    """Text-bearing blocks in document order: paragraphs, headings, list items, and
    wrappers whose own text runs carry content."""
    out: list[HtmlElement] = []
    for root in roots:
        stack = [root]
        while stack:
            el = stack.pop()
            if el in removed:
                continue
            if el.tag in _LEAF_TAGS and el.tag not in ("ul", "ol", "dl", "table"):
                out.append(el)
                continue
            kids = [c for c in el if isinstance(c.tag, str)]
            if (el.text or "").strip() or any((c.tail or "").strip() for c in kids):
                out.append(el)
                continue
            stack.extend(reversed(kids))
    return out


def _edge_junk(el: HtmlElement, m: Measures, kept: set[HtmlElement],
               root: HtmlElement, th: Thresholds = BALANCED) -> bool:
    """Positive evidence that an edge block is furniture: mostly link text, or short,
    unpunctuated and marked by its markup (a furniture class word on it or a wrapper
    below the root, a ``<time>``). Position alone is no evidence: headings, code,
    tables and figures stay, and so does a short plain lead or closing line."""
    if el.tag in HEADING_TAGS or holds_content_structure(el) or _in_kept(el, kept):
        return False
    size = m.text_of(el)
    if m.link_of(el) >= CUT.edge_link_share * size:
        return True
    if size >= CUT.edge_short_bytes:
        return False
    text = el.text_content()
    if is_chrome_heading(text, DEFAULT_POLICY):  # a box title set as a plain line
        return True
    if text.rstrip().endswith(_SENTENCE_END):
        return False
    if not th.edge_marked:
        return True
    # A short unpunctuated line that is a third link: a teaser ("YouTubers must
    # unionize, <a>no matter what Google says</a>") in a list of other stories.
    if m.links_of(el) and m.link_of(el) >= CUT.teaser_link_share * size:
        return True
    return _marked_furniture(el, m, root)


#: Class/id words that mark a short edge block as furniture: datelines, bylines, meta
#: lines, tags, captions and credits, "more"/"related" strips.
_FURNITURE_WORDS = NEGATIVE_WORDS | boxes.EDGE_FURNITURE.entries


#: A block that is only a date or a time ("12.03.2021", "2021-03-12 14:05", "March 3,
#: 2021", "3 mars 2021"): a dateline, which the metadata carries.
_DATE_ONLY = re.compile(
    r"[\W_]*(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\.?\s+[^\W\d_]{3,12}\.?\s+\d{4}"
    r"|[^\W\d_]{3,12}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})"
    r"(?:[\s,|·-]+\d{1,2}[:.h]\d{2}(?:\s*[ap]\.?m\.?)?)?[\W_]*", re.IGNORECASE)


def _marked_furniture(el: HtmlElement, m: Measures, root: HtmlElement) -> bool:
    if el.tag == "time" or el.find(".//time") is not None or _is_caption(el):
        return True
    if _DATE_ONLY.fullmatch(" ".join(el.text_content().split())):
        return True
    node: HtmlElement | None = el
    for _ in range(CUT.mark_levels):
        if node is None or node is root:
            break
        if m.words.get(node, frozenset()) & _FURNITURE_WORDS:
            return True
        node = node.getparent()
    # A wrapper whose text is mostly a marked box's (an image span holding its caption
    # and credit): the block is that box.
    size = m.text_of(el)
    return any(m.text_of(d) * 2 >= size and m.words.get(d, frozenset()) & _FURNITURE_WORDS
               for d in el.iterdescendants())


def _dangling_label(el: HtmlElement, m: Measures, kept: set[HtmlElement]) -> bool:
    """A short line ending in a colon after which the content ends ("Kontakt:",
    "Photo:"): it introduced something that is not there (a form, a widget)."""
    if el.tag in HEADING_TAGS or holds_content_structure(el) or _in_kept(el, kept):
        return False
    return (m.text_of(el) < CUT.label_max_bytes
            and el.text_content().rstrip().endswith((":", "："))
            and el.getnext() is None)


def _in_kept(el: HtmlElement, kept: set[HtmlElement]) -> bool:
    return bool(kept) and any(a in kept for a in el.iterancestors())


def _trim_edges(roots: list[HtmlElement], m: Measures, removed: dict[HtmlElement, str],
                kept: set[HtmlElement], th: Thresholds = BALANCED,
                blocks: list[HtmlElement] | None = None) -> list[HtmlElement]:
    """Trim furniture blocks before the first and after the last prose block of the
    content; returns the text-bearing blocks it judged, for the later passes (``blocks``:
    those blocks, when the caller has listed them)."""
    if blocks is None:
        blocks = [b for b in _leaf_blocks(roots, removed) if m.text_of(b)]
    total = sum(m.text_of(b) for b in blocks)
    tail: list[HtmlElement] = []
    for block in reversed(blocks):
        # A heading over nothing but furniture (or over nothing: its list was pruned)
        # heads no section of the content.
        empty_heading = block.tag in HEADING_TAGS
        if not (empty_heading or _dangling_label(block, m, kept)) and not _edge_junk(
                block, m, kept, roots[-1], th):
            break
        tail.append(block)
    else:
        return blocks  # nothing but furniture: leave it to the ladder
    if sum(m.text_of(b) for b in tail) <= th.edge_share * total:
        for block in tail:
            removed[block] = ("empty-heading" if block.tag in HEADING_TAGS
                              else "trailing-furniture")
    head: list[HtmlElement] = []
    for block in blocks:
        if block.tag in HEADING_TAGS:
            continue  # the headline stays; furniture around it goes
        if not _edge_junk(block, m, kept, roots[0], th):
            break
        head.append(block)
    if sum(m.text_of(b) for b in head) <= th.edge_share * total:
        for block in head:
            removed[block] = "leading-furniture"
    return blocks
