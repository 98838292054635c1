"""Flags shared by every command, mapped onto :class:`~mainmark.options.Options` in one place.

Every subcommand module imports its shared flags, the exit codes and the argument parser class
from here, never from another command: that keeps ``cli`` free of import cycles.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mainmark.options import DEFAULT_OPTIONS, Options

if TYPE_CHECKING:
    from mainmark.ingest.fetch import FetchSettings

#: The exit codes of every subcommand, one table (README "Exit codes" says the same):
#: 0 done; 1 bad input (a file or URL that cannot be read, not HTML, no content, a
#: missing extra); 2 usage (a bad flag or option value); 74 a batch could not write its
#: output (EX_IOERR: full disk, vanished folder; resumable); 124 the page's
#: ``--time-budget`` ran out (as timeout(1) exits); 130 interrupted by Ctrl-C.
EXIT_OK, EXIT_BAD_INPUT, EXIT_USAGE = 0, 1, 2
EXIT_WRITE_FAILED, EXIT_TIMEOUT, EXIT_INTERRUPTED = 74, 124, 130
#: ``batch``: another live run holds ``--out``; ended by SIGTERM (128 + 15).
EXIT_LOCKED, EXIT_TERMINATED = 75, 143


class Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors already; keep that, but print one clean line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Print the usage and one ``mainmark: error:`` line, then exit 2 (argparse's code)."""
        self.print_usage(sys.stderr)
        sys.stderr.write(f"mainmark: error: {message}\n")
        raise SystemExit(EXIT_USAGE)


class DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` shows each flag's default, except the ones that say nothing (an
    off switch, an empty list, no value)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, False, [], argparse.SUPPRESS) or action.help is None:
            return action.help
        return super()._get_help_string(action)


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """Flags shared by every command that extracts pages."""
    g = p.add_argument_group("extraction options")
    g.add_argument("--links", choices=("inline", "text"), default=DEFAULT_OPTIONS.links,
                   help="anchor and alt text only, links collected aside (text), or "
                        "[text](url) and ![alt](src) kept in the markdown (inline)")
    g.add_argument("--favor", choices=("balanced", "precision", "recall"), default="balanced",
                   help="on borderline blocks, lean towards precision or recall")
    g.add_argument("--no-images", action="store_true", help="drop images from the markdown")
    g.add_argument("--no-jsonld", action="store_true",
                   help="do not use a JSON-LD articleBody to locate the article")
    g.add_argument("--no-title-heading", action="store_true",
                   help="do not prepend the title when the content has no h1")
    g.add_argument("--max-tokens", type=int, default=512, help="chunk token budget")
    g.add_argument("--min-tokens", type=int, default=64, help="smallest chunk worth keeping apart")
    g.add_argument("--overlap-tokens", type=int, default=0, help="tokens repeated between chunks")
    g.add_argument("--no-contextualize", action="store_true",
                   help="do not prefix the heading path to each chunk's embed_text")
    g.add_argument("--tokenizer", default="cl100k_base",
                   help="tiktoken encoding name, or hf:PATH to a tokenizer.json")
    g.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="CPU seconds one page may take (extract fails, batch discards it "
                        "as timeout); default: none for extract, --page-timeout for batch")
    g.add_argument("--bare-images", action="store_true",
                   help="keep images without alt text, labelled by their file name")
    g.add_argument("--include", action="append", default=[], metavar="CSS",
                   help="CSS selector of the main content (repeatable); skips selection")
    g.add_argument("--exclude", action="append", default=[], metavar="CSS",
                   help="CSS selector of elements to remove before selection (repeatable)")
    g.add_argument("--comments", action="store_true",
                   help="keep reader comments and replies (forums, Q&A, blog discussions)")
    g.add_argument("--no-citations", action="store_true",
                   help="drop reference lists (and citation markers)")
    g.add_argument("--citation-markers", action="store_true",
                   help="keep citation markers ([1], [note 2]) in the text")


def add_fetch_arguments(p: argparse.ArgumentParser) -> None:
    """How URL inputs are fetched (shared by ``extract`` and ``batch``)."""
    from mainmark.ingest.fetch import FetchSettings

    default = FetchSettings()
    web = p.add_argument_group("fetching URLs (needs mainmark[fetch])")
    web.add_argument("--fetch-delay", type=float, default=default.delay, metavar="SECONDS",
                     help="seconds between two requests to one host")
    web.add_argument("--fetch-timeout", type=float, default=default.timeout,
                     metavar="SECONDS", help="timeout of one request, body included")
    web.add_argument("--fetch-workers", type=int, default=default.workers,
                     help="requests in flight overall (one per host at a time)")
    web.add_argument("--user-agent", default=default.user_agent,
                     help="User-Agent sent; its product token is matched against robots.txt")
    web.add_argument("--max-crawl-delay", type=float, default=default.max_crawl_delay,
                     metavar="SECONDS",
                     help="longest robots.txt Crawl-delay obeyed; a site asking for more is "
                          "not fetched (its pages become robots discards)")


def fetch_settings_from_args(args: argparse.Namespace) -> FetchSettings:
    """The one place where fetch flags become :class:`~mainmark.ingest.fetch.FetchSettings`.

    ``--sitemap-any-origin`` is a ``batch`` flag only; ``extract`` gets the default (off).
    """
    from mainmark.ingest.fetch import FetchSettings

    return FetchSettings(user_agent=args.user_agent, timeout=args.fetch_timeout,
                         delay=args.fetch_delay, workers=args.fetch_workers,
                         max_crawl_delay=args.max_crawl_delay,
                         sitemap_any_origin=getattr(args, "sitemap_any_origin", False))


def options_from_args(args: argparse.Namespace, **overrides: object) -> Options:
    """The one place where flags become Options."""
    values: dict[str, object] = {
        "links": args.links,
        "favor": getattr(args, "favor", "balanced"),
        "images": not args.no_images,
        "use_jsonld": not args.no_jsonld,
        "title_heading": not args.no_title_heading,
        "max_tokens": args.max_tokens,
        "min_tokens": args.min_tokens,
        "overlap_tokens": args.overlap_tokens,
        "contextualize": not args.no_contextualize,
        "tokenizer": args.tokenizer,
        "time_budget": getattr(args, "time_budget", None),
        "explain": bool(getattr(args, "explain", False)),
        "bare_images": args.bare_images,
        "include": tuple(args.include),
        "exclude": tuple(args.exclude),
        "comments": args.comments,
        "citations": not args.no_citations,
        "citation_markers": args.citation_markers,
    }
    values.update(overrides)
    return Options(**values)  # type: ignore[arg-type]


def read_input(path: str, max_bytes: int) -> bytes:
    """Read a file or stdin (``-``), gunzipping transparently by magic number, in pieces
    and never past ``max_bytes`` (a 4 MB ``.gz`` can hold 4 GB of zeros): raises
    :class:`~mainmark.ingest.inflate.TooLarge` or ``BadData`` (a broken gzip)."""
    from mainmark.ingest.inflate import read_file

    if path == "-":
        return read_file(sys.stdin.buffer, max_bytes)
    with open(path, "rb") as handle:  # closed at once: a leaked handle is a ResourceWarning
        return read_file(handle, max_bytes)
