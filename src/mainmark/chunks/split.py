"""Blocks to pieces: the units the chunk packer moves around, and how big ones are cut.

A piece is a byte span of the markdown that the packer never cuts again unless an
exact count proves it must. Most pieces are whole blocks; a block over the budget
becomes several, cut between table rows (the header rows travel with the first),
between code lines (the opening fence travels with the first line, the closing one
with the last), else between lines, sentences, words and, last, characters. A piece
knows what a chunk starting with it must re-open (table header, code fence) and
what a chunk ending with it must close (code fence).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import overload

from mainmark.chunks.boxes import HEADING_MARKS, box_titles, heading_level, still_open
from mainmark.chunks.constants import CUT
from mainmark.model import Block, BlockKind
from mainmark.options import Options

Count = Callable[[str], int]

_LINES = re.compile(r"\n+")
_SENTENCES = re.compile(r"(?<=[.!?…;:])\s+|(?<=[。！？；])")
_WORDS = re.compile(r"\s+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_FENCE = re.compile(r"^(`{3,}|~{3,})")
# Link text holds no bracket: with ``[^\]]*`` every ``[`` of a run of brackets scanned to the
# end of the line, quadratic in a heading made of ``[``; nested links take a second pass.
_LINK = re.compile(r"!?\[([^\[\]]*)\]\((?:<[^<>\n]*>|[^()]*)\)")
_EMPHASIS = re.compile(r"(\*\*|__|`)")
_LIST_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s")
_ASCII_SPACE_CHARS = " \t\n\r\f\v"
_ASCII_SPACE = frozenset(_ASCII_SPACE_CHARS)
_LEADING_SPACE = re.compile(r"[ \t\n\r\f\v]*")


class AsciiBytes:
    """The UTF-8 bytes of an ASCII markdown, read off the string itself: an ASCII string's
    characters are its bytes, so chunking a big page needs no second copy of its
    markdown. An index gives the byte's value, a slice the bytes, as ``bytes`` do."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __len__(self) -> int:
        return len(self.text)

    @overload
    def __getitem__(self, at: int) -> int: ...

    @overload
    def __getitem__(self, at: slice) -> bytes: ...

    def __getitem__(self, at: int | slice) -> int | bytes:
        if isinstance(at, slice):
            return self.text[at].encode("ascii")
        return ord(self.text[at])

    def isascii(self) -> bool:
        """Always true: the chunker asks before choosing its ASCII fast path, as it would of
        ``bytes``."""
        return True


#: A markdown's UTF-8 bytes, as the chunker reads them.
Utf8 = bytes | AsciiBytes
#: An ASCII markdown this long is read as :class:`AsciiBytes`, not encoded (a small
#: one is encoded: indexing ``bytes`` is faster, and its copy costs nothing worth it).
VIEW_MIN_CHARS = 1 << 20


def utf8(markdown: str) -> Utf8:
    """The markdown's UTF-8 bytes (surrogates passed), as the chunker reads them."""
    if len(markdown) >= VIEW_MIN_CHARS and markdown.isascii():
        return AsciiBytes(markdown)
    return markdown.encode("utf-8", "surrogatepass")


@dataclass(slots=True)
class Piece:
    """One block as the packer sees it: its byte span in the markdown, its token count and the
    heading blocks above it (the chunk's heading path is read from ``path_ids``)."""
    start: int  # UTF-8 byte offsets into the markdown
    end: int
    tokens: int
    kind: BlockKind
    path_ids: tuple[int, ...]  # heading blocks above (and including) this piece
    heading_id: int | None  # the heading block this piece belongs to, if any
    src: tuple[int | None, int | None]
    names: dict[int, str]  # heading block id -> heading text, shared by all pieces
    block_start: int = 0
    block_end: int = 0
    header: str = ""  # table header rows, or a code block's opening fence line
    fence: str = ""  # a code block's closing fence
    reopen: str = ""  # prepended to embed_text when a chunk starts with this piece
    close: str = ""  # appended to embed_text when a chunk ends with this piece
    #: A card's lead-in (photo, badge) filed under the heading after it: a chunk that
    #: opens with it opens with that heading's section (:func:`card_leads`).
    card_lead: bool = False


def heading_text(markdown: str) -> str:
    """A heading block's text as it belongs in a heading path: no ``#`` marks, links
    reduced to their text, strong/code marks dropped (they are noise in a path)."""
    line = markdown.strip().split("\n", 1)[0]
    m = HEADING_MARKS.match(line)
    if m:
        line = _without_closing_marks(line[m.end():])
    for _ in range(3):  # an image inside a link: one level per pass
        line, found = _LINK.subn(r"\1", line)
        if not found:
            break
    line = _EMPHASIS.sub("", line)
    return " ".join(line.replace("\\", "").split())


def _without_closing_marks(line: str) -> str:
    r"""An ATX heading's optional closing ``#`` run removed (string methods, not a regex
    ``\s+#+\s*$``, which backtracks over every run of spaces)."""
    body = line.rstrip()
    bare = body.rstrip("#")
    if bare != body and (not bare or bare[-1] in " \t"):
        return bare.rstrip()
    return line


def block_pieces(md: Utf8, blocks: Sequence[Block], count: Count,
                 options: Options) -> list[Piece]:
    """Whole blocks as pieces, with heading paths; blocks over the budget already cut."""

    names: dict[int, str] = {}
    opens, resumes = _heading_paths(blocks, names)
    leads = card_leads(blocks)
    pieces: list[Piece] = []
    budget = options.max_tokens - options.overlap_tokens
    reserves: dict[tuple[int, ...], int] = {}
    path: tuple[int, ...] = ()  # one tuple per heading, shared by the pieces under it
    for bid, block in enumerate(blocks):
        if not block.markdown.strip(" \t\n\r\f\v"):
            continue
        heading_id = None
        if block.kind is BlockKind.HEADING:
            heading_id = bid
            path = opens[bid]
        elif bid in resumes:
            path = resumes[bid]
        own = opens[leads[bid]] if bid in leads else path
        piece = Piece(block.md_start, block.md_end, count(block.markdown), block.kind, own,
                      heading_id, (block.src_start, block.src_end), names,
                      block.md_start, block.md_end, card_lead=bid in leads)
        _describe(piece, block.markdown, count, budget)
        reserve = reserves.get(own) if options.contextualize else 0
        if reserve is None:  # one count per heading path, not one per block
            reserve = reserves[own] = count(" > ".join(names[i] for i in own) + "\n\n")
        room = max(budget - min(reserve, options.max_tokens // CUT.heading_reserve_divisor), 1)
        if piece.tokens <= room:
            pieces.append(piece)
            continue
        if pieces and pieces[-1].heading_id is not None and heading_id is None \
                and pieces[-1].tokens < room // CUT.heading_fit_divisor:
            room -= pieces[-1].tokens + 1  # the heading must fit with the first part
        pieces.extend(cut(md, piece, room, count))
    return pieces


def _heading_paths(blocks: Sequence[Block], names: dict[int, str]
                   ) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """The heading path each heading opens (its ancestors' ids and its own), by block id,
    and the path the blocks after a titled box go back to, by the id of the first of
    them (:mod:`mainmark.chunks.boxes`); ``names`` gets every heading's text.

    A box title nests in the section its box was set into, whatever its level, and its
    scope ends with its box: after it, that section's path is open again. Headings of
    other boxes of the same container, closed by now, are not part of it (the outermost
    heading, the page's title, always is)."""
    stack: list[tuple[int, int]] = []  # (level, block id)
    opens: dict[int, tuple[int, ...]] = {}
    resumes: dict[int, tuple[int, ...]] = {}
    titles = box_titles(blocks)
    saved: dict[int, list[tuple[int, int]]] = {}  # end of a box -> the stack to go back to
    for bid, block in enumerate(blocks):
        if bid in saved:
            stack = saved.pop(bid)
            resumes[bid] = tuple(b for _, b in stack)
        if block.kind is not BlockKind.HEADING or not block.markdown.strip(_ASCII_SPACE_CHARS):
            continue
        level = heading_level(block)
        if bid in titles:  # nested in the section its box was set into, whatever its level
            end = titles[bid]
            saved[end] = [(lv, b) for k, (lv, b) in enumerate(stack)
                          if k == 0 or still_open(blocks[b], block, blocks[end])]
            stack = list(saved[end])
        else:
            while stack and stack[-1][0] >= level:
                stack.pop()
        stack.append((level, bid))
        names[bid] = heading_text(block.markdown) or "…"
        opens[bid] = tuple(b for _, b in stack)
    return opens, resumes


#: A card's lead-in before its name: its photo, a badge ("Only 3 left!"), a brand. At
#: most this many blocks, each this short once link targets are left out.
_TARGETS = re.compile(r"\]\([^()]*\)")


def card_leads(blocks: Sequence[Block]) -> dict[int, int]:
    """Short blocks just above a heading that share a container with it and with no
    other heading (a product card's photo, badge and brand above the product's name):
    block id -> the heading's block id. Filed under the previous heading, they were cut
    off from their card and described as the card above it. A group's title or intro
    above its first card shares its container with the other cards' headings too, and
    stays. Read off the blocks' tag paths; a block without one never moves."""
    heads = [bid for bid, b in enumerate(blocks)
             if b.kind is BlockKind.HEADING and b.tag_path is not None]
    paths = [_steps(blocks[bid]) for bid in heads]  # each heading's path split once
    leads: dict[int, int] = {}
    for k, bid in enumerate(heads):
        if k == 0:
            continue
        own, others = paths[k], paths[k - 1 : k] + paths[k + 1 : k + 2]
        for lead in range(bid - 1, max(bid - 1 - CUT.card_lead_blocks, heads[k - 1]), -1):
            candidate = blocks[lead]
            if candidate.tag_path is None or not _lead_like(candidate):
                break
            steps = _steps(candidate)
            if any(_shared(steps, own) <= _shared(steps, other) for other in others):
                break
            leads[lead] = bid
    return leads


def _lead_like(block: Block) -> bool:
    """A photo, a badge, a label: short, and not ending as a sentence or an introduction
    does. An intro paragraph or a list above a subsection is the section's."""
    text = _TARGETS.sub("]", block.markdown).strip()
    if len(text) > CUT.card_lead_chars:
        return False
    return block.kind is BlockKind.IMAGE or (
        block.kind is BlockKind.PARAGRAPH and not text.endswith((".", ":", ";")))


def _steps(block: Block) -> list[str]:
    return (block.tag_path or "").split("/")


def _shared(a: list[str], b: list[str]) -> int:
    """How many leading steps two tag paths share."""
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _describe(piece: Piece, text: str, count: Count, budget: int) -> None:
    """Record the header a split table repeats or the fences a split code block needs;
    when they would eat too much of the budget the block is cut as plain text."""
    lines = text.split("\n")
    if piece.kind is BlockKind.TABLE and len(lines) >= 3 and _TABLE_RULE.match(lines[1]):
        header = lines[0] + "\n" + lines[1]
        if count(header) <= budget // CUT.table_header_divisor:
            piece.header = header
    elif piece.kind is BlockKind.CODE and len(lines) >= 2:
        m = _FENCE.match(lines[0])
        if m and count(lines[0]) <= budget // CUT.code_fence_divisor:
            piece.header = lines[0]
            piece.fence = m.group(1)


def cut(md: Utf8, piece: Piece, budget: int, count: Count, as_text: bool = False
        ) -> list[Piece]:
    """``piece`` as several pieces of at most ``budget`` tokens each (estimated), with
    the re-open and close strings each part needs. ``as_text`` forgets that the piece
    is a table or code: the last resort for a row or header too big to repeat."""
    if as_text:
        piece = replace(piece, header="", fence="", reopen="", close="")
    text = md[piece.start : piece.end].decode("utf-8", "surrogatepass")
    units = _first_units(piece, text)
    if piece.header:
        budget = max(1, budget - count(piece.header + "\n") - count("\n" + piece.fence))
    atomic = 1 if piece.kind is BlockKind.TABLE and piece.start == piece.block_start else 0
    spans = split_text(text, budget, count, units, atomic)
    out: list[Piece] = []
    for c_start, c_end, b_start, b_end in _to_bytes(text, piece.start, spans):
        part = replace(piece, start=b_start, end=b_end, tokens=count(text[c_start:c_end]))
        if part.header and b_start != piece.block_start:
            part.reopen = part.header + "\n"
        if part.fence and b_end != piece.block_end:
            part.close = "\n" + part.fence
        out.append(part)
    return out or [piece]


def _first_units(piece: Piece, text: str) -> list[tuple[int, int]] | None:
    """Table rows / code lines as the first level of cutting, the header rows or fences
    glued to their neighbour so no part is a bare header or a bare fence."""
    if not piece.header:
        return None
    spans, pos = [], 0
    for line in text.split("\n"):
        spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    at_start = piece.start == piece.block_start
    at_end = piece.end == piece.block_end
    glue_head = (2 if piece.kind is BlockKind.TABLE else 1) if at_start else 0
    if glue_head and len(spans) > glue_head:
        spans[: glue_head + 1] = [(spans[0][0], spans[glue_head][1])]
    if piece.fence and at_end and len(spans) > 1 and text.rstrip().endswith(piece.fence):
        spans[-2:] = [(spans[-2][0], spans[-1][1])]
    return spans


def split_text(text: str, budget: int, count: Count,
               units: list[tuple[int, int]] | None = None, atomic: int = 0
               ) -> list[tuple[int, int]]:
    """Character spans covering every non-space character of ``text``, each estimated
    at most ``budget`` tokens: greedy runs of ``units`` (rows, code lines) if given, then
    of lines, sentences, words, characters. The first ``atomic`` units are never cut
    (a table's header rows glued to its first row: a part must parse as a table)."""
    levels = [_LINES, _SENTENCES, _WORDS]
    out: list[tuple[int, int]] = []
    # (start, end, level, final); popped from the end, so pushed in reverse order.
    work: list[tuple[int, int, int, bool]] = [(0, len(text), -1 if units else 0, False)]
    while work:
        s, e, level, final = work.pop()
        s, e = _trim(text, s, e, keep_indent=True)
        if s >= e:
            continue
        if final or count(text[s:e]) <= budget:
            out.append((s, e))
            continue
        if level >= len(levels):
            out.extend(_by_chars(text, s, e, budget, count))
            continue
        parts = units if level < 0 and units else _unit_spans(text, s, e, levels[level])
        if level < 0 and atomic and len(parts) == 1:
            out.append((s, e))
            continue
        if len(parts) <= 1:
            work.append((s, e, level + 1, False))
            continue
        runs = _greedy_runs(text, parts, budget, count, 1 if level < 0 else 0)
        if level < 0 and atomic:
            runs = [(rs, re_, fits or rs == parts[0][0]) for rs, re_, fits in runs]
        work.extend((rs, re_, level + 1, fits) for rs, re_, fits in reversed(runs))
    return out


def _unit_spans(text: str, s: int, e: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Contiguous units, each separator kept at the start of the unit after it: BPE
    tokenizers glue a leading space to the word, so unit counts add up closely."""
    cuts = [s] + [m.start() for m in pattern.finditer(text, s, e) if s < m.start() < e] + [e]
    return [(a, b) for a, b in itertools.pairwise(cuts) if a < b]


def _greedy_runs(text: str, parts: list[tuple[int, int]], budget: int, count: Count,
                 join: int) -> list[tuple[int, int, bool]]:
    """Consecutive units joined while the sum of their counts fits; a unit over the
    budget alone is returned unfinished, to be cut at the next level."""
    runs: list[tuple[int, int, bool]] = []
    cur_s = cur_e = -1
    cur_t = 0
    for us, ue in parts:
        t = count(text[us:ue])
        if t > budget:
            if cur_s >= 0:
                runs.append((cur_s, cur_e, True))
                cur_s = -1
            runs.append((us, ue, False))
            continue
        if cur_s >= 0 and cur_t + t + join <= budget:
            cur_e, cur_t = ue, cur_t + t + join
        else:
            if cur_s >= 0:
                runs.append((cur_s, cur_e, True))
            cur_s, cur_e, cur_t = us, ue, t
    if cur_s >= 0:
        runs.append((cur_s, cur_e, True))
    return runs


def _by_chars(text: str, s: int, e: int, budget: int, count: Count) -> list[tuple[int, int]]:
    """The last resort: the longest prefixes that fit, found by galloping then bisection.

    The prefix length doubles from ``budget`` characters until it no longer fits, then
    is bisected: what is counted per part is a few times the part's own length. Starting
    from the widest window a token could span (``budget * CUT.token_max_chars`` characters)
    counted the whole rest of the text for every part while that rest was shorter than
    the window, so a long run of CJK (about one token per character, not 32) was cut in
    quadratic time.
    """
    out = []
    budget = max(budget, 1)
    while s < e:
        widest = s + budget * CUT.token_max_chars
        lo, hi = s + 1, min(e, s + budget)  # lo fits (a part holds one character at least)
        while True:
            if count(text[s:hi]) > budget:
                hi -= 1  # the longest prefix that fits ends in [lo, hi - 1]
                break
            lo = hi
            if hi >= min(e, widest):
                break
            hi = min(e, widest, s + (hi - s) * 2)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if count(text[s:mid]) <= budget:
                lo = mid
            else:
                hi = mid - 1
        out.append((s, lo))
        s = lo
    return out


def _trim(text: str, s: int, e: int, *, keep_indent: bool = False) -> tuple[int, int]:
    """ASCII whitespace only: a no-break space is content, and a gap between chunks must
    be whitespace to any reader of the bytes.

    ``keep_indent``: a span that starts a line keeps that line's indentation (spaces and
    tabs after its newline). A part of a code block or a nested list that starts on an
    indented line is that line, whole: without its indentation the code is another
    program (Python) and the nested item a top-level one."""
    if s < e and text[s] in _ASCII_SPACE:  # C-level scans: a run may be huge
        first = _LEADING_SPACE.match(text, s, e).end()  # type: ignore[union-attr]
        line = text.rfind("\n", s, first) + 1
        if keep_indent and first < e and (line or s == 0 or text[s - 1] == "\n"):
            first = max(line, s)  # the indentation is spaces and tabs: \n was the last
        s = first
    if e > s and text[e - 1] in _ASCII_SPACE:
        e = s + len(text[s:e].rstrip(_ASCII_SPACE_CHARS))
    return s, e


def _to_bytes(text: str, base: int, spans: list[tuple[int, int]]
              ) -> list[tuple[int, int, int, int]]:
    """Character spans (in order) with their byte offsets, converted incrementally."""
    out = []
    c_pos, b_pos = 0, base
    for s, e in spans:
        b_s = b_pos + len(text[c_pos:s].encode("utf-8", "surrogatepass"))
        b_e = b_s + len(text[s:e].encode("utf-8", "surrogatepass"))
        out.append((s, e, b_s, b_e))
        c_pos, b_pos = e, b_e
    return out


def derive_blocks(md: Utf8, start: int, end: int, parent: Block | None) -> list[Block]:
    """Blocks recovered from markdown alone (blank-line separated, code fences kept
    whole), for markdown that came without usable blocks. Source spans are the
    parent block's, if any: the best known, coarser than the renderer's."""
    text = md[start:end].decode("utf-8", "surrogatepass")
    blocks: list[Block] = []
    spans, pos, fence = [], 0, ""
    lines = text.split("\n")
    para_start = None
    for i, line in enumerate(lines):
        m = _FENCE.match(line.lstrip())
        if fence:
            if line.strip().startswith(fence):
                fence = ""
        elif m:
            fence = m.group(1)
        if not line.strip(" \t\r\f\v") and not fence:
            if para_start is not None:
                spans.append((para_start, pos - 1))
                para_start = None
        elif para_start is None:
            para_start = pos
        pos += len(line) + (1 if i < len(lines) - 1 else 0)
    if para_start is not None:
        spans.append((para_start, len(text)))
    src = (parent.src_start, parent.src_end) if parent else (None, None)
    for (s, e, b_s, b_e) in _to_bytes(text, start, [_trim(text, s, e) for s, e in spans]):
        piece_text = text[s:e]
        blocks.append(Block(_kind_of(piece_text), piece_text, b_s, b_e,
                            _level_of(piece_text), src[0], src[1]))
    return blocks


def _kind_of(text: str) -> BlockKind:
    lines = text.split("\n")
    if HEADING_MARKS.match(lines[0]) and len(lines) == 1:
        return BlockKind.HEADING
    if _FENCE.match(lines[0]):
        return BlockKind.CODE
    if len(lines) >= 2 and "|" in lines[0] and _TABLE_RULE.match(lines[1]):
        return BlockKind.TABLE
    if _LIST_ITEM.match(lines[0]):
        return BlockKind.LIST
    if lines[0].startswith(">"):
        return BlockKind.QUOTE
    return BlockKind.PARAGRAPH


def _level_of(text: str) -> int:
    m = HEADING_MARKS.match(text)
    return len(m.group(1)) if m and "\n" not in text else 0
