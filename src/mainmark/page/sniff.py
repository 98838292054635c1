"""Is a payload an HTML page at all? The one check every entry point makes.

``extract()``, the CLI, :class:`~mainmark.integrations.langchain.MainmarkLoader`, the
transformer and batch (through :func:`mainmark.ingest.records.non_html_reason`) all ask
:func:`not_html`, so a PDF is refused the same way whichever door it comes in by. Without
it a PDF decodes to a few thousand characters of ``%PDF-1.7 stream endstream`` that
parse as one paragraph and chunk into garbage (LangChain's ``AsyncHtmlLoader`` hands a
PDF URL's body over as such text).

The verdict comes from what the payload says about itself, in this order: a declared
content type that is neither HTML nor vague; a format's magic bytes at the start; a JSON
document's opening; and, for anything else, the share of control bytes, which text of
any encoding almost never has and random or compressed bytes have at about one in ten.
A ``str`` is sniffed as its UTF-8 bytes: a PDF that a loader already decoded still
starts with ``%PDF-``.
"""

from __future__ import annotations

import re

#: The warning ``extract()`` gives a payload it refused, before the reason.
NOT_HTML = "not an HTML page"

#: How much of the payload is looked at: the magic numbers and the share of controls
#: are decided on the first KiB, like a browser's sniffer.
SNIFF_BYTES = 1024

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
#: Types that say nothing about the payload; the bytes are sniffed instead.
VAGUE_TYPES = frozenset({"", "application/octet-stream", "text/plain", "binary/octet-stream",
                         "application/unknown", "unknown/unknown"})
#: A format's first bytes -> what to call it. Each entry is a format a crawl or a
#: LangChain loader hands over in place of a page (a linked report, an image URL, a
#: download, a web font).
MAGIC: dict[bytes, str] = {
    b"%PDF-": "PDF", b"\x89PNG": "PNG image", b"\xff\xd8\xff": "JPEG image",
    b"GIF8": "GIF image", b"PK\x03\x04": "ZIP archive", b"\x1f\x8b": "gzip data",
    b"RIFF": "RIFF media", b"\x00\x00\x01\x00": "icon", b"wOF": "web font",
    b"7z\xbc\xaf": "7z archive", b"\x7fELF": "executable",
}
#: A JSON document's opening: an object with a key (or empty), or an array of
#: objects, arrays or strings (an API response fetched instead of its page). Plain text
#: starting ``[1]`` is not taken for JSON.
_JSON_OPENING = re.compile(rb'\A(?:\{\s*(?:"|\}\s*\Z)|\[\s*(?:[{\["]|\]\s*\Z))')
_BOM = b"\xef\xbb\xbf"


def not_html(body: bytes | str, content_type: str | None = None) -> str | None:
    """Why ``body`` is not an HTML page (``"payload is PDF"``), or ``None`` when it may
    be one. ``content_type`` is the declared type (an HTTP header), if any."""
    mime = (content_type or "").split(";", 1)[0].strip().lower()
    if mime and mime not in VAGUE_TYPES and mime not in HTML_TYPES:
        return f"content type {mime}"
    if isinstance(body, str):
        head = body[:SNIFF_BYTES].encode("utf-8", "surrogatepass")[:SNIFF_BYTES]
    else:
        head = bytes(body[:SNIFF_BYTES])
    for magic, name in MAGIC.items():
        if head.startswith(magic):
            return f"payload is {name}"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None  # UTF-16/32 with a byte-order mark: its NULs are text
    opening = head.removeprefix(_BOM).lstrip()
    if opening.startswith(b"%PDF-"):
        return "payload is PDF"  # after a BOM or blank lines: PDF readers accept it
    if _JSON_OPENING.match(opening):
        return "payload is JSON"
    # ESC is text in ISO-2022-JP; random bytes hold about 10% controls, HTML none.
    controls = sum(1 for b in head if b < 9 or (13 < b < 32 and b != 27))
    if head and controls * 20 > len(head):
        return f"payload is binary ({controls} control bytes in the first {len(head)})"
    return None
