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

from mainmark.markdown.rendervocab import GUTTER_CLASSES, LANGUAGE_CLASS, NOT_A_LANGUAGE

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
    for kind, el in _events(pre):
        if kind == "br":
            out.append("\n")
            need_break = False
            continue
        if kind == "edge":
            need_break = True
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
    """Text pieces and line events of ``root``'s subtree, in order, without recursion."""
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
                yield ("text", parent.tail or "")
            continue
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP_IN_CODE or is_gutter(child):
            yield ("text", child.tail or "")
            continue
        if tag == "br":
            yield ("br", child)
            yield ("text", child.tail or "")
            continue
        if tag in _LINE_TAGS:
            yield ("edge", child)
        yield ("text", child.text or "")
        stack.append((child, iter(child)))


def _tidy(code: str) -> str:
    """Drop blank edge lines; keep every other character, trailing spaces and no-break
    spaces included (``\r`` is a line break, as the HTML parser reads it)."""
    lines = code.replace("\r\n", "\n").replace("\r", "\n").split("\n")
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
    if not word or word in NOT_A_LANGUAGE or len(word) > 30:
        return None
    return word


def fence(code: str, language: str | None) -> str:
    """A fenced block whose fence is longer than any backtick run inside the code."""
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=0)
    marker = "`" * max(3, longest + 1)
    return f"{marker}{language or ''}\n{code}\n{marker}"
