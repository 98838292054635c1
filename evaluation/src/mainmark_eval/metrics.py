"""The benchmark metrics, exactly as ``../shared/bench/README.md`` defines them.

Each set keeps the metric of the project it comes from, so that our numbers are
comparable with published ones: ``sh`` the scrapinghub shingle metric (page means
of multiset precision/recall), ``tr`` trafilatura's snippet metric (corpus sums),
``rd`` a bag-of-words overlap against Readability.js output, ``wx`` WCXB's
``word_f1`` (the same bag-of-words overlap against the ``main_content`` text, over
the pages whose reference has a word). Every accumulator
takes pages one at a time with :meth:`add` and reports with :meth:`score`, so the
runner never holds more than one page's intermediate data per system.

Tokens are runs of Unicode word characters (``\\w+``); a crash or an empty result
is scored as the empty string.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from lxml import etree
from lxml import html as lxml_html

from mainmark_eval.datasets import Page

_TOKEN = re.compile(r"\w+")
_WS = re.compile(r"\s+")
SHINGLE_N = 4
#: Elements whose text is not page text even if Readability left them in (the
#: README's reference text drops these two and keeps everything else).
_NO_TEXT = frozenset({"script", "style"})


@dataclass(frozen=True, slots=True)
class SetScore:
    """A set's headline numbers; ``accuracy`` is ``None`` where the metric has none (rd)."""

    precision: float
    recall: float
    f1: float
    accuracy: float | None = None


class Metric(Protocol):
    """The accumulator contract every set's metric follows (see the module docstring).

    Pages arrive one at a time so the runner never keeps more than one page's
    intermediate data per system.
    """

    def add(self, page: Page, output: str) -> None:
        """Fold in one page; ``output`` is the empty string for a crash or an empty result."""

    def score(self) -> SetScore:
        """The set's numbers over every page added so far; callable at any time."""


def tokens(text: str) -> list[str]:
    """The README's tokens: runs of Unicode word characters, punctuation dropped."""
    return _TOKEN.findall(text)


def harmonic(p: float, r: float) -> float:
    """F1 of ``p`` and ``r``, 0 rather than a division error when both are 0."""
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


# ----------------------------------------------------------------------------- sh


def shingles(toks: list[str], n: int = SHINGLE_N) -> Counter[tuple[str, ...]]:
    """Multiset of n-gram shingles; fewer than n tokens give one shorter shingle."""
    if not toks:
        return Counter()
    if len(toks) < n:
        return Counter([tuple(toks)])
    return Counter(zip(*(toks[i:] for i in range(n)), strict=False))


@dataclass(frozen=True, slots=True)
class ShingleCounts:
    """One page's shingle tallies, kept raw so precision and recall share one count."""

    tp: int
    fp: int
    fn: int


def shingle_counts(reference: str, output: str) -> ShingleCounts:
    """tp = shared shingles (multiset min), fp = output-only, fn = reference-only."""
    ref, out = shingles(tokens(reference)), shingles(tokens(output))
    tp = sum((ref & out).values())
    return ShingleCounts(tp, sum(out.values()) - tp, sum(ref.values()) - tp)


def shingle_precision(c: ShingleCounts) -> float:
    """Page precision, scrapinghub convention: a page with nothing wrong scores 1, even empty."""
    if c.fp == 0 and c.fn == 0:
        return 1.0
    return c.tp / (c.tp + c.fp) if c.tp + c.fp else 0.0


def shingle_recall(c: ShingleCounts) -> float:
    """Page recall by the same convention as :func:`shingle_precision`."""
    if c.fp == 0 and c.fn == 0:
        return 1.0
    return c.tp / (c.tp + c.fn) if c.tp + c.fn else 0.0


