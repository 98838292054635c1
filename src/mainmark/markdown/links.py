"""Link targets and image sources as absolute URLs.

A relative URL is useless once the markdown leaves the page, so every target is joined
onto the base URL (which already accounts for ``<base href>``). Lazy-loading images keep
the real picture in ``data-*`` attributes or a ``srcset`` while ``src`` holds a grey
placeholder; the picture a reader sees is the one we want.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from mainmark.markdown.rendervocab import LAZY_SRC_ATTRS, LAZY_SRCSET_ATTRS, PLACEHOLDER_SRC
from mainmark.page.urls import safe_url

_DESCRIPTOR = re.compile(r"(\d+(?:\.\d+)?)[wxh],?")


def resolve(href: str | None, base: str | None) -> str | None:
    """The absolute URL of ``href``, or ``None`` when it leads nowhere a reader can go
    (or somewhere unsafe: :func:`mainmark.page.urls.safe_url` is the one judge)."""
    url = safe_url(href, base)
    return url.replace(" ", "%20") if url else None


def image_src(img: HtmlElement, base: str | None) -> str | None:
    """The URL of the picture an ``img`` shows once its lazy loader has run."""
    for attr in LAZY_SRC_ATTRS:
        url = resolve(img.get(attr), base)
        if url:
            return url
    src = img.get("src")
    if src and not PLACEHOLDER_SRC.search(src):
        url = resolve(src, base)
        if url:
            return url
    for attr in LAZY_SRCSET_ATTRS:
        url = resolve(_largest_candidate(img.get(attr)), base)
        if url:
            return url
    return resolve(src, base)


def _largest_candidate(srcset: str | None) -> str | None:
    """The widest (or densest) candidate of a ``srcset``; the first one on a tie.

    Split on whitespace, not commas: CDN URLs carry commas (``w_400,h_300``) while a
    candidate's URL and its descriptor are always separated by whitespace.
    """
    if not srcset:
        return None
    best: tuple[float, str] | None = None
    url: str | None = None
    for token in srcset.split():
        if url is None:
            url = token.rstrip(",")
            if token.endswith(","):
                best = _better(best, 0.0, url)
                url = None
            continue
        match = _DESCRIPTOR.fullmatch(token)
        best = _better(best, float(match.group(1)) if match else 0.0, url)
        url = None
    if url:
        best = _better(best, 0.0, url)
    return best[1] if best else None


def _better(best: tuple[float, str] | None, size: float, url: str) -> tuple[float, str]:
    if url and (best is None or size > best[0]):
        return (size, url)
    return best if best is not None else (size, url)


def markdown_target(url: str) -> str:
    """``url`` as a link destination that markdown cannot misread."""
    if any(c in url for c in "()<> "):
        return "<" + url.replace("<", "%3C").replace(">", "%3E").replace(" ", "%20") + ">"
    return url


#: Anchor text that is a URL (``https://...``, ``www.…``): the link's target printed as its
#: text, as forums and docs do for bare links.
_URL_TEXT = re.compile(r"(?:https?://|www\.)[^\s/]+\S*", re.IGNORECASE)


def url_text_host(text: str) -> str | None:
    """The host a URL-as-text anchor names (``www.`` dropped), for ``links="text"``;
    ``None`` when ``text`` is not a URL.

    The whole URL is in the links side table; in the text it is token noise (a query
    string costs dozens of tokens and means nothing to an embedder), while the host keeps
    the sentence readable ("See tokio.rs for details") and says where it points.
    """
    if not _URL_TEXT.fullmatch(text):
        return None
    try:
        host = urlsplit(text if "://" in text else "//" + text).hostname
    except ValueError:
        return None
    if not host:
        return None
    return host[4:] if host.startswith("www.") and host.count(".") > 1 else host
