"""HTML tables as rectangular grids: data tables become pipe tables, layout tables don't.

A data table keeps its columns: ``colspan`` leaves the spanned cells empty, ``rowspan``
repeats the value in every row it covers (so each row, which the chunker may cut out on
its own, still says what it is about) while a copy budget proportional to the table's
own text lasts: output stays linear in the input however far a cell spans. A table whose
cells hold blocks (lists, headings, nested tables, code) is page layout, and its cells are
read as ordinary blocks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from lxml.html import HtmlElement

from mainmark.markdown.codeblocks import is_gutter
from mainmark.markdown.constants import CUT
from mainmark.markdown.rendervocab import LAYOUT_CELL_TAGS, STRONG_TAGS

TableKind = Literal["data", "layout", "code"]
#: A cell rendered once per output channel.
Cell = tuple[str, ...]
_NUMERIC = re.compile(r"[\s$€£¥%+\-−.,:/()\d]*\d[\s$€£¥%+\-−.,:/()\d]*")
_DIGITS_ONLY = re.compile(r"\s*\d+(?:\s+\d+)*\s*")


@dataclass(slots=True)
class Grid:
    """Cell strings, row-major, every row as wide as the widest; ``header`` says whether
    row 0 is a real header (``False``: the caller synthesizes one or shows none)."""

    rows: list[list[str]]
    header: bool
    #: A key/value table (infobox, spec sheet): no header of its own, none invented;
    #: every row reads ``| key | value |``.
    pairs: bool = False


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
    """A row's own cells, the removed ones left out: a nested table's cells belong to the nested
    table."""
    return [c for c in tr.iterchildren("td", "th") if c not in removed]


def classify(table: HtmlElement, removed: set[HtmlElement]) -> TableKind:
    """``code`` for a highlighter's gutter table, ``layout`` for page layout, else ``data``."""
    rows = own_rows(table, removed)
    by_row = [own_cells(tr, removed) for tr in rows]
    cells = [c for row in by_row for c in row]
    has_pre = any(True for c in cells for _ in c.iter("pre"))
    if has_pre and any(is_gutter_cell(c) for c in cells):
        return "code"
    if table.get("role") in ("presentation", "none") or not rows:
        return "layout"
    if max(map(len, by_row)) < 2 or len(rows) < 2:
        return "layout"
    if _mostly_padding(by_row, len(cells)):
        return "layout"
    headed = _headed_records(rows, removed)
    for cell in cells:
        blocks = {el.tag for el in cell.iter(*LAYOUT_CELL_TAGS)}
        if blocks and not (headed and blocks <= _RECORD_CELL_TAGS):
            return "layout"
        if not headed and _holds_page_text(cell):
            return "layout"
    return "data"


#: Blocks a cell of a headed data table may hold and stay a value of its row: a list of
#: features, a few paragraphs of description. Headings, code, nested tables and forms
#: still make the table page layout.
_RECORD_CELL_TAGS = frozenset({"ul", "ol", "dl"})


def _headed_records(rows: list[HtmlElement], removed: set[HtmlElement]) -> bool:
    """A header row of ``th`` (or a ``thead``) over at least two rows exactly as wide as it,
    no cell longer than a value: the shape of a comparison or reference table, whose
    cells may hold a list or a few paragraphs and are still one row's values. Page
    layout rarely declares column headers, and never over rows of equal width."""
    first = own_cells(rows[0], removed)
    parent = rows[0].getparent()
    in_head = parent is not None and parent.tag == "thead"
    if not first or not (in_head or all(c.tag == "th" for c in first)) or len(rows) < 3:
        return False
    width = _width(first)
    for tr in rows[1:]:
        cells = own_cells(tr, removed)
        if _width(cells) != width or any(c.get("rowspan") not in (None, "1") for c in cells):
            return False
        if any(len(c.text_content()) > CUT.record_cell_chars for c in cells):
            return False
    return True


def _mostly_padding(by_row: list[list[HtmlElement]], cells: int) -> bool:
    """A grid that would be mostly blank padding: every row is padded to the widest one
    (a header of 200 columns over rows of one cell; a row of cells each spanning a
    thousand empty rows, copied while the copy budget lasts and blank after), so the
    pipe table grows as rows times width where the markup grows as its cells."""
    widest = min(max(map(_width, by_row)), CUT.table_max_width)
    slots = widest * len(by_row)
    return slots > CUT.table_slots_floor and slots > CUT.table_slots_per_cell * cells


def _width(cells: list[HtmlElement]) -> int:
    return sum(_span(c.get("colspan"), CUT.table_max_colspan) for c in cells)


