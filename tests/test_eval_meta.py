"""Metadata agreement scoring: the bench README's comparison rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import pytest

from mainmark.model import Metadata
from mainmark_eval.meta import (
    agreement,
    author_set,
    day_of,
    normalize_title,
    score_rd_metadata,
    score_tr_metadata,
    score_wx_metadata,
)


def test_title_comparison_is_nfc_whitespace_and_case_insensitive() -> None:
    assert normalize_title("  Cafe\u0301   DU\tMonde ") == normalize_title("café du monde")
    assert normalize_title("Straße") == normalize_title("STRASSE")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Jane Doe and John Roe", "John Roe, Jane Doe"),
        ("A; B & C", ["c", "b", "a"]),
        ("Max Muster und Erika Muster", "erika muster, max muster"),
    ],
)
def test_author_sets_ignore_order_case_and_separator(a: object, b: object) -> None:
    assert author_set(a) == author_set(b)


def test_author_names_containing_and_are_not_split_inside_words() -> None:
    assert author_set("Anderson Sanders") == frozenset({"anderson sanders"})


def test_dates_compare_by_day_and_pad_short_fields() -> None:
    assert day_of("2022-11-1") == "2022-11-01"
    assert day_of("2019-10-16T23:59:00+02:00") == "2019-10-16"
    assert day_of("October 2019") is None


def test_score_tr_entry() -> None:
    entry = {
        "title": "Budget Talks  Stall",
        "author": "Jane Doe und John Roe",
        "date": "2021-03-04",
    }
    meta = Metadata(
        title="budget talks stall",
        author=("John Roe", "Jane Doe"),
        published="2021-03-04T10:00:00+01:00",
    )
    assert score_tr_metadata(entry, meta) == {"title": True, "author": True, "date": True}


def test_score_tr_disagreement_and_missing_output() -> None:
    entry = {"title": "A", "author": "Jane Doe", "date": "2021-03-04"}
    meta = Metadata(title="B", author=("Jane Doe", "Extra Name"), published=None)
    assert score_tr_metadata(entry, meta) == {"title": False, "author": False, "date": False}


@pytest.mark.parametrize("blank", [None, "", [], "   "])
def test_unannotated_or_blank_fields_are_not_scored(blank: object) -> None:
    entry = {"title": blank, "author": blank, "date": blank}
    assert score_tr_metadata(entry, Metadata(title="x")) == {
        "title": None,
        "author": None,
        "date": None,
    }


def test_score_rd_uses_byline_and_published_time() -> None:
    expected = {
        "title": "Hello",
        "byline": "By Jane",
        "publishedTime": "2018-04-05T06:00",
        "lang": "en",
    }
    meta = Metadata(title="hello", author=("By Jane",), published="2018-04-05")
    assert score_rd_metadata(expected, meta) == {"title": True, "author": True, "date": True}
    assert score_rd_metadata({"title": "x"}, meta)["date"] is None


def test_score_wx_reads_the_ground_truth_fields() -> None:
    truth = {"title": "Top Trends  for Fall", "author": "Andrew King",
             "publish_date": "2025-09-04", "main_content": "..."}
    meta = Metadata(title="top trends for fall", author=("andrew king",),
                    published="2025-09-04T08:00:00Z")
    assert score_wx_metadata(truth, meta) == {"title": True, "author": True, "date": True}
    # A month-only annotation has no day to agree with.
    assert score_wx_metadata({"publish_date": "2025-09"}, meta)["date"] is False
    assert score_wx_metadata({"author": None}, meta)["author"] is None


def test_an_author_annotation_of_no_name_cannot_be_matched() -> None:
    assert score_tr_metadata({"author": " and "}, Metadata())["author"] is False


def test_agreement_counts_hits_over_annotated_pages() -> None:
    scores = [
        {"title": True, "date": None},
        {"title": False, "date": True},
        {"title": True, "date": False},
    ]
    assert agreement(cast("list[Mapping[str, bool | None]]", scores)) == {
        "title": (2, 3), "date": (1, 2)}
