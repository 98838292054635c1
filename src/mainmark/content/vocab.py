"""Vocabularies of the content stage: its tag sets, roles and text patterns, and the
class/id word unions it builds from the registry (:mod:`mainmark.vocabulary`).

Class and id attributes are split into lowercase word tokens (``site-footer``
→ ``site``, ``footer``; ``relatedLinks`` → ``related``, ``links``) and matched
as whole tokens, never as substrings: a bare ``search`` substring rule would
eat Wikipedia's ``skin-vector-search-vue`` body, and ``ad`` would match
``header``, ``shadow`` and ``download``.

Two vocabularies decide what is chrome. Outside the main region (no
``<main>``/``<article>``/``role=main``/article-body class above the node)
the broad one applies; inside it only the narrow one, because articles
legitimately contain elements classed ``widget``, ``button``, ``tags`` or
``banner``.
"""

from __future__ import annotations

import re

from mainmark.page.classwords import IGNORED_CLASS_PREFIXES, words
from mainmark.vocabulary import chrome, phrases, texts

__all__ = ["IGNORED_CLASS_PREFIXES", "words"]

# --------------------------------------------------------------------------- stripping

#: Never visible, never content. Removed before anything else.
INVISIBLE_TAGS = frozenset({
    "script", "style", "noscript", "template", "svg", "canvas", "iframe", "embed", "object",
    "link", "meta", "param", "source", "track", "map", "area", "dialog",
})

#: Void elements among them: they cannot hold content, so anything the parser nested
#: inside one (after an unclosed ``<embed>``) is page content that must survive.
VOID_INVISIBLE_TAGS = frozenset({"embed", "source", "track", "param", "link", "meta", "area"})

#: Form controls: their labels ("Subscribe", "Search") are interface, not content.
FORM_CONTROL_TAGS = frozenset({"input", "button", "select", "option", "textarea", "datalist"})

#: Inline scripts carrying framework hydration state (the article often sits in them a
#: second time, as JSON): Next.js, Nuxt, Redux/Apollo style globals, React Server Components.
HYDRATION_MARKERS = (
    "__NEXT_DATA__", "__NUXT__", "__INITIAL_STATE__", "__APOLLO_STATE__",
    "self.__next_f.push", "__PRELOADED_STATE__", "__remixContext",
)

# --------------------------------------------------------------------------- structure

#: Elements whose text forms a paragraph-like unit for scoring.
PARAGRAPH_TAGS = frozenset({"p", "pre", "td", "blockquote", "li", "dd", "figcaption",
                            "h2", "h3", "h4", "h5", "h6"})
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Tags that start a new block when text is laid out.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "div",
    "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "br", "center", "html",
})
#: Elements whose text is shown literally: what they hold is what the page teaches, never a
#: placeholder or a label to clean away (``content.bindings``).
LITERAL_TAGS = frozenset({"pre", "code", "kbd", "samp", "var", "tt", "textarea", "xmp",
                          "listing", "plaintext"})
#: Containers that can hold an article.
CONTAINER_TAGS = frozenset({"div", "section", "article", "main", "td", "body", "center",
                            "font", "span", "form", "blockquote"})
#: Attributes naming the element a control opens (``#id`` or a bare id, or several): the
#: disclosure judge and the FAQ-question toggles both read them.
CONTROL_TARGETS = ("aria-controls", "data-target", "data-bs-target", "data-toggle-target")

#: Page-level chrome by tag, applied outside the main region only (an <article> can
#: contain its own <header> with the headline and byline, and <aside> pull quotes).
CHROME_TAGS = frozenset({"nav", "footer", "aside", "header", "menu"})
#: Inside the main region, these tags are still chrome (site navigation inside <main>).
HARD_CHROME_TAGS = frozenset({"nav", "menu", "footer"})

#: ARIA landmark roles that are page chrome wherever they are.
CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "search",
                          "menu", "menubar", "toolbar", "dialog", "alertdialog", "tablist"})
MAIN_ROLES = frozenset({"main", "article"})

# --------------------------------------------------------------------------- class/id words

# The class/id word tables live in the registry (mainmark.vocabulary, each entry labelled
# with its scope); the names below are the frozensets this stage reads, and the unions it
# builds from them. The rule audit (benchmarks/rule_audit.py) patches these names to switch
# one group off and measure what it is worth.

