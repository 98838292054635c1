"""Row and column spans keep the markdown linear in the input (issue 40.8).

A cell copied into every row its ``rowspan`` covers turned a 208 KB page into 195 MB of
markdown. Copies now come out of a budget proportional to the table's own text, and a
span past the table's last row covers nothing.
"""

from __future__ import annotations

import time

import mainmark

OPTS = mainmark.Options(chunking=False)


def _table(rows: str) -> bytes:
    return (f"<html><body><article><h1>Tide tables</h1><table>{rows}</table>"
            "</article></body></html>").encode()


def test_huge_rowspans_stay_linear() -> None:
    cell = "Spring tide warning for the harbour mouth and the outer quay " * 3
    spanning = "".join(f"<td rowspan='1000000'>{cell}{j}</td>" for j in range(100))
    rows = "".join(f"<tr><td>{i}</td></tr>" for i in range(1000))
    html = _table(f"<tr><th>Note</th></tr><tr>{spanning}</tr>{rows}")
    start = time.process_time()
    doc = mainmark.extract(html, options=OPTS)
    assert time.process_time() - start < 10
    assert len(doc.markdown) < 20 * len(html), (len(html), len(doc.markdown))


def test_huge_colspans_in_header_rows_stay_linear() -> None:
    head = "".join(f"<th colspan='100'>{'Quarter results by region ' * 8}{j}</th>"
                   for j in range(200))
    rows = "".join(f"<tr><td>{i}</td><td>x</td></tr>" for i in range(2000))
    html = _table(f"<thead><tr>{head}</tr><tr>{head}</tr></thead>{rows}")
    doc = mainmark.extract(html, options=OPTS)
    assert len(doc.markdown) < 20 * len(html), (len(html), len(doc.markdown))


def test_a_short_rowspan_is_still_repeated() -> None:
    rows = ("<tr><th>Day</th><th>Tide</th></tr>"
            "<tr><td rowspan='3'>Monday</td><td>06:10</td></tr>"
            "<tr><td>12:25</td></tr><tr><td>18:40</td></tr>")
    doc = mainmark.extract(_table(rows), options=OPTS)
    assert "| Monday | 06:10 |" in doc.markdown
    assert "| Monday | 18:40 |" in doc.markdown


def test_a_wide_header_over_rows_of_one_cell_is_not_padded_into_every_row() -> None:
    # Every row of a grid is padded to the widest: 200 header cells over 3,000 rows of one
    # cell made an 82 KB page into 1.8 MB of markdown and 5.5 MB of HTML. Mostly padding,
    # the table is read as layout, and every value is still there.
    head = "".join(f"<th>c{j}</th>" for j in range(200))
    rows = "".join(f"<tr><td>tide {i}</td></tr>" for i in range(3000))
    html = _table(f"<tr>{head}</tr>{rows}")
    doc = mainmark.extract(html, options=OPTS)
    assert len(doc.markdown) + len(doc.html) < 4 * len(html), (len(html), len(doc.markdown))
    assert "c199" in doc.text and "tide 2999" in doc.text


def test_a_row_of_cells_spanning_a_thousand_empty_rows_is_not_a_grid() -> None:
    spanning = "".join(f"<td rowspan='1000'>v{j}</td>" for j in range(200))
    html = _table(f"<tr>{spanning}</tr>" + "<tr></tr>" * 1000)
    doc = mainmark.extract(html, options=OPTS)
    assert len(doc.markdown) + len(doc.html) < 4 * len(html), (len(html), len(doc.markdown))
    assert "v0" in doc.text and "v199" in doc.text


def test_a_small_ragged_table_stays_a_table() -> None:
    rows = ("<tr><th>Day</th><th>High</th><th>Low</th><th>Range</th><th>Note</th></tr>"
            + "".join(f"<tr><td>Day {i}</td><td>06:{i:02d}</td></tr>" for i in range(40)))
    doc = mainmark.extract(_table(rows), options=OPTS)
    assert "| Day | High | Low | Range | Note |" in doc.markdown
    assert "| Day 39 | 06:39 |  |  |  |" in doc.markdown
