"""The per-page CPU budget batch runs under; it lives in :mod:`mainmark.budget` so that
``extract()`` itself (a lower layer) can enforce ``Options.time_budget`` with it too."""

from __future__ import annotations

from mainmark.budget import PageTimeout, time_limit

__all__ = ["PageTimeout", "time_limit"]
