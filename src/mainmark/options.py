"""The one options object every stage reads.

Every knob of the pipeline lives here so that a document's stamp can hash the
*effective* configuration: two extractions with equal options hashes were made
the same way. The CLI maps its flags onto this object in one place
(:mod:`mainmark.cli`); library code never reads environment or config files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from mainmark.errors import OptionsError

LinkMode = Literal["inline", "text"]
#: What the extraction leans towards when a block is borderline (``content.favor`` maps it
#: onto the thresholds it moves).
Favor = Literal["balanced", "precision", "recall"]
FAVORS: tuple[str, ...] = ("balanced", "precision", "recall")


@dataclass(frozen=True, slots=True)
class Options:
    """Frozen, validated configuration for :func:`mainmark.extract` and friends."""

    # --- input limits -------------------------------------------------------------------
    #: Pages larger than this are cut to this many bytes before decoding (with a warning)
    #: rather than refused: a truncated article is more useful than none.
    max_input_bytes: int = 64 * 1024 * 1024
    #: CPU seconds one :func:`~mainmark.extract` call may spend before it raises
    #: :class:`~mainmark.errors.TimeBudgetExceeded`; ``None``: no limit. For library
    #: callers serving untrusted pages (``mainmark batch`` has its own ``--page-timeout``
    #: and audits a slow page as a ``timeout`` discard instead). CPU time, not wall time,
    #: so the answer does not depend on the machine's load.
    time_budget: float | None = None

    # --- extraction ---------------------------------------------------------------------
    #: Use a JSON-LD ``articleBody`` to locate the article in the DOM.
    use_jsonld: bool = True
    #: Record every removal decision for ``--explain``; costs a little time, so off by default.
    explain: bool = False
    #: ``balanced`` (the default output), ``precision`` (drop borderline blocks: for
    #: embedding) or ``recall`` (keep them: for search); see ``docs/extraction.md``.
    favor: Favor = "balanced"

    # --- rendering ----------------------------------------------------------------------
    #: ``text`` (the default) keeps only the anchor text and collects the links in
    #: ``Document.links`` and each chunk's ``links``; an image shows its alt text, and an
    #: anchor whose text is its own URL shows the URL's host. What a RAG index wants: link
    #: targets and image sources were a fifth of all chunk tokens, and an embedder reads
    #: them as noise. ``inline`` keeps ``[text](url)`` and ``![alt](src)`` in the markdown
    #: (and so in the chunks, which are spans of it) for a reader of the markdown.
    links: LinkMode = "text"
    #: Keep ``![alt](src)`` images. Images without any alt/caption/title are always dropped.
    images: bool = True
    #: Prepend the metadata title as ``# Title`` when the content has no h1.
    title_heading: bool = True
    #: Keep images that have no alt text, caption or title, labelled by their file name
    #: (``![sunset over the bay](…/sunset-over-the-bay.jpg)``) or ``image``.
    bare_images: bool = False

    # --- what the content keeps -----------------------------------------------------------
    #: CSS selectors of the page's main content. When one matches, the matched elements
    #: are the content (selection is skipped, furniture rules still apply).
    include: tuple[str, ...] = ()
    #: CSS selectors of elements removed from the page before selection.
    exclude: tuple[str, ...] = ()
    #: Keep reader comments and replies (forums, Q&A threads, blog discussions) instead
    #: of treating comment sections as chrome.
    comments: bool = False
    #: Keep reference lists (footnotes, endnotes, a wiki's "References"), whole; ``False``
    #: drops them and the citation markers (their link lists are token noise in an index).
    citations: bool = True
    #: Keep citation markers (``[1]``, ``[note 3]``, a ``<sup>`` link into the notes) in
    #: the text. Off by default: a bracketed number inside a sentence is noise to an
    #: embedder and splits the words a reader searches for; ignored when ``citations``
    #: is off.
    citation_markers: bool = False

    # --- chunking -----------------------------------------------------------------------
    #: Fill ``Document.chunks`` during :func:`extract`.
    chunking: bool = True
    max_tokens: int = 512
    min_tokens: int = 64
    overlap_tokens: int = 0
    #: Prefix the heading path to each chunk's ``embed_text``.
    contextualize: bool = True
    #: A tiktoken encoding name, ``"hf:<path-to-tokenizer.json>"``, or a callable
    #: ``str -> int`` counting tokens.
    tokenizer: str | Callable[[str], int] = "cl100k_base"

    # --- free-form extension point reserved for integrations (kept hashable) --------------
    extra: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        _check_int("max_input_bytes", self.max_input_bytes, minimum=1)
        if self.time_budget is not None and (
            isinstance(self.time_budget, bool)
            or not isinstance(self.time_budget, (int, float))
            or not self.time_budget > 0
        ):
            raise OptionsError(f"time_budget must be a positive number of seconds or None, "
                               f"not {self.time_budget!r}")
        _check_int("max_tokens", self.max_tokens, minimum=16)
        _check_int("min_tokens", self.min_tokens, minimum=0)
        _check_int("overlap_tokens", self.overlap_tokens, minimum=0)
        if self.min_tokens > self.max_tokens:
            raise OptionsError("min_tokens must not exceed max_tokens")
        if self.overlap_tokens >= self.max_tokens // 2:
            raise OptionsError("overlap_tokens must be below half of max_tokens")
        if self.links not in ("inline", "text"):
            raise OptionsError(f"links must be 'inline' or 'text', not {self.links!r}")
        if self.favor not in FAVORS:
            raise OptionsError(f"favor must be one of {', '.join(FAVORS)}, not {self.favor!r}")
        for name in ("use_jsonld", "explain", "images", "title_heading", "chunking",
                     "contextualize", "bare_images", "comments", "citations",
                     "citation_markers"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError(f"{name} must be a bool")
        _check_selectors("include", self.include)
        _check_selectors("exclude", self.exclude)
        if not (isinstance(self.tokenizer, str) and self.tokenizer) and not callable(
            self.tokenizer
        ):
            raise OptionsError("tokenizer must be an encoding name or a callable")

    def replace(self, **changes: object) -> Options:
        """Return a copy with ``changes`` applied (and validated again)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def digest(self) -> str:
        """Short stable hash of the effective options, for the version stamp.

        A callable tokenizer is hashed by its module and qualified name
        (:func:`callable_name`): its identity is not stable across processes, its name
        is the best available promise of equal behaviour. The limit: two callables
        with one name (two lambdas on one line, closures of one factory over different
        values, a function edited in place) hash alike; give a tokenizer a name of its
        own, or pass a name string, when the stamp must tell them apart.
        """
        values: dict[str, object] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _ADDED_AT_DEFAULT and value == f.default:
                continue  # a knob added later, at its default: earlier stamps stay equal
            if callable(value):
                value = "callable:" + callable_name(value)
            values[f.name] = value
        blob = json.dumps(values, sort_keys=True, default=str).encode()
        return hashlib.sha256(blob).hexdigest()[:12]


