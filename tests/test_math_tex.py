"""Formulas as TeX between dollars (issue 37.10): the TeX once, in the page's own words.

The golden case ``math-tex-sources`` covers KaTeX, MathJax and ``alttext``; these cover
MediaWiki's way of writing the same TeX (``{\\displaystyle ...}``, display formulas
indented in a ``<dd>``) when its MathML is what the page shows.
"""

from __future__ import annotations

import pytest

from render_support import render_html


def _formula(tex: str, display: bool = False) -> str:
    block = ' display="block"' if display else ""
    return (f'<math xmlns="http://www.w3.org/1998/Math/MathML"{block} alttext="{tex}">'
            f'<semantics><mi>x</mi><annotation encoding="application/x-tex">{tex}'
            "</annotation></semantics></math>")


@pytest.mark.parametrize(("tex", "expected"), [
    (r"{\displaystyle E=mc^{2}}", "$E=mc^{2}$"),
    (r"{\displaystyle {\frac {a}{b}}}", r"${\frac {a}{b}}$"),
    # Not one wrapper around the whole formula: left as written.
    (r"{\displaystyle a} + {\displaystyle b}", r"${\displaystyle a} + {\displaystyle b}$"),
    (r"x^{2}", "$x^{2}$"),
])
def test_the_displaystyle_wrapper_is_a_size_hint_not_math(tex: str, expected: str) -> None:
    markdown = render_html(f"<main><p>So {_formula(tex)} holds.</p></main>").markdown
    assert markdown == f"So {expected} holds."


def test_a_displayed_formula_in_a_definition_is_its_own_block() -> None:
    """``: $$`` is no display math: MediaWiki indents each displayed formula in a ``dd``."""
    formula = _formula(r"{\displaystyle \ddot x=-x}", display=True)
    html = f"<main><p>The equation of motion:</p><dl><dd>{formula}</dd></dl></main>"
    markdown = render_html(html).markdown
    assert markdown == "The equation of motion:\n\n$$\n\\ddot x=-x\n$$"
