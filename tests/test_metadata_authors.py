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
