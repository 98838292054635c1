"""The one iterative tree walk under all three serializers.

markdownify converts a BeautifulSoup tree by recursion; on a real page that means a
bs4 parse of the subtree (slower than the rest of our pipeline together) and a
``RecursionError`` on deeply nested wrappers. :class:`TreeWalker` drives a converter
table over the lxml tree with an explicit stack instead.

The walk follows the browser's box model: inline content between block elements forms
an anonymous run (one paragraph), block elements close the run, containers like ``div``
pass their children's blocks up unchanged. Every string the walk builds is built three
times side by side, once per channel (markdown, plain text, clean HTML): the structural
decisions are taken once, so the three outputs carry the same content, and the tree is
walked once instead of three times (the walk, not the string work, is what costs).
The markdown channel is the master: a block exists when its markdown is not empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from html import escape as html_escape

import markdownify
from lxml.html import HtmlElement

from mainmark.markdown.rendervocab import BLOCK_TAGS, CODE_TAGS, HEADING_TAGS, SKIP_TAGS
from mainmark.model import BlockKind
from mainmark.page.formulas import MATH_SOURCE_TAG
from mainmark.page.textnorm import INVISIBLE_CLASS, drop_invisible

#: Stands for a ``<br>`` in a run until the run is finished (NUL never survives parsing).
BR = "\x00"
#: One string per channel: markdown, plain text, clean HTML. A bare tuple, not a named
#: one: the walk builds one per text node, and a ``NamedTuple`` costs a Python-level
#: ``__new__`` each time; a finished block (:class:`Piece`) names its channels.
Tri = tuple[str, str, str]
EMPTY: Tri = ("", "", "")
BREAKS: Tri = (BR, BR, BR)
#: What a ``<br>`` becomes inside a paragraph and inside a table cell, per channel.
HARD_BREAK: Tri = ("\\\n", "\n", "<br>")
CELL_BREAK: Tri = ("\n", "\n", "<br>")


class Piece:
    """One finished block: its text per channel and the elements it came from.

    ``out`` is the block in channel order, ``(markdown, text, html)``, as the converters
    build it (one comprehension over :data:`~mainmark.markdown.serializers.SYNTAXES`);
    the piece keeps each channel under its name.
    """

    __slots__ = ("anon", "first", "hanon", "html", "kind", "language", "last", "level",
                 "markdown", "tag", "text")

    def __init__(
        self,
        kind: BlockKind,
        out: Sequence[str],
        first: HtmlElement | None = None,
        last: HtmlElement | None = None,
        level: int = 0,
        language: str | None = None,
        tag: str = "",
        anon: bool = False,
    ) -> None:
        self.kind = kind
        self.markdown, self.text, self.html = out
        self.first = first
        self.last = last
        self.level = level
        self.language = language
        #: ``li``/``dt``/``dd`` for items their list collects; ``""`` otherwise.
        self.tag = tag
        #: An anonymous run of inline content (no ``<p>`` of its own in the source).
        self.anon = anon
        #: Still anonymous in the HTML channel (not yet wrapped in ``<p>``).
        self.hanon = anon


class Spill:
    """An inline element that held blocks (``<a><div>…</div></a>``): the inline text
    before the first block, the blocks, the inline text after the last one."""

    __slots__ = ("lead", "pieces", "trail")

    def __init__(self, lead: Tri, pieces: list[Piece], trail: Tri) -> None:
        self.lead = lead
        self.pieces = pieces
        self.trail = trail


Out = Tri | list[Piece] | Spill | None
#: An inline converter: ``(el, markdown, text, html, parent_tags) -> Tri``.
Inline = Callable[[HtmlElement, str, str, str, frozenset[str]], Tri]
#: markdownify's "move edge spaces outside the markup" helper (absent from its stubs).
chomp: Callable[[str], tuple[str, str, str]] = markdownify.chomp  # type: ignore[attr-defined]


class Descend:
    """What :meth:`TreeWalker.leaf` returns for an element the walk should enter."""


DESCEND = Descend()


class Frame:
    """An element being converted: its context and what its children produced so far."""

    __slots__ = (
        "children",
        "depth",
        "el",
        "has_image",
        "has_other",
        "htm",
        "lead",
        "loose_end",
        "loose_start",
        "md",
        "pieces",
        "ptags",
        "run_first",
        "run_last",
        "tag",
        "tags",
        "txt",
    )

    def __init__(self, el: HtmlElement | None, tag: str, tags: frozenset[str],
                 ptags: frozenset[str], children: Iterator[HtmlElement], depth: int) -> None:
        self.el = el
        self.tag = tag
        self.tags = tags  # the tags of this element and its ancestors, plus pseudo-tags
        self.ptags = ptags  # the same for the parent: what an inline converter receives
        self.children = children
        self.depth = depth
        self.pieces: list[Piece] = []
        self.md: list[str] = []  # the inline run, per channel
        self.txt: list[str] = []
        self.htm: list[str] = []
        self.lead: Tri | None = None
        self.run_first: HtmlElement | None = None
        self.run_last: HtmlElement | None = None
        #: The run starts (ends) with text no element of it holds: a text node, or text
        #: after a ``<br>``. Its source span is then its container's, not its first
        #: (last) element's, which would leave the text out.
        self.loose_start = False
        self.loose_end = False
        self.has_image = False
        self.has_other = False


_NEEDS_WS = re.compile(rf"[\t\n\r\f\xa0{INVISIBLE_CLASS}]| {{2}}").search
_WS = re.compile(r"[ \t\n\r\f\xa0]+")
_MARKER_TAGS = frozenset({"blockquote", "ul", "ol", "li", "dd", "menu", "dir"})
#: Elements :meth:`TreeWalker.leaf` may convert without entering them.
LEAF_TAGS = frozenset({"br", "img", "hr", "pre", "listing", "xmp", "plaintext", "table",
                       "math", MATH_SOURCE_TAG})
_NO_CHILDREN: Iterator[HtmlElement] = iter(())
_HTML_SPECIAL = re.compile(r"[&<>]").search
#: Anything that whitespace collapsing, markdown escaping (see ``convert._SPECIAL``, a
#: subset) or HTML escaping would change; a text node without it is the same in every
#: channel.
_PLAIN = re.compile(rf"[\t\n\r\f\xa0{INVISIBLE_CLASS}\\*`_~<>&\[\]]| {{2}}").search


def pseudo_tags(tag: str) -> frozenset[str]:
    """markdownify's context markers: ``_inline`` (headings), ``_noformat`` (code)."""
    if tag in HEADING_TAGS:
        return frozenset({"_inline", "_heading"})
    if tag in CODE_TAGS or tag == "pre":
        return frozenset({"_noformat"})
    return frozenset()