def _holds_page_text(cell: HtmlElement) -> bool:
    blocks = [c for c in cell if c.tag in ("p", "div") and c.text_content().strip()]
    if len(blocks) < 2:
        return False
    return len(blocks) >= CUT.layout_cell_blocks or len(cell.text_content()) > CUT.layout_cell_chars


def is_gutter_cell(cell: HtmlElement) -> bool:
    """A line-number column of a code table (a gutter class on it or inside it, or digits only):
    left out so only the code is kept."""
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
    budget = _CopyBudget()
    for index, tr in enumerate(rows):
        row: list[Cell] = []
        for cell in own_cells(tr, removed):
            _take_carried(row, carry, blank, budget)
            text = cell_text(cell)
            budget.read(text)
            # A span past the table's last row covers nothing: capped there.
            rowspan = min(_span(cell.get("rowspan"), CUT.table_max_rowspan), len(rows) - index)
            for k in range(_span(cell.get("colspan"), CUT.table_max_colspan)):
                if len(row) >= CUT.table_max_width:
                    break
                value = text if k == 0 or (index < heads and budget.copy(text)) else blank
                if rowspan > 1:
                    carry[len(row)] = (rowspan - 1, value)
                row.append(value)
        _take_carried(row, carry, blank, budget, to_end=True)
        grid.append(row)
    width = max((len(r) for r in grid), default=0)
    grids = [[[cell[c] for cell in row] + [""] * (width - len(row)) for row in grid]
             for c in range(channels)]
    kept = _filled_columns(grids[0], width)
    if len(kept) < width:
        grids = [[[row[col] for col in kept] for row in g] for g in grids]
        width = len(kept)
    if heads > 1:
        grids = [[_merge_header(g[:heads]), *g[heads:]] for g in grids]
    if width == 2 and _key_value(rows, removed):
        titled = len(own_cells(rows[0], removed)) == 1  # the box's name over its pairs
        return [Grid([[g[0][0], ""], *g[1:]] if titled else g, titled, True) for g in grids]
    first = own_cells(rows[0], removed) if rows else []
    header = heads > 0 or (bool(grid) and _looks_like_header(grids[0], first))
    return [Grid(g, header) for g in grids]


def _filled_columns(rows: list[list[str]], width: int) -> list[int]:
    """The columns with a value in some row, header included: an all-empty column (a
    spacer between two side-by-side tables, a trailing column for a button the page
    drew) says nothing, and in a chunk it reads as a defect. A table with no value at
    all keeps its shape (the caller drops it)."""
    kept = [col for col in range(width) if any(row[col] for row in rows)]
    return kept or list(range(width))


def _key_value(rows: list[HtmlElement], removed: set[HtmlElement]) -> bool:
    """Rows of a header cell then a data cell (after an optional title row spanning both):
    the shape of infoboxes and spec sheets, whose first row is a pair like the others."""
    pairs = 0
    for index, tr in enumerate(rows):
        cells = own_cells(tr, removed)
        if len(cells) == 1 and index == 0:
            continue  # the box's title or picture across both columns
        if len(cells) != 2 or cells[0].tag != "th" or cells[1].tag != "td":
            return False
        pairs += 1
    return pairs >= 2


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


