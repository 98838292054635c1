"""Element to source byte offsets: the span of each parsed element in the raw input.

lxml (libxml2) tells an element's ``sourceline`` and nothing finer, so the map is
built by a second, cheap look at the text lxml parsed:

1. **Scan.** One regex pass over ``Page.text`` finds the start and end tags the way
   libxml2 2.14's HTML5 tokenizer does: comments and ``<!...>``/``<?...>`` bogus
   comments are skipped, and the content of raw-text elements (script, style,
   textarea, title, xmp, iframe, noembed, noframes, plaintext) is never read as tags.
2. **Align.** The tree's elements in document order are paired with the start tags
   in text order. Both sequences mostly agree; where they do not, the tree has an
   element with no tag (libxml2 implied ``html``/``head``/``body`` or closed a ``<p>``)
   or the text has a tag with no element (a second ``<body>``, a stray tag libxml2
   dropped). The line number of each tag, compared with ``sourceline``, says which
   side to skip; on minified one-line pages a short look-ahead on tag names decides.
3. **Ends.** One pass over the tags with a stack of open elements: an end tag closes
   the innermost open element of its name (and everything opened inside it); an
   element with no end tag ends where the tag that closed it begins, trailing
   whitespace excluded. Void and self-closed elements end with their start tag.
   Implied elements begin where the content that triggered them begins.
4. **Bytes** (:mod:`mainmark.page.byteoffsets`). Character offsets become byte offsets
   of the raw input, only when that is provably exact: the raw bytes decoded again with
   the same codec must give ``Page.text`` back (after the same-length substitutions
   :mod:`mainmark.page.parse` makes), and, unless each byte is one character or the
   codec is UTF-8 (whose strict decoding is one-to-one), re-encoding must give the bytes
   back. A byte-order mark shifts every offset by its length. Otherwise (lossy decoding
   with U+FFFD, mojibake repair, stateful codecs) every span is ``None``: no offsets
   rather than wrong ones.

**Lazily.** Only the main content's blocks are ever asked for, in document order, so
nothing runs at build time but a snapshot of what the cleaning stage will change:
the elements in document order, their names and their parents. The scan is one
C-level ``finditer`` whose matches are kept as they come (comments and raw text are
consumed inside the regex); steps 2-3 are one Python pass over them. Both advance a
batch of tokens at a time on each ``span()`` call, and only until the element asked
for is closed: the footer and trailing scripts are never scanned. Step 4 runs on the
first call and converts only the offsets asked for. The alignment waits for the scan
when its name look-ahead needs tokens not read yet, so the spans are exactly those of
a full pass.

**Compactly.** A big page has millions of tags, and the map is alive at the memory peak
(rendering). Matches are dropped once the pass has read them (only the look-ahead reads
past the cursor); per-element starts, ends and depths are machine integers in arrays; tag
names are one string per distinct name; the raw input is decoded again block by block to
check it against the text, never whole; and an element is found by a C-level search near
the one asked for before it (the order rendering asks in), so no index of every element
is kept unless that search misses. Element depths come from one stack pass over the
parents captured at build, not from an index of the elements. Rendering asks for the
positions of all its blocks' elements at once (:meth:`SourceMap.locate`) and then for
their spans in one call (:meth:`SourceMap.spans_at`): the map lets go of the element
proxies there.
"""

from __future__ import annotations

import re
import sys
from array import array
from collections.abc import Callable, Sequence
from itertools import islice
from operator import attrgetter

from lxml import etree
from lxml.html import HtmlElement

from mainmark.model import EncodingInfo
from mainmark.page.byteoffsets import Shift, byte_mapper
from mainmark.page.parse import Page

