"""Chunk counts added up from piece counts equal the counts of the encoded chunk text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mainmark.chunks.joins import Joiner, joins_exactly
from mainmark.chunks.split import Piece
from mainmark.chunks.tokens import _Memo, get_tokenizer
from mainmark.model import BlockKind

COUNTER = get_tokenizer("cl100k_base")
# Block ends and starts chosen to hit every branch: letters, digits, punctuation runs
# (with and without a space before), non-ASCII symbols and letters, quotes, brackets.
TAILS = ["word", "42", ".", "?!", "...", " :", "  .", "\t.", "—", "…", "”", "é", "数据", ")",
         "*", "`", "'", "'s", "|", "-", "\x1f", "a\u00a0", "x "]
HEADS = ["Word", "a", "1", "*", "#", "|", "-", "“", "É", "数", "\u00a0x", " x", "'t", "/",
         "`"]
MIDDLES = ["", "the quick fox", "x\n\ny", "line\nline", "a, b; c", "- item\n- item"]


def _joined(parts: list[str], gaps: list[str]) -> tuple[bytes, list[Piece]]:
    md, pieces = b"", []
    names: dict[int, str] = {}
    for i, text in enumerate(parts):
        if i:
            md += gaps[i - 1].encode()
        raw = text.encode("utf-8", "surrogatepass")
        pieces.append(Piece(len(md), len(md) + len(raw), COUNTER.count(text),
                            BlockKind.PARAGRAPH, (), None, (None, None), names))
        md += raw
    return md, pieces


def test_the_default_tokenizer_is_the_one_the_joins_are_proved_for() -> None:
    assert joins_exactly(COUNTER)
    assert not joins_exactly(get_tokenizer(lambda s: len(s)))


@settings(max_examples=200, deadline=None)
@given(
    heads=st.lists(st.sampled_from(HEADS), min_size=1, max_size=4),
    middles=st.lists(st.sampled_from(MIDDLES), min_size=4, max_size=4),
    tails=st.lists(st.sampled_from(TAILS), min_size=4, max_size=4),
    gaps=st.lists(st.sampled_from(["\n\n", "\n", " ", "\n\n\n"]), min_size=3, max_size=3),
    prefix=st.sampled_from(["", "Title > Part\n\n", "Why?\n\n", "…\n\n", "x > y"]),
    reopen=st.sampled_from(["", "| a | b |\n|---|---|\n", "```python\n", " x\n"]),
)
def test_added_up_counts_are_exact(heads: list[str], middles: list[str], tails: list[str],
                                   gaps: list[str], prefix: str, reopen: str) -> None:
    parts = [h + m + t for h, m, t in zip(heads, middles, tails, strict=False)]
    md, pieces = _joined(parts, gaps)
    joiner = Joiner(md, COUNTER.count, True)
    known = joiner.run_tokens(prefix, reopen, pieces)
    text = md.decode("utf-8", "surrogatepass")
    if known is not None:
        assert known == COUNTER.count(prefix + reopen + text)


def test_common_prose_is_added_up_not_encoded() -> None:
    parts = ["First paragraph, it ends.", "Second one ends with 42", "Third: a list?"]
    md, pieces = _joined(parts, ["\n\n", "\n\n"])
    known = Joiner(md, COUNTER.count, True).run_tokens("Guide > Setup\n\n", "", pieces)
    assert known == COUNTER.count("Guide > Setup\n\n" + md.decode())


@pytest.mark.parametrize("long_tail", ["x" * 1500, "a " + "." * 1100, "b" + " " * 1100 + "."])
def test_blocks_ending_in_long_runs_are_encoded(long_tail: str) -> None:
    md, pieces = _joined([long_tail, "Next"], ["\n\n"])
    known = Joiner(md, COUNTER.count, True).run_tokens("", "", pieces)
    assert known is None or known == COUNTER.count(md.decode())


def test_a_disabled_joiner_proves_nothing() -> None:
    md, pieces = _joined(["a.", "b"], ["\n\n"])
    assert Joiner(md, COUNTER.count, False).run_tokens("", "", pieces) is None


def test_the_count_memo_keeps_what_is_asked_again_across_a_turnover() -> None:
    memo, computed = _Memo(size=4), []

    def compute(text: str) -> int:
        computed.append(text)
        return len(text)

    for text in ["a", "bb", "a", "ccc", "a", "dddd", "a", "eeeee", "a"]:
        assert memo.get(text, compute) == len(text)
    assert computed.count("a") == 1  # a hit in the old generation is carried over
    assert len(memo) <= 4
