"""The page-kind model's input vocabularies: the schema.org types, ``og:type`` values, URL
path tokens, text and title words, class/id words and tags whose presence or count is a
feature of ``pagekind/features.py``, and the words ``pagekind/markup.py`` finds post
blocks and their authors and dates by.

Each feature vocabulary is ordered: :data:`mainmark.pagekind.features.FEATURES` names
one feature per entry in the order written here, and the shipped model's weights are in
that order. An entry added, removed or moved changes the vector, so the model must be
retrained (``benchmarks/train_pagekind.py``; ``tests/test_pagekind_training.py`` fails
until it is). What a feature is worth is in the model's training report, not here.

schema.org and Open Graph are standards every page may use (generic); words of visible
text and titles are English (elsewhere the markup features carry the evidence); a path
token or class word that one forum engine, framework or shop writes names it.
"""

from __future__ import annotations

from mainmark.vocabulary.registry import (
    Label,
    Match,
    Phrase,
    Vocabulary,
    cms,
    language,
    phrases,
    site,
    vendor,
)

_FEATURES = ("pagekind.features",)
_MARKUP = ("pagekind.markup",)
_EN = language("en")

#: schema.org types, grouped by what they say about the page (one feature per group,
#: ``schema:<group>``). A type may stand in two groups and then counts for both:
#: ``OfferCatalog`` is a catalogue (listing) and, as a business's ``hasOfferCatalog``, the
#: offers of a provider (service); the model weighs the two.
_SCHEMA_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("article", ("Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle",
                 "AnalysisNewsArticle", "OpinionNewsArticle", "LiveBlogPosting",
                 "ScholarlyArticle", "Report", "Review", "Blog", "SocialMediaPosting")),
    ("recipe", ("Recipe", "HowTo")),
    ("forum", ("DiscussionForumPosting", "QAPage")),
    ("question", ("Question", "Answer")),
    ("comment", ("Comment", "UserComments")),
    ("product", ("Product", "ProductGroup", "IndividualProduct", "ProductModel", "Vehicle",
                 "Car", "Book", "SoftwareApplication")),
    ("offer", ("Offer", "AggregateOffer")),
    ("rating", ("AggregateRating", "Rating")),
    ("listing", ("CollectionPage", "SearchResultsPage", "OfferCatalog")),
    ("itemlist", ("ItemList", "ListItem")),
    ("docs", ("TechArticle", "APIReference", "SoftwareSourceCode")),
    ("service", ("Service", "ProfessionalService", "Course", "FinancialService",
                 "LegalService", "MedicalClinic", "HomeAndConstructionBusiness", "FAQPage",
                 "Event", "OfferCatalog")),
    ("business", ("LocalBusiness", "Organization", "Corporation", "Store",
                  "EducationalOrganization", "CollegeOrUniversity", "Restaurant", "Hotel",
                  "Place", "PostalAddress")),
    ("webpage", ("WebPage", "AboutPage", "ContactPage", "ItemPage", "MedicalWebPage")),
    ("website", ("WebSite", "SearchAction")),
    ("breadcrumb", ("BreadcrumbList",)),
    ("person", ("Person",)),
    ("media", ("VideoObject", "ImageObject", "ImageGallery", "AudioObject")),
)
SCHEMA_GROUPS: dict[str, Vocabulary] = {
    group: Vocabulary.ordered(
        f"kind_schema_{group}", types,
        f"schema.org types that say a page is a {group} page (feature `schema:{group}`)",
        _FEATURES, Match.SCHEMA)
    for group, types in _SCHEMA_GROUPS}

OG_TYPES = Vocabulary.ordered(
    "kind_og_type", ("article", "product", "website", "book", "video", "profile"),
    "`og:type` values with a feature of their own (`og:<value>`; any other is `og:other`)",
    _FEATURES, Match.OG_TYPE)

