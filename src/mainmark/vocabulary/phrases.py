"""Phrase families of the content stage: what headings, labels and short blocks say
when they are page furniture rather than text ("Related articles", "Table of contents",
"Skip to content", "Sort by", "[edit]", "Leave a comment", "Subscribe now",
"Foto:"), one regex alternative per entry, each labelled with its language.

Each module joins its family into one regex, in the order written here, and anchors it
its own way (a whole heading, the start of a block); the entries are the words, the
module keeps the grammar around them (``\\d+`` comment counts, an optional colon). The
registry test matches every entry's example through the module's own regex.
"""

from __future__ import annotations

from mainmark.vocabulary.registry import Phrase, phrases

_FURNITURE = ("content.furniture",)
_PRUNE = ("content.prune",)

TOC_LABEL = phrases(
    "toc_label", "the label over a contents box, dropped with the box or when the box is "
    "empty (filled by a script the page did not run); a whole label", _FURNITURE, (
        Phrase("(?:table of )?contents", "en", "Table of contents"),
        Phrase("in this (?:article|post|guide|page)", "en", "In this article"),
        Phrase("on this page", "en"),
        Phrase("jump to", "en"),
        Phrase("inhalt(?:sverzeichnis)?", "de", "Inhaltsverzeichnis"),
        Phrase("inhaltsübersicht", "de"),
        Phrase("sommaire", "fr"),
        Phrase("table des matières", "fr"),
        Phrase("índice", "es"),
        Phrase("contenidos?", "es", "Contenido"),
        Phrase("indice", "it"),
        Phrase("sommario", "it"),
        Phrase("inhoud(?:sopgave)?", "nl", "Inhoudsopgave"),
        Phrase("spis treści", "pl"),
        Phrase("conteúdo", "pt"),
    ))

SKIP_LINK = phrases(
    "skip_link", "skip links (WCAG 2.4.1 'bypass blocks'): an in-page #fragment link "
    "saying it skips or jumps to a region; a whole link text", _FURNITURE, (
        Phrase("(?:skip|jump)(?: to| over)?(?: the)? (?:main |page |primary )?(?:content"
               "|navigation|search|menu|footer|main|nav(?:igation)? links|links)", "en",
               "Skip to main content"),
        Phrase("skip navigation(?: links)?", "en", "Skip navigation links"),
        Phrase("zum (?:inhalt|hauptinhalt) springen", "de", "Zum Inhalt springen"),
        Phrase("direkt zum inhalt", "de"),
        Phrase("aller au contenu(?: principal)?", "fr", "Aller au contenu principal"),
        Phrase("passer au contenu", "fr"),
        Phrase("saltar al contenido(?: principal)?", "es", "Saltar al contenido"),
        Phrase("ir al contenido", "es"),
        Phrase("vai al contenuto", "it"),
        Phrase("naar (?:de )?(?:hoofd)?inhoud", "nl", "Naar de hoofdinhoud"),
    ))

CONTROL_CAPTION = phrases(
    "control_caption", "the <label for> of a listing's or Q&A thread's sort control "
    "('Sorted by:'): a control's label is no text of the page; a whole label, its colon "
    "optional", _FURNITURE, (
        Phrase("sort(?:ed)?(?: by)?", "en", "Sorted by"),
        Phrase("order(?:ed)? by", "en", "Order by"),
        Phrase("show", "en"),
        Phrase("view", "en"),
        Phrase("display", "en"),
        Phrase("(?:results|items) per page", "en", "Results per page"),
        Phrase("per page", "en"),
        Phrase("sortieren(?: nach)?", "de", "Sortieren nach"),
        Phrase("sortiert nach", "de"),
        Phrase("trier par", "fr"),
        Phrase("tri", "fr"),
        Phrase("trié par", "fr"),
        Phrase("ordenar(?: por)?", "es", "Ordenar por"),
        Phrase("ordenado por", "es"),
        Phrase("ordina(?: per)?", "it", "Ordina per"),
        Phrase("ordinato per", "it"),
        Phrase("sorteer(?: op)?", "nl", "Sorteer op"),
        Phrase("gesorteerd op", "nl"),
    ))

EDIT_LINK = phrases(
    "edit_link", "the edit links MediaWiki and docs generators put into headings "
    "('[edit]'); a whole link text, brackets optional", _FURNITURE, (
        Phrase("edit", "en"),
        Phrase("edit source", "en"),
        Phrase("edit section", "en"),
        Phrase("bearbeiten", "de"),
        Phrase("quelltext bearbeiten", "de"),
        Phrase("modifier", "fr"),
        Phrase("modifier le code", "fr"),
        Phrase("editar", "es"),
        Phrase("editar código", "es"),
        Phrase("modifica", "it"),
        Phrase("edytuj", "pl"),
        Phrase("bewerken", "nl"),
        Phrase("редактировать", "ru"),
        Phrase("править", "ru"),
        Phrase("編集", "ja"),
    ))

