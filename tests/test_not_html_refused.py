"""A PDF (or an image, or JSON) is refused by every entry point, never chunked as text.

Before, ``mainmark.extract`` and ``MainmarkTransformer`` turned a PDF's bytes (or the
text ``AsyncHtmlLoader`` hands over for a PDF URL) into thousands of characters of
garbage chunks, while the CLI, the loader and batch refused it. One sniffing function
(``mainmark.page.sniff.not_html``) now serves them all.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from langchain_core.documents import Document as LCDocument

import mainmark
from mainmark import NotHtmlError
from mainmark.cli.main import main
from mainmark.ingest.records import Location, PageRecord, Reason, process_record, sha256_of
from mainmark.integrations.langchain import MainmarkLoader, MainmarkTransformer
from mainmark.page.sniff import not_html


def minimal_pdf(text: str = "Quarterly report: revenue grew in every region") -> bytes:
    """A small valid PDF: one page showing ``text``, with a correct xref table."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


PDF = minimal_pdf()
#: What a loader that decodes every body as text hands over for a PDF URL.
PDF_AS_TEXT = PDF.decode("utf-8", "replace")
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 64
JSON = b'{"id": 7, "html": "<p>an API answer, not a page</p>", "tags": ["a", "b"]}'


def test_the_pdf_is_a_real_pdf() -> None:
    assert PDF.startswith(b"%PDF-1.4") and PDF.rstrip().endswith(b"%%EOF")
    xref_at = int(PDF.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    assert PDF[xref_at:].startswith(b"xref\n")


@pytest.mark.parametrize(("payload", "what"), [
    (PDF, "PDF"), (PDF_AS_TEXT, "PDF"), (PNG, "PNG image"), (JSON, "JSON"),
    (JSON.decode(), "JSON"), (b"\xef\xbb\xbf\n\n" + PDF, "PDF"),
])
def test_extract_gives_an_empty_document_that_says_why(payload: bytes | str,
                                                       what: str) -> None:
    doc = mainmark.extract(payload)
    assert doc.markdown == "" and doc.chunks == () and doc.text == ""
    assert f"not an HTML page: payload is {what}" in doc.warnings
    assert doc.metadata.page_type_confidence is None  # no tree, no model verdict


@pytest.mark.parametrize("page", [
    b"<html><body><p>A page.</p></body></html>",
    "<!doctype html><p>Text</p>",
    b"[1] A plain text note, read as a page",
    b'{{ template }} <div class="x">mustache</div>',
    "\ufeff<html><body>BOM</body></html>",
])
def test_html_and_text_are_not_refused(page: bytes | str) -> None:
    assert not_html(page) is None


def test_transformer_warns_and_gives_no_chunks(caplog: pytest.LogCaptureFixture) -> None:
    docs = [LCDocument(page_content=PDF_AS_TEXT,
                       metadata={"source": "https://example.org/report.pdf"}),
            LCDocument(page_content="<article><h1>Kept</h1><p>" + "A real page. " * 20
                                    + "</p></article>", metadata={"source": "https://x.org/a"})]
    with caplog.at_level(logging.WARNING, logger="mainmark.integrations.langchain"):
        out = MainmarkTransformer().transform_documents(docs)
    assert out and {d.metadata["source"] for d in out} == {"https://x.org/a"}
    assert "report.pdf" in caplog.text and "not an HTML page: payload is PDF" in caplog.text


def test_loader_skips_with_a_warning_or_raises_not_html(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "report.html").write_bytes(PDF)  # a misnamed download
    with caplog.at_level(logging.WARNING, logger="mainmark.integrations.langchain"):
        assert MainmarkLoader([tmp_path / "report.html", PDF]).load() == []
    assert caplog.text.count("not an HTML page: payload is PDF") == 2
    with pytest.raises(NotHtmlError, match="payload is PDF"):
        MainmarkLoader(PDF, on_error="raise").load()


def test_cli_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "report.html").write_bytes(PDF)
    assert main(["extract", str(tmp_path / "report.html")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "is not an HTML page: payload is PDF" in err


@pytest.mark.parametrize("body", [PDF, PDF_AS_TEXT])
def test_batch_discards_as_non_html(body: bytes | str) -> None:
    """``process_record`` is what ``mainmark batch`` and the Ray integration run per page;
    a JSONL ``html`` string holding a PDF's text is refused like its bytes."""
    record = PageRecord("https://example.org/report.pdf", body, Location("in.jsonl", 1),
                        len(body), sha256_of(body))
    outcome = process_record(record)
    assert outcome.document is None and outcome.discard is not None
    assert outcome.discard["reason"] == Reason.NON_HTML.value
    assert "PDF" in outcome.discard["detail"]


def test_extract_of_a_path_raises_instead_of_rendering_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mainmark.extract("page.html")`` returned the markdown ``page.html``."""
    (tmp_path / "page.html").write_text("<p>The page's own words.</p>", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for given in ("page.html", str(tmp_path / "page.html")):
        with pytest.raises(mainmark.InputError, match="not a path"):
            mainmark.extract(given)


@pytest.mark.parametrize("name", ["missing.html", "reports/q3.pdf", "  index.htm  "])
def test_extract_of_a_file_name_warns_and_renders_nothing(name: str) -> None:
    doc = mainmark.extract(name)
    assert doc.markdown == "" and doc.chunks == ()
    assert any("file name, not HTML" in w for w in doc.warnings)


@pytest.mark.parametrize("text", ["Tide tables.", "see index.html for more", "See index.html",
                                  "<p>a.html</p>"])
def test_text_that_mentions_a_file_is_still_text(text: str) -> None:
    assert mainmark.extract(text).markdown
