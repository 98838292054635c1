"""Gallery thumbnails beside their full-size pictures: one image line per picture.

A gallery shows each picture twice, full size and again in a strip of small copies (a
product page's photo and its thumbnails, a recipe's step photos and the strip under
them), and responsive markup may print a card's picture at two sizes. The walk already
drops an image whose source it has shown; a thumbnail's source differs from the
full-size one only in how it names its size. So, before the walk, every image of the
content is read as a picture and a size:

* the picture: the URL without what names a size: a ``-300x199``/``_150x150`` suffix of
  the file name, a thumbnail word as a suffix (``photo_thumb.jpg``) or a directory
  (``/thumbs/``), a size as a directory (``/500x659/``, ``/160w/``), size and format
  query parameters (``?w=``, ``?width=``, ``?resize=``);
* the size: the width the URL names, else the ``width`` the image declares, else none
  (the original upload, the largest), a thumbnail word the smallest.

Of the images showing one picture the widest is kept (the first of equals), and those
from other sources are dropped: their lines repeat a picture the markdown already has.
Scope: generic (the size-suffix and query conventions of WordPress, CDNs and shop
platforms); the thumbnail words are the registry's ``thumbnail`` table. Only images the
markdown would show (with alt text, a title or a caption) are read. Rule
``images:thumbnail-copies`` (docs/rules.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit

from lxml.html import HtmlElement

from mainmark.markdown.imagetext import caption_of
from mainmark.markdown.links import image_src
from mainmark.markdown.rendervocab import SIZE_QUERY_KEYS, WIDTH_QUERY_KEYS
from mainmark.vocabulary.texts import THUMBNAIL

_SIZE_SUFFIX = re.compile(r"[-_@](\d{2,4})x\d{2,4}$", re.IGNORECASE)
_THUMB_SUFFIX = re.compile(r"[-_.](?:" + "|".join(sorted(THUMBNAIL.entries)) + r")$",
                           re.IGNORECASE)
_SIZE_DIR = re.compile(r"(\d{2,4})(?:x\d{2,4}|w)", re.IGNORECASE)
_NUMBER = re.compile(r"\d+")
#: A size named by a thumbnail word: smaller than any width a URL names.
_THUMB_WIDTH = 0.0


def thumbnail_copies(roots: Iterable[HtmlElement], removed: set[HtmlElement],
                     base_url: str | None) -> set[HtmlElement]:
    """The images of the content that show a picture another of its images shows wider,
    from another source (a repeat of the same source is the walk's to drop: it keeps
    the first one it shows, as it always did)."""
    shown: dict[str, list[tuple[float, str, HtmlElement]]] = {}
    gone = {img for el in removed for img in el.iter("img")}  # linear, however deep
    for root in roots:
        for img in root.iter("img"):
            if img in gone or (not (img.get("alt") or img.get("title"))
                               and not caption_of(img)):
                continue  # not shown: it can neither be nor hide a copy
            src = image_src(img, base_url)
            if not src:
                continue
            picture, width = picture_of(src)
            shown.setdefault(picture, []).append(
                (_declared_width(img) if width is None else width, src, img))
    copies: set[HtmlElement] = set()
    for images in shown.values():
        if len(images) > 1:
            widest = max(width for width, _, _ in images)
            kept = next(src for width, src, _ in images if width == widest)
            copies.update(img for _, src, img in images if src != kept)
    return copies


def picture_of(url: str) -> tuple[str, float | None]:
    """The picture an image URL shows (its URL without the marks of a size) and the
    width those marks name (``None``: no mark, ``0``: a thumbnail word)."""
    try:
        parts = urlsplit(url)
        query = parse_qsl(parts.query, keep_blank_values=True)
    except ValueError:
        return url, None
    widths: list[float] = []
    *dirs, name = parts.path.split("/")
    kept = []
    for step in dirs:
        size = _SIZE_DIR.fullmatch(step)
        if size:
            widths.append(float(size.group(1)))
        elif step.lower() in THUMBNAIL.entries:
            widths.append(_THUMB_WIDTH)
        else:
            kept.append(step)
    stem, dot, ext = name.rpartition(".") if "." in name else (name, "", "")
    while (mark := _SIZE_SUFFIX.search(stem) or _THUMB_SUFFIX.search(stem)) is not None:
        widths.append(float(mark.group(1)) if mark.re is _SIZE_SUFFIX else _THUMB_WIDTH)
        stem = stem[:mark.start()]
    rest = []
    for key, value in query:
        if key.lower() not in SIZE_QUERY_KEYS:
            rest.append((key, value))
            continue
        number = _NUMBER.search(value)
        if number and key.lower() in WIDTH_QUERY_KEYS:
            widths.append(float(number.group()))
    picture = "/".join([*kept, stem + dot + ext])
    key = f"{parts.netloc.lower()}{picture}?{urlencode(sorted(rest))}"
    return key, (min(widths) if widths else None)


def _declared_width(img: HtmlElement) -> float:
    """The width an image declares, or infinity (the original, as large as it comes)."""
    number = _NUMBER.fullmatch((img.get("width") or "").strip())
    return float(number.group()) if number else math.inf
