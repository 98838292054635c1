"""Questions written as buttons: the toggles of FAQ accordions, kept as text.

An accordion's question is the label of the ``<button>`` that opens its answer (the
WAI-ARIA accordion pattern: ``<h3><button aria-expanded aria-controls=answer-1>Is it
safe?</button></h3>``; Bootstrap's ``data-bs-target``). Cleaning strips form controls, so
the questions went and the answers stayed, each under the previous section's heading
(issue 37.8). A toggle is a control of the page only when it says nothing of its own; a
label that opens a panel of text is that panel's title. Found by markup alone: the button
sits in a heading, or it names the panel it opens and the panel holds text.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.vocab import CONTROL_TARGETS, HEADING_TAGS


def question_toggles(root: HtmlElement) -> tuple[list[HtmlElement], list[HtmlElement]]:
    """The buttons whose label is a question: those inside a heading (their tag goes,
    the heading stays) and those beside their panel (they become paragraphs)."""
    in_heading: list[HtmlElement] = []
    beside: list[HtmlElement] = []
    ids: dict[str, HtmlElement] | None = None
    for button in root.iter("button"):
        target = _target(button)
        if target is None and button.get("aria-expanded") is None:
            continue
        label = " ".join(button.text_content().split())
        if not CUT.toggle_label_min_chars <= len(label) <= CUT.toggle_label_max_chars:
            continue
        heading = _heading_of(button)
        if heading is not None:
            if " ".join(heading.text_content().split()) == label:
                in_heading.append(button)  # the accordion pattern: the button is the title
            continue  # a control beside a heading's own words ("Toggle navigation")
        if target is None:
            continue
        if ids is None:
            ids = {str(el.get("id")): el for el in root.iter() if el.get("id")}
        panel = ids.get(target)
        if panel is not None and _answer(panel, button):
            beside.append(button)
    return in_heading, beside


def _target(button: HtmlElement) -> str | None:
    for name in CONTROL_TARGETS:
        value = (button.get(name) or "").strip()
        if value:
            return value.split()[0].lstrip("#") or None
    return None


def _heading_of(el: HtmlElement) -> HtmlElement | None:
    node = el.getparent()
    for _ in range(CUT.toggle_heading_levels):
        if node is None or node.tag in HEADING_TAGS:
            return node
        node = node.getparent()
    return None


def _answer(panel: HtmlElement, button: HtmlElement) -> bool:
    """The panel holds text, not mostly links, and does not hold the button."""
    if panel is button or any(a is button for a in panel.iterancestors()):
        return False
    text = _sample(panel.itertext())
    if text < CUT.panel_min_chars:
        return False
    linked = _sample(t for a in panel.iter("a") for t in a.itertext())
    return linked <= CUT.panel_max_link_share * text


def _sample(texts: Iterator[str]) -> int:
    """Non-space characters of ``texts``, counted up to :data:`CUT.toggle_sample_chars`."""
    total = 0
    for text in texts:
        total += len("".join(text.split()))
        if total >= CUT.toggle_sample_chars:
            break
    return total
