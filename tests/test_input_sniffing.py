"""Which files of an input folder are JSONL: a pretty-printed JSON file is not.

JSONL is recognised by its name (``.jsonl``, ``.ndjson``, gzipped or not) or by a first
non-empty line that is a whole JSON object. A pretty-printed ``.txt`` or ``.json``
beside the pages used to be read as JSONL, one bogus ``bad_line`` discard per line.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
from pathlib import Path

import pytest

from mainmark.ingest.run import BatchSettings, run_batch
from mainmark.ingest.sources import Kind, sniff

_PAGE = ("<html><head><title>T</title></head><body><article><h1>T</h1><p>"
         + "A paragraph long enough to be the main content of this page. " * 4
         + "</p></article></body></html>")
_PRETTY = json.dumps({"url": "https://x.example/", "html": _PAGE, "notes": ["a", "b"]},
                     indent=2)


@pytest.mark.parametrize(("name", "content", "kind"), [
    ("notes.txt", _PRETTY, Kind.OTHER),
    ("export.json", _PRETTY, Kind.OTHER),
    ("lines.txt", json.dumps({"url": "u", "html": _PAGE}) + "\n", Kind.JSONL),
    ("blank-first-lines.txt", "\n\n" + json.dumps({"html": _PAGE}) + "\n", Kind.JSONL),
    ("bad-first-line.jsonl", '{"html": "<p>cut\n' + json.dumps({"html": _PAGE}), Kind.JSONL),
    ("package.json", '{"name": "x", "version": "1.0.0"}\n', Kind.OTHER),
])
def test_a_file_in_a_folder_is_jsonl_only_by_name_or_by_a_whole_first_line(
        tmp_path: Path, name: str, content: str, kind: Kind) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert sniff(str(path), in_directory=True) is kind


def test_a_gzipped_jsonl_is_known_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "pages.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"html": "<p>cut\n' + json.dumps({"html": _PAGE}).encode()))
    assert sniff(str(path), in_directory=True) is Kind.JSONL


def test_a_pretty_printed_file_in_a_folder_adds_no_discards(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "page.html").write_text(_PAGE, encoding="utf-8")
    (folder / "notes.txt").write_text(_PRETTY, encoding="utf-8")
    with contextlib.redirect_stderr(io.StringIO()):
        result = run_batch([str(folder)], BatchSettings(out=str(tmp_path / "out")))
    assert (result.documents, result.discards) == (1, 0)


def test_a_pretty_printed_file_given_by_name_is_one_non_html_discard(tmp_path: Path) -> None:
    path = tmp_path / "export.json"
    path.write_text(_PRETTY, encoding="utf-8")
    with contextlib.redirect_stderr(io.StringIO()):
        result = run_batch([str(path)], BatchSettings(out=str(tmp_path / "out")))
    assert (result.documents, result.reasons) == (0, {"non_html": 1})
