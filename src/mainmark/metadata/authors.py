"""Author names out of bylines and metadata values.

A byline is prose: "By Jane Doe and John Roe, Staff Writers | Updated 3 May 2021".
A citation needs the names only, so the cleaning drops e-mail addresses, URLs and
handles; HTML entities are decoded; the text is cut into segments at bars,
bullets, dashes and brackets, and each segment into names at commas, semicolons,
ampersands and the words "and"/"und"/"et". Each name loses its lead-in ("By",
"Von", "Posted by", "Text:", "View all posts by"), a trailing date phrase ("am
Samstag", "on Monday") and "and 3 more"; a part that is a date, or only role and
notice words ("Staff Writer", "Redakteurin", "Updated"), is no name at all.

A value that does not look like a name (a sentence, a URL, a number, "admin")
is dropped rather than kept as a wrong author: no author is better than a wrong
one in a citation. Text found in the DOM is held to a stricter shape (at most
four words, all capitalised but for name particles) than metadata values, since
prose near a headline can start with "By" or "Von" too.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable

from mainmark.metadata.constants import CUT
from mainmark.metadata.dates import MONTH_NAMES
from mainmark.page.textnorm import drop_invisible
from mainmark.vocabulary import bylines

_WS = re.compile(r"\s+")
_EMAIL = re.compile(r"\S+@\S+\.\w+|\S+\[at\]\S+")
_URL = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_HANDLE = re.compile(r"(?<!\w)@\w+")
#: What kind of text a byline introduces: "ein Gastbeitrag", "a guest post", "Kolumne".
#: Shared with the header-line byline detector (:mod:`mainmark.metadata.headline_dom`).
TEXT_KIND = (
    r"(?:(?:ein|eine|a|an|un|une)\s+)?(?:(?:blog|gast|guest)[\s-]?)?"
    r"(?:beitrag|post|artikel|kommentar|commentary|analyse|analysis|essay|column|kolumne|bericht|"
    r"report|review|rezension|reportage)"
)
_LEAD_VERBS = (
    rf"{TEXT_KIND}|"
    r"written|posted|published|reported|text|story|words|photos?|interview|article|"
    r"ein\s+beitrag|beitrag|veröffentlicht|erstellt|geschrieben|verfasst|eingestellt|"
    r"publié|écrit|publicado|escrito|pubblicato|scritto|gepubliceerd|geschreven"
)
_LEAD_IN = re.compile(
    rf"^(?:(?:{_LEAD_VERBS})\s+)?(?:on\s+)?"
    r"(?:by|from|von|vom|par|por|door|av|af|od|"
    r"(?:text|texte|autor|autorin|author|auteur|autore|redaktion|interview|fotos?|photos?"
    r"|by|von|par|por)\s*:|"
    r"autor|autorin|author|auteur|autore|written)\s+",
    re.IGNORECASE,
)
_LEAD_IN_LOWER = re.compile(r"^(?:di|de|da)\s+(?=[A-ZÀ-Ý])")
# Link texts of author pages: "View all posts by Jane Doe", "Alle Beiträge von Max Muster".
_POSTS_BY = re.compile(
    r"^(?:(?:view|see|show|zeige|alle|all|more|mehr|weitere|plus)\s+)*"
    r"(?:posts|articles|beiträge|artikel|stories|texte|entries)\s+(?:by|von|de|par|of)\s+",
    re.IGNORECASE,
)
# "Posted on 21 September 2020 by Jane Doe": the name follows the last "by" after a date.
_LATE_BY = re.compile(r"^(.*\S)\s+(?:by|von|par|por|door)\s+(?=\S)", re.IGNORECASE)
# Bars, bullets and spaced dashes end the name part of a byline ("Jane Doe | 3 May 2021").
_SEGMENT = re.compile(r"\s*(?:[|•·/\n\t()\[\]]|\s[-–—]\s)\s*")
_NAME_SPLIT = re.compile(r"\s*(?:[,;&+]|\b(?:and|und|et)\b)\s*", re.IGNORECASE)
_HAS_DIGIT = re.compile(r"\d")
# "Jane Doe (Pressesprecherin)": brackets after a name hold a role or an affiliation.
_PARENTHESES = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_ANDMORE = re.compile(r"\s*(?:\d+\s+)?(?:more|others?|weitere|mehr)\s*$", re.IGNORECASE)
_WEEKDAYS = "|".join(bylines.WEEKDAYS.order)
_DATE_TAIL = re.compile(rf"\s+(?:(?:am|on|le|el|il|op)\s+)?(?:{_WEEKDAYS})\b.*$", re.IGNORECASE)
# "Jane Doe am 29.12.2010", "by jdoe on August 3, 2019", "Von R. R. am": a date phrase (or
# its preposition alone) closing the byline.
_DATED_TAIL = re.compile(
    rf"\s+(?:(?i:am|on|le|el|il|op|vom|du|del)\s+(?:\d|(?i:{MONTH_NAMES})\b).*|(?:am|on))$"
)
# "Tomas Muster Fr, 18. Oktober 2019": an abbreviated weekday before the date's comma.
_WEEKDAY_ABBR = re.compile(
    r"\s+(?:mo|di|mi|do|fr|sa|so|mon|tue|wed|thu|fri|sat|sun)\.?(?=,\s*\d)", re.IGNORECASE
)
# "Posted by Jane Doe at 18:52", "Max Muster um 9.30 Uhr": a clock time closing the byline.
_TIME_TAIL = re.compile(
    r"\s+(?:at|um|à|a\s+las|alle|om|o)\s+\d{1,2}(?:[:.h]\d{2})?\s*(?:uhr|h|am|pm|a\.m\.|p\.m\.)?\s*$",
    re.IGNORECASE,
)

#: Words that make a part a role or a notice when it has nothing else, the small words
#: beside them ("Posted on", "Mis à jour le") and weekdays, full and abbreviated (a
#: byline's date part read on its own: "Thursday", "Fr"); labelled in the registry.
_ROLE_WORDS = bylines.ROLE_WORDS.entries
_FILLER_WORDS = bylines.FILLER_WORDS.entries
_DAY_WORDS = bylines.WEEKDAYS.entries | bylines.WEEKDAY_ABBR.entries
#: Lowercase particles inside names ("Ludwig van Beethoven", "Juan de la Cruz").
_PARTICLES = frozenset(
    [
        "von",
        "van",
        "der",
        "den",
        "de",
        "la",
        "le",
        "du",
        "da",
        "di",
        "dos",
        "del",
        "zu",
        "ter",
        "ten",
        "bin",
        "al",
        "y",
        "v.",
    ]
)
#: Degree and honorific suffixes given as their own comma part ("Jane Doe, PhD").
_SUFFIXES = frozenset(
    [
        "phd",
        "ph.d",
        "md",
        "m.d",
        "msc",
        "ma",
        "ba",
        "mba",
        "bsc",
        "jr",
        "jr.",
        "sr",
        "sr.",
        "e.v.",
        "e.",
        "v.",
        "v.",
    ]
)
#: Values CMSs emit when nobody filled the author field (labelled in the registry).
_PLACEHOLDERS = bylines.PLACEHOLDER.entries


def clean_authors(
    values: Iterable[str], *, strict: bool = False, handles: bool = False
) -> tuple[str, ...]:
    """Names from ``values`` (bylines or metadata values), deduplicated, in order.

    ``strict`` is for text read off the page rather than a metadata field; ``handles``
    also accepts user names ("c1ph4", "Bo2man") where markup says the text is the author
    (``rel=author``, an author box), which the personal-name rules would reject for digits.
    """
    names: dict[str, str] = {}
    for value in values:
        for name in _names_in(value, strict, handles):
            names.setdefault(name.casefold(), name)
    return tuple(names.values())


def _names_in(value: str, strict: bool, handles: bool = False) -> list[str]:
    if not isinstance(value, str):
        return []
    text = unicodedata.normalize("NFC", drop_invisible(html.unescape(value[: CUT.max_byline * 3])))
    text = _EMAIL.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _HANDLE.sub(" ", text)
    text = _PARENTHESES.sub(" | ", text)
    text = _WS.sub(" ", text).strip()[:CUT.max_byline]
    out: list[str] = []
    for segment in _SEGMENT.split(text):
        segment = _after_notice(_strip_lead_in(segment.strip(" :,-")))
        segment = _ANDMORE.sub("", _without_weekday(segment))
        for part in _NAME_SPLIT.split(segment):
            name = _strip_lead_in(part.strip(" :,-–—'\"“”<>"))
            name = _TIME_TAIL.sub("", _DATED_TAIL.sub("", _DATE_TAIL.sub("", name)))
            if name and (
                (not _is_notice(name) and _is_name(name, strict))
                or (handles and is_handle(name))
            ):
                out.append(name)
    return out


#: A user name: one token of word characters, dots and dashes ("lulug30", "jane.doe").
_USER_NAME = re.compile(r"^[^\W_][\w.\-]{1,39}$")
_LETTERS = re.compile(r"[^\W\d_]")


def is_handle(text: str) -> bool:
    """A user name rather than a person's name: one token, digits allowed, not a placeholder."""
    return (
        bool(_USER_NAME.match(text))
        and len(_LETTERS.findall(text)) >= 2
        and text.casefold() not in _PLACEHOLDERS | _ROLE_WORDS | _DAY_WORDS
    )


