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
4. **Bytes.** Character offsets become byte offsets of the raw input, only when that
   is provably exact: the raw bytes decoded again with the same codec must give
   ``Page.text`` back (after the same-length substitutions :mod:`mainmark.parse`
   makes), and, unless each byte is one character, re-encoding must give the bytes
   back. A byte-order mark shifts every offset by its length. Otherwise (lossy
   decoding with U+FFFD, mojibake repair, stateful codecs) every span is ``None``:
   no offsets rather than wrong ones.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left
from collections.abc import Callable

from lxml.html import HtmlElement

from .model import EncodingInfo, EncodingSignal
from .parse import FLATTEN_DEPTH, Page, flatten_deep, sanitize

_NAME = r"[A-Za-z][^\t\n\f\r />]*"
# An attribute: a name, then optionally = and a quoted or unquoted value (HTML5 rules:
# a quote only delimits a value that starts with it).
_ATTR = r"""[^\s/>][^\s/>=]*(?:\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*))?"""
_OPEN = re.compile(r"<(?:(/)?([A-Za-z][^\t\n\f\r />]*)|(!--)|[!?])")
_START_TAG = re.compile(rf"<{_NAME}(?:[\s/]+|{_ATTR})*>?")
_END_TAG = re.compile(rf"</{_NAME}(?:[^>\"']|\"[^\"]*\"|'[^']*')*>?")
_COMMENT_CLOSE = re.compile(r"--!?>")
_NEWLINE = re.compile("\n")
#: Elements whose content libxml2 reads as text up to their end tag.
_RAW_TEXT = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"}
)
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
     "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen"}
)
_SPACE = frozenset(" \t\r\n\f")
_TAG_STOP = frozenset(("\t", "\n", "\f", "\r", " ", "/", ">", ""))
_LOOKAHEAD = 12
_MAX_LINE = 65535  # libxml2 stops counting lines there
_CHECKPOINT = 1024

# A scanned tag: (kind, name, start, end); kind 0 = start, 1 = self-closed start,
# 2 = end tag. Plain tuples: there are thousands per page and this is the hot path.
_Tag = tuple[int, str, int, int]


class SourceMap:
    """Maps an element of the parsed tree to its byte span in the raw input."""

    def __init__(
        self,
        spans: dict[HtmlElement, tuple[int, int]] | None = None,
        to_byte: Callable[[int], int] | None = None,
    ) -> None:
        self._spans = spans or {}
        self._to_byte = to_byte

    def span(self, el: HtmlElement) -> tuple[int, int] | None:
        """``(start, end)`` byte offsets of ``el`` in the raw input, or ``None`` when the
        element is not in this map or offsets cannot be exact for this input."""
        chars = self._spans.get(el)
        if chars is None or self._to_byte is None:
            return None
        return self._to_byte(chars[0]), self._to_byte(chars[1])

    def char_span(self, el: HtmlElement) -> tuple[int, int] | None:
        """The same span in characters of ``Page.text`` (for tests and debugging)."""
        return self._spans.get(el)


def build_source_map(page: Page, raw: bytes, encoding: EncodingInfo) -> SourceMap:
    """Scan, align and convert; never raises (a hostile page gives an empty map)."""
    if page.root is None:
        return SourceMap()
    to_byte = _byte_mapper(page.text, raw, encoding)
    if to_byte is None:
        return SourceMap()
    text = page.text
    tags = _scan(text)
    elements = [el for el in page.root.iter() if isinstance(el.tag, str)]
    pairs = _align(elements, tags, text)
    spans = _spans(text, elements, pairs, tags)
    return SourceMap(spans, to_byte)


def _scan(text: str) -> list[_Tag]:
    """Start and end tags in text order. One C-level regex finds every ``<`` that opens
    markup; Python only looks at those, skipping the ones inside comments, raw text and
    attribute values."""
    tags: list[_Tag] = []
    append = tags.append
    find = text.find
    skip = 0
    n = len(text)
    search = _OPEN.search
    while True:
        m = search(text, skip)
        if m is None:
            break
        start = m.start()
        name = m.group(2)
        if name is None:  # comment or bogus comment
            skip = _comment_end(text, start) if m.group(3) else (find(">", start) + 1 or n)
            continue
        end = find(">", m.end())
        end = n if end < 0 else end + 1
        if find('"', start, end) >= 0 or find("'", start, end) >= 0:
            end = _tag_end(text, start, bool(m.group(1)))
        skip = end
        name = name.lower()
        if m.group(1):
            append((2, name, start, end))
            continue
        append((1 if text[end - 2 : end] == "/>" else 0, name, start, end))
        if name in _RAW_TEXT:
            skip = _raw_text_end(text, name, end)
        elif name == "plaintext":
            break
    return tags


