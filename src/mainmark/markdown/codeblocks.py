"""``<pre>`` to the code a person would copy, its language, and a fence that holds it.

Highlighters wrap every token in a span, put line numbers in a gutter (a table column
or a span per line), use ``<div>`` per line or ``<br>`` for line breaks. A reader's copy
has none of that: the gutter is skipped, block boundaries and ``<br>`` become newlines,
token spans contribute their text verbatim.

Code never changes: every character a reader sees inside the ``<pre>`` is kept as it is,
trailing spaces (a heredoc, a Markdown line break, a diff's context line) and no-break
spaces (inside a string literal) included. Only blank edge lines go, which a fence cannot
tell from its own line breaks. What the content stage marked as removed *inside* a kept
``<pre>`` is kept too: its rules (UI labels such as ``Loading...``, furniture words, link
density) judge prose, and inside code they would cut words out of a program.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml.html import HtmlElement

from mainmark.markdown.constants import CUT
from mainmark.markdown.rendervocab import (
    CODE_LINE_CLASSES,
    GUTTER_CLASSES,
    LANGUAGE_CLASS,
    NOT_A_LANGUAGE,
)
from mainmark.page.textnorm import drop_invisible

#: Inside a ``<pre>``, these elements sit on lines of their own (one ``div`` per line in
#: some highlighters, a table row per line in highlight.js' line-number plugin).
_LINE_TAGS = frozenset({"div", "p", "tr", "li", "table", "ul", "ol", "pre", "h1", "h2",
                        "h3", "h4", "h5", "h6", "blockquote", "section", "article"})
_SKIP_IN_CODE = frozenset({"button", "script", "style", "template", "input", "select",
                           "textarea", "svg"})
_BACKTICKS = re.compile(r"`+")
_SAFE_LANGUAGE = re.compile(r"[^\w+#.-]")


def is_gutter(el: HtmlElement) -> bool:
    """True for a line-number gutter or an element hidden from assistive technology."""
    if el.get("aria-hidden") == "true":
        return True
    cls = el.get("class")
    return bool(cls) and not GUTTER_CLASSES.isdisjoint(cls.split())


def code_text(pre: HtmlElement) -> str:
    """The text of ``pre`` as it reads on screen, without gutters, unchanged otherwise."""
    out: list[str] = []
    need_break = False
    line_from = 0  # where the current line element's text starts in ``out``
    for kind, el in _events(pre):
        if kind == "br":
            out.append("\n")
            need_break = False
            continue
        if kind == "edge":
            need_break = True
            continue
        if kind == "line":
            line_from = len(out)
            continue
        if kind == "line-end":
            line = "".join(out[line_from:])
            if not line.endswith("\n"):  # an empty line is a line too
                out.append("\n")
            continue
        text = el if isinstance(el, str) else ""
        if not text:
            continue
        if need_break:
            if text.startswith("\n"):
                text = text[1:]
            elif out and not out[-1].endswith("\n"):
                out.append("\n")
            need_break = False
        out.append(text)
    return _tidy("".join(out))


def _events(root: HtmlElement) -> Iterator[tuple[str, HtmlElement | str]]:
    """Text pieces and line events of ``root``'s subtree, in order, without recursion.

    A line element (:data:`CODE_LINE_CLASSES`) followed by another element with no
    newline between them ends its line (``line-end``): Shiki's lines with the newlines
    minified away still read one per line, as the style sheet shows them."""
    beside = chrome_beside_code(root)
    yield ("text", root.text or "")
    stack: list[tuple[HtmlElement, Iterator[HtmlElement]]] = [(root, iter(root))]
    while stack:
        parent, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if stack:
                if parent.tag in _LINE_TAGS:
                    yield ("edge", parent)
                elif (_is_code_line(parent) and not (parent.tail or "").startswith("\n")
                      and parent.getnext() is not None):
                    yield ("line-end", parent)
                yield ("text", parent.tail or "")
            continue
        tag = child.tag
        if (not isinstance(tag, str) or tag in _SKIP_IN_CODE or is_gutter(child)
                or child in beside):
            yield ("text", child.tail or "")
            continue
        if tag == "span" and _is_code_line(child):
            yield ("line", child)
        if tag == "br":
            yield ("br", child)
            yield ("text", child.tail or "")
            continue
        if tag in _LINE_TAGS:
            yield ("edge", child)
        yield ("text", child.text or "")
        stack.append((child, iter(child)))


def _is_code_line(el: HtmlElement) -> bool:
    cls = el.get("class")
    return el.tag == "span" and bool(cls) and not CODE_LINE_CLASSES.isdisjoint(cls.split())


def chrome_beside_code(pre: HtmlElement) -> frozenset[HtmlElement]:
    """Elements a highlighter puts inside ``pre`` beside its one ``<code>``: twoslash's
    language label and "Try" playground link (``pre > div.language-id`` and
    ``pre > div.code-container > code + a``). Only when the code is all there is besides
    them: no bare text outside the ``<code>``, and a few short elements (a label, a link);
    anything more is text of the ``<pre>`` and stays."""
    codes = list(pre.iter("code"))
    if len(codes) != 1:
        return frozenset()
    code = codes[0]
    path = [code, *code.iterancestors()]
    path = path[: path.index(pre) + 1] if pre in path else []
    beside: list[HtmlElement] = []
    for el in path[1:]:  # the code's ancestors up to ``pre``
        if (el.text or "").strip():
            return frozenset()
        for child in el:
            if child in path:
                if child is not code and (child.text or "").strip():
                    return frozenset()
            elif isinstance(child.tag, str):
                beside.append(child)
            if (child.tail or "").strip():
                return frozenset()
    if not beside or len(beside) > CUT.code_chrome_max_elements or any(
            len(el.text_content().strip()) > CUT.code_chrome_max_chars for el in beside):
        return frozenset()
    return frozenset(beside)


def _tidy(code: str) -> str:
    """Drop blank edge lines; keep every other character, trailing spaces and no-break
    spaces included (``\r`` is a line break, as the HTML parser reads it). Control, bidi
    and invisible characters go as in prose (:mod:`mainmark.page.textnorm`: in code they
    are the Trojan Source attack, not content)."""
    lines = drop_invisible(code).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end])


def code_language(pre: HtmlElement) -> str | None:
    """The language named on ``pre``, its ``code`` child, or a highlighter wrapper above."""
    code = next(pre.iter("code"), None)
    for el in (pre, code):
        if el is None:
            continue
        lang = _language_of(el, bare_ok=True)
        if lang:
            return lang
    for label in chrome_beside_code(pre):  # twoslash: <div class="language-id">ts</div>
        if "lang" in (label.get("class") or "").lower():
            lang = _clean_language(label.text_content())
            if lang:
                return lang
    parent = pre.getparent()
    for _ in range(6):  # Sphinx: div.highlight-x > div.highlight > table > tr > td > div > pre
        if parent is None or parent.tag in ("body", "html", "article", "main"):
            break
        lang = _language_of(parent, bare_ok=False)
        if lang:
            return lang
        parent = parent.getparent()
    return None


def _language_of(el: HtmlElement, *, bare_ok: bool) -> str | None:
    for attr in ("data-lang", "data-language"):
        lang = _clean_language(el.get(attr))
        if lang:
            return lang
    cls = el.get("class") or ""
    for match in LANGUAGE_CLASS.finditer(cls):
        word = match.group(1) or match.group(2)
        if not bare_ok and (match.group(0).strip().lower().startswith("lang-")):
            continue  # ``lang-en`` on a wrapper is the page's human language
        lang = _clean_language(word)
        if lang:
            return lang
    tokens = cls.split()
    if bare_ok and ("sourceCode" in tokens or "hljs" in tokens):
        # pandoc writes ``class="sourceCode python"``, old highlight.js ``"hljs python"``
        for token in tokens:
            if token not in ("sourceCode", "hljs") and not token.startswith("hljs-"):
                lang = _clean_language(token)
                if lang:
                    return lang
    return None


def _clean_language(word: str | None) -> str | None:
    if not word:
        return None
    word = _SAFE_LANGUAGE.sub("", word.strip().strip(";").lower())
    if not word or word in NOT_A_LANGUAGE or len(word) > CUT.code_language_max_chars:
        return None
    return word


def fence(code: str, language: str | None) -> str:
    """A fenced block whose fence is longer than any backtick run inside the code."""
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=0)
    marker = "`" * max(3, longest + 1)
    return f"{marker}{language or ''}\n{code}\n{marker}"
