"""Stripping the invisible payload: what a reader never sees is never extracted.

Each case puts one invisible element inside a small news article and checks that its
payload is gone, the article is intact, and ``explain.stripped`` counted the kind. The
counter-cases keep what only looks invisible: a ``hidden-xs`` class, declarative shadow
DOM, a noscript holding the post, a hidden wrapper that a script reveals.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS

PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
    "YPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def page(inside: str) -> bytes:
    """A news page: site nav, then an article whose first child is ``inside``."""
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return (
        "<!doctype html><html><head><title>Swing bridge to reopen</title></head><body>"
        "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<main><article><h1>Swing bridge to reopen</h1>{inside}{body}</article></main>"
        "<footer><p>Harbour Gazette, 4 Quay Street</p></footer></body></html>"
    ).encode()


def extract(html: bytes) -> mainmark.Document:
    return mainmark.extract(html, options=mainmark.Options(chunking=False, explain=True))


def assert_article_intact(doc: mainmark.Document) -> None:
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text


INVISIBLE = [
    pytest.param("<script>var tracker = 'PAYLOAD-SCRIPT';</script>", "PAYLOAD-SCRIPT", "script",
                 id="script"),
    pytest.param("<style>.quay { color: red } /* PAYLOAD-STYLE */</style>", "PAYLOAD-STYLE",
                 "style", id="style"),
    pytest.param("<noscript><img src='/pixel.gif'>PAYLOAD-NOSCRIPT enable JavaScript</noscript>",
                 "PAYLOAD-NOSCRIPT", "noscript", id="noscript-image-fallback"),
    pytest.param("<template><p>PAYLOAD-TEMPLATE card for later</p></template>",
                 "PAYLOAD-TEMPLATE", "template", id="template"),
    pytest.param("<svg viewBox='0 0 10 10'><title>PAYLOAD-SVG icon</title></svg>", "PAYLOAD-SVG",
                 "svg", id="svg"),
    pytest.param("<canvas width='300'>PAYLOAD-CANVAS chart fallback</canvas>", "PAYLOAD-CANVAS",
                 "canvas", id="canvas"),
    pytest.param("<iframe src='https://video.example/embed/1'>PAYLOAD-IFRAME</iframe>",
                 "PAYLOAD-IFRAME", "iframe", id="iframe"),
    pytest.param("<object data='/map.swf'>PAYLOAD-OBJECT plugin needed</object>",
                 "PAYLOAD-OBJECT", "object", id="object"),
    pytest.param("<!-- PAYLOAD-COMMENT build 4411 -->", "PAYLOAD-COMMENT", "comment",
                 id="comment"),
    pytest.param("<div hidden>PAYLOAD-HIDDEN subscriber offer</div>", "PAYLOAD-HIDDEN", "hidden",
                 id="hidden-attribute"),
    pytest.param("<div aria-hidden='true'>PAYLOAD-ARIA decorative quote</div>", "PAYLOAD-ARIA",
                 "hidden", id="aria-hidden"),
    pytest.param("<p style='display: none'>PAYLOAD-DISPLAY honeypot text</p>", "PAYLOAD-DISPLAY",
                 "hidden", id="display-none"),
    pytest.param("<p style='color:#333;visibility:hidden'>PAYLOAD-VISIBILITY</p>",
                 "PAYLOAD-VISIBILITY", "hidden", id="visibility-hidden"),
    pytest.param("<div role='dialog' aria-modal='true'><h2>Your Privacy</h2><p>PAYLOAD-MODAL "
                 "we process your data</p></div>", "PAYLOAD-MODAL", "modal", id="modal-dialog"),
]


@pytest.mark.parametrize(("markup", "payload", "kind"), INVISIBLE)
def test_invisible_element_is_stripped_and_counted(markup: str, payload: str, kind: str) -> None:
    doc = extract(page(markup))
    assert payload not in doc.markdown
    assert payload not in doc.text
    assert_article_intact(doc)
    assert doc.explain is not None
    # The element held at least the payload: its byte count cannot be below that.
    assert doc.explain.stripped.get(kind, 0) >= len(payload)


def test_embed_is_stripped_and_counted() -> None:
    doc = extract(page("<embed src='/player.swf' type='application/x-shockwave-flash'></embed>"))
    assert doc.explain is not None
    assert "embed" in doc.explain.stripped
    assert "player.swf" not in doc.markdown
    assert_article_intact(doc)


def test_unclosed_embed_does_not_take_the_article_with_it() -> None:
    # <embed> is a void element: HTML never closes it, so everything after it is its
    # sibling, not its content. Stripping the embed must not strip the article.
    doc = extract(page("<embed src='/player.swf'>"))
    assert_article_intact(doc)


def test_picture_source_does_not_take_the_image_with_it() -> None:
    # <source> is void too: the <img> after it is the picture's fallback image.
    figure = ("<picture><source srcset='/bridge.webp' type='image/webp'>"
              "<img src='/bridge.jpg' alt='The bridge at dawn'></picture>")
    doc = mainmark.extract(page(figure), options=mainmark.Options(
        chunking=False, explain=True, links="inline"))  # the test reads the image markup
    assert "![The bridge at dawn](/bridge.jpg)" in doc.markdown
    assert_article_intact(doc)


@pytest.mark.parametrize("cls", ["hidden-xs", "hidden-sm hidden-md", "collapse-hidden-mobile"])
def test_hidden_looking_class_is_not_hidden(cls: str) -> None:
    note = "Visible on desktop: the crossing opens at dawn, every day of the year."
    doc = extract(page(f"<p class='{cls}'>{note}</p>"))
    assert note in doc.text
    assert doc.explain is not None
    assert "hidden" not in doc.explain.stripped


def test_noscript_holding_the_post_is_kept() -> None:
    # Blog platforms render the post with a script and put the same post in <noscript>.
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    html = ("<html><head><title>Swing bridge to reopen</title></head><body>"
            f"<div id='app'></div><noscript>{body}</noscript>"
            "<footer>Harbour Gazette</footer></body></html>").encode()
    doc = extract(html)
    assert_article_intact(doc)
    assert "no main content found" not in doc.warnings


def test_declarative_shadow_root_content_is_kept() -> None:
    shadow = "Shadow root prose: the bridge keeper lives in the tower, as his father did."
    doc = extract(page(f"<div><template shadowrootmode='open'><p>{shadow}</p></template></div>"))
    assert shadow in doc.text
    assert_article_intact(doc)


@pytest.mark.parametrize(
    "attribute",
    ["hidden", "aria-hidden='true'", "style='display:none'", "style='visibility: hidden'"],
)
def test_hidden_wrapper_holding_most_of_the_page_is_kept(attribute: str) -> None:
    # A JavaScript reveal: the whole article starts hidden and a script shows it.
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    html = ("<html><body><header><a href='/'>Harbour Gazette</a></header>"
            f"<div class='story' {attribute}><h1>Swing bridge to reopen</h1>{body}</div>"
            "<footer>Harbour Gazette</footer></body></html>").encode()
    doc = extract(html)
    assert_article_intact(doc)


def test_base64_data_uri_is_removed_and_counted() -> None:
    figure = (f"<img src='{PIXEL}' alt='Tracking pixel'>"
              "<img src='/img/quay.jpg' alt='The quay at dusk'>")
    doc = mainmark.extract(page(figure), options=mainmark.Options(
        chunking=False, explain=True, links="inline"))  # the test reads the image markup
    assert "base64" not in doc.markdown
    assert "base64" not in doc.html
    assert "![The quay at dusk](/img/quay.jpg)" in doc.markdown
    assert doc.explain is not None
    assert doc.explain.stripped.get("data-uri") == len(PIXEL)
    assert_article_intact(doc)


@pytest.mark.parametrize("explain", [True, False])
def test_a_menu_button_that_swallowed_the_page_keeps_its_content(explain: bool) -> None:
    # An unclosed <div> inside a menu <button>: libxml2 nests the rest of the page,
    # <main> and all, inside the button. Stripping the control would strip the page.
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    html = (
        "<!doctype html><html><head><title>Swing bridge to reopen</title></head><body>"
        "<header role='banner'><button class='menu-button'><span>Menu</span>"
        "<div class='menu-button-inner'><div></button></div>"
        f"<main><article><h1>Swing bridge to reopen</h1>{body}</article></main>"
        "</header></body></html>"
    ).encode()
    doc = mainmark.extract(html, options=mainmark.Options(chunking=False, explain=explain))
    assert_article_intact(doc)


def test_a_real_button_is_still_stripped() -> None:
    doc = extract(page("<button class='share'>Share this story on every network</button>"))
    assert "Share this story" not in doc.text
    assert_article_intact(doc)
