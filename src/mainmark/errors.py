"""Exceptions raised by mainmark.

Only programming errors and unusable inputs raise; a degraded page (undecodable,
unparsable, empty) still yields a :class:`~mainmark.model.Document` carrying
``warnings``::

    MainmarkError                       base of everything raised here
    ├── OptionsError (ValueError)       an Options field is invalid
    ├── InputError                      the input or the run's settings cannot be used
    │   ├── InputTypeError (TypeError)  a public entry point got a value of the wrong type
    │   ├── InputUnavailable (OSError)  a path names nothing, a URL/sitemap/list cannot be read
    │   ├── MissingExtraError (ImportError)  an optional package the input needs is absent
    │   ├── NotHtmlError                a loader's source is no HTML page (PDF, image, JSON)
    │   └── EmptyPageError              a loader's page has no main content (or is a bot check)
    ├── TokenizerError                  a tokenizer name cannot be loaded (offline, unknown)
    └── TimeBudgetExceeded (TimeoutError)  the caller's ``Options.time_budget`` was spent

Until 0.14 ``InputError`` itself was a ``TypeError``, although it was raised for
missing files, failed fetches and missing extras too. Now only the wrong-type case is
one (:class:`InputTypeError`, so ``except TypeError`` around ``extract(123)`` still
works); the others are an ``OSError`` or an ``ImportError``, as Python's own are, and
``except InputError`` catches all of them as before.
"""

from __future__ import annotations


class MainmarkError(Exception):
    """Base class of every exception mainmark raises on purpose."""


class OptionsError(MainmarkError, ValueError):
    """An :class:`~mainmark.options.Options` field failed validation."""


class InputError(MainmarkError):
    """The input given to a public entry point, or a run's settings, cannot be used."""


class InputTypeError(InputError, TypeError):
    """A public entry point got a value of the wrong type (``extract(123)``)."""


class InputUnavailable(InputError, OSError):
    """An input cannot be reached: a path names nothing, a URL, sitemap or URL list
    cannot be fetched or read."""


class MissingExtraError(InputError, ImportError):
    """The input needs an optional package that is not installed (``mainmark[warc]``,
    ``[parquet]``, ``[fetch]``, ``[plot]``); the message says which extra to install."""


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
