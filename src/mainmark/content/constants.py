"""The content stage's cut-offs, in one table with the reason beside each value.

Most of selection's scoring comes from Arc90's Readability (``readability.js``, Apache
License 2.0, and its Python port ``readability-lxml``): a paragraph scores its ancestors
by its length and commas, discounted by link density, on top of a prior from the
container's tag and class words; the best candidate is joined by siblings scoring a
share of it. The entries whose origin is ``Readability`` are its values (some extended,
as said). The rest were set on the benchmark's TUNE pages unless their origin says
otherwise; a rule unit of ``docs/rules.md`` is named where one measures the rule.

Every module of the stage reads its numbers here (``CUT.name``); ``docs/constants.md``
is generated from this table (``benchmarks/constants_table.py``). The knobs
``Options.favor`` moves are the other table, :class:`mainmark.content.favor.Thresholds`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmark.cutoffs import Origin, cutoff
from mainmark.vocabulary.registry import Scope

#: Readability: the prior of a container by its tag (``initializeNode``: ``div`` +5,
#: ``pre``/``td``/``blockquote`` +3, lists and forms -3, headings and ``th`` -5); extended
#: with the HTML5 sectioning tags (``article`` +8, ``main`` +5, ``section`` +3, ``header``
#: -5, ``footer``/``nav``/``aside`` -10).
TAG_BONUS = {"div": 5, "article": 8, "main": 5, "section": 3, "td": 3, "blockquote": 3,
             "pre": 3, "form": -3, "ol": -3, "ul": -3, "dl": -3, "li": -3, "h1": -5,
             "h2": -5, "h3": -5, "th": -5, "header": -5, "footer": -10, "nav": -10,
             "aside": -10}


@dataclass(frozen=True, slots=True)
class ContentCutoffs:
    """Every number the content stage compares against (read it as ``CUT``)."""

    # ----------------------------------------------------- Readability (score.py)
    sibling_share: float = cutoff(0.2, "share of the winner's score",
        "A sibling of the winning candidate joins the content when it scores at least this "
        "share of the winner's score; the balanced and precision "
        ":attr:`~mainmark.content.favor.Thresholds.sibling_share`.",
        Origin.READABILITY,
        "``siblingScoreThreshold``; Readability also asks for a score of 10 at least, we do "
        "not.")
    class_weight: float = cutoff(25.0, "score points",
        "What a positive class/id word adds to a container's prior, and a negative one takes "
        "away; here a positive word counts in proportion to the text it labels "
        "(``score._initial_score``).",
        Origin.READABILITY,
        "``getClassWeight``.")
    min_paragraph_bytes: int = cutoff(25, "bytes",
        "Text shorter than this scores no ancestor: too short to be a paragraph of the "
        "article.",
        Origin.READABILITY,
        "Readability counts characters; here UTF-8 bytes.")
    paragraph_length_unit: float = cutoff(100.0, "bytes per point",
        "A paragraph scores 1, plus one per comma (Latin, CJK and Arabic commas here), plus "
        "one per this many bytes of text...",
        Origin.READABILITY)
    paragraph_length_points: float = cutoff(3.0, "score points",
        "...up to this many points for length.",
        Origin.READABILITY)
    ancestor_levels: int = cutoff(5, "levels",
        "A paragraph's score goes to its parent in full, its grandparent halved, and the "
        "ancestors above divided by three times their level, up to this many levels.",
        Origin.READABILITY,
        "Readability's ``_getNodeAncestors(elementToScore, 5)``.")
    good_paragraph_bytes: int = cutoff(80, "bytes",
        "A ``<p>`` beside the winner joins it whatever its score when it is longer than this "
        "with link density under ``good_paragraph_density``, or shorter, without links, and "
        "ending a sentence.",
        Origin.READABILITY)
    good_paragraph_density: float = cutoff(0.25, "share",
        "The link density under which a long ``<p>`` beside the winner joins it.",
        Origin.READABILITY)

    # ---------------------------------------------------- captions.py
    caption_repeat_min_chars: int = cutoff(20, "chars",
        "Caption copies: the shortest text that counts as a caption's copy.")
    caption_levels: int = cutoff(3, "levels",
        "Caption copies: how far up from a block a caption marker (figure, figcaption) is looked "
        "for.")
    caption_memory: int = cutoff(8, "captions",
        "Caption copies: how many recent captions a truncated copy (a prefix of one) is compared "
        "with.",
        Origin.BOUND,
        "Keeps a gallery of thousands of captions linear.")

    # ------------------------------------------------------- clean.py
    weak_max_share: float = cutoff(0.25, "share",
        "A weakly hidden element (sheet rule, zero opacity) holding more than this share of the "
        "page's text is kept: a page does not hide a quarter of itself from every reader, its "
        "scripts or its other sheets show it (an accordion's answers, a faded-in ``<main>``). "
        "Measured on the TUNE pages (docs/extraction.md).")
    max_fades: int = cutoff(3, "elements",
        "More zero-opacity elements with text than this on a page: they are an animation "
        "framework's (Webflow, Framer, AOS), not hidden text; a hostile page hides one block.")
    visible_min_share: float = cutoff(0.1, "share",
        "A page showing less than this share of its text before scripts run is revealed by them.")
    disclosure_levels: int = cutoff(2, "levels",
        "How far up from a closed panel its toggle is looked for.")
    noscript_min_chars: int = cutoff(200, "chars",
        "A ``<noscript>`` holding two paragraphs or more and this much text is the page's "
        "content for readers without JavaScript (a blog platform's template-rendered post), "
        "kept; image fallbacks and tracking pixels are not.")

    # --------------------------------------------------------- mathsources.py
    formula_hider_levels: int = cutoff(3, "levels",
        "How far above a ``<math>`` carrying TeX the element hiding it by an inline style "
        "may sit, for the pair (hidden MathML, the image beside it showing the formula) to "
        "be read as one formula shown as an image.",
        Origin.STANDARD,
        "MediaWiki's Math extension writes the hiding span as the ``<math>``'s parent; two "
        "levels of slack for a skin or proxy that wraps it.", Scope.CMS)
    formula_indent_levels: int = cutoff(3, "levels",
        "How far above a formula shown as an image the ``<dd>`` may sit whose only content "
        "it is: such a formula is displayed on its own line (``$$``).",
        Origin.STANDARD,
        "MediaWiki indents a displayed formula (``:<math>``) in a ``<dd>``, the formula's "
        "span as its child.", Scope.CMS)

    # --------------------------------------------------------- css.py
    max_sheet_chars: int = cutoff(1_000_000, "chars",
        "Style sheets past this many characters (summed per page) are not read further: a "
        "megabyte of framework CSS says nothing a page's hiding rules need.",
        Origin.BOUND,
        "Keeps the style-sheet scan bounded on hostile pages.")
    max_scope_chain: int = cutoff(6, "steps",
        "A sheet rule of descendant steps is read up to this many steps (a CSS-module scope of "
        "five wrappers and the key); longer chains are left visible.",
        Origin.BOUND,
        "Keeps the scoped-rule table small; the scoped sheets seen write two to five steps.")
    offscreen_px: float = cutoff(999.0, "px",
        "An offset at or past this many pixels to the left or top is off-screen on any display "
        "(the ``left: -9999px`` hiding idiom and its kin).",
        Origin.STANDARD,
        "The screen-reader-only and image-replacement techniques move text by -999px, -9999px or "
        "more; no display is that wide to the left or top.")
    tiny_px: float = cutoff(1.0, "px",
        "A box this small (in both directions) with its overflow hidden shows nothing (the "
        "visually-hidden idiom).")
    max_invisible_opacity: float = cutoff(0.01, "opacity",
        "Opacity at or below this is invisible.")
    em_px: float = cutoff(16.0, "px per em",
        "``em``/``rem`` to pixels, for offsets given in them (the browser default font size).",
        Origin.STANDARD,
        "CSS: the initial font size of every browser's default style sheet is 16px.")
    clip_inset_percent: int = cutoff(50, "percent",
        "A ``clip-path: inset(N%)`` of this much or more from each side leaves nothing to see.",
        Origin.STANDARD,
        "CSS geometry: two insets of 50% meet in the middle.")

    # --------------------------------------------------------- cta.py
    link_card_min_parts: int = cutoff(2, "blocks",
        "A teaser card set into an article (rule `link-card`, docs/rules.md): one link holding "
        "at least this many text-bearing blocks (a kicker, a headline, a lead)...")
    link_card_max_bytes: int = cutoff(1000, "bytes",
        "...and at most this much text (an unclosed link swallowing the article is no card)...")
    link_card_max_blocks: int = cutoff(
        40, "blocks",
        "A teaser card is read this far, no further: a link around a tower of boxes is no card.",
        Origin.BOUND,
        "A link may wrap thousands of nested boxes; each link of the content is read once.")
    link_card_max_share: float = cutoff(0.3, "share",
        "...while all the cards hold less than this share of the content: more is a card grid, "
        "the content of a listing.")
    cta_max_bytes: int = cutoff(600, "bytes",
        "A call-to-action box set into the article (a teaser and an action, not a section) holds "
        "at most this much text...")
    cta_max_share: float = cutoff(0.25, "share",
        "...and at most this share of the content.")
    cta_prose_min_bytes: int = cutoff(80, "bytes",
        "The article's prose around a call-to-action box: a paragraph of at least this many "
        "bytes among its nearest siblings, or those of the wrappers holding nothing else.")
    cta_wrapper_levels: int = cutoff(4, "levels",
        "Wrappers (holding the box and nothing else) climbed for that paragraph, at most.",
        Origin.BOUND,
        "Keeps a chain of nested boxes linear: each box is asked about a few levels only.")
    cta_neighbours: int = cutoff(8, "siblings",
        "How many element siblings on each side are looked at for that paragraph.",
        Origin.BOUND,
        "Keeps a flat run of thousands of boxes linear: each box looks at a few neighbours only.")

    # --------------------------------------------------- furniture.py
    toc_min_items: int = cutoff(3, "items",
        "A contents list that repeats the page's headings (JS-built \"Table of Contents\" boxes "
        "whose items are not even links): at least this many items (and as many headings on the "
        "page).")
    toc_echo_share: float = cutoff(0.8, "share",
        "...of which at least this share are a heading's text.")
    toc_max_bytes: int = cutoff(4000, "bytes",
        "...and at most this much text: a longer list is content that names the sections.")
    toc_label_max_bytes: int = cutoff(40, "bytes",
        "The label over a contents box (\"Table of Contents\", \"On this page\"): a label "
        "this short at most.")
    control_max_bytes: int = cutoff(60, "bytes",
        "A sort control of a Q&A thread or listing (\"Sorted by: [select]\"): the box holding a "
        "form control's label holds this little text at most.")
    control_label_max_chars: int = cutoff(30, "chars",
        "A sort control's ``<label>`` says this little at most (\"Sort by\", \"Results per "
        "page\").")
    toast_max_bytes: int = cutoff(400, "bytes",
        "A live region or widget role (toast \"Added to cart\", alert, status) is furniture while "
        "it holds less text than this.")
    form_max_bytes: int = cutoff(1500, "bytes",
        "A form inside the content (review forms, \"ask a question\", quantity pickers) holds "
        "labels, not text: at most this much...")
    form_max_share: float = cutoff(0.3, "share",
        "...and at most this share of the content; a form wrapping the page (ASP.NET) holds the "
        "article and is kept.")
    card_max_bytes: int = cutoff(300, "bytes",
        "Product cards inside a product page's content (cross-sell, \"customers also bought\"): "
        "each card at most this much text, with a link.")
    cards_min: int = cutoff(3, "count",
        "Product cards inside a product page's content: at least this many cards in the box.")
    promo_max_bytes: int = cutoff(600, "bytes",
        "A promo or related-article box (small, its heading linking to another page): at most "
        "this much text.")
    bio_min_bytes: int = cutoff(80, "bytes",
        "An author-bio box (rule `author-bio`, docs/rules.md) goes from this much text; a smaller "
        "one is a byline.")
    toc_fragment_min_links: int = cutoff(3, "links",
        "A list (or box of lists) of at least this many links, all jumping within the page, is a "
        "table of contents.")
    toc_fragment_link_share: float = cutoff(0.8, "share",
        "Such a box is at least this share link text.")
    toc_fragment_named_share: float = cutoff(0.8, "share",
        "...and at least this share of its links say more than ``toc_backlink_max_chars`` "
        "(footnote lists link back up with \"^\", \"↑\").")
    toc_backlink_max_chars: int = cutoff(2, "chars",
        "A link text this short at most is a footnote's back-link (\"^\", \"↑\", \"a\"), not a "
        "heading's title.")
    navbox_min_links: int = cutoff(6, "links",
        "A wiki navigation box known by its first links \"v\", \"t\", \"e\" (view/talk/edit "
        "template) holds at least this many links.")
    chrome_heading_max_chars: int = cutoff(60, "chars",
        "A heading titling a recirculation, share, author or comment box (\"Related articles\", "
        "\"Share this\") says this little at most; a longer one is the article's own.")
    skip_link_max_chars: int = cutoff(40, "chars",
        "A skip link (\"Skip to content\", WCAG 2.4.1 bypass blocks) says this little at most.")
    card_strip_max_share: float = cutoff(0.5, "share",
        "A strip of product cards inside a product page's content is cross-sell only while it "
        "holds at most this share of the content.")
    promo_max_share: float = cutoff(0.25, "share",
        "A promo or related-article box is at most this share of the content.")
    shelf_rest_bytes: int = cutoff(
        60, "bytes",
        "A shelf's title box holds its heading and a \"See all\" link: beside its headings, the "
        "text a shelf holds outside its removed cards is at most this many bytes...")
    shelf_rest_share: float = cutoff(
        0.25, "share",
        "...and this share of the cards' text. A heading over an introduction is a section of "
        "the text.")

    # ------------------------------------------------------ locate.py
    locate_cover: float = cutoff(0.7, "share",
        "Share of the articleBody's words a subtree must contain to be the article.")
    locate_client_rendered: float = cutoff(0.4, "share",
        "Below this best coverage, the article is not in the DOM at all.")
    locate_min_words: int = cutoff(30, "words",
        "Bodies with fewer words are not worth locating (a one-line description).")

    # ----------------------------------------------------- measure.py
    prose_bytes: int = cutoff(250, "bytes",
        "A narrow-chrome box (classed as an ad, a share bar) is kept as content when it holds "
        "this much unlinked paragraph text...")
    prose_box_min: int = cutoff(300, "bytes",
        "...and is at least this big.")
    short_link_bytes: int = cutoff(50, "bytes",
        "A link with less text than this is a short link (a menu item, a tag) for the "
        "below-floor link-density test (``short_share``).")
    prose_box_max_density: float = cutoff(0.2, "share",
        "A narrow-chrome box is kept as prose only under this link density.")
    prose_paragraph_bytes: int = cutoff(100, "bytes",
        "...and only its paragraphs of this size at least, under ``prose_paragraph_density``, "
        "count toward ``prose_bytes``.")
    prose_paragraph_density: float = cutoff(0.2, "share",
        "The link density under which such a paragraph counts.")

    # --------------------------------------------------- pagetypes.py
    landmark_share: float = cutoff(0.2, "share",
        "A ``<main>`` (or ``role=main``) holding at least this share of the page's text bounds "
        "the content: on the wx TUNE pages with one, it holds >= 90% of the reference's words on "
        "98% of them (listings, forums, shops and articles alike). As the column of a spread page "
        "it pays on CHECK (rule `main-landmark`, docs/rules.md). Fencing the scored selection of "
        "every page into it was measured too and lost on CHECK (grids that sit beside a small "
        "``<main>``; rule `main-landmark:fence-all`, docs/rules.md), so it is not done.")
    shelf_min: int = cutoff(3, "cards",
        "Cross-sell: a run of at least this many sibling cards of one tag and class, most of "
        "them short and showing a price, is a shelf of other products (\"You may also like\").")
    shelf_priced: float = cutoff(0.6, "share",
        "The share of a shelf's cards that show a price, at least.")
    card_max_chars: int = cutoff(400, "chars",
        "A shelf's card is short: at most twice this many characters.")
    shelf_max_share: float = cutoff(0.5, "share",
        "Shelves are removed only while they are at most this share of the content.")
    rank_max_bytes: int = cutoff(80, "bytes",
        "A poster's rank or title under their name (\"Well-known member\", a moderator banner): at "
        "most this much text.")
    stat_max_chars: int = cutoff(40, "chars",
        "A poster's or thread's statistic (\"Posts: 4,032\", \"Joined Jun 29, 2016\"): a value at "
        "most this long (an element at most twice it, in bytes).")
    stat_min: int = cutoff(3, "posts",
        "Statistics are furniture only where they repeat: one line per post.")
    quote_line_min: int = cutoff(20, "chars",
        "A quoted line of an earlier post counts toward a repeat only when it is this long (a "
        "short line such as \"Thanks!\" may repeat by chance).")
    quote_repeat_share: float = cutoff(0.5, "share",
        "A quote of an earlier post goes when this share of its text repeats.")
    shelf_cards_share: float = cutoff(0.7, "share",
        "The run of cards of a cross-sell shelf holds at least this share of its parent's text.")
    shelf_title_max_bytes: int = cutoff(80, "bytes",
        "A shelf's title is a heading just before it, or a block this small holding one.")
    stat_label_min_chars: int = cutoff(4, "chars",
        "A statistic's bare label (\"Posts 4,032\") is a word this long at least, not a month "
        "(\"Jul 2024\" is a post's date).")

    # ------------------------------------------------- productdesc.py
    productdesc_min_words: int = cutoff(20, "words",
        "A description shorter than this many words is a tagline, not worth locating.")
    productdesc_held: float = cutoff(0.6, "share",
        "The selection is taken to hold the description from this share of its words.")
    productdesc_cover: float = cutoff(0.7, "share",
        "An element holding this share of the description's words is where it is.")
    productdesc_absent: float = cutoff(0.4, "share",
        "Below this best share, no element holds it: the page renders it with scripts.")
    productdesc_max_spread: float = cutoff(3.0, "multiple",
        "The located element may hold at most this many times the description's words (a "
        "description repeated in a page-sized wrapper is not located).")
    productdesc_candidates: int = cutoff(12, "elements",
        "At most this many candidate elements are counted word by word.",
        Origin.BOUND,
        "Word counting is the costly part; the candidates come best first.")
    reviews_max_share: float = cutoff(0.5, "share",
        "On a product page, a box of customer reviews is chrome inside the content while it "
        "holds at most this share of the page's text.")

    # ------------------------------------------------------- buybox.py
    buybar_max_bytes: int = cutoff(600, "bytes",
        "A navigation-classed box holding the product's name, one price and a buy control is "
        "the product's buy bar while its text is at most this long (a phone maker's sticky "
        "bar: about 300 bytes with its section links); a larger one is a menu or a header.")

    # ------------------------------------------------------- prune.py
    p_floor_last: int = cutoff(60, "bytes",
        "Link-density floors (see ``prune._link_dense``): blocks at or above their floor go when "
        "``Thresholds.dense_share`` of their text is link text (menus, tag lists, \"related\" "
        "boxes); below it only when they hold >= 2 links of which ``short_share`` are short: a "
        "lone teaser card with one link survives, a strip of short nav links does not (rule "
        "`link-density:below-floor`, docs/rules.md). This one: a ``<p>`` with no ``<p>`` after "
        "it.")
    p_floor_more: int = cutoff(30, "bytes",
        "Link-density floors (see ``prune._link_dense``): blocks at or above their floor go when "
        "``Thresholds.dense_share`` of their text is link text (menus, tag lists, \"related\" "
        "boxes); below it only when they hold >= 2 links of which ``short_share`` are short: a "
        "lone teaser card with one link survives, a strip of short nav links does not (rule "
        "`link-density:below-floor`, docs/rules.md). This one: a ``<p>`` followed by another.")
    block_floor_last: int = cutoff(300, "bytes",
        "Link-density floors (see ``prune._link_dense``): blocks at or above their floor go when "
        "``Thresholds.dense_share`` of their text is link text (menus, tag lists, \"related\" "
        "boxes); below it only when they hold >= 2 links of which ``short_share`` are short: a "
        "lone teaser card with one link survives, a strip of short nav links does not (rule "
        "`link-density:below-floor`, docs/rules.md). This one: a list or box with no sibling of "
        "its tag after it.")
    block_floor_more: int = cutoff(100, "bytes",
        "Link-density floors (see ``prune._link_dense``): blocks at or above their floor go when "
        "``Thresholds.dense_share`` of their text is link text (menus, tag lists, \"related\" "
        "boxes); below it only when they hold >= 2 links of which ``short_share`` are short: a "
        "lone teaser card with one link survives, a strip of short nav links does not (rule "
        "`link-density:below-floor`, docs/rules.md). This one: a list or box followed by a "
        "sibling of its tag.")
    long_item_bytes: int = cutoff(80, "bytes per item",
        "A list of long link texts (changelogs, bug lists, reading lists) is content: a list "
        "holding at least this much text per item is not link-dense chrome.")
    short_share: float = cutoff(0.8, "share",
        "Below its link-density floor a block goes only when it holds >= 2 links of which this "
        "share are short (a strip of short nav links, not prose holding two citations).")
    ui_max_bytes: int = cutoff(50, "bytes",
        "A widget label (\"Show more\", \"Read next\") among the UI texts: at most this much text.")
    prompt_max_bytes: int = cutoff(200, "bytes",
        "A reader prompt (\"Click here to subscribe\", \"Sign up for our newsletter\") is at most "
        "this much text.")
    notice_max_bytes: int = cutoff(300, "bytes",
        "A block this long or longer is neither a reader prompt, a site notice nor a widget "
        "label: it is read as text.")
    figure_levels: int = cutoff(3, "levels",
        "A <cite>/<small> is a photo credit inside a figure showing a picture: how far up the "
        "figure is looked for (rule `photo-credit:figure-cite`, docs/rules.md).")
    credit_max_bytes: int = cutoff(120, "bytes",
        "A photo credit (\"Photo: Reuters\", \"Getty Images\") is shorter than this.")
    section_from: float = cutoff(0.4, "share of the content (position)",
        "A chrome-titled section (\"Related articles\") goes only from the later part of the "
        "content: its heading after this share of the content's text...")
    section_max_share: float = cutoff(0.3, "share",
        "...and only when it is at most this share of it.")
    edge_short_bytes: int = cutoff(120, "bytes",
        "Edge blocks shorter than this without sentence punctuation are furniture (dates, photo "
        "credits, \"More on this topic\", author boxes) rather than prose when their markup marks "
        "them so (``Thresholds.edge_marked``; precision mode needs no mark), and while they are "
        "at most ``Thresholds.edge_share`` of the content.")
    teaser_link_share: float = cutoff(0.3, "share",
        "A short unpunctuated edge line that is at least this share link text is a teaser of "
        "another story.")
    mark_levels: int = cutoff(4, "levels",
        "How far up from a short edge block a furniture class/id word (dateline, byline, tags, "
        "\"related\") is looked for.")
    label_max_bytes: int = cutoff(60, "bytes",
        "A short label left alone at the edge of the content (\"Advertisement\", \"Share\") is "
        "shorter than this.")
    edge_link_share: float = cutoff(0.5, "share",
        "An edge block at least this share link text is furniture (a \"More on this topic\" "
        "strip).")

    # ----------------------------------------------------- repeats.py
    repeat_min_bytes: int = cutoff(20, "bytes",
        "Shorter texts (\"Add to cart\", a price) repeat for good reasons and say little.")

    # ------------------------------------------------------- score.py
    widen_gain: float = cutoff(1.5, "multiple",
        "Widening: an ancestor replaces the selection when it holds this multiple of its prose "
        "(rule `widen`, docs/rules.md)...")
    widen_purity: float = cutoff(0.5, "share",
        "...is at least this share prose by text...")
    widen_density: float = cutoff(0.3, "share",
        "...and has at most this link density.")
    widen_levels: int = cutoff(2, "levels",
        "Widening climbs at most this many levels (rule `widen`, docs/rules.md).")
    outlying_levels: int = cutoff(3, "levels",
        "Levels climbed from the selection for outlying prose boxes of the same article, at "
        "most.")
    near_tie: float = cutoff(0.9, "share of the top score",
        "An ancestor scoring this share of the top candidate is the same article with its other "
        "parts: scores only fall with height when a box adds little.")
    near_tie_levels: int = cutoff(4, "levels",
        "...looked for within this many levels above the top candidate.")
    strong_share: float = cutoff(0.75, "share",
        "Candidates scoring this share of the top one are strong...")
    strong_min: int = cutoff(2, "candidates",
        "...and this many of them under one ancestor make that ancestor the article (an article "
        "split into sibling sections).")
    feed_min: int = cutoff(800, "bytes",
        "Another ``<article>`` of the chosen one's class is a full story (or a section of one "
        "text), not a teaser card, when it holds this much prose...")
    feed_share: float = cutoff(0.1, "share",
        "...and this share of the chosen article's (rule `feed-story`, docs/rules.md).")
    feed_title_min: int = cutoff(10, "chars",
        "Shortest story headline compared with the page title.")
    hint_full_bytes: int = cutoff(500, "bytes",
        "Text size at which a positive class hint counts fully.")
    clean_box_min_bytes: int = cutoff(300, "bytes",
        "A clean prose box (a sibling region joined to the content): at least this much text...")
    clean_box_max_density: float = cutoff(0.15, "share",
        "...under this link density...")
    clean_box_prose_share: float = cutoff(0.7, "share",
        "...at least this share of it prose, in two long paragraphs or more.")
    long_paragraph_bytes: int = cutoff(80, "bytes",
        "A long paragraph of a clean prose box: this much text at least...")
    long_paragraph_density: float = cutoff(0.2, "share",
        "...under this link density.")
    prose_min_bytes: int = cutoff(40, "bytes",
        "A paragraph (or a marked lead) counts as prose from this size (``prose_bytes``, "
        "widening, near ties, leads)...")
    prose_max_density: float = cutoff(0.3, "share",
        "...up to this link density.")
    div_paragraph_min_chars: int = cutoff(60, "chars",
        "A div/span whose own text runs (not its children's) hold this much is a paragraph (old "
        "CMS markup).")
    strong_max_growth: int = cutoff(3, "times the top's text",
        "The ancestor holding several strong candidates replaces the top one when it holds at "
        "most this many times its text (or is not ``<body>``).")

    # ------------------------------------------------------ select.py
    chrome_max_share: float = cutoff(0.85, "share",
        "Chrome verdicts are ignored on elements holding more than this share of the page text, "
        "or holding a <main>: a wrapper classed \"has-sidebar\" around the page is layout, not "
        "chrome.")
    comments_outside_min_bytes: int = cutoff(1000, "bytes",
        "...except a comment section on a page that is no thread, when the rest of the page "
        "holds this much text (the post the comments follow).")
    layout_flag_share: float = cutoff(0.5, "share",
        "A box whose class word a smaller box inside it also carries is a layout wrapper, not "
        "that part, when it holds more than this share of the page text (rule "
        "`effchrome:layout-flag`, docs/rules.md).")
    main_prose_share: float = cutoff(0.5, "share",
        "...or wrapping a main mark that holds more than this share of the page's prose.")
    grid_share: float = cutoff(0.25, "share",
        "On a card grid (``Behaviour.grid``), link-density pruning can take all of the cards: "
        "when it leaves the main column under this share of its text, the column is pruned again "
        "without the link-density test (chrome still goes).")
    jsonld_dom_share: float = cutoff(0.5, "share",
        "A page publishing an articleBody is client-rendered (the body is emitted from the "
        "JSON-LD) only when the DOM's best candidates hold less than this share of its bytes "
        "(rule `jsonld-paragraphs`, docs/rules.md).")

    # ----------------------------------------------------- toggles.py
    toggle_label_min_chars: int = cutoff(12, "chars",
        "A toggle's label is a question or a section title, not an icon's name or \"Menu\": at "
        "least this many characters...")
    toggle_label_max_chars: int = cutoff(200, "chars",
        "...at most this many, and no paragraph.")
    panel_min_chars: int = cutoff(40, "chars",
        "The panel a question opens holds an answer: this much text...")
    panel_max_link_share: float = cutoff(0.5, "share",
        "...at most this share of it links (a menu button opens a list of links).")
    toggle_heading_levels: int = cutoff(2, "levels",
        "How far up a heading holding the button is looked for (a span may wrap the label).")
    toggle_sample_chars: int = cutoff(2000, "chars",
        "A panel is read this far, no further: a toggle may name a box holding the whole page, "
        "and a page may hold hundreds of toggles.",
        Origin.BOUND,
        "A toggle may name a box holding the whole page, and a page may hold hundreds of toggles.")


    # -------------------------------------------------- responsive.py
    responsive_pair_levels: int = cutoff(
        3, "levels",
        "How far up from the phone copy of a responsive pair the large-screen copy is looked "
        "for: the post, the card.")
    responsive_twin_span: int = cutoff(
        8, "copies",
        "How many large-screen copies on each side of a phone copy, in document order, are "
        "read for its twin: a template prints the two copies of one block next to each other.",
        Origin.BOUND,
        "A page of thousands of posts puts every copy under one list: reading them all for "
        "each phone copy made the pass quadratic.")

#: The content stage reads its numbers from this one instance.
CUT = ContentCutoffs()