_NAME = r"[A-Za-z][^\t\n\f\r />]*"
# An attribute: a name, then optionally = and a quoted or unquoted value (HTML5 rules:
# a quote only delimits a value that starts with it).
_ATTR = r"""[^\s/>][^\s/>=]*(?:\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*))?"""
# What follows a start tag's name, up to its ">". The first branch is a fast path
# for the usual ` name="value"`, ` name='value'`, ` name=value`, ` name`, each read
# exactly as _ATTR reads it, then plain text up to ">"; it fails when a quote is left
# that it cannot place, and the _ATTR loop reads the tag again, so a ">" inside a
# quoted value never ends it.
_FAST_ATTR = r"""\s+[^\s/>="']+(?:=(?:"[^"]*"|'[^']*'|[^\s>"']+(?![^\s>])))?"""
_START_REST = rf"""(?:(?:{_FAST_ATTR})*[^"'>]*(?![^>])|(?:[\s/]+|{_ATTR})*)"""
_SELF_CLOSED = r"(?:(?<=/)(>)|>)?"
_TAG_STOP = r"(?=[\t\n\f\r />]|\Z)"
#: Elements whose content libxml2 reads as text up to their end tag.
_RAW_TEXT = ("script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes")
# One token per match, told apart by ``lastindex``; the groups after a name mark
# where a start tag ends (``()``) and whether it ends with "/>":
#   1     an end tag (its name);
#   2-4   a plaintext start tag: the rest of the page is text;
#   5-7   a raw-text element's start tag, its text consumed up to ``</name``;
#   8, 9  any other start tag (9: self-closed);
#   none  a comment or a bogus comment, consumed whole (an unclosed one runs to the end).
# All of the page's tokens come out of one C-level ``finditer``. Tag names are ASCII
# case-insensitive, as in libxml2 (IGNORECASE alone would also fold the long s).
_TOKEN = re.compile(
    rf"<(?:/({_NAME})(?:[^>\"']+|\"[^\"]*\"|'[^']*')*>?"
    rf"|((?ai:plaintext)){_TAG_STOP}{_START_REST}{_SELF_CLOSED}()(?s:.*)"
    rf"|((?ai:{'|'.join(_RAW_TEXT)})){_TAG_STOP}{_START_REST}{_SELF_CLOSED}()"
    rf"(?:[^<]+|<(?!/(?ai:\5){_TAG_STOP}))*"
    rf"|({_NAME}){_START_REST}{_SELF_CLOSED}"
    r"|!--(?:-?>|[^-]*(?:-(?!-!?>)[^-]*)*--!?>|(?s:.*))"
    r"|[!?][^>]*>?)"
)
_END, _PLAINTEXT, _RAW, _START, _SELF_CLOSING = 1, 4, 7, 8, 9
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
     "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen"}
)
_SPACE = frozenset(" \t\r\n\f")
_LOOKAHEAD = 12
_MAX_LINE = 65535  # libxml2 stops counting lines there
#: Tokens scanned per step: small enough to stop soon after the element asked for.
_BATCH = 256
_tag_name = attrgetter("tag")
_sourceline = attrgetter("sourceline")
#: A page text this long is let go before rendering (:meth:`SourceMap.settle`).
SETTLE_MIN_CHARS = 1 << 20
_WAIT = -2  # a tag whose element is not decided yet
#: How far before and after the last element asked for the next one is looked for.
_SEARCH_BACK = 64
_SEARCH_AHEAD = 1 << 14