NAV_WORDS = chrome.NAV.entries
RECIRC_WORDS = chrome.RECIRC.entries
MARKETING_WORDS = chrome.MARKETING.entries
AD_WORDS = chrome.AD.entries
OVERLAY_WORDS = chrome.OVERLAY.entries
WALL_WORDS = chrome.WALL.entries
SOCIAL_WORDS = chrome.SOCIAL.entries
COMMENT_WORDS = chrome.COMMENT.entries
LISTING_WORDS = chrome.LISTING.entries

#: Broad chrome vocabulary: discards OUTSIDE the main region.
BROAD_CHROME_WORDS = (
    NAV_WORDS | RECIRC_WORDS | MARKETING_WORDS | AD_WORDS | OVERLAY_WORDS | WALL_WORDS
    | SOCIAL_WORDS | COMMENT_WORDS | LISTING_WORDS
)

# Narrow groups: unambiguous even INSIDE the main region (an article body can hold a
# share bar, an inline ad slot, a newsletter box or a related-links box).
NARROW_NAV_WORDS = chrome.NARROW_NAV.entries
NARROW_SOCIAL_WORDS = chrome.NARROW_SOCIAL.entries
NARROW_MARKETING_WORDS = chrome.NARROW_MARKETING.entries
NARROW_AD_WORDS = chrome.NARROW_AD.entries
NARROW_COMMENT_WORDS = chrome.NARROW_COMMENT.entries
CREDIT_WORDS = chrome.CREDIT.entries

#: Narrow chrome vocabulary: the chrome verdict inside the main region.
NARROW_CHROME_WORDS = (
    NARROW_NAV_WORDS | NARROW_SOCIAL_WORDS | NARROW_MARKETING_WORDS | NARROW_AD_WORDS
    | NARROW_COMMENT_WORDS | CREDIT_WORDS
)

ASIDE_CHROME_WORDS = chrome.ASIDE_CHROME.entries
ARTICLE_WORDS = chrome.ARTICLE.entries
MAIN_WORDS = chrome.MAIN.entries
LEAD_WORDS = chrome.LEAD.entries
POSITIVE_WORDS = chrome.POSITIVE.entries
NEGATIVE_EXTRA_WORDS = chrome.NEGATIVE_EXTRA.entries
NEGATIVE_WORDS = BROAD_CHROME_WORDS | NEGATIVE_EXTRA_WORDS

#: Stems matched at the start of a token (``str.startswith`` takes a tuple).
BROAD_STEMS = tuple(sorted(chrome.BROAD_STEMS.entries))
NARROW_STEMS = tuple(sorted(chrome.NARROW_STEMS.entries))


def stem_hit(ws: frozenset[str], stems: tuple[str, ...]) -> str | None:
    """The smallest token of ``ws`` starting with one of ``stems`` (deterministic)."""
    hits = [w for w in ws if w.startswith(stems)]
    return min(hits) if hits else None


PROSE_CHROME_WORDS = chrome.PROSE_CHROME.entries
PROSE_CHROME_STEMS = tuple(sorted(chrome.PROSE_CHROME_STEMS.entries))

UI_LABEL_FAMILIES = texts.UI_LABEL_FAMILIES
UI_LABELS = texts.UI_LABELS.entries


def block_start(alternatives: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern matching any of ``alternatives`` at the start of a block (after at most
    three punctuation characters), case-insensitively."""
    return re.compile(r"[\W_]{0,3}(?:" + "|".join(alternatives) + ")", re.IGNORECASE)


#: Reader prompts and publisher notices: short blocks that address the reader about the
#: site, matched at the start of the block, one regex alternative per entry so that the
#: rule audit can measure each (the phrases, labelled by language, are in the registry:
#: ``vocabulary/phrases.py``).
READER_PROMPT_FAMILIES: dict[str, tuple[str, ...]] = phrases.READER_PROMPT.families()
READER_PROMPT = block_start(tuple(a for f in READER_PROMPT_FAMILIES.values() for a in f))
PUBLISHER_NOTICE_FAMILIES: dict[str, tuple[str, ...]] = phrases.PUBLISHER_NOTICE.families()
PUBLISHER_NOTICE = block_start(tuple(a for f in PUBLISHER_NOTICE_FAMILIES.values() for a in f))

#: A gallery's slide counter as a whole element's text ("image 1 of 8", "3 / 12"; news
#: galleries; rule `ui-label:slide-counter`, docs/rules.md).
SLIDE_COUNTER = re.compile(rf"(?:(?:{texts.SLIDE_NOUN.pattern()}) )?\d{{1,3}} ?"
                           rf"(?:{texts.SLIDE_OF.pattern()}) ?/? ?\d{{1,3}}")
