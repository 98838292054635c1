"""The plain-text and clean-HTML serializers: the markdown converter with other syntax.

Both inherit every structural decision of :class:`~mainmark.convert.Converter` (what is
a block, a table, a list item, code) and change only how a decision is written down,
which is what keeps the three outputs carrying the same content.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as html_escape
from typing import Any

from lxml.html import HtmlElement

from .convert import Converter, is_permalink
from .model import BlockKind
from .rendervocab import CODE_TAGS, DEL_TAGS, EM_TAGS, STRONG_TAGS
from .tables import Grid
from .walk import Frame, Piece


class TextConverter(Converter):
    """Text as a reader sees it: no markup, inline elements joined as the browser joins
    them, table rows as tab-separated lines, code verbatim, no images."""

    hard_break = "\n"
    item_gap = "\n"
    rule = ""

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        return text

    def escape_line(self, line: str) -> str:
        return line

    def get_conv_fn(self, tag_name: str) -> Callable[..., str] | None:
        return self.convert_a if tag_name == "a" else None

    def convert_a(self, el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
        return "" if is_permalink(el.get("href"), text) else text

    def image(self, img: HtmlElement, tags: frozenset[str]) -> str:
        return ""

    def render_code(self, code: str, language: str | None) -> str:
        return code

    def render_cell(self, text: str) -> str:
        return " ".join(text.split())

    def render_table(self, grid: Grid) -> str:
        return "\n".join("\t".join(row) for row in grid.rows)

    def render_heading(self, level: int, text: str) -> str:
        return text

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        return "\n".join(body for _, body in items if body)

    def render_quote(self, body: str) -> str:
        return body

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        return "\n".join(text for _, text in entries if text)


_INLINE_HTML = {**dict.fromkeys(STRONG_TAGS, "strong"), **dict.fromkeys(EM_TAGS, "em"),
                **dict.fromkeys(DEL_TAGS, "del"), **dict.fromkeys(CODE_TAGS, "code"),
                "sup": "sup", "sub": "sub", "q": "q"}


class HtmlConverter(Converter):
    """Clean HTML: semantic tags only, no class, style or id, absolute URLs."""

    hard_break = "<br>"
    cell_break = "<br>"
    rule = "<hr>"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.handlers["figure"] = self.close_figure
        self.handlers["figcaption"] = self.close_figcaption

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        return html_escape(text, quote=False)

    def escape_line(self, line: str) -> str:
        return line

    def block_text(self, piece: Piece) -> str:
        return f"<p>{piece.text}</p>" if piece.anon else piece.text

    def item_body(self, pieces: list[Piece]) -> str:
        if len(pieces) == 1 and pieces[0].anon:
            return pieces[0].text
        return "\n".join(t for t in map(self.block_text, pieces) if t)

    def get_conv_fn(self, tag_name: str) -> Callable[..., str] | None:
        if tag_name == "a":
            return self.convert_a
        name = _INLINE_HTML.get(tag_name)
        if name is None:
            return None

        def convert(el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
            return f"<{name}>{text}</{name}>" if text.strip() else text

        return convert

    def convert_a(self, el: HtmlElement, text: str, parent_tags: frozenset[str]) -> str:
        if is_permalink(el.get("href"), text):
            return ""
        url = self.resolve(el.get("href"))
        if url is None or not text.strip():
            return text
        return f'<a href="{html_escape(url)}">{text}</a>'

    def render_image(self, alt: str, src: str) -> str:
        return f'<img src="{html_escape(src)}" alt="{html_escape(alt)}">'

    def render_code(self, code: str, language: str | None) -> str:
        attr = f' data-language="{html_escape(language)}"' if language else ""
        return f"<pre{attr}><code>{html_escape(code, quote=False)}</code></pre>"

    def render_cell(self, text: str) -> str:
        return text

    def render_table(self, grid: Grid) -> str:
        rows = grid.rows
        lines = ["<table>"]
        if grid.header:
            lines.append("<thead><tr>" + "".join(f"<th>{c}</th>" for c in rows[0])
                         + "</tr></thead>")
            rows = rows[1:]
        lines.append("<tbody>")
        lines.extend("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
        lines.append("</tbody>\n</table>")
        return "\n".join(lines)

    def render_heading(self, level: int, text: str) -> str:
        return f"<h{level}>{text}</h{level}>"

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        tag = "ol" if ordered else "ul"
        attr = f' start="{start}"' if ordered and start != 1 else ""
        body = "\n".join(f"<li>{text}</li>" for _, text in items)
        return f"<{tag}{attr}>\n{body}\n</{tag}>"

    def render_quote(self, body: str) -> str:
        return f"<blockquote>\n{body}\n</blockquote>"

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        body = "\n".join(f"<{tag}>{text}</{tag}>" if tag in ("dt", "dd") else text
                         for tag, text in entries)
        return f"<dl>\n{body}\n</dl>"

    def close_p(self, frame: Frame, parent: Frame) -> list[Piece]:
        pieces = super().close_p(frame, parent)
        for piece in pieces:
            if piece.anon:
                piece.text, piece.anon = f"<p>{piece.text}</p>", False
        return pieces

    def close_figcaption(self, frame: Frame, parent: Frame) -> list[Piece]:
        body = self.item_body(frame.pieces)
        if not body:
            return []
        return [Piece(BlockKind.PARAGRAPH, f"<figcaption>{body}</figcaption>", frame.el,
                      frame.el)]

    def close_figure(self, frame: Frame, parent: Frame) -> list[Piece]:
        body = "\n".join(t for t in map(self.block_text, frame.pieces) if t)
        if not body:
            return []
        return [Piece(BlockKind.IMAGE, f"<figure>\n{body}\n</figure>", frame.el, frame.el)]