@dataclass(slots=True)
class ShingleMetric:
    """Means of page precision (pages with output) and recall (pages with a reference).

    The README divides tp, fp and fn by their sum per page; that scaling cancels in
    both ratios, so raw counts are kept.
    """

    precisions: list[float] = field(default_factory=list)
    recalls: list[float] = field(default_factory=list)
    exact: int = 0
    pages: int = 0

    def add(self, page: Page, output: str) -> None:
        """Count the page; precision only with output, recall only with a reference.

        A page with no output has no precision to average (and likewise for recall), which is
        how the scrapinghub evaluation takes its means.
        """
        ref_tokens, out_tokens = tokens(page.reference), tokens(output)
        self.pages += 1
        self.exact += ref_tokens == out_tokens
        c = shingle_counts(page.reference, output)
        if c.tp + c.fp > 0:
            self.precisions.append(shingle_precision(c))
        if c.tp + c.fn > 0:
            self.recalls.append(shingle_recall(c))

    def score(self) -> SetScore:
        """Mean precision and recall, their F1, and the share of exactly reproduced pages."""
        p, r = _mean(self.precisions), _mean(self.recalls)
        accuracy = self.exact / self.pages if self.pages else 0.0
        return SetScore(p, r, harmonic(p, r), accuracy)


# ----------------------------------------------------------------------------- tr


def normalize_ws(text: str) -> str:
    """Whitespace runs to one space, ends stripped.

    Snippets and outputs wrap lines differently; without this an exact substring test
    would fail on line breaks rather than on content.
    """
    return _WS.sub(" ", text).strip()


def _snippets(entry: Mapping[str, Any], key: str) -> list[str]:
    value = entry.get(key)
    if not isinstance(value, list):
        return []
    return [normalize_ws(s) for s in value if isinstance(s, str)]


