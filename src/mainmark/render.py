"""Main content to markdown, text and clean HTML (placeholder: the markdown issue deepens it)."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

import lxml.html
from markdownify import MarkdownConverter

from .model import Block, BlockKind, Content, Link, Metadata
from .options import Options
from .srcmap import SourceMap


@dataclass(slots=True)
class Rendered:
    markdown: str
    text: str
    html: str
    blocks: list[Block] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


def render(content: Content, metadata: Metadata, srcmap: SourceMap | None, options: Options) -> Rendered:
    parts: list[str] = []
    for root in content.roots:
        el = copy.deepcopy(root)
        parts.append(lxml.html.tostring(el, encoding="unicode"))
    parts.extend(f"<p>{p}</p>" for p in content.paragraphs)
    html = "".join(parts)
    md = MarkdownConverter(heading_style="ATX").convert(html) if html else ""
    md = re.sub(r"\n{3,}", "\n\n", md).strip()
    if md and options.title_heading and metadata.title and not md.startswith("# "):
        md = f"# {metadata.title}\n\n{md}"
    blocks = [Block(BlockKind.OTHER, md, 0, len(md.encode()))] if md else []
    text = lxml.html.fromstring(html).text_content() if html.strip() else ""
    return Rendered(md, text.strip(), html, blocks)
