"""UTF-8 read as windows-1252 ("Ã©", "â€™") is repaired, and only when it measurably helps."""

from __future__ import annotations

import pytest

import mainmark
from mainmark.model import EncodingSignal
from mainmark.page.decode import decode, repair_mojibake

ORIGINAL = (
    "<!DOCTYPE html><html><head><title>Café déjà vu</title></head><body><article>"
    "<h1>Café déjà vu</h1>"
    "<p>Le café « naïf » de la façade coûte 3 € — c’est très cher.</p>"
    "<p>Die Straße in München ist schön; Grüße über alles.</p>"
    "<p>“Smart quotes” and an ellipsis… and a ™ sign.</p>"
    "</article></body></html>"
)


def garble(text: str) -> str:
    """What a server or CMS does when it reads UTF-8 as windows-1252 once, the way
    browsers read it: the five bytes Python's cp1252 leaves undefined (the 0x9D of
    "”" among them) become C1 controls."""
    chars = []
    for byte in text.encode("utf-8"):
        try:
            chars.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            chars.append(chr(byte))
    return "".join(chars)


def test_garble_helper_really_garbles() -> None:
    assert "CafÃ©" in garble(ORIGINAL)
    assert "â€™" in garble(ORIGINAL)


def test_double_encoded_utf8_page_is_repaired() -> None:
    data = garble(ORIGINAL).encode("utf-8")  # valid UTF-8 of the garbled text
    result = decode(data)
    assert result.info.mojibake_repaired
    assert result.info.name == "utf-8"
    assert result.text == ORIGINAL


def test_garbled_twice_over_is_repaired_twice() -> None:
    data = garble(garble(ORIGINAL)).encode("utf-8")
    result = decode(data)
    assert result.info.mojibake_repaired
    assert result.text == ORIGINAL


@pytest.mark.parametrize(
    ("headers", "head"),
    [
        ({"Content-Type": "text/html; charset=iso-8859-1"}, ""),
        (None, '<meta charset="windows-1252">'),
    ],
)
def test_utf8_bytes_labelled_latin1_are_read_as_utf8(
    headers: dict[str, str] | None, head: str
) -> None:
    page = ORIGINAL.replace("<head>", f"<head>{head}")
    result = decode(page.encode("utf-8"), headers)
    assert result.info.mojibake_repaired
    assert (result.info.name, result.info.signal) == ("utf-8", EncodingSignal.DETECTOR)
    assert result.text == page


def test_a_garbled_field_on_a_correct_page_is_repaired_there_only() -> None:
    page = ORIGINAL.replace("<h1>", '<img alt="Sprühregen über Köln"><h1>')
    broken = page.replace("Sprühregen", garble("Sprühregen"))
    assert "SprÃ¼hregen" in broken
    result = decode(broken.encode("utf-8"))
    assert result.info.mojibake_repaired
    assert result.text == page


@pytest.mark.parametrize(
    "text",
    [
        # Portuguese capitals: "Ã" followed by a letter is a real letter.
        "<p>SÃO PAULO — A MÃE E A IRMÃ DE JOÃO VIERAM À FESTA. São Paulo é ótima.</p>",
        # French guillemets after a capital É, and an apostrophe after É: the same
        # characters mojibake is made of, among many real accents.
        "<p>« L’ÉTÉ » à Paris : café, crème brûlée, RÉSUMÉ’s of élèves, déjà vu, "
        "naïveté, façade, théâtre, où, forêt, château, Noël, Ça va.</p>",
        # A Latin-1 page's real characters.
        "<p>Ãgua is not a word, but Ão and Ãõ may appear in a list of glyphs: Ã, Õ, Ñ.</p>",
        "<p>Ελληνικά, русский, 日本語, עברית — ordinary non-Latin text.</p>",
    ],
)
def test_legitimate_text_is_not_repaired(text: str) -> None:
    page = f"<html><body>{text}</body></html>"
    result = decode(page.encode("utf-8"))
    assert not result.info.mojibake_repaired
    assert result.text == page
    assert repair_mojibake(page) is None


def test_real_windows1252_page_is_left_alone() -> None:
    page = ORIGINAL.replace("<head>", '<head><meta charset="windows-1252">')
    result = decode(page.encode("cp1252"))
    assert not result.info.mojibake_repaired
    assert result.info.name == "windows-1252"
    assert result.text == page


def test_one_ambiguous_sequence_alone_is_no_evidence() -> None:
    # "É»" is also the windows-1252 reading of the UTF-8 of "ɻ": one such pair among
    # correct accents must not be "repaired".
    page = "<p>Le «ÉTÉ» dernier, à Paris, était très chaud ; les élèves étaient là.</p>"
    assert repair_mojibake(page) is None


@pytest.mark.parametrize("text", ["", "plain ascii", "Ã", "SÃO", "Ã ", "â"])
def test_nothing_to_repair(text: str) -> None:
    assert repair_mojibake(text) is None


def test_a_single_unambiguous_sequence_is_repaired() -> None:
    assert repair_mojibake("CafÃ© opens at nine") == "Café opens at nine"


def test_repair_reduces_the_count_of_garbled_sequences() -> None:
    garbled = garble("Grüße aus Köln, schön. " * 3)
    fixed = repair_mojibake(garbled)
    assert fixed == "Grüße aus Köln, schön. " * 3


def test_mojibake_page_through_extract() -> None:
    doc = mainmark.extract(garble(ORIGINAL).encode("utf-8"))
    assert doc.encoding.mojibake_repaired
    assert "Straße" in doc.markdown
    assert "StraÃŸe" not in doc.markdown


def test_latin1_label_kept_when_the_bytes_are_mostly_not_utf8() -> None:
    # Garbled-looking sequences in real windows-1252 bytes next to plenty of bytes that
    # are not UTF-8 at all: the label stands, and the text is the windows-1252 reading.
    page = "<p>" + "Ã© and Ã¼ " * 3 + "café crème brûlée " * 10 + "</p>"
    data = page.encode("cp1252")
    result = decode(data, {"Content-Type": "text/html; charset=windows-1252"})
    assert result.info.name == "windows-1252"
    assert result.text == page


def garble_latin1(text: str) -> str:
    """UTF-8 read as ISO-8859-1, the way a database connection set to Latin-1 stores it:
    every byte one character, 80-9F the C1 controls ("’" becomes "â\\x80\\x99")."""
    return text.encode("utf-8").decode("latin-1")


def test_latin1_read_utf8_in_a_mostly_correct_page_is_repaired() -> None:
    # The article body was stored through a Latin-1 connection, the template around it is
    # correct UTF-8 (its own "—" and "é"): each garbled sequence holds a C1 control, which
    # no written text does, so each is repaired and the correct characters stay as they are.
    body = "<p>There isn’t a cell in my body — “private host”, they said.</p>" * 3
    page = (f"<html><head><title>Café — Blog</title></head><body><nav>Café — Menü</nav>"
            f"<article>{garble_latin1(body)}</article></body></html>")
    assert "isnâ\x80\x99t" in page
    result = decode(page.encode("utf-8"))
    assert result.info.mojibake_repaired
    assert "There isn’t a cell in my body — “private host”" in result.text
    assert "Café — Menü" in result.text
    assert not any("\x80" <= ch < "\xa0" for ch in result.text)


def test_c1_controls_alone_are_left_alone() -> None:
    # A C1 control not preceded by a lead character is no UTF-8 sequence: nothing to undo.
    assert repair_mojibake("a\x85b and \x99 c") is None
