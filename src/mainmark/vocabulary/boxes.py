"""Class/id words of boxes inside the content that are not its text: tables of contents,
edit links, wiki navigation boxes, reference lists, post pagers, author bios, disclosure
widgets, comment threads, forum signatures and product reviews.

Each acts where :mod:`mainmark.content` finds such a box; the figures quoted are content
F1 on the benchmark's halves when the rule was measured.
"""

from __future__ import annotations

from mainmark.vocabulary.registry import Label, Match, Vocabulary, cms, language, vendor

_FURNITURE = ("content.furniture",)
#: Comment sections named in the languages of the sites' developers (CMS themes), for the
#: comment-stem and post tables below. (As chrome class words of their own, rule
#: `i18n:comment`, they went in the 0.21 audit: docs/extraction.md.)
COMMENT_LANGUAGES: dict[str, Label] = {
    "kommentar": language("de"), "kommentare": language("de"),
    "commentaires": language("fr"), "comentarios": language("es"),
    "commenti": language("it"), "komentarze": language("pl"), "reacties": language("nl"),
}
_MEDIAWIKI = cms("MediaWiki")

TOC = Vocabulary(
    "toc", frozenset({"toc", "tocbox", "toccontainer", "tableofcontents", "onthispage",
                      "pagetoc", "localtoc", "inpagenav", "tocwrapper"}),
    "in-page tables of contents (MediaWiki '#toc', Sphinx 'localtoc', docs themes' "
    "'on this page' boxes, WordPress TOC plugins)", _FURNITURE,
    labels={"localtoc": cms("Sphinx")})
DOCUTILS_TOC = Vocabulary(
    "docutils_toc", frozenset({"contents", "topic"}),
    "docutils/Sphinx '.. contents::' boxes: both words together (<div class='contents "
    "topic'>); 'contents' alone is too common a class word to trust", _FURNITURE,
    label=cms("docutils/Sphinx"))
EDIT = Vocabulary(
    "edit", frozenset({"editsection", "mweditsection", "editlink", "editsectionlink",
                       "sectionedit", "editpage", "editbutton"}),
    "edit links MediaWiki and docs generators put into headings", _FURNITURE,
    labels={"editsection": _MEDIAWIKI, "mweditsection": _MEDIAWIKI})
NAVBOX = Vocabulary(
    "navbox", frozenset({"navbox", "navboxes", "navframe", "navboxinner"}),
    "navigation boxes under wiki articles ('v · t · e' template footers)", _FURNITURE,
    label=_MEDIAWIKI)
REFLIST = Vocabulary(
    "reflist", frozenset({"references", "reflist", "refbegin", "footnotes", "footnote",
                          "endnotes", "mwreferenceswrap", "citations"}),
    "reference lists and footnote sections (MediaWiki, Pandoc/markdown-it footnotes)",
    _FURNITURE, labels={"reflist": _MEDIAWIKI, "refbegin": _MEDIAWIKI,
                        "mwreferenceswrap": _MEDIAWIKI})
PREV = Vocabulary(
    "prev", frozenset({"prev", "previous", "older"}),
    "a pager to the previous and next post under a blog or news article (with 'next'; "
    "rule `adjacent-posts`, docs/rules.md)", _FURNITURE)
NEXT = Vocabulary(
    "next", frozenset({"next", "newer"}), "the other half of that pager", _FURNITURE)
BIO = Vocabulary(
    "bio", frozenset({"authorbio", "aboutauthor", "postauthor", "authorinfo", "authordetails",
                      "authorprofile", "authordescription", "authorcard", "authorabout"}),
    "the author's biography box under a post: prose about the writer, not the article "
    "(rule `author-bio`, docs/rules.md)", _FURNITURE)
COMMENT_STEMS = Vocabulary(
    "comment_stems", frozenset({
        "comment", "commentlist", "comments", "disqus", "respond", "reply", "replies",
        *COMMENT_LANGUAGES, "discussion", "answers", "answer",
    }),
    "reader-comment words: a chrome verdict for one of them is lifted when Options.comments "
    "keeps comments", _FURNITURE, Match.STEM,
    labels={**COMMENT_LANGUAGES, "disqus": vendor("Disqus")})
