"""mainmark: the main content of web pages as markdown chunks for retrieval pipelines.

Public surface::

    extract(html, *, url=None, headers=None, options=None) -> Document
    chunk(document, options=None) -> list[Chunk]
    Options, Document, Chunk, Metadata, Stamp, EncodingInfo, Link, errors
"""

from mainmark._version import __version__
from mainmark.chunks.pack import chunk
from mainmark.errors import (
    InputError,
    MainmarkError,
    OptionsError,
    TimeBudgetExceeded,
    TokenizerError,
)
from mainmark.model import (
    Block,
    BlockKind,
    Chunk,
    Document,
    EncodingInfo,
    EncodingSignal,
    Explain,
    Link,
    Metadata,
    Removal,
    Stamp,
    Strategy,
)
from mainmark.options import Options
from mainmark.pipeline import extract

__all__ = [
    "Block",
    "BlockKind",
    "Chunk",
    "Document",
    "EncodingInfo",
    "EncodingSignal",
    "Explain",
    "InputError",
    "Link",
    "MainmarkError",
    "Metadata",
    "Options",
    "OptionsError",
    "Removal",
    "Stamp",
    "Strategy",
    "TimeBudgetExceeded",
    "TokenizerError",
    "__version__",
    "chunk",
    "extract",
]
