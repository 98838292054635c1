"""DOM lookups around the headline: bylines, datelines and ``<time>`` elements.

Pages print the byline and the date with the headline: just after the ``<h1>``
(sometimes just before it, in the header block above). So the elements and text
nodes around the headline are read once, in one bounded walk (a fixed budget of
elements after it and before it), and every lookup works on what that walk
collected. Searching the whole article or page for class names instead costs
milliseconds per page in libxml2 (``contains(@class, ...)`` over every element)
and finds the bylines of teasers and comments as readily as the article's own.

Two lookups leave the walk: ``<time>`` elements (one tag search), and the last resorts,
read off the whole page in one walk of it on first use (:mod:`mainmark.metadata.pagemarks`):
author markup in the article around the headline, where WordPress-style themes print the
byline in the article's footer, or anywhere on the page; date-marked elements anywhere;
author labels in the body's text. Turning the walked
texts into lines (header runs, byline lines, update notices) is
:mod:`mainmark.metadata.headline_lines`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from lxml.html import HtmlElement

from mainmark.metadata.authors import clean_authors
from mainmark.metadata.bylinebox import byline_text
from mainmark.metadata.constants import CUT
from mainmark.metadata.headline_lines import (
    MODIFIED_LINE,
    byline_lines,
    header_run,
    short_lines,
    short_text,
    text_after,
    text_prefix,
    without_updates,
)
from mainmark.metadata.metafields import SKIP_TEXT_TAGS
from mainmark.metadata.pagemarks import PageMarks
from mainmark.page.classwords import words
from mainmark.vocabulary import bylines
from mainmark.vocabulary.bylines import BYLINE, DATE, ELSEWHERE, FOOTER, MODIFIED, PUBLISHED

#: A link to an author's page: a path segment "author(s)", "autor(in/en)", "auteur(s)",
#: "autore/i" followed by the author's own segment ("/author/jane-roe/", "/autoren/jroe").
#: Themes link the name in a byline this way without any byline class or ``rel``.
_AUTHOR_HREF = re.compile(
    r"/(?:authors?|autor(?:in|en)?|auteurs?|autori?e?)/[^/?#\s]+/?(?:[?#]|$)", re.IGNORECASE
)
#: Fragments of byline and date marks, searched in the lowercased attribute values of
#: every element near the headline: a first filter (every word of the byline and date
#: vocabularies holds one), case-sensitive because a case-insensitive search over long
#: ``style`` and ``srcset`` values costs five times more. The vocabularies decide.
_BYLINE_HINT = re.compile(r"uthor|yline|autor|uteur|erfasser")
_DATE_HINT = re.compile(r"date|datum|publish|posted|time")
#: Forum profile boxes (phpBB, vBulletin, Discourse) print the poster's join date beside
#: every post, before the post's own date: "Registriert: 18.09.2008", "Joined: Mar 2011".
_MEMBER_SINCE = re.compile(rf"\b(?:{bylines.MEMBER_SINCE.pattern()})\b", re.IGNORECASE)
#: Elements whose own text is no label: a link's is navigation ("Authors" in a menu);
#: scripts and styles are code.
_NOT_LABEL_TAGS = SKIP_TEXT_TAGS | {"a", "option", "button", "title"}
#: An author label that says the name follows: "Written by", "Article by", "Author:",
#: "Autorin:", "Von:", "Text:", "By:" (a bare "By" or "Von" leads prose as often).
#: A one-word label without a colon stands alone ("Author" over the name), else it heads
#: a phrase ("Author Spotlight"). A label starts its line, so with a capital: "written
#: by" in lowercase is a sentence's ("an essay written by ...").
_NAME_LABEL = (
    r"(?:(?:written|article|text|story|words)\s+(?:by|von)\s*:?(?:\s+|$)"
    r"|(?:author(?:\(s\)|s)?|autor(?:in|en)?|verfasser(?:in)?)\s*(?::\s*|$)"
    r"|(?:text|von|by)\s*:\s*)"
)
_LABELLED_LINE = re.compile(rf"^(?=(?-i:[A-ZÄÖÜ])){_NAME_LABEL}(?P<rest>.*)$", re.IGNORECASE)


class _Walk:
    """Text nodes and elements around the headline, nearest first, read once.

    Each direction stops at an element budget or once it holds as many lines as the
    lookups read, whichever comes first: text-dense pages stop early.
    """

    __slots__ = ("_marks", "after_elements", "after_texts", "before_elements", "before_texts")

    def __init__(self, headline: HtmlElement | None) -> None:
        self.after_texts: list[str] = []
        self.after_elements: list[HtmlElement] = []
        self.before_texts: list[str] = []
        self.before_elements: list[HtmlElement] = []
        self._marks: list[tuple[HtmlElement, str]] | None = None
        if headline is not None:
            self._after(headline)
            self._before(headline)

    def _after(self, el: HtmlElement) -> None:
        budget = _Budget(CUT.near_elements, CUT.near_after)
        node: HtmlElement | None = el
        while node is not None and budget.left():
            if node.tail:
                budget.text(node.tail, self.after_texts)
            for sibling in node.itersiblings():
                _collect(sibling, budget, self.after_texts, self.after_elements)
                if not budget.left():
                    return
            node = node.getparent()

    def _before(self, el: HtmlElement) -> None:
        """Within the headline's first ancestors (a blog's date heading sits above the
        post's wrappers); each sibling read in order, then reversed, so the lists run
        from the headline backwards."""
        budget = _Budget(CUT.near_elements, CUT.near_before)
        node: HtmlElement | None = el
        for _ in range(CUT.headline_before_levels):
            if node is None:
                return
            for sibling in node.itersiblings(preceding=True):
                texts: list[str] = []
                elements: list[HtmlElement] = []
                _collect(sibling, budget, texts, elements)
                self.before_texts.extend(reversed(texts))
                self.before_elements.extend(reversed(elements))
                if not budget.left():
                    return
            node = node.getparent()

    def marked(self) -> list[tuple[HtmlElement, str]]:
        """Walked elements with their attribute values joined and lowercased, built once
        for the byline and the dateline lookups."""
        if self._marks is None:
            self._marks = [
                (el, " ".join(el.values()).lower())
                for el in self.after_elements + self.before_elements
            ]
        return self._marks


class _Budget:
    """Elements and non-blank text nodes a walk may still take."""

    __slots__ = ("elements", "lines")

    def __init__(self, elements: int, lines: int) -> None:
        self.elements = elements
        self.lines = lines

    def left(self) -> bool:
        return self.elements > 0 and self.lines > 0

    def text(self, text: str, texts: list[str]) -> None:
        texts.append(text)
        if not text.isspace():
            self.lines -= 1


def _collect(
    el: HtmlElement, budget: _Budget, texts: list[str], elements: list[HtmlElement]
) -> None:
    """Texts, tails and elements of ``el``'s subtree in pre-order, within ``budget``.

    The hot loop of the walk: counters are kept in locals and written back once.
    """
    left, lines = budget.elements, budget.lines
    for sub in el.iter():
        left -= 1
        if left <= 0 or lines <= 0:
            budget.elements, budget.lines = left, lines
            return
        tag = sub.tag
        if isinstance(tag, str):
            elements.append(sub)
            text = sub.text
            if text and tag not in SKIP_TEXT_TAGS:
                texts.append(text)
                lines -= not text.isspace()
        if sub is not el:
            tail = sub.tail
            if tail:
                texts.append(tail)
                lines -= not tail.isspace()
    budget.elements, budget.lines = left, lines
    if el.tail:
        budget.text(el.tail, texts)


class Dom:
    """DOM lookups anchored on the headline element (``None``: nothing to anchor on)."""

    def __init__(self, root: HtmlElement, headline: HtmlElement | None) -> None:
        self.root = root
        self.headline = headline
        self._keep: set[HtmlElement] = (
            set(headline.iterancestors()) if headline is not None else set()
        )
        self.region = self._region()
        #: The page-wide searches of the last resorts, one walk on first use.
        self.marks = PageMarks(root, None if self.region is root else self.region)
        self._walk: _Walk | None = None
        self._near: list[str] | None = None
        self._header: list[str] | None = None

    @property
    def walk(self) -> _Walk:
        """The headline's surroundings, walked once on first use: most pages settle their byline
        without it."""
        if self._walk is None:
            self._walk = _Walk(self.headline)
        return self._walk

    def _region(self) -> HtmlElement:
        """The article (or header block) around the headline: where its byline and date sit."""
        if self.headline is None:
            return self.root
        node = self.headline
        for _ in range(4):
            parent = node.getparent()
            if parent is None or parent.tag in ("body", "html"):
                break
            node = parent
            if node.tag in ("article", "main"):
                break
        return node

    def elsewhere(self, el: HtmlElement) -> bool:
        """Inside comments, a sidebar, teasers, nav or the page footer.

        An ancestor that also holds the headline is never "elsewhere": a page wrapper
        classed ``has-sidebar`` holds the article too. A footer (by tag or class)
        inside the ``<article>`` is the article's own: WordPress prints byline and
        date there.
        """
        node: HtmlElement | None = el
        steps = 0
        in_footer = False
        while node is not None and steps < CUT.headline_ancestor_limit:
            tag = node.tag
            if node in self._keep:
                return in_footer and tag not in ("article", "main")
            if tag in ("aside", "nav"):
                return True
            ws = words(f"{node.get('class') or ''} {node.get('id') or ''}")
            if tag == "footer" or (ws and FOOTER.in_words(ws)):
                in_footer = True
            elif tag in ("article", "main"):
                in_footer = False
            if ws and ELSEWHERE.in_words(ws):
                return True
            node = node.getparent()
            steps += 1
        return in_footer

    def near_lines(self) -> list[str]:
        """Short text lines right after the headline, then right before it."""
        if self._near is None:
            walk = self.walk
            self._near = list(short_lines(walk.after_texts, CUT.near_after))
            self._near.extend(short_lines(walk.before_texts, CUT.near_before))
        return self._near

    def header_lines(self) -> list[str]:
        """The short lines printed with the headline: its kicker, dateline and byline.

        Read after the headline up to the first line of prose (the article body has
        begun), and a few lines before it; nearest first. Lines naming an update are
        left out: the header's date line must be the publication's.
        """
        if self._header is None:
            walk = self.walk
            after = header_run(walk.after_texts, CUT.header_after)
            before = header_run(walk.before_texts, CUT.header_before)
            self._header = without_updates(after) + without_updates(before)
        return self._header

    def bylines(self) -> Iterator[tuple[str, str, HtmlElement | None]]:
        """(signal, text, element) of byline candidates: marked elements and byline lines
        near the headline (no element), then marked elements in the article around it."""
        seen: set[HtmlElement] = set()
        for el, values in self.walk.marked():
            if el.tag != "address" and not _BYLINE_HINT.search(values):
                continue
            signal = _byline_signal(el)
            if signal and not self.elsewhere(el):
                seen.add(el)
                line = _box_text(el, signal)
                if line:
                    yield signal, line, el
        yield from (("byline-text", line, None) for line in byline_lines(self.near_lines()))
        # Last, a search of a whole container, the costliest lookup, reached by few pages:
        # the <article> or <main> around the headline (a byline box in a side column or
        # the article's footer), or the page when no headline was found to walk from.
        if self.headline is not None and self.region.tag not in ("article", "main"):
            yield from self._page_author_box(seen)
            return
        marks = self.marks.walked()
        found = marks.bylines if self.region is self.root else marks.region_bylines
        for el in found[:CUT.headline_max_candidates]:
            signal = _byline_signal(el)
            if signal and el not in seen and not self.elsewhere(el):
                line = _box_text(el, signal)
                if line:
                    yield signal, line, el

    def _page_author_box(
        self, seen: set[HtmlElement]
    ) -> Iterator[tuple[str, str, HtmlElement | None]]:
        """The one author box of a page whose headline sits in no <article> or <main>.

        Page builders and blog themes print an "about the author" box (author-classed,
        ``rel=author``, ``itemprop=author``) far from the headline, outside any container
        the headline shares with it. The whole page is searched for author markup, off
        comments, sidebars, teasers and the page footer; it is trusted only when all of
        it sits in one box (the first found holds the rest): author markup in several
        places is a listing's, a team page's or the comments'.
        """
        box: HtmlElement | None = None
        found: list[tuple[str, str, HtmlElement | None]] = []
        for el in self.marks.walked().bylines[:CUT.headline_max_candidates]:
            signal = _byline_signal(el)
            if not signal or el in seen or self.elsewhere(el):
                continue
            if box is None:
                box = el
            elif box not in islice(el.iterancestors(), CUT.headline_ancestor_limit):
                return
            line = _box_text(el, signal, CUT.short_box_line)
            # One personal name of two words or more (a user name is a comment's, one
            # word a brand's: "From Apple"): not the bio, not a job title run into the
            # name, not the contact <address> of the page.
            names = clean_authors([line], strict=True) if line and el.tag != "address" else ()
            if line and len(names) == 1 and " " in names[0]:
                found.append(("author-box", line, el))
        yield from found

    def labelled_bylines(self) -> Iterator[str]:
        """Names printed after an author label anywhere in the page's body, off comments,
        sidebars, teasers and the page footer: "Written by Jane Roe" closing the article,
        an "Autorin: Jane Roe, Projektleiterin" signature, an "Author" heading over the
        name in a details panel.

        Pages print these far from the headline (an author box at the article's end, a
        side column of the article's details), where no byline markup says what they
        are; the label does. A label standing alone takes the page's next text as the
        name. The last DOM signal: read only when no other named anyone.
        """
        for text, owner, tail in self.marks.walked().label_texts:
            match = _LABELLED_LINE.match(" ".join(text.split()))
            # A link's own text is navigation ("Authors" in a menu), not a label.
            if (match is None or not isinstance(owner, HtmlElement)
                    or (owner.tag in _NOT_LABEL_TAGS and not tail) or self.elsewhere(owner)):
                continue
            rest = match["rest"].strip()
            if not rest:
                # The label is the owner's text or its tail; the owner's tail comes first
                # among the texts following it.
                rest = text_after(owner, tail=tail)
            if rest:
                yield rest

    def times(self) -> Iterator[tuple[str, str]]:
        """(signal, value) of ``<time>`` elements: publication-marked, in region, anywhere.

        The value is the ``datetime`` attribute, or the element's text when it has none.
        """
        found = [
            el for el in islice(self.root.iter("time"), CUT.headline_max_candidates)
            if not self.elsewhere(el)
        ]
        values = [(el, el.get("datetime") or short_text(el, 80) or "") for el in found]
        marks = [f"{el.get('itemprop') or ''} {el.get('class') or ''}" for el in found]
        for (el, value), mark in zip(values, marks, strict=True):
            if "pubdate" in el.attrib or PUBLISHED.matches(mark):
                yield "time-pubdate", value
        region = set(self.region.iter("time")) if self.region is not self.root else set(found)
        for (el, value), mark in zip(values, marks, strict=True):
            if el in region and not _update_marked(mark):
                yield "time", value
        for (el, value), mark in zip(values, marks, strict=True):
            if el not in region and not MODIFIED.matches(mark):
                yield "time-page", value

    def page_dates(self) -> Iterator[tuple[str, str]]:
        """(signal, text) of date-marked elements anywhere on the page, in document order.

        The last resort, for pages whose headline was not found or whose dateline sits
        far from it (a side column, the foot of the post, a forum post's header): off
        comments, sidebars, teasers and footers and off lists of other pages, never an
        update-marked element, and the text only up to an update label ("December 3,
        2025. Updated: December 7, 2025"). A ``<time datetime>`` inside gives its value.
        """
        for el in self.marks.walked().dates[:CUT.headline_max_candidates]:
            if el.tag in SKIP_TEXT_TAGS or el.tag in ("meta", "link", "input", "html", "body"):
                continue
            mark = f"{el.get('class') or ''} {el.get('itemprop') or ''}"
            if not DATE.matches(mark) or _update_marked(mark):
                continue
            line = text_prefix(el, CUT.short_line)
            if not line or self.elsewhere(el) or self._teaser_item(el):
                continue
            update = MODIFIED_LINE.search(line)
            if update is not None:
                line = line[: update.start()]
            stamp = next((t.get("datetime") for t in islice(el.iter("time"), 1)), None)
            if stamp and update is None:
                yield "date-page", stamp
            elif line.strip():
                yield "date-page", line

    def _teaser_item(self, el: HtmlElement) -> bool:
        """``el`` sits in a list of other pages: a list item holding a link beside it
        (not around it: a dateline may link to its archive), with another dated item
        beside it ("More press releases": a date and a linked title per item)."""
        item = next((a for a in islice(el.iterancestors(), CUT.headline_before_levels)
                     if a.tag == "li"), None)
        if item is None or item in self._keep:
            return False
        around = set(islice(el.iterancestors(), CUT.headline_ancestor_limit))
        if not any(sub.tag == "a" and sub.get("href") and sub not in around
                   for sub in islice(item.iter(), CUT.teaser_reach)):
            return False
        siblings = (*islice(item.itersiblings(), CUT.teaser_siblings),
                    *islice(item.itersiblings(preceding=True), CUT.teaser_siblings))
        return any(_holds_date(other, el.get("class")) for other in siblings)

    def date_lines(self) -> Iterator[tuple[str, str]]:
        """(signal, text) of visible datelines: date-classed elements near the headline,
        then short lines around it."""
        for el, values in self.walk.marked():
            if not _DATE_HINT.search(values) or el.tag in SKIP_TEXT_TAGS:
                continue
            mark = f"{el.get('class') or ''} {el.get('id') or ''}"
            if not DATE.matches(mark):
                continue
            if _update_marked(mark):
                continue
            line = short_text(el, CUT.short_line)
            if line and not self.elsewhere(el):
                yield "date-class", line
        previous = ""
        for line in self.near_lines():
            if not (_MEMBER_SINCE.search(line) or _MEMBER_SINCE.search(previous)):
                yield "date-text", line
            previous = line


def _update_marked(mark: str) -> bool:
    """Class/id/itemprop words ``mark`` say "updated" and not "published" as well."""
    return MODIFIED.matches(mark) and not PUBLISHED.matches(mark)


def _holds_date(el: HtmlElement, mark: str | None) -> bool:
    """``el`` is a list item with a ``<time>``, or an element classed ``mark`` (the date's
    class in the item beside it), among its first elements."""
    return el.tag == "li" and any(
        sub.tag == "time" or (mark and sub.get("class") == mark)
        for sub in islice(el.iter(), CUT.teaser_reach)
    )


def _byline_signal(el: HtmlElement) -> str | None:
    tag = el.tag
    if tag == "address":
        return "address"
    if tag in ("meta", "link"):
        return None
    rel, prop = el.get("rel"), el.get("itemprop")
    if rel and " author " in f" {rel} ":
        return "rel-author"
    if prop and " author " in f" {prop} ":
        return "itemprop-author"
    marks = f"{el.get('class') or ''} {el.get('id') or ''} {el.get('data-testid') or ''}"
    if len(marks) > CUT.byline_marks_min_chars and BYLINE.matches(marks):
        return "byline"
    if tag == "a" and _AUTHOR_HREF.search(el.get("href") or ""):
        return "author-link"
    return None


def _box_text(el: HtmlElement, signal: str, limit: int = 200) -> str | None:
    """A byline element's text: its name parts or its lines (:mod:`.bylinebox`); an
    ``<address>`` is read whole."""
    return short_text(el, limit) if signal == "address" else byline_text(el, limit)
