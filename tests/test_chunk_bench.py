"""Chunks of real pages through ``extract``: offsets, budgets and source spans."""

from __future__ import annotations

import gzip
import html
import re
from pathlib import Path

import pytest

import mainmark
from mainmark import Options
from mainmark.chunks.tokens import get_tokenizer

WORD = re.compile(r"[^\W_]{3,}")


def _pages(bench_dir: Path) -> list[Path]:
    return (sorted((bench_dir / "sh" / "html").glob("*.html.gz"))[::12]
            + sorted((bench_dir / "rd").glob("*/source.html"))[::10])


def _read(path: Path) -> bytes:
    raw = path.read_bytes()
    return gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw


@pytest.mark.bench
@pytest.mark.parametrize("max_tokens", [128, 512])
def test_bench_chunks_slice_back_and_fit(bench_dir: Path, max_tokens: int) -> None:
    count = get_tokenizer("cl100k_base").count
    opts = Options(max_tokens=max_tokens, min_tokens=32)
    for path in _pages(bench_dir):
        doc = mainmark.extract(_read(path), options=opts)
        md = doc.markdown.encode()
        pos = 0
        for c in doc.chunks:
            assert md[c.md_start : c.md_end].decode() == c.text, path
            assert md[pos : c.md_start].strip() == b"", path
            assert c.tokens == count(c.embed_text) <= max_tokens, path
            pos = c.md_end
        assert md[pos:].strip() == b"", path


@pytest.mark.bench
def test_bench_source_spans_hold_the_first_and_last_words(bench_dir: Path) -> None:
    checked = 0
    for path in _pages(bench_dir):
        raw = _read(path)
        doc = mainmark.extract(raw, options=Options(max_tokens=256, min_tokens=32))
        for c in doc.chunks:
            if c.src_start is None or c.src_end is None:
                continue  # synthesized title / JSON-LD text: documented as unmapped
            source = " ".join(html.unescape(
                raw[c.src_start : c.src_end].decode("utf-8", "replace")).split())
            # Words of the chunk's own text (the embed prefix is not from the page).
            words = [w for w in WORD.findall(c.text) if not w.isdigit()]
            if c.text.startswith("# ") and c.src_start is not None:
                words = words[len(WORD.findall(c.text.split("\n", 1)[0])):]
            if not words:
                continue
            assert words[0] in source, (path.name, c.index, words[0])
            assert words[-1] in source, (path.name, c.index, words[-1])
            checked += 1
    assert checked > 20


@pytest.mark.bench
def test_ids_are_stable_and_distinct(bench_dir: Path) -> None:
    raw = _read(_pages(bench_dir)[0])
    first = mainmark.extract(raw).chunks
    again = mainmark.extract(raw).chunks
    assert [c.id for c in first] == [c.id for c in again]
    assert len({c.id for c in first}) == len(first)
    other = mainmark.extract(raw, options=Options(max_tokens=128)).chunks
    assert {c.id for c in other}.isdisjoint(c.id for c in first)


def test_rechunking_a_document_uses_its_blocks() -> None:
    page = ("<html><head><title>T</title></head><body><article><h1>Guide</h1>"
            + "".join(f"<h2>Part {i}</h2><p>{'Words here. ' * 40}</p>" for i in range(6))
            + "</article></body></html>")
    doc = mainmark.extract(page)
    small = mainmark.chunk(doc, Options(max_tokens=64, min_tokens=8))
    assert len(small) > len(doc.chunks) >= 1
    assert all(c.tokens <= 64 for c in small)
    assert {c.heading_path[:2] for c in small if len(c.heading_path) > 1} >= {
        ("Guide", f"Part {i}") for i in range(6)}