class SourceMap:
    """Maps an element of the parsed tree to its byte span in the raw input."""

    def __init__(self, source: _Source | None = None) -> None:
        self._source = source
        # Rendering asks for a block's first and last element, often the same one.
        self._last: tuple[HtmlElement | None, tuple[int, int] | None] = (None, None)

    def span(self, el: HtmlElement) -> tuple[int, int] | None:
        """``(start, end)`` byte offsets of ``el`` in the raw input, or ``None`` when the
        element is not in this map or offsets cannot be exact for this input."""
        if self._last[0] is el:
            return self._last[1]
        source = self._source
        if source is None:
            return None
        to_byte = source.to_byte()
        chars = source.char_span(el) if to_byte is not None else None
        if chars is None or to_byte is None:
            return None
        span = to_byte(chars[0]), to_byte(chars[1])
        self._last = (el, span)
        return span

    def locate(self, elements: Sequence[HtmlElement | None]) -> array[int]:
        """The document positions of ``elements`` (-1 for ``None`` or an element not in
        the map), to ask :meth:`span_at` for. The map lets go of its elements here: it
        keeps only machine integers from now on, so the element proxies (and their
        cached tag names) are freed as the caller drops its own references, and
        :meth:`span` no longer finds any element."""
        source = self._source
        if source is None:
            return array("q", [-1]) * len(elements)
        self._last = (None, None)
        return source.locate(elements)

    def span_at(self, at: int) -> tuple[int, int] | None:
        """:meth:`span` of the element at document position ``at`` (from :meth:`locate`)."""
        source = self._source
        if source is None:
            return None
        to_byte = source.to_byte()
        if to_byte is None or at < 0:
            return None
        chars = source.engine.resolve(at)
        return None if chars is None else (to_byte(chars[0]), to_byte(chars[1]))

    def spans_at(self, where: array[int]) -> array[int]:
        """:meth:`span_at` of every position of ``where`` at once, as start and end pairs
        (-1, -1 for no span): rendering asks for all its blocks together, so the byte
        mapper is fetched once and a one-byte-a-character page maps nothing."""
        out = array("q", [-1]) * (2 * len(where))
        source = self._source
        to_byte = source.to_byte() if source is not None else None
        if source is None or to_byte is None:
            return out
        resolve = source.engine.resolve
        shift = 0 if to_byte is _same else to_byte.bom if isinstance(to_byte, Shift) else -1
        for k, at in enumerate(where):
            if at >= 0:
                chars = resolve(at)
                if chars is None:
                    continue
                if shift >= 0:
                    out[2 * k], out[2 * k + 1] = chars[0] + shift, chars[1] + shift
                else:
                    out[2 * k], out[2 * k + 1] = to_byte(chars[0]), to_byte(chars[1])
        return out

    def char_span(self, el: HtmlElement) -> tuple[int, int] | None:
        """The same span in characters of ``Page.text`` (for tests and debugging)."""
        source = self._source
        if source is None or source.to_byte() is None:
            return None
        return source.char_span(el)

    def settle(self) -> None:
        """Finish the map and let the page's text go, on a big page: every element's
        span is resolved (a full pass, the spans those of the lazy one) and turned into
        bytes, so rendering's walk runs without a copy of the page's text beside the
        tree. From then on the map answers in bytes only (``char_span`` gives the same
        byte offsets). A small page's text costs nothing worth the full pass: no-op."""
        source = self._source
        if source is not None and len(source.text) >= SETTLE_MIN_CHARS:
            source.settle()

    @property
    def scanned(self) -> int:
        """How many characters of ``Page.text`` the tag scan has read so far: laziness
        made visible, for tests and profiling."""
        return 0 if self._source is None else self._source.engine.scanned


def build_source_map(page: Page, raw: bytes, encoding: EncodingInfo) -> SourceMap:
    """Snapshot the tree as the parser left it; the work happens on the first
    :meth:`SourceMap.span`. Never raises (a hostile page gives an empty map)."""
    if page.root is None:
        return SourceMap()
    elements: list[HtmlElement] = list(page.root.iter(etree.Element))
    # one string object per distinct tag name, not one per element
    names: list[str] = list(map(sys.intern, map(_tag_name, elements)))
    parents = list(map(HtmlElement.getparent, elements))
    return SourceMap(_Source(page.text, raw, encoding, _Engine(page.text, elements, names,
                                                               parents)))


