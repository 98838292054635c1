"""Render a fixed page region, so golden files do not move when selection changes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from mainmark.chunks.pack import chunk_blocks
from mainmark.content.clean import clean
from mainmark.markdown.render import Rendered, render
from mainmark.model import Block, Chunk, Content, Metadata
from mainmark.options import Options
from mainmark.page.parse import parse
from mainmark.pipeline import extract, make_stamp

PAGE_URL = "https://example.com/articles/page.html"


def render_html(
    html: str,
    *,
    options: Options | None = None,
    title: str | None = None,
    url: str = PAGE_URL,
) -> Rendered:
    """Parse, clean, take ``<main>`` (else ``<body>``) as the one root and render it."""
    page = parse(html, url=url)
    assert page.root is not None
    base_url = page.base_url  # before clean, which drops <base>
    clean(page)
    root = (page.root.xpath("//main") or page.root.xpath("//body"))[0]
    content = Content(roots=[root], base_url=base_url)
    return render(content, Metadata(title=title), None, options or Options())


@dataclass(frozen=True, slots=True)
class CaseOutput:
    """What a golden case compares: the markdown and the chunks' paths and texts."""

    markdown: str
    text: str
    blocks: list[Block]
    chunks: list[Chunk]
    warnings: tuple[str, ...] = ()


def render_case(folder: Path) -> CaseOutput:
    """Render a golden case folder; ``options.json`` may set Options fields, ``title``, and
    ``"pipeline": true`` to run the whole :func:`~mainmark.extract` (selection, pruning,
    decoding from the file's bytes, metadata) instead of rendering ``<main>``."""
    settings = {}
    if (folder / "options.json").is_file():
        settings = json.loads((folder / "options.json").read_text(encoding="utf-8"))
    title = settings.pop("title", None)
    whole = bool(settings.pop("pipeline", False))
    options = Options(**settings)
    if whole:
        doc = extract((folder / "source.html").read_bytes(), url=PAGE_URL, options=options)
        return CaseOutput(doc.markdown, doc.text, list(doc.blocks), list(doc.chunks), doc.warnings)
    html = (folder / "source.html").read_text(encoding="utf-8")
    rendered = render_html(html, options=options, title=title)
    stamp = make_stamp(html.encode("utf-8"), options)
    return CaseOutput(rendered.markdown, rendered.text, rendered.blocks,
                      chunk_blocks(rendered.markdown, rendered.blocks, stamp, options))


def chunk_records(output: CaseOutput) -> str:
    """The chunks as the golden ``chunks.json`` holds them: path and text, nothing volatile."""
    records = [{"heading_path": list(c.heading_path), "text": c.text} for c in output.chunks]
    return json.dumps(records, ensure_ascii=False, indent=1) + "\n"
