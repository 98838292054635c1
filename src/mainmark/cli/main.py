"""The ``mainmark`` command line.

Flags map onto :class:`~mainmark.options.Options` here and nowhere else. Each
subcommand other than ``extract`` lives in its own module exposing
``add_arguments(parser)`` and ``run(args) -> int``.

Exit codes (one table, :mod:`mainmark.cli.flags` and README "Exit codes"): 0 success,
1 bad input (one line on stderr), 2 usage error (a bad flag or option value), 74 a
batch could not write its output, 124 ``--time-budget`` ran out, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from mainmark._version import __version__
from mainmark.cli import extract as extract_cmd
from mainmark.cli.flags import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    DefaultsFormatter,
    Parser,
)
from mainmark.errors import MainmarkError, OptionsError, TimeBudgetExceeded, TokenizerError
from mainmark.tuning import BATCH, tuned


def _subcommand_modules() -> dict[str, tuple[ModuleType, str]]:
    from mainmark.cli import batch, overhead, stats

    return {
        "eval": (_eval_command(), "score mainmark on a benchmark directory"),
        "batch": (batch, "extract and chunk many pages into JSONL/Parquet"),
        "overhead": (overhead, "token-overhead report: full-page text vs main content"),
        "stats": (stats, "figures of a batch output directory (pages, discards, tokens, ...)"),
    }


def _eval_command() -> ModuleType:
    """The scorer's command from the separate ``mainmark-eval`` package when it is
    installed (it is not part of the runtime wheel), else a stand-in that says how to
    install it."""
    try:
        return importlib.import_module("mainmark_eval.cli")
    except ModuleNotFoundError as exc:
        if exc.name not in ("mainmark_eval", "mainmark_eval.cli"):
            raise
        from mainmark.cli import noeval

        return noeval


def build_parser() -> argparse.ArgumentParser:
    """The whole parser, the ``eval`` command included whether or not its package is installed.

    ``eval`` always parses so that ``mainmark eval`` can say how to install the scorer
    instead of failing as an unknown command.
    """
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
    """Run one command and return its exit code (never raises for a mainmark error).

    Callable in-process (tests, hosts embedding the CLI): an unhandled
    :class:`~mainmark.errors.MainmarkError` becomes one stderr line and its code, Ctrl-C
    130, and a closed stdout pipe (``| head``) a clean 0.
    """
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
        return exit_code_for(exc)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


def exit_code_for(exc: MainmarkError) -> int:
    """The exit code of an error no subcommand handled: only a bad flag value is a usage
    error (2); a spent time budget is 124, as timeout(1) exits; the rest is bad input."""
    if isinstance(exc, TimeBudgetExceeded):
        return EXIT_TIMEOUT
    if isinstance(exc, (OptionsError, TokenizerError)):
        return EXIT_USAGE
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