class _Source:
    """What a map needs beyond the tags: the element positions and the byte conversion,
    both made on first use."""

    def __init__(self, text: str, raw: bytes, encoding: EncodingInfo, engine: _Engine) -> None:
        self.text, self.raw, self.encoding, self.engine = text, raw, encoding, engine
        self._mapper: Callable[[int], int] | None = None
        self._mapper_done = False
        self._index: dict[object, int] | None = None
        self._cursor = 0

    def settle(self) -> None:
        engine = self.engine
        if engine.released or not engine.text:
            return
        to_byte = self.to_byte()
        self.link()
        engine.finish()
        if to_byte is not None:
            _to_bytes(engine.starts, engine.ends, to_byte)
            self._mapper = _same
        self.text = engine.text = ""

    def to_byte(self) -> Callable[[int], int] | None:
        if not self._mapper_done:
            self._mapper = byte_mapper(self.text, self.raw, self.encoding)
            self._mapper_done = True
            self.raw = b""  # the map no longer needs it; do not keep a copy alive
        return self._mapper

    def char_span(self, el: HtmlElement) -> tuple[int, int] | None:
        at = self._position(el)
        return None if at < 0 else self.engine.resolve(at)

    def locate(self, elements: Sequence[HtmlElement | None]) -> array[int]:
        engine = self.engine
        if engine.released:
            return array("q", [-1]) * len(elements)
        self.link()
        where = array("q", [-1 if el is None else self._position(el) for el in elements])
        self._index = None
        engine.release()
        return where

    def link(self) -> None:
        """Each element's depth, from the parents captured at build."""
        engine = self.engine
        if engine.parents and not engine.released:
            engine.link_parents()

    def _position(self, el: HtmlElement) -> int:
        """The document position of ``el``. Rendering asks in document order, so a C-level
        search near the last answer finds it; the full index (about 70 bytes an element,
        at the memory peak of a big page) is built only when that search misses."""
        elements, engine = self.engine.elements, self.engine
        if engine.released:
            return -1
        self.link()  # first call: the elements' depths
        index = self._index
        if index is None:
            lo = max(0, self._cursor - _SEARCH_BACK)
            try:
                at = self._cursor = elements.index(el, lo, self._cursor + _SEARCH_AHEAD)
            except ValueError:
                index = self._index = dict(zip(elements, range(len(elements)), strict=True))
            else:
                return at
        return index.get(el, -1)


# ------------------------------------------------------------------------------ tags