_W = "[\\w .'-]{1,40}"  # a site's or a topic's name
CHROME_HEADING = phrases(
    "chrome_heading", "headings that title recirculation, share, author, tag and ad boxes "
    "rather than a section of the text; the whole heading must be one ('Related work' in "
    "a paper is a section)", _FURNITURE, (
        Phrase("related", "en"),
        Phrase("related (?:articles?|posts?|stories|content|topics|news|reading|links)",
               "en", "Related posts"),
        Phrase(f"more (?:stories|news|articles|posts|on this topic|from {_W})", "en",
               "More from The Herald"),
        Phrase("read (?:more|next)", "en", "Read next"),
        Phrase("recommended(?: for you| articles| stories| products)?", "en",
               "Recommended for you"),
        Phrase("you (?:may|might) also (?:like|enjoy)", "en", "You might also like"),
        Phrase("related (?:products|items)", "en", "Related products"),
        Phrase("similar (?:products|items)", "en", "Similar items"),
        Phrase("recently viewed(?: products| items)?", "en", "Recently viewed items"),
        Phrase("(?:customers|shoppers|people)(?: who (?:viewed|bought) this(?: item"
               "| product)?)? also (?:viewed|bought|liked)", "en",
               "Customers who bought this item also bought"),
        Phrase("frequently bought together", "en"),
        Phrase("explore related items", "en"),
        Phrase("most (?:read|popular|viewed)", "en", "Most read"),
        Phrase("popular (?:posts|articles|stories)", "en", "Popular posts"),
        Phrase("trending(?: now)?", "en", "Trending now"),
        Phrase("share(?: this(?: (?:article|post|story|page))?)?", "en", "Share this article"),
        Phrase("like it share it", "en"),
        Phrase("follow us", "en"),
        Phrase("about the author", "en"),
        Phrase("written by", "en"),
        Phrase("tags", "en"),
        Phrase("sign up for our newsletter", "en"),
        Phrase("newsletter", "en"),
        Phrase("advertisement", "en"),
        Phrase("sponsored(?: content)?", "en", "Sponsored content"),
        Phrase(f"see also on {_W}", "en", "See also on Example News"),
        Phrase("topics", "en"),
        Phrase("related topics", "en"),
        Phrase("filed under(?:: .{1,40})?", "en", "Filed under: Politics"),
        Phrase("iklan", "id"),
        Phrase("anzeige", "de"),
        Phrase("werbung", "de"),
        Phrase("publicité", "fr"),
        Phrase("publicidad", "es"),
        Phrase("pubblicità", "it"),
        Phrase("verwandte (?:themen|artikel|themenbereiche|beiträge)", "de",
               "Verwandte Themen"),
        Phrase("mehr zu(?:m| diesem) thema", "de", "Mehr zum Thema"),
        Phrase("das könnte sie auch interessieren", "de"),
        Phrase("meistgelesen(?:e artikel)?", "de", "Meistgelesene Artikel"),
        Phrase("artikel von", "de"),
        Phrase("über den autor", "de"),
        Phrase("(?:diesen artikel )?teilen", "de", "Diesen Artikel teilen"),
        Phrase("weitere (?:artikel|beiträge|themen)", "de", "Weitere Artikel"),
        Phrase("auch interessant", "de"),
        Phrase("lesen sie auch", "de"),
        Phrase("empfehlungen", "de"),
        Phrase("schlagworte", "de"),
        Phrase("articles similaires", "fr"),
        Phrase("à lire aussi", "fr"),
        Phrase("lire aussi", "fr"),
        Phrase("sur le même sujet", "fr"),
        Phrase("les plus lus", "fr"),
        Phrase("partager", "fr"),
        Phrase("temas relacionados", "es"),
        Phrase("noticias relacionadas", "es"),
        Phrase("artículos relacionados", "es"),
        Phrase("lo más leído", "es"),
        Phrase("te puede interesar", "es"),
        Phrase("compartir", "es"),
        Phrase("más noticias", "es"),
        Phrase("articoli correlati", "it"),
        Phrase("potrebbe interessarti", "it"),
        Phrase("i più letti", "it"),
        Phrase("condividi", "it"),
        Phrase("leggi anche", "it"),
        Phrase("gerelateerde artikelen", "nl"),
        Phrase("lees ook", "nl"),
        Phrase("meest gelezen", "nl"),
        Phrase("notícias relacionadas", "pt"),
        Phrase("leia também", "pt"),
        Phrase("mais lidas", "pt"),
        Phrase("compartilhe", "pt"),
    ))

