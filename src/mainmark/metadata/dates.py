"""Date strings as pages write them, to ISO 8601.

What is parsed: ISO 8601 and its common sloppy forms (``2019-10-16 06:00``,
``2019-10-16T06:00:00.000Z``, ``20191016``), RFC 2822 (``Wed, 16 Oct 2019 06:00:00
GMT``), numeric day-month-year with dots (``16.10.2019``), slashes or dashes, and
written months in English, German, French, Spanish, Italian, Dutch, Portuguese and
Polish (``16. Oktober 2019``, ``October 16, 2019``, ``16 de octubre de 2019``).

The output keeps what the page gave and nothing more: a date-only input gives
``YYYY-MM-DD``; a time gives ``YYYY-MM-DDTHH:MM:SS``; a timezone is kept as an
offset (``+02:00``, ``Z`` as ``+00:00``). Nothing is converted to UTC, since that
would move the day for late-evening publications.

Ambiguity rule: ``03/04/2020`` (both leading numbers 12 or below, separated by
slashes or dashes) is read month-first only when the page language is ``en-US``
(or another month-first locale) and day-first when the page language is any
other language with a known convention; for plain ``en`` or no language, it is
not guessed and gives ``None``. Dots always mean day-first (``03.04.2020`` is
3 April in every locale that writes dotted dates). Relative dates ("yesterday",
"vor 2 Stunden") are never resolved: there is no trustworthy reference time.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mainmark.metadata.constants import CUT

_ISO = re.compile(
    r"^\s*(\d{4})-?(\d{2})-?(\d{2})"
    r"(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*"
    r"(Z|UTC|GMT|[+-]\d{2}:?\d{2}|[+-]\d{2})?)?",
    re.IGNORECASE,
)
_YMD = re.compile(r"(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)")
_NUMERIC = re.compile(r"(?<![\d.])(\d{1,2})([./-])\s?(\d{1,2})\2\s?(\d{4}|\d{2})(?![\d])")
_TIME = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?::(\d{2}))?(?!\d)")
_TZ_TAIL = re.compile(r"(?:\s|^)(Z|UTC|GMT|[+-]\d{2}:?\d{2})\b", re.IGNORECASE)

# Month names and their common abbreviations, lowercased, accents kept.
_MONTHS: dict[str, int] = {}
_MONTH_NAMES = (
    (
        "january jan januar jänner jän janvier janv enero ene gennaio genn gen januari "
        "janeiro styczeń stycznia sty"
    ),
    (
        "february feb februar feber février févr fevrier febrero febbraio februari "
        "fevereiro fev luty lutego lut"
    ),
    "march mar märz maerz mrz mars marzo maart março marco marca marzec mär",
    "april apr avril avr abril aprile kwiecień kwietnia kwi",
    "may mai mayo maggio mei maio maj maja",
    "june jun juni juin junio giugno giu junho czerwiec czerwca cze",
    "july jul juli juillet juil julio luglio lug julho lipiec lipca lip",
    ("august aug août aout agosto ago augustus sierpień sierpnia sie"),
    ("september sep sept septembre septiembre settembre set setembro wrzesień września wrz"),
    "october oct oktober okt octobre octubre ottobre ott outubro out październik października paź",
    ("november nov novembre noviembre novembro listopad listopada lis"),
    (
        "december dec dezember dez décembre decembre déc diciembre dic dicembre "
        "dezembro grudzień grudnia gru"
    ),
)
for _number, _names in enumerate(_MONTH_NAMES, start=1):
    for _name in _names.split():
        _MONTHS.setdefault(_name, _number)
_MONTH_ALT = "|".join(sorted((re.escape(m) for m in _MONTHS), key=len, reverse=True))
#: The month names and abbreviations above as one regex alternation, for other modules'
#: patterns (a byline's date tail).
MONTH_NAMES = _MONTH_ALT
# "16. Oktober 2019", "16 October 2019", "16 de octubre de 2019", "1er mars 2020"
_DAY_MONTH = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?:de\s+)?({_MONTH_ALT})\.?,?\s+(?:de\s+)?(\d{{4}})(?!\d)",
    re.IGNORECASE,
)
# "October 16, 2019", "Oct. 16th 2019"
_MONTH_DAY = re.compile(
    rf"(?<![^\W\d])({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})(?!\d)",
    re.IGNORECASE,
)

#: Languages (primary subtags) whose numeric dates put the month first.
_MONTH_FIRST_REGIONS = frozenset({"us", "ph", "fm", "mh", "pw"})


def parse_date(text: str, language: str | None = None) -> str | None:
    """The ISO 8601 form of the first full date in ``text``, or ``None``."""
    if not isinstance(text, str):
        return None
    text = text.strip()[:CUT.date_max_input]
    if not text:
        return None
    iso = _parse_iso(text)
    if iso is not None:
        return iso
    found = _parse_loose(text, language)
    if found is None:
        return None
    day, start = found
    return day + _time_suffix(text[start:])


def _parse_iso(text: str) -> str | None:
    match = _ISO.match(text)
    if match is None:
        return None
    year, month, day, hour, minute, second, tz = match.groups()
    out = _ymd(int(year), int(month), int(day))
    if out is None or hour is None:
        return out
    if int(hour) > 23 or int(minute) > 59 or (second is not None and int(second) > 59):
        return out
    return out + f"T{int(hour):02d}:{minute}:{second or '00'}" + _offset(tz)


def _offset(tz: str | None) -> str:
    if not tz:
        return ""
    tz = tz.upper()
    if tz in ("Z", "UTC", "GMT"):
        return "+00:00"
    digits = tz[1:].replace(":", "")
    if len(digits) == 2:
        digits += "00"
    if int(digits[:2]) > 14 or int(digits[2:]) > 59:
        return ""
    return f"{tz[0]}{digits[:2]}:{digits[2:]}"


def _ymd(year: int, month: int, day: int) -> str | None:
    if not CUT.min_year <= year <= CUT.max_year:
        return None
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def _parse_loose(text: str, language: str | None) -> tuple[str, int] | None:
    """The earliest date written in ``text`` and where it ends."""
    found: list[tuple[int, str, int]] = []
    for match in _DAY_MONTH.finditer(text):
        out = _ymd(int(match[3]), _MONTHS[match[2].lower()], int(match[1]))
        if out:
            found.append((match.start(), out, match.end()))
            break
    for match in _MONTH_DAY.finditer(text):
        out = _ymd(int(match[3]), _MONTHS[match[1].lower()], int(match[2]))
        if out:
            found.append((match.start(), out, match.end()))
            break
    for match in _YMD.finditer(text):
        out = _ymd(int(match[1]), int(match[3]), int(match[4]))
        if out:
            found.append((match.start(), out, match.end()))
            break
    for match in _NUMERIC.finditer(text):
        out = _numeric(match, language)
        if out:
            found.append((match.start(), out, match.end()))
            break
    if not found:
        return None
    _, out, end = min(found)
    return out, end


def _numeric(match: re.Match[str], language: str | None) -> str | None:
    first, sep, second, year_text = int(match[1]), match[2], int(match[3]), match[4]
    year = int(year_text)
    if len(year_text) == 2:
        # Two-digit years only with dots ("16.10.19"), the German and Central European habit.
        if sep != ".":
            return None
        year += 2000
    if sep == ".":
        return _ymd(year, second, first)
    if first > 12 >= second:
        return _ymd(year, second, first)
    if second > 12 >= first:
        return _ymd(year, first, second)
    order = _numeric_order(language)
    if order == "mdy":
        return _ymd(year, first, second)
    if order == "dmy":
        return _ymd(year, second, first)
    return None


def _numeric_order(language: str | None) -> str | None:
    """``mdy``, ``dmy`` or ``None`` (undecided) for slash dates under ``language``."""
    if not language:
        return None
    parts = language.lower().replace("_", "-").split("-")
    primary = parts[0]
    region = parts[1] if len(parts) > 1 else ""
    if region in _MONTH_FIRST_REGIONS:
        return "mdy"
    if primary == "en" and not region:
        return None
    if primary in ("zh", "ja", "ko", "hu", "lt", "mn"):
        return None  # year-first locales: a d/m/y form there is foreign and unclear
    return "dmy"


def _time_suffix(rest: str) -> str:
    """``THH:MM:SS[offset]`` when a clock time follows the date closely."""
    match = _TIME.search(rest[:20])
    if match is None:
        return ""
    hour, minute, second = int(match[1]), int(match[2]), int(match[3] or 0)
    if hour > 23 or minute > 59 or second > 59:
        return ""
    tz = _TZ_TAIL.search(rest[match.end() : match.end() + 8])
    return f"T{hour:02d}:{minute:02d}:{second:02d}" + _offset(tz[1] if tz else None)


# ---- local day of a UTC stamp ------------------------------------------------------------
#: Regions (BCP 47 region subtags) that keep one civil time zone, and that zone.
_REGION_ZONES = {
    "de": "Europe/Berlin", "at": "Europe/Vienna", "ch": "Europe/Zurich", "li": "Europe/Vaduz",
    "lu": "Europe/Luxembourg", "fr": "Europe/Paris", "be": "Europe/Brussels",
    "nl": "Europe/Amsterdam", "it": "Europe/Rome", "es": "Europe/Madrid", "gb": "Europe/London",
    "ie": "Europe/Dublin", "pl": "Europe/Warsaw", "cz": "Europe/Prague",
    "sk": "Europe/Bratislava", "hu": "Europe/Budapest", "dk": "Europe/Copenhagen",
    "se": "Europe/Stockholm", "no": "Europe/Oslo", "fi": "Europe/Helsinki",
    "gr": "Europe/Athens", "ro": "Europe/Bucharest", "bg": "Europe/Sofia",
    "hr": "Europe/Zagreb", "si": "Europe/Ljubljana", "rs": "Europe/Belgrade",
    "tr": "Europe/Istanbul", "ua": "Europe/Kyiv", "jp": "Asia/Tokyo", "kr": "Asia/Seoul",
    "cn": "Asia/Shanghai", "tw": "Asia/Taipei", "hk": "Asia/Hong_Kong", "in": "Asia/Kolkata",
    "il": "Asia/Jerusalem", "co": "America/Bogota", "pe": "America/Lima",
    "ve": "America/Caracas", "bo": "America/La_Paz", "ar": "America/Argentina/Buenos_Aires",
    "cl": "America/Santiago", "uy": "America/Montevideo", "py": "America/Asuncion",
    "ec": "America/Guayaquil", "za": "Africa/Johannesburg", "nz": "Pacific/Auckland",
}  # fmt: skip
#: Languages whose web is (nearly) all in one time zone, so a page in them is local there.
#: Left out on purpose: en, es, pt, ru, ar, zh: their pages are written across continents
#: and zones. French is kept: France writes most of the French web.
_LANGUAGE_ZONES = {
    "de": "Europe/Berlin", "fr": "Europe/Paris", "it": "Europe/Rome", "nl": "Europe/Amsterdam",
    "pl": "Europe/Warsaw", "cs": "Europe/Prague", "sk": "Europe/Bratislava",
    "hu": "Europe/Budapest", "da": "Europe/Copenhagen", "sv": "Europe/Stockholm",
    "nb": "Europe/Oslo", "nn": "Europe/Oslo", "no": "Europe/Oslo", "fi": "Europe/Helsinki",
    "el": "Europe/Athens", "ro": "Europe/Bucharest", "bg": "Europe/Sofia",
    "hr": "Europe/Zagreb", "sl": "Europe/Ljubljana", "tr": "Europe/Istanbul",
    "ja": "Asia/Tokyo", "ko": "Asia/Seoul", "he": "Asia/Jerusalem",
}  # fmt: skip
_UTC_STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\+00:00$")


def local_zone(language: str | None) -> str | None:
    """The IANA zone a page in ``language`` is local to, when the tag settles it.

    A region subtag names the country (``es-BO``: La Paz); without one, only
    languages spoken in a single zone count (``de``: Central European time).
    ``en`` or ``es`` alone, or a region spanning zones (``US``, ``BR``), give ``None``.
    """
    if not language:
        return None
    parts = language.lower().replace("_", "-").split("-")
    regions = [p for p in parts[1:] if len(p) == 2]
    if regions:
        return _REGION_ZONES.get(regions[0])
    return _LANGUAGE_ZONES.get(parts[0])


def localize(stamp: str, language: str | None) -> str:
    """A UTC stamp (``…+00:00``) as the page's local time, when its zone is known.

    CMSs store and print publication times in UTC; the day a reader in the page's
    country saw ("2020-05-19T23:30:00Z" is the 20th in Berlin) is the one a citation
    needs. Stamps with another offset are already local; midnight UTC is a date-only
    value serialised as a time, and moving it would shift the day it names.
    """
    match = _UTC_STAMP.match(stamp)
    zone_name = local_zone(language)
    if match is None or zone_name is None or match.group(2, 3, 4) == ("00", "00", "00"):
        return stamp
    try:
        zone = ZoneInfo(zone_name)
        moment = datetime.fromisoformat(stamp)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return stamp
    return moment.astimezone(zone).isoformat()
