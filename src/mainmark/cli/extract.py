"""``mainmark extract PAGE``: one page to markdown, text, HTML, JSON or chunk lines."""

from __future__ import annotations

import argparse
import json
import sys

from mainmark.cli.flags import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    add_fetch_arguments,
    add_option_arguments,
    fetch_settings_from_args,
    options_from_args,
    read_input,
)
from mainmark.ingest.fetch import Fetcher, is_url
from mainmark.ingest.inflate import InflateError, TooLarge
from mainmark.ingest.records import Location, PageRecord, Reason, non_html_reason
from mainmark.model import Document
from mainmark.page.urls import readable_url


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of ``extract``: one page in, one format out, plus the shared option flags."""
    p.add_argument("path", help="an HTML file (.gz read transparently), - for stdin, or an "
                                "http(s) URL (fetched politely; needs mainmark[fetch])")
    p.add_argument("--url", type=_page_url, help="the page's URL, to resolve relative links "
                                                "(a fetched page: its final URL)")
    p.add_argument("--format", choices=("markdown", "text", "html", "json", "chunks"),
                   default="markdown", help="what to print")
    p.add_argument("--explain", action="store_true",
                   help="print why each removed subtree went, to stderr")
    add_fetch_arguments(p)
    add_option_arguments(p)


def run(args: argparse.Namespace) -> int:
    """Extract one page and print it; a page with no main content exits 1, not 0.

    A script that pipes pages through ``extract`` must be able to tell an empty result
    from a real one without parsing the output, so an unreadable page, a non-HTML
    response and an empty extraction all exit with bad input and a line on stderr.
    """
    from mainmark.pipeline import extract

    options = options_from_args(args, chunking=args.format in ("json", "chunks"))
    record = _load(args, options.max_input_bytes)
    if record.problem is not None:
        sys.stderr.write(f"mainmark: cannot read {args.path}: {record.problem[1]}\n")
        return EXIT_BAD_INPUT
    why = non_html_reason(record)
    if why:
        sys.stderr.write(f"mainmark: {args.path} is not an HTML page: {why}\n")
        return EXIT_BAD_INPUT
    url = args.url or record.final_url or record.url
    doc = extract(record.body, url=url, headers=dict(record.headers) or None, options=options)
    _emit(doc, args.format, url)
    if args.explain and doc.explain is not None:
        from mainmark.explain import format_explain

        sys.stderr.write(format_explain(doc.explain))
    if not doc.markdown:
        sys.stderr.write(f"mainmark: no main content in {args.path}: "
                         f"{'; '.join(doc.warnings) or 'empty'}\n")
        return EXIT_BAD_INPUT
    return EXIT_OK


def _load(args: argparse.Namespace, max_bytes: int) -> PageRecord:
    """The page as a record, fetched for a URL; a read failure is a record's problem.

    A file is read (and gunzipped) up to ``max_bytes``, the most extraction would look
    at (``Options.max_input_bytes``): past it the page is refused, not inflated whole.
    """
    path = str(args.path)
    if is_url(path):
        with Fetcher(fetch_settings_from_args(args)) as fetcher:
            return fetcher.fetch(path)
    try:
        data = read_input(path, max_bytes)
    except TooLarge as exc:
        return PageRecord(None, b"", Location(path), exc.size, "", problem=(
            Reason.TOO_LARGE, f"over {max_bytes} bytes (inflated); the limit is "
                              "Options.max_input_bytes"))
    except (OSError, InflateError) as exc:
        return PageRecord(None, b"", Location(path), 0, "",
                          problem=(Reason.DECODE_ERROR, str(exc)))
    return PageRecord(None, data, Location(path), len(data), "")


def _emit(doc: Document, fmt: str, url: str | None) -> None:
    out = sys.stdout
    if fmt == "markdown":
        out.write(doc.markdown + "\n")
    elif fmt == "text":
        out.write(doc.text + "\n")
    elif fmt == "html":
        out.write(doc.html + "\n")
    elif fmt == "json":
        out.write(json.dumps(doc.to_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        page = {"url": url or doc.metadata.url or doc.metadata.canonical_url,
                "title": doc.metadata.title}
        for c in doc.chunks:
            out.write(json.dumps({**c.to_dict(), **page}, ensure_ascii=False) + "\n")


def _page_url(value: str) -> str:
    """``--url``: a URL the stages can read. The library drops a malformed one with a
    warning (``http://[::1``: no host to split), which this command prints only for an
    empty result, so the URL the user typed would be ignored without a word: it is a bad
    flag value instead."""
    if not readable_url(value):
        raise argparse.ArgumentTypeError(f"malformed URL: {value[:200]!r}")
    return value
