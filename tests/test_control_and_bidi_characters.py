"""Control, bidi and invisible characters never reach what a reader or embedder sees.

Issue 40.16: numeric references (``&#27;``, ``&#7;``, ``&#0;``, C1 controls) put ESC and
BEL into the markdown, ``metadata.title``, ``heading_path`` and the terminal. Issue 40.18:
bidi overrides and isolates and invisible characters stayed in ``heading_path`` and
``embed_text``. Tab and newline stay; ZWJ stays inside an emoji sequence and ZWJ/ZWNJ
between letters of the scripts they shape.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mainmark
from extraction_support import PARAGRAPHS
from mainmark.cli.main import main
from mainmark.page.textnorm import drop_invisible

CONTROLS = [chr(c) for c in (*range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), *range(0x7F, 0xA0))]
BIDI_AND_INVISIBLE = [chr(c) for c in (
    *range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0x200B, 0x2010),
    *range(0x2060, 0x2065), 0x180E, 0x034F, 0xFEFF, 0x00AD, 0x061C, 0xE0041)]
FORBIDDEN = set(CONTROLS) | set(BIDI_AND_INVISIBLE)
#: What :data:`HOSTILE` reads as: HTML maps ``&#0;`` to U+FFFD and ``&#x9b;`` to the
#: windows-1252 character (U+203A); every control and invisible character is gone.
SEEN = "[2J]0;pwned\ufffd\u203a31m"

HOSTILE = ("&#27;[2J&#27;]0;pwned&#7;&#0;&#x9b;31m&#x202e;&#x2066;&#x2069;&#x180e;"
           "&#x34f;&#x200b;&#x200d;&#x200e;&#xfeff;&#xad;&#x2060;&#x2064;")


def _page() -> bytes:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return (f"<html><head><title>Swing{HOSTILE} bridge to reopen</title></head><body>"
            f"<article><h1>Swing{HOSTILE} bridge to reopen</h1>{body}"
            f"<h2>Costs{HOSTILE} and delays</h2><p>The bill{HOSTILE} came to two million "
            "pounds, the council said, after the repairs ran four months late.</p>"
            f"<pre><code>print('a'){HOSTILE}\n\tprint('b')</code></pre>"
            f"<table><tr><th>Item{HOSTILE}</th><th>Cost</th></tr><tr><td>Bearings</td>"
            "<td>1.2m</td></tr></table></article></body></html>").encode()


def _bad(text: str) -> list[str]:
    return sorted({f"U+{ord(c):04X}" for c in text if c in FORBIDDEN})


@pytest.fixture(scope="module")
def doc() -> mainmark.Document:
    return mainmark.extract(_page(), url="https://example.org/bridge")


def test_markdown_text_and_html_are_clean(doc: mainmark.Document) -> None:
    for out in (doc.markdown, doc.text, doc.html):
        assert _bad(out) == []
    assert f"Costs{SEEN} and delays" in doc.markdown


def test_title_is_clean(doc: mainmark.Document) -> None:
    assert doc.metadata.title is not None
    assert _bad(doc.metadata.title) == []


def test_chunks_heading_paths_and_embed_text_are_clean(doc: mainmark.Document) -> None:
    assert doc.chunks
    for chunk in doc.chunks:
        assert _bad(chunk.text) == []
        assert _bad(chunk.embed_text) == []
        for heading in chunk.heading_path:
            assert _bad(heading) == []
    assert doc.chunks[0].heading_path[0] == f"Swing{SEEN} bridge to reopen"


def test_code_blocks_keep_tabs_and_newlines_but_no_controls(doc: mainmark.Document) -> None:
    assert f"print('a'){SEEN}\n\tprint('b')" in doc.markdown


def test_extract_command_prints_no_control_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "hostile.html"
    page.write_bytes(_page())
    for fmt in ("markdown", "text", "chunks"):
        assert main(["extract", str(page), "--format", fmt]) == 0
        out, _ = capsys.readouterr()
        assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
        assert _bad(out.replace("\n", "")) == []


@pytest.mark.parametrize("char", CONTROLS + BIDI_AND_INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_each_character_is_dropped(char: str) -> None:
    assert drop_invisible(f"a{char}b") == "ab"


@pytest.mark.parametrize("text", [
    "tab\tand\nnewline",
    "👩\u200d💻 team",  # an emoji ZWJ sequence
    "👨\u200d👩\u200d👧",
    "می\u200cخواهم",  # Persian: ZWNJ between letters
    "क्\u200dष",  # Devanagari: ZWJ asks for a half form
    "Straße café naïve 東京",
])
def test_what_shapes_text_is_kept(text: str) -> None:
    assert drop_invisible(text) == text


def test_stray_joiners_go() -> None:
    assert drop_invisible("pay\u200dpal \u200cnow") == "paypal now"
