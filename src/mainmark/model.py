"""The data model: what flows between stages and what users get back.

Frozen, slotted dataclasses throughout, so a record can be shared across threads
and hashed; ``Enum`` for every closed vocabulary, so a typo is a type error and
not a silently different string. ``Document.to_dict`` is the one JSON shape
written by the CLI, the batch job and the integrations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from lxml.html import HtmlElement

# ----------------------------------------------------------------------------- decoding


class EncodingSignal(str, Enum):
    """Which evidence chose the encoding, in WHATWG order of precedence."""

    BOM = "bom"
    HEADER = "header"  # charset= of an HTTP Content-Type
    META = "meta"  # <meta charset> / http-equiv prescan of the first 1024 bytes
    DETECTOR = "detector"  # charset-normalizer on the bytes
    DEFAULT = "default"  # nothing said anything: UTF-8
    STR = "str"  # the caller passed text, nothing was decoded


@dataclass(frozen=True, slots=True)
class EncodingInfo:
    """What the bytes were decoded as, and why."""

    name: str
    signal: EncodingSignal
    #: UTF-8 that had been decoded as windows-1252 ("Ã©") was repaired.
    mojibake_repaired: bool = False
    #: Bytes that did not decode and were replaced with U+FFFD.
    replaced: int = 0


# ----------------------------------------------------------------------------- metadata


class Confidence(str, Enum):
    """How far a metadata field may be trusted (see :mod:`mainmark.metadata.confidence`)."""

    HIGH = "high"  # structured data or meta tags and the visible page agree
    MEDIUM = "medium"  # one trusted source, or a rule's choice between disagreeing ones
    LOW = "low"  # a heuristic read of the page (title tag, DOM byline, URL date)


class PageType(str, Enum):
    """What kind of page it is (decided by :mod:`mainmark.pagekind`)."""

    ARTICLE = "article"  # news, blog post, essay: one text
    FORUM = "forum"  # a discussion or Q&A thread: the question and every answer
    PRODUCT = "product"  # one product: description and specifications, not the shop
    DOCUMENTATION = "documentation"  # manual, API reference, tutorial
    LISTING = "listing"  # an index of other pages: news lists, search results, rankings
    COLLECTION = "collection"  # a shop's category page: a grid of product cards
    SERVICE = "service"  # a landing or service page: the sections of the main column


@dataclass(frozen=True, slots=True)
class Metadata:
    """Citation metadata. Every field is optional: a page may offer none of it.

    ``sources`` names the signal each field came from; ``confidence`` grades
    ``title``, ``author`` and ``published`` (absent for an empty field), so a pipeline
    can keep only what it trusts: ``meta.confidence.get("author") == Confidence.HIGH``.
    """

    title: str | None = None
    author: tuple[str, ...] = ()
    published: str | None = None  # ISO 8601, timezone kept when the page gave one
    modified: str | None = None
    canonical_url: str | None = None
    url: str | None = None  # the URL the page was fetched from, as given
    site_name: str | None = None
    language: str | None = None  # BCP 47
    description: str | None = None
    image: str | None = None
    type: str | None = None  # the schema.org type the metadata was read from
    keywords: tuple[str, ...] = ()
    price: str | None = None
    currency: str | None = None
    availability: str | None = None
    page_type: PageType = PageType.ARTICLE
    #: The page-kind model's probability for ``page_type`` (0-1); selection acts on a kind
    #: other than the article only when it is high enough (``mainmark.pagekind``).
    page_type_confidence: float | None = None
    #: field name -> the signal it came from ("jsonld", "opengraph", "meta", "dom", ...).
    sources: Mapping[str, str] = field(default_factory=dict)
    #: "title"/"author"/"published" -> :class:`Confidence`.
    confidence: Mapping[str, Confidence] = field(default_factory=dict)

    def __hash__(self) -> int:
        return _value_hash(self)


# ----------------------------------------------------------------------------- extraction


class Strategy(str, Enum):
    """Which extraction path produced the main content."""

    JSONLD_LOCATE = "jsonld-locate"  # articleBody matched a DOM subtree
    JSONLD_BODY = "jsonld-body"  # articleBody emitted as paragraphs (client-rendered page)
    SELECTION = "selection"  # density / scoring selection
    LADDER = "ladder"  # a more permissive pruning step of the fallback ladder
    FALLBACK = "fallback"  # whole page minus hard chrome
    EMPTY = "empty"  # nothing usable on the page


@dataclass(frozen=True, slots=True)
class Removal:
    """One removed subtree, for ``--explain``."""

    rule: str
    path: str
    preview: str
    nbytes: int


@dataclass(frozen=True, slots=True)
class MainElement:
    """One element the main content was rendered from, for ``--explain``: what a user
    looks for in the page's source when asking "why this and not that"."""

    tag: str
    #: Below ``<body>``, positional (``div[2]/article``): the block and chunk tag paths'
    #: spelling, so it matches ``Chunk.tag_path`` prefixes.
    path: str
    id: str | None = None
    classes: str | None = None
    #: The element's share of the page's visible text (0-1), after scripts and styles went.
    text_share: float = 0.0


