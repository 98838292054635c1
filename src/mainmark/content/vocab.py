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
from functools import lru_cache
from itertools import pairwise

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

#: Broad chrome vocabulary: discards OUTSIDE the main region.
BROAD_CHROME_WORDS = frozenset({
    # site navigation and page furniture, on every kind of site
    "nav", "navbar", "navigation", "menu", "menubar", "megamenu", "breadcrumb", "breadcrumbs",
    "footer", "sidebar", "sidebars", "masthead", "topbar", "toolbar", "skiplink", "skip",
    "header",
    # recirculation boxes on news and blog sites
    "related", "recommended", "recommendations", "recirc", "recirculation", "trending",
    "popular", "mostread", "mostpopular", "outbrain", "taboola", "teasers", "more",
    # engagement and marketing
    "newsletter", "subscribe", "subscription", "signup", "promo", "promotion", "banner",
    "sponsor", "sponsored", "advert", "advertisement", "advertising", "ad", "ads", "adslot",
    "adunit", "dfp", "widget", "widgets", "popup", "modal", "overlay",
    # consent and access walls (EU sites, paywalled news), old-browser warnings
    "cookie", "cookies", "consent", "gdpr", "paywall", "login", "signin", "register",
    "outdated", "outdatedbrowser", "browserupgrade", "browsehappy",
    # social
    "share", "sharing", "sharebar", "social", "follow",
    # reader comments on articles and blogs (the benchmarks and most RAG users exclude them)
    "comments", "comment", "commentlist", "disqus", "respond", "reply",
    # listing/browsing aids
    "pagination", "pager", "tagcloud", "tags", "categories", "archive", "archives", "search",
    "searchbox", "searchform",
    # the same furniture named in the languages of the sites' developers (German, French,
    # Spanish, Portuguese, Italian, Polish, Dutch CMS themes)
    *(_I18N_COMMENTS := ("kommentar", "kommentare", "commentaires", "comentarios",
                         "commenti", "komentarze", "reacties")),
    *(_I18N_ADS := ("werbung", "anzeige", "publicite", "publicidad", "publicidade",
                    "pubblicita", "reklama", "advertentie")),
    *(_I18N_SHARE := ("teilen", "partage", "compartir", "condividi", "delen")),
    *(_I18N_RELATED := ("relacionados", "relacionadas", "correlati", "gerelateerd",
                        "verwandte")),
    "rodape", "cabecalho", "piedepagina",
})

#: Narrow chrome vocabulary: unambiguous even INSIDE the main region (an article body
#: can hold a share bar, an inline ad slot, a newsletter box or a related-links box).
NARROW_CHROME_WORDS = frozenset({
    "breadcrumb", "breadcrumbs", "sharebar", "share", "sharing", "social",
    "newsletter", "subscribe", "signup", "advert", "advertisement", "advertising", "ad",
    "ads", "adslot", "adunit", "dfp", "outbrain", "taboola", "related", "recommended",
    "recirc", "cookie", "consent", "gdpr", "paywall", "comments", "commentlist", "disqus",
    "promo", "sponsored", "skiplink", "popup", "modal", "print", "toolbar",
    # photo credits and copyright lines under images ("Foto: dpa", "Getty Images")
    "credit", "credits", "copyright", "photocredit", "imagecredit",
    "photographer",
    *_I18N_COMMENTS, *_I18N_ADS, *_I18N_SHARE, *_I18N_RELATED,
    # blog plugins inside the post body: star ratings, author boxes, prev/next links
    "rating", "ratings", "postratings", "authorbox", "authorbio", "aboutauthor",
    "postnavigation", "prevnext", "nextprev", "pagination", "pager",
})

#: Inside the main region an ``<aside>`` with these words is the page's sidebar that a
#: theme printed inside the article container, not a pull quote or a fact box.
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
#: Standfirst/lead paragraphs in article headers (news, magazines: "chapo"/"chapeau" in
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
NEGATIVE_WORDS = BROAD_CHROME_WORDS | frozenset({
    "meta", "byline", "author", "date", "caption", "hidden", "credit", "contact", "teaser",
    "card", "cards", "thumbnail", "thumb", "list", "links", "shop", "shopping",
})

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

_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_TOKEN = re.compile(r"[a-z0-9]+")

#: Class entries that describe state or taxonomy, not the element's role: WordPress's
#: ``post_class()`` adds ``category-social``/``tag-comments`` terms to the article itself,
#: and layout flags say ``no-share``/``has-sidebar`` about what is *not* there or is
#: beside the element. Matching their words would mark article wrappers as chrome.
IGNORED_CLASS_PREFIXES = (
    "category-", "tag-", "tags-", "format-", "status-", "type-", "cat-", "topic-", "no-",
    "has-", "with-", "without-", "not-", "hide-", "show-", "is-", "js-", "postid-",
)


