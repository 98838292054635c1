"""Exact class names that one framework writes, matched as whole class entries (the way a
CSS class selector matches): code highlighters' gutters and line spans, screen-reader-only
text, MathJax renderings, MediaWiki's displayed formula images.

These tables name classes, not words, and matching their words instead would be wrong:
Prism marks the ``<pre>`` itself ``line-numbers`` (its words hold ``linenumbers``, a
gutter's name), highlight.js's line-numbers plugin names the code cell ``hljs-ln-code``
(its words hold ``ln``, another gutter's), and ``gl`` is Rouge's gutter cell as a class of
its own and nothing as part of ``gl-button``.
"""

from __future__ import annotations

from mainmark.vocabulary.registry import Match, Vocabulary, cms, site

_CODE = ("markdown.codeblocks",)

GUTTER = Vocabulary(
    "gutter", frozenset({
        "linenos", "linenodiv", "lineno", "linenumber", "line-number", "line-numbers-rows",
        "hljs-ln-numbers", "hljs-ln-n", "rouge-gutter", "gutter", "gl", "ln-num", "line-num",
        "code-line-number", "lineno-container", "linenumbers", "line-numbers-wrapper",
        "react-syntax-highlighter-line-number", "ln",
    }),
    "line-number gutters in highlighted code (their numbers are no code)", _CODE, Match.CLASS,
    labels={
        "linenos": cms("Pygments"), "linenodiv": cms("Pygments"),
        "hljs-ln-numbers": cms("highlight.js line-numbers"),
        "hljs-ln-n": cms("highlight.js line-numbers"),
        "line-numbers-rows": cms("Prism"), "rouge-gutter": cms("Rouge"), "gl": cms("Rouge"),
        "gutter": cms("CodeMirror"),
        "react-syntax-highlighter-line-number": cms("react-syntax-highlighter"),
    })
CODE_LINE = Vocabulary(
    "code_line", frozenset({"line", "token-line", "code-line", "highlight-line"}),
    "a <span> holding one line of code, joined to the next by a newline some sites minify "
    "away", _CODE, Match.CLASS,
    labels={"line": cms("Shiki"), "token-line": cms("prism-react-renderer/Docusaurus"),
            "code-line": cms("rehype-prism-plus"), "highlight-line": cms("GitBook")})
NOT_A_LANGUAGE = Vocabulary(
    "not_a_language", frozenset({
        "none", "nohighlight", "plain", "plaintext", "text", "notranslate", "default",
        "source", "code", "highlight", "hljs", "js-file-line", "ipython3-text",
    }),
    "class words in a code block's language slot that say 'no language' rather than name "
    "one (compared lowercased)", _CODE, Match.CLASS,
    labels={"js-file-line": site("github.com", "GitHub's file view is the most common "
                                 "source of code pages; its line cells carry no language"),
            "ipython3-text": cms("nbsphinx/Jupyter"), "hljs": cms("highlight.js"),
            "nohighlight": cms("highlight.js")},
    casefolded=True)
SCREEN_READER = Vocabulary(
    "screen_reader", frozenset({
        "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text",
        "screen-reader-only", "sr-text", "u-visually-hidden", "screenreader-only",
        "sr-only-text",
    }),
    "text kept for screen readers only: a sighted reader never sees 'Opens in a new window' "
    "(rule `screen-reader`, docs/rules.md; compared lowercased)",
    ("content.clean",), Match.CLASS,
    labels={"sr-only": cms("Bootstrap"), "visually-hidden": cms("Bootstrap"),
            "screen-reader-text": cms("WordPress")},
    casefolded=True)
MATHJAX = Vocabulary(
    "mathjax", frozenset({"MathJax_Preview", "MathJax", "MathJax_Display", "MathJax_SVG",
                          "MathJax_CHTML", "MathJax_SVG_Display"}),
    "the glyph soup MathJax v2 renders beside a formula's TeX source (the TeX is kept)",
    ("content.clean",), Match.CLASS, label=cms("MathJax"))
FORMULA_IMAGE = Vocabulary(
    "formula_image", frozenset({"mwe-math-fallback-image-inline",
                                "mwe-math-fallback-image-display"}),
    "the image a formula is shown as, beside its MathML hidden for screen readers (its alt, "
    "the TeX, is written as a formula)",
    ("content.mathsources",), Match.CLASS, label=cms("MediaWiki Math extension"))
