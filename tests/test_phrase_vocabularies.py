"""Every phrase of the registry's phrase families is matched by the regex its module
builds, applied the way the module applies it.

The registry test matches each entry's example against the entry alone; the module wraps
the family in its own grammar (a whole heading, the start of a block, whole words, a
bracket or a colon around it), and an entry that the grammar can never let through (a
phrase ending in a colon inside a family that adds its own) would be a rule that does
nothing. Each case here is the module's compiled regex, how it is called, and the text
the module hands it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from mainmark.content import furniture, prune, vocab
from mainmark.metadata import headline_dom, headline_lines
from mainmark.pagekind import markup
from mainmark.vocabulary import REGISTRY, Match, bylines, pagekinds, phrases, texts
from mainmark.vocabulary.registry import Vocabulary

_Read = Callable[[str], object]


def _whole(pattern: re.Pattern[str]) -> _Read:
    return pattern.fullmatch


#: Each phrase family, the module's reader and how it frames an example.
_READERS: dict[str, tuple[Vocabulary, _Read, Callable[[str], str]]] = {
    "toc_label": (phrases.TOC_LABEL, _whole(furniture._TOC_LABEL), str),
    "skip_link": (phrases.SKIP_LINK, _whole(furniture._SKIP_TEXT), str),
    "control_caption": (phrases.CONTROL_CAPTION, _whole(furniture._CONTROL_CAPTION),
                        lambda t: f"{t}:"),
    "edit_link": (phrases.EDIT_LINK, _whole(furniture._EDIT_TEXT), lambda t: f"[ {t} ]"),
    "chrome_heading": (phrases.CHROME_HEADING, _whole(furniture._CHROME_HEADING), str),
    "comment_heading": (phrases.COMMENT_HEADING, _whole(furniture._COMMENT_HEADING),
                        lambda t: f"12 {t} (12)"),
    "credit_sign": (phrases.CREDIT_SIGN, prune._CREDIT.match, lambda t: f"({t})"),
    "credit_label": (phrases.CREDIT_LABEL, prune._CREDIT.match, lambda t: f"{t}: dpa"),
    "reader_prompt": (phrases.READER_PROMPT, vocab.READER_PROMPT.match, lambda t: f"» {t}"),
    "publisher_notice": (phrases.PUBLISHER_NOTICE, vocab.PUBLISHER_NOTICE.match,
                         lambda t: f"* {t}"),
    "modified_line": (bylines.MODIFIED_LINE, headline_lines.MODIFIED_LINE.search,
                      lambda t: f"3 May 2021 · {t} 4 May"),
    "member_since": (bylines.MEMBER_SINCE, headline_dom._MEMBER_SINCE.search,
                     lambda t: f"{t}: 18.09.2008"),
    "kind_cart": (pagekinds.CART, markup._CART.search, lambda t: f"zq {t} zq"),
    "slide_noun": (texts.SLIDE_NOUN, vocab.SLIDE_COUNTER.fullmatch, lambda t: f"{t} 1 of 8"),
    "slide_of": (texts.SLIDE_OF, vocab.SLIDE_COUNTER.fullmatch,
                 lambda t: f"1 {t} 8" if t[0].isalpha() else t),
}
_CASES = [(name, entry) for name, (v, _, _) in _READERS.items() for entry in v.order]


def test_every_phrase_family_has_a_reader_here() -> None:
    assert {v.name for v in REGISTRY if v.match is Match.PATTERN} == set(_READERS)


@pytest.mark.parametrize(("name", "entry"), _CASES, ids=[f"{n}:{e}" for n, e in _CASES])
def test_the_module_regex_matches_every_phrase(name: str, entry: str) -> None:
    vocabulary, read, frame = _READERS[name]
    assert read(frame(vocabulary.example(entry))), entry


@pytest.mark.parametrize("name", list(_READERS))
def test_a_family_does_not_match_everything(name: str) -> None:
    _, read, frame = _READERS[name]
    assert not read(frame("zq zq zq"))
