"""Structure recall: how much of a reference article's structure survives in our markdown.

Text metrics cannot tell a table squashed into one line from a table kept, nor code
that lost its newlines. For each reference element kind this counts how many appear in
mainmark's markdown, where "appears" means:

- ``pre``: the reference block's lines (each stripped, blank lines dropped) occur, in
  order and contiguously, inside one fenced code block of the markdown;
- ``table``: at least 90 % of the table's non-empty cell texts occur in the markdown
  (with link, emphasis and escape syntax removed, whitespace collapsed) — a pipe table
  or a linearised layout table both count, a table reduced to stray words does not;
- ``heading``: the heading's text equals the text of an ATX heading line (case-folded,
  whitespace collapsed, inline syntax removed);
- ``alt``: an image's non-empty alt text is the alt of a ``![alt](…)`` in the markdown;
- ``link``: a link target of the reference (``<a href>``, not an in-page ``#`` anchor or a
  script link; fragment dropped) is the target of a ``[text](…)`` in the markdown, or a
  relative target of ours is its tail (a page scored without its URL keeps relative
  links relative, while the reference resolved them). This is link recall: it needs the
  markdown's inline links (``--links text`` moves them aside and scores 0).

Reference elements with no text (an empty ``<pre>``, an ``img`` without alt) are not
counted in the totals.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from mainmark.markdown.codeblocks import code_text

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_IMAGE = re.compile(r"!\[((?:\\.|[^\]\\])*)\]\(")
_LINK = re.compile(r"!?\[((?:\\.|[^\]\\])*)\]\((?:<[^>]*>|[^)\s]*)\)")
_SYNTAX = re.compile(r"\\(?=[!-/:-@\[-`{-~])|\*\*|(?<!\w)[*_]|[*_](?!\w)|`|<br>|</?su[pb]>")
_TABLE_RATIO = 0.9


def structure_counts(expected_html: str, markdown: str) -> dict[str, tuple[int, int]]:
    """``{"pre"|"table"|"heading"|"alt": (found, total)}`` for one page."""
    root = _parse(expected_html)
    if root is None:
        return {"pre": (0, 0), "table": (0, 0), "heading": (0, 0), "alt": (0, 0),
                "link": (0, 0)}
    plain = _norm(_plain(markdown))
    return {
        "pre": _count_pre(root, _fenced_blocks(markdown)),
        "table": _count_tables(root, plain),
        "heading": _count_headings(root, _heading_texts(markdown)),
        "alt": _count_alts(root, markdown),
        "link": count_links(root, markdown),
    }


def _parse(html: str) -> HtmlElement | None:
    if not html.strip():
        return None
    try:
        return lxml.html.fromstring(html)
    except (etree.ParserError, ValueError):
        return None


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _plain(markdown: str) -> str:
    """Markdown with link targets, emphasis, code and escape syntax removed."""
    return _SYNTAX.sub(" ", _LINK.sub(r" \1 ", markdown)).replace("|", " ")


def _code_lines(text: str) -> list[str]:
    return [line.strip() for line in text.replace("\xa0", " ").split("\n") if line.strip()]


def _fenced_blocks(markdown: str) -> list[str]:
    """The contents of the fenced code blocks, as normalised lines joined by newlines."""
    blocks: list[str] = []
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].lstrip(" >")
        match = _FENCE.match(line.lstrip())
        i += 1
        if match is None:
            continue
        fence = match.group(2)
        body: list[str] = []
        while i < len(lines):
            inner = lines[i].lstrip(" >")
            i += 1
            if inner.startswith(fence[0] * len(fence)) and not inner.strip(fence[0]).strip():
                break
            body.append(inner)
        blocks.append("\n".join(_code_lines("\n".join(body))))
    return blocks


def _count_pre(root: HtmlElement, blocks: list[str]) -> tuple[int, int]:
    found = total = 0
    for pre in root.iter("pre"):
        lines = _code_lines(code_text(pre))
        if not lines:
            continue
        total += 1
        wanted = "\n".join(lines)
        if any(wanted in block for block in blocks):
            found += 1
    return found, total


def _count_tables(root: HtmlElement, plain: str) -> tuple[int, int]:
    found = total = 0
    for table in root.iter("table"):
        cells = [_norm(_plain(c.text_content())) for c in table.iter("td", "th")]
        cells = [c for c in cells if c]
        if not cells:
            continue
        total += 1
        if sum(1 for c in cells if c in plain) >= _TABLE_RATIO * len(cells):
            found += 1
    return found, total


def _heading_texts(markdown: str) -> set[str]:
    texts = set()
    for line in markdown.split("\n"):
        match = _HEADING.match(line)
        if match:
            texts.add(_norm(_plain(match.group(2))))
    return texts


def _count_headings(root: HtmlElement, headings: set[str]) -> tuple[int, int]:
    found = total = 0
    for h in root.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        text = _norm(h.text_content())
        if not text:
            continue
        total += 1
        if text in headings:
            found += 1
    return found, total


def _count_alts(root: HtmlElement, markdown: str) -> tuple[int, int]:
    alts = {_norm(re.sub(r"\\(.)", r"\1", m.group(1))) for m in _IMAGE.finditer(markdown)}
    found = total = 0
    for img in root.iter("img"):
        alt = _norm(img.get("alt") or "")
        if not alt:
            continue
        total += 1
        if alt in alts:
            found += 1
    return found, total


_TARGET = re.compile(r"(?<!!)\[(?:\\.|[^\]\\])*\]\((<[^>]*>|[^)\s]*)")
_NOT_CONTENT_LINK = ("#", "javascript:", "mailto:", "data:")


def _target(url: str) -> str:
    return url.strip().strip("<>").split("#", 1)[0]


def link_targets(markdown: str) -> set[str]:
    """The targets of the markdown's inline links (images left out), fragments dropped."""
    return {t for t in (_target(m.group(1)) for m in _TARGET.finditer(markdown)) if t}


def count_links(root: HtmlElement, markdown: str) -> tuple[int, int]:
    """(reference link targets present in ``markdown``, reference link targets)."""
    ours = link_targets(markdown)
    relative = [t for t in ours if "://" not in t and not t.startswith("//")]
    wanted: set[str] = set()
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.lower().startswith(_NOT_CONTENT_LINK):
            continue
        target = _target(href)
        if target:
            wanted.add(target)
    found = sum(1 for t in wanted if t in ours or any(
        t.endswith("/" + r.lstrip("./")) for r in relative if r.lstrip("./")))
    return found, len(wanted)
