"""mainmark: the main content of web pages as markdown chunks for retrieval pipelines.

Public surface::

    extract(html, *, url=None, headers=None, options=None) -> Document
    chunk(document, options=None) -> list[Chunk]
    Options, Document, Chunk, Metadata, Stamp, EncodingInfo, Link, errors
    Confidence, PageType   the enums Metadata's confidence and page_type hold
"""

from mainmark._version import __version__
from mainmark.chunks.pack import chunk
from mainmark.errors import (
    EmptyPageError,
    InputError,
    InputTypeError,
    MainmarkError,
    NotHtmlError,
    OptionsError,
    TimeBudgetExceeded,
    TokenizerError,
)
from mainmark.model import (
    Block,
    BlockKind,
    Chunk,
    Confidence,
    Document,
    EncodingInfo,
    EncodingSignal,
    Explain,
    Link,
    Metadata,
    PageType,
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
    "Confidence",
    "Document",
    "EmptyPageError",
    "EncodingInfo",
    "EncodingSignal",
    "Explain",
    "InputError",
    "InputTypeError",
    "Link",
    "MainmarkError",
    "Metadata",
    "NotHtmlError",
    "Options",
    "OptionsError",
    "PageType",
    "Removal",
    "Stamp",
    "Strategy",
    "TimeBudgetExceeded",
    "TokenizerError",
    "__version__",
    "chunk",
    "extract",
]
