"""The closed panels of a page's disclosure widgets: tabs, accordions, "view details" boxes.

Cleaning removes hidden text (a prompt-injection route into a RAG index), but a panel a
reader opens with a click is the page's text. This module says which hidden boxes are
such panels, by markup alone; ``content/clean.py`` asks it while judging hidden elements
(docs/extraction.md, "What reaches the embedder").
"""

from __future__ import annotations

from collections import deque

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.content.vocab import CONTROL_TARGETS
from mainmark.page.classwords import words
from mainmark.vocabulary import boxes

#: Class/id words of a disclosure widget's parts (generic: accordion, tab and "show more"
#: components of every UI kit): a box with one of these words, or beside a part named so,
#: is opened by a click.
_DISCLOSURE_WORDS = boxes.DISCLOSURE.entries
#: The attributes :class:`Disclosures` reads: an element with none of them (and not an
#: ``<a>``, ``<button>`` or ``<summary>``) is passed over after one set test.
DISCLOSURE_ATTRIBUTES = frozenset({*CONTROL_TARGETS, "aria-expanded", "role"})
#: A widget's toggles: buttons, a ``<details>`` summary, ARIA buttons, tabs and expanders
#: (``aria-expanded``, ``role=button``, ``role=tab``).
TOGGLE_TAGS = ("button", "summary")
TOGGLE_ROLES = ("button", "tab")


class Disclosures:
    """The closed panels of a page's disclosure widgets (tabs, accordions, "view details"
    boxes): hidden until a reader opens them, and so the page's text, not hidden text.

    A panel is named by markup, never by a site: ``role="tabpanel"``; the target of a
    control (``aria-controls``, ``data-target``, an in-page link); a box beside a button,
    a ``<summary>`` or an ``aria-expanded`` toggle; or a box of a widget whose class or
    id words say accordion, tab panel, collapse, toggle. Text hidden with none of these
    (the injection route issue 40 closes) has no way to be opened and stays hidden."""

    def __init__(self, values: list[str], toggles: set[HtmlElement],
                 controlled: list[str]) -> None:
        # ``values``: the targets the page's controls and in-page links name, and
        # ``toggles``: its buttons, summaries and ARIA toggles, as ``prescan.scan_attributes``
        # reads them before the cleaning strips form controls (a toggle is often a <button>).
        self._targets = {v.lstrip("#") for value in values for v in value.split()}
        # ``controlled``: the ids ``aria-controls`` names, the WAI-ARIA accordion and tabs
        # patterns, whose closed panels are the ones ``aria-hidden`` and a hiding style close.
        self._controlled = {v.lstrip("#") for value in controlled for v in value.split()}
        self._toggles = toggles
        self._holders = {t.getparent() for t in toggles}
        # A box's children that are a widget's part, in document order, read once per box:
        # many hidden children of one box, each asked about its siblings, made the judging
        # quadratic in the box's width.
        self._parts: dict[HtmlElement, deque[HtmlElement]] = {}

    def named(self, el: HtmlElement) -> bool:
        """A tab panel, or the panel an ARIA toggle's ``aria-controls`` names, and no
        dialog: the panels the WAI-ARIA patterns close with ``aria-hidden`` or a style
        (a dialog a link opens is an overlay, not the page's text; a modal one is gone
        before anything is judged)."""
        role = el.get("role")
        if role in ("dialog", "alertdialog"):
            return False
        return role == "tabpanel" or (el.get("id") or "\0") in self._controlled

    def opens(self, el: HtmlElement) -> bool:
        """A box a control of the page opens: named by one, beside a toggle, or a part
        of a widget whose class words say so. Asked of boxes closed the way panels are
        (``hidden``, ``display:none``, a sheet rule), never of other hiding."""
        if el.get("role") == "tabpanel" or (el.get("id") or "\0") in self._targets:
            return True
        # The panel, or the box holding it, sits beside a toggle or is a widget's part (UI
        # kits wrap a panel's body in one more box than the toggle's level).
        parent = el.getparent()
        if el not in self._toggles and parent is not None and (
                parent in self._holders
                or (parent not in self._toggles and parent.getparent() in self._holders)):
            return True
        node: HtmlElement | None = el
        for _ in range(CUT.disclosure_levels):
            if node is None:
                return False
            if disclosure_part(node):
                return True
            parent = node.getparent()
            if parent is not None and self._beside_part(node, parent):
                return True
            node = parent
        return False

    def _beside_part(self, node: HtmlElement, parent: HtmlElement) -> bool:
        """Another child of ``parent`` than ``node`` is a widget's part. The children are
        read once per parent; while panels are judged the cleaning only removes elements,
        so a part removed since is dropped when met, and the answer is the one a fresh
        read of the children gives. At most two parts still in place are looked at."""
        parts = self._parts.get(parent)
        if parts is None:
            parts = self._parts[parent] = deque(
                sib for sib in parent if isinstance(sib.tag, str) and disclosure_part(sib))
        for at in (0, 1):
            while len(parts) > at and parts[at].getparent() is not parent:
                del parts[at]
            if len(parts) <= at:
                return False
            if parts[at] is not node:
                return True
        return False


def disclosure_part(el: HtmlElement) -> bool:
    """Its class or id words name a widget's part (accordion, collapse, tab panel): the
    UI kit opens it, whatever the page's own names."""
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    return not _DISCLOSURE_WORDS.isdisjoint(words(names)) if names.strip() else False
