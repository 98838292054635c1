"""``mainmark eval`` when the scorer is not installed: a clear error, not a missing command.

The benchmark scorer is the separate package ``mainmark-eval`` (``evaluation/`` in the
repository), so the runtime wheel carries no benchmark code. This stand-in keeps the
subcommand's name and says how to get it.
"""

from __future__ import annotations

import argparse

from mainmark.errors import MissingExtraError

INSTALL_HINT = ("mainmark eval needs the benchmark scorer, the package mainmark-eval: "
                "pip install ./evaluation (from the mainmark repository)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Take any arguments, so the error below is what the user sees, not a usage line."""
    p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.description = INSTALL_HINT


def run(args: argparse.Namespace) -> int:
    """Always fails with the install hint (exit 1, as for any missing extra)."""
    raise MissingExtraError(INSTALL_HINT)
