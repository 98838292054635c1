"""Per-page flags for ``mainmark eval --json``: the failures a mean score hides.

A set's F1 moves by a thousandth when one article loses its second half; these flags name
the page instead. Each needs only the reference and mainmark's markdown:

- ``truncated``: the output holds the reference's opening words but not its closing ones
  (a text reference of at least ``2 * _EDGE_WORDS`` words; an HTML one is read as text);
- ``empty_code_fence``: a fenced code block of the markdown holds no line of code;
- ``lost_heading``: a heading of an HTML reference is not a heading of the markdown
  (the structure-recall rule of :mod:`mainmark_eval.structure`).
"""

from __future__ import annotations

import re

from mainmark_eval.structure import structure_counts

_WORD = re.compile(r"\w+")
#: How many words open and close a reference for the truncation test.
_EDGE_WORDS = 8
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def _words(text: str) -> str:
    return " " + " ".join(w.lower() for w in _WORD.findall(text)) + " "


def _reference_text(reference: str, is_html: bool) -> str:
    if not is_html:
        return reference
    import lxml.html

    try:
        return " ".join(str(t) for t in lxml.html.fromstring(reference).itertext())
    except Exception:  # an unparsable reference has no edges to test
        return ""


def truncated(reference: str, markdown: str, *, is_html: bool = False) -> bool:
    """Whether the output keeps the reference's opening words but loses its closing ones.

    References too short to have distinct edges are never flagged, so the flag points
    at a page that lost its second half rather than at a short page.
    """
    words = _WORD.findall(_reference_text(reference, is_html).lower())
    if len(words) < 2 * _EDGE_WORDS:
        return False
    ours = _words(markdown)
    head = " " + " ".join(words[:_EDGE_WORDS]) + " "
    tail = " " + " ".join(words[-_EDGE_WORDS:]) + " "
    return head in ours and tail not in ours


def empty_code_fence(markdown: str) -> bool:
    """A fence opened and closed with nothing but blank lines between."""
    open_fence: str | None = None
    has_code = False
    for line in markdown.split("\n"):
        match = _FENCE.match(line.lstrip(" >"))
        if open_fence is None:
            if match:
                open_fence, has_code = match.group(1), False
            continue
        if match and match.group(1)[0] == open_fence[0] and len(match.group(1)) >= len(
                open_fence) and not line.strip().strip(open_fence[0]):
            if not has_code:
                return True
            open_fence = None
        elif line.strip():
            has_code = True
    return open_fence is not None and not has_code


def page_flags(reference: str, markdown: str, *, text: str | None = None,
               is_html: bool = False) -> list[str]:
    """The flags of one page, in a fixed order; empty when nothing is wrong. ``text`` (the
    plain text, when there is one) is what truncation reads: link targets in the markdown
    would break the runs of words it looks for."""
    flags = []
    if reference and truncated(reference, markdown if text is None else text, is_html=is_html):
        flags.append("truncated")
    if empty_code_fence(markdown):
        flags.append("empty_code_fence")
    if is_html and reference:
        found, total = structure_counts(reference, markdown)["heading"]
        if found < total:
            flags.append("lost_heading")
    return flags
