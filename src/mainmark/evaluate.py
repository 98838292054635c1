"""`mainmark evaluate` (placeholder until its issue lands)."""

from __future__ import annotations

import argparse
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="*")


def run(args: argparse.Namespace) -> int:
    sys.stderr.write("mainmark evaluate: not built yet\n")
    return 2