@dataclass(frozen=True, slots=True)
class Explain:
    """Why the content is what it is."""

    strategy: Strategy
    detail: str = ""
    removals: tuple[Removal, ...] = ()
    #: bytes stripped per kind of invisible payload ("script", "style", "hydration", ...).
    stripped: Mapping[str, int] = field(default_factory=dict)
    #: The elements that became the main content, in document order (none when the
    #: content is JSON-LD text or nothing was found).
    main: tuple[MainElement, ...] = ()

    def __hash__(self) -> int:
        return _value_hash(self)


def _value_hash(record: object) -> int:
    """A record's hash by value, as the generated ``__hash__`` of the other frozen records
    gives, with its mapping fields hashed as their sorted items: a mapping is the natural
    type for them (a lookup by field name) but is not hashable itself, and a record that
    holds one would make every record above it (a ``Document``) unhashable."""
    return hash(tuple(
        tuple(sorted(value.items())) if isinstance(value, Mapping) else value
        for value in (getattr(record, f.name) for f in dataclasses.fields(record))))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Headline:
    """How rendering treats the content's headline, as ``Options.favor`` chose
    (:mod:`mainmark.content.favor`): selection hands it forward with the content, so the
    renderer reads a decision, not the selection's thresholds."""

    #: The headline stays in ``Document.text`` (recall: a search for the title's words
    #: should find the page); otherwise the text is the body only.
    in_text: bool = False
    #: An ``<h1>`` among the first blocks is the headline even when its words differ from
    #: the metadata title's (precision).
    lead_h1: bool = False


@dataclass(slots=True)
class Content:
    """The selected main content: the seam between selection and rendering.

    Selection never rewrites the tree; it hands over the roots to render, in
    document order, and the set of nodes inside them that must be skipped. The
    elements keep their identity, so source offsets recorded at parse time stay
    valid. ``paragraphs`` is used instead when the content exists only as text
    (a JSON-LD ``articleBody`` on a client-rendered page).
    """

    roots: list[HtmlElement]
    removed: set[HtmlElement] = field(default_factory=set)
    paragraphs: list[str] = field(default_factory=list)
    base_url: str | None = None
    explain: Explain = field(default_factory=lambda: Explain(Strategy.EMPTY))
    headline: Headline = Headline()


# ----------------------------------------------------------------------------- spans


