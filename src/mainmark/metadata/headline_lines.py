"""Text lines around the headline and on the page: the line-level half of the DOM lookups.

:class:`~mainmark.metadata.headline_dom.Dom` walks the elements and text nodes near the
headline; this module turns what it collected into lines (short ones only: a byline or a
dateline is a short line, longer text is prose that may mention any date), finds the
header run printed with the headline, drops update notices, splits a header line into
its parts and reads the lines that look like bylines. :func:`page_lines` is the one
page-wide search: short text lines holding a year, off comments, sidebars and footers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from lxml import etree
from lxml.html import HtmlElement

from mainmark.metadata.authors import TEXT_KIND
from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import SKIP_TEXT_TAGS
from mainmark.page.ancestry import ancestor_cover
from mainmark.page.classwords import words
from mainmark.vocabulary import bylines
from mainmark.vocabulary.bylines import ELSEWHERE, FOOTER

#: Elements read by the page-wide line search at most, the longest text node it reads,
#: and the tags it never enters.
_OFF_PAGE_TAGS = frozenset({"nav", "aside", "footer", "form", "select", "button", "option"})
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
#: Text nodes short enough for a line that may hold a year: :func:`page_lines`'s
#: candidates, found in C (:data:`_YEAR` then says whether one does).
_YEAR_TEXTS = etree.XPath(
    "//text()[contains(., '19') or contains(., '20')]"
    f"[string-length(.) <= {CUT.line_search_max_text}]"
)

#: A line that starts like a byline: "By Jane Doe", "Von Max Muster", "Text: ...",
#: "Ein Gastbeitrag von ...", "- Redaktion: ..." (the rest of a "date - byline" line).
_BY = r"(?:by|von|par|por|door)"
_AUTHOR_LABEL = r"(?:text|texte|autor|autorin|author|redaktion|by|von)\s*:"
_BYLINE_LINE = re.compile(
    rf"^[\s|•·–—-]*(?:(?:{TEXT_KIND}|(?:(?:ein|eine|a|an)\s+)?(?:text|story|words|written"
    rf"|reported|posted|article|interview))\s+)?(?:{_BY}\s|{_AUTHOR_LABEL}\s*)\S",
    re.IGNORECASE,
)
#: A lead-in standing alone on its line, the name on the next: "Von" / "Jane Roe".
#: The lead word may come first and a colon last: "Written by" / "Jane Doe", "Article by:".
_BYLINE_LABEL = re.compile(
    rf"^(?:(?:(?:{TEXT_KIND}|text|story|words|written|reported|posted|article|interview)\s+)?"
    rf"{_BY}\s*:?|{_AUTHOR_LABEL})$",
    re.IGNORECASE,
)


#: Separators between the parts of a header line ("05.02.2020 - Redaktion: Jane Doe").
_LINE_PARTS = re.compile(r"\s+[|•·–—-]\s+")
#: A header line announcing a revision, not the publication ("Aktualisiert am ...").
MODIFIED_LINE = re.compile(bylines.MODIFIED_LINE.pattern(), re.IGNORECASE)


def text_after(owner: HtmlElement, *, tail: bool) -> str:
    """The first non-blank text after a label that is ``owner``'s text (then the texts
    inside ``owner`` come first) or its tail; the walk reads at most
    :data:`CUT.label_reach_texts` texts, cut to a box line."""
    texts = islice(_texts_after(owner, tail=tail), CUT.label_reach_texts)
    found = next((t for t in texts if t.strip()), "")
    return " ".join(found.split())[:CUT.short_box_line]


def _texts_after(owner: HtmlElement, *, tail: bool) -> Iterator[str]:
    """Texts in document order after ``owner``'s text (or, ``tail``, after its tail),
    scripts and styles passed over (a CSS-in-JS ``<style>`` sits beside the name)."""
    if not tail:
        for child in owner:
            yield from _texts_in(child)
            yield child.tail or ""
        yield owner.tail or ""
    node: HtmlElement | None = owner
    while node is not None:
        for sibling in node.itersiblings():
            yield from _texts_in(sibling)
            yield sibling.tail or ""
        node = node.getparent()
        if node is not None:
            yield node.tail or ""


def _texts_in(el: HtmlElement) -> Iterator[str]:
    """The texts inside ``el`` (not its tail) in document order, lazily; scripts, styles,
    drawings and comments give none."""
    stack: list[tuple[HtmlElement, bool]] = [(el, False)]
    while stack:
        node, closing = stack.pop()
        if closing:
            yield node.tail or ""
            continue
        if not isinstance(node.tag, str) or node.tag in SKIP_TEXT_TAGS:
            continue
        yield node.text or ""
        for child in reversed(node):
            stack.append((child, True))
            stack.append((child, False))


def page_lines(root: HtmlElement) -> Iterator[str]:
    """Short text lines holding a four-digit year anywhere in ``root``'s document, in
    document order, off comments, sidebars, teasers, nav, forms and footers (by tag or
    class).

    The very last resort for a page whose date sits in no marked element and near no
    headline found (a board's first post, a blog theme printing the day in a plain
    ``<span>``, a page stating only when it was last updated). The text nodes that may
    hold a year come from one XPath (a substring test in C); only their owners' ancestor
    chains are judged, each element once (:func:`~mainmark.page.ancestry.ancestor_cover`),
    so the work is linear in the page and no Python runs for the elements without a year
    below them. At most :data:`CUT.line_search_max_elements` such texts are read.
    """
    found = _YEAR_TEXTS(root)
    if not isinstance(found, list):
        return
    off_page = ancestor_cover(_off_page)
    for text in islice(found, CUT.line_search_max_elements):
        if not isinstance(text, str) or not _YEAR.search(text):
            continue
        owner = getattr(text, "getparent", lambda: None)()
        if getattr(text, "is_tail", False) and owner is not None:
            owner = owner.getparent()  # a tail is its element's parent's text
        if not isinstance(owner, HtmlElement) or off_page(owner):
            continue
        line = " ".join(text.split())
        if len(line) <= CUT.short_line:
            yield line


def _off_page(el: HtmlElement) -> bool:
    """``el`` is a region :func:`page_lines` does not read: by tag (scripts, nav, asides,
    footers, forms) or by class/id words (comments, sidebars, teasers, footers)."""
    tag = el.tag
    if not isinstance(tag, str) or tag in SKIP_TEXT_TAGS or tag in _OFF_PAGE_TAGS:
        return True
    ws = words(f"{el.get('class') or ''} {el.get('id') or ''}")
    return bool(ws) and (ELSEWHERE.in_words(ws) or FOOTER.in_words(ws))


def byline_lines(lines: list[str]) -> Iterator[str]:
    """Lines, or parts of lines, that read as a byline; a bare label joins the next line."""
    for index, line in enumerate(lines):
        if _BYLINE_LABEL.match(line) and index + 1 < len(lines):
            yield f"{line} {lines[index + 1]}"
            continue
        for part in _LINE_PARTS.split(line):
            if _BYLINE_LINE.match(part):
                yield part
                break


def short_text(el: HtmlElement, limit: int = 200) -> str | None:
    """Whitespace-collapsed text, with a space between text nodes ("Author" label + name)."""
    value = " ".join(" ".join(el.itertext()).split())
    return value if 0 < len(value) <= limit else None


def text_prefix(el: HtmlElement, limit: int) -> str:
    """Whitespace-collapsed text of ``el``, whole when short, else its dateline prefix
    (as in :func:`short_lines`); reads no more of a large subtree than the limit needs."""
    parts: list[str] = []
    size = 0
    for text in el.itertext():
        parts.append(text)
        size += len(text)
        if size > CUT.prefix_read_factor * limit:
            break
    value = " ".join(" ".join(parts).split())
    return value if len(value) <= limit else value[:CUT.dateline_prefix]


def short_lines(texts: list[str], limit: int) -> Iterator[str]:
    """The first ``limit`` non-blank texts as whitespace-collapsed lines, a long one cut
    to its dateline prefix."""
    count = 0
    for raw in texts:
        line = " ".join(raw.split())
        if not line:
            continue
        count += 1
        if count > limit:
            return
        # A long text node is prose that may mention any date; only a dateline
        # prefix ("01.02.2022 Headline of the press release ...") is kept.
        yield line if len(line) <= CUT.short_line else line[:CUT.dateline_prefix]


def without_updates(lines: list[str]) -> list[str]:
    """``lines`` minus update notices, and the date after a bare "Updated:" or "last post
    by" label (within :data:`CUT.update_label_reach` lines)."""
    out: list[str] = []
    reach = 0
    for line in lines:
        if MODIFIED_LINE.search(line):
            reach = 0 if any(ch.isdigit() for ch in line) else CUT.update_label_reach
        elif reach:
            # Up to the label's date: the first line with a digit, or the label's reach.
            reach = 0 if any(ch.isdigit() for ch in line) else reach - 1
        else:
            out.append(line)
    return out


def header_run(texts: list[str], limit: int) -> list[str]:
    """Short lines until prose starts, at most ``limit`` of them.

    One long line is passed over (the standfirst under a headline); the second
    is the article body.
    """
    out: list[str] = []
    long_lines = 0
    for raw in texts:
        line = " ".join(raw.split())
        if not line:
            continue
        if len(line) > CUT.short_line:
            long_lines += 1
            if long_lines > 1:
                break
            continue
        if len(out) >= limit:
            break
        out.append(line)
    return out
