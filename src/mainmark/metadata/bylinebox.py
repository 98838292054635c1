"""The text of a byline element: its name parts, or its lines kept apart.

An author box prints more than the name: a label, the job title, a date, a bio line,
each in its own element ("Written By:" / "Jane Roe" / "Gardener & Writer",
"John Doe<br>4 August 2010"). Joined into one run of words, the name and the
job title read as one longer name ("Sam Smith Writer"). So the text is read
with the element's structure:

- when the box holds elements whose class or ``itemprop`` says they are the name
  (``author-name``, ``c-author-info__name``, ``fn``, ``itemprop=name``), the box's
  text is those elements' texts, one name each;
- otherwise the box's text, with a bar (a segment break for
  :func:`mainmark.metadata.authors.clean_authors`) at each line break and each
  block element's edge.

A box that names nobody when read whole ("jdoe 6,796 8 gold badges") is read this way
only when that gives one name: several are a list of people (the site's authors, a team)
rather than the page's byline.

Both read a bounded number of the box's elements: a byline box is small, and a class
that happens to say "author" on a page wrapper must not cost a walk of the page.
"""

from __future__ import annotations

import re
from itertools import islice

from lxml.html import HtmlElement

from mainmark.metadata.authors import clean_authors
from mainmark.metadata.constants import CUT
from mainmark.metadata.metafields import SKIP_TEXT_TAGS

#: A class token saying the element holds a name: "name", "author-name", "byline__name",
#: the hCard "fn". Tokens are split at spaces, dashes and underscores.
_NAME_TOKEN = re.compile(r"(?:^|[\s_-])(?:name|fn)(?:$|[\s_-])", re.IGNORECASE)
#: Names of other things that a byline box may hold beside the person's.
_OTHER_NAME = re.compile(
    r"(?:^|[\s_-])(?:site|brand|company|org|organi[sz]ation|publication|publisher|category"
    r"|cat|section|tag|team|user|first|last|given|family)(?:$|[\s_-])",
    re.IGNORECASE,
)
#: Elements whose edges end a line of the box's text.
_BLOCK_TAGS = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "dd", "dt",
     "section", "header", "footer", "figure", "figcaption", "blockquote", "table", "tr", "td"}
)  # fmt: skip
_BREAK = " | "


def byline_text(box: HtmlElement, limit: int = 200) -> str | None:
    """The text of byline element ``box`` as :func:`clean_authors` should read it, or
    ``None`` when its whole text is empty or longer than ``limit`` characters."""
    parts = _text_parts(box)
    if parts is None:
        return None
    plain = " ".join(" ".join(part or " " for part in parts).split())
    if not plain or len(plain) > limit:
        return None  # a box this long holds more than a byline (a post, a bio, a list)
    names = _name_parts(box)
    read = "; ".join(names) if names else _BREAK.join(_lines_of(parts))
    if not clean_authors([plain], strict=True) and len(clean_authors([read], strict=True)) != 1:
        # A box naming nobody when read whole is trusted, read by its structure, only to
        # name one person ("jdoe | 6,796 gold badges", "John Doe | 4 August 2010"):
        # several names there are a list (of authors, of a team), not this page's byline.
        return plain
    return read


def _lines_of(parts: list[str]) -> list[str]:
    """The whitespace-collapsed lines of ``parts`` (see :func:`_text_parts`), blank ones
    left out."""
    lines: list[str] = []
    current: list[str] = []
    for part in [*parts, ""]:
        if part:
            current.append(part)
            continue
        line = " ".join(" ".join(current).split())
        if line:
            lines.append(line)
        current = []
    return lines


def _name_parts(box: HtmlElement) -> list[str]:
    """Texts of the name-marked elements inside ``box`` (not ``box`` itself), outermost
    only; none when there are more than a byline holds."""
    found: list[str] = []
    inside: HtmlElement | None = None
    for el in islice(box.iterdescendants(), CUT.byline_box_max_elements):
        if not isinstance(el.tag, str) or el.tag in SKIP_TEXT_TAGS:
            continue
        if inside is not None and inside in islice(el.iterancestors(), CUT.byline_box_max_elements):
            continue
        if _names_someone(el):
            text = " ".join(" ".join(el.itertext()).split())
            if text:
                found.append(text)
                inside = el
    return found if len(found) <= CUT.byline_box_max_names else []


def _names_someone(el: HtmlElement) -> bool:
    if (el.get("itemprop") or "").strip() == "name":
        return True
    marks = el.get("class") or ""
    return bool(_NAME_TOKEN.search(marks)) and not _OTHER_NAME.search(marks)


def _text_parts(box: HtmlElement) -> list[str] | None:
    """``box``'s text nodes in order, an empty string at each ``<br>`` and block edge
    inside it (a line break); ``None`` for a box of more elements than a byline has.
    Scripts, styles and drawings are passed over whole."""
    parts: list[str] = []
    seen = 0
    # (element, closing): an element's text comes before its children's, its tail after.
    stack: list[tuple[HtmlElement, bool]] = [(box, False)]
    while stack:
        el, closing = stack.pop()
        tag = el.tag
        if closing:
            if tag in _BLOCK_TAGS:
                parts.append("")
            if el.tail:
                parts.append(el.tail)
            continue
        if not isinstance(tag, str):  # a comment: only its tail is text
            if el.tail:
                parts.append(el.tail)
            continue
        seen += 1
        if seen > CUT.byline_box_max_elements:
            return None
        if el is not box:
            if tag in _BLOCK_TAGS:
                parts.append("")
            stack.append((el, True))
        if tag in SKIP_TEXT_TAGS:
            continue
        if el.text:
            parts.append(el.text)
        stack.extend((child, False) for child in reversed(el))
    return parts
