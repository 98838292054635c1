"""The markdown stage's cut-offs, in one table with the reason beside each value.

Rendering judges little: which table is data and which is page layout, which link text
is a heading's permalink, where a code block's chrome ends. Most of its numbers bound
the work a hostile page can cause (spans, nesting, copies); the table says which.

Every module of the stage reads its numbers here (``CUT.name``); ``docs/constants.md``
is generated from this table (``benchmarks/constants_table.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmark.cutoffs import Origin, cutoff


@dataclass(frozen=True, slots=True)
class MarkdownCutoffs:
    """Every number the markdown stage compares against (read it as ``CUT``)."""

    # -------------------------------------------------- codeblocks.py
    code_chrome_max_elements: int = cutoff(4, "elements",
        "Chrome beside a code block (a language label, a copy button) is at most this many "
        "elements...")
    code_chrome_max_chars: int = cutoff(24, "chars",
        "...each of at most this many characters.")
    code_language_max_chars: int = cutoff(30, "chars",
        "A code block's language name (from a class such as ``language-python``) is at most this "
        "long; a longer word is no language.")

    # -------------------------------------------------- provenance.py
    provenance_ancestor_levels: int = cutoff(64, "levels",
        "How far up a block's first and last elements are followed to their common ancestor.",
        Origin.BOUND,
        "Keeps the walk bounded on deeply nested pages.")
    link_lookahead: int = cutoff(8, "links",
        "How many collected links an anchor is matched against: the links of an anchor the "
        "markdown kept but the HTML channel did not (or the reverse, code spans) are skipped.",
        Origin.BOUND,
        "Keeps matching linear in the number of links.")

    # ------------------------------------------------------ render.py
    span_min_chars: int = cutoff(128, "chars",
        "A block's markdown at least this long is kept as a span of the document's markdown, not "
        "a copy: shorter, the span object and its two offsets cost more than the string.",
        Origin.BOUND,
        "Memory: measured on the benchmark's big pages, not a judgement on content.")
    defer_mean_chars: int = cutoff(256, "chars",
        "Blocks this long on average are joined on first read, not at once: a list of them costs "
        "little more than their join, and the join then never coexists with them (at a big page's "
        "peak). A list of short blocks costs twice their join: joined at once.",
        Origin.BOUND,
        "Memory: measured on the benchmark's big pages, not a judgement on content.")
    headline_window: int = cutoff(3, "blocks",
        "The headline is looked for among this many leading blocks.")

    # ------------------------------------------------------ tables.py
    table_max_colspan: int = cutoff(100, "columns",
        "A ``colspan`` past this is read as this: a hostile or broken table cannot widen a row "
        "without end.",
        Origin.BOUND,
        "The HTML standard clamps colspan at 1000; no data table the benchmark holds spans a "
        "hundred columns.")
    table_max_rowspan: int = cutoff(1000, "rows",
        "A ``rowspan`` past this is read as this (and a span past the table's last row covers "
        "nothing).",
        Origin.BOUND,
        "The HTML standard clamps rowspan at 65534; a thousand rows is past any real span.")
    table_max_width: int = cutoff(200, "columns",
        "A row stops growing at this many cells.",
        Origin.BOUND,
        "Keeps rendering linear in the input.")
    record_cell_chars: int = cutoff(1500, "chars",
        "A cell longer than this is a page column, whatever header sits over it.")
    layout_cell_chars: int = cutoff(400, "chars",
        "A cell of several paragraphs is a layout cell only when it holds this much text: a data "
        "cell with two short ``<p>`` (a note and a remark, a CMS wrapping each line) is still one "
        "value, a page column is not.")
    layout_cell_blocks: int = cutoff(3, "blocks",
        "A cell of several paragraphs is a layout cell when it holds this many of them (or "
        "``layout_cell_chars`` of text).")
    table_slots_per_cell: int = cutoff(8, "grid slots per cell",
        "A table whose grid (rows times its widest row) has more than this many slots for "
        "each cell it holds...",
        Origin.BOUND,
        "Keeps output linear in the input: a header of 200 columns over rows of one cell "
        "padded every row to 200 (a 154 KB page made 19 MB of markdown and HTML).")
    table_slots_floor: int = cutoff(10000, "grid slots",
        "...and more than this many slots in all is mostly padding: read as page layout, its "
        "cells as blocks.",
        Origin.BOUND,
        "Lets small ragged tables stay tables whatever their shape.")
    table_copy_factor: int = cutoff(4, "times the table's chars",
        "Spanned cells are copied while the copies add at most this many times the table's own "
        "characters...",
        Origin.BOUND,
        "Keeps output linear in the input: a 208 KB page once made 195 MB of markdown.")
    table_copy_floor: int = cutoff(20000, "chars",
        "...plus this floor, for short tables whose few spanned labels repeat down many rows.",
        Origin.BOUND,
        "Keeps output linear in the input while short tables repeat their few spanned labels.")
    numeric_column_share: float = cutoff(0.75, "share",
        "A table whose column holds at least this share of numbers (\"71.1 MB\", \"12 %\") under "
        "a header row is data, its first row a header.")

    # ----------------------------------------------------- convert.py
    max_marker_depth: int = cutoff(32, "levels",
        "Nesting of quotes, lists and definitions past which markers stop being added.",
        Origin.BOUND,
        "Each level prefixes every line: a hostile page nesting 100,000 of them would cost "
        "quadratic time.")
    permalink_max_chars: int = cutoff(2, "chars",
        "A heading's own anchor (\"#\", \"¶\", \"🔗\" linking to itself) shows at most this many "
        "characters, none a letter or digit: decoration, not text.")
    list_start_max_digits: int = cutoff(10, "chars",
        "An ``<ol start>`` of this many characters or more is no list a reader numbers: it is "
        "read as 1.",
        Origin.BOUND)


    # --------------------------------------------------- imagetext.py
    icon_max_px: int = cutoff(
        24, "px",
        "An image no larger than this on both declared sides is an icon, not a picture.")
    image_near_levels: int = cutoff(
        4, "levels",
        "How far up from an image its neighbourhood reaches (a caption box, an avatar's post "
        "header, a logo's card; not the whole section)...")
    image_near_max_chars: int = cutoff(
        600, "chars",
        "...and how much text that neighbourhood may hold.")
    image_figure_levels: int = cutoff(
        4, "levels",
        "A ``<figure>``'s caption is looked for this many levels up (as the alt stand-in is).")
    image_caption_cover: float = cutoff(
        0.8, "share",
        "The share of an alt's words its figure's caption must hold for the alt to be the "
        "caption.")

#: The markdown stage reads its numbers from this one instance.
CUT = MarkdownCutoffs()
