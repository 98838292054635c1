"""Class/id words the metadata stage reads: what marks a byline, a dateline, a publication
or an update stamp around the headline, the regions whose bylines and dates belong to
other content (comments, sidebars, teasers, the page footer), a forum poster's name and
a product's price.

Matched like every class/id word, as whole tokens or token stems of
:func:`~mainmark.page.classwords.words` (``byline__author``, ``postAuthor`` and
``author-name`` all hold the token ``author``). ``metadata/headline_dom.py``,
``posters.py`` and ``prices.py`` still find their candidates with cheap substring searches
(an XPath ``contains()``, a regex over the joined attribute values, a needle in the
source): those only narrow what these vocabularies are asked about.
"""

from __future__ import annotations

from mainmark.vocabulary.registry import Label, Match, Phrase, Vocabulary, cms, language, phrases

_DOM = ("metadata.headline_dom",)
_AUTHOR_LANGUAGES: dict[str, Label] = {
    "autor": language("de"), "autorin": language("de"), "autoren": language("de"),
    "verfasser": language("de"), "verfasserin": language("de"),
    "auteur": language("fr"), "auteurs": language("fr"),
}
_DATE_LANGUAGES: dict[str, Label] = {"datum": language("de"), "aktualisiert": language("de")}

ELSEWHERE = Vocabulary(
    "elsewhere", frozenset({"comment", "avatar", "related", "teaser", "widget", "sidebar",
                            "recommend"}),
    "regions whose bylines and dates belong to other content: comments, sidebars, teasers "
    "(stems: 'comments', 'relatedposts', 'sidebarwidget')",
    ("metadata.headline_dom", "metadata.headline_lines"), Match.STEM)
FOOTER = Vocabulary(
    "footer", frozenset({"footer"}),
    "a footer by class: like <footer>, the page's, unless inside the article (WordPress "
    "prints byline and date in the article's footer)",
    ("metadata.headline_dom", "metadata.headline_lines"), Match.STEM)
BYLINE = Vocabulary(
    "byline", frozenset({
        "author", "authors", "byline", "bylines", "authorname", "authorbox", "authorinfo",
        "authorblock", "authorline", "authorwrap", "authorsname", "authorsbox",
        "authorsinfo", "authorsblock", "authorsline", "authorswrap", "bylinename",
        "bylinebox", "bylineinfo", "bylineblock", "bylinewrap", "bylineline",
        "autorname", "autorbox", "autorinfo", "autorenbox", "auteurname", "auteurbox",
        "verfassername", *_AUTHOR_LANGUAGES,
    }),
    "a byline element's class/id/test-id words ('author-name', 'byline', 'authorbox', "
    "'auteurs')", _DOM, labels={**_AUTHOR_LANGUAGES,
                                "autorname": language("de"), "autorbox": language("de"),
                                "autorinfo": language("de"), "autorenbox": language("de"),
                                "verfassername": language("de"),
                                "auteurname": language("fr"), "auteurbox": language("fr")})
DATE = Vocabulary(
    "date", frozenset({"date", "datum", "publish", "posted", "time", "pubdate", "postdate",
                       "entrydate"}),
    "a dateline element's class/id stems ('post-date', 'published', 'timestamp', "
    "'dateline')", _DOM, Match.STEM, labels={"datum": language("de")})
PUBLISHED = Vocabulary(
    "published", frozenset({"publish", "created", "posted", "pubdate"}),
    "a date stamp marked as the publication's (itemprop 'datePublished', 'post-published')",
    _DOM, Match.STEM)
MODIFIED = Vocabulary(
    "modified", frozenset({"modif", "updat", "aktualisiert"}),
    "a date stamp marked as an update ('dateModified', 'updated', 'aktualisiert')", _DOM,
    Match.STEM, labels={"aktualisiert": language("de")})

POSTER = Vocabulary(
    "poster", frozenset({"username", "bigusername", "postusername"}),
    "a forum post's user-name element ('user-name', 'bigusername' of vBulletin, "
    "'ipsUsername' of Invision): its text is the poster's name", ("metadata.posters",),
    labels={"bigusername": cms("vBulletin")})
POSTER_CLASS = Vocabulary(
    "poster_class", frozenset({"post_author", "postauthor"}),
    "the same as a whole class name: as a word, 'postauthor' is also the joined pair of "
    "page builders' 'video-post_author-list' wrappers (a Webflow listing read as a thread)",
    ("metadata.posters",), Match.CLASS, casefolded=True)
PRICE = Vocabulary(
    "price", frozenset({"price", "saleprice", "currentprice", "finalprice", "regularprice"}),
    "a product's price element by class ('price', 'sale-price', 'product__price')",
    ("metadata.prices",))

MODIFIED_LINE = phrases(
    "modified_line", "a header line announcing a revision or a thread's latest activity, "
    "not the publication ('Updated: ...', 'Zuletzt aktualisiert am ...', 'Last post'); "
    "found anywhere in the line",
    ("metadata.headline_lines", "metadata.headline_dom"), (
        Phrase("updated", "en"),
        Phrase("aktualisiert", "de"),
        Phrase("geändert", "de"),
        Phrase("modified", "en"),
        Phrase("mis à jour", "fr"),
        Phrase("actualizado", "es"),
        Phrase("aggiornato", "it"),
        Phrase("last edited", "en"),
        Phrase("zuletzt", "de"),
        Phrase(r"(?:last|latest|newest)\s+(?:post|reply|comment|activity)", "en",
               "Latest activity"),
        Phrase(r"letzte[rn]?\s+beitrag", "de", "Letzter Beitrag"),
        Phrase(r"dernier\s+message", "fr", "Dernier message"),
    ))
