"""``mainmark extract PAGE``: one page to markdown, text, HTML, JSON or chunk lines."""

from __future__ import annotations

import argparse
import gzip
import json
import sys

from mainmark.cli.flags import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    add_option_arguments,
    options_from_args,
    read_input,
)
from mainmark.model import Document


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="an HTML file (.gz read transparently), or - for stdin")
    p.add_argument("--url", help="the page's URL, to resolve relative links")
    p.add_argument("--format", choices=("markdown", "text", "html", "json", "chunks"),
                   default="markdown")
    p.add_argument("--explain", action="store_true",
                   help="print why each removed subtree went, to stderr")
    add_option_arguments(p)


def run(args: argparse.Namespace) -> int:
    from mainmark.pipeline import extract

    try:
        data = read_input(args.path)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        sys.stderr.write(f"mainmark: cannot read {args.path}: {exc}\n")
        return EXIT_BAD_INPUT
    options = options_from_args(args, chunking=args.format in ("json", "chunks"))
    doc = extract(data, url=args.url, options=options)
    _emit(doc, args.format)
    if args.explain and doc.explain is not None:
        from mainmark.explain import format_explain

        sys.stderr.write(format_explain(doc.explain))
    if not doc.markdown:
        sys.stderr.write(f"mainmark: no main content in {args.path}: "
                         f"{'; '.join(doc.warnings) or 'empty'}\n")
        return EXIT_BAD_INPUT
    return EXIT_OK


def _emit(doc: Document, fmt: str) -> None:
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
        for c in doc.chunks:
            out.write(json.dumps(c.to_dict(), ensure_ascii=False) + "\n")