FORMULA_IMAGE_DISPLAY = Vocabulary(
    "formula_image_display", frozenset({"mwe-math-fallback-image-display"}),
    "the image a formula is shown as, when the formula is displayed on its own line (its "
    "TeX is written as a displayed formula)",
    ("content.mathsources",), Match.CLASS, label=cms("MediaWiki Math extension"))

_RESPONSIVE = ("content.responsive",)
_BOOTSTRAP, _TAILWIND = cms("Bootstrap"), cms("Tailwind CSS")
_FOUNDATION, _BULMA = cms("Foundation"), cms("Bulma")
_INVISION = cms("Invision Community")
#: Bootstrap 4/5 and Tailwind breakpoints: a class hiding or showing an element from one
#: of them on.
_BREAKPOINTS = ("sm", "md", "lg", "xl")
SMALL_SCREEN_ONLY = Vocabulary(
    "small_screen_only", frozenset({
        *(f"d-{bp}-none" for bp in _BREAKPOINTS), *(f"{bp}:hidden" for bp in _BREAKPOINTS),
        "visible-xs", "visible-xs-block", "show-for-small-only", "hide-for-medium",
        "is-hidden-tablet", "ipsresponsive_showphone", "mobile-only", "only-mobile",
        "show-mobile", "visible-mobile", "hide-desktop", "hidden-desktop",
    }),
    "the phone layout's copy of a block a responsive template prints twice: hidden from a "
    "breakpoint on (with a large-screen copy beside it, the copy goes; compared lowercased)",
    _RESPONSIVE, Match.CLASS,
    labels={**{f"d-{bp}-none": _BOOTSTRAP for bp in _BREAKPOINTS},
            **{f"{bp}:hidden": _TAILWIND for bp in _BREAKPOINTS},
            "visible-xs": _BOOTSTRAP, "visible-xs-block": _BOOTSTRAP,
            "show-for-small-only": _FOUNDATION, "hide-for-medium": _FOUNDATION,
            "is-hidden-tablet": _BULMA, "ipsresponsive_showphone": _INVISION},
    casefolded=True)
LARGE_SCREEN_ONLY = Vocabulary(
    "large_screen_only", frozenset({
        "hidden-xs", "hide-for-small-only", "show-for-medium", "is-hidden-mobile",
        "ipsresponsive_hidephone", "desktop-only", "only-desktop", "hide-mobile",
        "hidden-mobile", "show-desktop", "visible-desktop",
    }),
    "the large-screen copy of a block printed twice for two layouts (compared lowercased)",
    _RESPONSIVE, Match.CLASS,
    labels={"hidden-xs": _BOOTSTRAP, "hide-for-small-only": _FOUNDATION,
            "show-for-medium": _FOUNDATION, "is-hidden-mobile": _BULMA,
            "ipsresponsive_hidephone": _INVISION},
    casefolded=True)
SHOWN_FROM = Vocabulary(
    "shown_from", frozenset({
        *(f"d-{bp}-{d}" for bp in _BREAKPOINTS for d in ("block", "flex", "inline-block")),
        *(f"{bp}:{d}" for bp in _BREAKPOINTS for d in ("block", "flex", "inline-block")),
    }),
    "shown from a breakpoint on: with a base class that hides (`d-none`, `hidden`), the "
    "large-screen copy (compared lowercased)",
    (*_RESPONSIVE, "content.clean"), Match.CLASS,
    labels={**{f"d-{bp}-{d}": _BOOTSTRAP for bp in _BREAKPOINTS
               for d in ("block", "flex", "inline-block")},
            **{f"{bp}:{d}": _TAILWIND for bp in _BREAKPOINTS
               for d in ("block", "flex", "inline-block")}},
    casefolded=True)
HIDDEN_BASE = Vocabulary(
    "hidden_base", frozenset({"d-none", "hidden"}),
    "the base class a SHOWN_FROM class lifts at its breakpoint; with no such class beside "
    "it on a microdata value, a copy for machines (rule `microdata-copy`; compared "
    "lowercased)",
    (*_RESPONSIVE, "content.clean"), Match.CLASS,
    labels={"d-none": _BOOTSTRAP, "hidden": _TAILWIND}, casefolded=True)

#: Every table of this module, in the order the docs list them.
TABLES = (GUTTER, CODE_LINE, NOT_A_LANGUAGE, SCREEN_READER, MATHJAX, FORMULA_IMAGE,
          FORMULA_IMAGE_DISPLAY, SMALL_SCREEN_ONLY, LARGE_SCREEN_ONLY, SHOWN_FROM, HIDDEN_BASE)