def _raw_text_end(text: str, name: str, at: int) -> int:
    """Where the raw text of a script/style/... ends: at its ``</name`` (any case).
    A literal ``find`` loop: a case-insensitive regex search crawls through big scripts."""
    size = len(name) + 2
    while True:
        at = text.find("</", at)
        if at < 0:
            return len(text)
        stop = text[at + size : at + size + 1]
        if stop in _TAG_STOP and text[at + 2 : at + size].lower() == name:
            return at
        at += 2


def _tag_end(text: str, start: int, is_end: bool) -> int:
    """Where a tag with quotes in it ends: a quoted value may contain ``>``."""
    m = (_END_TAG if is_end else _START_TAG).match(text, start)
    return m.end() if m else start + 1


def _comment_end(text: str, start: int) -> int:
    if text.startswith(("<!-->", "<!--->"), start):
        return text.find(">", start) + 1
    m = _COMMENT_CLOSE.search(text, start + 4)
    return m.end() if m else len(text)


def _align(elements: list[HtmlElement], tags: list[_Tag], text: str) -> dict[int, int]:
    """Element index -> index in ``tags`` of its start tag, for elements that have one.

    Equal names pair up (the common case, kept cheap: no line numbers read). On a
    mismatch, line numbers decide which side to skip, then a name look-ahead."""
    starts = [i for i, t in enumerate(tags) if t[0] != 2]
    names = [tags[i][1] for i in starts]
    el_names = [el.tag for el in elements]
    newlines: list[int] = []
    pairs: dict[int, int] = {}
    i = k = 0
    n_el, n_tag = len(elements), len(starts)
    while i < n_el and k < n_tag:
        if el_names[i] == names[k]:
            pairs[i] = starts[k]
            i += 1
            k += 1
            continue
        if not newlines:
            newlines = [m.start() for m in _NEWLINE.finditer(text)] or [len(text)]
        el_line = elements[i].sourceline or 0
        line = bisect_left(newlines, tags[starts[k]][3] - 1) + 1
        if 0 < el_line < _MAX_LINE and line < _MAX_LINE and line != el_line:
            # A tag before the element's line was dropped; an element before the tag's
            # line was implied by content that came earlier.
            if line < el_line:
                k += 1
            else:
                i += 1
        elif _skip_element(el_names, names, i, k):
            i += 1
        else:
            k += 1
    return pairs


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


def _spans(
    text: str, elements: list[HtmlElement], pairs: dict[int, int], tags: list[_Tag]
) -> dict[HtmlElement, tuple[int, int]]:
    names = [el.tag for el in elements]
    depth = _depths(elements)
    tag_to_el = {t: e for e, t in pairs.items()}
    ends: dict[int, int] = {}
    starts: dict[int, int] = {}
    stack: list[int] = []  # element indexes of open elements
    next_el = prev_end = 0

    def close_above(level: int, at: int) -> None:
        end = _rstrip(text, at)
        while stack and depth[stack[-1]] >= level:
            ends[stack.pop()] = end

    for t, (kind, name, start, end) in enumerate(tags):
        if kind == 2:
            if stack and names[stack[-1]] == name:  # the well-formed case, kept cheap
                ends[stack.pop()] = end
            else:
                _close_named(stack, names, name, _rstrip(text, start), end, ends)
            prev_end = end
            continue
        e = tag_to_el.get(t)
        if e is None:
            prev_end = end
            continue
        if next_el < e:  # elements with no tag of their own, before this one
            implied_at = _lstrip(text, prev_end, start)
            for implied in range(next_el, e):
                if stack and depth[stack[-1]] >= depth[implied]:
                    close_above(depth[implied], implied_at)
                starts[implied] = implied_at
                stack.append(implied)
        next_el = e + 1
        if stack and depth[stack[-1]] >= depth[e]:
            close_above(depth[e], start)
        starts[e] = start
        if kind == 1 or name in _VOID:
            ends[e] = end
        else:
            stack.append(e)
        prev_end = end
    close_above(0, len(text))
    return {elements[e]: (s, max(s, ends[e])) for e, s in starts.items()}


