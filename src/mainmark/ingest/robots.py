"""robots.txt as RFC 9309 reads it: one origin's answer to "may this agent fetch that URL?".

The fetcher downloads ``/robots.txt`` (at most :data:`ROBOTS_MAX_BYTES`, keeping that prefix
when the file is longer) and hands the bytes here. Matching is Protego's (Scrapy's parser),
chosen because it does what RFC 9309 asks where ``urllib.robotparser`` does not: the longest
matching rule wins and ``Allow`` wins a tie, ``*`` and ``$`` wildcards, several groups naming
one agent merged, paths compared after percent-encoding normalisation. What a parser given
text cannot do is done here, on the bytes:

* a UTF-8 byte-order mark is dropped (it would otherwise hide the first ``User-agent`` line);
* a file cut at the size limit loses its last, partial line (``Disallow: /private`` cut to
  ``Disallow: /`` would mean something else);
* the agent matched is the User-Agent's product token (``mainmark`` of ``mainmark/0.15
  (+...)``), as RFC 9309 section 2.2.1 says, not every word of the header.

``Crawl-delay`` is read here too; the fetcher caps it (see ``FetchSettings.max_crawl_delay``).
Protego is imported only when a robots.txt is parsed (``pip install 'mainmark[fetch]'``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mainmark.errors import InputError

if TYPE_CHECKING:
    from protego import Protego

#: robots.txt is read up to this size and parsed that far (RFC 9309 section 2.5: at least
#: 500 KiB); the rest of a longer file is ignored, never the whole file.
ROBOTS_MAX_BYTES = 512 * 1024

_BOM = b"\xef\xbb\xbf"
#: RFC 9309's product token: ``user-agent = 1*( ALPHA / "_" / "-" )``.
_PRODUCT_TOKEN = re.compile(r"[A-Za-z_-]+")


def product_token(user_agent: str) -> str:
    """The name robots.txt groups are matched against: ``mainmark`` of
    ``mainmark/0.15.0 (+...)``. Matching the whole header would let a group named after
    any word of its comment (``User-agent: retrieval``) apply to us."""
    match = _PRODUCT_TOKEN.match(user_agent.strip())
    return match.group(0) if match else user_agent.strip()


def robots_text(body: bytes, *, truncated: bool) -> str:
    """The text of a robots.txt body: BOM dropped, UTF-8 (RFC 9309) with bad bytes
    replaced, and, when the body was cut at the size limit, its partial last line dropped."""
    if body.startswith(_BOM):
        body = body[len(_BOM):]
    if truncated:
        cut = max(body.rfind(b"\n"), body.rfind(b"\r"))
        body = body[:cut + 1] if cut >= 0 else b""
    return body.decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Robots:
    """One origin's robots.txt: parsed rules, or a blanket answer (allow / disallow all).

    ``unreachable`` says why robots.txt got no answer at all (the host is down: its pages
    would fail too, so they become ``fetch_error`` discards rather than guesses).
    """

    rules: Protego | None = None
    allow_all: bool = False
    unreachable: str | None = None
    token: str = "*"

    @classmethod
    def parse(cls, body: bytes, user_agent: str, *, truncated: bool = False) -> Robots:
        """Rules of a robots.txt body for ``user_agent`` (its product token is matched)."""
        try:
            from protego import Protego
        except ImportError as exc:
            raise InputError("fetching URLs needs protego: pip install 'mainmark[fetch]'"
                             ) from exc
        return cls(Protego.parse(robots_text(body, truncated=truncated)),
                   token=product_token(user_agent))

    def allows(self, url: str) -> bool:
        """Whether the rules let our agent fetch ``url`` (a blanket answer otherwise)."""
        if self.rules is None:
            return self.allow_all
        return bool(self.rules.can_fetch(url, self.token))

    def crawl_delay(self) -> float:
        """Seconds the site asks between two requests (0 when it asks nothing)."""
        if self.rules is None:
            return 0.0
        return float(self.rules.crawl_delay(self.token) or 0.0)
