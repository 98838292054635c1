"""How a formula's TeX is carried from the cleaning to the renderer, and read off MathML.

The cleaning (``content.clean``, ``content.mathsources``) keeps a formula whose only text
form it would strip as a :data:`MATH_SOURCE_TAG` element; the renderer
(``markdown.mathtex``) writes it between dollars. Both read the page's own markup the
same way, and neither stage may import the other (data flows forward), so the names they
share and the one reading of MathML's TeX live here, with the parsed page.
"""

from __future__ import annotations

from lxml.html import HtmlElement

#: The element a formula's kept TeX becomes (a MathJax source's text, or a formula image's
#: alt in :data:`FORMULA_IMAGE`), so that stripping scripts and hidden elements spares it.
MATH_SOURCE_TAG = "mm-tex"
#: On a :data:`MATH_SOURCE_TAG` element: the TeX of a formula the page shows as an image.
FORMULA_IMAGE = "alt"
#: ``<annotation encoding=...>`` values that mark TeX.
TEX_ENCODINGS = ("application/x-tex", "text/x-tex", "application/x-latex", "tex")


def annotated_tex(math: HtmlElement) -> str:
    """The TeX a ``<math>`` carries, as written: its TeX annotation, else its ``alttext``
    (``""`` when it has neither)."""
    for note in math.iter("annotation"):
        if (note.get("encoding") or "").lower() in TEX_ENCODINGS:
            return note.text or ""
    return math.get("alttext") or ""