class _ReadsAsString:
    """Equal to and hashed as the string it reads: a record holding a span or a deferred
    join compares as one holding the plain string (shared by :class:`Span` and
    :class:`Deferred`)."""

    __slots__ = ()

    def read(self) -> str:
        """The string this stands for (each subclass says how it is made)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _ReadsAsString):
            return self.read() == other.read()
        if isinstance(other, str):
            return self.read() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.read())


@dataclass(frozen=True, slots=True, eq=False)
class Span(_ReadsAsString):
    """Characters ``start:end`` of ``source``: a string held as a view of a longer one.

    A big page's document would hold its content many times over (the markdown, each
    block's markdown, each chunk's text and embed text); the blocks and chunks are
    exactly pieces of the markdown, so they hold spans of it and make the string on each
    read (a slice is cheap; a copy kept would undo the saving). Equal to and hashed as
    the string it reads, so a record holding a span compares as one holding the string;
    pickled with its source, which pickle's memo shares with the document's markdown.
    """

    source: str = field(repr=False)
    start: int
    end: int

    def read(self) -> str:
        """The characters the span covers."""
        return self.source[self.start : self.end]


class Deferred(_ReadsAsString):
    """A string made on its first read, then kept: a document's text or HTML, joined
    from its blocks only when asked for, so a big page's extraction never holds the
    blocks and the joined copy of them at once. Equal and hashed as its string; pickled
    as the plain string."""

    __slots__ = ("make", "value")

    def __init__(self, make: Callable[[], str]) -> None:
        self.make: Callable[[], str] | None = make
        self.value = ""

    def read(self) -> str:
        """The string, made once: a second read does not join again, and the parts the
        join read are let go."""
        if self.make is not None:
            self.value, self.make = self.make(), None
        return self.value

    def __repr__(self) -> str:
        return repr(self.read())

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (self.read(),)


#: A string as a record holds it: itself, a view of a longer one, or made on first read.
Held = str | Span | Deferred


def read(held: Held) -> str:
    """The string ``held`` stands for."""
    return held if held.__class__ is str else held.read()  # type: ignore[union-attr]


# ----------------------------------------------------------------------------- rendering


class BlockKind(str, Enum):
    """What a rendered block is: the markdown construct it was written as."""

    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST = "list"
    TABLE = "table"
    CODE = "code"
    QUOTE = "quote"
    IMAGE = "image"
    RULE = "rule"
    DEFINITIONS = "definitions"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Block:
    """One rendered block of the markdown, with its spans.

    ``md_start``/``md_end`` are UTF-8 byte offsets into ``Document.markdown``;
    ``src_start``/``src_end`` are byte offsets into the raw input (``None`` when
    the block has no source element, e.g. a synthesized title or JSON-LD text).
    """

    kind: BlockKind
    #: The block's markdown as held (read it as ``markdown``): the string, or a
    #: :class:`Span` of the document's markdown for a long block (no second copy).
    held_markdown: str | Span
    md_start: int
    md_end: int
    level: int = 0  # heading level 1-6, 0 for other blocks
    src_start: int | None = None
    src_end: int | None = None
    language: str | None = None  # code blocks: the fence language
    #: Where the block's element sits below ``<body>`` (``article/section[2]/p``); ``None``
    #: for a block without a source element (synthesized title, JSON-LD text).
    tag_path: str | None = None
    #: ``links="text"``: the collected links whose anchors render inside this block.
    links: tuple[Link, ...] = ()

    @property
    def markdown(self) -> str:
        """The block's markdown: exactly ``Document.markdown``'s bytes at its offsets."""
        return read(self.held_markdown)


@dataclass(frozen=True, slots=True)
class Link:
    """A link of the main content: its anchor text, the absolute URL it resolves to,
    and the ``href`` as the page wrote it."""

    text: str
    url: str
    href: str


@dataclass(frozen=True, slots=True)
class Stamp:
    """Provenance of a document: re-extracting equal bytes with the same version and
    options gives an equal stamp except for ``extracted_at``."""

    extractor: str
    version: str
    options_hash: str
    content_sha256: str
    extracted_at: str


@dataclass(frozen=True, slots=True)
class Chunk:
    """One retrieval unit of a document: a run of blocks under one heading path.

    ``text`` is the chunk's markdown, a :class:`Span` of ``Document.markdown`` (held
    once, whatever the number of chunks); ``embed_text`` is what to embed: ``text``
    with the heading path before it and a code fence closed after it when the chunk
    cuts one (``embed_head + text + embed_tail``). ``to_dict()`` writes both strings.
    """

    span: Span
    embed_head: str
    embed_tail: str
    heading_path: tuple[str, ...]
    index: int
    id: str
    tokens: int
    md_start: int
    md_end: int
    src_start: int | None
    src_end: int | None
    stamp: Stamp
    #: The tag path of the chunk's first block, and the deepest element holding all its
    #: blocks (``article/section[2]`` for a chunk of that section's paragraphs).
    tag_path: str | None = None
    common_tag_path: str | None = None
    #: ``links="text"``: the URLs of the collected links whose anchors are in this chunk.
    links: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The chunk's markdown."""
        return self.span.read()

    @property
    def embed_text(self) -> str:
        """The text to embed: the heading path, the chunk's markdown, a closing fence."""
        return self.embed_head + self.span.read() + self.embed_tail

    def to_dict(self) -> dict[str, Any]:
        """The JSON record: ``text`` and ``embed_text`` as strings, then the other fields
        (the span and the embed text's head and tail are how it is held, not written)."""
        record: dict[str, Any] = {"text": self.text, "embed_text": self.embed_text}
        for f in dataclasses.fields(self)[_CHUNK_HELD:]:
            record[f.name] = _plain(getattr(self, f.name))
        return record

    @classmethod
    def record_fields(cls) -> list[tuple[str, str]]:
        """The keys of :meth:`to_dict` in order, with their type annotations: what a
        table of chunk records has for columns (the Parquet writers' schema)."""
        written = [(f.name, str(f.type)) for f in dataclasses.fields(cls)[_CHUNK_HELD:]]
        return [("text", "str"), ("embed_text", "str"), *written]