class _CopyBudget:
    """How many characters span copies may still add: proportional to the table's own
    text, so output stays linear in the input. A cell spanning a thousand rows of a
    thousand-row table (a 208 KB page made 195 MB of markdown) is copied while the
    budget lasts; the rows past it show the spanned cell empty, as colspans do."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = CUT.table_copy_floor

    def read(self, cell: Cell) -> None:
        self.left += CUT.table_copy_factor * len(cell[0])

    def copy(self, cell: Cell) -> bool:
        """Spend one copy of ``cell``; ``False`` when the budget is spent."""
        cost = len(cell[0])
        if cost > self.left:
            return False
        self.left -= cost
        return True


def _take_carried(
    row: list[Cell], carry: dict[int, tuple[int, Cell]], blank: Cell, budget: _CopyBudget,
    to_end: bool = False,
) -> None:
    """Fill the positions that rowspans from earlier rows still cover."""
    while len(row) in carry or (to_end and any(col > len(row) for col in carry)):
        col = len(row)
        entry = carry.get(col)
        if entry is None:
            row.append(blank)
            continue
        left, value = entry
        row.append(value if budget.copy(value) else blank)
        if left > 1:
            carry[col] = (left - 1, value)
        else:
            del carry[col]


def _span(value: str | None, cap: int) -> int:
    if value and value.strip().isdigit():
        return max(1, min(cap, int(value.strip())))
    return 1


def _looks_like_header(grid: list[list[str]], cells: list[HtmlElement]) -> bool:
    """First row promoted: its cells filled (but for an empty corner over a column of
    row labels), none numeric unless a corner says the row labels columns, and either
    all bold (markup or CSS) or sitting over a column whose values are numbers, three
    in four at least (with or without a unit: "71.1 MB", "12 %"). Half is not enough:
    the value column of a spec sheet mixes numbers and words ("Ambidextrous", "4",
    "Two AA Batteries", "400"), and its first pair is a value, not a column name."""
    head = grid[0]
    if len(grid) < 2:
        return False
    body = grid[1:]
    corner = not head[0] and all(head[1:]) and _labels(body)
    if not corner and (not all(head) or any(_NUMERIC.fullmatch(h) for h in head)):
        return False
    if corner:
        return True
    filled = [c for c in cells if c.text_content().strip()]
    if filled and all(_is_bold(c) for c in filled):
        return True
    for col in range(len(head)):
        values = [row[col] for row in body if row[col]]
        numbers = sum(1 for v in values if _is_number(v))
        if values and numbers >= CUT.numeric_column_share * len(values):
            return True
    return False


#: A number followed by a short unit: "71.1 MB", "4000 mAh", "20 min", "12 %".
_MEASURE = re.compile(r"[~≈<>±]?\s*[-+−]?\d[\d.,\s]*\s*[^\W\d_]{1,4}\.?|[-+−]?\d[\d.,]*\s*[%°‰]")


def _is_number(value: str) -> bool:
    return bool(_NUMERIC.fullmatch(value) or _MEASURE.fullmatch(value.strip()))


def _labels(body: list[list[str]]) -> bool:
    """The first column names the rows: filled, and mostly words, not numbers."""
    first = [row[0] for row in body]
    return all(first) and sum(1 for v in first if _is_number(v)) * 2 < len(first)


_CSS_BOLD = re.compile(r"font-weight\s*:\s*(?:bold(?:er)?|[6-9]00)", re.IGNORECASE)


def _is_bold(cell: HtmlElement) -> bool:
    """Bold through markup, or through an inline style on the cell, its row or the one
    element that holds its text (exports from spreadsheets and page builders)."""
    text = cell.text_content().strip()
    if not text:
        return False
    if any(_CSS_BOLD.search(el.get("style") or "") for el in _style_carriers(cell)):
        return True
    # All its words bold, in one ``<strong>`` or several ("**Average Cost** **per Click**").
    bold = "".join(b.text_content() for b in cell.iter(*STRONG_TAGS) if _outermost(b, cell))
    return "".join(bold.split()) == "".join(text.split())


def _outermost(el: HtmlElement, cell: HtmlElement) -> bool:
    """No bold element between ``el`` and its cell (its text is not counted twice)."""
    for up in el.iterancestors():
        if up is cell:
            return True
        if up.tag in STRONG_TAGS:
            return False
    return True


def _style_carriers(cell: HtmlElement) -> list[HtmlElement]:
    out = [cell]
    row = cell.getparent()
    if row is not None:
        out.append(row)
    kids = [c for c in cell if isinstance(c.tag, str)]
    if len(kids) == 1 and kids[0].text_content().strip() == cell.text_content().strip():
        out.append(kids[0])
    return out


def pipe_table(grid: Grid) -> str:
    """GitHub pipe table. A table without a header gets an empty header row: GFM needs
    one, and an invented ``Column 1 | Column 2`` would be words the page never said (in
    every chunk's text and embedding), while promoting a data row would call a value a
    column name."""
    rows = grid.rows
    if grid.header:
        head, body = [_unbold(cell) for cell in rows[0]], rows[1:]
    else:
        head, body = [""] * len(rows[0]), rows
    lines = [_pipe_row(head), "| " + " | ".join(["---"] * len(head)) + " |"]
    lines.extend(_pipe_row(row) for row in body)
    return "\n".join(lines)


def _unbold(cell: str) -> str:
    """Header cells are bold already; ``**Name**`` there is noise, and so are the
    markers of a name bolded in parts (``**Average Cost** **per Click**``)."""
    if _ALL_BOLD.fullmatch(cell):
        return cell.replace("**", "")
    return cell


_ALL_BOLD = re.compile(r"\*\*[^*]+\*\*(?:\s*\*\*[^*]+\*\*)*")


def _pipe_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def pipe_cell(markdown: str) -> str:
    """A cell's markdown on one line with its pipes escaped."""
    text = markdown.replace("\\|", "|").replace("|", "\\|")
    return "<br>".join(part.strip() for part in text.split("\n") if part.strip())