def _close_named(
    stack: list[int], names: list[str], name: str, inner_end: int, end: int,
    ends: dict[int, int],
) -> None:
    """An end tag closes the innermost open element of its name, and the ones opened
    inside it, which end where their content does; a stray end tag is ignored."""
    for pos in range(len(stack) - 1, max(-1, len(stack) - 257), -1):
        if names[stack[pos]] == name:
            while len(stack) > pos + 1:
                ends[stack.pop()] = inner_end
            ends[stack.pop()] = end
            return


def _depths(elements: list[HtmlElement]) -> list[int]:
    index = {el: i for i, el in enumerate(elements)}
    depth = [0] * len(elements)
    for i, el in enumerate(elements):
        parent = el.getparent()
        if parent is not None:
            depth[i] = depth[index[parent]] + 1 if parent in index else 0
    return depth


def _rstrip(text: str, at: int) -> int:
    while at > 0 and text[at - 1] in _SPACE:
        at -= 1
    return at


def _lstrip(text: str, at: int, limit: int) -> int:
    while at < limit and text[at] in _SPACE:
        at += 1
    return at


# ----------------------------------------------------------------------------- bytes


def _byte_mapper(text: str, raw: bytes, encoding: EncodingInfo) -> Callable[[int], int] | None:
    """A function from a character offset of ``text`` to a byte offset of ``raw``, or
    ``None`` when no exact one exists (see the module docstring)."""
    codec, bom = _codec(raw, encoding)
    if codec is None:
        return None
    if bom and text.startswith("\ufeff"):  # the decoder kept the mark as a character
        bom = 0
    body = raw[bom:]
    errors = "surrogatepass" if codec == "utf-8" else "strict"
    try:
        decoded = body.decode(codec, errors)
    except (UnicodeDecodeError, LookupError):
        return None
    if decoded != text and not _parses_to(decoded, text):
        return None
    if len(decoded) == len(body):  # one byte per character
        return lambda c: c + bom
    try:
        if decoded.encode(codec, errors) != body:
            return None
    except UnicodeEncodeError:
        return None
    marks, acc = [0], 0
    for at in range(0, len(decoded), _CHECKPOINT):
        acc += len(decoded[at : at + _CHECKPOINT].encode(codec, errors))
        marks.append(acc)

    def to_byte(c: int) -> int:
        block = min(c // _CHECKPOINT, len(marks) - 1)
        base = block * _CHECKPOINT
        return bom + marks[block] + len(decoded[base:c].encode(codec, errors))

    return to_byte


def _parses_to(decoded: str, text: str) -> bool:
    """Is ``text`` what :func:`mainmark.parse.parse` makes of ``decoded``? Its changes
    keep every character offset, so offsets found in ``text`` hold in ``decoded``."""
    if len(decoded) != len(text):
        return False
    cleaned = sanitize(decoded)
    if cleaned == text:
        return True
    return any(flatten_deep(cleaned, limit) == text
               for limit in (FLATTEN_DEPTH, FLATTEN_DEPTH // 8))


_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
_STATEFUL = frozenset({"utf-7", "hz", "iso2022_jp", "iso2022_kr", "iso2022_jp_1",
                       "iso2022_jp_2", "iso2022_jp_2004", "iso2022_jp_3", "iso2022_jp_ext"})


def _codec(raw: bytes, encoding: EncodingInfo) -> tuple[str | None, int]:
    """The stateless codec the text was decoded with, and the length of a BOM to skip."""
    if encoding.mojibake_repaired or encoding.replaced:
        return None, 0
    if encoding.signal is EncodingSignal.STR:
        return "utf-8", 0
    for mark, name in _BOMS:
        if raw.startswith(mark):
            return name, len(mark)
    try:
        name = codecs.lookup(encoding.name).name
    except LookupError:
        return None, 0
    if name in ("utf-16", "utf-32") or name.replace("-", "_") in _STATEFUL:
        return None, 0
    return ("utf-8" if name == "utf-8" else name), 0


__all__ = ["SourceMap", "build_source_map"]