MEMBER_SINCE = phrases(
    "member_since", "a forum profile box's join date, printed beside every post before the "
    "post's own date (phpBB, vBulletin, Discourse: 'Registriert: 18.09.2008', 'Joined: Mar "
    "2011'); whole words anywhere in the line", ("metadata.headline_dom",), (
        Phrase("registriert", "de"),
        Phrase("registered", "en"),
        Phrase("joined", "en"),
        Phrase("member since", "en"),
        Phrase("mitglied seit", "de"),
        Phrase("dabei seit", "de"),
        Phrase("inscrit", "fr"),
        Phrase("registrado", "es"),
        Phrase("iscritto", "it"),
        Phrase("geregistreerd", "nl"),
        Phrase("lid sinds", "nl"),
    ))


def _by_language(families: dict[str, tuple[str, ...]]) -> dict[str, Label]:
    return {word: language(code) for code, words in families.items() for word in words}


_ROLE_FAMILIES: dict[str, tuple[str, ...]] = {
    "en": ("editor", "editors", "reporter", "reporters", "senior", "correspondent",
           "correspondents", "writer", "writers", "contributor", "contributors",
           "contributing", "columnist", "journalist", "photographer", "photo", "photos",
           "staff", "posted", "published", "updated", "min", "read", "minutes", "comments",
           "share", "follow", "profile", "email", "mail", "by"),
    "de": ("redakteur", "redakteurin", "redakteure", "korrespondent", "korrespondentin",
           "journalistin", "fotograf", "fotografin", "fotos", "foto", "chefredakteur",
           "chefredakteurin", "autorin", "aktualisiert", "veröffentlicht", "uhr", "lesezeit",
           "minuten", "kommentare", "teilen", "folgen", "profil", "von"),
    "fr": ("publié", "mis", "modifié"),
    "es": ("actualizado", "publicado"),
    "it": ("pubblicato", "aggiornato"),
}
ROLE_WORDS = Vocabulary(
    "byline_role", frozenset(_by_language(_ROLE_FAMILIES)),
    "words that make a byline part a role or a notice when it has nothing else ('Staff "
    "Writer', 'Aktualisiert'): such a part names nobody; a word of the part, casefolded, "
    "'.:,' stripped", ("metadata.authors",), Match.TEXT_WORD,
    labels=_by_language(_ROLE_FAMILIES))
_FILLER_FAMILIES: dict[str, tuple[str, ...]] = {
    "en": ("on", "at", "the", "of", "in", "last"),
    "de": ("am", "um", "der", "die", "das"),
    "fr": ("le", "la", "à", "jour"),
}
FILLER_WORDS = Vocabulary(
    "byline_filler", frozenset(_by_language(_FILLER_FAMILIES)),
    "small words that may sit beside role words in a byline notice ('Posted on', 'Mis à "
    "jour le')", ("metadata.authors",), Match.TEXT_WORD,
    labels=_by_language(_FILLER_FAMILIES))
WEEKDAYS = Vocabulary.ordered(
    "weekday", (
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
        "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
        "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica",
        "today", "yesterday", "heute", "gestern",
    ),
    "weekdays (and 'today'): a byline's date part ('Jane Doe Thursday, 3 May'), cut from "
    "the name or read as a notice on its own", ("metadata.authors",), Match.TEXT_WORD,
    labels=_by_language({
        "en": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
               "today", "yesterday"),
        "de": ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag",
               "sonntag", "heute", "gestern"),
        "fr": ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
        "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
        "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"),
    }))
_WEEKDAY_ABBR_FAMILIES: dict[str, tuple[str, ...]] = {
    "de": ("mo", "di", "mi", "do", "fr", "sa", "so"),
    "en": ("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"),
}
WEEKDAY_ABBR = Vocabulary(
    "weekday_abbr", frozenset(_by_language(_WEEKDAY_ABBR_FAMILIES)),
    "abbreviated weekdays: a byline part that is only a date's weekday ('Fr') names nobody",
    ("metadata.authors",), Match.TEXT_WORD, labels=_by_language(_WEEKDAY_ABBR_FAMILIES))
_PLACEHOLDER_LANGUAGES: dict[str, tuple[str, ...]] = {
    "en": ("user", "guest", "unknown", "anonymous", "author", "no", "no author",
           "unknown author", "not available"),
    "de": ("anonym", "autor"),
}
PLACEHOLDER = Vocabulary(
    "author_placeholder", frozenset({
        "admin", "administrator", "webmaster", "root", "null", "none", "undefined", "n/a",
        "na", "default", *_by_language(_PLACEHOLDER_LANGUAGES)}),
    "values CMSs emit when nobody filled the author field ('admin', 'Unknown author'): "
    "no one's name; the whole value, casefolded", ("metadata.authors",), Match.TEXT,
    labels=_by_language(_PLACEHOLDER_LANGUAGES))

#: Every table of this module, in the order the docs list them.
TABLES = (ELSEWHERE, FOOTER, BYLINE, DATE, PUBLISHED, MODIFIED, POSTER, POSTER_CLASS, PRICE,
          MODIFIED_LINE, MEMBER_SINCE, ROLE_WORDS, FILLER_WORDS, WEEKDAYS, WEEKDAY_ABBR,
          PLACEHOLDER)
