"""The markdown serializer: markdownify's converters, corrected where RAG needs more.

Overrides and why: links resolve to absolute URLs (or become text, collected aside);
headings carry neither link nor emphasis syntax (they become heading paths); lists,
quotes and definition lists are laid out from finished blocks so nested code and tables
stay inside their item; code comes from :mod:`codeblocks`, tables from :mod:`tables`;
escaping is only as much as keeps text from turning into syntax.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml.html import HtmlElement
from markdownify import MarkdownConverter

from .codeblocks import code_language, code_text, fence
from .links import image_src, markdown_target, resolve
from .model import BlockKind, Link
from .rendervocab import CODE_TAGS, DEL_TAGS, EM_TAGS, HEADING_TAGS, LIST_TAGS, STRONG_TAGS
from .tables import (
    Grid,
    build_grid,
    classify,
    is_gutter_cell,
    own_cells,
    own_rows,
    pipe_cell,
    pipe_table,
)
from .walk import (
    BR,
    DESCEND,
    MAX_MARKER_DEPTH,
    Descend,
    Frame,
    Out,
    Piece,
    TreeWalker,
    chomp,
    collapse,
)

BlockHandler = Callable[[Frame, Frame], list[Piece]]

_ESCAPE = re.compile(
    r"\\(?=[!-/:-@\[-`{-~]|$)"  # a backslash that would escape what follows
    r"|[*`]"  # emphasis and code spans
    r"|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])"  # underscores that could open or close emphasis
    r"|~~"  # strikethrough
    r"|<(?=[A-Za-z/!?])"  # raw HTML and autolinks
    r"|&(?=#?\w+;)"  # entity references
    r"|\](?=[(\[])"  # the end of a link text
)
_SPECIAL = "\\*`_~<&]"
_ESCAPE_IN_LINK = re.compile(r"[\[\]]")
_WS = re.compile(r"[ \t\n\r\f\xa0]+")
_CELL_TAGS = frozenset({"_cell", "_inline"})
_LINE_START = re.compile(r"(#{1,6}|[>+-])(?=\s|$)|>|(\d{1,9})[.)](?=\s|$)|=+$|-+$")


def _escape_match(match: re.Match[str]) -> str:
    return "\\" + match.group(0) if match.group(0) != "~~" else "\\~\\~"


def bullet(marker: str, body: str) -> str:
    """``body`` as a list item: marker on the first line, later lines indented under it."""
    pad = " " * (len(marker) + 1)
    lines = body.split("\n")
    rest = [pad + line if line else "" for line in lines[1:]]
    return "\n".join([f"{marker} {lines[0]}".rstrip(), *rest])


def join_item(pieces: list[Piece], text_of: Callable[[Piece], str], gap: str = "\n\n") -> str:
    """Blocks of one list item; a nested list follows its text without a blank line."""
    out = ""
    prev: Piece | None = None
    for piece in pieces:
        text = text_of(piece)
        if not text:
            continue
        if prev is not None:
            tight = BlockKind.LIST in (piece.kind, prev.kind)
            out += "\n" if tight else gap
        out += text
        prev = piece
    return out


def is_permalink(href: str | None, text: str) -> bool:
    """A heading's own anchor ("#", "¶", "🔗" linking to itself): decoration, not text."""
    if not href or not href.startswith("#"):
        return False
    text = text.strip()
    return 0 < len(text) <= 2 and not any(c.isalnum() for c in text)


def list_start(el: HtmlElement | None) -> int:
    value = (el.get("start") or "").strip() if el is not None else ""
    return int(value) if value.lstrip("-").isdigit() and len(value) < 10 else 1


