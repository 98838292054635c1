"""The page-kind classifier on real pages with their chrome (WCXB, CC-BY-4.0).

``tests/pages/wcxb`` holds two pages of each of the seven kinds, so a fresh clone tests
the shipped model file, the feature code it was trained with and the pipeline wiring on
real markup. The model file's features must be the code's (a retrain is needed when
``FEATURES`` changes), and selection must act on the kind the model is sure of.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mainmark import extract
from mainmark.model import PageType
from mainmark.pagekind import decide
from mainmark.pagekind.features import FEATURES
from mainmark.pagekind.model import ModelFileError, parse_model, shipped_model

PAGES = Path(__file__).resolve().parent / "pages" / "wcxb"
KINDS = json.loads((PAGES / "pages.json").read_text(encoding="utf-8"))


def _page(page_id: str) -> tuple[bytes, str]:
    html = gzip.decompress((PAGES / f"{page_id}.html.gz").read_bytes())
    url = json.loads((PAGES / f"{page_id}.json").read_text(encoding="utf-8"))["url"]
    return html, url


@pytest.mark.parametrize("page_id", sorted(KINDS))
def test_real_page_gets_its_kind(page_id: str) -> None:
    html, url = _page(page_id)
    meta = extract(html, url=url).metadata
    assert meta.page_type is PageType(KINDS[page_id]["page_type"])
    assert meta.page_type_confidence is not None and 0.5 <= meta.page_type_confidence <= 1


def test_every_kind_is_covered() -> None:
    assert {v["page_type"] for v in KINDS.values()} == {k.value for k in PageType}


def test_probabilities_sum_to_one_over_every_kind() -> None:
    html, url = _page("0536")
    from mainmark.pipeline import understand

    kind = decide.classify(*understand(html, url=url))
    assert set(kind.probabilities) == set(PageType)
    assert abs(sum(kind.probabilities.values()) - 1.0) < 1e-9
    assert kind.confidence == max(kind.probabilities.values())


def test_the_shipped_model_names_this_codes_features() -> None:
    assert len(shipped_model().weights) == len(FEATURES)


def test_a_model_file_with_other_features_is_refused() -> None:
    data = json.loads((Path(decide.__file__).parent / "model.json").read_text("utf-8"))
    data["features"] = data["features"][:-1]
    with pytest.raises(ModelFileError):
        parse_model(data)
    with pytest.raises(ModelFileError):
        parse_model({"format": "something else"})


@pytest.mark.parametrize("kind", list(PageType))
def test_selection_follows_the_kinds_behaviour(kind: PageType) -> None:
    verdict = decide.PageKind(kind, 0.4, {kind: 0.4})
    assert verdict.behaviour is decide.BEHAVIOURS[kind]