def _without_weekday(segment: str) -> str:
    """``segment`` without an abbreviated weekday after a full name ("Tomas Muster Fr, 18.
    Oktober"); a two-word name keeps its last word ("Anh Do, 3.4.2020")."""
    match = _WEEKDAY_ABBR.search(segment)
    if match is None or len(segment[: match.start()].split()) < 2:
        return segment
    return segment[: match.start()] + segment[match.end() :]


def _strip_lead_in(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = _POSTS_BY.sub("", text, count=1).strip()
        text = _LEAD_IN.sub("", text, count=1).strip()
        text = _LEAD_IN_LOWER.sub("", text, count=1).strip()
    return text


def _after_notice(segment: str) -> str:
    """The names after "by" when what precedes it is a date or a notice, not a name."""
    match = _LATE_BY.match(segment)
    if match is None:
        return segment
    head = match[1]
    if _HAS_DIGIT.search(head) or _is_notice(head) or _DATE_TAIL.search(" " + head):
        return segment[match.end() :]
    return segment


def _is_notice(part: str) -> bool:
    """A date, or role and notice words only ("Staff Writer", "Posted on", "Thursday")."""
    if _HAS_DIGIT.search(part):
        return True
    words = {w.strip(".:,").casefold() for w in part.split()}
    return words <= _ROLE_WORDS | _FILLER_WORDS | _DAY_WORDS


def _is_name(name: str, strict: bool) -> bool:
    if not name or len(name) > CUT.author_name_max or len(name) < 2:
        return False
    folded = name.casefold()
    if folded in _PLACEHOLDERS or folded in _SUFFIXES or folded.strip(".") in _SUFFIXES:
        return False
    if _HAS_DIGIT.search(name) or not any(ch.isalpha() for ch in name):
        return False
    words = name.split()
    content = [w for w in words if w.casefold() not in _PARTICLES]
    most = CUT.author_max_words_strict if strict else CUT.author_max_words
    if not content or len(content) > most:
        return False
    if len(words) == 1:
        return True
    capitalised = sum(1 for w in content if w[:1].isupper())
    if strict:
        return capitalised == len(content)
    # A phrase, not a name: most words uncapitalised (name particles aside).
    return capitalised * 2 >= len(content)
