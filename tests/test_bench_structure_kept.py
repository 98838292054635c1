"""What a retrieval index needs is never lost silently, on real pages.

For every page of the repository's corpus (``tests/pages/wcxb``, on every clone) and a
sample of the benchmark's TUNE pages where ``../shared/bench`` exists (every ``rd`` page,
35 ``tr`` and 35 ``wx`` pages, spread over each set): every ``<pre>``, ``<table>`` and
heading inside the selected content either reaches the markdown (its first words, in
order) or was removed by a rule that ``explain`` names, for it or for the box holding it;
and whenever code or a table was removed, ``warnings`` says so.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from lxml.html import HtmlElement

from corpus_support import corpus_pages
from mainmark.content.clean import clean
from mainmark.content.select import select
from mainmark.content.selectors import exclude
from mainmark.markdown.render import render
from mainmark.markdown.tables import classify
from mainmark.metadata.assemble import extract_metadata
from mainmark.metadata.structured import read_structured
from mainmark.options import Options
from mainmark.page.decode import decode
from mainmark.page.parse import parse
from mainmark.page.treepath import tag_path
from mainmark.pipeline import extract

_WORD = re.compile(r"\w+")
_SAMPLE = 35
_FIRST_WORDS = 6
_OPTIONS = Options(explain=True, chunking=False)
_TAGS = ("pre", "table", "h1", "h2", "h3", "h4", "h5", "h6")


def _tune_pages(bench: Path) -> list[tuple[str, bytes]]:
    check = json.loads((bench / "check-split.json").read_text(encoding="utf-8"))
    held = {ds: set(ids) for ds, ids in check.items()}
    pages = [(f"rd/{p.parent.name}", p.read_bytes())
             for p in sorted(bench.glob("rd/*/source.html"))
             if p.parent.name not in held.get("rd", set())]
    for ds, suffix in (("tr", ".gz"), ("wx", ".html.gz")):
        files = [p for p in sorted((bench / ds / "html").glob("*.gz"))
                 if p.name[: -len(suffix)] not in held.get(ds, set())]
        step = max(1, len(files) // _SAMPLE)
        pages.extend((f"{ds}/{p.name}", gzip.decompress(p.read_bytes()))
                     for p in files[::step][:_SAMPLE])
    return pages


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def _shown(words: list[str], markdown: str) -> bool:
    """The words appear in the markdown in order; spacing may differ (text runs a page
    glues together, "GameBrowse all", stay glued). A ``<br>`` is how a pipe-table cell
    keeps a line break: markup, not a word of the page."""
    return "".join(words) in "".join(_words(_BREAK.sub(" ", _TARGET.sub("]", markdown))))


_BREAK = re.compile(r"<br\s*/?>")
#: A link's or an image's target: its URL's words are no text of the page.
_TARGET = re.compile(r"\]\((?:<[^>]*>|[^)\s]*)(?:\s+\"[^\"]*\")?\)")


_UNSHOWN = frozenset({"script", "style", "button", "select", "option", "textarea"})


def _visible_text(el: HtmlElement, removed: set[HtmlElement]) -> list[str]:
    """``el``'s text in document order, without removed or never-rendered subtrees."""
    out: list[str] = [el.text or ""]
    # (node, entering): entering adds the node's text and queues its children, leaving
    # adds its tail; a skipped node adds only its tail.
    stack: list[tuple[HtmlElement, bool]] = [
        (c, True) for c in reversed(el) if isinstance(c.tag, str)]
    while stack and len(_words(" ".join(out))) < _FIRST_WORDS:
        node, entering = stack.pop()
        if not entering or node in removed or node.tag in _UNSHOWN:
            out.append(node.tail or "")
            continue
        out.append(node.text or "")
        stack.append((node, False))
        stack.extend((c, True) for c in reversed(node) if isinstance(c.tag, str))
    return out


def _expected_words(el: HtmlElement, removed: set[HtmlElement]) -> list[str]:
    """The first words the markdown must show for ``el`` (its own, unremoved text)."""
    if el.tag == "table" and classify(el, removed) == "code":
        return []  # a gutter table's line numbers are not shown; its <pre> is checked
    return _words(" ".join(_visible_text(el, removed)))[:_FIRST_WORDS]


def _removes_structure(removed: set[HtmlElement]) -> bool:
    return any(x.text_content().strip() for el in removed for x in el.iter("pre", "table"))


def _problems(html: bytes) -> tuple[list[str], bool]:
    """Problems found, and whether code or a table of the content was removed."""
    decoded = decode(html)
    page = parse(decoded.text)
    structured = read_structured(page)
    metadata = extract_metadata(page, structured)
    stripped = clean(page)
    exclude(page.root, _OPTIONS, stripped)
    content = select(page, structured, stripped, _OPTIONS)
    rendered = render(content, metadata, None, _OPTIONS)
    explained = {r.path for r in content.explain.removals if r.rule}
    problems = []
    for root in content.roots:
        for el in root.iter(*_TAGS):
            gone = next((a for a in (el, *el.iterancestors()) if a in content.removed), None)
            if gone is not None:
                if tag_path(gone) not in explained:
                    problems.append(f"{tag_path(el)}: removed without a named rule")
                continue
            words = _expected_words(el, content.removed)
            if words and not _shown(words, rendered.markdown):
                problems.append(f"{tag_path(el)}: {' '.join(words)!r} not in the markdown")
    return problems, _removes_structure(content.removed)


def test_structure_reaches_the_markdown_or_explain_and_removals_warn(bench_dir: Path) -> None:
    _check_structure(_tune_pages(bench_dir))


def test_corpus_structure_reaches_the_markdown_or_explain() -> None:
    _check_structure([(name, html) for name, html, _ in corpus_pages()])


def _check_structure(pages: list[tuple[str, bytes]]) -> None:
    failures = []
    for name, html in pages:
        found, removed_structure = _problems(html)
        if removed_structure:
            notes = [w for w in extract(html, options=_OPTIONS).warnings
                     if w.startswith("removed ") and "see explain" in w]
            if not notes:
                found.append("code or a table removed without a warning")
        if found:
            failures.append(f"{name}: {found[:3]}")
    assert not failures, "\n".join(failures[:20])