COMMENT_HEADING = phrases(
    "comment_heading", "headings over reader comments ('3 Comments', 'Leave a reply'), "
    "dropped unless comments are kept; a whole heading, with its count", _FURNITURE, (
        Phrase("comments?", "en", "Comments"),
        Phrase("leave a (?:comment|reply)", "en", "Leave a reply"),
        Phrase("kommentare?", "de", "Kommentare"),
        Phrase("commentaires", "fr"),
        Phrase("comentarios", "es"),
        Phrase("commenti", "it"),
        Phrase("reacties", "nl"),
        Phrase("comentários", "pt"),
    ))

CREDIT_SIGN = phrases(
    "credit_sign", "a copyright sign opening a caption's credit line ('© Reuters')",
    _PRUNE, (
        Phrase("©", "", "© Reuters"),
        Phrase(r"\(c\)", "", "(c) AP"),
        Phrase(r"copyright\b", "", "Copyright 2020"),
    ))
CREDIT_LABEL = phrases(
    "credit_label", "a label with a colon opening a picture's credit line ('Foto: dpa', "
    "'Image: Getty')", _PRUNE, (
        Phrase("fotos?", "de", "Fotos"),
        Phrase("photos?", "en", "Photos"),
        Phrase("photograph", "en"),
        Phrase("bild(?:er)?", "de", "Bilder"),
        Phrase("image", "en"),
        Phrase("credits?", "en", "Credits"),
        Phrase("quelle", "de"),
        Phrase("source", "en"),
        Phrase("crédits?", "fr", "Crédits"),
        Phrase("cr[ée]dito", "es", "Crédito"),
        Phrase("fotograf[íi]a", "es", "Fotografía"),
        Phrase(r"foto\s*credit", "en", "Foto credit"),
        Phrase("picture", "en"),
    ))

_FOLLOW_ON = (r"(?:instagram|facebook|twitter|x|youtube|tiktok|linkedin|social media)\b")
READER_PROMPT = phrases(
    "reader_prompt", "a short block that only addresses the reader about the site, not the "
    "topic: subscription pitches, 'read also' pointers, share/follow prompts, which news "
    "and blog templates put between the paragraphs; at the start of the block (rule "
    "`reader-prompt`, docs/rules.md; the entries that paid nothing on CHECK were deleted)",
    _PRUNE, (
        Phrase(r"subscribe (?:now|today|here|to (?:our|my)|for (?:free|full|unlimited))\b",
               "en", "Subscribe now"),
        Phrase(r"sign up (?:now|today|here|for (?:our|my|the) (?:free )?(?:\w+ )?"
               r"newsletter)\b", "en", "Sign up for our free daily newsletter"),
        Phrase(r"share this (?:article|story|post|on)\b", "en", "Share this story"),
        Phrase(r"if you (?:enjoyed|liked)\b", "en", "If you enjoyed this"),
        Phrase(r"for the latest (?:news|stories|updates)\b", "en", "For the latest news"),
        Phrase(r"read (?:more|also)\s*:", "en", "Read more:"),
        Phrase(r"we want to hear\b", "en", "We want to hear from you"),
        Phrase(r"join our\b", "en", "Join our community"),
        Phrase(r"you (?:may|might) also like\b", "en", "You may also like"),
        Phrase(r"related (?:articles|stories|posts)\b", "en", "Related stories"),
        Phrase(r"have a (?:news )?tip\b", "en", "Have a news tip?"),
        Phrase(r"get the latest (?:news|updates|headlines|stories)\b", "en",
               "Get the latest headlines"),
        Phrase(r"follow [\w'’.&-]+(?: [\w'’.&-]+){0,3} on " + _FOLLOW_ON, "en",
               "Follow The Herald on Instagram"),
        Phrase(r"lust auf mehr\b", "de", "Lust auf mehr?"),
        Phrase(r"zapraszamy (?:też )?do subskrypcji\b", "pl", "Zapraszamy do subskrypcji"),
    ))
PUBLISHER_NOTICE = phrases(
    "publisher_notice", "a short block that is the publisher's notice about the text "
    "(an affiliate-link disclosure), at the start of the block; only the German one paid "
    "(rule `site-notice:de`, docs/rules.md)", _PRUNE, (
        Phrase(r"für links auf dieser seite\b", "de", "Für Links auf dieser Seite erhält"),
    ))

#: Every table of this module, in the order the docs list them.
TABLES = (TOC_LABEL, SKIP_LINK, CONTROL_CAPTION, EDIT_LINK, CHROME_HEADING, COMMENT_HEADING,
          CREDIT_SIGN, CREDIT_LABEL, READER_PROMPT, PUBLISHER_NOTICE)