def callable_name(func: object) -> str:
    """``module.qualname`` of a function, or of the class of a callable object."""
    target = func if hasattr(func, "__qualname__") else type(func)
    module = getattr(target, "__module__", None) or "?"
    return f"{module}.{getattr(target, '__qualname__', type(func).__qualname__)}"


#: Knobs added after stamps were first written; left out of the digest at their default,
#: so a default extraction keeps the options hash (and chunk ids) it had before them.
_ADDED_AT_DEFAULT = frozenset({"favor", "bare_images", "include", "exclude", "comments",
                               "citations", "citation_markers"})


#: Limits on ``include``/``exclude``, checked here so that a bad list fails once, at
#: ``Options`` time, instead of on every page: each selector is evaluated on every page
#: (a list of thousands made each page cost a second), libxml2 refuses a huge compiled
#: expression ("Recursion limit exceeded", as ``XPathEvalError`` on every page), and
#: cssselect parses nested ``:is()``/``:not()`` by recursion (``RecursionError``).
MAX_SELECTORS = 256
MAX_SELECTOR_CHARS = 4096
#: Parentheses nested deeper than this (``:is(:is(...))``) are refused before parsing.
MAX_SELECTOR_NESTING = 16
#: The compiled XPath of one selector, in characters.
MAX_SELECTOR_XPATH_CHARS = 100_000


def _check_selectors(name: str, value: object) -> None:
    """A tuple of CSS selectors that parse (cssselect's grammar, as lxml uses it), within
    the limits above, and that libxml2 can evaluate."""
    if not isinstance(value, tuple) or not all(isinstance(v, str) and v.strip() for v in value):
        raise OptionsError(f"{name} must be a tuple of CSS selector strings")
    if len(value) > MAX_SELECTORS:
        raise OptionsError(f"{name}: {len(value)} selectors, at most {MAX_SELECTORS} allowed")
    if not value:
        return
    from cssselect import SelectorError  # imported here: only a set selector pays for it
    from lxml import etree
    from lxml.cssselect import CSSSelector
    from lxml.html import fromstring

    probe = fromstring("<html><body><div class='a' id='b'><p>x</p></div></body></html>")
    for selector in value:
        shown = selector if len(selector) <= 80 else selector[:77] + "..."
        if len(selector) > MAX_SELECTOR_CHARS:
            raise OptionsError(f"{name}: selector {shown!r} is {len(selector)} characters, "
                               f"at most {MAX_SELECTOR_CHARS} allowed")
        if _nesting(selector) > MAX_SELECTOR_NESTING:
            raise OptionsError(f"{name}: selector {shown!r} nests parentheses deeper than "
                               f"{MAX_SELECTOR_NESTING}")
        try:
            compiled = CSSSelector(selector)
        except (SelectorError, RecursionError) as exc:
            raise OptionsError(f"{name}: invalid CSS selector {shown!r}: {exc}") from None
        if len(compiled.path) > MAX_SELECTOR_XPATH_CHARS:
            raise OptionsError(f"{name}: selector {shown!r} is too complex to evaluate")
        try:
            compiled(probe)
        except etree.XPathError as exc:
            raise OptionsError(f"{name}: selector {shown!r} cannot be evaluated: {exc}") from None


def _nesting(selector: str) -> int:
    """The deepest parenthesis nesting of ``selector`` (quotes ignored: an over-count
    only refuses a selector nobody writes)."""
    depth = deepest = 0
    for char in selector:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth = max(0, depth - 1)
    return deepest


def _check_int(name: str, value: object, *, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum:
        raise OptionsError(f"{name} must be >= {minimum}, got {value}")


DEFAULT_OPTIONS = Options()
