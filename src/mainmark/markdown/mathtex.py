"""A formula's TeX, read off the page's own markup: a MathML ``x-tex`` annotation or
``alttext``, a MathJax source (``mm-tex``, from the cleaning stage), or, for MathML with
neither, its characters. The renderer writes it between dollars."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

_TEX_ENCODINGS = ("application/x-tex", "text/x-tex", "application/x-latex", "tex")
_DISPLAY_CLASSES = frozenset({"katex-display", "math-display", "displaymath", "MathJax_Display",
                              "equation", "mathblock"})


def math_source(el: HtmlElement, tag: str) -> tuple[str, bool]:
    """(TeX or plain text of a formula, whether it is displayed)."""
    if tag == "mm-tex":
        return " ".join((el.text or "").split()), el.get("display") == "block"
    tex = ""
    for note in el.iter("annotation"):
        if (note.get("encoding") or "").lower() in _TEX_ENCODINGS:
            tex = note.text or ""
            break
    if not tex:
        tex = el.get("alttext") or ""
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
