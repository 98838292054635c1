"""The converter: markdownify's rules, corrected where RAG needs more, for three channels.

Overrides of markdownify and why: links resolve to absolute URLs (or become text,
collected aside); headings carry neither link nor emphasis syntax (they become heading
paths); lists, quotes and definition lists are laid out from finished blocks so nested
code and tables stay inside their item; code comes from :mod:`codeblocks`, tables from
:mod:`tables`; escaping is only as much as keeps text from turning into syntax.

Each decision here is taken once and written down by the three
:mod:`~mainmark.markdown.serializers` syntaxes (markdown, text, HTML) side by side.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape as html_escape
from typing import Any

from lxml.html import HtmlElement
from markdownify import MarkdownConverter

from mainmark.markdown.codeblocks import code_language, code_text
from mainmark.markdown.constants import CUT
from mainmark.markdown.imagetext import caption_of, file_label, is_icon, said_beside
from mainmark.markdown.links import image_src, markdown_target, resolve, url_text_host
from mainmark.markdown.mathtex import markdown_tex, math_source, shown_as_image
from mainmark.markdown.rendervocab import (
    CODE_TAGS,
    DEL_TAGS,
    EM_TAGS,
    HEADING_TAGS,
    LIST_TAGS,
    STRONG_TAGS,
)
from mainmark.markdown.serializers import SYNTAXES
from mainmark.markdown.tables import build_grids, classify, is_gutter_cell, own_cells, own_rows
from mainmark.markdown.walk import (
    BREAKS,
    CELL_BREAK,
    DESCEND,
    EMPTY,
    Descend,
    Frame,
    Inline,
    Out,
    Piece,
    TreeWalker,
    Tri,
    chomp,
    collapse,
    normalize_space,
)
from mainmark.model import BlockKind, Link
from mainmark.page.formulas import MATH_SOURCE_TAG
from mainmark.page.subtree import text_content
from mainmark.page.textnorm import drop_invisible

BlockHandler = Callable[[Frame, Frame], list[Piece]]

_ESCAPE_COMMON = (
    r"\\(?=[!-/:-@\[-`{-~]|$)"  # a backslash that would escape what follows
    r"|[*`]"  # emphasis and code spans
    r"|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])"  # underscores that could open or close emphasis
    r"|~~"  # strikethrough
    # raw HTML and autolinks; at a text node's end too, since the next node may carry
    # the rest (``&lt;<span>a@b.org</span>&gt;`` would be a live mailto: link)
    r"|<(?=[A-Za-z/!?]|$)"
    r"|&(?=#?\w+;|$)"  # entity references (the same across nodes)
)
#: Plain text: a ``]`` right before ``(`` or ``[`` would close a link text the page forged.
_ESCAPE = re.compile(_ESCAPE_COMMON + r"|\](?=[(\[])")
#: Link text: every bracket, or the page's text could close our link early and open its
#: own (``ok](https://evil.example/) [x``). One pass: escaping twice would turn ``\]``
#: into an escaped backslash before a live bracket.
_ESCAPE_LINK_TEXT = re.compile(_ESCAPE_COMMON + r"|[\[\]]")
_SPECIAL = re.compile(r"[\\*`_~<&\]]").search
_CELL_TAGS = frozenset({"_cell", "_inline"})
#: What would read as block syntax at a line's start: headings, quotes, list markers,
#: setext underlines, and a link reference definition (``[1]: https://evil.example/``
#: would turn every ``[1]`` marker of the page into a link to it).
_LINE_START = re.compile(r"(#{1,6}|[>+-])(?=\s|$)|>|(\d{1,9})[.)](?=\s|$)|=+$|-+$"
                         r"|\[(?=(?:[^\]\\]|\\.)*\]:)")
#: Inline tags and the element the clean HTML keeps for them.
_INLINE_HTML = {**dict.fromkeys(STRONG_TAGS, "strong"), **dict.fromkeys(EM_TAGS, "em"),
                **dict.fromkeys(DEL_TAGS, "del"), **dict.fromkeys(CODE_TAGS, "code"),
                "sup": "sup", "sub": "sub", "q": "q"}
_MARKDOWN_OPTIONS: dict[str, Any] = {
    "sub_symbol": "<sub>", "sup_symbol": "<sup>", "heading_style": "atx",
    "escape_asterisks": False, "escape_underscores": False,
}
_MARKDOWN = MarkdownConverter(**_MARKDOWN_OPTIONS)


def _escape_match(match: re.Match[str]) -> str:
    return "\\" + match.group(0) if match.group(0) != "~~" else "\\~\\~"


def escape_markdown(text: str, parent_tags: frozenset[str] = frozenset()) -> str:
    """Escape only what would turn ``text`` into markdown syntax where it stands."""
    if "_noformat" in parent_tags:
        return text
    if "a" in parent_tags:
        if _SPECIAL(text) or "[" in text:
            text = _ESCAPE_LINK_TEXT.sub(_escape_match, text)
    elif _SPECIAL(text):
        text = _ESCAPE.sub(_escape_match, text)
    return text


def escape_line(line: str) -> str:
    """Escape what would read as block syntax at the start of a markdown line."""
    match = _LINE_START.match(line)
    if match is None:
        return line
    if match.group(2):
        digits = match.group(2)
        return digits + "\\" + line[len(digits):]
    return "\\" + line


def is_permalink(href: str | None, text: str) -> bool:
    """A heading's own anchor ("#", "¶", "🔗" linking to itself): decoration, not text."""
    if not href or not href.startswith("#"):
        return False
    text = text.strip()
    return 0 < len(text) <= CUT.permalink_max_chars and not any(c.isalnum() for c in text)


