"""Exceptions raised by mainmark.

Only programming errors raise; a degraded page (undecodable, unparsable, empty)
still yields a :class:`~mainmark.model.Document` carrying ``warnings``::

    MainmarkError                 base of everything raised here
    ├── OptionsError (ValueError) an Options field is invalid
    ├── InputError (TypeError)    the input is not bytes/str, or a path cannot be read
    │   ├── NotHtmlError          a loader's source is no HTML page (PDF, image, JSON)
    │   └── EmptyPageError        a loader's page has no main content (or is a bot check)
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


class NotHtmlError(InputError):
    """A source handed to a loader is not an HTML page: a PDF, an image, JSON, binary.

    Raised by ``MainmarkLoader(on_error="raise")``; ``extract()`` itself returns an
    empty document with the warning ``"not an HTML page: ..."`` instead, as it does for
    every bad page.
    """


class EmptyPageError(InputError):
    """A page a loader was asked to load yields no main content: empty, or a bot-check
    interstitial. Raised by ``MainmarkLoader(on_error="raise")``."""


class TokenizerError(MainmarkError):
    """A tokenizer could not be loaded (unknown name, missing optional package)."""


class TimeBudgetExceeded(MainmarkError, TimeoutError):
    """One page used more CPU time than ``Options.time_budget`` allows.

    Raised rather than returned as a degraded document: the caller asked for the limit,
    and a half-extracted page would be indistinguishable from a short one.
    """
