"""Furniture inside the selected content: markup that is there for the page, not the text.

Each rule names a *mechanism* a template uses, never one site: an in-page table of
contents is a box of fragment links, an edit link is a link inside a heading that says
"edit", a cart toast is a live region, a cross-sell box is a list of cards each with a
link and a price, a promo aside is a small box whose heading links to another page.
What a retrieval index needs (headings, code, tables of the article) is never matched
here by position: every rule needs a positive sign in the markup.

Wiki citation markers and reference lists are decided by :class:`Policy` (the user's
``Options.citations`` and ``Options.citation_markers``): a reference list is dropped whole,
or kept whole (exempt from link-density pruning, so it is never half-pruned); markers
leave the text unless asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.cta import CTA_TAGS, cta_box
from mainmark.content.measure import Measures
from mainmark.content.verdicts import detail_of
from mainmark.content.vocab import HEADING_TAGS
from mainmark.page.ancestry import within
from mainmark.page.subtree import text_content
from mainmark.vocabulary import boxes, phrases


@dataclass(frozen=True, slots=True)
class Policy:
    """The user's choices that change what pruning removes (from ``Options``)."""

    #: Keep reference lists (whole) rather than drop them.
    citations: bool = True
    #: Keep citation markers ("[1]") in the text (only while ``citations`` is on).
    markers: bool = False
    #: Keep reader comments (forums, Q&A): comment vocabularies are no verdict.
    comments: bool = False


DEFAULT_POLICY = Policy()

#: Class/id words of in-page tables of contents (MediaWiki ``#toc``, Sphinx ``contents
#: local``/``toctree``, docs themes' "on this page" boxes, WordPress TOC plugins).
_TOC_WORDS = boxes.TOC.entries
#: A link or a heading is never a contents box itself: docutils/Sphinx put the section
#: title of every heading inside ``<a class="toc-backref">`` (a link back up to the
#: contents), and the heading's text is the section's title.
_NEVER_TOC = frozenset({"a", "h1", "h2", "h3", "h4", "h5", "h6"})
#: docutils/Sphinx ``.. contents::`` boxes (framework): ``<div class="contents topic">``,
#: ``<nav class="contents">`` in newer writers (their word ``contents`` alone is too
#: common a class word to trust).
_DOCUTILS_TOC = boxes.DOCUTILS_TOC.entries
#: The label over a contents box ("Table of Contents", "On this page"), dropped with the
#: box or when the box is empty (filled by a script the page did not run). Generic, in
#: the languages of the benchmark.
_TOC_LABEL = re.compile(phrases.TOC_LABEL.pattern(), re.IGNORECASE)
_TOC_LABEL_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "span", "strong",
                             "b", "summary", "label"})
#: Skip links (WCAG 2.4.1 "bypass blocks", a generic accessibility convention): an in-page
#: ``#fragment`` link saying it skips or jumps to a region. Reaches the markdown when
#: the content root is the page's header-to-footer wrapper (a whole-page fallback).
_SKIP_TEXT = re.compile(phrases.SKIP_LINK.pattern(), re.IGNORECASE)
#: A sort control of a Q&A thread or a listing ("Sorted by: [select]", "Sort by"): a
#: small box holding a ``<label for>`` of a form control. A control's label is no text
#: of the page; the box holds little else (a "reset" link at most). Generic.
_CONTROL_BOX_TAGS = frozenset({"div", "span", "form", "fieldset", "p", "li", "label"})
#: What such a label says (generic; English and the benchmark's other languages), with
#: or without its colon.
_CONTROL_CAPTION = re.compile(rf"(?:{phrases.CONTROL_CAPTION.pattern()})\s*:?", re.IGNORECASE)
#: Edit links MediaWiki and docs generators put into headings.
_EDIT_WORDS = boxes.EDIT.entries
_EDIT_TEXT = re.compile(rf"\[?\s*(?:{phrases.EDIT_LINK.pattern()})\s*\]?", re.IGNORECASE)
#: Navigation boxes under wiki articles ("v · t · e" template footers).
_NAVBOX_WORDS = boxes.NAVBOX.entries
_VTE = ("v", "t", "e")
#: Reference lists and footnote sections (MediaWiki, Pandoc/markdown-it footnotes,
#: DPUB-ARIA endnotes).
_REFLIST_WORDS = boxes.REFLIST.entries
_REFLIST_TAGS = frozenset({"ol", "ul", "div", "section", "aside", "dl", "footer"})
_REFLIST_ROLES = frozenset({"doc-endnotes", "doc-bibliography", "doc-footnotes"})
#: A citation marker: a superscript (or ``doc-noteref`` link) that only points into the
#: page's notes, showing "[12]", "12", "a" or "†".
_MARKER_TEXT = re.compile(r"\[?\s*(?:\d{1,4}|[a-z]{1,2}|[*†‡§])\s*\]?"
                          r"|\[\s*(?:note|nb|citation needed)\s*\d*\s*\]", re.IGNORECASE)