DISCLOSURE = Vocabulary(
    "disclosure", frozenset({
        "accordion", "accordionitem", "collapse", "collapsible", "expandable", "expander",
        "disclosure", "toggle", "toggler", "faq", "tabpanel", "tabpane", "tabcontent",
    }),
    "a disclosure widget's parts (accordion, tab and 'show more' components of every UI "
    "kit): a box named so, or beside a part named so, is opened by a click and not hidden",
    ("content.clean",))
EDGE_FURNITURE = Vocabulary(
    "edge_furniture", frozenset({
        "dateline", "time", "timestamp", "published", "updated", "posted", "postmeta",
        "entrymeta", "info", "kicker", "category", "rubric", "tag", "keywords", "readtime",
        "readingtime",
    }),
    "with the negative words, mark a short block at the content's edge as furniture: "
    "datelines, bylines, meta lines, tags", ("content.prune",))
POST = Vocabulary(
    "post", frozenset({"comments", "comment", "commentlist", "respond", "reply", "replies",
                       *COMMENT_LANGUAGES}),
    "reader comments and replies: chrome under an article, the content itself on a forum "
    "or Q&A thread (their chrome verdicts are lifted there)", ("content.pagetypes",),
    labels=dict(COMMENT_LANGUAGES))
SIGNATURE = Vocabulary(
    "signature", frozenset({"signature", "sig", "usersig", "postsig", "sigline"}),
    "a forum post's signature, the poster's standing footer every forum engine prints "
    "under each of their posts", ("content.pagetypes",))
POSTER_RANK = Vocabulary(
    "poster_rank", frozenset({"usertitle", "userbanner", "membertitle", "userrank",
                              "memberrank", "postrank"}),
    "a forum poster's rank or title printed under their name on every post (XenForo's "
    "userTitle/userBanner, vBulletin's usertitle, phpBB's rank): a standing label, not "
    "their words", ("content.pagetypes",))
CALL_TO_ACTION = Vocabulary(
    "call_to_action", frozenset({"cta", "calltoaction", "ctabox", "ctablock", "inlinecta",
                                 "ctabanner", "ctawrapper"}),
    "a call-to-action box set into an article (post-cta, inline-cta, cta-box, "
    "callToAction): generic template vocabulary; the box goes with its heading",
    ("content.cta",))
REPLY_FORM = Vocabulary(
    "reply_form", frozenset({"respond", "commentform", "commentsform", "replyform"}),
    "the reply form blog engines print under a post (WordPress's #respond box and "
    "#commentform, comment-form classes elsewhere): a post followed by readers' comments, "
    "whose comments are chrome, not a thread", ("pagekind.decide",),
    labels={"respond": cms("WordPress")})
REVIEW = Vocabulary(
    "review", frozenset({"reviews", "review", "customerreviews", "productreviews", "ratings",
                         "reviewlist", "reviewslist"}),
    "a product page's customer reviews: other people's words about the product, not the "
    "shop's description", ("content.productdesc",))

BUY_BAR = Vocabulary(
    "buy_bar", frozenset({"nav", "navbar", "navigation", "menu", "menubar", "topbar",
                          "toolbar", "header", "masthead"}),
    "class/id words saying navigation that a product's sticky buy bar carries "
    "('floating-navigation', 'navbar', 'sticky-header'): on a product page a small box so "
    "named holding the product's name, one price and a buy control keeps its name and "
    "price (rule `buy-bar`, docs/rules.md)", ("content.buybox",))

#: Every table of this module, in the order the docs list them.
TABLES = (TOC, DOCUTILS_TOC, EDIT, NAVBOX, REFLIST, PREV, NEXT, BIO, COMMENT_STEMS,
          DISCLOSURE, EDGE_FURNITURE, POST, SIGNATURE, POSTER_RANK, CALL_TO_ACTION, REPLY_FORM,
          REVIEW, BUY_BAR)
