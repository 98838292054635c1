"""Hostile input through the public entry point: a Document comes back, nothing raises.

Only a wrong input type or invalid options raise, and they raise mainmark's own errors.
"""

from __future__ import annotations

import email
import http.client
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mainmark
from mainmark import Document, InputError, Options, OptionsError
from mainmark.errors import InputTypeError


def extract_ok(data: bytes | str, **kwargs: Any) -> Document:
    doc = mainmark.extract(data, **kwargs)
    assert isinstance(doc, Document)
    assert isinstance(doc.markdown, str)
    assert isinstance(doc.warnings, tuple)
    return doc


@pytest.mark.parametrize("data", [b"", "", b"   \n\t  ", "\n\n", b"\xff\xfe", b"\xef\xbb\xbf"])
def test_empty_and_blank_inputs_give_an_empty_document_with_a_warning(data: bytes | str) -> None:
    doc = extract_ok(data)
    assert doc.markdown.strip() == ""
    assert doc.warnings


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
def test_any_bytes_give_a_document(data: bytes) -> None:
    extract_ok(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=500),
    st.dictionaries(
        st.sampled_from(["Content-Type", "content-type", "X-Other"]),
        st.one_of(st.text(max_size=40), st.sampled_from(
            ["text/html; charset=utf-8", "text/html; charset=bogus", "charset=utf-16",
             "text/html; charset=\"", "; charset=shift_jis; charset=koi8-r"]
        )),
    ),
)
def test_any_bytes_with_any_headers_give_a_document(data: bytes, headers: dict[str, str]) -> None:
    extract_ok(data, headers=headers)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.characters(codec=None, categories=None), max_size=300))
def test_any_str_gives_a_document(text: str) -> None:
    extract_ok(text)


def test_binary_garbage() -> None:
    data = random.Random(7).randbytes(200_000)
    extract_ok(data)


def test_lone_surrogates_in_a_str() -> None:
    doc = extract_ok(
        "<article><h1>Title</h1><p>before \ud800 after, and more text here.</p></article>"
    )
    assert "after" in doc.text


def test_nul_bytes_do_not_cut_the_page() -> None:
    html = (
        b"<html><body><article><h1>Nul test</h1>"
        b"<p>The council met on Tuesday evening to discuss the budget\x00and the words after "
        b"the NUL byte are part of the same paragraph of the article.</p>"
        b"<p>A second paragraph follows the NUL byte, long enough to count as content.</p>"
        b"</article></body></html>"
    )
    doc = extract_ok(html)
    assert "the words after the NUL byte" in doc.text
    assert "A second paragraph follows" in doc.text


def test_xml_declaration_with_encoding_in_a_str() -> None:
    html = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        "<html><body><article><h1>Declared</h1>"
        "<p>Body text that must survive the XML declaration.</p></article></body></html>"
    )
    doc = extract_ok(html)
    assert "Body text that must survive" in doc.text


@pytest.mark.parametrize(
    "jsonld",
    [
        '{"@type": "NewsArticle", "headline": "Unclosed',
        "{'@type': 'NewsArticle'}",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        "[" * 5000 + "]" * 5000,
        '{"@graph": {"@graph": {"@graph": null}}}',
        '{"@type": "NewsArticle", "articleBody": 42, "author": {"name": ["x", {"y": null}]}}',
        "",
        "<!-- not json -->",
    ],
)
def test_broken_jsonld(jsonld: str) -> None:
    html = (
        f'<html><head><script type="application/ld+json">{jsonld}</script></head>'
        "<body><article><h1>Still here</h1><p>The article text is still extracted.</p>"
        "</article></body></html>"
    )
    doc = extract_ok(html.encode())
    assert "article text is still extracted" in doc.text


@pytest.mark.parametrize(
    ("headers", "body"),
    [
        ({"Content-Type": "text/html; charset=utf-8"}, "Größe und Öffnungszeiten".encode("cp1252")),
        ({"Content-Type": "text/html; charset=shift_jis"}, "Grüße aus Köln".encode()),
        ({"Content-Type": "text/html; charset=utf-16"}, b"<p>ascii declared as utf-16</p>"),
        ({"Content-Type": "text/html; charset=no-such-charset"}, "Grüße".encode()),
        ({"Content-Type": "text/html; charset="}, b"<p>empty label</p>"),
    ],
)
def test_wrong_charset_header(headers: dict[str, str], body: bytes) -> None:
    html = b"<html><body><article><h1>Wrong header</h1><p>" + body + b"</p></article></body></html>"
    extract_ok(html, headers=headers)


def test_input_over_the_size_limit_is_truncated_with_a_warning() -> None:
    html = b"<html><body><article><h1>Long</h1>" + b"<p>Some words here.</p>" * 500
    doc = extract_ok(html, options=Options(max_input_bytes=1000))
    assert any("truncated" in w for w in doc.warnings)


@pytest.mark.parametrize("bad", [None, 123, 4.5, ["<p>x</p>"], {"html": "x"}, object()])
def test_wrong_input_type_raises_input_error(bad: object) -> None:
    with pytest.raises(InputError):
        mainmark.extract(bad)  # type: ignore[arg-type]