_NOTE_HREF = re.compile(r"#(?:cite|fn|ref|note|footnote|endnote|bib)", re.IGNORECASE)
#: Live regions and widget roles: toasts ("Added to cart"), tab strips, buttons.
_WIDGET_ROLES = frozenset({"alert", "status", "tab", "tablist", "button", "log", "marquee",
                           "timer", "switch", "tooltip"})
#: A price: a currency sign or code next to a number.
_PRICE = re.compile(
    r"(?:[$€£¥₹₽]|\b(?:usd|eur|gbp|chf|sek|nok|dkk|pln|czk|kr|zł|rs)\b)\s?\d[\d.,]*"
    r"|\d[\d.,]*\s?(?:[$€£¥₹₽]|\b(?:usd|eur|gbp|chf|sek|nok|dkk|pln|czk|kr|zł|kč|lei)\b)",
    re.IGNORECASE)
#: A promo or related-article box: small, and its heading links to another page.
_PROMO_TAGS = frozenset({"aside", "div", "section", "article", "figure"})


def furniture_rule(el: HtmlElement, m: Measures, policy: Policy,
                   total: int) -> str | None:
    """The furniture rule ``el`` matches, if any; ``total`` is the content's text bytes.

    Pruning asks this of every element of the content, so each structural test is
    guarded by the cheap count it needs first (links, children, size): the rules and
    their order are the same, most elements just leave sooner.
    """
    tag = el.tag
    # A word test asks whether the sets meet (``isdisjoint``) rather than building their
    # intersection; most elements carry no class/id word and leave before the last two.
    # Words that hold none any rule reads are no words to the rules.
    words = m.words.get(el, _NO_WORDS)
    if words and words.isdisjoint(_RULE_WORDS):
        words = _NO_WORDS
    # The measured facts read once, as Measures.attribute/links_of/text_of answer them:
    # from the scan's tables, or for an element made after measuring from the element
    # itself, with no text and no links.
    at = m.index.get(el)
    if at is None:
        raw_role, live, links, size = el.get("role"), el.get("aria-live"), 0, 0
    else:
        raw_role, live = m.roles.get(el), m.live.get(el)
        if not (words or raw_role or live or tag in _PLAIN_RULE_TAGS):
            return None  # no rule reads this element (a list item, a cell, an image)
        links, size = m.links_at[at], m.text_at[at]
    role = raw_role.lower() if raw_role else ""
    if tag in ("sup", "a") and _citation_marker(el, raw_role):
        return None if policy.citations and policy.markers else "citation-marker"
    if ((words and not words.isdisjoint(_REFLIST_WORDS)) or role in _REFLIST_ROLES) and (
            tag in _REFLIST_TAGS):
        return None if policy.citations else "reference-list"
    if tag not in _NEVER_TOC and ((words and (not words.isdisjoint(_TOC_WORDS)
                                              or words >= _DOCUTILS_TOC))
                                  or (links >= CUT.toc_fragment_min_links
                                      and _fragment_link_box(el, m))):
        return "in-page-toc"
    if tag in ("ul", "ol") and len(el) >= CUT.toc_min_items and _echoes_headings(el, m):
        return "in-page-toc"
    # (a measured element without text is no label: _toc_label's own first test)
    if (tag in _TOC_LABEL_TAGS and size <= CUT.toc_label_max_bytes and (size or at is None)
            and _toc_label(el, m)):
        return "in-page-toc:label"

    if (words and not words.isdisjoint(_EDIT_WORDS)) or (
            tag in ("span", "a") and _edit_link(el)):
        return "edit-link"
    if (words and not words.isdisjoint(_NAVBOX_WORDS) and tag in ("table", "div")) or (
            links >= CUT.navbox_min_links and _vte_box(el, m)):
        return "navbox"
    # A tab or tab list holding the panels themselves is an accordion whose template put
    # the role on the group or on each item round question and answer (Drupal's and
    # Bootstrap 3's): its sections are the page's text (rule `tablist-panels`).
    if (role in _WIDGET_ROLES or live in ("polite", "assertive")) and (
            role in ("tab", "tablist", "button") or size < CUT.toast_max_bytes) and (
            role not in ("tab", "tablist") or not m.holds_panels(el)):
        return f"widget:{role or 'live-region'}"
    if tag == "form" and _small(el, m, total, CUT.form_max_bytes):
        return "form"
    if (tag in ("ul", "ol", "div", "section") and len(el) >= CUT.cards_min
            and _product_cards(el, m, total)):
        return "product-cards"
    # Both boxes are small and hold text: their tests' own first bounds, asked here of the
    # many wrappers that are neither.
    if tag in _PROMO_TAGS and 0 < size <= CUT.promo_max_bytes and _promo_box(el, m, total):
        return "promo-box"
    if tag in CTA_TAGS and 0 < size <= CUT.cta_max_bytes and cta_box(el, m, total):
        return "promo-box:call-to-action"
    if not words:
        return None
    if not words.isdisjoint(_PREV_WORDS) and not words.isdisjoint(_NEXT_WORDS) and links:
        return "adjacent-posts"
    if not words.isdisjoint(_BIO_WORDS) and size >= CUT.bio_min_bytes:
        return "author-bio"
    return None


