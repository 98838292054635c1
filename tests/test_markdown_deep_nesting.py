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


@pytest.mark.parametrize(
    ("open_tag", "close_tag"),
    [("<blockquote><p>quoted</p>", "</blockquote>"), ("<ul><li>item", "</li></ul>"),
     ("<ol><li>item", "</li></ol>"), ("<dl><dt>term</dt><dd>", "</dd></dl>"),
     ("<dl><dt>term</dt><dd><p>definition</p>", "</dd></dl>")],
)
def test_markers_stop_at_the_marker_depth(open_tag: str, close_tag: str) -> None:
    # Each quote, list or definition level prefixes every line below it: past the marker
    # depth the blocks stay as they are, so 300 levels (within the parser's flatten depth)
    # give no line a prefix of 300 levels, and the markdown stays in proportion to the page.
    from mainmark.markdown.constants import CUT

    depth = 300
    html = "<main>" + open_tag * depth + "deep text" + close_tag * depth + "<p>after</p></main>"
    rendered = render_html(html)
    prefixes = [len(line) - len(line.lstrip(" >:-.0123456789"))
                for line in rendered.markdown.split("\n")]
    assert max(prefixes) <= 3 * CUT.max_marker_depth
    assert "deep text" in rendered.markdown and rendered.markdown.endswith("after")
    assert len(rendered.markdown) < 4 * len(html)