def list_start(el: HtmlElement | None) -> int:
    """An ``<ol start>`` as a number, 1 when missing or not a sane integer (a ten-digit start is no
    list a reader numbers)."""
    value = (el.get("start") or "").strip() if el is not None else ""
    sane = value.lstrip("-").isdigit() and len(value) < CUT.list_start_max_digits
    return int(value) if sane else 1


def _tri(values: list[str]) -> Tri:
    return values[0], values[1], values[2]


class Converter(TreeWalker, MarkdownConverter):
    """Main content to pieces (one per top-level block), each in all three channels.

    A markdownify ``MarkdownConverter`` subclass: its options and converters are the
    engine, overridden where RAG needs more (see the module docstring). The walk itself
    is :class:`~mainmark.markdown.walk.TreeWalker`'s, iterative over lxml, because markdownify's
    own recursion over a BeautifulSoup copy cost more than the whole page budget.
    """

    def __init__(
        self,
        *,
        base_url: str | None = None,
        removed: set[HtmlElement] | None = None,
        link_mode: str = "inline",
        images: bool = True,
        bare_images: bool = False,
    ) -> None:
        TreeWalker.__init__(self, removed)
        MarkdownConverter.__init__(self, **_MARKDOWN_OPTIONS)
        self.base_url = base_url
        self.link_mode = link_mode
        self.images = images
        #: Keep images without alt text, labelled by file name (``Options.bare_images``).
        self.bare_images = bare_images
        #: Heading levels that differ from the tag's (``<section><h1>``, see
        #: :func:`outline_levels`).
        self.heading_levels: dict[HtmlElement, int] = {}
        #: Image sources already shown, and images whose picture another shows wider
        #: (:mod:`mainmark.markdown.thumbnails`): a gallery's strip repeats its pictures.
        self.seen_images: set[str] = set()
        self.thumbnails: set[HtmlElement] = set()
        self.links: list[Link] = []
        #: href -> absolute URL (urljoin is slow and pages repeat their links).
        self.url_cache: dict[str, str | None] = {}
        self.handlers: dict[str, BlockHandler] = {
            "p": self.close_p, "ul": self.close_list, "ol": self.close_list,
            "menu": self.close_list, "dir": self.close_list, "li": self.close_li,
            "blockquote": self.close_quote, "dl": self.close_dl, "dt": self.close_dt,
            "dd": self.close_dd, "figcaption": self.close_figcaption,
            "figure": self.close_figure,
        }
        for tag in HEADING_TAGS:
            self.handlers[tag] = self.close_heading

    def release(self) -> None:
        """Drop the tables that hold this converter's own bound methods.

        ``handlers`` and the inline-converter cache point back at ``self``, a reference
        cycle: without this the converter, and through ``heading_levels`` and ``removed``
        the whole page tree, would live until the next garbage collection instead of
        going when the walk's caller returns (with the collector paused, as the batch
        job runs, that is every page of a run).
        """
        self.handlers.clear()
        self._inline.clear()

    def escape(self, text: str, parent_tags: frozenset[str]) -> str:
        """Markdown escaping of a text node, aware of the enclosing tags (code and headings escape
        differently)."""
        return escape_markdown(text, parent_tags)

    def escape_line(self, line: str) -> str:
        """Escaping of one line's block markers (a line opening with ``#`` or ``1.`` that is
        text)."""
        return escape_line(line)

    # ------------------------------------------------------------------ leaves

    def leaf(self, el: HtmlElement, tag: str, parent: Frame) -> Out | Descend:
        """Convert an element rendered whole (br, img, hr, math, tables, code) or say ``Descend`` so
        the walker visits its children."""
        if tag == "br":
            return BREAKS
        if tag == "img":
            return self.image(el, parent.tags)
        if tag == "hr":
            return [Piece(BlockKind.RULE, [s.render_rule() for s in SYNTAXES], el, el)]
        if tag in ("math", MATH_SOURCE_TAG):
            return self.math(el, tag)
        if tag == "table":
            kind = classify(el, self.removed)
            if kind == "layout":
                return DESCEND
            if kind == "code":
                return self.code_pieces(self.code_cells(el))
            return self.table_pieces(el)
        return self.code_pieces([el])  # pre, listing, xmp, plaintext

    def math(self, el: HtmlElement, tag: str) -> Out:
        """A formula as TeX between dollars: ``$...$`` inline, ``$$...$$`` displayed as
        its own block. The TeX comes from the page (a MathML ``x-tex`` annotation or
        ``alttext``, a MathJax source, a formula image's alt); MathML without it keeps its
        plain text."""
        tex, display = math_source(el, tag)
        if not tex:
            return EMPTY
        # A formula shown as an image adds to the text what an image adds: nothing.
        text = "" if shown_as_image(el, tag) else tex
        safe = markdown_tex(tex)
        if not display:
            return f"${safe}$", text, html_escape(f"${tex}$", quote=False)
        html = html_escape(f"$$\n{tex}\n$$", quote=False)
        return [Piece(BlockKind.PARAGRAPH, [f"$$\n{safe}\n$$", text, f"<p>{html}</p>"],
                      el, el)]

    def image(self, img: HtmlElement, tags: frozenset[str]) -> Tri:
        """``![alt](src)``; an image with nothing to say for itself is dropped."""
        if "_heading" in tags:
            return EMPTY
        if "_cell" in tags and _sole_content_of_cell(img):
            # An icon that is a table cell's whole value ("passed", "yes", a flag).
            alt = " ".join(drop_invisible(img.get("alt") or img.get("title") or "").split())
            return escape_markdown(alt, tags), alt, html_escape(alt, quote=False)
        if not self.images:
            return EMPTY
        src = image_src(img, self.base_url)
        alt = " ".join(drop_invisible(
            img.get("alt") or img.get("title") or caption_of(img)).split())
        if not alt and src and self.bare_images:
            alt = file_label(src)
        if not src or not alt or src in self.seen_images or img in self.thumbnails:
            return EMPTY
        self.seen_images.add(src)
        if self.link_mode == "text":
            # The alt text is what the image says; its source is a URL, token noise to
            # an embedder (the HTML channel keeps the <img>). An icon's label, or words
            # the page prints beside the image anyway, say nothing (imagetext).
            if is_icon(img) or said_beside(img, alt):
                return EMPTY
            return escape_markdown(alt, tags), "", SYNTAXES.html.render_image(alt, src)
        return _tri([s.render_image(alt, src) for s in SYNTAXES])

    def code_pieces(self, pres: list[HtmlElement]) -> list[Piece]:
        """One code block per ``<pre>`` with text, its language read from the markup; the code
        itself is never altered."""
        pieces = []
        for pre in pres:
            code = code_text(pre)
            if code.strip():
                lang = code_language(pre)
                pieces.append(Piece(BlockKind.CODE, [s.render_code(code, lang) for s in SYNTAXES],
                                    pre, pre, language=lang))
        return pieces

    def code_cells(self, table: HtmlElement) -> list[HtmlElement]:
        """The ``pre`` elements of a gutter table's code column."""
        pres: list[HtmlElement] = []
        for tr in own_rows(table, self.removed):
            for cell in own_cells(tr, self.removed):
                if not is_gutter_cell(cell):
                    pres.extend(cell.iter("pre"))
        return pres

    def table_pieces(self, table: HtmlElement) -> list[Piece]:
        """A data table as one table block per channel (caption first), or nothing when every cell
        is empty."""
        grids = build_grids(table, self.removed, self.cell, len(SYNTAXES))
        if not grids[0].rows or not any(any(row) for row in grids[0].rows):
            return []
        pieces = []
        caption = next(table.iterchildren("caption"), None)
        if caption is not None and caption not in self.removed:
            text = self.cell(caption)
            if text[0]:
                pieces.append(Piece(BlockKind.PARAGRAPH, list(text), caption, caption))
        tables = [s.render_table(g) for s, g in zip(SYNTAXES, grids, strict=True)]
        pieces.append(Piece(BlockKind.TABLE, tables, table, table))
        return pieces

    def cell(self, cell: HtmlElement) -> Tri:
        """A table cell's content on one line, in every channel."""
        if len(cell) == 0:  # text only, most cells: skip the walk's set-up
            text = cell.text
            if not text:
                return _tri([s.render_cell("") for s in SYNTAXES])
            plain = collapse(normalize_space(text))
            md, txt, htm = SYNTAXES
            return (md.render_cell(escape_markdown(plain, _CELL_TAGS)), txt.render_cell(plain),
                    htm.render_cell(html_escape(plain, quote=False)))
        pieces = self.walk([cell], _CELL_TAGS).pieces
        return _tri([s.render_cell(brk.join(s.raw(p) for p in pieces if s.raw(p)))
                     for s, brk in zip(SYNTAXES, CELL_BREAK, strict=True)])

    # ------------------------------------------------------------------ inline converters

    def get_inline(self, tag: str) -> Inline | None:
        """The converter for an inline tag (links, emphasis, code), or ``None`` for a tag whose text
        passes through unmarked."""
        if tag == "a":
            return self.convert_a
        html = _INLINE_HTML.get(tag)
        if html is None:
            return None
        if tag in CODE_TAGS:
            markdown: Callable[[str, frozenset[str]], str] = _code_span
        elif tag == "q":
            markdown = _quote_marks
        else:
            group = (STRONG_TAGS if tag in STRONG_TAGS else EM_TAGS if tag in EM_TAGS
                     else DEL_TAGS if tag in DEL_TAGS else frozenset({tag}))
            markdown = _emphasis(_MARKERS.get(tag, "~~"), group)

        def convert(el: HtmlElement, md: str, txt: str, htm: str,
                    parent_tags: frozenset[str]) -> Tri:
            return (markdown(md, parent_tags), txt,
                    f"<{html}>{htm}</{html}>" if htm.strip() else htm)

        return convert

    def convert_a(self, el: HtmlElement, md: str, txt: str, htm: str,
                  parent_tags: frozenset[str]) -> Tri:
        """A link in each channel: a jump within the page keeps its text only; otherwise the
        markdown has ``[text](url)`` with links inline, or the text with the target in the links
        side table (the default, so targets never reach what is embedded)."""
        href = el.get("href")
        if href is not None and href.startswith("#"):  # each channel judges its own text
            md = "" if is_permalink(href, md) else md
            txt = "" if is_permalink(href, txt) else txt
            htm = "" if is_permalink(href, htm) else htm
            # A jump within the page (a footnote, a section) is no citation to follow:
            # outside this page the fragment points nowhere, so its text stays, plain
            # (without the escapes only link text needs).
            if "\\[" in md or "\\]" in md:
                plain = md.replace("\\[", "[").replace("\\]", "]")
                md = md if "](" in plain or "][" in plain else plain
            return md, txt, htm
        url = self.resolve(href)
        if url is None:
            return md, txt, htm
        if htm.strip():
            htm = f'<a href="{html_escape(url)}">{htm}</a>'
        if "_noformat" in parent_tags or not md.strip():
            return md, txt, htm
        if self.link_mode == "text":
            text = collapse(" ".join(text_content(el).split()))
            host = url_text_host(text)
            if host is not None:  # "See https://x.org/a/b?c for details": the URL is in
                prefix, suffix, _ = chomp(md)  # the links; the text says where it points
                md, text = f"{prefix}{escape_markdown(host, parent_tags)}{suffix}", host
            self.links.append(Link(text, url, href or ""))
            return md, txt, htm
        if "_heading" in parent_tags:
            return md, txt, htm
        prefix, suffix, inner = chomp(md)
        return f"{prefix}[{inner}]({markdown_target(url)}){suffix}", txt, htm

    def resolve(self, href: str | None) -> str | None:
        """A link target made absolute against the page's base URL, or ``None`` where it
        leads nowhere safe (:func:`mainmark.markdown.links.resolve`); cached per page, as
        menus repeat the same targets."""
        if href is None:
            return None
        if href not in self.url_cache:
            self.url_cache[href] = resolve(href, self.base_url)
        return self.url_cache[href]

    # ------------------------------------------------------------------ blocks

    def close_block(self, frame: Frame, parent: Frame) -> list[Piece]:
        """Finish a block element once its children are converted: its handler by tag, or its
        children's pieces as they are."""
        handler = self.handlers.get(frame.tag)
        return handler(frame, parent) if handler else frame.pieces

    def close_p(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A paragraph: loose inline text inside it takes the paragraph as its source element and
        gets its ``<p>`` in the HTML channel."""
        for piece in frame.pieces:
            if piece.anon:
                piece.first = piece.last = frame.el
            if piece.hanon:
                piece.html = f"<p>{piece.html}</p>" if piece.html else ""
                piece.hanon = False
        return frame.pieces

    def close_figcaption(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A caption: a paragraph whose HTML is wrapped in ``<figcaption>``."""
        body = SYNTAXES.html.item_body(frame.pieces)
        pieces = self.close_p(frame, parent)
        _wrap_html(pieces, f"<figcaption>{body}</figcaption>" if body else "")
        return pieces

    def close_figure(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A figure: its pieces stay (image, caption), the HTML channel gets one ``<figure>`` around
        them."""
        html = SYNTAXES.html
        body = "\n".join(t for t in map(html.block_text, frame.pieces) if t)
        _wrap_html(frame.pieces, f"<figure>\n{body}\n</figure>" if body else "")
        return frame.pieces

    def close_heading(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A heading block at the level the page's outline gives it (nested sections may shift the
        tag's level); an empty heading is dropped."""
        texts = [collapse(" ".join(s.raw(p) for p in frame.pieces).replace("\n", " "))
                 for s in SYNTAXES]
        if not texts[0]:
            return []
        level = self.heading_levels.get(frame.el, int(frame.tag[1]))
        return [Piece(BlockKind.HEADING, [s.render_heading(level, t) if t else ""
                                          for s, t in zip(SYNTAXES, texts, strict=True)],
                      frame.el, frame.el, level=level)]

    def close_li(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A list item: inside a list, an item body for ``close_list`` to number; a stray ``<li>``
        becomes a one-item list."""
        bodies = [s.item_body(frame.pieces) for s in SYNTAXES]
        if parent.tag not in LIST_TAGS:
            if not bodies[0]:
                return []
            out = [s.render_list([(True, b)], False, 1)
                   for s, b in zip(SYNTAXES, bodies, strict=True)]
            return [Piece(BlockKind.LIST, out, frame.el, frame.el)]
        return [Piece(BlockKind.OTHER, bodies, frame.el, frame.el, tag="li")]

    def close_list(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A list with its markers; nesting past the marker depth keeps the items as blocks so
        markdown stays valid."""
        if frame.depth > CUT.max_marker_depth:
            return frame.pieces
        ordered = frame.tag == "ol"
        start = list_start(frame.el)
        out = []
        for syntax in SYNTAXES:
            items: list[tuple[bool, str]] = []
            for piece in frame.pieces:
                text = syntax.raw(piece) if piece.tag == "li" else syntax.block_text(piece)
                if piece.tag != "li" and not text:
                    continue  # a block this channel does not show (an image in the text)
                if piece.tag != "li" and piece.kind == BlockKind.LIST and items:
                    items[-1] = (items[-1][0], items[-1][1] + "\n" + text)  # ul directly in ul
                    continue
                items.append((piece.tag == "li", text))
            out.append(syntax.render_list(items, ordered, start))
        return [Piece(BlockKind.LIST, out, frame.el, frame.el)] if out[0] else []

    def close_quote(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A block quote of its children's blocks; past the marker depth the blocks are kept
        unquoted."""
        bodies = ["\n\n".join(t for t in map(s.block_text, frame.pieces) if t) for s in SYNTAXES]
        if not bodies[0] or frame.depth > CUT.max_marker_depth:
            return frame.pieces
        quotes = [s.render_quote(b) for s, b in zip(SYNTAXES, bodies, strict=True)]
        return [Piece(BlockKind.QUOTE, quotes, frame.el, frame.el)]

    def close_dt(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A term of a definition list; outside a ``<dl>`` it is a paragraph."""
        if parent.tag != "dl":
            return self.close_p(frame, parent)
        texts = [collapse(" ".join(s.raw(p) for p in frame.pieces).replace("\n", " "))
                 for s in SYNTAXES]
        return [Piece(BlockKind.OTHER, texts, frame.el, frame.el, tag="dt")] if texts[0] else []

    def close_dd(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A definition's body; outside a ``<dl>`` or past the marker depth, its blocks."""
        if parent.tag != "dl" or frame.depth > CUT.max_marker_depth:
            return frame.pieces
        bodies = [s.item_body(frame.pieces) for s in SYNTAXES]
        return [Piece(BlockKind.OTHER, bodies, frame.el, frame.el, tag="dd")] if bodies[0] else []

    def close_dl(self, frame: Frame, parent: Frame) -> list[Piece]:
        """A definition list in each channel's form; past the marker depth, its blocks."""
        if frame.depth + 1 > CUT.max_marker_depth:  # its <dd>s are one level deeper
            return frame.pieces
        out = [s.render_definitions([(p.tag, t) for p in frame.pieces if (t := s.block_text(p))])
               for s in SYNTAXES]
        return [Piece(BlockKind.DEFINITIONS, out, frame.el, frame.el)] if out[0] else []


def _wrap_html(pieces: list[Piece], html: str) -> None:
    """Give the HTML channel one element for all of ``pieces`` (figure, figcaption)."""
    for index, piece in enumerate(pieces):
        piece.html = html if index == 0 else ""
        piece.hanon = False


_MARKERS = {"b": "**", "strong": "**", "i": "*", "em": "*", "sup": "<sup>", "sub": "<sub>"}


def _emphasis(marker: str, group: frozenset[str]) -> Callable[[str, frozenset[str]], str]:
    close = "</" + marker[1:] if marker.startswith("<") else marker

    def convert(text: str, parent_tags: frozenset[str]) -> str:
        if "_noformat" in parent_tags or "_heading" in parent_tags or (
                not group.isdisjoint(parent_tags)):
            return text
        prefix, suffix, inner = chomp(text)
        if not inner:
            return text
        return f"{prefix}{marker}{inner}{close}{suffix}"

    return convert


def _code_span(text: str, parent_tags: frozenset[str]) -> str:
    if "_noformat" in parent_tags:
        return text
    code = MarkdownConverter.convert_code  # type: ignore[attr-defined]
    return str(code(_MARKDOWN, None, text, parent_tags))


def _quote_marks(text: str, parent_tags: frozenset[str]) -> str:
    return f"“{text}”" if text.strip() else text


_SECTIONING = ("section", "article", "aside", "nav")


def outline_levels(roots: list[HtmlElement], removed: set[HtmlElement]) -> dict[HtmlElement, int]:
    """Levels of ``<h1>`` headings nested in sectioning elements (HTML5's outline):
    when the content holds several ``<h1>`` at different section depths, each one
    ranks one level below the shallowest per section it sits deeper."""
    depths: dict[HtmlElement, int] = {}
    for root in roots:
        for h1 in root.iter("h1"):
            if h1 in removed:
                continue
            depth = 0
            for node in h1.iterancestors():
                if node is root:
                    break
                if node.tag in _SECTIONING:
                    depth += 1
            depths[h1] = depth
    if len(depths) < 2 or len(set(depths.values())) < 2:
        return {}
    top = min(depths.values())
    return {h1: min(6, 1 + d - top) for h1, d in depths.items() if d > top}


def _sole_content_of_cell(img: HtmlElement) -> bool:
    """The image is all its table cell shows (no text beside it)."""
    el: HtmlElement | None = img.getparent()
    for _ in range(4):
        if el is None:
            return False
        if el.tag in ("td", "th"):
            return not el.text_content().strip() and len(el.findall(".//img")) == 1
        el = el.getparent()
    return False
