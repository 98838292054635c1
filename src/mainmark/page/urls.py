"""Which URLs may leave the pipeline: the one safety check every emitted href and src passes.

A page is hostile input, and ``Document.html`` and the markdown are rendered by someone
else's browser or markdown viewer. What decides whether a link runs code is the URL as
*that* reader sees it, so the check reproduces the WHATWG URL parser's pre-processing
before it reads the scheme:

* leading and trailing C0 controls and spaces are stripped;
* ASCII tab, LF and CR are removed wherever they are (``jav\\tascript:`` is ``javascript:``);
* character references are decoded, repeatedly: the tree already decoded the attribute
  once, but a markdown renderer decodes ``&#x09;`` in a link destination again, and a
  double-encoded ``&amp;#x09;`` would otherwise survive to that second decoding;
* backslashes are dropped, since a markdown renderer unescapes ``javascript\\:``;
* the scheme is compared case-insensitively against an allow-list (http, https, mailto)
  rather than a block-list of the schemes known today to run code.

A URL without a scheme is relative and allowed. The emitted form is the browser's view of
the attribute (controls stripped, tab/LF/CR removed), joined onto the base URL, and the
join is checked again: a hostile ``<base href>`` must not turn a relative link into code.
"""

from __future__ import annotations

import contextlib
import html
import re
from urllib.parse import SplitResult, urljoin, urlsplit

#: Schemes an emitted link or image may carry; anything else (javascript, vbscript, data,
#: file, and whatever a browser adds next) is dropped.
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
#: Longest URL kept: a multi-megabyte ``href`` is a payload, not a link, and every later
#: step (joining, escaping, the markdown renderer) pays for its length.
MAX_URL_CHARS = 8192

_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))
_TAB_NEWLINE = str.maketrans("", "", "\t\n\r")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
_DECODE_ROUNDS = 4


def _browser_view(url: str) -> str:
    """The string a WHATWG parser starts from: outer controls/spaces off, tab/LF/CR out.
    (Translated only when one is there: a table lookup per character costs more than
    three C-level searches, and URLs are asked about several times each.)"""
    view = url.strip(_C0_AND_SPACE)
    if "\t" in view or "\n" in view or "\r" in view:
        view = view.translate(_TAB_NEWLINE)
    return view


def url_scheme(url: str) -> str | None:
    """The scheme any reader of ``url`` would see (lowercased), or ``None`` if relative.

    Decoding runs to a fixed point (bounded) so that no renderer decoding once more
    finds a scheme this check did not see.
    """
    seen = url
    for _ in range(_DECODE_ROUNDS):
        view = _browser_view(seen).replace("\\", "")
        decoded = html.unescape(view) if "&" in view else view
        if decoded == seen:
            break
        seen = decoded
    match = _SCHEME.match(_browser_view(seen).replace("\\", ""))
    return match.group(1).lower() if match else None


def is_safe_url(url: str) -> bool:
    """True when ``url`` is relative or carries an allowed scheme, as any reader sees it."""
    scheme = url_scheme(url)
    return scheme is None or scheme in ALLOWED_SCHEMES


def safe_url(href: str | None, base: str | None = None) -> str | None:
    """``href`` as an absolute URL safe to emit, or ``None`` when it is unsafe or empty.

    ``base`` is trusted no more than ``href``: an unsafe base is ignored, and the joined
    result is checked again. A malformed URL (an unclosed IPv6 host) is kept as given when
    the join fails, if it is itself safe.
    """
    if not href:
        return None
    url = _browser_view(href[:MAX_URL_CHARS])
    if not url or not is_safe_url(url):
        return None
    if base and is_safe_url(base):
        with contextlib.suppress(ValueError):
            url = urljoin(_browser_view(base[:MAX_URL_CHARS]), url)
    return url if is_safe_url(url) else None


def safe_base(href: str | None, page_url: str | None) -> str | None:
    """The URL relative links resolve against, given ``<base href>`` and the page URL:
    the page URL when the base is unsafe, empty, or cannot be joined onto it."""
    if not href or not is_safe_url(href):
        return page_url
    view = _browser_view(href[:MAX_URL_CHARS])
    if not view:
        return page_url
    try:
        joined = urljoin(page_url or "", view) or page_url
    except ValueError:  # a malformed IPv6 host in either URL
        return page_url
    return joined if joined is None or is_safe_url(joined) else page_url


def split_url(url: str) -> SplitResult | None:
    """``urlsplit(url)``, or ``None`` for a URL it cannot split: an unclosed or invalid
    bracketed host (``http://[::1``, ``http://[zz]/``) makes it raise ``ValueError``.
    URLs from the page reach every stage (``safe_url`` keeps a malformed but safe one as
    given), so a stage reading their parts asks here, never ``urlsplit`` itself."""
    try:
        return urlsplit(url)
    except ValueError:
        return None


def readable_url(url: str) -> bool:
    """Whether every stage can read ``url``'s parts: :func:`split_url` splits it and its
    port is a number in range (``http://host:port/`` splits, but reading its port
    raises). The page URL a caller gives is held to this, by the library (a warning) and
    by the command line (a bad flag value)."""
    parts = split_url(url)
    if parts is None:
        return False
    try:
        _ = parts.port
    except ValueError:
        return False
    return True
