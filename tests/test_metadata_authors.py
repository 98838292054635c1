"""Byline cleaning: names only, no lead-ins, dates, roles, e-mails or tails."""

from __future__ import annotations

import pytest

from mainmark.metadata.authors import clean_authors


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("By Jane Doe and John Roe, Staff Writers | Updated 3 May 2021", ("Jane Doe", "John Roe")),
        ("Von Heike Buchter, 16. Oktober 2019", ("Heike Buchter",)),
        ("View all posts by Daniel Example", ("Daniel Example",)),
        ("Alle Beiträge von Petra Muster", ("Petra Muster",)),
        ("Posted on September 21, 2020 by Adi Example", ("Adi Example",)),
        ("Redaktion: Eberhard Muster (Pressesprecher)", ("Eberhard Muster",)),
        ("Jane Doe <jane@example.org>", ("Jane Doe",)),
        ("Jane Doe, PhD", ("Jane Doe",)),
        ("Jane Doe and 3 more", ("Jane Doe",)),
        ("Jane Doe am Samstag", ("Jane Doe",)),
        ("Redacci&oacute;n Central", ("Redacción Central",)),
        ("Ludwig van Beethoven", ("Ludwig van Beethoven",)),
        ("Perry Bacon Jr.", ("Perry Bacon Jr.",)),
        ("Ann; Bob & Cy", ("Ann", "Bob", "Cy")),
        ("Redaktion", ("Redaktion",)),
        ("Von R. R. am", ("R. R.",)),
        ("Jane Doe am 29.12.2010, 13:36 Uhr", ("Jane Doe",)),
        ("by jdoe on August 3, 2019", ("jdoe",)),
        ("Von Tomas Muster Fr, 18. Oktober 2019", ("Tomas Muster",)),
        ("Anh Do, 3.4.2020", ("Anh Do",)),
        ("By: Mia Example on 4 Aug 2021", ("Mia Example",)),
        ("Posted By: Kim", ("Kim",)),
        ("Audiophile On", ("Audiophile On",)),
    ],
)
def test_cleaning(raw: str, names: tuple[str, ...]) -> None:
    assert clean_authors([raw]) == names


@pytest.mark.parametrize(
    "raw", ["admin", "https://example.org/u/jane", "12345", "Staff Writer", "Posted on", ""]
)
def test_not_names(raw: str) -> None:
    assert clean_authors([raw]) == ()


def test_duplicates_across_values_are_merged() -> None:
    assert clean_authors(["Jane Doe", "jane doe", "John Roe"]) == ("Jane Doe", "John Roe")


def test_strict_mode_rejects_prose_that_starts_like_a_byline() -> None:
    assert clean_authors(["von Atemschutzmaske über Exit-Strategie"], strict=True) == ()
    assert clean_authors(["By Jane Doe"], strict=True) == ("Jane Doe",)


def test_user_names_only_where_markup_says_author() -> None:
    assert clean_authors(["Author: Bo2man am 29.12.2010"], strict=True) == ()
    assert clean_authors(["Author: Bo2man am 29.12.2010"], strict=True, handles=True) == (
        "Bo2man",
    )
    assert clean_authors(["12.03.2020"], strict=True, handles=True) == ()
    assert clean_authors(["Staff"], strict=True, handles=True) == ()
