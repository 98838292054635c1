"""How each channel writes a structural decision down: markdown, plain text, clean HTML.

The walk (:mod:`mainmark.markdown.walk`) and the converter
(:mod:`mainmark.markdown.convert`) decide what is a block, a table, a list item, code; a
:class:`Syntax` only turns a finished decision into its channel's text. Keeping the
decisions in one place is what keeps the three outputs carrying the same content;
keeping them out of the per-text-node path is what lets one walk feed all three channels
cheaply.
"""

from __future__ import annotations

from html import escape as html_escape
from typing import NamedTuple

from mainmark.markdown.codeblocks import fence
from mainmark.markdown.links import markdown_target
from mainmark.markdown.tables import Grid, pipe_cell, pipe_table
from mainmark.markdown.walk import Piece
from mainmark.model import BlockKind

#: Markdown escapes inside an image's alt text (``[``/``]`` would end the link text).
_ALT_ESCAPES = str.maketrans({"\\": "\\\\", "[": "\\[", "]": "\\]"})


class Syntax:
    """Markdown: the master channel, whose blocks index ``Document.markdown``."""

    item_gap = "\n\n"

    def raw(self, piece: Piece) -> str:
        """The piece's text in this channel, as the converter left it."""
        return piece.markdown

    def block_text(self, piece: Piece) -> str:
        """A piece as it stands among blocks (the HTML channel wraps anonymous runs)."""
        return self.raw(piece)

    def item_body(self, pieces: list[Piece]) -> str:
        """Blocks of one list item; a nested list follows its text without a blank line."""
        out = ""
        prev: Piece | None = None
        for piece in pieces:
            text = self.block_text(piece)
            if not text:
                continue
            if prev is not None:
                tight = piece.kind == BlockKind.LIST or prev.kind == BlockKind.LIST
                out += "\n" if tight else self.item_gap
            out += text
            prev = piece
        return out

    def render_image(self, alt: str, src: str) -> str:
        """An image (the text channel shows none)."""
        return f"![{alt.translate(_ALT_ESCAPES)}]({markdown_target(src)})"

    def render_rule(self) -> str:
        """A thematic break (the text channel shows none)."""
        return "---"

    def render_code(self, code: str, language: str | None) -> str:
        """A code block, its code byte for byte (a fence long enough for it)."""
        return fence(code, language)

    def render_cell(self, text: str) -> str:
        """One table cell's content, on one line."""
        return pipe_cell(text)

    def render_table(self, grid: Grid) -> str:
        """A table from its cell grid (the first row is the header when ``grid.header``)."""
        return pipe_table(grid)

    def render_heading(self, level: int, text: str) -> str:
        """A heading of ``level`` (1-6)."""
        return "#" * level + " " + text

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        """A list of ``(is_item, body)`` entries, numbered from ``start`` when ``ordered``."""
        lines = []
        number = start
        for _, body in items:
            if body:
                lines.append(bullet(f"{number}." if ordered else "-", body))
            number += 1
        return "\n".join(lines)

    def render_quote(self, body: str) -> str:
        """A block quote around ``body``."""
        return "\n".join("> " + line if line else ">" for line in body.split("\n"))

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        """A definition list of ``(tag, text)`` entries (``dt``, ``dd`` or a block)."""
        out = ""
        prev = ""
        for tag, text in entries:
            sep = "\n" if (tag == "dd" or prev == "dt") and prev in ("dt", "dd") else "\n\n"
            if tag == "dd" and text.startswith(("```", "~~~", "$$")):
                # ``: ```` opens no code block in CommonMark (the fence must start its
                # line): a definition that opens with code is that code, on its own; so
                # is a displayed formula (MediaWiki indents each one in a ``<dd>``).
                sep, tag = "\n\n", "code"
            elif tag == "dd":
                text = ": " + "\n".join(f"  {line}" if line else ""
                                         for line in text.split("\n")).lstrip()
            out += (sep if out else "") + text
            prev = tag
        return out


def bullet(marker: str, body: str) -> str:
    """``body`` as a list item: marker on the first line, later lines indented under it."""
    pad = " " * (len(marker) + 1)
    lines = body.split("\n")
    rest = [pad + line if line else "" for line in lines[1:]]
    return "\n".join([f"{marker} {lines[0]}".rstrip(), *rest])


