"""Code never changes: the text of every kept ``<pre>`` is in the markdown, byte for byte.

A reader copies code out of a retrieved chunk and runs it; a trailing space trimmed from
a heredoc, an nbsp turned into a space inside a string, a ``<span>Loading...</span>`` that
a UI-label rule took for chrome, all make it another program. So no rule of the
extractor (UI labels, furniture, whitespace trimming, nbsp or Unicode normalisation,
trailing-space stripping) may touch the text inside a ``<pre>`` that selection kept.

For every page of the repository's corpus (``tests/pages/wcxb``, on every clone) and every
TUNE page of ``../shared/bench`` holding a ``<pre>`` (where it exists): each ``<pre>``
inside the selected content and not removed is read *here*, on the page as parsed and
before any stage ran, the way a browser shows it (its own reading below, not mainmark's
``codeblocks``), and that text must stand, whole and unchanged, as whole lines inside one
fenced block of the markdown (an indented fence, in a list item, is read the CommonMark
way: its indentation taken off every line).

What a browser does not show is not code, and these are the only differences allowed:

- elements never rendered (``script``, ``style``, ``template``, ``button``, form
  controls, ``svg``), elements hidden with ``hidden`` or ``display:none``, and
  line-number gutters (``codeblocks.is_gutter``: a gutter class or ``aria-hidden``;
  a ``<pre>`` inside a gutter, or holding only line numbers, is not read at all);
- blank lines at the two edges of the block (a fence has no blank edge lines);
- a highlighter's chrome inside the ``<pre>`` beside its one ``<code>``
  (``codeblocks.chrome_beside_code``: twoslash's language label and "Try" link);
- line structure a highlighter writes with markup (one ``<div>`` per line, ``<br>``, a
  line ``<span>`` of :data:`~mainmark.markdown.rendervocab.CODE_LINE_CLASSES`):
  where a ``<pre>`` holds such markup, its non-blank lines are compared, each one
  exactly, and blank lines between them may differ (a browser's ``innerText`` decides
  those from the style sheet, which is not read);
- control, bidi and invisible format characters (:data:`_UNSAFE`), which issue 40 drops
  from all output, code included, for safety; and ``\\r``, a line break to the parser.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path

import pytest
from lxml.html import HtmlElement

from corpus_support import corpus_pages
from mainmark.content.clean import clean
from mainmark.content.select import select
from mainmark.content.selectors import exclude
from mainmark.markdown.codeblocks import chrome_beside_code, is_gutter
from mainmark.markdown.render import render
from mainmark.markdown.rendervocab import CODE_LINE_CLASSES
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.options import Options
from mainmark.page.decode import decode
from mainmark.page.parse import parse
from mainmark.pagekind.decide import classify

_OPTIONS = Options(chunking=False)
#: Never rendered: their text is no code a reader sees.
_UNSHOWN = frozenset({"script", "style", "template", "button", "input", "select", "option",
                      "textarea", "svg", "noscript"})
#: Elements that put their content on lines of its own (where a highlighter writes
#: lines as markup instead of newlines).
_LINE_TAGS = frozenset({"div", "p", "li", "tr", "table", "ul", "ol", "dl", "dt", "dd",
                        "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section",
                        "article", "header", "footer", "pre"})
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
#: The characters issue 40 drops from all output, code included, for safety: the one
#: exception to exactness (``page.textnorm``'s classes there): C0 and C1 controls but tab
#: and newline; bidi marks, embeddings, overrides and isolates (Trojan Source); invisible
#: format characters (soft hyphen, zero-width space, word joiner, BOM, tag characters);
#: the zero-width joiners, which go where they join nothing.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\xad\u034f\u180e\u200b\u2060-\u2064\u206a-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f"
    "\u200c\u200d]")
_NUMBER = re.compile(r"\s*\d+\s*")
_OPEN = re.compile(r"^((?:[ ]*>)*[ ]*)(`{3,}|~{3,})[^`]*$")


def _hidden(el: HtmlElement) -> bool:
    return (el.tag in _UNSHOWN or el.get("hidden") is not None
            or bool(_HIDDEN_STYLE.search(el.get("style") or "")) or is_gutter(el))


def _line_span(el: HtmlElement) -> bool:
    return el.tag == "span" and not CODE_LINE_CLASSES.isdisjoint((el.get("class") or "").split())


def _reading(pre: HtmlElement) -> tuple[str, bool]:
    """``pre``'s text as shown (no hidden parts), and whether markup makes its lines."""
    out: list[str] = [pre.text or ""]
    marked = False
    chrome = chrome_beside_code(pre)
    # (node, entering): entering adds the node's text and queues its children, leaving
    # adds its tail; a hidden node or a comment adds only its tail. No recursion.
    stack: list[tuple[HtmlElement, bool]] = [(c, True) for c in reversed(pre)]
    while stack:
        node, entering = stack.pop()
        if not entering:
            if node.tag in _LINE_TAGS or _line_span(node):
                out.append("\n")
            out.append(node.tail or "")
            continue
        if not isinstance(node.tag, str) or _hidden(node) or node in chrome:
            out.append(node.tail or "")
            continue
        if node.tag == "br" or node.tag in _LINE_TAGS or _line_span(node):
            marked = True
            # A line element opens a line of its own unless the line it would open is
            # already begun with blanks only (a template's indentation after the newline
            # that ended the previous line): a browser shows those blanks before it.
            if node.tag == "br" or not _only_blanks_since_newline(out):
                out.append("\n")
        out.append(node.text or "")
        stack.append((node, False))
        stack.extend((c, True) for c in reversed(node))
    return "".join(out), marked


