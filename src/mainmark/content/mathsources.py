"""Formulas whose only text form the cleaning would strip: the cleaning keeps their TeX
in a :data:`MATH_SOURCE_TAG` element (MathJax v2's ``<script type="math/tex">`` becomes
one in :mod:`mainmark.content.clean`, its TeX as text).

MediaWiki's Math extension shows a formula as an image whose alt is the TeX and keeps
MathML with the same TeX for screen readers, hidden by an inline ``display: none``
(``mwe-math-element``). Both halves are hidden from one reader or the other (the image
is ``aria-hidden``), so the formula came out not at all. The pair becomes one
:data:`MATH_SOURCE_TAG` element with the image's alt, the TeX, in its
:data:`FORMULA_IMAGE` attribute: the renderer writes it as ``$TeX$`` (``$$TeX$$``
displayed) in the markdown, once, and, like any image, adds nothing to the plain text
(``Document.text`` never held image text; a benchmark's reference text without formulas
is where showing the MathML as text cost rd CHECK 0.99096 -> 0.98431; rule
``formula-image``, docs/rules.md). The TeX sits in an attribute so that the selection
stages, which measure text, see the page as they saw it before: the formula was
invisible to them.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from mainmark.content.constants import CUT
from mainmark.page.formulas import FORMULA_IMAGE, MATH_SOURCE_TAG, annotated_tex
from mainmark.vocabulary import classes

_DISPLAYED_IMAGES = classes.FORMULA_IMAGE_DISPLAY.entries
_FORMULA_IMAGES = classes.FORMULA_IMAGE.entries
_DISPLAYSTYLE = "{\\displaystyle"
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none", re.IGNORECASE)


def formula_images(root: HtmlElement) -> None:
    """A ``<math>`` with TeX, hidden by an inline style, beside the image that shows it:
    the pair becomes one formula element carrying the image's alt, the TeX readers of the
    image get. The hidden MathML only says that the image is a formula (and whether it
    is displayed): hidden text is a prompt-injection route, so none of it is shown, only
    what the image's alt says, as for any image. (MediaWiki writes the same TeX in both;
    older versions leave the ``{\\displaystyle}`` hint and the normalised braces out of
    the alt.) The image is the formula's when its alt is the same TeX or when it carries
    the Math extension's formula image class. A hidden ``<math>`` with no such image in
    its place stays hidden (it is hidden indeed), and so does one without TeX."""
    for math in list(root.iter("math")):
        tex = _tex(math)
        hider = _hider(math) if tex else None
        if hider is None:
            continue
        image = _image_beside(hider)
        if image is None:
            continue
        shown = " ".join((image.get("alt") or "").split())
        if not shown or not (_core(shown) == _core(tex) or set(
                (image.get("class") or "").split()) & _FORMULA_IMAGES):
            continue  # an image beside it that is no picture of this formula
        formula = hider.makeelement(MATH_SOURCE_TAG, {})
        formula.set(FORMULA_IMAGE, shown)
        if math.get("display") == "block" or set(
                (image.get("class") or "").split()) & _DISPLAYED_IMAGES:
            formula.set("display", "block")
        first, second = (hider, image) if hider.getnext() is image else (image, hider)
        formula.tail = second.tail
        second.tail = None
        first.addprevious(formula)
        parent = first.getparent()
        if parent is not None:
            parent.remove(first)
            parent.remove(second)
        if _alone_in_definition(formula):
            formula.set("display", "block")


def _tex(math: HtmlElement) -> str:
    """The TeX a ``<math>`` carries (:func:`annotated_tex`), spaces collapsed."""
    return " ".join(annotated_tex(math).split())


def _core(tex: str) -> str:
    """TeX as compared with an image's alt: without spaces and without the
    ``{\\displaystyle ...}`` size hint around it."""
    bare = "".join(tex.split())
    if bare.startswith(_DISPLAYSTYLE) and bare.endswith("}"):
        return bare[len(_DISPLAYSTYLE):-1]
    return bare


def _hider(math: HtmlElement) -> HtmlElement | None:
    """The element, at most ``CUT.formula_hider_levels`` above, that hides ``math`` inline."""
    node = math.getparent()
    for _ in range(CUT.formula_hider_levels):
        if node is None:
            return None
        if _HIDDEN_STYLE.search(node.get("style") or ""):
            return node
        node = node.getparent()
    return None


def _image_beside(hider: HtmlElement) -> HtmlElement | None:
    """The ``<img>`` right before or after ``hider``, nothing but space between them."""
    after = hider.getnext()
    if after is not None and after.tag == "img" and not (hider.tail or "").strip():
        return after
    before = hider.getprevious()
    if before is not None and before.tag == "img" and not (before.tail or "").strip():
        return before
    return None


def _alone_in_definition(formula: HtmlElement) -> bool:
    """A formula that is all a ``<dd>`` says is set on its own line: MediaWiki indents a
    displayed formula (``:<math>``) in a ``<dd>`` and often writes it with the inline
    image class."""
    node = formula.getparent()
    for _ in range(CUT.formula_indent_levels):
        if node is None:
            return False
        if node.tag == "dd":
            return not "".join(node.itertext()).strip() and sum(
                1 for _ in node.iter(MATH_SOURCE_TAG)) == 1
        node = node.getparent()
    return False