#: URL path tokens that one forum engine or shop writes.
_PATH_LABELS: dict[str, Label] = {
    "viewtopic": cms("phpBB"), "showthread": cms("vBulletin"), "t": cms("Discourse"),
    "dp": site("amazon.com", "Amazon's product addresses (/dp/<ASIN>) are copied by the "
               "many shops and affiliate pages that sell through it"),
    "r": site("reddit.com", "subreddit addresses (/r/<name>) are the commonest forum "
              "thread URLs on the web"),
}
URL_TOKENS = Vocabulary.ordered(
    "kind_url_token", (
        "blog", "news", "article", "articles", "post", "posts", "story", "stories", "opinion",
        "docs", "doc", "documentation", "api", "reference", "guide", "guides", "manual",
        "help", "support", "kb", "faq", "tutorial", "tutorials", "learn", "wiki", "howto",
        "how", "forum", "forums", "thread", "threads", "topic", "topics", "t", "questions",
        "q", "community", "discussion", "discussions", "discuss", "answers", "r", "comments",
        "product", "products", "p", "dp", "item", "shop", "store", "buy", "collections",
        "collection", "category", "categories", "c", "tag", "tags", "search", "list",
        "archive", "page", "services", "service", "solutions", "about", "contact", "pricing",
        "features", "careers", "jobs", "events", "recipes", "recipe", "review", "reviews",
        "best", "top", "html", "htm", "php", "aspx", "index", "viewtopic", "showthread",
        "talk", "board", "boards", "pdp", "courses", "course", "programs", "program",
        "degree", "degrees", "glossary", "usersguide", "getting", "started", "install",
        "locations", "location", "s", "u", "user", "users", "profile", "members",
    ),
    "URL path tokens most sites use for one kind of page (feature `url:<token>`)",
    _FEATURES, Match.PATH, labels=_PATH_LABELS)

TEXT_WORDS = Vocabulary.ordered(
    "kind_text_word", (
        "reply", "replies", "quote", "joined", "posts", "posted", "views", "likes", "report",
        "member", "members", "thread", "answered", "asked", "votes", "comments", "comment",
        "cart", "price", "sale", "shipping", "stock", "reviews", "size", "quantity",
        "read", "more", "next", "previous", "page", "results", "showing", "filter", "sort",
        "contact", "call", "free", "consultation", "services", "learn", "today",
        "step", "example", "returns", "parameters", "function", "install", "version",
        "note",
    ),
    "words of the visible text that kinds of page print again and again (forum buttons and "
    "post headers, shop buttons, listing pagers; feature `word:<word>`)",
    _FEATURES, Match.TEXT_WORD, label=_EN)

#: Link targets by what they point at (path tokens of the ``href``; feature
#: ``links:<kind>``).
_LINK_KINDS: tuple[tuple[str, tuple[str, ...], dict[str, Label]], ...] = (
    ("user", ("user", "users", "u", "member", "members", "profile", "profiles"), {}),
    ("product", ("product", "products", "p", "dp", "item", "pdp"), {"dp": _PATH_LABELS["dp"]}),
    ("tag", ("tag", "tags", "category", "categories", "topic", "topics"), {}),
    ("comment", ("comment", "comments", "reply", "respond", "replytocom"),
     {"replytocom": cms("WordPress"), "respond": cms("WordPress")}),
    ("docs", ("docs", "doc", "api", "reference", "guide", "manual"), {}),
)
LINK_KINDS: dict[str, Vocabulary] = {
    kind: Vocabulary.ordered(
        f"kind_link_{kind}", tokens,
        f"path tokens of links that point at {kind} pages (feature `links:{kind}`)",
        _FEATURES, Match.PATH, labels=labels)
    for kind, tokens, labels in _LINK_KINDS}

CLASS_WORDS = Vocabulary.ordered(
    "kind_class_word", (
        "post", "posts", "message", "reply", "replies", "comment", "comments", "answer",
        "answers", "question", "thread", "topic", "forum", "vote", "votes", "user", "username",
        "author", "avatar", "signature", "quote", "bbcode", "product", "products", "price",
        "cart", "basket", "buy", "checkout", "sku", "stock", "variant", "quantity", "qty",
        "rating", "review", "reviews", "stars", "wishlist", "shipping", "swatch", "gallery",
        "zoom", "card", "cards", "grid", "tile", "item", "items", "list", "listing", "results",
        "result", "pagination", "pager", "filter", "filters", "facet", "sort", "category",
        "teaser", "excerpt", "docs", "doc", "documentation", "toc", "sidebar", "menu", "nav",
        "breadcrumb", "breadcrumbs", "api", "code", "highlight", "hljs", "prism", "copy",
        "edit", "github", "version", "hero", "banner", "cta", "feature", "features",
        "testimonial", "testimonials", "pricing", "plan", "team", "contact", "service",
        "services", "partner", "logo", "slider", "carousel", "swiper", "article", "entry",
        "blog", "byline", "date", "meta", "share", "social", "related", "tags", "newsletter",
        "subscribe", "widget", "footer", "header", "main", "content", "body", "text", "story",
        "headline", "caption", "section", "block", "row", "col", "container", "wrapper",
        "modal", "form", "search", "login", "accordion", "tab", "tabs", "faq", "step",
        "ingredients", "recipe", "video", "icon", "btn", "button", "badge", "label", "tooltip",
    ),
    "class/id words whose frequency tells kinds of page apart (feature `class:<word>`)",
    _FEATURES, labels={"hljs": cms("highlight.js"), "prism": cms("Prism"),
                       "swiper": cms("Swiper"), "bbcode": cms("BBCode forum engines"),
                       "github": vendor("GitHub")})

