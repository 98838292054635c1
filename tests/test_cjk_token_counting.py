"""Counting tokens of long text without spaces (CJK) is linear, and exact where it can be.

tiktoken's merge loop is quadratic in the length of one pre-token, and a CJK paragraph
with no spaces is one long run; the chunker's last-resort character cut also counted
the whole rest of a page for every part. 160 KB of CJK took 8 times as long as 40 KB.
No time is measured here: the tests count what the encoder is handed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mainmark
from mainmark.chunks import tokens
from mainmark.chunks.constants import CUT
from mainmark.chunks.tokens import TiktokenTokenizer, get_tokenizer

_HAN = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]


def cjk(chars: int, seed: int = 1, punctuation: bool = False) -> str:
    """Han characters with no spaces; with ``punctuation``, a sentence every 12-60."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < chars:
        out.extend(rng.choice(_HAN) for _ in range(rng.randint(12, 60)))
        if punctuation:
            out.append(rng.choice("，。、「」！？"))
    return "".join(out[:chars])


class Spy:
    """A tiktoken encoding that records the length of every text it is asked to encode."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.seen: list[str] = []

    def encode_ordinary(self, text: str) -> list[int]:
        self.seen.append(text)
        return list(self.real.encode_ordinary(text))


def spy_counter(name: str = "cl100k_base") -> tuple[TiktokenTokenizer, Spy]:
    real = get_tokenizer(name)
    assert isinstance(real, TiktokenTokenizer)
    spy = Spy(real.encoding)
    return TiktokenTokenizer(name, spy), spy


@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_the_encoder_never_sees_a_long_run(name: str) -> None:
    text = cjk(160_000 // 3)  # 160 KB of UTF-8, one run of letters
    counter, spy = spy_counter(name)
    assert counter.count(text) > 0
    assert max(len(piece) for piece in spy.seen) <= CUT.max_piece_chars
    assert "".join(spy.seen) == text  # every character encoded once: linear


@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
@pytest.mark.parametrize("text", [
    cjk(20_000, seed=2, punctuation=True),
    "https://example.org/" + "/".join(f"part{i}.section-{i * 7}" for i in range(300)),
    "見出し：" + "、".join(f"項目{i}" for i in range(400)),
    ("Ein Satz. " * 40) + cjk(5_000, seed=3, punctuation=True) + (" more words" * 30),
])
def test_cut_where_the_pre_tokenizer_cuts_the_count_is_exact(name: str, text: str) -> None:
    counter, spy = spy_counter(name)
    assert counter.count(text) == len(counter.encoding.real.encode_ordinary(text))
    longest_run = max(len(run) for piece in spy.seen for run in piece.split())
    assert longest_run <= CUT.max_piece_chars


def test_chunking_cjk_reads_a_bounded_multiple_of_the_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the encoder reads while a page is chunked grows with the page, not with its
    square: 4 times the text, 4 times the reading (it was 7.8 times)."""
    seen: list[int] = []
    exact = tokens.TiktokenTokenizer._exact

    def spying(self: TiktokenTokenizer, text: str) -> int:
        seen.append(len(text))
        return exact(self, text)

    monkeypatch.setattr(tokens.TiktokenTokenizer, "_exact", spying)
    read = []
    for chars in (40_000 // 3, 160_000 // 3):
        seen.clear()
        html = f"<html><body><article><p>{cjk(chars, seed=chars)}</p></article></body></html>"
        doc = mainmark.extract(html, options=mainmark.Options(max_tokens=256))
        assert doc.chunks and all(c.tokens <= 256 for c in doc.chunks)
        read.append(sum(seen))
    assert read[1] / read[0] < 4.6, read
