"""Date strings to ISO 8601, and the ambiguity rule for numeric dates."""

from __future__ import annotations

import pytest

from mainmark.metadata.dates import parse_date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2019-10-16T06:00:00+02:00", "2019-10-16T06:00:00+02:00"),
        ("2019-10-16T06:00:00.000Z", "2019-10-16T06:00:00+00:00"),
        ("2019-10-16 06:00", "2019-10-16T06:00:00"),
        ("2019-10-16", "2019-10-16"),
        ("20191016", "2019-10-16"),
        ("Wed, 16 Oct 2019 06:00:00 GMT", "2019-10-16T06:00:00+00:00"),
        ("16.10.2019, 14:00 Uhr", "2019-10-16T14:00:00"),
        ("16.10.19", "2019-10-16"),
        ("16. Oktober 2019", "2019-10-16"),
        ("October 16, 2019", "2019-10-16"),
        ("Oct. 16th 2019", "2019-10-16"),
        ("16 de octubre de 2019", "2019-10-16"),
        ("1er mars 2020", "2020-03-01"),
        ("Veröffentlicht am 2019-10-16", "2019-10-16"),
        ("2019/10/16", "2019-10-16"),
        ("25/12/2020", "2020-12-25"),
        ("12/25/2020", "2020-12-25"),
    ],
)
def test_forms(text: str, expected: str) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en-US", "2020-03-04"),
        ("de", "2020-04-03"),
        ("fr-FR", "2020-04-03"),
        ("en-GB", "2020-04-03"),
        ("en", None),
        (None, None),
        ("ja", None),
    ],
)
def test_ambiguous_slash_dates_follow_the_page_locale(
    language: str | None, expected: str | None
) -> None:
    assert parse_date("03/04/2020", language) == expected


def test_dotted_dates_are_day_first_everywhere() -> None:
    assert parse_date("03.04.2020", "en-US") == "2020-04-03"


@pytest.mark.parametrize(
    "text", ["yesterday", "vor 3 Tagen", "", "31.02.2020", "1850-01-01", "x" * 5000]
)
def test_not_guessed(text: str) -> None:
    assert parse_date(text) is None


def test_invalid_offset_is_dropped_not_invented() -> None:
    assert parse_date("2020-01-02T03:04:05+99:00") == "2020-01-02T03:04:05"
