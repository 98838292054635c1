"""Every byline notice word of the registry is read as a notice by the author cleaner, and
every author placeholder is refused as a name.

A byline part made of role, notice and weekday words ("Staff Writer", "Posted on",
"Aktualisiert", "Fr") names nobody; the registry test matches each entry against its
vocabulary's reference matcher, this one asks :mod:`mainmark.metadata.authors` itself,
which splits a part on white space, casefolds each word and strips ``.:,``.
"""

from __future__ import annotations

import pytest

from mainmark.metadata import authors
from mainmark.vocabulary import bylines

_NOTICE = sorted(bylines.ROLE_WORDS.entries | bylines.FILLER_WORDS.entries
                 | bylines.WEEKDAYS.entries | bylines.WEEKDAY_ABBR.entries)


@pytest.mark.parametrize("word", _NOTICE)
def test_a_notice_word_makes_a_notice(word: str) -> None:
    assert authors._is_notice(f"{word.capitalize()}:")
    assert not authors._is_notice(f"{word.capitalize()} Zqzq")


@pytest.mark.parametrize("day", bylines.WEEKDAYS.order)
def test_a_weekday_closes_a_byline(day: str) -> None:
    assert authors._DATE_TAIL.sub("", f"Jane Roe {day.capitalize()}, 3 May") == "Jane Roe"


def test_the_authors_cleaner_drops_a_notice() -> None:
    assert authors.clean_authors(["Staff Writer"]) == ()
    assert authors.clean_authors(["Jane Roe"]) == ("Jane Roe",)


@pytest.mark.parametrize("value", sorted(bylines.PLACEHOLDER.entries))
def test_a_placeholder_is_no_name(value: str) -> None:
    assert not authors._is_name(value.title(), False)
    assert authors._is_name(f"Zq{value.replace(' ', '').replace('/', '')}", False)
