"""Exceptions raised by mainmark.

Only programming errors raise; a degraded page (undecodable, unparsable, empty)
still yields a :class:`~mainmark.model.Document` carrying ``warnings``::

    MainmarkError                 base of everything raised here
    ├── OptionsError (ValueError) an Options field is invalid
    ├── InputError (TypeError)    the input is not bytes/str, or a path cannot be read
    ├── TokenizerError            a tokenizer name cannot be loaded (offline, unknown)
    └── TimeBudgetExceeded (TimeoutError)  the caller's ``Options.time_budget`` was spent
"""

from __future__ import annotations


class MainmarkError(Exception):
    """Base class of every exception mainmark raises on purpose."""


class OptionsError(MainmarkError, ValueError):
    """An :class:`~mainmark.options.Options` field failed validation."""


class InputError(MainmarkError, TypeError):
    """The input given to a public entry point has the wrong type or cannot be read."""


class TokenizerError(MainmarkError):
    """A tokenizer could not be loaded (unknown name, missing optional package)."""


class TimeBudgetExceeded(MainmarkError, TimeoutError):
    """One page used more CPU time than ``Options.time_budget`` allows.

    Raised rather than returned as a degraded document: the caller asked for the limit,
    and a half-extracted page would be indistinguishable from a short one.
    """
