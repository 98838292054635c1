"""Main content to markdown, text and clean HTML, with the markdown's block spans.

One walk (:mod:`mainmark.markdown.walk`) builds all three serializations side by side; the
markdown one also yields the blocks, whose byte offsets are counted here as the
markdown is assembled, never searched for afterwards.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from html import escape as html_escape

from mainmark.markdown.constants import CUT
from mainmark.markdown.convert import Converter, escape_line, escape_markdown, outline_levels
from mainmark.markdown.provenance import block_links, block_path
from mainmark.markdown.serializers import SYNTAXES
from mainmark.markdown.thumbnails import thumbnail_copies
from mainmark.markdown.walk import Piece, collapse
from mainmark.model import (
    Block,
    BlockKind,
    Content,
    Deferred,
    Link,
    Metadata,
    Span,
    read,
)
from mainmark.options import Options
from mainmark.page.srcmap import SourceMap
from mainmark.page.treepath import Ranks

BLOCK_SEPARATOR = "\n\n"


@dataclass(slots=True)
class Rendered:
    """The serializations; the text and the HTML may be made on first read
    (``text_later``/``html_later``, see :func:`serialize`)."""

    markdown: str
    text_later: str | Deferred
    html_later: str | Deferred
    blocks: list[Block] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The plain text (joined now if it was left for later)."""
        return read(self.text_later)

    @property
    def html(self) -> str:
        """The clean HTML (joined now if it was left for later)."""
        return read(self.html_later)


def render(
    content: Content, metadata: Metadata, srcmap: SourceMap | None, options: Options
) -> Rendered:
    """Serialize ``content`` three ways; ``blocks`` index the markdown."""
    return serialize(walk_content(content, metadata, srcmap, options))


@dataclass(slots=True)
class Walked:
    """The content read off the tree for the last time: its pieces, each one's tag path
    and source span, and the links; no element is kept, so the tree (and the page's
    text the source map reads) can go before the serializations are built."""

    pieces: list[Piece]
    links: list[Link]
    headline: Piece | None
    #: per piece, its tag path (``None`` for a piece with no element)
    paths: list[str | None]
    #: per piece, its source span's start and end bytes (-1: no span)
    spans: array[int]


def walk_content(
    content: Content, metadata: Metadata, srcmap: SourceMap | None, options: Options
) -> Walked:
    """The pieces of ``content``: the walk, the paragraphs outside the tree, the title
    heading; then each piece's provenance, its elements let go."""
    converter = Converter(base_url=content.base_url, removed=content.removed,
                          link_mode=options.links, images=options.images,
                          bare_images=options.bare_images)
    converter.heading_levels = outline_levels(list(content.roots), content.removed)
    if options.images:
        converter.thumbnails = thumbnail_copies(content.roots, content.removed,
                                                content.base_url)
    try:
        pieces = converter.walk(list(content.roots)).pieces
    finally:
        converter.release()
    headline_text = content.headline.in_text
    for para in content.paragraphs:
        plain = collapse(" ".join(para.split()))
        if plain:
            html = f"<p>{html_escape(plain, quote=False)}</p>"
            pieces.append(Piece(BlockKind.PARAGRAPH, [escape_line(escape_markdown(plain)),
                                                      plain, html]))
    if pieces and options.title_heading and metadata.title and not any(
        p.kind == BlockKind.HEADING and p.level == 1 for p in pieces
    ) and _headline_piece(pieces, metadata.title) is None:
        # (a heading showing the title already opens the content: not a second time)
        title = collapse(" ".join(metadata.title.split()))
        if title:  # the title is the markdown's heading path root, not page text
            pieces.insert(0, Piece(BlockKind.HEADING, ["# " + escape_markdown(title),
                                                       title if headline_text else "", ""],
                                   level=1))
    headline = None if headline_text else _headline_piece(
        pieces, metadata.title, content.headline.lead_h1)
    paths, spans = _provenance(pieces, srcmap)
    return Walked(pieces, converter.links, headline, paths, spans)


def serialize(walked: Walked) -> Rendered:
    """The markdown with its blocks, the text and the HTML of walked pieces (consumed)."""
    channels = _Channels()
    markdown, blocks = assemble(walked, channels)
    return Rendered(markdown, channels.text.joined(markdown, BLOCK_SEPARATOR),
                    channels.html.joined(markdown, "\n"), blocks, walked.links)


