"""The metadata stage's cut-offs, in one table with the reason beside each value.

Metadata reads the head, structured data and the lines around the headline; most of
its numbers bound how much of a hostile page it reads (elements, levels, characters),
the rest judge a line: how long a byline, a dateline or a name may be, how many names
a byline holds, which title segment is the site's. The table says which is which.

Every module of the stage reads its numbers here (``CUT.name``); ``docs/constants.md``
is generated from this table (``benchmarks/constants_table.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmark.cutoffs import Origin, cutoff


@dataclass(frozen=True, slots=True)
class MetadataCutoffs:
    """Every number the metadata stage compares against (read it as ``CUT``)."""

    # ---------------------------------------------------- assemble.py
    max_dom_authors: int = cutoff(4, "names",
        "A byline found in the page (header line, marked byline, labelled byline) names at most "
        "this many people; more is a tag or category list carrying an author class.")
    thread_min_marks: int = cutoff(2, "poster marks",
        "Poster marks that make a page a thread: a first post and at least one reply.")
    max_description: int = cutoff(1000, "chars",
        "A description (meta or main-entity) is cut to this length.",
        Origin.BOUND)
    max_card_labels: int = cutoff(4, "label pairs",
        "Twitter card label/data pairs read for an author label (plugins print one to four).",
        Origin.BOUND)

    # ----------------------------------------------------- authors.py
    max_byline: int = cutoff(300, "chars",
        "A byline value is cut to this length (and read from three times it, before cleaning) "
        "when split into names.",
        Origin.BOUND)
    author_name_max: int = cutoff(60, "chars",
        "A name longer than this is a sentence, not an author.")
    author_max_words: int = cutoff(6, "words",
        "A name holds at most this many words besides particles (\"van\", \"de\").")
    author_max_words_strict: int = cutoff(4, "words",
        "...and at most this many when read from free page text (strict), where a sentence "
        "fragment must not pass as a name.")

    # --------------------------------------------------- bylinebox.py
    byline_box_max_elements: int = cutoff(200, "elements",
        "Elements of a byline box at most (a box with its bio and icons stays below this).",
        Origin.BOUND)
    byline_box_max_names: int = cutoff(4, "names",
        "Name parts of one box at most (more is a list of people, not a byline).")

    # ------------------------------------------------------- dates.py
    min_year: int = cutoff(1900, "year",
        "A date before this year is no publication date of a web page (a birth date, a historic "
        "date in the text).",
        Origin.STANDARD,
        "The web began in 1991; a wide margin before it.")
    max_year: int = cutoff(2100, "year",
        "A date after this year is a typo or a placeholder.",
        Origin.STANDARD,
        "A wide margin after any page's date.")
    date_max_input: int = cutoff(200, "chars",
        "A date string is read up to this length.",
        Origin.BOUND)

    # ------------------------------------------------ headline_dom.py
    headline_max_candidates: int = cutoff(40, "elements",
        "Byline- or date-marked elements (and ``<time>`` elements) read at most.",
        Origin.BOUND)
    headline_ancestor_limit: int = cutoff(40, "levels",
        "Ancestors climbed from the headline, or looked through to tell whether a marked element "
        "sits in a box, at most.",
        Origin.BOUND)
    near_elements: int = cutoff(150, "elements",
        "Elements visited after, and before, the headline (empty wrappers cost as much as text).",
        Origin.BOUND)
    headline_before_levels: int = cutoff(5, "levels",
        "Ancestor levels whose preceding siblings are read before the headline.")
    near_after: int = cutoff(40, "lines",
        "Text lines read after the headline for datelines and bylines.",
        Origin.BOUND)
    near_before: int = cutoff(12, "lines",
        "Text lines read before the headline for datelines and bylines.",
        Origin.BOUND)
    header_after: int = cutoff(12, "lines",
        "Header lines read after the headline at most (kicker, byline, dateline).",
        Origin.BOUND)
    header_before: int = cutoff(4, "lines",
        "Header lines read before the headline at most (kicker, byline, dateline).",
        Origin.BOUND)
    teaser_reach: int = cutoff(200, "elements",
        "Elements read below a list item for the link that makes it a teaser.",
        Origin.BOUND)
    teaser_siblings: int = cutoff(8, "list items",
        "List items beside a dated item (each way) looked at for another dated item.",
        Origin.BOUND)
    label_text_max: int = cutoff(160, "chars",
        "A text node holding a byline label (\"Author:\", \"Written by\") is shorter than this.")
    max_label_texts: int = cutoff(200, "count",
        "Labelled-byline text nodes read at most.",
        Origin.BOUND)
    byline_marks_min_chars: int = cutoff(7, "chars",
        "An element's class, id and ``data-testid`` joined by spaces must hold more than this "
        "(two of them are the spaces) to be read for byline words.")

    # ---------------------------------------------- headline_lines.py
    short_line: int = cutoff(100, "chars",
        "A byline or dateline is a short line; longer text is prose that may mention dates.")
    dateline_prefix: int = cutoff(24, "chars",
        "A longer line is read only this far for a dateline at its start (\"March 3, 2020 — "
        "...\").")
    short_box_line: int = cutoff(80, "chars",
        "An author box's name line, at most (its bio is longer).")
    line_search_max_elements: int = cutoff(20000, "text nodes",
        "Text nodes read by the page-wide line search at most.",
        Origin.BOUND)
    line_search_max_text: int = cutoff(400, "chars",
        "The longest text node the page-wide line search reads.",
        Origin.BOUND)
    label_reach_texts: int = cutoff(12, "texts",
        "Texts after a label read for the name.",
        Origin.BOUND)
    update_label_reach: int = cutoff(2, "lines",
        "Lines after a bare update label that may still belong to it (\"last post by\", the "
        "poster's name, then the date).")
    prefix_read_factor: int = cutoff(4, "times the limit",
        "A subtree's text is read only until it holds this many times the line limit: enough for "
        "whitespace to collapse.",
        Origin.BOUND)

    # -------------------------------------------------- metafields.py
    max_keywords: int = cutoff(50, "keywords",
        "Keywords kept at most: some pages stuff hundreds.",
        Origin.BOUND)
    max_itemprop_meta: int = cutoff(200, "elements",
        "``<meta itemprop>`` elements read at most.",
        Origin.BOUND)

    # ------------------------------------------------- pagesignals.py
    max_meta: int = cutoff(2000, "elements",
        "``<meta>`` and ``<link>`` elements of the head read at most.",
        Origin.BOUND)
    meta_max_value: int = cutoff(5000, "chars",
        "A meta value is cut to this length.",
        Origin.BOUND)
    max_subheadings: int = cutoff(60, "elements",
        "``<h2>``/``<h3>`` elements read at most for a headline.",
        Origin.BOUND)
    subheading_max_chars: int = cutoff(300, "chars",
        "Longer ``<h2>``/``<h3>`` texts are not headlines.")

    # ----------------------------------------------------- posters.py
    posters_max_marks: int = cutoff(400, "elements",
        "Poster-marked elements (a thread's post authors) read at most.",
        Origin.BOUND)
    poster_max_ancestors: int = cutoff(40, "levels",
        "Ancestors of a byline looked at for the post that holds it.",
        Origin.BOUND)
    posters_max_text: int = cutoff(80, "chars",
        "A poster's name is at most this long; longer is a post's text.")

    # ------------------------------------------------------ prices.py
    prices_max_marks: int = cutoff(200, "elements",
        "Price-marked elements (``itemprop=offers``, a price class) read at most.",
        Origin.BOUND)
    max_price_text: int = cutoff(24, "chars",
        "A price element's text is at most this long (\"$1,299.00\", \"EUR 12,50\"); longer is a "
        "sentence naming a price.")

    # --------------------------------------------------- published.py
    dateline_max_chars: int = cutoff(64, "chars",
        "A dateline is short (\"Berlin, 28.10.2021, 058/21\"); a longer header line is a subtitle "
        "that may name some other day (an event, a deadline).")
    dateline_bare_words: int = cutoff(3, "words",
        "A bare dateline has at most this many words besides its numbers (\"Published: March 3, "
        "2020\", \"von Max Muster, 26.12.2019\"); a sentence that mentions a date has more.")
    revision_line_chars: int = cutoff(300, "chars",
        "Characters of a wiki revision line read for its date.",
        Origin.BOUND)
    top_lines: int = cutoff(20, "lines",
        "Lines of the main content read for a dateline when the page gave no other date.",
        Origin.BOUND)
    article_header_levels: int = cutoff(2, "levels",
        "How many levels up the article header is looked for (siblings before the content box).")
    content_byline_max_chars: int = cutoff(100, "chars",
        "A byline line of the content's top is short: at most this many characters.")
    max_content_authors: int = cutoff(4, "count",
        "...and it names at most this many people (a longer list is a team or a contributors "
        "box).")

    # ------------------------------------------------------ schema.py
    schema_max_walk: int = cutoff(2000, "objects",
        "schema.org objects visited at most when nested ones are walked.",
        Origin.BOUND)
    jsonld_text_max_steps: int = cutoff(50, "values",
        "Nested values (dicts, lists) looked through for a string at most.",
        Origin.BOUND)
    max_price_amount: float = cutoff(1e12, "currency units",
        "A price amount at or past this is a misread number (a product code, a phone number), "
        "not a price.",
        Origin.BOUND)

    # ----------------------------------------------------- signals.py
    max_url: int = cutoff(2000, "chars",
        "A link's href is cut to this length before it is made absolute.",
        Origin.BOUND)

    # -------------------------------------------------- structured.py
    max_nodes: int = cutoff(20000, "objects",
        "JSON-LD objects flattened at most (``@graph`` arrays, lists).",
        Origin.BOUND)
    max_salvage: int = cutoff(200000, "chars",
        "A broken JSON-LD payload is read this far for its flat string values.",
        Origin.BOUND)
    max_itemscopes: int = cutoff(3000, "itemscopes",
        "Beyond this many itemscopes the page is a listing or generated junk; reading every item "
        "costs more than the metadata is worth.",
        Origin.BOUND)
    structured_max_text: int = cutoff(2000, "chars",
        "Microdata text values longer than this are bodies, not metadata.")
    max_item_depth: int = cutoff(24, "levels",
        "Items nested deeper than this are generated junk: extruct's property search costs the "
        "subtree size times the nesting for every item, cubic in a tower of nested items.",
        Origin.BOUND)

    # ------------------------------------------------------ titles.py
    max_title: int = cutoff(500, "chars",
        "A title (and, by default, any cleaned metadata text) is cut to this length.")
    max_site_segment_words: int = cutoff(5, "words",
        "A title segment holding the site's name and more words than this is a headline that "
        "mentions the site (\"What happened with Arch Linux ISO in 2024\" on the Arch Linux "
        "forums), not the site's name with a word or two added (\"Arch Linux Forums\", \"Ansible "
        "Community Documentation\").")
    max_descriptor_words: int = cutoff(3, "words",
        "Words a trailing descriptor holds at most (\"Personally Tested\", \"(30ct) 300mg\", "
        "\"Opinion\").")
    same_story: float = cutoff(0.3, "share",
        "Share of the shorter title's words the other must hold to tell the same story.")
    site_key_min_chars: int = cutoff(4, "chars",
        "A title segment's key inside a site key (the site's name, its domain) names the site "
        "only from this length: \"tv\" is inside too many names.")
    truncated_title_min_chars: int = cutoff(20, "chars",
        "A truncated title (\"...\", \"…\") is the start of the ``<h1>`` only when this much of "
        "it is left.")
    h1_segment_min_chars: int = cutoff(4, "chars",
        "An ``<h1>`` equal to the title's first or last segment is the headline only when this "
        "long (not a blog's two-letter name).")
    h1_suffix_min_chars: int = cutoff(12, "chars",
        "An ``<h1>`` ending with a cleaned title shows that title when the title is this long at "
        "least.")
    h1_part_min_chars: int = cutoff(15, "chars",
        "An ``<h1>`` inside a title of unknown site (\"Site: Section / Headline\") is its "
        "headline part when this long at least, and two fifths of the title at least.")
    h1_showing_title_min_chars: int = cutoff(12, "chars",
        "The ``<h1>`` containing the title is the one showing it when the title is this long at "
        "least.")


#: The metadata stage reads its numbers from this one instance.
CUT = MetadataCutoffs()