def snippet_counts(entry: Mapping[str, Any], output: str) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) of one page: exact substring search in whitespace-normalised text.

    An empty output contains no snippet, not even an empty one.
    """
    text = normalize_ws(output)
    with_, without = _snippets(entry, "with"), _snippets(entry, "without")
    tp = sum(1 for s in with_ if s in text) if output else 0
    fp = sum(1 for s in without if s in text) if output else 0
    return tp, fp, len(with_) - tp, len(without) - fp


@dataclass(slots=True)
class SnippetMetric:
    """Corpus sums over pages, then the ratios (trafilatura's tests/eval_common.py)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, page: Page, output: str) -> None:
        """Add the page's snippet tallies to the corpus sums (ratios are taken only at the end)."""
        tp, fp, fn, tn = snippet_counts(page.annotation, output)
        self.tp += tp
        self.fp += fp
        self.fn += fn
        self.tn += tn

    def score(self) -> SetScore:
        """Ratios of the corpus sums, as trafilatura reports them (not page means)."""
        tp, fp, fn, tn = self.tp, self.fp, self.fn, self.tn
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        total = tp + fp + fn + tn
        accuracy = (tp + tn) / total if total else 0.0
        f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
        return SetScore(precision, recall, f1, accuracy)


# ----------------------------------------------------------------------------- rd


def reference_text(html: str) -> str:
    """Text of ``html`` with a space at every element boundary (open and close).

    Without the spaces ``<li>one</li><li>two</li>`` would read as the single token
    "onetwo" and punish every extractor for the reference's markup. Iterative walk.
    """
    if not html.strip():
        return ""
    try:
        root = lxml_html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return ""
    # lxml's iterwalk skips comments together with their tails, hence an explicit stack.
    parts: list[str] = []
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        el, closing = stack.pop()
        parts.append(" ")
        if closing:
            parts.append(el.tail or "")
            continue
        stack.append((el, True))
        if isinstance(el.tag, str) and el.tag not in _NO_TEXT:
            parts.append(el.text or "")
            stack.extend((child, False) for child in reversed(el))
    return "".join(parts)


def bag(text: str) -> Counter[str]:
    """Lowercased token multiset: the bag-of-words side of the rd and wx metrics."""
    return Counter(t.lower() for t in tokens(text))


@dataclass(frozen=True, slots=True)
class BagScore:
    """One page's bag-of-words scores, averaged per set by :class:`BagOfWordsMetric`."""

    precision: float
    recall: float
    f1: float


def bag_overlap(reference: str, output: str) -> BagScore:
    """Page scores of output text against reference *text* (lowercased ``\\w+`` multisets).

    An empty side scores 1 only against an equally empty other side: nothing was
    missed, nothing was added. So an empty output against a real reference is 0/0.
    """
    ref, out = bag(reference), bag(output)
    overlap = sum((ref & out).values())
    n_out, n_ref = sum(out.values()), sum(ref.values())
    precision = overlap / n_out if n_out else float(n_ref == 0)
    recall = overlap / n_ref if n_ref else float(n_out == 0)
    return BagScore(precision, recall, harmonic(precision, recall))


@dataclass(slots=True)
class BagOfWordsMetric:
    """Means of page precision, recall and F1 over the scored pages.

    ``rd`` references are HTML (see :func:`reference_text`) and every page counts;
    ``wx`` references are text and a page whose reference has no word is left out,
    as WCXB's ``word_f1`` does (there is nothing to find on it).
    """

    html_reference: bool = True
    skip_empty_reference: bool = False
    pages: list[BagScore] = field(default_factory=list)

    def add(self, page: Page, output: str) -> None:
        """Score one page, skipping it (wx) when its reference has no word to find."""
        reference = reference_text(page.reference) if self.html_reference else page.reference
        if self.skip_empty_reference and not _TOKEN.search(reference):
            return
        self.pages.append(bag_overlap(reference, output))

    def score(self) -> SetScore:
        """Page means of precision, recall and F1 (F1 is a mean, not the F1 of the means)."""
        return SetScore(
            _mean([s.precision for s in self.pages]),
            _mean([s.recall for s in self.pages]),
            _mean([s.f1 for s in self.pages]),
        )


def word_f1_metric() -> BagOfWordsMetric:
    """WCXB's ``word_f1`` accumulator (wx)."""
    return BagOfWordsMetric(html_reference=False, skip_empty_reference=True)


def title_agrees(expected: object, got: str | None) -> bool | None:
    """The README's rd title rule: equal after collapsing whitespace and casefolding.

    ``None`` when the page has no expected title, so the share is over titled pages.
    """
    if not isinstance(expected, str) or not expected.strip():
        return None
    if got is None:
        return False
    return normalize_ws(expected).casefold() == normalize_ws(got).casefold()


# ----------------------------------------------------------------------------- shares


@dataclass(slots=True)
class Tally:
    """found/total per key, for structure recall and metadata agreement."""

    counts: dict[str, list[int]] = field(default_factory=dict)
    failures: int = 0

    def add(self, key: str, found: int, total: int) -> None:
        """Add ``found`` of ``total`` to ``key``; shares are taken over sums, not page means."""
        pair = self.counts.setdefault(key, [0, 0])
        pair[0] += found
        pair[1] += total

    def add_flags(self, flags: Mapping[str, bool | None]) -> None:
        """One page's agreement flags; ``None`` (not annotated) does not count."""
        for key, ok in flags.items():
            if ok is not None:
                self.add(key, int(bool(ok)), 1)

    def shares(self) -> dict[str, tuple[int, int]]:
        """``(found, total)`` per key, left as counts so the report can show both."""
        return {key: (found, total) for key, (found, total) in self.counts.items()}


def make_metric(set_name: str) -> Metric:
    """A fresh accumulator with the metric of the project ``set_name`` comes from.

    Raises ``ValueError`` for an unknown set, so a typo cannot fall back to another metric.
    """
    if set_name == "sh":
        return ShingleMetric()
    if set_name == "tr":
        return SnippetMetric()
    if set_name == "rd":
        return BagOfWordsMetric()
    if set_name == "wx":
        return word_f1_metric()
    raise ValueError(f"no metric for set {set_name!r}")