#: A part of a channel that is a block's markdown: its characters, and ``<p>`` around.
_Part = tuple[int, int, bool]


class _Channel:
    """The text or the HTML channel's blocks in order: strings, or a block's span of the
    markdown where the block reads the same there (a plain paragraph's text is its
    markdown, its HTML that markdown in ``<p>``), so a long block is held once."""

    __slots__ = ("chars", "parts")

    def __init__(self) -> None:
        self.parts: list[str | _Part] = []
        self.chars = 0

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.chars += len(text)

    def add_span(self, start: int, end: int, wrap: bool) -> None:
        self.parts.append((start, end, wrap))
        self.chars += end - start

    def joined(self, md: str, separator: str) -> str | Deferred:
        """The blocks joined, the spans read from the document's markdown ``md``; each
        block is already as it must read (NFC outside code)."""
        parts = self.parts

        def join() -> str:
            return separator.join([
                p if isinstance(p, str) else f"<p>{md[p[0]:p[1]]}</p>" if p[2] else md[p[0]:p[1]]
                for p in parts])

        if parts and self.chars >= CUT.defer_mean_chars * len(parts):
            return Deferred(join)
        return join()


class _Channels:
    """What :func:`assemble` collects beside the markdown: the text and HTML blocks."""

    __slots__ = ("html", "html_of", "text")

    def __init__(self) -> None:
        self.text, self.html = _Channel(), _Channel()
        self.html_of = SYNTAXES.html.block_text

    def take(self, piece: Piece, with_text: bool, md: str, at: int) -> None:
        """The piece's plain text (``with_text``: it is not the headline) and HTML;
        ``md``: its markdown when that is kept as a span (from character ``at``)."""
        if with_text and piece.text:
            # code reads in the text channel as it does in the fence: unchanged
            plain = piece.text if piece.kind == BlockKind.CODE else tidy(piece.text)
            if md and (plain is md or plain == md):
                self.text.add_span(at, at + len(md), False)
            elif plain:
                self.text.add(plain)
        html = self.html_of(piece)
        if piece.kind != BlockKind.CODE and not html.isascii():
            html = unicodedata.normalize("NFC", html)  # code stays as the page has it
        if md and len(html) == len(md) + 7 and html.startswith("<p>") and (
                html.endswith("</p>") and html.startswith(md, 3)):
            self.html.add_span(at, at + len(md), True)
        elif html:
            self.html.add(html)


def _provenance(pieces: list[Piece], srcmap: SourceMap | None
                ) -> tuple[list[str | None], array[int]]:
    """Each piece's tag path and source span, read while the tree is there; the pieces'
    elements are let go after."""
    # the elements' positions first, at once: the map then holds no element
    spans = array("q", [-1]) * (2 * len(pieces))
    if srcmap is not None:
        # each piece's first and last element's span, all in one call to the map
        got = srcmap.spans_at(srcmap.locate([el for p in pieces for el in (p.first, p.last)]))
        for i, piece in enumerate(pieces):
            if piece.first is None or piece.last is None:
                continue
            start, end, last_start, last_end = got[4 * i : 4 * i + 4]
            if start >= 0 and last_start >= 0:
                spans[2 * i], spans[2 * i + 1] = start, max(end, last_end)
    ranks: Ranks = {}
    paths = [block_path(piece, ranks) for piece in pieces]
    del ranks
    for piece in pieces:
        piece.first = piece.last = None
    return paths, spans


def _headline_piece(pieces: list[Piece], title: str | None,
                    lead_h1: bool = False) -> Piece | None:
    """The article's own headline heading, if the content opens with it.

    The headline is the document's title (metadata, and the markdown's ``#`` root);
    the plain text is the body. Without this, ``text`` would hold the headline when
    the template puts it inside the article box and not when it sits outside. With
    ``lead_h1`` (precision), an ``<h1>`` among the leading blocks is the headline even
    when its words differ from the title's.
    """
    if lead_h1:
        for piece in pieces[:CUT.headline_window]:
            if piece.kind == BlockKind.HEADING and piece.level == 1 and piece.text:
                return piece
    if not title:
        return None
    full = " ".join(title.split()).casefold()
    parts = _TITLE_SEPARATOR.split(full)
    # The whole title, or its first or last part ("Headline - Site", "Site | Headline").
    keys = {full, parts[0], parts[-1]} if len(parts) > 1 else {full}
    for piece in pieces[:CUT.headline_window]:
        if (piece.kind == BlockKind.HEADING and piece.text
                and " ".join(piece.text.split()).casefold() in keys):
            return piece
    return None


