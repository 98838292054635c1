"""Compressed bytes inflated in bounded pieces, never past a cap: the one decompressor.

A few kilobytes on the wire can stand for gigabytes: ``Content-Encoding: gzip, gzip``
(a gzip of a gzip of zeros), a zstd frame of zeros, a ``.html.gz`` made of many gzip
members. Calling ``gzip.decompress`` (or letting an HTTP client decode) builds the whole
result before any size check can run. Here every layer is a reader that hands out at
most ``size`` bytes per ``read``, pulling compressed input from the layer below only
when it needs more, and every layer's output is counted against the cap, so the work
and the memory spent on a bomb are bounded by the cap, not by the bomb.

Who uses it: the fetcher (HTTP bodies by their ``Content-Encoding``; robots.txt and
sitemaps too, since they are fetched the same way), :func:`mainmark.ingest.records.inflate`
(gzipped files of a batch, inflated in the worker), ``mainmark extract`` and the
LangChain loader (local ``.gz`` files). Nothing here knows about pages or records.

Must not: hold a whole compressed or inflated stream besides what the caller keeps,
or pass ``0`` as a zlib output limit (zlib reads ``0`` as "no limit").
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import IO, Any, Protocol, cast

#: Bytes asked of a layer at a time: the most any one step can allocate.
PIECE = 64 * 1024
#: More stacked encodings than this is not a real server: refused, not unwound.
MAX_LAYERS = 4
#: zstd window a decoder must support for HTTP (RFC 9659); larger windows are refused,
#: so a frame header cannot make the decoder allocate 2 GB up front.
ZSTD_MAX_WINDOW = 8 << 20
GZIP_MAGIC = b"\x1f\x8b"
_GZIP_WBITS, _ZLIB_WBITS, _RAW_WBITS = 31, 15, -15


class InflateError(Exception):
    """The data could not be inflated within its limits."""


class TooLarge(InflateError):
    """A layer produced more than the cap; ``size`` is how far it got (over the cap)."""

    def __init__(self, size: int, cap: int) -> None:
        super().__init__(f"inflates past the cap of {cap} bytes")
        self.size = size
        self.cap = cap


class BadData(InflateError):
    """Broken compressed data, or an encoding this module does not read."""


class Truncated(BadData):
    """The compressed data stops before its end marker (an interrupted transfer)."""


class Reader(Protocol):
    """Anything with a binary ``read``: a source layer, or a decoder stacked on another.

    Each layer pulls a bounded ``size`` from the one below, which is what lets the cap
    stop a decompression bomb before it is inflated whole.
    """

    def read(self, size: int, /) -> bytes:
        """Up to ``size`` bytes (fewer is not the end); ``b""`` only at the end of the data."""


def supported_encodings() -> tuple[str, ...]:
    """Content codings that can be inflated here, zstd only when ``zstandard`` is present.

    ``br`` is not among them: the brotli bindings' streaming call has no output limit
    in the versions we can rely on, so a brotli body could not be capped.
    """
    try:
        import zstandard  # noqa: F401  # only asking whether it is installed
    except ImportError:
        return ("gzip", "deflate")
    return ("gzip", "deflate", "zstd")


def inflate_stream(blocks: Iterable[bytes], encodings: Sequence[str], cap: int
                   ) -> Iterator[bytes]:
    """Pieces of ``blocks`` decoded by ``encodings`` (in the order they were applied,
    as ``Content-Encoding`` lists them), at most :data:`PIECE` bytes each.

    Raises :class:`TooLarge` as soon as any layer (the compressed input included) passes
    ``cap`` bytes, :class:`BadData` for broken data or an unknown or too deep encoding.
    """
    if cap < 1:
        raise ValueError("cap must be >= 1")
    names = [_canonical(name) for name in encodings if _canonical(name) != "identity"]
    if len(names) > MAX_LAYERS:
        raise BadData(f"{len(names)} stacked content encodings (at most {MAX_LAYERS})")
    reader: Reader = _Capped(_Blocks(blocks), cap)
    for name in reversed(names):  # the last coding applied is the first undone
        reader = _Capped(_layer(name, reader), cap)
    while True:
        piece = reader.read(PIECE)
        if not piece:
            return
        yield piece


def read_file(stream: IO[bytes], cap: int) -> bytes:
    """A local file's bytes, gunzipped when they start with the gzip magic (every
    member), read in pieces; :class:`TooLarge` past ``cap``, :class:`BadData` for a
    broken gzip. One layer only: a ``.gz`` inside a ``.gz`` stays compressed."""
    first = stream.read(PIECE)
    rest = iter(lambda: stream.read(PIECE), b"")
    encodings = ["gzip"] if first[:2] == GZIP_MAGIC else []
    return b"".join(inflate_stream(chain([first], rest), encodings, cap))


def gunzip(data: bytes, cap: int) -> bytes:
    """``data`` gunzipped (every member) up to ``cap`` bytes; see :func:`inflate_stream`."""
    return b"".join(inflate_stream([data], ["gzip"], cap))


def _canonical(name: str) -> str:
    name = name.strip().lower()
    return {"x-gzip": "gzip", "": "identity"}.get(name, name)


def _layer(name: str, source: Reader) -> Reader:
    if name == "gzip":
        return _Zlib(source, gzip=True)
    if name == "deflate":
        return _Zlib(source, gzip=False)
    if name == "zstd" and "zstd" in supported_encodings():
        return _Zstd(source)
    raise BadData(f"content encoding {name!r} is not supported")


class _Blocks:
    """An iterable of byte blocks (an HTTP body, a file read in pieces) as a reader."""

    def __init__(self, blocks: Iterable[bytes]) -> None:
        self._blocks = iter(blocks)
        self._buffer = b""
        self._at = 0

    def read(self, size: int, /) -> bytes:
        while self._at >= len(self._buffer):
            block = next(self._blocks, None)
            if block is None:
                return b""
            self._buffer, self._at = bytes(block), 0
        if self._at == 0 and len(self._buffer) <= size:
            out, self._buffer = self._buffer, b""
            return out
        out = self._buffer[self._at:self._at + size]
        self._at += len(out)
        return out


class _Capped:
    """Counts what a layer hands out; past ``cap`` the whole inflation stops."""

    def __init__(self, source: Reader, cap: int) -> None:
        self._source = source
        self._cap = cap
        self.count = 0

    def read(self, size: int, /) -> bytes:
        data = self._source.read(size)
        self.count += len(data)
        if self.count > self._cap:
            raise TooLarge(self.count, self._cap)
        return data


class _Zlib:
    """gzip (every member, trailing non-gzip bytes ignored as gzip tools do) or deflate
    (zlib-wrapped as RFC 9110 says, or raw as some servers send it)."""

    def __init__(self, source: Reader, *, gzip: bool) -> None:
        self._source = source
        self._gzip = gzip
        self._inflater: Any = None  # zlib's decompress object: one per gzip member
        self._input = b""
        self._members = 0
        self._done = False

    def read(self, size: int, /) -> bytes:
        size = max(1, size)  # zlib reads a limit of 0 as "no limit"
        while not self._done:
            if not self._input:
                self._input = self._source.read(PIECE)
            if self._inflater is None and not self._start():
                break
            if not self._input:  # the input ended inside a stream: drain, then complain
                out = self._decompress(b"", size)
                if out:
                    return out
                raise Truncated("compressed data ends before its end marker")
            out = self._decompress(self._input, size)
            if self._inflater.eof:
                self._input, self._inflater = self._inflater.unused_data, None
            else:
                self._input = self._inflater.unconsumed_tail
            if out:
                return out
        return b""

    def _start(self) -> bool:
        """Open the next stream on ``self._input``; ``False`` when there is none."""
        if self._members and (not self._gzip or not self._input.startswith(GZIP_MAGIC[:1])):
            self._done = True  # deflate holds one stream; gzip ends at non-gzip bytes
            return False
        if len(self._input) == 1:  # the magic may straddle two blocks
            self._input += self._source.read(PIECE)
        if not self._input or (self._members and not self._input.startswith(GZIP_MAGIC)):
            self._done = True
            return False
        wbits = _GZIP_WBITS if self._gzip else _deflate_wbits(self._input)
        self._inflater = zlib.decompressobj(wbits)
        self._members += 1
        return True

    def _decompress(self, data: bytes, size: int) -> bytes:
        try:
            return bytes(self._inflater.decompress(data, size))
        except zlib.error as exc:
            raise BadData(f"bad {'gzip' if self._gzip else 'deflate'} data: {exc}") from exc


def _deflate_wbits(head: bytes) -> int:
    """zlib-wrapped deflate has a two-byte header divisible by 31; anything else is raw."""
    if len(head) >= 2 and head[0] & 0x0F == 8 and (head[0] << 8 | head[1]) % 31 == 0:
        return _ZLIB_WBITS
    return _RAW_WBITS


class _Zstd:
    """zstd frames, one after another, through zstandard's pull reader: each ``read``
    returns at most ``size`` bytes, and windows over :data:`ZSTD_MAX_WINDOW` are refused."""

    def __init__(self, source: Reader) -> None:
        import zstandard

        self._error: type[Exception] = zstandard.ZstdError
        decompressor = zstandard.ZstdDecompressor(max_window_size=ZSTD_MAX_WINDOW)
        # Any object with read(size) will do; zstandard's stubs only name IO[bytes].
        self._reader = decompressor.stream_reader(cast(IO[bytes], source), read_size=PIECE,
                                                  read_across_frames=True, closefd=False)

    def read(self, size: int, /) -> bytes:
        try:
            return bytes(self._reader.read(max(1, size)))
        except self._error as exc:
            raise BadData(f"bad zstd data: {exc}") from exc