@lru_cache(maxsize=8192)
def words(value: str) -> frozenset[str]:
    """Split a class/id value into word tokens, plus joined pairs (``article-body`` also
    yields ``articlebody``) so compound names match the single-word vocabularies.

    Cached: the same class strings repeat hundreds of times on a page and across pages.
    """
    out: set[str] = set()
    entries = value.split()
    if "hentry" in entries or "status-publish" in entries:
        # WordPress's post_class(): every hyphenated entry is "{taxonomy}-{term}" for a
        # taxonomy of the site's own naming ("topics-umwelt", "custom_tags-werbung").
        entries = [e for e in entries if "-" not in e and "_" not in e]
    for entry in entries:
        low = entry.lower()
        if low.startswith(IGNORED_CLASS_PREFIXES):
            continue
        if low != entry:  # camelCase: split before lowering ("relatedLinks")
            low = _CAMEL.sub(r"\1 \2", entry).lower()
        parts = _TOKEN.findall(low)
        out.update(parts)
        if len(parts) > 1:
            out.update([a + b for a, b in pairwise(parts)])
    return frozenset(out)


def stem_hit(ws: frozenset[str], stems: tuple[str, ...]) -> str | None:
    """The smallest token of ``ws`` starting with one of ``stems`` (deterministic)."""
    hits = [w for w in ws if w.startswith(stems)]
    return min(hits) if hits else None


#: Chrome that is prose by nature: reader comments, newsletter pitches and author bios
#: are paragraphs, and still not content.
PROSE_CHROME_WORDS = frozenset({"comments", "commentlist", "disqus", "respond", "reply",
                                *_I18N_COMMENTS, "newsletter", "subscribe", "signup",
                                "authorbox", "authorbio", "aboutauthor"})
#: The same, for compounds ("newsletterbox", "subscribeform").
PROSE_CHROME_STEMS = ("newsletter", "subscri", "authorbox")

#: Broad stems whose verdict yields when the box holds most of the page's prose: a
#: "teaser" is a card for another page, yet news CMSes (TYPO3 templates) also name their
#: article layouts "teaserTyp3", "teaser-text". Sidebars, login dialogs and comment
#: threads hold long prose too, so their words do not yield (measured on the benchmark).
PROSE_YIELDING_STEMS = ("teaser",)

#: Narrow words that only mark chrome when the element is small: a paywall *prompt* is
#: chrome, but publishers also wrap the gated article text itself in ``div.paywall``.
SIZE_LIMITED_WORDS = frozenset({"paywall"})
SIZE_LIMIT_BYTES = 600




#: Control and state labels of in-page widgets (galleries, players, toggles, lazy loaders),
#: compared with a whole element's text, casefolded ("ß" becomes "ss"), punctuation dropped.
UI_LABELS = frozenset(label.casefold() for label in {
    # English
    "close", "caption", "next", "previous", "prev", "back", "show more", "show less",
    "read more", "load more", "see more", "view more", "expand", "collapse",
    "back to gallery", "view gallery", "open gallery", "enlarge", "zoom", "fullscreen",
    "full screen", "play", "pause", "loading", "copy link", "copied", "skip ad",
    "advertisement", "media playback is unsupported on your device", "video", "audio",
    "play video", "watch video", "watch", "listen", "gallery", "photo gallery", "subscribe",
    "sign up", "sign in", "log in",
    # German
    "schließen", "weiter", "zurück", "vorherige", "vorheriges", "nächste", "nächstes",
    "mehr anzeigen", "weniger anzeigen", "vergrößern", "bild vergrößern", "zur galerie",
    "wird geladen", "lädt", "anzeige", "werbung", "quellen ausblenden", "quellen anzeigen",
    "bildergalerie", "galerie", "fotogalerie", "video abspielen", "abonnieren", "anmelden",
    # French, Spanish, Italian, Polish
    "fermer", "suivant", "précédent", "agrandir", "voir plus", "chargement", "publicité",
    "cerrar", "siguiente", "anterior", "ampliar", "ver más", "cargando", "publicidad",
    "chiudi", "successivo", "precedente", "ingrandisci", "caricamento", "pubblicità",
    "zamknij", "następny", "poprzedni", "powiększ", "wczytywanie", "reklama",
})


