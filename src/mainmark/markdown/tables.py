"""HTML tables as rectangular grids: data tables become pipe tables, layout tables don't.

A data table keeps its columns: ``colspan`` leaves the spanned cells empty, ``rowspan``
repeats the value in every row it covers (so each row, which the chunker may cut out on
its own, still says what it is about). A table whose cells hold blocks (lists, headings,
nested tables, code) is page layout, and its cells are read as ordinary blocks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from lxml.html import HtmlElement

from mainmark.markdown.codeblocks import is_gutter
from mainmark.markdown.rendervocab import LAYOUT_CELL_TAGS, STRONG_TAGS

TableKind = Literal["data", "layout", "code"]
#: A cell rendered once per output channel.
Cell = tuple[str, ...]
_MAX_COLSPAN = 100
_MAX_ROWSPAN = 1000
_MAX_WIDTH = 200
_NUMERIC = re.compile(r"[\s$€£¥%+\-−.,:/()\d]*\d[\s$€£¥%+\-−.,:/()\d]*")
_DIGITS_ONLY = re.compile(r"\s*\d+(?:\s+\d+)*\s*")


@dataclass(slots=True)
class Grid:
    """Cell strings, row-major, every row as wide as the widest; ``header`` says whether
    row 0 is a real header (``False``: the caller synthesizes one or shows none)."""

    rows: list[list[str]]
    header: bool


def own_rows(table: HtmlElement, removed: set[HtmlElement]) -> list[HtmlElement]:
    """The rows of this table (not of tables nested in it): thead first, tfoot last."""
    head: list[HtmlElement] = []
    body: list[HtmlElement] = []
    foot: list[HtmlElement] = []
    for child in table.iterchildren("thead", "tbody", "tfoot", "tr"):
        if child in removed:
            continue
        if child.tag == "tr":
            body.append(child)
            continue
        bucket = head if child.tag == "thead" else foot if child.tag == "tfoot" else body
        bucket.extend(tr for tr in child.iterchildren("tr") if tr not in removed)
    return head + body + foot


def own_cells(tr: HtmlElement, removed: set[HtmlElement]) -> list[HtmlElement]:
    return [c for c in tr.iterchildren("td", "th") if c not in removed]


def classify(table: HtmlElement, removed: set[HtmlElement]) -> TableKind:
    """``code`` for a highlighter's gutter table, ``layout`` for page layout, else ``data``."""
    rows = own_rows(table, removed)
    cells = [c for tr in rows for c in own_cells(tr, removed)]
    has_pre = any(True for c in cells for _ in c.iter("pre"))
    if has_pre and any(is_gutter_cell(c) for c in cells):
        return "code"
    if table.get("role") in ("presentation", "none") or not rows:
        return "layout"
    if max(len(own_cells(tr, removed)) for tr in rows) < 2 or len(rows) < 2:
        return "layout"
    for cell in cells:
        if any(True for _ in cell.iter(*LAYOUT_CELL_TAGS)):
            return "layout"
        if sum(1 for c in cell if c.tag in ("p", "div") and c.text_content().strip()) > 1:
            return "layout"
    return "data"


def is_gutter_cell(cell: HtmlElement) -> bool:
    if is_gutter(cell) or any(is_gutter(el) for el in cell.iterdescendants("div", "pre")):
        return True
    return bool(_DIGITS_ONLY.fullmatch(cell.text_content()))


