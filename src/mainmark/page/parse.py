"""Text to an lxml tree that tolerates whatever real pages contain.

libxml2's HTML parser already repairs unclosed ``<p>``, stray end tags and
misnested markup. What it does not survive is handled here, always with
same-length substitutions so ``Page.text`` keeps the decoded text's character
offsets (the source map relies on them):

* an XML declaration with an ``encoding`` attribute in a str (lxml refuses it):
  blanked with spaces;
* NUL, C0 controls and lone surrogates (a surrogate silently ends the parse,
  dropping the rest of the page; a control character in the tree makes any later
  ``el.text = ...`` raise): replaced with U+FFFD, as the HTML tokenizer does for
  NUL, and form feed with a space;
* nesting deeper than libxml2's limit (2048 levels even with ``huge_tree``):
  libxml2 stops with a fatal error and the tree it returns has lost everything
  from the deep point on, including the content *after* the deep nest. We
  detect that error and parse again with the start and end tags beyond depth
  512 blanked, which keeps every piece of text in document order and flattens
  only the pathological part;
* an ``</html>`` or ``</body>`` end tag with content after it: libxml2 ends the
  document at ``</html>`` and drops the rest, and puts what follows ``</body>`` outside
  the body, where no content stage looks (a page glued after another, a template's
  stray end tags before the content, trailing scripts). An HTML5 parser keeps both in
  the body. Such end tags are blanked with spaces (see :func:`neutralise_html_end`);
* an unclosed ``<title>`` or ``<textarea>``: both read as raw text up to their end tag,
  so one that is never closed swallows the rest of the page (an HTML5 parser loses it
  too). When the last element of the tree is such an element holding markup, its start
  tag is blanked and the page parsed again (see :func:`unclose_runaway`).

:func:`replays` lists every text :func:`parse` may store for an input, so the source map
can prove the offsets hold.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from mainmark.page.urls import safe_base

# An XML declaration carrying an encoding attribute makes lxml refuse a str input
# ("Unicode strings with encoding declaration are not supported").
_XML_DECL = re.compile(r"^[\s\ufeff]*<\?xml[^>]*>", re.IGNORECASE)
# Characters lxml accepts in a parsed document but refuses when a later stage sets them
# as element text ("All strings must be XML compatible"), and lone surrogates, which end
# the parse early. Form feed is HTML whitespace; the rest become U+FFFD.
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")
_BAD_NOT_FF = re.compile("[\x00-\x08\x0b\x0e-\x1f\ud800-\udfff]")

#: Depth past which nesting is flattened when libxml2 gave up on the page.
FLATTEN_DEPTH = 512
# Elements that never nest (void) or whose end tag is optional: an unclosed run of
# <p> or <li> does not deepen the tree, so they are not counted.
_VOID = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
})
_OPTIONAL_END = frozenset({
    "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot",
    "colgroup", "rt", "rp",
})
_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<(script|style|textarea|title|xmp)\b[^>]*>.*?(?:</\1\s*>|\Z)"
    r"|<(/?)([a-zA-Z][^\s/>]*)[^>]*>",
    re.DOTALL | re.IGNORECASE,
)


#: Attributes kept on one start tag; the rest are blanked before parsing. libxml2 checks
#: each new attribute against the ones before it, quadratic in their number (80,000 on one
#: element took 41 s); no real element carries anywhere near this many.
MAX_ATTRIBUTES = 256
# A start tag and its attributes, written so that no part can match the same characters
# two ways: a name holds no space, ``=`` or quote, a value is quoted or has no space.
_START_TAG = re.compile(
    r"<[a-zA-Z][^\s/>]*"
    r"(?:\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'>]+))?)*"
)
_ATTRIBUTE = re.compile(r"\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'>]+))?")
# One attribute read along the one path _START_TAG takes (every quantifier possessive:
# the attribute grammar is unambiguous, so the greedy path is the only match). One C-level
# pass over the page with it answers "is there anything to cap?" (_within_cap) in about
# 60% of the time of walking every tag in Python, and the walk runs only when there is.
_POSSESSIVE_ATTRIBUTE = (r"\s++[^\s\"'>/=]++"
                         r"(?:\s*+=\s*+(?:\"[^\"]*+\"|'[^']*+'|[^\s\"'>]++))?+")


@dataclass(slots=True)
class Page:
    """A parsed page. ``root`` is ``None`` only when nothing could be parsed at all."""

    root: HtmlElement | None
    #: Exactly the text lxml parsed; same character offsets as the decoded input.
    text: str
    url: str | None = None
    warnings: list[str] = field(default_factory=list)
    #: ``False`` once a walk of the whole tree found no ``<base>`` element: the stages
    #: after it only remove elements, so :attr:`base_url` is the page URL without a search.
    may_have_base: bool = True

    @property
    def base_url(self) -> str | None:
        """The URL relative links resolve against: ``<base href>`` joined onto the page URL."""
        if self.root is None or not self.may_have_base:
            return self.url
        # The first <base> with an href in document order (what ``//base/@href`` finds
        # first), by a tag-filtered walk in C that stops there: selection asks this once
        # per collected candidate, and a compiled-per-call XPath cost 1% of extract().
        for base in self.root.iter("base"):
            href = base.get("href")
            if href is not None:
                return safe_base(href, self.url)
        return self.url


_LOOKUP = etree.ElementDefaultClassLookup(
    element=lxml.html.HtmlElement, comment=lxml.html.HtmlComment,
    pi=lxml.html.HtmlProcessingInstruction, entity=lxml.html.HtmlEntity,
)


def _parser() -> lxml.html.HTMLParser:
    # huge_tree lifts libxml2's 256-level depth limit to 2048 and its 10 MB text-node limit.
    # The text is handed over as UTF-8 bytes (see _parse_once), so the parser is told so.
    parser = lxml.html.HTMLParser(huge_tree=True, remove_comments=False, remove_pis=True,
                                  encoding="utf-8")
    # lxml.html's default lookup runs a Python callback for every element proxy (to hand
    # out FormElement, InputElement, ...); we need none of those, and a C-level default
    # lookup makes every tree walk measurably cheaper.
    parser.set_element_class_lookup(_LOOKUP)
    return parser


_CONTROLS = tuple(chr(c) for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)))
_CONTROL_BYTES = tuple(c.encode("ascii") for c in _CONTROLS)


def _has_bad_chars(text: str) -> bool:
    """Same answer as ``_BAD_CHARS.search``, several times faster on big pages (see
    :func:`_scanned`)."""
    return _scanned(text, None)[0]


def _scanned(text: str, utf8: bytes | None) -> tuple[bool, bytes | None]:
    """``(has bad characters, text in UTF-8 or None)``; ``utf8``, the text's UTF-8 when
    the caller holds it.

    Substring tests run in C, and lone surrogates can only exist in non-ASCII text that
    UTF-8 refuses to encode. Non-ASCII text is encoded once anyway (for the surrogates;
    the parser reads these bytes, see :func:`_parse_once`), and its control characters
    are then looked for as bytes: UTF-8 writes a character below U+0080 as that one byte
    and no other character with a byte below 0x80, and a byte search is a plain
    ``memchr`` where a search in a two- or four-byte string is not."""
    if utf8 is None:
        if text.isascii():
            return any(c in text for c in _CONTROLS), None
        try:
            utf8 = text.encode("utf-8")
        except UnicodeEncodeError:
            return True, None
    return any(c in utf8 for c in _CONTROL_BYTES), utf8


def sanitize(text: str) -> str:
    """Same-length substitutions that make any str acceptable to lxml (and to lxml's
    text setters later); what ``Page.text`` is, relative to the decoded text."""
    return _sanitized(text, None)[0]


def _sanitized(text: str, utf8: bytes | None) -> tuple[str, bytes | None]:
    """:func:`sanitize`'s text, and its UTF-8 encoding when it was at hand (``utf8``, the
    encoding of ``text``) or made on the way; ``None`` when the text changed."""
    cleaned = _XML_DECL.sub(lambda m: " " * len(m.group()), text, count=1)
    bad, utf8 = _scanned(cleaned, utf8 if cleaned is text else None)
    if bad:
        return _BAD_NOT_FF.sub("\ufffd", cleaned).replace("\x0c", " "), None
    return cleaned, utf8


@functools.lru_cache(maxsize=4)
def _within_cap(cap: int) -> re.Pattern[str]:
    """The whole text as :func:`cap_attributes` walks it (text up to a ``<``, a ``<`` that
    opens no tag, a start tag read whole), every tag holding at most ``cap`` attributes: a
    ``fullmatch`` fails exactly when some tag would be blanked. One C-level pass, each
    character read once, so it stays linear where a search restarted at every ``<``
    (``<a<a<a...``) would not."""
    tag = rf"<[a-zA-Z][^\s/>]*+(?:{_POSSESSIVE_ATTRIBUTE}){{0,{cap}}}+(?!{_POSSESSIVE_ATTRIBUTE})"
    return re.compile(rf"(?:[^<]++|<(?![a-zA-Z])|{tag})*+")


def cap_attributes(text: str, cap: int = MAX_ATTRIBUTES) -> str:
    """Blank (with spaces, so offsets hold) every attribute of a start tag past the
    ``cap``-th. One linear pass: only a tag long enough to hold ``cap`` attributes is
    looked into."""
    if len(text) < 2 * cap or _within_cap(cap).fullmatch(text):
        return text
    out: list[str] = []
    last = 0
    for tag in _START_TAG.finditer(text):
        if tag.end() - tag.start() <= 2 * cap:
            continue
        attrs = _ATTRIBUTE.finditer(text, tag.start(), tag.end())
        kept = next(itertools.islice(attrs, cap - 1, None), None)
        if kept is None or kept.end() >= tag.end():
            continue
        out.append(text[last:kept.end()])
        out.append(" " * (tag.end() - kept.end()))
        last = tag.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# libxml2 (2.14) treats the first </html> end tag as the end of the document, and hangs
# what follows a </body> beside the body instead of in it; an HTML5 parser only notes
# the parse error and puts what follows either into the body.
_DOC_END = re.compile(r"</(?:html|body)\b[^>]*>", re.IGNORECASE)
_NON_SPACE = re.compile(r"\S")


def neutralise_html_end(text: str) -> str:
    """Blank every ``</body>`` and ``</html>`` end tag (same length) when anything but
    whitespace and such end tags follows the first one; otherwise return ``text`` itself.

    The check is one regex search for the first end tag (a few ms per MB, in C) and a
    look past it; the substitution runs only on pages that need it. Blanking is safe
    where the tag sits in a script or comment too: these end tags mean nothing to a tree
    besides what libxml2 makes of them, and the text keeps its offsets.
    """
    found = _DOC_END.search(text)
    if found is None:
        return text
    pos = found.end()
    while True:
        nxt = _NON_SPACE.search(text, pos)
        if nxt is None:
            return text
        tag = _DOC_END.match(text, nxt.start())
        if tag is None:
            break
        pos = tag.end()
    start = found.start()  # the first end tag is usually near the end: rewrite only the tail
    return text[:start] + _DOC_END.sub(lambda m: " " * len(m.group()), text[start:])


def prepare(text: str) -> str:
    """Every same-length change :func:`parse` makes before its first parse (the source
    map replays it to prove that ``Page.text`` offsets hold in the decoded text)."""
    return _prepared(text, None)[0]


def _prepared(text: str, utf8: bytes | None) -> tuple[str, bytes | None]:
    """:func:`prepare`'s text, with its UTF-8 encoding when one is at hand (see
    :func:`_sanitized`): the other changes are rare and return the text itself."""
    cleaned, utf8 = _sanitized(text, utf8)
    prepared = neutralise_html_end(cap_attributes(cleaned))
    return prepared, utf8 if prepared is cleaned else None


#: Raw-text elements whose text, when never closed, runs to the end of the document. Only
#: these two hold text meant as text: an unclosed script or style, if unblanked, would turn
#: code into page text.
RUNAWAY_TAGS = ("title", "textarea")
#: A runaway element holds at least this much text, markup included.
RUNAWAY_CHARS = 512
_MARKUP = re.compile(r"<[/!]?[a-zA-Z]")


def runaway_element(root: HtmlElement) -> str | None:
    """The tag of an unclosed title/textarea that swallowed markup, else ``None``.

    Such an element ran to the end of the input, so it is the tree's last element in
    document order: following last children costs the depth of the tree, nothing more.
    """
    el = root
    while len(el):
        el = el[-1]
    if el.tag not in RUNAWAY_TAGS:
        return None
    body = el.text or ""
    return str(el.tag) if len(body) >= RUNAWAY_CHARS and _MARKUP.search(body) else None


def unclose_runaway(text: str, tag: str) -> str:
    """Blank (same length) the start tag of the ``tag`` element that is never closed: the
    first ``<tag>`` after the last ``</tag>``. ``text`` itself when there is none."""
    last_end = 0
    for end in re.finditer(rf"</{tag}\b", text, re.IGNORECASE):
        last_end = end.end()
    start = re.compile(rf"<{tag}\b[^>]*>", re.IGNORECASE).search(text, last_end)
    if start is None:
        return text
    a, b = start.span()
    return text[:a] + " " * (b - a) + text[b:]


def replays(text: str) -> Iterator[str]:
    """Every text :func:`parse` may store as ``Page.text`` for the decoded ``text``."""
    cleaned = prepare(text)
    yield cleaned
    for limit in (FLATTEN_DEPTH, FLATTEN_DEPTH // 8):
        yield flatten_deep(cleaned, limit)
    for tag in RUNAWAY_TAGS:  # never flattened: that repair runs only on a shallow page
        yield unclose_runaway(cleaned, tag)


def _too_deep(parser: lxml.html.HTMLParser) -> bool:
    """libxml2 stops at the depth limit with a fatal error, so it is the last one logged;
    reading only that entry avoids building a Python object per ordinary HTML error."""
    last = parser.error_log.last_error
    return last is not None and "Excessive depth" in last.message


def _parse_once(text: str, url: str | None,
                utf8: bytes | None = None) -> tuple[HtmlElement | None, bool, str | None]:
    """``(root, hit_depth_limit, error)``; ``utf8``, the text's UTF-8 when at hand.

    libxml2 is handed UTF-8 bytes, not the str: lxml passes a str in its internal
    one-, two- or four-byte form, which libxml2 converts to UTF-8 as it reads, and the
    encoding here plus libxml2's own native read cost about an eighth less than that
    (same trees). :func:`sanitize` has replaced every lone surrogate, so the encoding
    cannot fail; ``surrogatepass`` only keeps a caller of this private function that
    skipped it from raising here rather than in the parser."""
    parser = _parser()
    try:
        data = text.encode("utf-8", "surrogatepass") if utf8 is None else utf8
        root = lxml.html.document_fromstring(data, parser=parser, base_url=url)
    except (etree.LxmlError, ValueError, TypeError) as exc:
        return None, _too_deep(parser), str(exc) or type(exc).__name__
    return root, _too_deep(parser), None


def flatten_deep(text: str, limit: int = FLATTEN_DEPTH) -> str:
    """Blank (with spaces) the start and end tags nested deeper than ``limit``.

    Depth is counted on the tag stream, skipping comments, raw-text elements and
    tags that do not nest; text is untouched and keeps its offsets.
    """
    flat = _VOID | _OPTIONAL_END
    blanks: list[tuple[int, int]] = []
    depth = 0
    for match in _TOKEN.finditer(text):
        name = match.group(3)
        if name is None or name.lower() in flat:
            continue
        if match.group(2):
            if depth > limit:
                blanks.append(match.span())
            depth = max(0, depth - 1)
        else:
            depth += 1
            if depth > limit:
                blanks.append(match.span())
    out: list[str] = []
    last = 0
    for start, end in blanks:
        out.append(text[last:start])
        out.append(" " * (end - start))
        last = end
    out.append(text[last:])
    return "".join(out)


def parse(text: str, *, url: str | None = None, utf8: bytes | None = None) -> Page:
    """Parse ``text``; never raises: a hopeless input gives ``Page(root=None)`` and a warning.

    ``utf8``: ``text`` encoded as UTF-8, when the caller holds it (the page's own bytes,
    decoded as UTF-8 with nothing replaced: :attr:`Decoded.utf8
    <mainmark.page.decode.Decoded.utf8>`); the parser reads UTF-8, and the text is
    then not encoded back."""
    cleaned, data = _prepared(text, utf8)
    if not cleaned.strip():
        return Page(None, cleaned, url, ["empty document"])
    root, too_deep, error = _parse_once(cleaned, url, data)
    warnings: list[str] = []
    if too_deep:
        for limit in (FLATTEN_DEPTH, FLATTEN_DEPTH // 8):
            flat = flatten_deep(cleaned, limit)
            flat_root, still_deep, _ = _parse_once(flat, url)
            if flat_root is not None and not still_deep:
                warnings.append(f"nesting deeper than {limit} levels flattened")
                return Page(flat_root, flat, url, warnings)
        warnings.append("nesting too deep: content past the parser's depth limit was lost")
    if root is None:
        return Page(None, cleaned, url, [*warnings, f"unparsable document: {error}"])
    if not too_deep:
        root, cleaned = _repair_runaway(root, cleaned, url, warnings)
    return Page(root, cleaned, url, warnings)


def _repair_runaway(root: HtmlElement, text: str, url: str | None,
                    warnings: list[str]) -> tuple[HtmlElement, str]:
    """Parse again without the start tag of an unclosed title/textarea, when there is one."""
    tag = runaway_element(root)
    if tag is None:
        return root, text
    fixed = unclose_runaway(text, tag)
    if fixed is text:
        return root, text
    again, too_deep, _ = _parse_once(fixed, url)
    if again is None or too_deep:
        return root, text
    warnings.append(f"an unclosed <{tag}> swallowed the rest of the page: its start tag "
                    "was dropped")
    return again, fixed
