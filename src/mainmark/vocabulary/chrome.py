"""Class/id words that decide what is page chrome, and what marks the article.

Two vocabularies decide what is chrome. Outside the main region (no
``<main>``/``<article>``/``role=main``/article-body class above the node) the broad
one applies; inside it only the narrow one, because articles legitimately contain
elements classed ``widget``, ``button``, ``tags`` or ``banner``. Both are unions of the
named groups below (one kind of furniture each), so that the rule audit
(``benchmarks/rule_audit.py``) can switch one group off and measure what it is worth;
the unions are built in :mod:`mainmark.content.vocab`.

What a group is worth, and when that was measured, is in docs/rules.md under the rule
audit unit a description names ("rule `broad:ad`").
"""

from __future__ import annotations

from mainmark.vocabulary.registry import Label, Match, Vocabulary, cms, language, vendor

_SELECT = ("content.measure",)
_DISQUS = {"disqus": vendor("Disqus")}
_RECIRC_VENDORS = {"outbrain": vendor("Outbrain"), "taboola": vendor("Taboola")}
_DFP = {"dfp": vendor("Google DoubleClick for Publishers")}

NAV = Vocabulary(
    "nav", frozenset({
        "nav", "navbar", "navigation", "menu", "menubar", "megamenu", "breadcrumb",
        "breadcrumbs", "footer", "sidebar", "sidebars", "masthead", "topbar", "toolbar",
        "skiplink", "skip", "header",
    }),
    "site navigation and page furniture, on every kind of site", _SELECT)
RECIRC = Vocabulary(
    "recirc", frozenset({
        "related", "recommended", "recommendations", "recirc", "recirculation", "trending",
        "popular", "mostread", "mostpopular", "outbrain", "taboola", "teasers", "more",
    }),
    "recirculation boxes on news and blog sites", _SELECT, labels=_RECIRC_VENDORS)
MARKETING = Vocabulary(
    "marketing", frozenset({"newsletter", "subscribe", "subscription", "signup", "promo",
                            "promotion", "banner"}),
    "engagement and marketing boxes", _SELECT)
AD = Vocabulary(
    "ad", frozenset({"sponsor", "sponsored", "advert", "advertisement", "advertising", "ad",
                     "ads", "adslot", "adunit", "dfp"}),
    "ad slots (news and blog pages; rule `broad:ad`, docs/rules.md)", _SELECT, labels=_DFP)
OVERLAY = Vocabulary(
    "overlay", frozenset({"widget", "widgets", "popup", "modal", "overlay"}),
    "widgets and overlays beside the article", _SELECT)
WALL = Vocabulary(
    "wall", frozenset({"cookie", "cookies", "consent", "gdpr", "paywall", "login", "signin",
                       "register"}),
    "consent and access walls (EU sites, paywalled news)", _SELECT)
SOCIAL = Vocabulary(
    "social", frozenset({"share", "sharing", "sharebar", "social", "follow"}),
    "share and follow bars", _SELECT)
COMMENT = Vocabulary(
    "comment", frozenset({"comments", "comment", "commentlist", "disqus", "respond", "reply"}),
    "reader comments on articles and blogs (the benchmarks and most RAG users exclude "
    "them; rule `broad:comment`, docs/rules.md)", _SELECT, labels=_DISQUS)
LISTING = Vocabulary(
    "listing", frozenset({"pagination", "pager", "tagcloud", "tags", "categories", "archive",
                          "archives", "search", "searchbox", "searchform"}),
    "listing and browsing aids", _SELECT)
NARROW_NAV = Vocabulary(
    "narrow_nav", frozenset({"breadcrumb", "breadcrumbs", "skiplink", "toolbar", "print"}),
    "navigation aids that are chrome even inside the main region", _SELECT)
NARROW_SOCIAL = Vocabulary(
    "narrow_social", frozenset({"sharebar", "share", "sharing", "social"}),
    "share bars inside the article body", _SELECT)
NARROW_MARKETING = Vocabulary(
    "narrow_marketing", frozenset({"newsletter", "subscribe", "signup", "promo", "sponsored",
                                   "popup", "modal"}),
    "newsletter and promotion boxes inside the article body", _SELECT)
NARROW_AD = Vocabulary(
    "narrow_ad", frozenset({"advert", "advertisement", "advertising", "ad", "ads", "adslot",
                            "adunit", "dfp"}),
    "ad slots inside the article body (rule `narrow:ad`, docs/rules.md)", _SELECT, labels=_DFP)
NARROW_COMMENT = Vocabulary(
    "narrow_comment", frozenset({"comments", "commentlist", "disqus"}),
    "comment threads inside the article container (blogs, forums' article pages; "
    "rule `narrow:comment`, docs/rules.md)", _SELECT, labels=_DISQUS)
CREDIT = Vocabulary(
    "credit", frozenset({"credit", "credits", "copyright", "photocredit", "imagecredit",
                         "photographer"}),
    "photo credits and copyright lines under images (\"Foto: dpa\", \"Getty Images\")",
    _SELECT)

ASIDE_CHROME = Vocabulary(
    "aside_chrome", frozenset({"sidebar", "sidebars", "widget", "widgets", "widgetarea"}),
    "inside the main region an <aside> with these words is the page's sidebar that a theme "
    "printed inside the article container, not a pull quote (blog themes; "
    "rule `aside-words`, docs/rules.md)", _SELECT, labels={"widgetarea": cms("WordPress")})
