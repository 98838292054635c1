"""A formula's TeX, read off the page's own markup: a MathML ``x-tex`` annotation or
``alttext``, a MathJax source or a formula image's alt (``mm-tex``, from the cleaning
stage), or, for MathML with neither, its characters. The renderer writes it between
dollars."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from mainmark.page.formulas import FORMULA_IMAGE, MATH_SOURCE_TAG, annotated_tex

_DISPLAY_CLASSES = frozenset({"katex-display", "math-display", "displaymath", "MathJax_Display",
                              "equation", "mathblock"})


def shown_as_image(el: HtmlElement, tag: str) -> bool:
    """A formula the page shows as an image (MediaWiki's): like an image, it adds its TeX
    to the markdown and nothing to the plain text."""
    return tag == MATH_SOURCE_TAG and el.get(FORMULA_IMAGE) is not None


def math_source(el: HtmlElement, tag: str) -> tuple[str, bool]:
    """(TeX or plain text of a formula, whether it is displayed)."""
    if tag == MATH_SOURCE_TAG:
        image_tex = el.get(FORMULA_IMAGE)
        tex = _unwrap_displaystyle(image_tex) if image_tex is not None else el.text or ""
        return " ".join(tex.split()), el.get("display") == "block"
    tex = annotated_tex(el)
    if not tex:  # MathML only: its characters, without the annotations
        tex = "".join(t for node in el.iter() if node.tag not in ("annotation", "annotation-xml")
                      for t in (node.text or "",) if t.strip())
    display = el.get("display") == "block"
    node = el.getparent()
    for _ in range(4):
        if node is None or display:
            break
        display = bool(set((node.get("class") or "").split()) & _DISPLAY_CLASSES) or (
            node.get("display") == "true")
        node = node.getparent()
    return _unwrap_displaystyle(" ".join(tex.split())), display


_ANGLE = re.compile(r"([<>]) *")
_ANGLE_MACRO = {"<": "\\lt ", ">": "\\gt "}


def markdown_tex(tex: str) -> str:
    """The TeX as the markdown writes it between dollars, safe for a renderer that does
    not know ``$`` math (plain CommonMark reads it as text, HTML and links): ``<`` and
    ``>`` become the TeX macros ``\\lt`` and ``\\gt`` (the same symbols to a TeX
    renderer, no tag or autolink to CommonMark), and a ``]`` before ``(`` or ``:`` gets
    a space (TeX ignores it in math; CommonMark then finds no link and no link
    definition). The text and HTML channels keep the page's TeX as it is."""
    if "<" in tex or ">" in tex:  # the space ends the macro's name; one is enough
        tex = _ANGLE.sub(lambda m: _ANGLE_MACRO[m[1]], tex)
    if "]" in tex:
        tex = tex.replace("](", "] (").replace("]:", "] :")
    return tex


_DISPLAYSTYLE = re.compile(r"\{\\displaystyle\s*(.*)\}")


def _unwrap_displaystyle(tex: str) -> str:
    """MediaWiki wraps every formula in ``{\\displaystyle ...}``, a size hint, not math."""
    found = _DISPLAYSTYLE.fullmatch(tex)
    return found.group(1).strip() if found and _balanced(found.group(1)) else tex


def _balanced(tex: str) -> bool:
    depth = 0
    for at, char in enumerate(tex):
        if char in "{}" and (at == 0 or tex[at - 1] != "\\"):
            depth += 1 if char == "{" else -1
            if depth < 0:
                return False
    return depth == 0
