"""``docs/scale.md`` lists every discard reason exactly as the code has them.

The table between the ``discard-reasons`` markers is parsed and compared with the
:class:`~mainmark.ingest.records.Reason` enum, in order, so a reason added to the code
without its line in the docs (or the reverse) fails here rather than surprising users.
"""

from __future__ import annotations

import re
from pathlib import Path

from mainmark.ingest.records import Reason

_DOC = Path(__file__).resolve().parent.parent / "docs" / "scale.md"


def _documented() -> dict[str, str]:
    text = _DOC.read_text(encoding="utf-8")
    table = text.split("<!-- discard-reasons:start -->", 1)[1]
    table = table.split("<!-- discard-reasons:end -->", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| (.+) \|$", table, flags=re.MULTILINE)
    return dict(rows)


def test_the_docs_list_every_reason_of_the_code_in_its_order() -> None:
    assert list(_documented()) == [r.value for r in Reason]


def test_a_bad_json_line_is_documented_as_bad_line() -> None:
    documented = _documented()
    assert "JSONL line that is not a JSON object" in documented["bad_line"]
    assert not re.search(r"bad JSON|invalid JSON", documented["decode_error"])
