"""Pages that are not the page: bot checks, and content that is only page chrome.

A crawler that is challenged gets a short page saying so ("Let us know you're not a
robot", "Checking your browser before accessing ...", "Just a moment..."); a
client-rendered page fetched without its scripts can render to nothing but its "Skip to
main content" link. Both extract to a few words, which a batch would keep as a document
and a RAG index would answer from. :func:`verdict` tells them apart from a short real
page by a mechanism, never by site: **little text** (at most :data:`MAX_WORDS` words of
markdown) **and** the wording of a challenge, weighed from :data:`CHALLENGE` (a
sentence only a bot check says weighs :data:`ENOUGH` alone; a word an article about
captchas might use needs a second sign), or text that is nothing but :data:`CHROME`.

The vocabularies are data: each entry says whose wording it is (``generic`` for wording
several vendors or sites use, ``vendor`` for one product's standard page) and what
page it exists for. The ``<title>`` counts as text of the page here: Cloudflare's
challenge says "Just a moment..." only there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: A page with more words than this is content, whatever it says about robots.
MAX_WORDS = 80
#: The weight of challenge wording that makes a short page a bot check.
ENOUGH = 2

#: The warning ``extract()`` gives a bot-check page, before the evidence.
INTERSTITIAL = "bot-check interstitial"
#: The warning ``extract()`` gives a page whose only text is chrome.
CHROME_ONLY = "only page chrome"


@dataclass(frozen=True, slots=True)
class Sign:
    """One phrase of a vocabulary, matched as whole words, case-insensitively."""

    phrase: str
    weight: int
    scope: str  # "generic" | "vendor"
    why: str  # the page it exists for


CHALLENGE: tuple[Sign, ...] = (
    Sign("not a robot", 2, "generic", "DataDome / PerimeterX: 'Let us know you're not a robot'"),
    Sign("are you a robot", 2, "generic", "challenge headings"),
    Sign("are you a human", 2, "generic", "challenge headings"),
    Sign("confirm you are a human", 2, "generic", "PerimeterX press-and-hold"),
    Sign("verify you are human", 2, "generic", "Cloudflare Turnstile, hCaptcha pages"),
    Sign("verifying you are human", 2, "generic", "Cloudflare managed challenge"),
    Sign("press & hold", 2, "vendor", "PerimeterX / HUMAN press-and-hold button"),
    Sign("press and hold", 2, "vendor", "PerimeterX / HUMAN press-and-hold button"),
    Sign("checking your browser", 2, "generic", "Cloudflare (older), DDoS-Guard, Sucuri"),
    Sign("checking if the site connection is secure", 2, "vendor", "Cloudflare challenge"),
    Sign("needs to review the security of your connection", 2, "vendor",
         "Cloudflare challenge"),
    Sign("just a moment", 1, "vendor", "Cloudflare challenge <title> (a short note may say it)"),
    Sign("attention required", 1, "vendor", "Cloudflare block page <title>"),
    Sign("enable javascript and cookies to continue", 2, "generic",
         "Cloudflare, Akamai challenges without scripts"),
    Sign("pardon our interruption", 2, "vendor", "Imperva / Distil block page"),
    Sign("request unsuccessful", 1, "vendor", "Imperva Incapsula block page"),
    Sign("unusual traffic", 2, "generic", "Google-style 'unusual traffic from your network'"),
    Sign("please complete the security check", 2, "generic", "Cloudflare, hCaptcha pages"),
    Sign("security check", 1, "generic", "challenge pages; also an article's words"),
    Sign("captcha", 1, "generic", "any captcha page; also an article's word"),
    Sign("recaptcha", 1, "vendor", "Google reCAPTCHA widget text"),
    Sign("hcaptcha", 1, "vendor", "hCaptcha widget text"),
    Sign("ray id", 1, "vendor", "Cloudflare's footer on every challenge and block page"),
    Sign("ddos protection", 1, "generic", "DDoS-Guard, Cloudflare footers"),
    Sign("reference id", 1, "generic", "DataDome / PerimeterX block reference"),
    Sign("access denied", 1, "generic", "Akamai, Imperva block pages"),
)

CHROME: tuple[Sign, ...] = (
    Sign("skip to main content", 1, "generic", "accessibility skip link"),
    Sign("skip to content", 1, "generic", "accessibility skip link"),
    Sign("skip to navigation", 1, "generic", "accessibility skip link"),
    Sign("skip navigation", 1, "generic", "accessibility skip link"),
    Sign("jump to content", 1, "generic", "accessibility skip link"),
    Sign("back to top", 1, "generic", "footer link"),
    Sign("loading", 1, "generic", "a client-rendered page's placeholder"),
    Sign("you need to enable javascript to run this app", 1, "generic",
         "create-react-app's <noscript>"),
    Sign("please enable javascript", 1, "generic", "a script-only page's <noscript>"),
)

_WORD = re.compile(r"\w+")
#: Longer markdown is content without counting its words (a 50 MB page is not scanned).
_MAX_CHARS = MAX_WORDS * 40
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\uff06": "&"})


def _pattern(signs: tuple[Sign, ...]) -> re.Pattern[str]:
    phrases = sorted((s.phrase for s in signs), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)")


_CHALLENGE = _pattern(CHALLENGE)
_CHROME = _pattern(CHROME)
_WEIGHT = {s.phrase: s.weight for s in CHALLENGE}
_HEADLINE = re.compile(r"\A# [^\n]*\n*")


def verdict(markdown: str, title: str | None = None) -> str | None:
    """A warning when the page's markdown is a bot check or only chrome, else ``None``.

    ``title`` is the page's ``<title>`` text; it counts as challenge wording, never as
    content (a real page's title says nothing about robots)."""
    if not markdown or len(markdown) > _MAX_CHARS or _more_words_than(markdown, MAX_WORDS):
        return None
    text = markdown.translate(_QUOTES).lower()
    found = dict.fromkeys(m.group() for m in _CHALLENGE.finditer(
        f"{text}\n{(title or '').translate(_QUOTES).lower()}"))
    if sum(_WEIGHT[p] for p in found) >= ENOUGH:
        return f"{INTERSTITIAL}: " + ", ".join(repr(p) for p in found)
    chrome = dict.fromkeys(m.group() for m in _CHROME.finditer(text))
    rest = _CHROME.sub(" ", _HEADLINE.sub("", text))
    if chrome and not _WORD.search(rest):
        return f"{CHROME_ONLY}: " + ", ".join(repr(p) for p in chrome)
    return None


def _more_words_than(text: str, limit: int) -> bool:
    """Stops reading at word ``limit + 1``: no list of every word is built."""
    return any(count > limit for count, _ in enumerate(_WORD.finditer(text), 1))
