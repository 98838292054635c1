"""Text to an lxml tree that tolerates whatever real pages contain."""

from __future__ import annotations

import re
from urllib.parse import urljoin
from dataclasses import dataclass, field

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

# An XML declaration carrying an encoding attribute makes lxml refuse a str input
# ("Unicode strings with encoding declaration are not supported").
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*>", re.IGNORECASE)


@dataclass(slots=True)
class Page:
    """A parsed page. ``root`` is ``None`` only when nothing could be parsed at all."""

    root: HtmlElement | None
    #: Exactly the text lxml parsed; same character offsets as the decoded input.
    text: str
    url: str | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def base_url(self) -> str | None:
        """The URL relative links resolve against: ``<base href>`` joined onto the page URL."""
        if self.root is None:
            return self.url
        for href in self.root.xpath("//head/base/@href | //base/@href")[:1]:
            href = str(href).strip()
            if href and not href.lower().startswith(("javascript:", "data:")):
                return urljoin(self.url or "", href) or self.url
        return self.url


def _parser() -> lxml.html.HTMLParser:
    # huge_tree lifts libxml2's 256-level depth limit, past which it stops parsing and
    # silently drops the rest of the page (deep wrappers are common in page builders).
    return lxml.html.HTMLParser(huge_tree=True, remove_comments=False, remove_pis=True)


def parse(text: str, *, url: str | None = None) -> Page:
    """Parse ``text``; never raises: a hopeless input gives ``Page(root=None)`` and a warning."""
    # Same-length substitutions only: Page.text keeps the decoded text's character offsets,
    # which the source map (chunk src offsets) relies on.
    cleaned = _XML_DECL.sub(lambda m: " " * len(m.group()), text, count=1)
    cleaned = cleaned.replace("\x00", "\ufffd")
    if not cleaned.strip():
        return Page(None, text, url, ["empty document"])
    try:
        root = lxml.html.document_fromstring(cleaned, parser=_parser(), base_url=url)
    except (etree.ParserError, ValueError, etree.XMLSyntaxError) as exc:
        return Page(None, cleaned, url, [f"unparsable document: {exc}"])
    if root is None:
        return Page(None, cleaned, url, ["unparsable document"])
    return Page(root, cleaned, url)
