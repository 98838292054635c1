"""100,000 nested elements render without RecursionError and keep their text."""

from __future__ import annotations

import pytest

from render_support import render_html

DEPTH = 100_000


@pytest.mark.slow
@pytest.mark.parametrize(
    ("open_tag", "close_tag"),
    [("<div>", "</div>"), ("<span>", "</span>"), ("<blockquote>", "</blockquote>"),
     ("<ul><li>", "</li></ul>"), ("<b><i>", "</i></b>")],
)
def test_deep_nesting_renders(open_tag: str, close_tag: str) -> None:
    html = "<main>" + open_tag * DEPTH + "deep text" + close_tag * DEPTH + "<p>after</p></main>"
    rendered = render_html(html)
    assert "deep text" in rendered.markdown
    assert "deep text" in rendered.text
    assert rendered.markdown.endswith("after")