class _Engine:
    """The scan cursor and the alignment-and-ends cursor over one page, advanced only
    as far as a request needs (see the module docstring)."""

    def __init__(self, text: str, elements: list[HtmlElement], names: list[str],
                 parents: list[HtmlElement | None]) -> None:
        self.text, self.elements, self.names, self.parents = text, elements, names, parents
        n = len(elements)
        # The tokens not consumed yet (a window: consumed ones are dropped, a match
        # object costs a few hundred bytes and a big page has millions of tags).
        self.tags: list[re.Match[str]] = []
        self.scanned = 0
        self.scan_done = False
        self._tokens = _TOKEN.finditer(text)
        # alignment: the next element to pair (i) and the next tag to read (t)
        self.i = self.t = self.next_el = self.prev_end = 0
        self.line_at, self.line_no = 0, 1
        self.stack: list[int] = []  # open elements
        # per element, machine integers rather than int objects in lists
        self.starts = array("q", [-1]) * n
        self.ends = array("q", [-1]) * n
        self.depth = array("i", [0]) * n  # the parser flattens nesting past FLATTEN_DEPTH
        self.complete = False
        #: Each element's ``sourceline`` (0 for none), once the elements are let go.
        self.lines: array[int] = array("i")
        self.released = False

    def release(self) -> None:
        """Keep what the alignment reads of the elements (their line numbers) and let
        the elements go. A finished alignment (a settled map) reads no line again."""
        if not self.complete:
            self.lines = array("i", [line or 0 for line in map(_sourceline, self.elements)])
        self.elements = []
        self.released = True

    def link_parents(self) -> None:
        """Each element's depth in the tree as parsed. In document order an element's
        parent is on the path of open elements before it, so one pass with a stack finds
        it by identity: linear, and no index of every element is held."""
        elements, depth = self.elements, self.depth
        path: list[HtmlElement] = []
        pop, push = path.pop, path.append
        for i, parent in enumerate(self.parents):
            while path and path[-1] is not parent:
                pop()
            depth[i] = len(path)
            push(elements[i])
        self.parents = []

    def resolve(self, at: int) -> tuple[int, int] | None:
        """The character span of element ``at``, advancing until it is closed."""
        ends = self.ends
        while ends[at] < 0 and not self.complete:
            if not self.scan_done:
                self.scan(_BATCH)
            self.pair_and_close()
        start = self.starts[at]
        return None if start < 0 else (start, max(start, ends[at]))

    def finish(self) -> None:
        """Every element resolved; the scan's hold on the text let go."""
        while not self.complete:
            if not self.scan_done:
                self.scan(_BATCH)
            self.pair_and_close()
        self._tokens = iter(())
        self.tags = []

    def scan(self, budget: int) -> None:
        """Read ``budget`` more tokens: matches kept as they are, so no Python runs per
        token here; :meth:`pair_and_close` reads only what it needs from them."""
        tags = self.tags
        before = len(tags)
        tags.extend(islice(self._tokens, budget))
        if len(tags) - before < budget:
            self.scanned, self.scan_done = len(self.text), True
        elif tags:
            self.scanned = tags[-1].end()

    def pair_and_close(self) -> None:
        """Walk the scanned tokens: pair each start tag with the next element (on a
        mismatch, :meth:`_decide` says which side to skip), open and close elements.
        Names are compared as written first: libxml2's are lower case already."""
        text, tags, names = self.text, self.tags, self.names
        stack, starts, ends, depth = self.stack, self.starts, self.ends, self.depth
        i, next_el, prev_end, n_el = self.i, self.next_el, self.prev_end, len(names)
        for t in range(self.t, len(tags)):
            m = tags[t]
            kind = m.lastindex
            if kind == _END:
                name, end = m[_END], m.end()
                if stack and names[stack[-1]] == name:  # the well-formed case, kept cheap
                    ends[stack.pop()] = end
                else:
                    _close_named(stack, names, name.lower(), _rstrip(text, m.start()), end,
                                 ends)
                prev_end = end
                continue
            if kind is None:  # a comment
                continue
            if kind == _START:  # the usual start tag, read inline
                name, closed = m[_START], False
                start, end = m.span()
            else:
                name, start, end, closed = _start_tag(m, kind)
            if i < n_el and names[i] == name:  # the aligned case, kept cheap
                e = i
                i += 1
            else:
                name = name.lower()
                i, e = self._decide(t, i, name, end)
                if e == _WAIT:
                    break
                if e < 0:
                    prev_end = end
                    continue
            if next_el < e:  # elements with no tag of their own, before this one
                implied_at = _lstrip(text, prev_end, start)
                for implied in range(next_el, e):
                    level = depth[implied]
                    if stack and depth[stack[-1]] >= level:
                        _close_above(stack, depth, ends, level, _rstrip(text, implied_at))
                    starts[implied] = implied_at
                    stack.append(implied)
            next_el = e + 1
            level = depth[e]
            if stack and depth[stack[-1]] >= level:
                _close_above(stack, depth, ends, level, _rstrip(text, start))
            starts[e] = start
            if closed or name in _VOID:
                ends[e] = end
            else:
                stack.append(e)
            prev_end = end
        else:
            t = len(tags)
        self.i, self.next_el, self.prev_end = i, next_el, prev_end
        if t == len(tags) and self.scan_done:
            _close_above(stack, depth, ends, 0, _rstrip(text, len(text)))
            self.complete = True
        del tags[:t]  # consumed: only the look-ahead ever reads past the cursor
        self.t = 0

    def _decide(self, t: int, i: int, name: str, end: int) -> tuple[int, int]:
        """Names differ: ``(next element, element of tag t)``, the element -1 for a tag
        libxml2 dropped, or _WAIT when the look-ahead needs tags not yet scanned.
        Elements skipped on the way were implied. Line numbers decide first."""
        names = self.names
        while i < len(names):
            if names[i] == name:
                return i + 1, i
            el_line = self.lines[i] if self.released else self.elements[i].sourceline or 0
            line = self._line(end - 1)
            if 0 < el_line < _MAX_LINE and line < _MAX_LINE and line != el_line:
                # A tag before the element's line was dropped; an element before the
                # tag's line was implied by content that came earlier.
                if line < el_line:
                    return i, -1
                i += 1
                continue
            ahead = self._ahead(t)
            if ahead is None:
                return i, _WAIT
            if not _skip_element(names, ahead, i, 0):
                return i, -1
            i += 1
        return i, -1

    def _ahead(self, t: int) -> list[str] | None:
        """The names of start tag t and of the start tags after it, as many as the
        look-ahead reads, or None when the scan must go further first."""
        tags, ahead = self.tags, []
        for u in range(t, len(tags)):
            kind = tags[u].lastindex
            if kind is not None and kind != _END:
                ahead.append(_start_tag(tags[u], kind)[0].lower())
                if len(ahead) == _LOOKAHEAD:
                    return ahead
        return ahead if self.scan_done else None

    def _line(self, at: int) -> int:
        """Line number of offset ``at``; asked in increasing order, so counted on."""
        if at < self.line_at:
            self.line_at, self.line_no = 0, 1
        self.line_no += self.text.count("\n", self.line_at, at)
        self.line_at = at
        return self.line_no


