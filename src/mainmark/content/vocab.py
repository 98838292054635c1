"""Vocabularies: every tag set and class/id word the extractor acts on, as data.

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
#: Containers that can hold an article.
CONTAINER_TAGS = frozenset({"div", "section", "article", "main", "td", "body", "center",
                            "font", "span", "form", "blockquote"})

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

# Chrome words come in named groups (one kind of furniture each), so that the rule audit
# (benchmarks/rule_audit.py) can switch one group off and measure what it is worth; the
# broad and narrow vocabularies below are unions of them.

#: site navigation and page furniture, on every kind of site
NAV_WORDS = frozenset({
    "nav", "navbar", "navigation", "menu", "menubar", "megamenu", "breadcrumb", "breadcrumbs",
    "footer", "sidebar", "sidebars", "masthead", "topbar", "toolbar", "skiplink", "skip",
    "header",
})
#: recirculation boxes on news and blog sites
RECIRC_WORDS = frozenset({
    "related", "recommended", "recommendations", "recirc", "recirculation", "trending",
    "popular", "mostread", "mostpopular", "outbrain", "taboola", "teasers", "more",
})
#: engagement and marketing
MARKETING_WORDS = frozenset({"newsletter", "subscribe", "subscription", "signup", "promo",
                             "promotion", "banner"})
#: ad slots (news and blog pages; worth +0.0010 tr CHECK in the 0.4 audit)
AD_WORDS = frozenset({"sponsor", "sponsored", "advert", "advertisement", "advertising", "ad",
                      "ads", "adslot", "adunit", "dfp"})
OVERLAY_WORDS = frozenset({"widget", "widgets", "popup", "modal", "overlay"})
#: consent and access walls (EU sites, paywalled news)
WALL_WORDS = frozenset({"cookie", "cookies", "consent", "gdpr", "paywall", "login", "signin",
                        "register"})
SOCIAL_WORDS = frozenset({"share", "sharing", "sharebar", "social", "follow"})
#: reader comments on articles and blogs (the benchmarks and most RAG users exclude them;
#: worth +0.0004 wx CHECK in the 0.4 audit)
COMMENT_WORDS = frozenset({"comments", "comment", "commentlist", "disqus", "respond", "reply"})
#: listing/browsing aids
LISTING_WORDS = frozenset({"pagination", "pager", "tagcloud", "tags", "categories", "archive",
                           "archives", "search", "searchbox", "searchform"})
#: Comment sections named in the languages of the sites' developers (German, French,
#: Spanish, Italian, Polish, Dutch CMS themes; worth +0.0030 tr, -0.0004 wx CHECK in the
#: 0.4 audit). The same for ads, share bars and related boxes did not pay and was deleted.
I18N_COMMENT_WORDS = frozenset({"kommentar", "kommentare", "commentaires", "comentarios",
                                "commenti", "komentarze", "reacties"})

#: Broad chrome vocabulary: discards OUTSIDE the main region.
BROAD_CHROME_WORDS = (
    NAV_WORDS | RECIRC_WORDS | MARKETING_WORDS | AD_WORDS | OVERLAY_WORDS | WALL_WORDS
    | SOCIAL_WORDS | COMMENT_WORDS | LISTING_WORDS | I18N_COMMENT_WORDS
)

# Narrow groups: unambiguous even INSIDE the main region (an article body can hold a
# share bar, an inline ad slot, a newsletter box or a related-links box).
NARROW_NAV_WORDS = frozenset({"breadcrumb", "breadcrumbs", "skiplink", "toolbar", "print"})
NARROW_SOCIAL_WORDS = frozenset({"sharebar", "share", "sharing", "social"})
NARROW_MARKETING_WORDS = frozenset({"newsletter", "subscribe", "signup", "promo", "sponsored",
                                    "popup", "modal"})
#: ad slots inside the article body (+0.0010 sh, -0.0003 wx CHECK in the 0.4 audit)
NARROW_AD_WORDS = frozenset({"advert", "advertisement", "advertising", "ad", "ads", "adslot",
                             "adunit", "dfp"})
#: recirculation boxes printed inside the article body (+0.00003 wx CHECK in the 0.4 audit)
NARROW_RECIRC_WORDS = frozenset({"outbrain", "taboola", "related", "recommended", "recirc"})
#: comment threads inside the article container (blogs, forums' article pages; worth
#: +0.0020 tr, +0.0020 wx CHECK in the 0.4 audit)
NARROW_COMMENT_WORDS = frozenset({"comments", "commentlist", "disqus"})
#: photo credits and copyright lines under images ("Foto: dpa", "Getty Images")
CREDIT_WORDS = frozenset({"credit", "credits", "copyright", "photocredit", "imagecredit",
                          "photographer"})

#: Narrow chrome vocabulary: the chrome verdict inside the main region.
NARROW_CHROME_WORDS = (
    NARROW_NAV_WORDS | NARROW_SOCIAL_WORDS | NARROW_MARKETING_WORDS | NARROW_AD_WORDS
    | NARROW_RECIRC_WORDS | NARROW_COMMENT_WORDS | CREDIT_WORDS | I18N_COMMENT_WORDS
)

#: Inside the main region an ``<aside>`` with these words is the page's sidebar that a
#: theme printed inside the article container, not a pull quote or a fact box (blog
#: themes; worth +0.0035 tr CHECK in the 0.4 audit).
ASIDE_CHROME_WORDS = frozenset({"sidebar", "sidebars", "widget", "widgets", "widgetarea"})
#: A broad ``header`` word next to one of these ("entry-header", "article-header") names
#: the article's own headline block, not the site header.
ARTICLE_WORDS = frozenset({"article", "post", "entry", "story"})

#: Words that mark the main region (article bodies on CMS themes: WordPress ``entry-content``,
#: news ``story-body``/``article-body``, schema ``articleBody``).
MAIN_WORDS = frozenset({
    "articlebody", "storybody", "postbody", "entrycontent", "postcontent", "articlecontent",
    "storycontent", "maincontent", "bodytext", "articletext", "storytext", "posttext",
})
#: (News and magazine pages; the lead step with these words is worth +0.0072 tr, +0.0003 wx,
#: -0.0011 sh CHECK in the 0.4 audit.) Standfirst/lead paragraphs in article headers
#: (news, magazines: "chapo"/"chapeau" in
#: French, "perex" in Czech/Slovak, "vorspann" in German, "sommario"/"catenaccio" in
#: Italian, "entradilla"/"bajada"/"copete"/"sumario" in Spanish, "ingress" in Nordic
#: templates).
LEAD_WORDS = frozenset({
    "lead", "leadtext", "intro", "introtext", "standfirst", "chapo", "perex", "vorspann",
    "teasertext", "summary", "abstract", "excerpt", "subtitle", "subheadline", "deck",
    "dek", "lede", "leadin", "chapeau", "sommario", "catenaccio", "entradilla", "bajada",
    "copete", "sumario", "ingress", "ingressi",
})
#: Single words that raise a container's score (a hint, not a verdict).
POSITIVE_WORDS = frozenset({
    "article", "body", "content", "entry", "post", "story", "text", "main", "blog",
    "hentry", "page", "prose", "richtext",
})
#: Single words that lower a container's score.
NEGATIVE_EXTRA_WORDS = frozenset({
    "meta", "byline", "author", "date", "caption", "hidden", "credit", "contact", "teaser",
    "card", "cards", "thumbnail", "thumb", "list", "links", "shop", "shopping",
})
NEGATIVE_WORDS = BROAD_CHROME_WORDS | NEGATIVE_EXTRA_WORDS

#: Stems matched at the start of a token, for the compounds CMS themes glue together
#: (``relatedposts``, ``sharetools``, ``newsletterbox``, ``sidebarwidget``). Only stems
#: whose every continuation is still chrome are listed (not ``comment``: ``commentary``).
BROAD_STEMS = ("related", "sharebar", "sharetool", "shareicon", "sharebutton", "sharelink",
               "sharethis", "shareaholic", "social", "newsletter", "advert", "sponsor",
               "breadcrumb", "cookie", "footer", "sidebar", "navbar", "recommend", "subscri",
               "signup", "taboola", "outbrain", "disqus", "paywall", "teaser", "promo")
NARROW_STEMS = ("related", "sharebar", "sharetool", "shareicon", "sharebutton", "social",
                "newsletter", "advert", "sponsor", "breadcrumb", "cookie", "recommend",
                "subscri", "taboola", "outbrain", "disqus", "promo", "authorbox", "postrating")

def stem_hit(ws: frozenset[str], stems: tuple[str, ...]) -> str | None:
    """The smallest token of ``ws`` starting with one of ``stems`` (deterministic)."""
    hits = [w for w in ws if w.startswith(stems)]
    return min(hits) if hits else None


#: Chrome that is prose by nature: reader comments, newsletter pitches and author bios
#: are paragraphs, and still not content.
PROSE_CHROME_WORDS = frozenset({"comments", "commentlist", "disqus", "respond", "reply",
                                *I18N_COMMENT_WORDS, "newsletter", "subscribe", "signup",
                                "authorbox", "authorbio", "aboutauthor"})
#: The same, for compounds ("newsletterbox", "subscribeform").
PROSE_CHROME_STEMS = ("newsletter", "subscri", "authorbox")





#: Control and state labels of in-page widgets (galleries, players, toggles, lazy loaders),
#: compared with a whole element's text, casefolded ("ß" becomes "ss"), punctuation dropped.
#: For news and magazine pages with galleries and players. The rule (with slide counters) is
#: worth +0.0012 sh, +0.0003 rd/wx CHECK in the 0.4 audit; the labels that fired on no
#: CHECK page, and the German and Romance/Polish families, were deleted
#: (docs/extraction.md).
UI_LABEL_FAMILIES: dict[str, frozenset[str]] = {
    "en": frozenset({
        "audio", "back", "back to gallery", "caption", "close", "expand", "load more",
        "loading", "log in", "play video", "previous", "read more", "show more",
        "sign up", "subscribe", "video",
    }),
}
UI_LABELS = frozenset(label.casefold() for family in UI_LABEL_FAMILIES.values()
                      for label in family)


def block_start(alternatives: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern matching any of ``alternatives`` at the start of a block (after at most
    three punctuation characters), case-insensitively."""
    return re.compile(r"[\W_]{0,3}(?:" + "|".join(alternatives) + ")", re.IGNORECASE)