def build_grids(
    table: HtmlElement,
    removed: set[HtmlElement],
    cell_text: Callable[[HtmlElement], Cell],
    channels: int,
) -> list[Grid]:
    """Expand spans into a rectangle and decide whether row 0 is a header, once for
    every channel ``cell_text`` renders a cell in (the first channel decides the header).

    Several header rows (a group header over its columns) merge into one, column by
    column ("2023 H1", "2023 H2"), which is the only header a pipe table can have.
    """
    rows = own_rows(table, removed)
    heads = _head_rows(rows, removed)
    grid: list[list[Cell]] = []
    carry: dict[int, tuple[int, Cell]] = {}  # column -> (rows still covered, cell)
    blank: Cell = ("",) * channels
    for index, tr in enumerate(rows):
        row: list[Cell] = []
        for cell in own_cells(tr, removed):
            _take_carried(row, carry, blank)
            text = cell_text(cell)
            rowspan = _span(cell.get("rowspan"), _MAX_ROWSPAN)
            for k in range(_span(cell.get("colspan"), _MAX_COLSPAN)):
                if len(row) >= _MAX_WIDTH:
                    break
                value = text if k == 0 or index < heads else blank
                if rowspan > 1:
                    carry[len(row)] = (rowspan - 1, value)
                row.append(value)
        _take_carried(row, carry, blank, to_end=True)
        grid.append(row)
    width = max((len(r) for r in grid), default=0)
    grids = [[[cell[c] for cell in row] + [""] * (width - len(row)) for row in grid]
             for c in range(channels)]
    if heads > 1:
        grids = [[_merge_header(g[:heads]), *g[heads:]] for g in grids]
    first = own_cells(rows[0], removed) if rows else []
    header = heads > 0 or (bool(grid) and _looks_like_header(grids[0], first))
    return [Grid(g, header) for g in grids]


def _head_rows(rows: list[HtmlElement], removed: set[HtmlElement]) -> int:
    """How many leading rows are header rows (in ``thead``, or all ``th``)."""
    count = 0
    for tr in rows:
        parent = tr.getparent()
        cells = own_cells(tr, removed)
        if not (parent is not None and parent.tag == "thead") and not (
            cells and all(c.tag == "th" for c in cells)
        ):
            break
        count += 1
    return count if count < len(rows) else min(count, 1)


def _merge_header(rows: list[list[str]]) -> list[str]:
    merged = []
    for column in zip(*rows, strict=False):
        words: list[str] = []
        for value in column:
            if value and (not words or words[-1] != value):
                words.append(value)
        merged.append(" ".join(words))
    return merged


def _take_carried(
    row: list[Cell], carry: dict[int, tuple[int, Cell]], blank: Cell, to_end: bool = False
) -> None:
    """Fill the positions that rowspans from earlier rows still cover."""
    while len(row) in carry or (to_end and any(col > len(row) for col in carry)):
        col = len(row)
        entry = carry.get(col)
        if entry is None:
            row.append(blank)
            continue
        left, value = entry
        row.append(value)
        if left > 1:
            carry[col] = (left - 1, value)
        else:
            del carry[col]


def _span(value: str | None, cap: int) -> int:
    if value and value.strip().isdigit():
        return max(1, min(cap, int(value.strip())))
    return 1


def _looks_like_header(grid: list[list[str]], cells: list[HtmlElement]) -> bool:
    """First row promoted: all its cells filled, none numeric, and either all bold or
    sitting over a column whose values are mostly numbers."""
    head = grid[0]
    if len(grid) < 2 or not all(head) or any(_NUMERIC.fullmatch(h) for h in head):
        return False
    if cells and all(_is_bold(c) for c in cells):
        return True
    body = grid[1:]
    for col in range(len(head)):
        values = [row[col] for row in body if row[col]]
        if values and sum(1 for v in values if _NUMERIC.fullmatch(v)) * 2 >= len(values):
            return True
    return False


def _is_bold(cell: HtmlElement) -> bool:
    text = cell.text_content().strip()
    return bool(text) and any(
        b.text_content().strip() == text for b in cell.iter(*STRONG_TAGS)
    )


def pipe_table(grid: Grid) -> str:
    """GitHub pipe table; a synthesized ``Column n`` header when the table has none."""
    rows = grid.rows
    if grid.header:
        head, body = [_unbold(cell) for cell in rows[0]], rows[1:]
    else:
        head, body = [f"Column {i + 1}" for i in range(len(rows[0]))], rows
    lines = [_pipe_row(head), "| " + " | ".join(["---"] * len(head)) + " |"]
    lines.extend(_pipe_row(row) for row in body)
    return "\n".join(lines)


def _unbold(cell: str) -> str:
    """Header cells are bold already; ``**Name**`` there is noise."""
    if len(cell) > 4 and cell.startswith("**") and cell.endswith("**") and "**" not in cell[2:-2]:
        return cell[2:-2]
    return cell


def _pipe_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def pipe_cell(markdown: str) -> str:
    """A cell's markdown on one line with its pipes escaped."""
    text = markdown.replace("\\|", "|").replace("|", "\\|")
    return "<br>".join(part.strip() for part in text.split("\n") if part.strip())
