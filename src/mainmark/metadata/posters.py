"""Who started a discussion thread: the poster of its first post.

Forum software prints no byline: each post carries its poster's user name, marked up
by the engine rather than by an editor: a ``data-author``/``data-poster-name``/
``data-username`` attribute on the post, or a ``username``-classed link or span in the
post's user box (phpBB, XenForo, vBulletin, MyBB, Invision, Flarum all do one or the
other). The thread's author is the first such mark in document order; the thread
header repeats it ("Thread starter ...") before the first post.

User names are handles, not personal names: "lulug30", "Need2KnowLion", "josh_wilmot90".
They are accepted as one token of word characters, dots, dashes and underscores, which
the personal-name rules of :mod:`mainmark.metadata.authors` (no digits, capitalised
words) would reject.
"""

from __future__ import annotations

from itertools import islice

from lxml.html import HtmlElement

from mainmark.metadata.authors import clean_authors, is_handle
from mainmark.metadata.constants import CUT
from mainmark.metadata.pagemarks import POSTER_ATTRS, PageMarks
from mainmark.vocabulary.bylines import POSTER, POSTER_CLASS

#: Substrings every page with a poster mark holds in its source (the XPath's attribute
#: names and class fragments): a C-level substring test spares most pages the tree search,
#: which costs about 3 ms on a large page.
#: ("data-username" holds "sername" and "User-name" holds "ser-name": one scan each less.)
_POSTER_NEEDLES = ("data-author", "data-poster-name", "sername", "ser-name", "serName",
                   "post_author", "postauthor")
_NOT_A_POSTER = frozenset(
    {"guest", "anonymous", "deleted", "[deleted]", "admin", "moderator", "user", "username",
     "unknown", "system"}
)  # fmt: skip
_SKIP_TAGS = frozenset({"input", "label", "button", "option", "select", "textarea", "form"})


def thread_posters(root: HtmlElement, source: str | None = None,
                   page_marks: PageMarks | None = None) -> tuple[list[str], int]:
    """(the posters' names in the order they first post, how many poster marks the page
    holds); the first name is the thread's starter.

    The count tells a thread (several posts, each marked) from a page with one stray
    ``username`` class (a login box); the caller decides what it needs. ``source``, the
    page's HTML text, lets a page without any poster mark skip the tree search.
    ``page_marks``, the page's other page-wide searches (:mod:`.pagemarks`), lets it share
    their walk; once that walk is done and found no poster mark, the source is not read
    (seven scans of it cost some 0.7 ms on a large page).
    """
    found: dict[str, str] = {}
    marks = 0
    if page_marks is not None and page_marks.done and not page_marks.posters:
        return [], marks
    if source is not None and not any(needle in source for needle in _POSTER_NEEDLES):
        return [], marks
    page_marks = page_marks if page_marks is not None else PageMarks(root)
    for el in islice(page_marks.walked().posters, CUT.posters_max_marks):
        if el.tag in _SKIP_TAGS:
            continue
        name = _poster_name(el)
        if name is None:
            continue
        marks += 1
        found.setdefault(name.casefold(), name)
    return list(found.values()), marks


def _poster_name(el: HtmlElement) -> str | None:
    value = _marked_poster(el)
    if value is not None:
        return _as_name(value)
    # the search above is a cheap first filter; the class words decide
    cls = el.get("class") or ""
    if not (POSTER.matches(cls) or POSTER_CLASS.matches(cls)):
        return None
    return _as_name(" ".join(el.text_content().split()))


def _marked_poster(el: HtmlElement) -> str | None:
    """The user name a poster attribute on ``el`` gives, as written."""
    for attr in POSTER_ATTRS:
        value = el.get(attr)
        if value is not None:
            return str(value)
    return None


def _bare(text: str) -> str:
    """A user name without the spaces and the "@" of a handle around it."""
    return text.strip().lstrip("@").strip()


def _as_name(text: str) -> str | None:
    text = _bare(text)
    if not text or len(text) > CUT.posters_max_text or text.casefold() in _NOT_A_POSTER:
        return None
    if is_handle(text):
        return text
    names = clean_authors([text])
    return names[0] if len(names) == 1 else None


def in_reply(el: HtmlElement, starter: str) -> bool:
    """``el`` sits in a post marked as someone else's than ``starter``'s (its
    ``data-author``): on a thread, that post is a reply and its author box the replier's."""
    folded = starter.casefold()
    for node in islice(el.iterancestors(), CUT.poster_max_ancestors):
        value = _marked_poster(node)
        if value is not None:
            return _bare(value).casefold() != folded
    return False
