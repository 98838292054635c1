"""The user's say over the content (Options and flags) and what the output must admit.

Knobs: include/exclude CSS selectors (before selection), reader comments, citation
markers and reference lists, images without alt. Admissions: a decode that replaced or
re-read characters, and code or tables pruning removed, are in ``warnings``.
"""

from __future__ import annotations

import pytest

import mainmark
from extraction_support import PARAGRAPHS, TITLE
from mainmark.cli.flags import options_from_args
from mainmark.cli.main import build_parser
from mainmark.errors import OptionsError

BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
OPTS = mainmark.Options(chunking=False, explain=True)


def _page(inner: str, head: str = "") -> bytes:
    return (f"<html><head><title>{TITLE}</title>{head}</head><body>"
            f"<nav><a href='/'>Home</a></nav>{inner}</body></html>").encode()


@pytest.mark.parametrize(("field", "value"), [
    ("include", ("div >>> p",)), ("exclude", ("[unclosed",)), ("include", "main"),
    ("exclude", ("",)), ("comments", "yes"), ("citations", 1), ("bare_images", None),
    ("citation_markers", "no"),
])
def test_bad_knobs_are_refused(field: str, value: object) -> None:
    with pytest.raises(OptionsError):
        mainmark.Options(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "value"), [
    ("include", ("article",)), ("exclude", (".ad",)), ("comments", True),
    ("citations", False), ("bare_images", True), ("citation_markers", True),
])
def test_every_knob_changes_the_digest(field: str, value: object) -> None:
    assert mainmark.Options(**{field: value}).digest() != mainmark.Options().digest()  # type: ignore[arg-type]


def test_flags_map_onto_the_knobs() -> None:
    args = build_parser().parse_args([
        "extract", "page.html", "--include", "article", "--include", ".post",
        "--exclude", ".promo", "--comments", "--no-citations", "--bare-images",
        "--citation-markers"])
    options = options_from_args(args)
    assert options.include == ("article", ".post")
    assert options.exclude == (".promo",)
    assert options.comments and options.bare_images and not options.citations
    assert options.citation_markers
    defaults = options_from_args(build_parser().parse_args(["extract", "page.html"]))
    assert (defaults.include, defaults.exclude, defaults.comments, defaults.citations,
            defaults.bare_images, defaults.citation_markers) == ((), (), False, True, False,
                                                                 False)


def test_exclude_removes_before_selection() -> None:
    page = _page(f"<article><h1>{TITLE}</h1>{BODY}<div class='pull'><p>A pull quote "
                 "long enough to be kept as part of the article body by selection.</p>"
                 "</div></article>")
    assert "A pull quote" in mainmark.extract(page, options=OPTS).text
    doc = mainmark.extract(page, options=OPTS.replace(exclude=(".pull",)))
    assert "A pull quote" not in doc.text
    assert PARAGRAPHS[0] in doc.text
    assert doc.explain is not None and doc.explain.stripped.get("excluded", 0) > 0


def test_include_names_the_content() -> None:
    page = _page(f"<article><h1>{TITLE}</h1>{BODY}</article>"
                 "<div id='box'><p>Opening hours: nine to five.</p></div>")
    doc = mainmark.extract(page, options=OPTS.replace(include=("#box",)))
    assert "Opening hours" in doc.text
    assert PARAGRAPHS[0] not in doc.text
    assert doc.explain is not None and doc.explain.detail == "include selectors"
    unmatched = mainmark.extract(page, options=OPTS.replace(include=("#missing",)))
    assert PARAGRAPHS[0] in unmatched.text  # no match: selection as usual


def test_comments_are_kept_on_request() -> None:
    reply = ("I walked across the bridge this morning and the new paint looks great, "
             "although the railings on the north side are still wrapped in plastic.")
    page = _page(f"<article><h1>{TITLE}</h1>{BODY}<div class='comments'><h3>Comments</h3>"
                 f"<div class='comment'><p>{reply}</p></div></div></article>")
    assert reply not in mainmark.extract(page, options=OPTS).text
    assert reply in mainmark.extract(page, options=OPTS.replace(comments=True)).text


def test_decoding_that_replaces_characters_warns() -> None:
    html = ("<html><head><meta charset='utf-8'></head><body><p>caf\xe9 "
            "ok</p></body></html>").encode("latin-1").replace(b"ok", "naïve".encode())
    doc = mainmark.extract(html)
    assert doc.encoding.replaced == 1
    assert ("1 undecodable byte sequence(s) replaced with U+FFFD while decoding as utf-8"
            in doc.warnings)


def test_utf8_bytes_under_a_legacy_label_are_read_as_utf8() -> None:
    text = "Привет, мир: это страница в кодировке UTF-8."
    html = f"<html><head><meta charset='windows-1251'></head><body><p>{text}</p></body></html>"
    doc = mainmark.extract(html.encode("utf-8"))
    assert text in doc.text
    assert doc.encoding.name == "utf-8"
    assert any("windows-1251 overruled" in w for w in doc.warnings)
    clean = mainmark.extract(html.encode("cp1251"))  # really windows-1251: no warning
    assert text in clean.text and not clean.warnings


def test_relative_canonical_is_resolved_without_a_page_url() -> None:
    head = ("<link rel='canonical' href='/news/bridge'>"
            "<meta property='og:url' content='https://harbour.example/news/bridge?ref=og'>")
    doc = mainmark.extract(_page(f"<article><h1>{TITLE}</h1>{BODY}</article>", head))
    assert doc.metadata.canonical_url == "https://harbour.example/news/bridge"


def test_removed_code_is_admitted_in_warnings() -> None:
    page = _page(f"<article><h1>{TITLE}</h1>{BODY}<div class='share'><pre>curl -s "
                 "https://harbour.example/feed</pre></div></article>")
    doc = mainmark.extract(page, options=OPTS)
    assert any(w.startswith("removed 1 code block(s)") and "narrow:share" in w
               for w in doc.warnings)
    kept = mainmark.extract(_page(f"<article><h1>{TITLE}</h1>{BODY}<pre>make</pre></article>"))
    assert "make" in kept.markdown and not kept.warnings
