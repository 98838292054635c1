"""Heading-path chunks (placeholder: the chunks issue implements it)."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Block, Chunk, Document, Stamp
from .options import DEFAULT_OPTIONS, Options


def chunk_blocks(
    markdown: str, blocks: Sequence[Block], stamp: Stamp, options: Options
) -> list[Chunk]:
    return []


def chunk(doc: Document, options: Options | None = None) -> list[Chunk]:
    """Cut a document's markdown into heading-path chunks."""
    return chunk_blocks(doc.markdown, doc.blocks, doc.stamp, options or DEFAULT_OPTIONS)
