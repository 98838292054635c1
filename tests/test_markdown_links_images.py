"""Links resolve to absolute URLs or become text collected aside; images need a name."""

from __future__ import annotations

from mainmark.model import Link
from mainmark.options import Options
from render_support import render_html

PAGE = """<main><p>Read <a href="/a">the first</a> and <a href="b?x=1">the second</a>;
<a href="javascript:go()">not a link</a>, <a href="#s">#</a>.</p>
<h2>About <a href="/c">this</a></h2>
<p><img src="/p.png" alt="A picture"> <img src="/q.png"></p></main>"""


def test_inline_mode_keeps_absolute_links_and_collects_none() -> None:
    rendered = render_html(PAGE)
    assert "[the first](https://example.com/a)" in rendered.markdown
    assert "[the second](https://example.com/articles/b?x=1)" in rendered.markdown
    assert "not a link" in rendered.markdown and "javascript" not in rendered.markdown
    assert "## About this" in rendered.markdown
    assert rendered.links == []


def test_text_mode_collects_links_in_order() -> None:
    rendered = render_html(PAGE, options=Options(links="text"))
    assert "](" not in rendered.markdown.replace("![A picture](", "")
    assert rendered.links == [
        Link("the first", "https://example.com/a", "/a"),
        Link("the second", "https://example.com/articles/b?x=1", "b?x=1"),
        Link("this", "https://example.com/c", "/c"),
    ]


def test_images_need_alt_and_can_be_switched_off() -> None:
    rendered = render_html(PAGE)
    assert "![A picture](https://example.com/p.png)" in rendered.markdown
    assert "q.png" not in rendered.markdown
    assert "![](" not in rendered.markdown
    off = render_html(PAGE, options=Options(images=False))
    assert "![" not in off.markdown and "<img" not in off.html


def test_lazy_images_resolve_to_the_real_picture() -> None:
    rendered = render_html(
        '<main><p><img src="/lazy-placeholder.gif" data-src="/real.jpg" alt="a"></p>'
        '<p><img srcset="/s.jpg 1x, /l.jpg 2x" alt="b"></p>'
        '<p><img data-srcset="/w,1.jpg 100w, /w,2.jpg 900w, /w,3.jpg 300w" alt="c"></p></main>'
    )
    assert "![a](https://example.com/real.jpg)" in rendered.markdown
    assert "![b](https://example.com/l.jpg)" in rendered.markdown
    assert "![c](https://example.com/w,2.jpg)" in rendered.markdown


def test_base_href_is_honoured() -> None:
    html = ('<html><head><base href="https://docs.example.org/v2/"></head><body><main>'
            '<p><a href="x.html">x</a></p></main></body></html>')
    assert "[x](https://docs.example.org/v2/x.html)" in render_html(html).markdown
