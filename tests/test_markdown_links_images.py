"""Links become text collected aside (the default) or resolve to absolute URLs inline;
images need a name."""

from __future__ import annotations

from mainmark.model import Link
from mainmark.options import Options
from render_support import render_html

PAGE = """<main><p>Read <a href="/a">the first</a> and <a href="b?x=1">the second</a>;
<a href="javascript:go()">not a link</a>, <a href="#s">#</a>.</p>
<h2>About <a href="/c">this</a></h2>
<p><img src="/p.png" alt="A picture"> <img src="/q.png"></p></main>"""


INLINE = Options(links="inline")


def test_inline_mode_keeps_absolute_links_and_collects_none() -> None:
    rendered = render_html(PAGE, options=INLINE)
    assert "[the first](https://example.com/a)" in rendered.markdown
    assert "[the second](https://example.com/articles/b?x=1)" in rendered.markdown
    assert "not a link" in rendered.markdown and "javascript" not in rendered.markdown
    assert "## About this" in rendered.markdown
    assert rendered.links == []


def test_text_mode_collects_links_in_order() -> None:
    rendered = render_html(PAGE, options=Options(links="text"))
    assert "](" not in rendered.markdown
    assert rendered.links == [
        Link("the first", "https://example.com/a", "/a"),
        Link("the second", "https://example.com/articles/b?x=1", "b?x=1"),
        Link("this", "https://example.com/c", "/c"),
    ]


def test_images_need_alt_and_can_be_switched_off() -> None:
    rendered = render_html(PAGE, options=INLINE)
    assert "![A picture](https://example.com/p.png)" in rendered.markdown
    assert "q.png" not in rendered.markdown
    assert "![](" not in rendered.markdown
    off = render_html(PAGE, options=Options(images=False, links="inline"))
    assert "![" not in off.markdown and "<img" not in off.html


def test_lazy_images_resolve_to_the_real_picture() -> None:
    rendered = render_html(
        '<main><p><img src="/lazy-placeholder.gif" data-src="/real.jpg" alt="a"></p>'
        '<p><img srcset="/s.jpg 1x, /l.jpg 2x" alt="b"></p>'
        '<p><img data-srcset="/w,1.jpg 100w, /w,2.jpg 900w, /w,3.jpg 300w" alt="c"></p></main>',
        options=INLINE,
    )
    assert "![a](https://example.com/real.jpg)" in rendered.markdown
    assert "![b](https://example.com/l.jpg)" in rendered.markdown
    assert "![c](https://example.com/w,2.jpg)" in rendered.markdown


def test_base_href_is_honoured() -> None:
    html = ('<html><head><base href="https://docs.example.org/v2/"></head><body><main>'
            '<p><a href="x.html">x</a></p></main></body></html>')
    assert "[x](https://docs.example.org/v2/x.html)" in render_html(html, options=INLINE).markdown


def test_by_default_the_markdown_holds_no_link_target_and_no_image_markup() -> None:
    """Issue 37.1: link targets and image sources were a fifth of all chunk tokens; by
    default the anchor and alt text stay, the targets go to the side table."""
    rendered = render_html(PAGE)
    assert rendered.markdown == (
        "Read the first and the second; not a link, .\n\n## About this\n\nA picture")
    assert [link.url for link in rendered.links] == [
        "https://example.com/a", "https://example.com/articles/b?x=1", "https://example.com/c"]
    assert "<img" in rendered.html and 'href="https://example.com/a"' in rendered.html


def test_an_anchor_showing_its_own_url_shows_its_host() -> None:
    """A bare link (``<a href=u>u</a>``, forums and docs) is its target printed as text:
    the URL goes to the side table, the sentence keeps the host it points to."""
    url = "https://tokio.rs/tokio/topics/bridging?utm_source=x&page=2"
    rendered = render_html(f'<main><p>See <a href="{url}">{url}</a> for details; or '
                           '<a href="http://www.example.org/a">www.example.org/a</a>.</p></main>')
    assert rendered.markdown == "See tokio.rs for details; or example.org."
    assert rendered.links == [Link("tokio.rs", url, url),
                              Link("example.org", "http://www.example.org/a",
                                   "http://www.example.org/a")]
    assert url in rendered.text  # the reader's text channel is unchanged
