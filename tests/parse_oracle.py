"""Test-only oracle: how much visible text mainmark's lxml tree holds, against an HTML5 parser.

html5lib implements the WHATWG tree construction algorithm, so its tree is what a browser
would show; libxml2 follows it in most places but not all (content after a stray
``</html>``, an unclosed ``<title>`` inside ``<svg>``...). Comparing the two trees' visible
text on real pages finds the places where our tree silently lost part of the page.
html5lib is pure Python and slow: it is a test dependency only, never imported by
``src/``.

"Visible text" is the word characters of the text nodes inside ``<body>`` and outside
elements that never render (script, style, template, noscript, title...), which is what
the content stage can select from: text libxml2 leaves outside ``<body>`` (after a stray
``</body>``) is lost to it as surely as text missing from the tree. Word characters
rather than raw characters, so that whitespace differences between the two tree
builders do not count.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from typing import Any

_WORD = re.compile(r"\w+")
_NONCHAR = re.compile("[\ufdd0-\ufdef\ufffe\uffff]")
#: Elements whose text is not on the rendered page.
HIDDEN = frozenset({"script", "style", "template", "noscript", "title", "head", "xmp",
                    "textarea", "iframe", "noembed", "noframes"})


def _local(tag: Any) -> str | None:
    """Lower-cased local name of an element, ``None`` for comments and PIs."""
    if not isinstance(tag, str):
        return None
    return tag.rsplit("}", 1)[-1].lower()


def visible_words(root: Any) -> int:
    """Word characters in the visible text under ``root`` (iterative, any depth)."""
    total = 0
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        el, closing = stack.pop()
        if closing:
            total += _count(el.tail)
            continue
        stack.append((el, True))
        name = _local(el.tag)
        if name is None or name in HIDDEN:
            continue
        total += _count(el.text)
        stack.extend((child, False) for child in reversed(el))
    return total


def content_words(root: Any) -> int:
    """Visible words under ``<body>`` (the whole tree for a frameset page without one)."""
    body = root.find("body")
    return visible_words(body if body is not None else root)


def _count(text: str | None) -> int:
    if not text:
        return 0
    return sum(len(m) for m in _WORD.findall(text))


def html5_words(text: str) -> int:
    """The oracle's count. The text gets mainmark's character sanitising first (controls
    to U+FFFD, as the HTML5 tokenizer does for NUL): lxml, under html5lib's tree builder
    too, refuses control characters, and they carry no words."""
    import html5lib  # type: ignore[import-untyped]  # test-only dependency

    from mainmark.page.parse import sanitize

    # Noncharacters too: lxml refuses them in attribute values.
    text = _NONCHAR.sub("\ufffd", sanitize(text))
    with warnings.catch_warnings():
        # html5lib warns when it coerces a name lxml cannot hold ("[class]"): harmless here.
        warnings.simplefilter("ignore")
        doc = html5lib.parse(text, treebuilder="lxml", namespaceHTMLElements=False)
    return content_words(doc.getroot())


def mainmark_words(text: str) -> int:
    from mainmark.page.parse import parse

    page = parse(text)
    return 0 if page.root is None else content_words(page.root)


@dataclass(frozen=True, slots=True)
class Divergence:
    ours: int
    oracle: int

    @property
    def lost(self) -> float:
        """Share of the oracle's visible text that our tree does not hold (0 when ahead)."""
        if self.oracle <= 0:
            return 0.0
        return max(0.0, (self.oracle - self.ours) / self.oracle)


def compare(text: str) -> Divergence:
    """Visible words in mainmark's tree vs html5lib's for one decoded page."""
    return Divergence(mainmark_words(text), html5_words(text))


def lexbor_words(text: str) -> int:
    """The same count from selectolax's Lexbor engine, another WHATWG parser, in C: fast
    enough for a whole-bench census (``parse_divergence.py --oracle lexbor``); optional,
    not a test dependency."""
    from selectolax.lexbor import LexborHTMLParser  # type: ignore[import-not-found]

    tree = LexborHTMLParser(text)
    tree.strip_tags(sorted(HIDDEN - {"head"}))
    body = tree.body
    return 0 if body is None else _count(body.text(separator=" "))