_NO_WORDS: frozenset[str] = frozenset()


#: A pager to the previous and next post under a blog or news article ("prev-next",
#: "post-nav-prev ... next"): links to other articles with their teasers. News and blog
#: posts (rule `adjacent-posts`, docs/rules.md).
_PREV_WORDS = boxes.PREV.entries
_NEXT_WORDS = boxes.NEXT.entries
#: The author's biography box under a post ("author-bio", "about-author", "post-author"):
#: prose about the writer, not the article; a byline is shorter than this. Blogs and
#: content-marketing articles (rule `author-bio`, docs/rules.md).
_BIO_WORDS = boxes.BIO.entries
#: Every class/id word a rule of :func:`furniture_rule` reads: words holding none of them
#: fail every word test, as no words do.
_RULE_WORDS = (_REFLIST_WORDS | _TOC_WORDS | _DOCUTILS_TOC | _EDIT_WORDS | _NAVBOX_WORDS
               | _PREV_WORDS | _NEXT_WORDS | _BIO_WORDS)
#: The tags a rule of :func:`furniture_rule` can match by the element's links, size,
#: children or text alone (no rule word, role or live region): citation markers and edit
#: links, contents boxes and their labels, navboxes, forms, card strips, promo and
#: call-to-action boxes. Pruning asks the rules of every element of the content, and a
#: measured element of any other tag that carries none of those marks leaves at once.
_PLAIN_RULE_TAGS = (frozenset({"sup", "a", "span", "ul", "ol", "nav", "div", "table", "form",
                               "section"})
                    | _TOC_LABEL_TAGS | _PROMO_TAGS | CTA_TAGS)


#: Reader-comment words (``Options.comments`` keeps what they mark).
_COMMENT_WORDS = tuple(sorted(boxes.COMMENT_STEMS.entries))


#: Headings that title recirculation, sharing, author and comment boxes rather than a
#: section of the text ("Related articles", "Meistgelesen", "Lire aussi"), in the
#: languages of the benchmark and the web at large. The whole heading must be one of
#: these: "Related work" in a paper is a section.
_CHROME_HEADING = re.compile(f"(?:{phrases.CHROME_HEADING.pattern()})", re.IGNORECASE)
_COMMENT_HEADING = re.compile(
    rf"(?:\d+\s+)?(?:{phrases.COMMENT_HEADING.pattern()})(?:\s*\(\d+\))?", re.IGNORECASE)
_HEADING_PUNCT = re.compile(r"[\s:!?.…»›>|()\[\]\d-]+$|^[\s:!?.…»›>|\d-]+")


def is_chrome_heading(text: str, policy: Policy) -> bool:
    """The heading's whole text titles a recirculation/share/author/comment box."""
    line = _HEADING_PUNCT.sub("", " ".join(text.split())).replace("?", "").replace("!", "")
    line = " ".join(line.split())
    if not line or len(line) > CUT.chrome_heading_max_chars:
        return False
    if _CHROME_HEADING.fullmatch(line):
        return True
    return not policy.comments and bool(_COMMENT_HEADING.fullmatch(line))