def _context(outer: frozenset[str], tag: str) -> frozenset[str]:
    """The tags an element's content is converted under: its parent's, its own and its
    pseudo tags. A block inside inline code (``<code><ul>…</ul></code>``) leaves the code:
    its text is written as a block, outside any code span, so it is escaped as text is.
    Left in code, it went out raw, and ``[x](javascript:…)`` or ``<script>`` written
    as the page's text became a live link or tag in the markdown."""
    if tag in BLOCK_TAGS and "_noformat" in outer and "pre" not in outer:
        outer = outer - CODE_TAGS - _NOFORMAT
    extra = pseudo_tags(tag)
    if tag not in outer or not extra <= outer:
        return outer | {tag} | extra
    return outer


_NOFORMAT = frozenset({"_noformat"})


class TreeWalker:
    """An iterative walk that builds markdown, text and HTML runs side by side."""

    def __init__(self, removed: set[HtmlElement] | None = None) -> None:
        self.removed: set[HtmlElement] = removed if removed is not None else set()
        self._tags: dict[tuple[frozenset[str], str], frozenset[str]] = {}
        self._inline: dict[str, Inline | None] = {}

    # ------------------------------------------------------------------ the walk

    def walk(self, elements: list[HtmlElement], tags: frozenset[str] = frozenset()) -> Frame:
        """Convert ``elements`` (siblings or roots, in order) into the top frame's pieces."""
        top = Frame(None, "", tags, tags, iter(elements), 0)
        stack = [top]
        enter = self._enter
        while stack:
            frame = stack[-1]
            child = next(frame.children, None)
            if child is None:
                stack.pop()
                el = frame.el
                if stack and el is not None:
                    parent = stack[-1]
                    self._emit(parent, el, frame.tag, self._close(frame, parent))
                    if parent.el is not None:  # its tail, read here: no call per element
                        tail = el.tail
                        if tail:
                            self.text(parent, tail)
                continue
            pushed = enter(child, frame)
            if pushed is not None:
                stack.append(pushed)
        self.flush(top)
        return top

    def _enter(self, el: HtmlElement, parent: Frame) -> Frame | None:
        """A frame for an element the walk must enter; any other element is converted
        here, and every path that does not push a frame ends at the one tail read below."""
        tag = el.tag
        if tag.__class__ is str and tag not in SKIP_TAGS and el not in self.removed:
            out = self.leaf(el, tag, parent) if tag in LEAF_TAGS else DESCEND
            if isinstance(out, Descend):
                key = (parent.tags, tag)
                tags = self._tags.get(key)
                if tags is None:
                    tags = self._tags[key] = _context(parent.tags, tag)
                if len(el):
                    depth = parent.depth + 1 if tag in _MARKER_TAGS else parent.depth
                    frame = Frame(el, tag, tags, parent.tags, iter(el), depth)
                    text = el.text
                    if text:
                        self.text(frame, text)
                    return frame
                if tag in BLOCK_TAGS:  # text only (most paragraphs): closed at once
                    depth = parent.depth + 1 if tag in _MARKER_TAGS else parent.depth
                    frame = Frame(el, tag, tags, parent.tags, _NO_CHILDREN, depth)
                    text = el.text
                    if text:
                        self.text(frame, text)
                    out = self._close(frame, parent)
                else:  # inline leaf: no frame needed
                    out = self._inline_leaf(el, tag, tags, parent.tags)
            self._emit(parent, el, tag, out)
        if parent.el is not None:
            tail = el.tail
            if tail:
                self.text(parent, tail)
        return None

    def _inline_leaf(self, el: HtmlElement, tag: str, tags: frozenset[str],
                     ptags: frozenset[str]) -> Tri:
        text = el.text
        if text:
            if _NEEDS_WS(text):
                text = normalize_space(text)
            md, txt, htm = self.escape(text, tags), text, (
                html_escape(text, quote=False) if _HTML_SPECIAL(text) else text)
        else:
            md = txt = htm = ""
        fn = self.inline_fn(tag)
        return fn(el, md, txt, htm, ptags) if fn is not None else (md, txt, htm)

    def text(self, frame: Frame, text: str) -> None:
        """Add a text node to the frame's run, whitespace collapsed and escaped."""
        if _PLAIN(text) is None:  # most text nodes: nothing to collapse or escape
            frame.md.append(_after_bracket(frame.md, text) if text[0] in "([" else text)
            frame.txt.append(text)
            frame.htm.append(text)
            if not text.isspace():
                frame.has_other = True
                if frame.run_first is None:  # text starts the run if no element has
                    frame.loose_start = True
                frame.loose_end = True
            return
        if _NEEDS_WS(text):
            text = normalize_space(text)
        md = self.escape(text, frame.tags)
        frame.md.append(_after_bracket(frame.md, md) if md[:1] in ("(", "[") else md)
        frame.txt.append(text)
        frame.htm.append(html_escape(text, quote=False) if _HTML_SPECIAL(text) else text)
        if not md.isspace():
            frame.has_other = True
            if frame.run_first is None:
                frame.loose_start = True
            frame.loose_end = True

    def _emit(self, parent: Frame, el: HtmlElement, tag: str, out: Out) -> None:
        """Add what ``el`` (tag ``tag``, as the walk read it) became to ``parent``."""
        if out is None:
            return
        if isinstance(out, tuple):
            md, txt, htm = out
            if not md:
                if txt or htm:
                    parent.md.append(md)
                    parent.txt.append(txt)
                    parent.htm.append(htm)
                return
            parent.md.append(_after_bracket(parent.md, md) if md[0] in "([" else md)
            parent.txt.append(txt)
            parent.htm.append(htm)
            if tag == "br":  # a line break anchors no text: the text around it does
                if parent.run_first is None:
                    parent.loose_start = True
            else:
                if parent.run_first is None:
                    parent.run_first = el
                parent.run_last = el
                parent.loose_end = False
            if tag == "img":
                parent.has_image = True
            elif not md.isspace():
                parent.has_other = True
            return
        trail: Tri | None = None
        if isinstance(out, Spill):
            pieces, trail = out.pieces, out.trail
            self._extend(parent, out.lead)
            if not pieces:
                self._extend(parent, trail)
                return
        else:
            pieces = out
            if not pieces:  # most closed blocks that held nothing: no run to touch
                return
        if parent.tag not in BLOCK_TAGS and parent.el is not None and parent.lead is None:
            parent.lead = _joined(parent)
            parent.md, parent.txt, parent.htm = [], [], []
        else:
            self.flush(parent)
        parent.pieces.extend(pieces)
        if trail is not None:
            self._extend(parent, trail)

    @staticmethod
    def _extend(frame: Frame, texts: Tri) -> None:
        if texts[0] or texts[1] or texts[2]:
            frame.md.append(texts[0])
            frame.txt.append(texts[1])
            frame.htm.append(texts[2])

    def flush(self, frame: Frame) -> None:
        """Close the frame's inline run into anonymous paragraph pieces."""
        if not frame.md:
            return
        raw = _joined(frame)
        if "_noformat" in frame.tags and "pre" not in frame.tags:
            # inline code's text between two of its blocks: a paragraph of code of its own
            raw = self._still_code(frame.el, raw, frozenset())
        kind = BlockKind.IMAGE if frame.has_image and not frame.has_other else (
            BlockKind.PARAGRAPH)
        first = frame.el if frame.run_first is None or frame.loose_start else frame.run_first
        last = frame.el if frame.run_last is None or frame.loose_end else frame.run_last
        frame.md, frame.txt, frame.htm = [], [], []
        frame.run_first = frame.run_last = None
        frame.loose_start = frame.loose_end = False
        frame.has_image = frame.has_other = False
        for out in finish_run(raw, frame.tags, self.escape_line):
            if out[0]:
                frame.pieces.append(Piece(kind, out, first, last, anon=True))

    def _close(self, frame: Frame, parent: Frame) -> Out:
        if frame.tag in BLOCK_TAGS:
            self.flush(frame)
            return self.close_block(frame, parent)
        if frame.pieces:
            lead, trail = frame.lead or EMPTY, _joined(frame)
            if frame.tag in CODE_TAGS:
                lead = self._still_code(frame.el, lead, frame.ptags)
                trail = self._still_code(frame.el, trail, frame.ptags)
            return Spill(lead, frame.pieces, trail)
        md, txt, htm = _joined(frame)
        fn = self.inline_fn(frame.tag)
        return fn(frame.el, md, txt, htm, frame.ptags) if fn is not None else (md, txt, htm)

    def _still_code(self, el: HtmlElement | None, run: Tri, outer: frozenset[str]) -> Tri:
        """A run of inline code's text beside the blocks the code element holds
        (``<code>a<div>b</div>c</code>``): still code, so in a code span of its own
        (``outer``: the tags the span sits under; inside another code span, none is
        made). Its text was written raw, as code is (``_noformat``); left out of a span,
        it would read as markdown, ``[x](javascript:…)`` as a live link."""
        fn = self.inline_fn("code")
        return fn(el, *run, outer) if fn is not None and run[0] and el is not None else run

    # ------------------------------------------------------------------ hooks

    def inline_fn(self, tag: str) -> Inline | None:
        """The (cached) inline converter of ``tag``; ``None`` keeps the children's text."""
        if tag in self._inline:
            return self._inline[tag]
        fn = self._inline[tag] = self.get_inline(tag)
        return fn

    def get_inline(self, tag: str) -> Inline | None:
        """The inline converter of ``tag`` (uncached; :meth:`inline_fn` caches it)."""
        return None

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        """Markdown-escape a text node (the text channel keeps it, HTML entity-escapes it)."""
        return text

    def escape_line(self, line: str) -> str:
        """Escape what would read as block syntax at the start of a markdown line."""
        return line

    def leaf(self, el: HtmlElement, tag: str, parent: Frame) -> Out | Descend:
        """Elements converted without walking into them (code, data tables, images)."""
        return DESCEND

    def close_block(self, frame: Frame, parent: Frame) -> list[Piece]:
        """The pieces a finished block element becomes (by default, its children's)."""
        return frame.pieces