_TITLE_SEPARATOR = re.compile(r"\s+(?:[|·•»«~/]|::|-{1,2}|–|—)\s+")


def tidy(text: str) -> str:
    """NFC, no trailing blanks on any line, no blank edge lines: except inside a fenced
    code block, whose lines are the page's code, byte for byte (see ``codeblocks``)."""
    if "\n" not in text:  # most blocks: one line
        return unicodedata.normalize("NFC", text).rstrip()
    if "```" not in text and "~~~" not in text:
        text = unicodedata.normalize("NFC", text)
        return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")
    return "\n".join(_tidy_lines(text.split("\n"))).strip("\n")


#: A fence line of our own markdown, in any container (list indentation, quote marks).
_FENCE = re.compile(r"[ >]*(`{3,}|~{3,})")


def _tidy_lines(lines: list[str]) -> Iterator[str]:
    """:func:`tidy` line by line, the lines between a fence and its closing fence as
    they are. A fence opens as CommonMark reads one (a backtick fence's info string holds
    no backtick: a line opening with a code span is no fence)."""
    fence = ""
    for line in lines:
        if fence:
            found = _FENCE.match(line)
            if (found is not None and found.group(1).startswith(fence)
                    and not line[found.end():].strip()):
                fence = ""
                line = line.rstrip()
            yield line
            continue
        line = unicodedata.normalize("NFC", line).rstrip()
        found = _FENCE.match(line)
        if found is not None and not (found.group(1)[0] == "`" and "`" in line[found.end():]):
            fence = found.group(1)
        yield line


def assemble(walked: Walked, channels: _Channels | None = None) -> tuple[str, list[Block]]:
    """Join the pieces' markdown with one blank line, counting each block's UTF-8 span;
    each block records its tag path and (``links="text"``) the links it holds.

    With ``channels``, the pieces' plain-text blocks (the headline left out) and HTML
    blocks are collected in the same pass, and the pieces are consumed (emptied) as it
    goes: a piece is let go as soon as its three channels are taken, so a big page never
    holds every piece beside every block.
    """
    pieces, links, headline = walked.pieces, walked.links, walked.headline
    paths, src_spans = walked.paths, walked.spans
    parts: list[str] = []
    blocks: list[Block] = []
    offset = chars = 0  # the markdown's length so far in UTF-8 bytes and in characters
    spans: list[tuple[int, int]] = []  # long blocks (index, start): spans of the markdown
    owned = block_links([p.html for p in pieces], links) if links else None
    order: Iterator[Piece] = iter(pieces)
    if channels is not None:
        pieces.reverse()
        order = _consume(pieces)
    for i, piece in enumerate(order):
        text = tidy(piece.markdown)
        at = chars + len(BLOCK_SEPARATOR) if parts else chars  # where it would start
        long = len(text) >= CUT.span_min_chars
        if channels is not None:
            channels.take(piece, piece is not headline, text if long else "", at)
        if not text:
            continue
        if parts:
            parts.append(BLOCK_SEPARATOR)
            offset += len(BLOCK_SEPARATOR)
        size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
        src_start, src_end = src_spans[2 * i], src_spans[2 * i + 1]
        block = Block(piece.kind, text, offset, offset + size, level=piece.level,
                      src_start=None if src_start < 0 else src_start,
                      src_end=None if src_start < 0 else src_end,
                      language=piece.language, tag_path=paths[i],
                      links=owned[i] if owned else ())
        if long:
            spans.append((len(blocks), at))
        blocks.append(block)
        parts.append(text)
        offset += size
        chars = at + len(text)
    markdown = "".join(parts)
    del parts
    for i, at in spans:  # the markdown holds them now: let the blocks' copies go
        block = blocks[i]
        blocks[i] = replace(block, held_markdown=Span(markdown, at, at + len(block.markdown)))
    return markdown, blocks


def _consume(stack: list[Piece]) -> Iterator[Piece]:
    """The pieces of a reversed list in their order, each removed as it is handed out."""
    while stack:
        yield stack.pop()
