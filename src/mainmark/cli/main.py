"""The ``mainmark`` command line.

Flags map onto :class:`~mainmark.options.Options` here and nowhere else. Each
subcommand other than ``extract`` lives in its own module exposing
``add_arguments(parser)`` and ``run(args) -> int``.

Exit codes: 0 success, 1 bad input (one line on stderr), 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from mainmark._version import __version__
from mainmark.cli import extract as extract_cmd
from mainmark.cli.flags import EXIT_OK, EXIT_USAGE, DefaultsFormatter, Parser
from mainmark.errors import MainmarkError
from mainmark.tuning import BATCH, tuned


def _subcommand_modules() -> dict[str, tuple[ModuleType, str]]:
    from mainmark.cli import batch, overhead, stats
    from mainmark.cli import eval as evaluate

    return {
        "eval": (evaluate, "score mainmark on a benchmark directory"),
        "batch": (batch, "extract and chunk many pages into JSONL/Parquet"),
        "overhead": (overhead, "token-overhead report: full-page text vs main content"),
        "stats": (stats, "figures of a batch output directory (pages, discards, tokens, ...)"),
    }


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="mainmark", description="Main content of web pages as markdown chunks.",
                    formatter_class=DefaultsFormatter)
    parser.add_argument("--version", action="version", version=f"mainmark {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    extract_cmd.add_arguments(sub.add_parser("extract", help="extract one page",
                                             formatter_class=DefaultsFormatter))
    for name, (module, help_text) in _subcommand_modules().items():
        module.add_arguments(sub.add_parser(name, help=help_text,
                                            formatter_class=DefaultsFormatter))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        # The command owns its process (and its batch workers): the process-wide speed and
        # memory measures a library leaves off are on for its run, and off again after
        # (``main()`` is also called in-process, by tests and by hosts that embed the CLI).
        with tuned(BATCH):
            if args.command == "extract":
                return extract_cmd.run(args)
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