#: A short block that only addresses the reader about the site, not the topic: a
#: subscription or newsletter pitch, "read also" pointers, share/follow/comment prompts,
#: app plugs. News and blog templates put them between and after the paragraphs in the
#: body itself, where class names say nothing. Matched at the start of the block, in the
#: languages of the sites' readers.
READER_PROMPT = re.compile(
    r"[\W_]{0,3}(?:"
    # English
    r"subscribe (?:now|today|here|to (?:our|my)|for (?:free|full|unlimited))\b"
    r"|(?-i:Subscribe to [A-Z])"
    r"|sign up (?:now|today|here|for (?:our|my|the) (?:free )?(?:\w+ )?newsletter)\b"
    r"|follow us\b|share this (?:article|story|post|on)\b"
    r"|if you (?:enjoyed|liked)\b|if you found this (?:article|post)\b"
    r"|for the latest (?:news|stories|updates)\b|read (?:more|also)\s*:|also read\b"
    r"|don't miss (?:out|our|a (?:thing|story))\b|submit your (?:letter|story|news)\b"
    r"|we want to hear\b"
    r"|download our (?:free )?app\b|join our\b|support our (?:journalism|work)\b"
    r"|never miss (?:a|an|another|the latest|out)\b|you (?:may|might) also like\b"
    r"|related (?:articles|stories|posts)\b"
    r"|more on this (?:story|topic)\b|read next\b|have a (?:news )?tip\b"
    r"|get the latest (?:news|updates|headlines|stories)\b"
    r"|follow [\w'’.&-]+(?: [\w'’.&-]+){0,3} on (?:instagram|facebook|twitter|x|youtube"
    r"|tiktok|linkedin|social media)\b|follow [\w'’.&-]+ full coverage\b"
    # German
    r"|lesen sie auch\b|lies auch\b|schon gelesen\b|jetzt abonnieren\b|abonnieren sie\b"
    r"|gefällt (?:dir|ihnen) (?:unser|dieser|der|das)\b|lust auf mehr\b"
    r"|möchten sie (?:den|diesen) (?:artikel|beitrag) teilen\b"
    r"|teilen sie (?:diesen|den) (?:artikel|beitrag)\b"
    r"|folgen sie uns\b|verraten sie (?:uns|gerne)\b|unterstützen sie (?:uns|unsere)\b"
    r"|mehr (?:zum thema|themen)\b|das könnte (?:dich|sie) auch interessieren\b"
    r"|besuchen sie unseren\b"
    # French, Spanish, Italian, Polish
    r"|(?:à )?lire aussi\b|abonnez-vous\b|suivez-nous\b|lee (?:también|más)\b"
    r"|suscríbete\b|síguenos\b|¡?mira lo que tiene\b|leggi anche\b|iscriviti\b"
    r"|seguici\b|czytaj (?:też|także|również|więcej)\b|zobacz (?:też|także|również)\b"
    r"|zapraszamy (?:też )?do subskrypcji\b|(?:le|te) puede interesar\b"
    r"|(?:à )?lire également\b|vous aimerez aussi\b|ti potrebbe interessare\b"
    r")",
    re.IGNORECASE,
)

#: A short block that is the publisher's notice about the text, not the text: affiliate
#: and advertising disclosures, opinion disclaimers, reprint and copyright notices.
PUBLISHER_NOTICE = re.compile(
    r"[\W_]{0,3}(?:"
    r"this (?:post|article|page|story) (?:may )?contains? (?:affiliate|sponsored|paid)\b"
    r"|the views (?:and opinions )?expressed\b|disclaimer\s*:|disclosure\s*:"
    r"|this (?:article|content) is the (?:copyright|copyrighted property)\b"
    r"|written permission must be obtained\b|all rights reserved\b"
    r"|(?:©|\(c\)|copyright)\s*(?:©\s*)?(?:19|20)\d\d\b"
    r"|dieser (?:beitrag|artikel|text) (?:gibt|enthält|wurde|erschien)\b"
    r"|bei diesem (?:beitrag|artikel|text) handelt es sich\b|werbung\s*[.:]"
    r"|für links auf dieser seite\b|alle rechte vorbehalten\b"
    r"|tous droits réservés\b|todos los derechos reservados\b"
    r"|materiał chroniony prawem\b"
    r")",
    re.IGNORECASE,
)

#: A gallery's slide counter as a whole element's text ("image 1 of 8", "3 / 12").
SLIDE_COUNTER = re.compile(r"(?:(?:image|photo|picture|slide|bild|foto|imagen|immagine|zdjęcie)"
                           r" )?\d{1,3} ?(?:of|/|von|de|sur|di|z) ?/? ?\d{1,3}")
