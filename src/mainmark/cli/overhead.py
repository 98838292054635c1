"""``mainmark overhead INPUT...``: the flags of the report in :mod:`mainmark.ingest.overhead`."""

from __future__ import annotations

import argparse
import json
import sys

from mainmark.chunks.tokens import get_tokenizer
from mainmark.cli.flags import EXIT_BAD_INPUT, EXIT_OK, add_option_arguments, options_from_args
from mainmark.errors import InputError
from mainmark.ingest.overhead import format_report, measure_all, plot, summarize
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES
from mainmark.ingest.sources import expand_inputs, iter_pages


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The overhead flags; the article side defaults to text links, as it would be embedded."""
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="HTML files or directories (.gz ok), globs, JSONL, WARC/WARC.gz")
    p.add_argument("--price-per-mtok", type=float, metavar="P",
                   help="embedding price per million tokens, to print the cost both ways")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="draw the ratio distribution (matplotlib)")
    p.add_argument("--workers", type=int, default=1, help="worker processes")
    p.add_argument("--page-timeout", type=float, default=30.0, metavar="SECONDS",
                   help="CPU-time budget per page; 0 disables it")
    add_option_arguments(p)
    # The article side is counted the way it would be embedded: anchor text, no URLs.
    p.set_defaults(links="text")



def run(args: argparse.Namespace) -> int:
    """Measure the pages and print the report as a table or JSON.

    The tokenizer is loaded first, so a bad ``--tokenizer`` fails as a usage error before
    any page is read rather than after a long run.
    """
    options = options_from_args(args, chunking=False)
    get_tokenizer(options.tokenizer)
    try:
        files = expand_inputs(args.inputs)
    except InputError as exc:
        sys.stderr.write(f"mainmark overhead: {exc}\n")
        return EXIT_BAD_INPUT
    records = iter_pages(files, max_bytes=DEFAULT_MAX_PAGE_BYTES)
    results = measure_all(records, options, args.page_timeout or None, args.workers)
    report = summarize(results, tokenizer=str(args.tokenizer),
                       price_per_mtok=args.price_per_mtok)
    if args.plot:
        plot(report, args.plot)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(format_report(report))
    return EXIT_OK