def test_input_error_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        mainmark.extract(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [bytearray(b"<p>a bytearray page</p>"),
                                  memoryview(b"<p>a memoryview page</p>")])
def test_bytes_like_input_is_accepted(data: bytes) -> None:
    extract_ok(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"max_input_bytes": 0},
        {"max_input_bytes": "big"},
        {"max_tokens": 8},
        {"max_tokens": True},
        {"min_tokens": -1},
        {"min_tokens": 600, "max_tokens": 512},
        {"overlap_tokens": 300},
        {"links": "footnotes"},
        {"chunking": "yes"},
        {"images": 1},
        {"tokenizer": ""},
        {"tokenizer": 42},
    ],
)
def test_invalid_options_raise_options_error(changes: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        Options(**changes)
    with pytest.raises(ValueError):  # OptionsError is a ValueError too
        Options().replace(**changes)


# ----------------------------------------------------------------------------- large inputs
# Benchmark-style: they must finish and give a Document. No time is asserted.


def deep_page(depth: int) -> bytes:
    return (
        "<html><head><title>Deep</title></head><body><article><h1>Deep page</h1>"
        "<p>Text before the deep nest.</p>" + "<div>" * depth + "<p>At the bottom.</p>"
        + "</div>" * depth + "<p>Text after the deep nest.</p></article></body></html>"
    ).encode()


@pytest.mark.slow
def test_hundred_thousand_nested_elements() -> None:
    doc = extract_ok(deep_page(100_000))
    assert any("nesting" in w for w in doc.warnings)


@pytest.mark.slow
def test_fifty_megabyte_page() -> None:
    paragraph = (
        "<p>The committee met again on Tuesday to review the figures, and agreed that "
        "the survey should continue for another season before any decision is taken.</p>\n"
    )
    body = paragraph * (50_000_000 // len(paragraph))
    html = (
        "<html><head><title>Fifty megabytes</title></head><body><article>"
        f"<h1>Fifty megabytes</h1>{body}</article></body></html>"
    ).encode()
    assert len(html) > 50_000_000
    extract_ok(html)


@pytest.mark.slow
def test_a_gallery_of_ten_thousand_captioned_photos() -> None:
    # Ten thousand captions, each printed twice (strip and lightbox): one copy of each
    # stays, and the repeat check (a set and a short window) finishes on a page this size.
    items = "".join(
        f"<figure><img src='/p{i}.jpg' alt=''><figcaption>Photo {i} of the harbour works, "
        f"taken from the north quay.</figcaption><div class='caption'>Photo {i} of the harbour "
        "works, taken from the north quay.</div></figure>" for i in range(10_000))
    html = (f"<html><body><article><h1>Gallery</h1><p>{'Words of prose. ' * 40}</p>{items}"
            "</article></body></html>").encode()
    doc = extract_ok(html)
    assert doc.text.count("Photo 9999 of the harbour works") == 1


@pytest.mark.parametrize("kwargs", [
    {"url": 5}, {"url": b"https://example.org/"}, {"url": ["https://example.org/"]},
    {"headers": "Content-Type: text/html"}, {"headers": [("Content-Type", "text/html")]},
    {"headers": 5}, {"options": {"max_tokens": 64}}, {"options": {}}, {"options": "fast"},
])
def test_wrong_argument_types_raise_input_type_error(kwargs: dict[str, Any]) -> None:
    # They raised AttributeError deep inside, and options={} was read as the defaults.
    with pytest.raises(InputTypeError, match=next(iter(kwargs))):
        mainmark.extract(b"<p>A page.</p>", **kwargs)


def test_chunk_checks_its_argument_types() -> None:
    doc = extract_ok(b"<article><h1>T</h1><p>Some text of the page.</p></article>")
    for args in [("<p>not a document</p>", None), (doc, {"max_tokens": 64}), (doc, "fast")]:
        with pytest.raises(InputTypeError):
            mainmark.chunk(*args)  # type: ignore[arg-type]
    assert mainmark.chunk(doc, Options(max_tokens=64)) == list(doc.chunks)


def test_headers_from_the_standard_library_are_read() -> None:
    # urlopen(...).headers is an HTTPMessage: no Mapping, but it has items()
    message = email.message_from_string("Content-Type: text/html; charset=windows-1252\n\n",
                                        _class=http.client.HTTPMessage)
    # typed as a Mapping for callers; an object with items() is read the same at run time
    doc = mainmark.extract("<p>Caf\u00e9 au lait.</p>".encode("cp1252"),
                           headers=message)  # type: ignore[arg-type]
    assert "Café" in doc.text and doc.encoding.signal == "header"


def test_a_home_directory_that_does_not_exist_is_no_file() -> None:
    # Path("~someone").expanduser() raises RuntimeError for an unknown user: the text is
    # a page's text, and a file name under it is said to be one
    assert extract_ok("~nosuchuser-of-mainmark").text == "~nosuchuser-of-mainmark"
    doc = extract_ok("~nosuchuser-of-mainmark/page.html")
    assert doc.text == "" and "file name" in doc.warnings[0]