class TextSyntax(Syntax):
    """Text as a reader sees it: no markup, table rows as tab-separated lines, code
    verbatim, no images or rules."""

    item_gap = "\n"

    def raw(self, piece: Piece) -> str:
        """The piece's plain text."""
        return piece.text

    def render_image(self, alt: str, src: str) -> str:
        """Nothing: a reader of the text sees no picture (the alt text is no sentence)."""
        return ""

    def render_rule(self) -> str:
        """Nothing: a rule is layout."""
        return ""

    def render_code(self, code: str, language: str | None) -> str:
        """The code itself, unfenced and unchanged."""
        return code

    def render_cell(self, text: str) -> str:
        """The cell's words on one line."""
        return " ".join(text.split())

    def render_table(self, grid: Grid) -> str:
        """One line per row, cells separated by tabs."""
        return "\n".join("\t".join(row) for row in grid.rows)

    def render_heading(self, level: int, text: str) -> str:
        """The heading's words, without a marker."""
        return text

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        """One line per item, without markers."""
        return "\n".join(body for _, body in items if body)

    def render_quote(self, body: str) -> str:
        """The quoted text, without markers."""
        return body

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        """The entries' texts (terms, definitions), one per line, without markers."""
        return "\n".join(text for _, text in entries if text)


class HtmlSyntax(Syntax):
    """Clean HTML: semantic tags only, no class, style or id, absolute URLs."""

    def raw(self, piece: Piece) -> str:
        """The piece's clean HTML, as the converter left it (an anonymous run unwrapped)."""
        return piece.html

    def block_text(self, piece: Piece) -> str:
        """The piece among blocks: an anonymous inline run gets its ``<p>``."""
        html = piece.html
        return f"<p>{html}</p>" if piece.hanon and html else html

    def item_body(self, pieces: list[Piece]) -> str:
        """A list item's blocks; a lone inline run stays unwrapped (``<li>text</li>``)."""
        if len(pieces) == 1 and pieces[0].hanon:
            return pieces[0].html
        return "\n".join(t for t in map(self.block_text, pieces) if t)

    def render_image(self, alt: str, src: str) -> str:
        """An ``<img>`` with its absolute source and alt text."""
        return f'<img src="{html_escape(src)}" alt="{html_escape(alt)}">'

    def render_rule(self) -> str:
        """An ``<hr>``."""
        return "<hr>"

    def render_code(self, code: str, language: str | None) -> str:
        """A ``<pre><code>`` block, the language as ``data-language``."""
        attr = f' data-language="{html_escape(language)}"' if language else ""
        return f"<pre{attr}><code>{html_escape(code, quote=False)}</code></pre>"

    def render_cell(self, text: str) -> str:
        """The cell's HTML as it is (its ``<td>`` comes with the table)."""
        return text

    def render_table(self, grid: Grid) -> str:
        """A ``<table>`` with a ``<thead>`` when the grid has a header row."""
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
        """An ``<hN>`` element."""
        return f"<h{level}>{text}</h{level}>"

    def render_list(self, items: list[tuple[bool, str]], ordered: bool, start: int) -> str:
        """A ``<ul>``, or an ``<ol>`` with ``start`` when it does not start at 1."""
        tag = "ol" if ordered else "ul"
        attr = f' start="{start}"' if ordered and start != 1 else ""
        body = "\n".join(f"<li>{text}</li>" for _, text in items)
        return f"<{tag}{attr}>\n{body}\n</{tag}>"

    def render_quote(self, body: str) -> str:
        """A ``<blockquote>`` (nothing for an empty body)."""
        return f"<blockquote>\n{body}\n</blockquote>" if body else ""

    def render_definitions(self, entries: list[tuple[str, str]]) -> str:
        """A ``<dl>`` of ``<dt>``/``<dd>`` entries."""
        body = "\n".join(f"<{tag}>{text}</{tag}>" if tag in ("dt", "dd") else text
                         for tag, text in entries)
        return f"<dl>\n{body}\n</dl>"


class Syntaxes(NamedTuple):
    """One :class:`Syntax` per channel, by name and in channel order (the order of a
    :data:`~mainmark.markdown.walk.Tri` and of a :class:`Piece`'s ``out``), so a
    converter builds a block's three texts with one comprehension over them."""

    markdown: Syntax
    text: Syntax
    html: Syntax


SYNTAXES = Syntaxes(Syntax(), TextSyntax(), HtmlSyntax())