def _only_blanks_since_newline(out: list[str]) -> bool:
    """The text read so far ends in a newline and blanks (spaces, tabs) after it."""
    for piece in reversed(out):
        stripped = piece.rstrip(" \t")
        if stripped:
            return stripped.endswith("\n") and stripped != piece
        if piece and piece != stripped:
            continue
    return False


def _lines(text: str, *, blank: bool) -> list[str]:
    """Lines without blank edge lines (``blank``: inner blank lines kept too)."""
    text = _UNSAFE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = text.split("\n")
    if not blank:
        return [line for line in lines if line.strip()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def fenced_blocks(markdown: str) -> list[list[str]]:
    """The lines of every fenced block of ``markdown``, container indentation taken off."""
    blocks: list[list[str]] = []
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        opening = _OPEN.match(lines[i])
        i += 1
        if opening is None:
            continue
        prefix, marker = opening.group(1), opening.group(2)
        closing = re.compile(rf"^[ >]*{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$")
        body = []
        while i < len(lines) and not closing.match(lines[i]):
            line = lines[i]
            body.append(line[len(prefix):] if line.startswith(prefix) else line.lstrip(" >"))
            i += 1
        blocks.append(body)
        i += 1
    return blocks


def _inside(want: list[str], blocks: list[list[str]], *, blank: bool) -> bool:
    """``want`` stands as whole consecutive lines of one block."""
    needle = "\n" + "\n".join(want) + "\n"
    for body in blocks:
        lines = _lines("\n".join(body), blank=blank)
        if needle in "\n" + "\n".join(lines) + "\n":
            return True
    return False


def code_changes(html: bytes) -> tuple[int, list[str]]:
    """How many kept ``<pre>`` the page has, and those whose text the markdown changed."""
    page = parse(decode(html).text)
    if page.root is None:
        return 0, []
    readings = {pre: _reading(pre) for pre in page.root.iter("pre")
                if not any(a.tag == "pre" or is_gutter(a) for a in pre.iterancestors())}
    structured = read_structured(page)
    metadata = extract_metadata(page, structured)
    kind = classify(page, structured, metadata)
    stripped = clean(page, count=False)
    exclude(page.root, _OPTIONS, stripped)
    content = select(page, structured, stripped, _OPTIONS, kind)
    blocks = fenced_blocks(render(content, metadata, None, _OPTIONS).markdown)
    roots = set(content.roots)
    kept = 0
    changed = []
    for pre, (text, marked) in readings.items():
        chain = [pre, *pre.iterancestors()]
        if chain[-1] is not page.root or not roots.intersection(chain) or any(
                el in content.removed for el in chain):
            continue  # not content, or removed by a rule (test_bench_structure_kept)
        want = _lines(text, blank=not marked)
        if not want or all(_NUMBER.fullmatch(line) for line in want):
            continue  # nothing shown, or a gutter's line numbers in a <pre> of their own
        kept += 1
        where = pre.getroottree().getpath(pre)
        if not _inside(want, blocks, blank=not marked):
            changed.append(f"{where}: {chr(10).join(want)[:80]!r}")
        cut = [el for el in pre.iterdescendants() if el in content.removed]
        if cut:  # the explain output and the warnings would report code as removed
            changed.append(f"{where}: a rule removed {cut[0].text_content()[:40]!r} inside")
    return kept, changed


_CORPUS = {name: html for name, html, _ in corpus_pages() if b"<pre" in html}


@cache
def _corpus_changes(name: str) -> tuple[int, list[str]]:
    return code_changes(_CORPUS[name])


@pytest.mark.parametrize("name", sorted(_CORPUS))
def test_corpus_code_reaches_the_markdown_unchanged(name: str) -> None:
    _, changed = _corpus_changes(name)
    assert not changed, "\n".join(changed[:5])


def test_corpus_has_kept_code_to_check() -> None:
    """The corpus test above checks something: its pages hold a couple of hundred."""
    assert sum(_corpus_changes(name)[0] for name in _CORPUS) >= 200


#: The TUNE pages are checked in this many parts, so no one test runs long.
_SHARDS = 8


@cache
def _tune_pages_with_code(bench: Path) -> tuple[tuple[str, Path], ...]:
    """TUNE pages holding a ``<pre>`` (found once a session; read again when checked, so
    no more than one page is held at a time)."""
    check = json.loads((bench / "check-split.json").read_text(encoding="utf-8"))
    held = {ds: set(ids) for ds, ids in check.items()}
    files = [(f"rd/{p.parent.name}", p) for p in sorted(bench.glob("rd/*/source.html"))
             if p.parent.name not in held.get("rd", set())]
    for ds, suffix in (("sh", ".html.gz"), ("tr", ".gz"), ("wx", ".html.gz")):
        files.extend((f"{ds}/{p.name}", p) for p in sorted((bench / ds / "html").glob("*.gz"))
                     if p.name[: -len(suffix)] not in held.get(ds, set()))
    return tuple((name, path) for name, path in files if b"<pre" in _read(path).lower())


def _read(path: Path) -> bytes:
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def test_bench_has_kept_code_to_check(bench_dir: Path) -> None:
    assert len(_tune_pages_with_code(bench_dir)) >= 100


@pytest.mark.parametrize("shard", range(_SHARDS))
def test_bench_code_reaches_the_markdown_unchanged(bench_dir: Path, shard: int) -> None:
    failures = []
    for name, path in _tune_pages_with_code(bench_dir)[shard::_SHARDS]:
        _, changed = code_changes(_read(path))
        if changed:
            failures.append(f"{name}: {changed[:2]}")
    assert not failures, f"{len(failures)} pages\n" + "\n".join(failures[:20])