#: A short block that only addresses the reader about the site, not the topic: a
#: subscription or newsletter pitch, "read also" pointers, share/follow/comment prompts,
#: app plugs. News and blog templates put them between and after the paragraphs in the
#: body itself, where class names say nothing. Matched at the start of the block, in the
#: languages of the sites' readers; one regex alternative per entry, so that the rule
#: audit can measure each. Worth +0.0023 sh, +0.0060 tr, +0.0001 wx CHECK in the 0.4 audit; the
#: entries that paid nothing on CHECK were deleted (docs/extraction.md).
READER_PROMPT_FAMILIES: dict[str, tuple[str, ...]] = {
    "en": (
        r"subscribe (?:now|today|here|to (?:our|my)|for (?:free|full|unlimited))\b",
        r"sign up (?:now|today|here|for (?:our|my|the) (?:free )?(?:\w+ )?newsletter)\b",
        r"share this (?:article|story|post|on)\b",
        r"if you (?:enjoyed|liked)\b",
        r"for the latest (?:news|stories|updates)\b",
        r"read (?:more|also)\s*:",
        r"we want to hear\b",
        r"join our\b",
        r"you (?:may|might) also like\b",
        r"related (?:articles|stories|posts)\b",
        r"have a (?:news )?tip\b",
        r"get the latest (?:news|updates|headlines|stories)\b",
        r"follow [\w'’.&-]+(?: [\w'’.&-]+){0,3} on "
        r"(?:instagram|facebook|twitter|x|youtube|tiktok|linkedin|social media)\b",
    ),
    # German
    "de": (
        r"lust auf mehr\b",
    ),
    # Polish
    "pl": (
        r"zapraszamy (?:też )?do subskrypcji\b",
    ),
}
READER_PROMPT = block_start(tuple(a for f in READER_PROMPT_FAMILIES.values() for a in f))

#: A short block that is the publisher's notice about the text, not the text: affiliate
#: and advertising disclosures, opinion disclaimers, reprint and copyright notices. Only
#: the German affiliate-link disclosure paid (+0.0010 tr CHECK in the 0.4 audit); the English,
#: French, Spanish and Polish notices did not and were deleted.
PUBLISHER_NOTICE_FAMILIES: dict[str, tuple[str, ...]] = {
    # German: affiliate-link disclosures
    "de": (
        r"für links auf dieser seite\b",
    ),
}
PUBLISHER_NOTICE = block_start(tuple(a for f in PUBLISHER_NOTICE_FAMILIES.values() for a in f))

#: A gallery's slide counter as a whole element's text ("image 1 of 8", "3 / 12"; news
#: galleries, worth +0.0009 sh CHECK in the 0.4 audit).
SLIDE_COUNTER = re.compile(r"(?:(?:image|photo|picture|slide|bild|foto|imagen|immagine|zdjęcie)"
                           r" )?\d{1,3} ?(?:of|/|von|de|sur|di|z) ?/? ?\d{1,3}")
