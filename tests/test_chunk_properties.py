"""Chunk invariants over generated documents: offsets, coverage, budgets, tables, code."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from mainmark.chunks.pack import chunk_blocks
from mainmark.chunks.tokens import get_tokenizer
from mainmark.model import Block, BlockKind, Chunk, Stamp
from mainmark.options import Options

STAMP = Stamp("mainmark", "0.0.0", "opts", "0" * 64, "2024-01-01T00:00:00+00:00")
WORDS = ["alpha", "beta", "gamma", "delta", "épée", "naïve", "数据", "x", "🙂", "token",
         "the", "of", "and", "résumé", "Zürich", "42", "3.14"]
MD = MarkdownIt("commonmark").enable("table")


@dataclass(frozen=True)
class Doc:
    markdown: str
    blocks: list[Block]


word = st.sampled_from(WORDS)
sentence = st.lists(word, min_size=1, max_size=25).map(lambda ws: " ".join(ws) + ".")
paragraph = st.lists(sentence, min_size=1, max_size=30).map(" ".join)


@st.composite
def blocks_text(draw: st.DrawFn) -> tuple[BlockKind, str, int, str | None]:
    kind = draw(st.sampled_from(["heading", "para", "para", "list", "table", "code"]))
    if kind == "heading":
        level = draw(st.integers(1, 6))
        return BlockKind.HEADING, "#" * level + " " + draw(sentence)[:-1], level, None
    if kind == "list":
        items = draw(st.lists(sentence, min_size=1, max_size=30))
        return BlockKind.LIST, "\n".join("- " + i for i in items), 0, None
    if kind == "table":
        cols = draw(st.integers(1, 4))
        header = "| " + " | ".join(f"h{c}" for c in range(cols)) + " |"
        rule = "|" + "---|" * cols
        rows = draw(st.lists(st.lists(word, min_size=cols, max_size=cols), min_size=1,
                             max_size=60))
        body = ["| " + " | ".join(r) + " |" for r in rows]
        return BlockKind.TABLE, "\n".join([header, rule, *body]), 0, None
    if kind == "code":
        lang = draw(st.sampled_from(["python", "js", "text"]))
        lines = draw(st.lists(st.lists(word, max_size=6).map(" ".join), min_size=1,
                              max_size=80))
        return BlockKind.CODE, "```" + lang + "\n" + "\n".join(lines) + "\n```", 0, lang
    return BlockKind.PARAGRAPH, draw(paragraph), 0, None


@st.composite
def documents(draw: st.DrawFn) -> Doc:
    parts = draw(st.lists(blocks_text(), min_size=1, max_size=25))
    blocks: list[Block] = []
    pos = 0
    for kind, text, level, lang in parts:
        size = len(text.encode())
        blocks.append(Block(kind, text, pos, pos + size, level=level, language=lang))
        pos += size + 2
    return Doc("\n\n".join(p[1] for p in parts), blocks)


budgets = st.sampled_from([16, 24, 40, 64, 128, 512])
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def chunks_of(doc: Doc, max_tokens: int, **kw: object) -> list[Chunk]:
    min_tokens = min(8, max_tokens)
    opts = Options(max_tokens=max_tokens, min_tokens=min_tokens, **kw)  # type: ignore[arg-type]
    return chunk_blocks(doc.markdown, doc.blocks, STAMP, opts)


@SETTINGS
@given(documents(), budgets)
def test_offsets_slice_back_to_the_text(doc: Doc, max_tokens: int) -> None:
    md = doc.markdown.encode()
    for c in chunks_of(doc, max_tokens):
        assert md[c.md_start : c.md_end].decode() == c.text


@SETTINGS
@given(documents(), budgets, st.booleans())
def test_chunks_cover_the_markdown_in_order(doc: Doc, max_tokens: int, ctx: bool) -> None:
    md = doc.markdown.encode()
    chunks = chunks_of(doc, max_tokens, contextualize=ctx)
    pos = 0
    for c in chunks:
        assert md[pos : c.md_start].strip() == b"", "text between chunks was dropped"
        assert c.md_start < c.md_end
        pos = c.md_end
    assert md[pos:].strip() == b""
    assert [c.index for c in chunks] == list(range(len(chunks)))


@SETTINGS
@given(documents(), budgets, st.booleans(), st.sampled_from([0, 3, 7]))
def test_no_embed_text_over_budget(doc: Doc, max_tokens: int, ctx: bool, overlap: int) -> None:
    overlap = min(overlap, max_tokens // 2 - 1)
    count = get_tokenizer("cl100k_base").count
    for c in chunks_of(doc, max_tokens, contextualize=ctx, overlap_tokens=overlap):
        assert c.tokens == count(c.embed_text)
        assert c.tokens <= max_tokens


@SETTINGS
@given(documents(), st.sampled_from([24, 40, 64]))
def test_split_table_parts_parse_as_tables_with_their_header(doc: Doc, max_tokens: int) -> None:
    for c, block in _touching(doc, chunks_of(doc, max_tokens), BlockKind.TABLE):
        header_cells = [cell.strip() for cell in block.markdown.split("\n")[0].strip("|")
                        .split("|")]
        if not _rows_fit(block, max_tokens):
            continue  # a row over the budget alone is cut as text (documented)
        # A chunk may hold the end of one table and the start of the next: each table in
        # it has its own header row, and the block's header must head one of them.
        headers: list[list[str]] = []
        tokens = MD.parse(c.embed_text)
        for i, t in enumerate(tokens):
            if t.type == "table_open":
                headers.append([])
            elif t.type == "inline" and tokens[i - 1].type == "th_open" and headers:
                headers[-1].append(t.content)
        assert header_cells in headers


@SETTINGS
@given(documents(), st.sampled_from([24, 40, 64]))
def test_split_code_parts_are_closed_fences(doc: Doc, max_tokens: int) -> None:
    for c, block in _touching(doc, chunks_of(doc, max_tokens), BlockKind.CODE):
        fences = [t for t in MD.parse(c.embed_text) if t.type == "fence"]
        # A chunk may hold several code blocks; this block's fence is among them.
        assert any(f.info == block.language for f in fences)
        start = c.embed_text.index("```" + str(block.language))
        tail = c.embed_text[start:].split("\n")
        assert "```" in tail[1:], "the fence is never closed"


@SETTINGS
@given(documents(), budgets)
def test_heading_paths_are_the_headings_above(doc: Doc, max_tokens: int) -> None:
    paths = _reference_paths(doc)
    for c in chunks_of(doc, max_tokens):
        touched = [i for i, b in enumerate(doc.blocks)
                   if b.md_start < c.md_end and c.md_start < b.md_end]
        heading = [doc.blocks[i].kind is BlockKind.HEADING for i in touched]
        lead = 0  # past headings heading nothing here but the next heading (a page title)
        while lead + 1 < len(touched) and heading[lead] and heading[lead + 1]:
            lead += 1
        first, last = paths[touched[lead]], paths[touched[-1]]
        if not heading[lead]:  # opens inside a section: that section's continuation
            assert c.heading_path == tuple(text for _, text in first)
            continue
        common = 0
        while common < min(len(first), len(last)) and first[common] == last[common]:
            common += 1
        assert c.heading_path == tuple(text for _, text in first[:common])


def _reference_paths(doc: Doc) -> list[list[tuple[int, str]]]:
    """The heading stack at each block: (block index, text), h1 > h2 > ..."""
    stack: list[tuple[int, int, str]] = []
    out = []
    for i, b in enumerate(doc.blocks):
        if b.kind is BlockKind.HEADING:
            while stack and stack[-1][0] >= b.level:
                stack.pop()
            stack.append((b.level, i, b.markdown.lstrip("#").strip()))
        out.append([(i_, t) for _, i_, t in stack])
    return out


def _touching(doc: Doc, chunks: list[Chunk], kind: BlockKind) -> list[tuple[Chunk, Block]]:
    return [(c, b) for c in chunks for b in doc.blocks
            if b.kind is kind and b.md_start < c.md_end and c.md_start < b.md_end
            and (c.md_start > b.md_start or c.md_end < b.md_end)]


def _rows_fit(block: Block, max_tokens: int) -> bool:
    """The documented condition for header repetition: the header rows, any one row and
    the longest heading prefix (a quarter of the budget) fit together."""
    count = get_tokenizer("cl100k_base").count
    lines = block.markdown.split("\n")
    head = lines[0] + "\n" + lines[1] + "\n"
    return all(count(head + row) + max_tokens // 4 + 2 < max_tokens for row in lines[2:])


@pytest.mark.parametrize("overlap", [4, 12])
def test_overlap_repeats_the_tail_of_the_previous_chunk(overlap: int) -> None:
    text = " ".join(f"Sentence number {i} says something." for i in range(80))
    doc = Doc(text, [Block(BlockKind.PARAGRAPH, text, 0, len(text.encode()))])
    chunks = chunks_of(doc, 64, overlap_tokens=overlap)
    assert len(chunks) > 2
    for prev, cur in itertools.pairwise(chunks):
        assert prev.md_start < cur.md_start < prev.md_end, "no overlap"
        assert prev.text.endswith(cur.text[: prev.md_end - cur.md_start])


def test_text_never_dropped_for_words_longer_than_the_budget() -> None:
    text = "x" * 5000 + " " + "🙂" * 300
    doc = Doc(text, [Block(BlockKind.PARAGRAPH, text, 0, len(text.encode()))])
    chunks = chunks_of(doc, 16)
    assert "".join(c.text for c in chunks).replace(" ", "") == text.replace(" ", "")
    assert all(c.tokens <= 16 for c in chunks)


def test_sentence_boundaries_are_preferred() -> None:
    text = " ".join(f"This is sentence {i} of the paragraph." for i in range(40))
    doc = Doc(text, [Block(BlockKind.PARAGRAPH, text, 0, len(text.encode()))])
    for c in chunks_of(doc, 40):
        assert re.search(r"\.$", c.text), c.text


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list("ab #|-`~>*\n.🙂é\x00\xa0\u2003\x1c")), max_size=400),
       st.sampled_from([16, 40]))
def test_any_markdown_without_blocks_chunks_cleanly(markdown: str, max_tokens: int) -> None:
    """Blocks are re-derived from the markdown when none are given (a hand-built
    Document); whatever the text, offsets slice back and the budget holds."""
    md = markdown.encode("utf-8", "surrogatepass")
    chunks = chunk_blocks(markdown, [], STAMP, Options(max_tokens=max_tokens, min_tokens=4))
    pos = 0
    for c in chunks:
        assert md[c.md_start : c.md_end].decode("utf-8", "surrogatepass") == c.text
        assert md[pos : c.md_start].strip() == b""
        assert c.tokens <= max_tokens
        pos = c.md_end
    assert md[pos:].strip() == b""
