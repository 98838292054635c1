"""``mainmark batch INPUT... --out DIR``: the flags of :func:`mainmark.ingest.run_batch`.

Exit codes: 0 done; 1 bad input; 74 a write failed (resumable); 75 another run holds
``--out``; 130 stopped by Ctrl-C, 143 by SIGTERM (resumable).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from mainmark.cli.flags import (
    EXIT_BAD_INPUT,
    add_fetch_arguments,
    add_option_arguments,
    fetch_settings_from_args,
    options_from_args,
)
from mainmark.errors import InputError
from mainmark.ingest.fetch import read_url_list
from mainmark.ingest.lock import OutputLocked
from mainmark.ingest.records import DEFAULT_MAX_PAGE_BYTES, DEFAULT_PAGE_TIMEOUT
from mainmark.ingest.run import EXIT_LOCKED, EXIT_WRITE_FAILED, BatchSettings, run_batch

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*$", re.IGNORECASE)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The batch flags; the input flags are all optional here and checked in :func:`run`.

    ``INPUT`` may be empty so that a run made only of ``--sitemap`` or ``--urls`` parses;
    having no input at all is then reported as bad input, not as a usage error.
    """
    p.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="HTML files or directories (.gz ok), globs, JSONL, WARC/WARC.gz, "
                        "http(s) URLs")
    p.add_argument("--out", required=True, metavar="DIR", help="output directory")
    p.add_argument("--format", choices=("jsonl", "parquet"), default="jsonl",
                   help="documents/chunks as JSONL, or Parquet (needs pyarrow)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="worker processes (the default is this machine's core count)")
    p.add_argument("--page-timeout", type=float, default=DEFAULT_PAGE_TIMEOUT,
                   metavar="SECONDS", help="CPU-time budget per page; 0 disables it")
    p.add_argument("--max-page-bytes", type=_size, default=DEFAULT_MAX_PAGE_BYTES,
                   metavar="SIZE", help="larger pages become too_large discards (16M, 500K)")
    run = p.add_mutually_exclusive_group()
    run.add_argument("--resume", action="store_true",
                     help="continue the run in --out: skip pages already there "
                          "(same url and content hash)")
    run.add_argument("--overwrite", action="store_true",
                     help="replace the run already in --out")
    p.add_argument("--batch-size", type=int, default=8, help="pages handed to a worker at once")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="progress line on stderr (auto: only on a terminal)")
    p.add_argument("--sitemap", action="append", default=[], metavar="URL",
                   help="fetch every page of this sitemap or sitemap index (repeatable)")
    p.add_argument("--sitemap-any-origin", action="store_true",
                   help="also fetch sitemap entries on other origins than the sitemap's "
                        "(by default they become off_origin discards, as the protocol says)")
    p.add_argument("--urls", action="append", default=[], metavar="FILE",
                   help="fetch the URLs of this file, one a line (repeatable)")
    add_fetch_arguments(p)
    add_option_arguments(p)


def _size(text: str) -> int:
    match = _SIZE.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 16M, 500K, 1048576)")
    scale = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[match.group(2).lower()]
    return max(1, int(float(match.group(1)) * scale))


def run(args: argparse.Namespace) -> int:
    """Run the batch and map each way it can end onto the exit-code table.

    A lock held by another run, bad input and a failed write each get their own code,
    because a caller (a cron job, a pipeline) retries them differently: only a failed
    write is worth ``--resume`` once the disk or folder is fixed. The summary always goes
    to stderr so stdout stays free.
    """
    try:
        if not (args.inputs or args.sitemap or args.urls):
            raise InputError("nothing to do: give INPUT paths or URLs, --sitemap or --urls")
        fetch = fetch_settings_from_args(args)
        settings = BatchSettings(
            out=args.out, format=args.format, workers=args.workers,
            page_timeout=args.page_timeout or None, max_page_bytes=args.max_page_bytes,
            resume=args.resume, overwrite=args.overwrite, batch_size=args.batch_size,
            progress=args.progress, fetch=fetch,
        )
        urls = [u for path in args.urls for u in read_url_list(path)]
        result = run_batch(args.inputs, settings, options_from_args(args), urls=urls,
                           sitemaps=args.sitemap)
    except OutputLocked as exc:
        sys.stderr.write(f"mainmark batch: {exc}\n")
        return EXIT_LOCKED
    except InputError as exc:
        sys.stderr.write(f"mainmark batch: {exc}\n")
        return EXIT_BAD_INPUT
    except OSError as exc:  # the disk filled up, the folder went away: one line, resumable
        sys.stderr.write(f"mainmark batch: cannot write to {args.out}: "
                         f"{exc.strerror or exc}; fix it, then run again with --resume\n")
        return EXIT_WRITE_FAILED
    sys.stderr.write(result.summary)
    return result.exit_code