ARTICLE = Vocabulary(
    "article", frozenset({"article", "post", "entry", "story"}),
    "a broad 'header' word next to one of these (\"entry-header\") names the article's own "
    "headline block, not the site header", _SELECT)
MAIN = Vocabulary(
    "main", frozenset({
        "articlebody", "storybody", "postbody", "entrycontent", "postcontent",
        "articlecontent", "storycontent", "maincontent", "bodytext", "articletext",
        "storytext", "posttext",
    }),
    "words that mark the main region (article bodies: news 'story-body'/'article-body', "
    "schema.org 'articleBody')", _SELECT, labels={"entrycontent": cms("WordPress")})
_LEAD_LANGUAGES: dict[str, Label] = {
    "chapo": language("fr"), "chapeau": language("fr"), "perex": language("cs"),
    "vorspann": language("de"), "sommario": language("it"), "catenaccio": language("it"),
    "entradilla": language("es"), "bajada": language("es"), "copete": language("es"),
    "sumario": language("es"), "ingress": language("no"), "ingressi": language("fi"),
}
LEAD = Vocabulary(
    "lead", frozenset({
        "lead", "leadtext", "intro", "introtext", "standfirst", "teasertext", "summary",
        "abstract", "excerpt", "subtitle", "subheadline", "deck", "dek", "lede", "leadin",
        *_LEAD_LANGUAGES,
    }),
    "standfirst/lead paragraphs in article headers (news and magazine pages; the lead step: "
    "rule `lead-words`, docs/rules.md)", ("content.score",),
    labels=_LEAD_LANGUAGES)
POSITIVE = Vocabulary(
    "positive", frozenset({
        "article", "body", "content", "entry", "post", "story", "text", "main", "blog",
        "hentry", "page", "prose", "richtext",
    }),
    "single words that raise a container's score (a hint, not a verdict; Readability's "
    "positive class pattern, extended)", _SELECT, labels={"hentry": cms("microformats")})
NEGATIVE_EXTRA = Vocabulary(
    "negative_extra", frozenset({
        "meta", "byline", "author", "date", "caption", "hidden", "credit", "contact",
        "teaser", "card", "cards", "thumbnail", "thumb", "list", "links", "shop", "shopping",
    }),
    "single words that lower a container's score, beside the broad chrome words "
    "(Readability's negative class pattern, extended)", _SELECT)

_STEM_VENDORS: dict[str, Label] = {
    "taboola": vendor("Taboola"), "outbrain": vendor("Outbrain"), "disqus": vendor("Disqus"),
    "sharethis": vendor("ShareThis"), "shareaholic": vendor("Shareaholic"),
}
BROAD_STEMS = Vocabulary(
    "broad_stems", frozenset({
        "related", "sharebar", "sharetool", "shareicon", "sharebutton", "sharelink",
        "sharethis", "shareaholic", "social", "newsletter", "advert", "sponsor", "breadcrumb",
        "cookie", "footer", "sidebar", "navbar", "recommend", "subscri", "signup", "taboola",
        "outbrain", "disqus", "paywall", "teaser", "promo",
    }),
    "stems for the compounds CMS themes glue together ('relatedposts', 'sharetools'); only "
    "stems whose every continuation is still chrome (not 'comment': 'commentary')",
    _SELECT, Match.STEM, labels=_STEM_VENDORS)
NARROW_STEMS = Vocabulary(
    "narrow_stems", frozenset({
        "related", "sharebar", "sharetool", "shareicon", "sharebutton", "social",
        "newsletter", "advert", "sponsor", "breadcrumb", "cookie", "recommend", "subscri",
        "taboola", "outbrain", "disqus", "promo", "authorbox", "postrating",
    }),
    "the same, inside the main region", _SELECT, Match.STEM,
    labels={k: v for k, v in _STEM_VENDORS.items() if k in ("taboola", "outbrain", "disqus")})
PROSE_CHROME = Vocabulary(
    "prose_chrome", frozenset({"comments", "commentlist", "disqus", "respond", "reply",
                               "newsletter", "subscribe", "signup", "authorbox", "authorbio",
                               "aboutauthor"}),
    "chrome that is prose by nature: reader comments, newsletter pitches and author bios "
    "are paragraphs, and still not content", _SELECT, labels=_DISQUS)
PROSE_CHROME_STEMS = Vocabulary(
    "prose_chrome_stems", frozenset({"newsletter", "subscri", "authorbox"}),
    "the same, for compounds ('newsletterbox', 'subscribeform')", _SELECT, Match.STEM)

#: Every table of this module, in the order the docs list them.
TABLES = (
    NAV, RECIRC, MARKETING, AD, OVERLAY, WALL, SOCIAL, COMMENT, LISTING,
    NARROW_NAV, NARROW_SOCIAL, NARROW_MARKETING, NARROW_AD, NARROW_COMMENT,
    CREDIT, ASIDE_CHROME, ARTICLE, MAIN, LEAD, POSITIVE, NEGATIVE_EXTRA, BROAD_STEMS,
    NARROW_STEMS, PROSE_CHROME, PROSE_CHROME_STEMS,
)