def _same(at: int) -> int:
    return at


def _to_bytes(starts: array[int], ends: array[int], to_byte: Callable[[int], int]) -> None:
    """Each resolved element's character span as bytes, in place; an end before its
    start becomes the start, as :meth:`_Engine.resolve` answers it."""
    if isinstance(to_byte, Shift) and not to_byte.bom:  # one byte a character
        return
    for i, start in enumerate(starts):
        if start >= 0:
            end = ends[i]
            starts[i] = to_byte(start)
            ends[i] = to_byte(end) if end > start else starts[i]


def _start_tag(m: re.Match[str], kind: int) -> tuple[str, int, int, bool]:
    """Name as written, start, end and self-closing of a start-tag token; a raw-text
    element's token runs on over its text, its tag ends at the empty group."""
    if kind == _START:
        return m[_START], m.start(), m.end(), False
    if kind == _SELF_CLOSING:
        return m[_START], m.start(), m.end(), True
    if kind == _RAW:
        return m[5], m.start(), m.end(_RAW), m[6] is not None
    return m[2], m.start(), m.end(_PLAINTEXT), m[3] is not None


def _skip_element(el_names: list[str], names: list[str], i: int, k: int) -> bool:
    """On a name mismatch, is the element implied (True) or the tag dropped (False)?
    The nearer resynchronisation wins; a tie goes to implied elements, which libxml2
    creates far more often than it drops tags."""
    tag_name = names[k]
    skip_el = next(
        (a for a in range(1, _LOOKAHEAD) if i + a < len(el_names)
         and el_names[i + a] == tag_name),
        _LOOKAHEAD,
    )
    el_name = el_names[i]
    skip_tag = next(
        (b for b in range(1, _LOOKAHEAD) if k + b < len(names) and names[k + b] == el_name),
        _LOOKAHEAD,
    )
    return skip_el <= skip_tag


def _close_above(stack: list[int], depth: array[int], ends: array[int], level: int,
                 end: int) -> None:
    while stack and depth[stack[-1]] >= level:
        ends[stack.pop()] = end


def _close_named(
    stack: list[int], names: list[str], name: str, inner_end: int, end: int,
    ends: array[int],
) -> None:
    """An end tag closes the innermost open element of its name, and the ones opened
    inside it, which end where their content does; a stray end tag is ignored."""
    for pos in range(len(stack) - 1, max(-1, len(stack) - 257), -1):
        if names[stack[pos]] == name:
            while len(stack) > pos + 1:
                ends[stack.pop()] = inner_end
            ends[stack.pop()] = end
            return


def _rstrip(text: str, at: int) -> int:
    while at > 0 and text[at - 1] in _SPACE:
        at -= 1
    return at


def _lstrip(text: str, at: int, limit: int) -> int:
    while at < limit and text[at] in _SPACE:
        at += 1
    return at


# ----------------------------------------------------------------------------- bytes


__all__ = ["SourceMap", "build_source_map"]
