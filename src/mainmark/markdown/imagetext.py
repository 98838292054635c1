"""What an image adds to the text channel: its alt text, unless it says nothing new.

In ``links="text"`` mode (the default, what a RAG index stores) an image becomes its alt
text. Two kinds of image then put words into a chunk that the page does not say once:

- an image whose alt text the page prints beside it anyway: a figure whose caption
  repeats the alt (or stands in for a missing one), a forum or comment avatar whose alt is
  the poster's name next to the name link, a logo next to the company's name. The alt
  text would be the same sentence or name twice in a row;
- an icon (declared width and height both at most :data:`CUT.icon_max_px` pixels) standing
  on its own: an arrow, a social network's glyph, a badge, whose alt ("Twitter icon",
  "star") is no sentence of the page.

Both are judged on the image's own markup and its neighbourhood, never on a site's class
names (issue 37, class 5).
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from urllib.parse import unquote

from lxml.html import HtmlElement

from mainmark.markdown.constants import CUT
from mainmark.page.urls import split_url

_WORDS = re.compile(r"\w+")
_PX = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*")


def caption_of(img: HtmlElement) -> str:
    """The caption of the figure an image sits in (its stand-in when alt is missing)."""
    caption = _figure_caption(img)
    return caption.text_content() if caption is not None else ""


def _figure_caption(img: HtmlElement) -> HtmlElement | None:
    el: HtmlElement | None = img.getparent()
    for _ in range(CUT.image_figure_levels):
        if el is None:
            return None
        if el.tag == "figure":
            return next(el.iter("figcaption"), None)
        el = el.getparent()
    return None


def _spaced_text(el: HtmlElement, limit: int | None = None) -> str | None:
    """An element's text with its elements' boundaries read as spaces (a name in an
    ``<h3>`` and a date in the ``<span>`` after it are two words, not one); ``None`` once
    it grows past ``limit`` characters (read no further: a page of images would read the
    whole content once per image)."""
    parts: list[str] = []
    size = 0
    for part in el.itertext():
        parts.append(part)
        size += len(part)
        if limit is not None and size > limit:
            return None
    return " ".join(parts)


def _key(text: str) -> str:
    """Words only, case-folded, entities a page escaped twice decoded: "&#8216;Black
    Mountain&#8217;" in an alt and "‘Black Mountain’" in its caption are the same words."""
    return " " + " ".join(_WORDS.findall(unescape(text).casefold())) + " "


def said_beside(img: HtmlElement, alt: str) -> bool:
    """True when the text around ``img`` already holds every word of ``alt``, in order:
    its figure's caption, or a small box (at most ``CUT.image_near_max_chars`` of text) at most
    ``CUT.image_near_levels`` levels up."""
    key = _key(alt)
    if not key.strip():
        return False
    caption = _figure_caption(img)
    if caption is not None and _covered(key, _key(_spaced_text(caption) or "")):
        return True
    el: HtmlElement | None = img.getparent()
    for _ in range(CUT.image_near_levels):
        if el is None:
            return False
        text = _spaced_text(el, CUT.image_near_max_chars)
        if text is None:
            return False
        if key in _key(text):
            return True
        el = el.getparent()
    return False


def _covered(alt: str, caption: str) -> bool:
    """The caption holds the alt's words in order, or nearly all of them (a share of at
    least ``CUT.image_caption_cover``): an alt written from the caption and then mangled by the
    CMS ("&#8\\2\\16;Black Mountain" for "‘Black Mountain’") is still the caption."""
    if alt in caption:
        return True
    have = Counter(caption.split())
    words = alt.split()
    found = sum(min(n, have[w]) for w, n in Counter(words).items())
    return found >= CUT.image_caption_cover * len(words)


def _px(value: str | None) -> float | None:
    m = _PX.fullmatch(value or "")
    return float(m.group(1)) if m else None


def is_icon(img: HtmlElement) -> bool:
    """Declared at most :data:`CUT.icon_max_px` pixels wide and high, and not set inside a
    line of text: an icon, a badge. An emoticon within a sentence ("thanks ;)") is the
    sentence's own word and stays."""
    width, height = _px(img.get("width")), _px(img.get("height"))
    return (width is not None and height is not None
            and 0 < width <= CUT.icon_max_px and 0 < height <= CUT.icon_max_px
            and not _in_line(img))


def _in_line(img: HtmlElement) -> bool:
    """Text stands right before or after ``img`` in its parent."""
    if (img.tail or "").strip():
        return True
    prev, parent = img.getprevious(), img.getparent()
    if prev is not None:
        return bool((prev.tail or "").strip())
    return parent is not None and bool((parent.text or "").strip())


_WORDLIKE = re.compile(r"[^\W\d_]{3}").search
_HASHLIKE = re.compile(r"[0-9a-fA-F]{16,}|[\w-]{20,}\d[\w-]*").fullmatch


def file_label(src: str) -> str:
    """A stand-in alt for an image that has none: its file name without the extension,
    or a plain placeholder when the name is a hash or a number."""
    path = parts.path if (parts := split_url(src)) else ""  # a malformed host: no name
    name = unquote(path.rstrip("/").rsplit("/", 1)[-1])
    stem = name.rsplit(".", 1)[0] if "." in name else name
    words = " ".join(re.split(r"[-_+\s]+", stem)).strip()
    digits = sum(c.isdigit() for c in stem)
    if len(words) < 3 or not _WORDLIKE(words) or _HASHLIKE(stem) or 2 * digits >= len(stem):
        return "image"
    return words