#: ``Chunk``'s leading fields that hold ``text`` and ``embed_text`` (span, head, tail).
_CHUNK_HELD = 3


@dataclass(frozen=True, slots=True)
class Document:
    """One page's main content.

    ``markdown`` opens with the headline as its ``#`` heading (the root of every chunk's
    heading path); ``text`` is the body as plain text, without that headline, which
    lives in ``metadata.title``, so a headline is never counted twice; ``html`` is the
    clean HTML. Equal documents hash equal (``hash(doc)``).
    """

    markdown: str
    #: The body text as held (read it as ``text``): the string, or a :class:`Deferred`
    #: that joins it from the blocks on first read.
    held_text: str | Deferred
    #: The clean HTML as held (read it as ``html``), like ``held_text``.
    held_html: str | Deferred
    metadata: Metadata
    encoding: EncodingInfo
    stamp: Stamp
    chunks: tuple[Chunk, ...] = ()
    blocks: tuple[Block, ...] = ()
    links: tuple[Link, ...] = ()
    warnings: tuple[str, ...] = ()
    explain: Explain | None = None

    @property
    def text(self) -> str:
        """The body as plain text (the headline left out)."""
        return read(self.held_text)

    @property
    def html(self) -> str:
        """The main content as clean HTML."""
        return read(self.held_html)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-serialisable record (blocks are internal and left out)."""
        record: dict[str, Any] = {"markdown": self.markdown, "text": self.text,
                                  "html": self.html}
        for f in dataclasses.fields(self)[3:]:
            if f.name != "blocks":
                record[f.name] = _plain(getattr(self, f.name))
        return record


def _plain(obj: object) -> Any:
    """Dataclasses, enums, tuples and mappings to JSON-ready values, iteratively enough."""
    if isinstance(obj, Enum):
        return obj.value
    if hasattr(obj, "to_dict") and not isinstance(obj, type):
        return obj.to_dict()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj
