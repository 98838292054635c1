"""Heading-path chunks: the rendered blocks packed into token-bounded pieces.

The renderer hands over blocks that know their byte span in the markdown; chunks are
runs of those spans, so a chunk's offsets are never searched for afterwards. The
packing (documented in ``docs/chunks.md``):

* a section (a heading and everything up to the next heading of the same or a higher
  level) that fits ``max_tokens`` stays whole, and neighbouring sections under the
  same parent merge while they fit;
* a section that does not fit is cut between its subsections, then between blocks;
  a block that does not fit alone is cut between table rows, code lines, lines,
  sentences, words, and as a last resort characters — never dropped;
* a chunk starting inside a split table gets the header rows, one inside a split code
  block the opening fence, and one ending inside a code block a closing fence, in its
  ``embed_text`` only; ``contextualize`` prefixes the heading path, shortened when it
  would take more than a quarter of the budget;
* ``tokens`` counts the final ``embed_text`` with the same tokenizer, and a chunk
  over ``max_tokens`` is cut again until none is.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from mainmark.chunks.joins import Joiner, joins_exactly
from mainmark.chunks.origin import Origins
from mainmark.chunks.split import Count, Piece, Utf8, block_pieces, cut, derive_blocks, utf8
from mainmark.chunks.tokens import get_tokenizer
from mainmark.errors import InputTypeError
from mainmark.model import Block, BlockKind, Chunk, Document, Span, Stamp
from mainmark.options import DEFAULT_OPTIONS, Options

_ID_NAMESPACE = uuid.UUID("5d3b2c1e-9a4f-5b6e-8c7d-2f1a0e9b8c7d")
_TEXT_KINDS = frozenset(
    {BlockKind.PARAGRAPH, BlockKind.LIST, BlockKind.QUOTE, BlockKind.DEFINITIONS,
     BlockKind.OTHER}
)
_WORD_BOUNDARY = re.compile(r"\s+")


class _Packer:
    """The pieces of one document and the estimates every packing step shares."""

    def __init__(self, md: Utf8, pieces: list[Piece], count: Count, options: Options,
                 joiner: Joiner | None = None) -> None:
        self.md = md
        self.pieces = pieces
        self.count = count
        self.joiner = joiner or Joiner(md, count, False)
        self.opts = options
        self.budget = options.max_tokens - options.overlap_tokens
        self.sums = [0]
        for p in pieces:
            self.sums.append(self.sums[-1] + p.tokens)
        # estimate() is asked about the same (first, last) pairs again and again (greedy
        # growth, merging): the prefix cost of a pair depends on those two pieces only.
        self._overhead: dict[tuple[int, int], int] = {}

    def packed(self) -> None:
        """The estimates are not asked for again: let their tables go."""
        self.sums = []
        self._overhead = {}

    def prefix(self, run: Sequence[Piece]) -> str:
        if not self.opts.contextualize:
            return ""
        ids = run_path(run)
        opening = {p.heading_id for p in run[: _lead(run) + 1] if p.kind is BlockKind.HEADING}
        while ids and ids[-1] in opening:
            ids = ids[:-1]  # the chunk opens with that heading: do not say it twice
        names = [run[0].names[i] for i in ids]
        return _shortened_prefix(names, self.count, self.opts.max_tokens // 4)

    def estimate(self, first: int, last: int) -> int:
        """Tokens of the chunk made of pieces ``first..last``: pieces are counted once
        each and the joins assumed to cost one token; the exact count comes later."""
        body = self.sums[last + 1] - self.sums[first] + (last - first)
        overhead = self._overhead.get((first, last))
        if overhead is None:
            p = self.pieces
            overhead = self._overhead[first, last] = (
                self.count(self.prefix((p[first], p[last]))) + self.count(p[first].reopen)
                + self.count(p[last].close))
        return body + overhead

    def fits(self, first: int, last: int) -> bool:
        return self.estimate(first, last) <= self.budget

    def pack(self, first: int, last: int, depth: int) -> list[_Group]:
        """Pack a section (pieces sharing ``depth`` heading ids): whole when it fits, else
        its intro and subsections packed apart, then merged while they fit. Recursion is
        bounded by the heading depth (six levels)."""
        if self.fits(first, last):
            return [_Group(first, last, True)]
        runs = _subsections(self.pieces, first, last, depth)
        if len(runs) == 1:
            key = runs[0][2]
            return self.pack(first, last, depth + 1) if key is not None else self.greedy(
                first, last)
        groups: list[_Group] = []
        for r_first, r_last, key in runs:
            if key is not None:
                groups.extend(self.pack(r_first, r_last, depth + 1))
            elif self.fits(r_first, r_last):
                groups.append(_Group(r_first, r_last, True))
            else:
                groups.extend(self.greedy(r_first, r_last))
        return self.merge(groups)

    def greedy(self, first: int, last: int) -> list[_Group]:
        """Pieces in order, a new chunk when the next one does not fit; a heading is
        never left at the end of a chunk, apart from what it heads."""
        groups: list[_Group] = []
        start = first
        for i in range(first + 1, last + 1):
            if not self.fits(start, i):
                cut_at = i - 1 if self.pieces[i - 1].heading_id is not None and (
                    i - 1 > start) else i
                groups.append(_Group(start, cut_at - 1, False))
                start = cut_at
        groups.append(_Group(start, last, False))
        return groups

    def merge(self, groups: list[_Group]) -> list[_Group]:
        """Neighbouring whole sections merge while they fit; a crumb (under min_tokens)
        merges with whatever neighbour it fits with."""
        out: list[_Group] = []
        for g in groups:
            if out:
                prev = out[-1]
                both_whole = prev.whole and g.whole
                crumb = min(self.estimate(prev.first, prev.last),
                            self.estimate(g.first, g.last)) < self.opts.min_tokens
                if (both_whole or crumb) and self.fits(prev.first, g.last):
                    out[-1] = _Group(prev.first, g.last, both_whole)
                    continue
            out.append(g)
        return out

    def tokens(self, run: Sequence[Piece]) -> int:
        """The exact count of the run's embed_text: added up from its pieces' counts where
        that is provably the same (:mod:`mainmark.chunks.joins`), else encoded."""
        if not run[-1].close:
            known = self.joiner.run_tokens(self.prefix(run), run[0].reopen, run)
            if known is not None:
                return known
        return self.count(self.render(run)[1])

    def render(self, run: Sequence[Piece], start: int | None = None) -> tuple[str, str]:
        """(text, embed_text) of a run; ``start`` moves its first byte back (overlap)."""
        return self.text(self.frame(run, start))

    def text(self, frame: tuple[int, int, str, str]) -> tuple[str, str]:
        """(text, embed_text) of a :meth:`frame`."""
        lo, hi, head, tail = frame
        text = self.md[lo:hi].decode("utf-8", "surrogatepass")
        return text, head + text + tail

    def frame(self, run: Sequence[Piece], start: int | None = None
              ) -> tuple[int, int, str, str]:
        """The run's text as a byte span of the markdown, and what its embed_text puts
        before and after it."""
        lo = run[0].start if start is None else start
        reopen = run[0].reopen if start is None else ""
        return lo, run[-1].end, self.prefix(run) + reopen, run[-1].close


@dataclass(slots=True)
class _Group:
    first: int
    last: int
    whole: bool  # a whole section or intro, not a part of a split one


def _common_path(run: Sequence[Piece]) -> tuple[int, ...]:
    """Heading ids shared by every piece of a run: sections are contiguous, so the
    first and last pieces decide."""
    a, b = run[0].path_ids, run[-1].path_ids
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return a[:n]


def _lead(run: Sequence[Piece]) -> int:
    """Index of the piece the chunk's path is read from: past headings that head nothing
    in the chunk but the next heading (a page title over the first section)."""
    i = 0
    while (i + 1 < len(run) and run[i].kind is BlockKind.HEADING
           and run[i + 1].kind is BlockKind.HEADING):
        i += 1
    return i


def run_path(run: Sequence[Piece]) -> tuple[int, ...]:
    """The heading ids a chunk is filed under.

    A chunk that opens with a heading (or with a card's photo and badge above its
    heading) is about what it holds: the path its pieces share (a title section holding
    only its heading counts as part of the next section's).
    A chunk that opens inside a section (the rest of a paragraph cut at the budget) is
    that section's continuation, whatever sections it runs into: it keeps that
    section's path, so a retriever filtering by section still finds it.
    """
    lead = _lead(run)
    if run[lead].kind is not BlockKind.HEADING and not run[lead].card_lead:
        return run[lead].path_ids
    return _common_path(run[lead:])


def _subsections(pieces: list[Piece], first: int, last: int, depth: int
                 ) -> list[tuple[int, int, int | None]]:
    """Maximal runs sharing their heading id at ``depth`` (``None``: the intro, the
    pieces of the section itself before its first subsection)."""
    runs: list[tuple[int, int, int | None]] = []
    for i in range(first, last + 1):
        ids = pieces[i].path_ids
        key = ids[depth] if len(ids) > depth else None
        if runs and runs[-1][2] == key:
            runs[-1] = (runs[-1][0], i, key)
        else:
            runs.append((i, i, key))
    return runs


def chunk_blocks(
    markdown: str, blocks: Sequence[Block], stamp: Stamp, options: Options
) -> list[Chunk]:
    """Chunks of ``markdown`` from the renderer's ``blocks`` (re-derived from the markdown
    when the blocks do not slice it exactly, e.g. for a hand-built Document)."""
    return _chunk_md(utf8(markdown), blocks, stamp, options, markdown)


def _chunk_md(md: Utf8, blocks: Sequence[Block], stamp: Stamp, options: Options,
              source: str) -> list[Chunk]:
    """Chunks of the UTF-8 markdown ``md``, their texts spans of ``source`` (the same
    markdown as a string)."""
    if not source.strip(" \t\n\r\f\v"):
        return []
    counter = get_tokenizer(options.tokenizer)
    count = counter.count
    pieces = block_pieces(md, _checked_blocks(md, blocks), count, options)
    if not pieces:
        return []
    packer = _Packer(md, pieces, count, options, Joiner(md, count, joins_exactly(counter)))
    groups = packer.merge(packer.pack(0, len(pieces) - 1, 0))
    runs = _fit_exactly(packer, [pieces[g.first : g.last + 1] for g in groups])
    del groups
    packer.packed()
    return _chunks(packer, runs, stamp, Origins(blocks), source)


def _checked_blocks(md: Utf8, blocks: Sequence[Block]) -> list[Block]:
    ok = bool(blocks) and all(
        0 <= b.md_start <= b.md_end <= len(md)
        and md[b.md_start : b.md_end] == b.markdown.encode("utf-8", "surrogatepass")
        for b in blocks
    )
    if not ok:
        return derive_blocks(md, 0, len(md), None)
    out: list[Block] = []
    for b in blocks:  # an OTHER block holding several paragraphs is cut into its blocks
        if b.kind is BlockKind.OTHER and "\n\n" in b.markdown:
            out.extend(derive_blocks(md, b.md_start, b.md_end, b))
        else:
            out.append(b)
    return out


def _fit_exactly(packer: _Packer, runs: list[list[Piece]]) -> list[list[Piece]]:
    """Count every chunk's embed_text exactly; cut again the ones the estimate let
    through: a run sheds its last piece, a single piece is cut finer."""
    out: list[list[Piece]] = []
    todo = list(reversed(runs))
    while todo:
        run = todo.pop()
        over = packer.tokens(run) - packer.budget
        if over <= 0:
            out.append(run)
        elif len(run) > 1:
            todo.extend(([run[-1]], run[:-1]))
        else:
            piece = run[0]
            budget = max(1, (piece.tokens - over) * 9 // 10)
            parts = cut(packer.md, piece, budget, packer.count)
            if len(parts) <= 1:
                parts = cut(packer.md, piece, budget, packer.count, as_text=True)
            if len(parts) > 1:
                todo.extend([p] for p in reversed(parts))
            elif piece.reopen or piece.close:  # a lone character with its header: drop it
                todo.append([replace(piece, reopen="", close="")])
            else:
                out.append(run)  # cannot happen with max_tokens >= 16; never lose text
    return out


def _chunks(packer: _Packer, runs: list[list[Piece]], stamp: Stamp,
            origins: Origins | None = None, source: str | None = None) -> list[Chunk]:
    """The chunks of the packed runs. With ``source`` (the markdown the packer's bytes
    encode), each chunk's text is a span of it, not a copy; without, of its own text."""
    chunks: list[Chunk] = []
    chars = _CharOffsets(packer.md)
    for index, run in enumerate(runs):
        start = _overlap_start(packer, runs, index)
        frame = packer.frame(run, start)
        text, embed = packer.text(frame)
        tokens = packer.count(embed) if start is not None else packer.tokens(run)
        if start is not None and tokens > packer.opts.max_tokens:
            start = None
            frame = packer.frame(run)
            text, embed = packer.text(frame)
            tokens = packer.tokens(run)
        md_start = run[0].start if start is None else start
        md_end = run[-1].end
        srcs = [s for p in run for s in p.src if s is not None]
        key = f"{stamp.content_sha256}|{stamp.version}|{stamp.options_hash}|{md_start}|{md_end}"
        path, common, links = origins.describe(run[0].start, md_start, md_end, text) if (
            origins) else (None, None, ())
        if source is None:
            span = Span(text, 0, len(text))
        else:
            c_lo = chars(frame[0])
            span = Span(source, c_lo, c_lo + len(text))
        made = Chunk(
            span=span, embed_head=frame[2], embed_tail=frame[3],
            heading_path=tuple(run[0].names[i] for i in run_path(run)),
            index=index, id=str(uuid.uuid5(_ID_NAMESPACE, key)), tokens=tokens,
            md_start=md_start, md_end=md_end,
            src_start=min(srcs) if srcs else None, src_end=max(srcs) if srcs else None,
            stamp=stamp, tag_path=path, common_tag_path=common, links=links,
        )
        del text, embed
        chunks.append(made)
    return chunks


class _CharOffsets:
    """Byte offsets of UTF-8 ``md`` to character offsets. Chunks ask in nearly increasing
    order (an overlap steps back a little), so each answer decodes only the bytes
    between it and the previous one: linear over a document."""

    def __init__(self, md: Utf8) -> None:
        self.md = md
        self.ascii = md.isascii()
        self.last = (0, 0)

    def __call__(self, at: int) -> int:
        if self.ascii:
            return at
        last_b, last_c = self.last
        if at >= last_b:
            c = last_c + len(self.md[last_b:at].decode("utf-8", "surrogatepass"))
        else:
            c = last_c - len(self.md[at:last_b].decode("utf-8", "surrogatepass"))
        self.last = (at, c)
        return c


def _overlap_start(packer: _Packer, runs: list[list[Piece]], index: int) -> int | None:
    """Where chunk ``index`` starts when it repeats the tail of the previous chunk: the
    longest run of whole words of at most overlap_tokens. Only between prose: a table
    or code continuation already repeats its header, and must start with it."""
    want = packer.opts.overlap_tokens
    if not want or index == 0:
        return None
    prev, cur = runs[index - 1][-1], runs[index][0]
    if cur.reopen or prev.kind not in _TEXT_KINDS or prev.close:
        return None
    tail = packer.md[prev.start : prev.end].decode("utf-8", "surrogatepass")
    for m in _WORD_BOUNDARY.finditer(tail):
        if packer.count(tail[m.end():]) <= want:
            return prev.start + len(tail[: m.end()].encode("utf-8", "surrogatepass"))
    return None


def _shortened_prefix(names: list[str], count: Callable[[str], int], limit: int) -> str:
    """The heading path as an embed prefix, at most ``limit`` tokens: outer headings go
    first, then the innermost one is cut to fit and marked with an ellipsis."""
    if not names:
        return ""
    while names:
        prefix = " > ".join(names) + "\n\n"
        if count(prefix) <= limit:
            return prefix
        if len(names) == 1:
            break
        names = names[1:]
    name = names[0]
    lo, hi = 0, len(name)
    while lo < hi:  # longest start of the heading that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if count(name[:mid] + "…\n\n") <= limit:
            lo = mid
        else:
            hi = mid - 1
    return name[:lo] + "…\n\n" if lo else ""


def chunk(doc: Document, options: Options | None = None) -> list[Chunk]:
    """Cut a document's markdown into heading-path chunks (as :func:`extract` does when
    ``options.chunking`` is on); ``options`` defaults to the document's own budget.
    Raises :class:`~mainmark.errors.InputTypeError` for arguments of the wrong type."""
    if not isinstance(doc, Document) or not (options is None or isinstance(options, Options)):
        raise InputTypeError(f"chunk() takes a Document and Options or None, not "
                             f"{type(doc).__name__} and {type(options).__name__}")
    return chunk_blocks(doc.markdown, doc.blocks, doc.stamp, options or DEFAULT_OPTIONS)


__all__ = ["chunk", "chunk_blocks"]
