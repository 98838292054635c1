"""Chrome verdicts: why an element was judged page chrome, as an enum of kinds.

A verdict is recorded per element (``Measures.chrome`` outside the main region,
``Measures.narrow`` inside it) and travels into the explanation as the removal's rule,
serialised as the kind's prefix and its detail: ``broad:footer``, ``tag:nav``,
``role=navigation``. The serialised form is what users read in ``--explain`` output, so it
stays a plain string; the kinds are this enum, and code asks about a verdict's kind
through it rather than through string literals.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Chrome", "detail_of", "kind_of", "verdict"]


class Chrome(str, Enum):
    """The kind of evidence behind a chrome verdict; the value is its serialised prefix."""

    ROLE = "role="  #: an ARIA landmark role that is chrome wherever it is
    TAG = "tag:"  #: a chrome tag (``nav``, ``footer``, ``aside``, ``header``, ``menu``)
    ASIDE = "aside:"  #: an ``<aside>`` with a sidebar word, inside the main region
    NARROW = "narrow:"  #: a narrow-vocabulary word or stem, inside the main region
    BROAD = "broad:"  #: a broad-vocabulary word or stem, outside the main region
    PRODUCT = "product:"  #: a product page's customer reviews


#: Every kind, longest prefix first, for :func:`kind_of`.
_KINDS = tuple(sorted(Chrome, key=lambda k: -len(k.value)))


def verdict(kind: Chrome, detail: str) -> str:
    """The serialised verdict: ``verdict(Chrome.BROAD, "footer") == "broad:footer"``."""
    return kind.value + detail


def kind_of(rule: str) -> Chrome | None:
    """The kind of a serialised verdict (``None`` for a rule that is no chrome verdict)."""
    return next((k for k in _KINDS if rule.startswith(k.value)), None)


def detail_of(rule: str) -> str:
    """What a verdict names: the word, stem, tag or role after its kind's prefix (the whole
    rule when it has no known prefix). The prefixes are read from a tuple of strings, not
    from the members: a member's ``value`` is a Python-level property, and selection asks
    this of every chrome verdict of the page."""
    for prefix in _PREFIXES:
        if rule.startswith(prefix):
            return rule[len(prefix):]
    return rule


#: The kinds' prefixes, longest first (as :data:`_KINDS`).
_PREFIXES = tuple(k.value for k in _KINDS)
