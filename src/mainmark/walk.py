"""The iterative tree walk under all three serializers.

markdownify converts a BeautifulSoup tree by recursion; on a real page that means a
bs4 parse of the subtree (slower than the rest of our pipeline together) and a
``RecursionError`` on deeply nested wrappers. :class:`TreeWalker` keeps markdownify's
converter table (``convert_<tag>(el, text, parent_tags)``) and drives it over the lxml
tree with an explicit stack instead.

The walk follows the browser's box model: inline content between block elements forms
an anonymous run (one paragraph), block elements close the run, containers like ``div``
pass their children's blocks up unchanged. The serializers differ only in the
converters they define, so the markdown, the text and the HTML come out of one set of
structural decisions and carry the same content.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import markdownify
from lxml.html import HtmlElement
from markdownify import MarkdownConverter

from .model import BlockKind
from .rendervocab import BLOCK_TAGS, CODE_TAGS, HEADING_TAGS, SKIP_TAGS

#: Stands for a ``<br>`` in a run until the run is finished (NUL never survives parsing).
BR = "\x00"
#: Nesting of quotes and lists past which markers stop being added: each level prefixes
#: every line, so a hostile page nesting 100,000 of them would cost quadratic time.
MAX_MARKER_DEPTH = 32


@dataclass(slots=True)
class Piece:
    """One finished block: its serialized text and the elements it came from."""

    kind: BlockKind
    text: str
    first: HtmlElement | None = None
    last: HtmlElement | None = None
    level: int = 0
    language: str | None = None
    #: ``li``/``dt``/``dd`` for items their list collects; ``""`` otherwise.
    tag: str = ""
    #: An anonymous run of inline content (no ``<p>`` of its own in the source).
    anon: bool = False


@dataclass(slots=True)
class Spill:
    """An inline element that held blocks (``<a><div>…</div></a>``): the inline text
    before the first block, the blocks, the inline text after the last one."""

    lead: list[str]
    pieces: list[Piece]
    trail: list[str]


Out = str | list[Piece] | Spill | None
Converter = Callable[..., str]
#: markdownify's "move edge spaces outside the markup" helper (absent from its stubs).
chomp: Callable[[str], tuple[str, str, str]] = markdownify.chomp  # type: ignore[attr-defined]


class Descend:
    """What :meth:`TreeWalker.leaf` returns for an element the walk should enter."""


DESCEND = Descend()


@dataclass(slots=True, eq=False)
class Frame:
    """An element being converted: its context and what its children produced so far."""

    el: HtmlElement | None
    tag: str
    tags: frozenset[str]  # the tags of this element and its ancestors, plus pseudo-tags
    ptags: frozenset[str]  # the same for the parent: what convert_<tag> receives
    children: Iterator[HtmlElement]
    depth: int = 0
    pieces: list[Piece] = field(default_factory=list)
    run: list[str] = field(default_factory=list)
    lead: list[str] | None = None
    run_first: HtmlElement | None = None
    run_last: HtmlElement | None = None
    has_image: bool = False
    has_other: bool = False


_DEFAULTS: dict[type, dict[str, object]] = {}
_WS = re.compile(r"[ \t\n\r\f\xa0]+")
_MARKER_TAGS = frozenset({"blockquote", "ul", "ol", "li", "dd", "menu", "dir"})


class TreeWalker(MarkdownConverter):
    """markdownify's converter table driven by an iterative walk over lxml elements."""

    options: dict[str, object]

    def __init__(self, removed: set[HtmlElement] | None = None, **options: object) -> None:
        # markdownify's __init__ rebuilds its defaults with dir() on every instance (a
        # tenth of a millisecond, three instances per page); the defaults never change.
        defaults = _DEFAULTS.get(type(self))
        if defaults is None:
            super().__init__()
            defaults = _DEFAULTS[type(self)] = dict(self.options)
        self.options = {**defaults, **options}
        self.convert_fn_cache: dict[str, Converter | None] = {}
        self.removed: set[HtmlElement] = removed if removed is not None else set()

    # ------------------------------------------------------------------ the walk

    def walk(self, elements: list[HtmlElement], tags: frozenset[str] = frozenset()) -> Frame:
        """Convert ``elements`` (siblings or roots, in order) into the top frame's pieces."""
        top = Frame(None, "", tags, tags, iter(elements))
        stack = [top]
        while stack:
            frame = stack[-1]
            child = next(frame.children, None)
            if child is None:
                stack.pop()
                if stack and frame.el is not None:
                    parent = stack[-1]
                    self._emit(parent, frame.el, self._close(frame, parent))
                    self._tail(parent, frame.el)
                continue
            pushed = self._enter(child, frame)
            if pushed is not None:
                stack.append(pushed)
        self.flush(top)
        return top

    def _enter(self, el: HtmlElement, parent: Frame) -> Frame | None:
        tag = el.tag
        if not isinstance(tag, str) or el in self.removed or tag in SKIP_TAGS:
            self._tail(parent, el)
            return None
        out = self.leaf(el, tag, parent)
        if not isinstance(out, Descend):
            self._emit(parent, el, out)
            self._tail(parent, el)
            return None
        tags = parent.tags
        extra = self.pseudo_tags(tag)
        if tag not in tags or not extra <= tags:
            tags = tags | {tag} | extra
        depth = parent.depth + (1 if tag in _MARKER_TAGS else 0)
        frame = Frame(el, tag, tags, parent.tags, iter(el), depth)
        self.text(frame, el.text)
        return frame

    @staticmethod
    def pseudo_tags(tag: str) -> frozenset[str]:
        """markdownify's context markers: ``_inline`` (headings), ``_noformat`` (code)."""
        if tag in HEADING_TAGS:
            return frozenset({"_inline", "_heading"})
        if tag in CODE_TAGS or tag == "pre":
            return frozenset({"_noformat"})
        return frozenset()

    def _tail(self, parent: Frame, el: HtmlElement) -> None:
        if parent.el is not None:
            self.text(parent, el.tail)

    def text(self, frame: Frame, text: str | None) -> None:
        """Add a text node to the frame's run, whitespace collapsed and escaped."""
        if not text:
            return
        if "\n" in text or "  " in text or "\t" in text or "\xa0" in text or "\r" in text:
            text = _WS.sub(" ", text)
        escaped = self.escape(text, frame.tags)
        frame.run.append(escaped)
        if not escaped.isspace():
            frame.has_other = True

    def _emit(self, parent: Frame, el: HtmlElement, out: Out) -> None:
        if out is None or out == "":
            return
        if isinstance(out, str):
            parent.run.append(out)
            if parent.run_first is None:
                parent.run_first = el
            parent.run_last = el
            if el.tag == "img":
                parent.has_image = True
            elif not out.isspace():
                parent.has_other = True
            return
        lead, pieces, trail = (out.lead, out.pieces, out.trail) if isinstance(out, Spill) else (
            [], out, [])
        if not pieces:
            parent.run.extend(lead + trail)
            return
        parent.run.extend(lead)
        if parent.tag not in BLOCK_TAGS and parent.el is not None and parent.lead is None:
            parent.lead, parent.run = parent.run, []
        else:
            self.flush(parent)
        parent.pieces.extend(pieces)
        parent.run.extend(trail)

    def flush(self, frame: Frame) -> None:
        """Close the frame's inline run into anonymous paragraph pieces."""
        if not frame.run:
            return
        raw = "".join(frame.run)
        kind = BlockKind.IMAGE if frame.has_image and not frame.has_other else (
            BlockKind.PARAGRAPH)
        first = frame.run_first if frame.run_first is not None else frame.el
        last = frame.run_last if frame.run_last is not None else frame.el
        frame.run = []
        frame.run_first = frame.run_last = None
        frame.has_image = frame.has_other = False
        for text in self.finish_run(raw, frame.tags):
            if text:
                frame.pieces.append(Piece(kind, text, first, last, anon=True))

    def _close(self, frame: Frame, parent: Frame) -> Out:
        if frame.tag in BLOCK_TAGS:
            self.flush(frame)
            return self.close_block(frame, parent)
        if frame.pieces:
            trail = frame.run
            return Spill(frame.lead or [], frame.pieces, trail)
        text = "".join(frame.run)
        fn = self.get_conv_fn_cached(frame.tag)
        if fn is not None:
            text = fn(frame.el, text, parent_tags=frame.ptags)
        return str(text)

    # ------------------------------------------------------------------ hooks

    def get_conv_fn_cached(self, tag_name: str) -> Converter | None:
        if tag_name not in self.convert_fn_cache:
            self.convert_fn_cache[tag_name] = self.get_conv_fn(tag_name)
        return self.convert_fn_cache[tag_name]

    def get_conv_fn(self, tag_name: str) -> Converter | None:
        """``convert_<tag>(el, text, parent_tags)`` for an inline tag, or ``None``."""
        return None

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        return text

    def leaf(self, el: HtmlElement, tag: str, parent: Frame) -> Out | Descend:
        """Elements converted without walking into them (code, data tables, images)."""
        return DESCEND

    def close_block(self, frame: Frame, parent: Frame) -> list[Piece]:
        return frame.pieces

    #: What a ``<br>`` becomes inside a paragraph and inside a table cell.
    hard_break = "\n"
    cell_break = "\n"

    def finish_run(self, raw: str, tags: frozenset[str]) -> list[str]:
        """A run's text, one string per paragraph: two or more ``<br>`` in a row end a
        paragraph, one is a line break (a space in headings, a line in table cells)."""
        if "_cell" in tags:
            lines = [collapse(line) for line in raw.split(BR)]
            return [self.cell_break.join(line for line in lines if line)]
        if "_inline" in tags:
            return [collapse(raw.replace(BR, " "))]
        paragraphs = []
        for para in _PARAGRAPH_BREAK.split(raw) if BR in raw else (raw,):
            lines = [collapse(line) for line in para.split(BR)]
            text = self.hard_break.join(self.escape_line(line) for line in lines if line)
            if text:
                paragraphs.append(text)
        return paragraphs

    def escape_line(self, line: str) -> str:
        """Escape what would read as block syntax at the start of a line (markdown only)."""
        return line

    def block_text(self, piece: Piece) -> str:
        """A piece as it stands among blocks (the HTML serializer wraps anonymous runs)."""
        return piece.text


_PARAGRAPH_BREAK = re.compile(BR + r"(?:\s*" + BR + ")+")
_SPACES = re.compile(r" {2,}")


def collapse(text: str) -> str:
    return _SPACES.sub(" ", text).strip()