def _after_bracket(run: list[str], md: str) -> str:
    """``md`` (starting with ``(`` or ``[``) escaped when the run ends in a live ``]``:
    two text nodes (``<span>[x]</span>(https://evil.example/)``) would otherwise join
    into a link neither holds alone. Our own links end in ``)``."""
    last = run[-1] if run else ""
    if last.endswith("]") and not last.endswith("\\]"):
        return "\\" + md
    return md


def _joined(frame: Frame) -> Tri:
    """The run per channel; a channel equal to the markdown is the same string object,
    which lets :func:`finish_run` do its work once (most runs are plain words)."""
    md = "".join(frame.md)
    txt = md if frame.txt == frame.md else "".join(frame.txt)
    return md, txt, md if frame.htm == frame.md else "".join(frame.htm)


def finish_run(raw: Tri, tags: frozenset[str], escape_line: Callable[[str], str]) -> list[Tri]:
    """A run's text, one entry per paragraph: two or more ``<br>`` in a row end a
    paragraph, one is a line break (a space in headings, a line in table cells)."""
    md, txt, htm = raw
    if "_cell" in tags:
        return [(_cell_lines(md, CELL_BREAK[0]), _cell_lines(txt, CELL_BREAK[1]),
                 _cell_lines(htm, CELL_BREAK[2]))]
    if "_inline" in tags:
        return [(collapse(md.replace(BR, " ")), collapse(txt.replace(BR, " ")),
                 collapse(htm.replace(BR, " ")))]
    if BR not in md:
        line = collapse(md)
        plain = line if txt is md else collapse(txt)
        html = line if htm is md else collapse(htm)
        return [(escape_line(line) if line else "", plain, html)]
    return _paragraphs(raw, escape_line)


