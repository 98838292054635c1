"""The ``mainmark`` command line.

Flags map onto :class:`~mainmark.options.Options` here and nowhere else. Each
subcommand other than ``extract`` lives in its own module exposing
``add_arguments(parser)`` and ``run(args) -> int``.

Exit codes: 0 success, 1 bad input (one line on stderr), 2 usage error.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Sequence
from types import ModuleType

from mainmark._version import __version__
from mainmark.errors import MainmarkError
from mainmark.model import Document
from mainmark.options import Options

EXIT_OK, EXIT_BAD_INPUT, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors already; keep that, but print one clean line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"mainmark: error: {message}\n")
        raise SystemExit(EXIT_USAGE)


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """Flags shared by every command that extracts pages."""
    g = p.add_argument_group("extraction options")
    g.add_argument("--links", choices=("inline", "text"), default="inline",
                   help="keep inline links, or text only with links collected aside")
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


def options_from_args(args: argparse.Namespace, **overrides: object) -> Options:
    """The one place where flags become Options."""
    values: dict[str, object] = {
        "links": args.links,
        "images": not args.no_images,
        "use_jsonld": not args.no_jsonld,
        "title_heading": not args.no_title_heading,
        "max_tokens": args.max_tokens,
        "min_tokens": args.min_tokens,
        "overlap_tokens": args.overlap_tokens,
        "contextualize": not args.no_contextualize,
        "tokenizer": args.tokenizer,
        "explain": bool(getattr(args, "explain", False)),
    }
    values.update(overrides)
    return Options(**values)  # type: ignore[arg-type]


def read_input(path: str) -> bytes:
    """Read a file or stdin (``-``), gunzipping transparently by magic number."""
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as handle:  # closed at once: a leaked handle is a ResourceWarning
            data = handle.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data


def _extract_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="an HTML file (.gz read transparently), or - for stdin")
    p.add_argument("--url", help="the page's URL, to resolve relative links")
    p.add_argument("--format", choices=("markdown", "text", "html", "json", "chunks"),
                   default="markdown")
    p.add_argument("--explain", action="store_true",
                   help="print why each removed subtree went, to stderr")
    add_option_arguments(p)


def _run_extract(args: argparse.Namespace) -> int:
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


def _subcommand_modules() -> dict[str, tuple[ModuleType, str]]:
    from mainmark.evaluation import bench as evaluate
    from mainmark.ingest import overhead
    from mainmark.ingest import run as batch

    return {
        "eval": (evaluate, "score mainmark on a benchmark directory"),
        "batch": (batch, "extract and chunk many pages into JSONL/Parquet"),
        "overhead": (overhead, "token-overhead report: full-page text vs main content"),
    }


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mainmark", description="Main content of web pages as markdown chunks.")
    parser.add_argument("--version", action="version", version=f"mainmark {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _extract_args(sub.add_parser("extract", help="extract one page"))
    for name, (module, help_text) in _subcommand_modules().items():
        module.add_arguments(sub.add_parser(name, help=help_text))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "extract":
            return _run_extract(args)
        module, _ = _subcommand_modules()[args.command]
        result: int = module.run(args)
        return result
    except MainmarkError as exc:
        sys.stderr.write(f"mainmark: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
