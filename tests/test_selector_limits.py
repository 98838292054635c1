"""``include``/``exclude`` selectors are checked once, at ``Options`` time, with limits
(issue 40.10): a list of 5,000 passed and then failed every page with ``XPathEvalError``,
a deeply nested ``:is()`` raised ``RecursionError``."""

from __future__ import annotations

import time

import pytest

import mainmark
from mainmark.errors import OptionsError
from mainmark.options import MAX_SELECTORS


@pytest.mark.parametrize("field", ["include", "exclude"])
@pytest.mark.parametrize("selectors", [
    pytest.param(tuple(f"div.c{i}" for i in range(5000)), id="5000-selectors"),
    pytest.param((", ".join(f"div.c{i}" for i in range(5000)),), id="5000-in-one-list"),
    pytest.param((":is(" * 2000 + "p" + ")" * 2000,), id="nested-is-2000"),
    pytest.param((":is(" * 40 + "p" + ")" * 40,), id="nested-is-40"),
    pytest.param((":not(" * 200 + "p" + ")" * 200,), id="nested-not"),
    pytest.param(("p" + " > p" * 3000,), id="long-chain"),
])
def test_oversized_selectors_raise_options_error(field: str,
                                                 selectors: tuple[str, ...]) -> None:
    start = time.process_time()
    with pytest.raises(OptionsError):
        mainmark.Options(**{field: selectors})  # type: ignore[arg-type]
    assert time.process_time() - start < 5


def test_ordinary_selectors_still_pass_and_apply() -> None:
    many = [f"article.c{i}" for i in range(MAX_SELECTORS - 1)]
    options = mainmark.Options(
        include=(*many, ":is(main, article) > :is(section, div.body)"), chunking=False)
    html = (b"<html><body><nav>Home</nav><article><div class='body'><p>"
            + b"The bridge reopens next month after repairs. " * 5 + b"</p></div></article>"
            b"</body></html>")
    doc = mainmark.extract(html, options=options)
    assert "The bridge reopens" in doc.markdown
    assert "Home" not in doc.markdown