class Converter(TreeWalker):
    """Main content to markdown pieces (one per top-level block)."""

    hard_break = "\\\n"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        removed: set[HtmlElement] | None = None,
        link_mode: str = "inline",
        images: bool = True,
        url_cache: dict[str, str | None] | None = None,
    ) -> None:
        super().__init__(removed, sub_symbol="<sub>", sup_symbol="<sup>", heading_style="atx",
                         escape_asterisks=False, escape_underscores=False)
        self.base_url = base_url
        self.link_mode = link_mode
        self.images = images
        self.links: list[Link] = []
        #: href -> absolute URL, shared by the serializers of one page (urljoin is slow).
        self.url_cache: dict[str, str | None] = url_cache if url_cache is not None else {}
        self.handlers: dict[str, BlockHandler] = {
            "p": self.close_p, "ul": self.close_list, "ol": self.close_list,
            "menu": self.close_list, "dir": self.close_list, "li": self.close_li,
            "blockquote": self.close_quote, "dl": self.close_dl, "dt": self.close_dt,
            "dd": self.close_dd, "figcaption": self.close_p,
        }
        for tag in HEADING_TAGS:
            self.handlers[tag] = self.close_heading

    # ------------------------------------------------------------------ text

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        if "_noformat" in parent_tags:
            return text
        if any(c in text for c in _SPECIAL):
            text = _ESCAPE.sub(_escape_match, text)
        if "a" in parent_tags:
            text = _ESCAPE_IN_LINK.sub(r"\\\g<0>", text)
        return text

    def escape_line(self, line: str) -> str:
        match = _LINE_START.match(line)
        if match is None:
            return line
        if match.group(2):
            digits = match.group(2)
            return digits + "\\" + line[len(digits):]
        return "\\" + line

    # ------------------------------------------------------------------ leaves

    def leaf(self, el: HtmlElement, tag: str, parent: Frame) -> Out | Descend:
        if tag == "br":
            return BR
        if tag == "img":
            return self.image(el, parent.tags)
        if tag == "hr":
            return [Piece(BlockKind.RULE, self.rule, el, el)] if self.rule else []
        if tag == "pre" or tag in ("listing", "xmp", "plaintext"):
            return self.code_pieces([el])
        if tag == "table":
            kind = classify(el, self.removed)
            if kind == "layout":
                return DESCEND
            if kind == "code":
                return self.code_pieces(self.code_cells(el))
            return self.table_pieces(el)
        return DESCEND

    rule = "---"

    def image(self, img: HtmlElement, tags: frozenset[str]) -> str:
        """``![alt](src)``; an image with nothing to say for itself is dropped."""
        if not self.images or "_heading" in tags:
            return ""
        src = image_src(img, self.base_url)
        alt = collapse(" ".join((img.get("alt") or img.get("title") or _caption_of(img)).split()))
        if not src or not alt:
            return ""
        return self.render_image(alt, src)

    def render_image(self, alt: str, src: str) -> str:
        alt = _ESCAPE_IN_LINK.sub(r"\\\g<0>", alt.replace("\\", "\\\\"))
        return f"![{alt}]({markdown_target(src)})"

    def code_pieces(self, pres: list[HtmlElement]) -> list[Piece]:
        pieces = []
        for pre in pres:
            code = code_text(pre, self.removed)
            if code.strip():
                lang = code_language(pre)
                pieces.append(Piece(BlockKind.CODE, self.render_code(code, lang), pre, pre,
                                    language=lang))
        return pieces

    def code_cells(self, table: HtmlElement) -> list[HtmlElement]:
        """The ``pre`` elements of a gutter table's code column."""
        pres: list[HtmlElement] = []
        for tr in own_rows(table, self.removed):
            for cell in own_cells(tr, self.removed):
                if not is_gutter_cell(cell):
                    pres.extend(cell.iter("pre"))
        return pres

    def render_code(self, code: str, language: str | None) -> str:
        return fence(code, language)

    def table_pieces(self, table: HtmlElement) -> list[Piece]:
        grid = build_grid(table, self.removed, self.cell)
        if not grid.rows or not any(any(row) for row in grid.rows):
            return []
        pieces = []
        caption = next(table.iterchildren("caption"), None)
        if caption is not None and caption not in self.removed:
            text = self.cell(caption)
            if text:
                pieces.append(Piece(BlockKind.PARAGRAPH, text, caption, caption))
        pieces.append(Piece(BlockKind.TABLE, self.render_table(grid), table, table))
        return pieces

    def cell(self, cell: HtmlElement) -> str:
        """A table cell's content on one line, converted by this same serializer."""
        if len(cell) == 0:  # text only, most cells: skip the walk's set-up
            text = cell.text
            return self.render_cell(self.escape(collapse(_WS.sub(" ", text)), _CELL_TAGS)
                                    if text else "")
        top = self.walk([cell], _CELL_TAGS)
        return self.render_cell(self.cell_break.join(p.text for p in top.pieces if p.text))

    def render_cell(self, text: str) -> str:
        return pipe_cell(text)

    def render_table(self, grid: Grid) -> str:
        return pipe_table(grid)

    # ------------------------------------------------------------------ inline converters

    def convert_a(self, el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
        href = el.get("href")
        if is_permalink(href, text):
            return ""
        url = self.resolve(href)
        if url is None or "_noformat" in parent_tags or not text.strip():
            return text
        if self.link_mode == "text":
            self.links.append(Link(collapse(" ".join(el.text_content().split())), url,
                                   href or ""))
            return text
        if "_heading" in parent_tags:
            return text
        prefix, suffix, inner = chomp(text)
        return f"{prefix}[{inner}]({markdown_target(url)}){suffix}"

    def resolve(self, href: str | None) -> str | None:
        if href is None:
            return None
        if href not in self.url_cache:
            self.url_cache[href] = resolve(href, self.base_url)
        return self.url_cache[href]

    def _inline(self, marker: str, group: frozenset[str]) -> Callable[..., str]:
        def convert(el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
            if "_noformat" in parent_tags or "_heading" in parent_tags or (
                    not group.isdisjoint(parent_tags)):
                return text
            prefix, suffix, inner = chomp(text)
            if not inner:
                return text
            close = "</" + marker[1:] if marker.startswith("<") else marker
            return f"{prefix}{marker}{inner}{close}{suffix}"

        return convert

    def get_conv_fn(self, tag_name: str) -> Callable[..., str] | None:
        if tag_name in STRONG_TAGS:
            return self._inline("**", STRONG_TAGS)
        if tag_name in EM_TAGS:
            return self._inline("*", EM_TAGS)
        if tag_name in DEL_TAGS:
            return self._inline("~~", DEL_TAGS)
        if tag_name in ("sup", "sub"):
            return self._inline(f"<{tag_name}>", frozenset({tag_name}))
        if tag_name in CODE_TAGS:
            return self.convert_code_span
        if tag_name == "a":
            return self.convert_a
        if tag_name == "q":
            return self.convert_q_marks
        return None

    def convert_code_span(self, el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
        if "_noformat" in parent_tags:
            return text
        code = MarkdownConverter.convert_code  # type: ignore[attr-defined]
        return str(code(self, el, text, parent_tags))

    def convert_q_marks(self, el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
        return f"“{text}”" if text.strip() else text

    # ------------------------------------------------------------------ blocks

    def close_block(self, frame: Frame, parent: Frame) -> list[Piece]:
        handler = self.handlers.get(frame.tag)
        return handler(frame, parent) if handler else frame.pieces

    def close_p(self, frame: Frame, parent: Frame) -> list[Piece]:
        for piece in frame.pieces:
            if piece.anon:
                piece.first = piece.last = frame.el
        return frame.pieces

    def close_heading(self, frame: Frame, parent: Frame) -> list[Piece]:
        text = collapse(" ".join(p.text for p in frame.pieces).replace("\n", " "))
        if not text:
            return []
        level = int(frame.tag[1])
        return [Piece(BlockKind.HEADING, self.render_heading(level, text), frame.el, frame.el,
                      level=level)]

    def render_heading(self, level: int, text: str) -> str:
        return "#" * level + " " + text

    def item_body(self, pieces: list[Piece]) -> str:
        return join_item(pieces, self.block_text, self.item_gap)

    def close_li(self, frame: Frame, parent: Frame) -> list[Piece]:
        body = self.item_body(frame.pieces)
        if parent.tag not in LIST_TAGS:
            return [Piece(BlockKind.LIST, self.render_list([(True, body)], False, 1),
                          frame.el, frame.el)] if body else []
        return [Piece(BlockKind.OTHER, body, frame.el, frame.el, tag="li")]

    item_gap = "\n\n"

    def close_list(self, frame: Frame, parent: Frame) -> list[Piece]:
        if frame.depth > MAX_MARKER_DEPTH:
            return frame.pieces
        items: list[tuple[bool, str]] = []
        for piece in frame.pieces:
            text = piece.text if piece.tag == "li" else self.block_text(piece)
            if piece.tag != "li" and piece.kind == BlockKind.LIST and items:
                items[-1] = (items[-1][0], items[-1][1] + "\n" + text)  # ul directly in ul
                continue
            items.append((piece.tag == "li", text))
        ordered = frame.tag == "ol"
        text = self.render_list(items, ordered, list_start(frame.el))
        return [Piece(BlockKind.LIST, text, frame.el, frame.el)] if text else []

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        lines = []
        number = start
        for _, body in items:
            if body:
                lines.append(bullet(f"{number}." if ordered else "-", body))
            number += 1
        return "\n".join(lines)

    def close_quote(self, frame: Frame, parent: Frame) -> list[Piece]:
        body = "\n\n".join(t for t in map(self.block_text, frame.pieces) if t)
        if not body or frame.depth > MAX_MARKER_DEPTH:
            return frame.pieces
        return [Piece(BlockKind.QUOTE, self.render_quote(body), frame.el, frame.el)]

    def render_quote(self, body: str) -> str:
        return "\n".join("> " + line if line else ">" for line in body.split("\n"))

    def close_dt(self, frame: Frame, parent: Frame) -> list[Piece]:
        text = collapse(" ".join(p.text for p in frame.pieces).replace("\n", " "))
        if parent.tag != "dl":
            return self.close_p(frame, parent)
        return [Piece(BlockKind.OTHER, text, frame.el, frame.el, tag="dt")] if text else []

    def close_dd(self, frame: Frame, parent: Frame) -> list[Piece]:
        if parent.tag != "dl":
            return frame.pieces
        body = self.item_body(frame.pieces)
        return [Piece(BlockKind.OTHER, body, frame.el, frame.el, tag="dd")] if body else []

    def close_dl(self, frame: Frame, parent: Frame) -> list[Piece]:
        out = self.render_definitions([(p.tag, self.block_text(p)) for p in frame.pieces])
        return [Piece(BlockKind.DEFINITIONS, out, frame.el, frame.el)] if out else []

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        out = ""
        prev = ""
        for tag, text in entries:
            if tag == "dd":
                text = ": " + text.replace("\n", "\n  ").replace("\n  \n", "\n\n")
            sep = "\n" if (tag == "dd" or prev == "dt") and prev in ("dt", "dd") else "\n\n"
            out += (sep if out else "") + text
            prev = tag
        return out


def _caption_of(img: HtmlElement) -> str:
    """The caption of the figure an image sits in (its stand-in when alt is missing)."""
    el: HtmlElement | None = img.getparent()
    for _ in range(4):
        if el is None:
            return ""
        if el.tag == "figure":
            caption = next(el.iter("figcaption"), None)
            return caption.text_content() if caption is not None else ""
        el = el.getparent()
    return ""