def is_comment_verdict(verdict: str) -> bool:
    """A chrome verdict given for a comment vocabulary word ("narrow:comments")."""
    return detail_of(verdict).startswith(_COMMENT_WORDS)


def is_reference_list(el: HtmlElement, m: Measures) -> bool:
    """A reference list kept whole under ``citations``: pruning does not enter it."""
    words = m.words.get(el)
    if words and not words.isdisjoint(_REFLIST_WORDS):
        return True
    role = m.attribute(el, "role")
    return role is not None and role.lower() in _REFLIST_ROLES


def _small(el: HtmlElement, m: Measures, total: int, limit: int) -> bool:
    size = m.text_of(el)
    return size <= limit and size <= CUT.form_max_share * max(total, 1)


def _citation_marker(el: HtmlElement, role: str | None) -> bool:
    """``<sup class=reference><a href="#cite_note-3">[3]</a></sup>`` and its kin
    (``role``: the element's ``role`` attribute)."""
    if el.tag == "sup":
        links = el.findall(".//a")
        if len(links) != 1 and "reference" not in (el.get("class") or ""):
            return False
        href = links[0].get("href", "") if links else ""
    elif el.tag == "a":
        parent = el.getparent()
        if role != "doc-noteref" and (parent is None or parent.tag != "sup"):
            return False
        if parent is not None and parent.tag == "sup":
            return False  # the sup itself is the marker
        href = el.get("href", "")
    else:
        return False
    text = " ".join(text_content(el).split())
    return bool(text) and bool(_MARKER_TEXT.fullmatch(text)) and (
        bool(_NOTE_HREF.search(href)) or href.startswith("#")
        or "reference" in (el.get("class") or ""))


def _skip_link(el: HtmlElement) -> bool:
    """``<a href="#main">Skip to content</a>`` and its kin."""
    href = el.get("href") or ""
    if len(href) < 2 or not href.startswith("#"):
        return False
    text = " ".join(text_content(el).split())
    return len(text) <= CUT.skip_link_max_chars and bool(_SKIP_TEXT.fullmatch(text))


def _item_text(li: HtmlElement) -> str:
    """A list item's own text, without its nested lists (a contents box's sub-entries)."""
    parts = [li.text or ""]
    for child in li:
        if child.tag not in ("ul", "ol"):
            parts.append(child.text_content() if isinstance(child.tag, str) else "")
        parts.append(child.tail or "")
    return " ".join(" ".join(parts).split()).casefold()


def _echoes_headings(el: HtmlElement, m: Measures) -> bool:
    """A list whose items are the page's own headings: a table of contents, with or
    without links (a script scrolls to the heading on click). A list linking to other
    pages is not one, though its items name the page's sections: a landing page's grid
    of category links repeats the category headings below it, and is its content."""
    if not 0 < m.text_of(el) <= CUT.toc_max_bytes:
        return False
    if any("#" not in a.get("href", "#") for a in el.iter("a")):
        return False
    items = [li for li in el.iter("li")]
    if len(items) < CUT.toc_min_items:
        return False
    headings = m.heading_texts()
    if len(headings) < CUT.toc_min_items:
        return False
    echoed = sum(1 for li in items if _item_text(li) in headings)
    return echoed >= CUT.toc_echo_share * len(items)


def _next_element(el: HtmlElement) -> HtmlElement | None:
    node = el.getnext()
    while node is not None and not isinstance(node.tag, str):
        node = node.getnext()
    return node


def _toc_label(el: HtmlElement, m: Measures) -> bool:
    """"Table of Contents" over a contents box, or over nothing (a box a script fills)."""
    if not m.text_of(el) and el in m.index:
        return False  # measured as whitespace (cleaning left no comment to hold text)
    text = " ".join((text_content(el) if len(el) else el.text or "").split()).strip(" :")
    if not text or not _TOC_LABEL.fullmatch(text):
        return False
    box = _next_element(el)
    if box is None or not m.text_of(box):
        return True
    words = m.words.get(box, _NO_WORDS)
    return (not words.isdisjoint(_TOC_WORDS) or words >= _DOCUTILS_TOC
            or _fragment_link_box(box, m)
            or (box.tag in ("ul", "ol") and _echoes_headings(box, m))
            or any(_echoes_headings(lst, m) for lst in box.iterchildren("ul", "ol")))


