"""Tag and class vocabularies of the renderer, as data, each with the reason it exists.

Kept apart from the code that walks the tree so a rule can be read, argued about and
changed without touching the walk (selection keeps its own word lists in ``vocab``).
"""

from __future__ import annotations

import re

from mainmark.vocabulary import classes

#: Elements that start a new block in a browser's default style sheet: text on either
#: side of them never joins into one line, so the walk closes its inline run there.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd",
    "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
    "legend", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "listing", "xmp", "plaintext",
    "search", "frameset", "noframes",
})

#: Never text a reader sees as content: scripts and styles (if clean missed them), form
#: controls ("Submit", option lists), embedded players whose fallback text is "your
#: browser does not support video", and document-head elements.
SKIP_TAGS = frozenset({
    "script", "style", "noscript", "template", "svg", "head", "title", "meta", "link",
    "base", "button", "input", "select", "option", "optgroup", "textarea", "iframe",
    "object", "embed", "canvas", "audio", "video", "map", "area", "datalist", "source",
    "track", "param", "frame", "progress", "meter", "output",
})

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
LIST_TAGS = frozenset({"ul", "ol", "menu", "dir"})
#: Inline elements that mean emphasis; ``b`` inside ``strong`` gets no second marker.
STRONG_TAGS = frozenset({"b", "strong"})
EM_TAGS = frozenset({"i", "em"})
DEL_TAGS = frozenset({"del", "s", "strike"})
CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})

#: Block content that makes a table a layout table (its cells are read as blocks, not
#: squeezed into pipe cells). A single paragraph per cell is not enough: Word and
#: Confluence exports wrap every data cell in a ``<p>``.
LAYOUT_CELL_TAGS = frozenset({
    "table", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    "hr", "form", "figure",
})

#: Classes of line-number gutters in highlighted code: Pygments (``linenos``,
#: ``linenodiv``), highlight.js line-numbers plugin (``hljs-ln-numbers``), Prism
#: (``line-numbers-rows``), Rouge (``rouge-gutter``, ``gl``), CodeMirror (``gutter``), and
#: the generic ``line-number``/``lineno`` spans of many blog themes.
GUTTER_CLASSES = classes.GUTTER.entries

#: Classes of a ``<span>`` holding one line of code: Shiki (``line``; its lines are
#: joined by a newline, which some sites minify away), prism-react-renderer and Docusaurus
#: (``token-line``), rehype-prism-plus (``code-line``), GitBook (``highlight-line``).
CODE_LINE_CLASSES = classes.CODE_LINE.entries

#: ``class`` tokens naming a code language, as the common highlighters write them:
#: ``language-x`` (Prism, highlight.js, CommonMark renderers), ``lang-x`` (Google
#: Prettify), ``highlight-x`` / ``highlight-source-x`` (Sphinx, GitHub), ``brush: x``
#: (SyntaxHighlighter).
LANGUAGE_CLASS = re.compile(
    r"(?:^|\s)(?:language|lang|highlight-source|highlight|sourceCode)-([\w+#.-]+)"
    r"|brush:\s*([\w+#.-]+)",
    re.IGNORECASE,
)

#: Class words that say "no language" rather than naming one.
NOT_A_LANGUAGE = classes.NOT_A_LANGUAGE.entries

#: Attributes of lazy-loading scripts that hold the real image URL while ``src`` holds a
#: placeholder (lazysizes, WordPress, jQuery lazyload, Medium).
LAZY_SRC_ATTRS = ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url",
                  "data-hi-res-src", "data-full-src", "data-orig-file")
LAZY_SRCSET_ATTRS = ("data-srcset", "data-lazy-srcset", "srcset")

#: Query parameters of an image URL that ask an image server for a size, a crop or a
#: format of the same picture (WordPress/Jetpack ``?resize=``, Shopify ``?width=``, imgix
#: and most CDNs ``?w=&h=&fit=&q=&auto=&fm=&dpr=``): a gallery's thumbnail and its
#: full-size copy differ only in them (``markdown/thumbnails.py``).
SIZE_QUERY_KEYS = frozenset({"w", "h", "width", "height", "resize", "fit", "crop", "quality",
                             "q", "auto", "format", "fm", "dpr"})
#: ...of which these name the width (``resize`` as ``width,height``).
WIDTH_QUERY_KEYS = frozenset({"w", "width", "resize"})

#: A ``src`` with one of these words is a lazy-loading placeholder, not the picture.
PLACEHOLDER_SRC = re.compile(r"placeholder|blank\.gif|spacer|pixel\.gif|transparent\.|lazy",
                             re.IGNORECASE)