def _cell_lines(raw: str, brk: str) -> str:
    if BR not in raw:
        return collapse(raw)
    return brk.join(line for line in map(collapse, raw.split(BR)) if line)


def _paragraphs(raw: Tri, escape_line: Callable[[str], str]) -> list[Tri]:
    """Split at ``<br>`` runs, deciding on the markdown's lines for all three channels.

    Every channel holds the same ``<br>`` markers, so its lines pair up with the
    markdown's; a channel that does not (never seen) falls back to one paragraph.
    """
    md_lines = raw[0].split(BR)
    lines = [md_lines, raw[1].split(BR), raw[2].split(BR)]
    last = len(md_lines) - 1
    groups: list[list[int]] = [[0]]
    k = 1
    while k <= last:  # a <br> precedes line k; blank lines between <br>s end a paragraph
        m = k
        while m < last and (not md_lines[m] or md_lines[m].isspace()):
            m += 1
        if m > k:
            groups.append([m])
        else:
            groups[-1].append(k)
        k = m + 1
    out: list[Tri] = []
    for group in groups:
        texts = []
        for channel, brk in enumerate(HARD_BREAK):
            chan = lines[channel]
            if len(chan) != len(md_lines):
                texts.append(collapse(raw[channel].replace(BR, " ")) if not out else "")
                continue
            parts = [collapse(chan[i]) for i in group]
            if channel == 0:
                texts.append(brk.join(escape_line(p) for p in parts if p))
            else:
                texts.append(brk.join(p for p in parts if p))
        out.append((texts[0], texts[1], texts[2]))
    return out


_SPACES = re.compile(r" {2,}")


def normalize_space(text: str) -> str:
    """Whitespace runs to one space, invisible format characters dropped."""
    return _WS.sub(" ", drop_invisible(text))


def collapse(text: str) -> str:
    """Runs of spaces to one space, whitespace stripped at both ends."""
    if "  " in text:
        text = _SPACES.sub(" ", text)
    return text.strip()