def page_controls(roots: list[HtmlElement], m: Measures) -> dict[HtmlElement, str]:
    """Skip links and form-control boxes inside ``roots``, whatever the pruning level.

    Both are controls of the page, never its text, and both are found by markup alone:
    they go even from a whole-body fallback or a page kind's column, which the other
    furniture rules leave alone (they judge boxes of text, where a wrong guess costs
    content). One pass over the roots' links and labels.
    """
    found: dict[HtmlElement, str] = {}
    for root in roots:
        for el in root.iter("a", "label"):
            if el.tag == "a":
                if _skip_link(el):
                    found[el] = "skip-link"
            elif el.get("for") and _control_label(el):
                found[_control_box(el, m)] = "sort-control"
    return found


def _control_label(label: HtmlElement) -> bool:
    """The caption of a sort or display control ("Sorted by:", "Show", "Per page"). Only
    those: a product's option swatches (``<label for=color-3>Velvet Cocoa</label>``) and
    a CSS-only accordion's question are short labels too, and they are the page's text."""
    text = " ".join(label.text_content().split())
    return len(text) <= CUT.control_label_max_chars and bool(_CONTROL_CAPTION.fullmatch(text))


def _control_box(label: HtmlElement, m: Measures) -> HtmlElement:
    """The largest box around a ``<label for=…>`` holding nothing but the control (a sort
    or filter control: "Sorted by:" and a reset link); the control it names is gone
    (cleaning strips form controls)."""
    box = label
    node = label.getparent()
    while node is not None and node.tag in _CONTROL_BOX_TAGS:
        size = m.text_of(node)
        if size > CUT.control_max_bytes or m.is_headed(node) or node not in m.index:
            break
        box, node = node, node.getparent()
    return box


def _edit_link(el: HtmlElement) -> bool:
    """A "[edit]" link or bracketed span inside a heading."""
    node = el.getparent()
    for _ in range(3):
        if node is None:
            return False
        if node.tag in HEADING_TAGS:
            break
        node = node.getparent()
    else:
        return False
    text = " ".join(text_content(el).split())
    return bool(text) and bool(_EDIT_TEXT.fullmatch(text))


def _links(el: HtmlElement) -> list[HtmlElement]:
    return [a for a in el.iter("a") if a.get("href") is not None]


def _fragment_link_box(el: HtmlElement, m: Measures) -> bool:
    """A list (or box of lists) whose links all jump within the page: a table of
    contents. Footnote lists link back up ("^", "↑") and are no box of headings."""
    if el.tag not in ("ul", "ol", "nav", "div"):
        return False
    if (m.links_of(el) < CUT.toc_fragment_min_links
            or m.link_of(el) < CUT.toc_fragment_link_share * m.text_of(el)):
        return False
    links = _links(el)
    if len(links) < CUT.toc_fragment_min_links or any(
            not a.get("href", "").startswith("#") for a in links):
        return False
    texts = [" ".join(a.text_content().split()) for a in links]
    named = sum(1 for t in texts if len(t) > CUT.toc_backlink_max_chars)
    return named >= CUT.toc_fragment_named_share * len(texts)


def _vte_box(el: HtmlElement, m: Measures) -> bool:
    """A navigation box whose first links are "v", "t", "e" (view/talk/edit template)."""
    if el.tag not in ("table", "div") or m.links_of(el) < CUT.navbox_min_links:
        return False
    first: list[str] = []
    for a in el.iter("a"):
        first.append(" ".join(a.text_content().split()).casefold())
        if len(first) == 3:
            break
    return tuple(first) == _VTE


def _cards(el: HtmlElement) -> list[HtmlElement]:
    return [c for c in el if isinstance(c.tag, str)]


def _set_in_prose(el: HtmlElement) -> bool:
    """A box standing between the article's paragraphs (a paragraph before and after)."""
    before, after = el.getprevious(), el.getnext()
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    return (before is not None and before.tag == "p" and after is not None
            and after.tag == "p")