COUNTED_TAGS = Vocabulary.ordered(
    "kind_tag", (
        "p", "h1", "h2", "h3", "h4", "a", "img", "li", "ul", "ol", "table", "tr", "form",
        "input", "button", "select", "textarea", "pre", "code", "article", "section", "nav",
        "aside", "footer", "header", "main", "time", "iframe", "video", "blockquote", "dl",
        "figure", "label", "span", "div", "br", "strong", "em", "kbd", "dt",
    ),
    "tags counted on their own (feature `tag:<tag>`)", _FEATURES, Match.TAG)

TITLE_WORDS = Vocabulary.ordered(
    "kind_title_word", (
        "forum", "thread", "question", "questions", "answer", "reply", "docs",
        "documentation", "api", "reference", "guide", "tutorial", "manual", "shop", "buy",
        "price", "sale", "store", "review", "best", "top", "news", "blog", "category",
        "results", "search", "services", "service", "solutions", "home", "welcome",
        "official", "contact", "about", "how", "what", "why", "vs", "install",
        "installation", "configuration", "overview",
    ),
    "words of the title or the first <h1> that name a kind of page (feature `title:<word>`)",
    _FEATURES, Match.TITLE, label=_EN)

POST_WORDS = Vocabulary(
    "kind_post_block", frozenset({"post", "message", "reply", "comment", "answer", "postbit",
                                  "topic", "thread", "postbody", "messagecontent",
                                  "answercell"}),
    "a post block's class words (a letter run of the lowercased class value, or of it with "
    "hyphens and underscores removed: 'post-body' holds 'postbody'; feature `markup:posts`)",
    _MARKUP, Match.PATH,
    labels={"postbit": cms("vBulletin"), "answercell": cms("Stack Exchange")})
POST_AUTHOR = Vocabulary(
    "kind_post_author", frozenset({"author", "username", "user", "poster", "member",
                                   "userinfo", "postauthor", "usercard", "profile", "avatar"}),
    "an author mark inside a post block, by class/id word (feature `markup:posts`)", _MARKUP)
POST_DATE = Vocabulary(
    "kind_post_date", frozenset({"date", "time", "timestamp", "posted", "datetime"}),
    "a date mark inside a post block, by class/id word (feature `markup:posts`)", _MARKUP)

_SEP = r"[\W_]*"  # any run of punctuation, or none: "add-to-cart", "addToCart", "Add to bag"
CART = phrases(
    "kind_cart", "a shop's buy controls: a button's text or a control's class/id/name "
    "(feature `markup:cart`)", _MARKUP, (
        Phrase(rf"add{_SEP}to{_SEP}(?:cart|bag|basket|trolley)", "en", "Add to basket"),
        Phrase("addtocart", "en"),
        Phrase(rf"buy{_SEP}now", "en", "Buy now"),
        Phrase("in den warenkorb", "de"),
        Phrase("ajouter au panier", "fr"),
        Phrase("añadir al carrito", "es"),
        Phrase("add-to-cart", "en"),
    ))

#: Every table of this module, in the order the docs list them.
TABLES = (*SCHEMA_GROUPS.values(), OG_TYPES, URL_TOKENS, TEXT_WORDS, *LINK_KINDS.values(),
          CLASS_WORDS, COUNTED_TAGS, TITLE_WORDS, CART, POST_WORDS, POST_AUTHOR, POST_DATE)