def _product_cards(el: HtmlElement, m: Measures, total: int) -> bool:
    """A strip of at least three small cards, each with a link and a price: other
    products (cross-sell, "customers also bought") inside a product page's content."""
    cards = _cards(el)
    if len(cards) < CUT.cards_min or m.text_of(el) > CUT.card_strip_max_share * max(total, 1):
        return False
    priced = 0
    for card in cards:
        size = m.text_of(card)
        if size > CUT.card_max_bytes or not m.links_of(card):
            return False
        if _PRICE.search(card.text_content()):
            priced += 1
    return priced >= max(CUT.cards_min, len(cards) - 1)


_SHELF_RULE = "product-cards"


def shelf_titles(roots: list[HtmlElement], m: Measures, removed: dict[HtmlElement, str],
                 total: int) -> None:
    """Widen each removed strip of product cards to its shelf: the box that also holds
    the shelf's heading ("Similar items", "Complete the look") and its "See all" link.

    The cards alone go by :func:`_product_cards`; left behind, their heading becomes the
    heading path of nothing (or of the next section's text) and a retriever is handed
    "Similar items / See all". Evidence is the markup, never the heading's words: the
    smallest box around the strip that holds a heading before it, and beside its headings
    and removed parts almost no text. The climb stops at the content's roots and at half
    of its text.
    """
    strips = [el for el, rule in removed.items() if rule == _SHELF_RULE]
    tops = set(roots)
    for strip in strips:
        if strip in tops or strip not in removed:
            continue
        node = strip.getparent()
        while node is not None and node not in tops and node in m.index:
            size = m.text_of(node)
            if node in removed or size > CUT.card_strip_max_share * max(total, 1):
                break
            gone = _removed_text(node, m, removed)
            titles = _titles(node, strip, m, removed)
            rest = size - gone - sum(m.text_of(h) for h in titles)
            if rest > min(CUT.shelf_rest_bytes, CUT.shelf_rest_share * gone):
                break
            if titles:
                _widen(node, m, removed)
                break
            node = node.getparent()


def _widen(shelf: HtmlElement, m: Measures, removed: dict[HtmlElement, str]) -> None:
    """Record ``shelf`` as removed in place of the removals inside it."""
    lo = m.index[shelf]
    hi = m.end[lo]
    for el in [e for e in removed if lo < m.index.get(e, -1) <= hi]:
        del removed[el]
    removed[shelf] = f"{_SHELF_RULE}:shelf"


def _removed_text(box: HtmlElement, m: Measures, removed: dict[HtmlElement, str]) -> int:
    """Text bytes of the removed subtrees inside ``box`` (removed subtrees do not nest:
    pruning does not enter one)."""
    lo = m.index[box]
    hi = m.end[lo]
    return sum(m.text_of(el) for el in removed if lo < m.index.get(el, -1) <= hi)


def _titles(box: HtmlElement, strip: HtmlElement, m: Measures,
            removed: dict[HtmlElement, str]) -> list[HtmlElement]:
    """The headings with text in ``box`` before ``strip``, not inside anything removed:
    the shelf's title (a heading inside a heading counts once)."""
    before = m.index[strip]
    found: list[HtmlElement] = []
    for heading in box.iter(*HEADING_TAGS):
        at = m.index.get(heading)
        if at is None or at >= before or not m.text_of(heading):
            continue
        node: HtmlElement | None = heading
        while node is not None and node is not box and node not in removed:
            node = node.getparent()
        if node is box and not any(within(heading, h) for h in found):
            found.append(heading)
    return found


def _promo_box(el: HtmlElement, m: Measures, total: int) -> bool:
    """A small box holding another article's headline (a heading that is a link to
    another page) and at most a teaser: dropped with its heading, so the heading never
    becomes the heading path of the article's own paragraphs."""
    size = m.text_of(el)
    if not size or size > CUT.promo_max_bytes or size > CUT.promo_max_share * max(total, 1):
        return False
    if el.tag != "aside" and not _set_in_prose(el):
        return False  # a box in a grid of boxes is a listing; one set into the text is not
    if m.same_kind_siblings(el) >= 2:
        return False  # one card of many: a listing, whose cards are the content
    heading = next((h for h in el.iter(*HEADING_TAGS)), None)
    if heading is None:
        return False
    head_text = " ".join(heading.text_content().split())
    if not head_text:
        return False
    targets = {a.get("href", "") for a in _links(el) if not a.get("href", "").startswith("#")}
    if len(targets) != 1:
        return False  # a card points at one article (headline, picture, "read more")
    return any(head_text in " ".join(a.text_content().split()) for a in _links(el))
