"""Title cleaning and precedence: forum prefix labels, site names in segments and <h1>s,
business and video entities, the order of "Headline | Section" pieces."""

from __future__ import annotations

from mainmark.metadata.titles import strip_site_name
from metadata_support import doc, ld, meta_of


def test_a_thread_prefix_label_in_the_h1_is_not_part_of_the_title() -> None:
    head = ld({"@type": "DiscussionForumPosting", "headline": "Squad for next season"}) + (
        '<meta property="og:title" content="Player - Squad for next season">')
    body = ('<h1><span class="label label--hidden">Player</span>'
            '<span class="label-append">&nbsp;</span>Squad for next season</h1>')
    meta = meta_of(doc(head, body))
    assert meta.title == "Squad for next season"
    assert meta.sources["title"] == "h1=jsonld"


def test_a_kicker_span_leaves_no_colon_at_the_headline_start() -> None:
    head = '<meta property="og:title" content="How firms screen staff for fever">'
    body = ('<h1><span class="kicker">Distancing rules</span>: How firms screen staff for fever'
            "</h1>")
    meta = meta_of(doc(head, body))
    assert meta.title == "How firms screen staff for fever"
    assert meta.sources["title"] == "h1=opengraph"


def test_a_trailing_colon_after_the_heading_text_goes() -> None:
    body = "<h1>Energy, transport and a greener economy :</h1>"
    assert meta_of(doc("", body)).title == "Energy, transport and a greener economy"


def test_a_colon_inside_a_headline_stays() -> None:
    body = "<h1>Kim: the return of the leader</h1>"
    assert meta_of(doc("", body)).title == "Kim: the return of the leader"


def test_a_headline_naming_the_site_is_not_cut_as_the_site_name() -> None:
    keys = ["archlinux"]
    title = "What happened with Arch Linux ISO in 2024 | Arch Linux Forums"
    assert strip_site_name(title, keys) == "What happened with Arch Linux ISO in 2024"
    assert strip_site_name("Arch Linux Forums | Install guide", keys) == "Install guide"


def test_an_h1_printing_the_whole_title_loses_the_site_name() -> None:
    head = '<meta property="og:title" content="Car rental coverage | WRAL">'
    meta = meta_of(doc(head, "<h1>Car rental coverage | WRAL</h1>"), "https://www.wral.com/x/")
    assert meta.title == "Car rental coverage"
    assert meta.sources["title"] == "h1=opengraph"


def test_a_local_business_name_is_not_the_page_title() -> None:
    head = ld({"@type": "LocalBusiness", "name": "Acme Pest Control"}) + (
        '<meta property="og:title" content="Queen Creek Termite Specialists">')
    meta = meta_of(doc(head, "<p>text</p>"), "https://acme.example/queen-creek")
    assert meta.title == "Queen Creek Termite Specialists"
    assert meta.sources["title"] == "opengraph"


def test_an_embedded_video_does_not_name_the_page() -> None:
    head = ld({"@type": "VideoObject", "name": "Live broadcast Thursday"}) + (
        "<title>Car rental topics</title>")
    meta = meta_of(doc(head), "https://news.example/topic/car-rental")
    assert meta.title == "Car rental topics"


def test_the_first_piece_of_a_title_is_the_headline() -> None:
    assert strip_site_name("Electrical - Overview | Safety and Health Agency", []) == (
        "Electrical - Overview")


def test_a_breadcrumb_title_ends_with_the_headline() -> None:
    assert strip_site_name("Time talks » Blog Archive » Cinemas go digital", []) == (
        "Cinemas go digital")


def test_a_permalink_glyph_after_the_heading_goes_and_one_inside_stays() -> None:
    head = '<meta property="og:title" content="Install # steps">'
    meta = meta_of(doc(head, '<h1>Install # steps <a class="headerlink" href="#i">¶</a></h1>'))
    assert meta.title == "Install # steps"
    assert meta.sources["title"] == "h1=opengraph"


def test_a_leading_segment_naming_the_sites_product_stays() -> None:
    keys = ["acme"]
    assert strip_site_name("Acme Payments | Global Payment Processing Platform", keys) == (
        "Acme Payments")


def test_a_leading_segment_that_is_the_site_name_goes() -> None:
    keys = ["acme"]
    assert strip_site_name("Acme - Payments infrastructure for the internet", keys) == (
        "Payments infrastructure for the internet")


def test_a_trailing_segment_adding_a_word_to_the_site_name_goes() -> None:
    keys = ["tomshardware"]
    assert strip_site_name("Best budget GPUs - Tom's Hardware Forum", keys) == (
        "Best budget GPUs")


def test_a_spaced_hyphen_ends_a_title_no_h1_shows() -> None:
    head = '<meta property="og:title" content="Acme Kettle Guide - Part 1">'
    meta = meta_of(doc(head, "<p>text</p>"), "https://blog.example/kettles")
    assert meta.title == "Acme Kettle Guide"
    assert meta.sources["title"] == "opengraph"
    head = "<title>Jane Roe Wallet - Royal Black | Acme</title>"
    assert meta_of(doc(head, "<p>text</p>"), "https://acme.example/p").title == "Jane Roe Wallet"


def test_a_title_the_h1_shows_whole_keeps_its_hyphen() -> None:
    head = '<meta property="og:title" content="Acme Kettle Guide - Boiling Water Right">'
    meta = meta_of(doc(head, "<h1>Acme Kettle Guide - Boiling Water Right</h1>"),
                   "https://blog.example/k")
    assert meta.title == "Acme Kettle Guide - Boiling Water Right"
    assert meta.sources["title"] == "h1=opengraph"


def test_a_short_descriptor_the_h1_prints_after_a_hyphen_or_bar_goes() -> None:
    # Templates print the title field whole in the <h1>, descriptor and all: "… -
    # Personally Tested", "… | Opinion", a product's "- (30ct) 300mg".
    head = '<meta property="og:title" content="15 Kettle Brands Compared - Personally Tested">'
    meta = meta_of(doc(head, "<h1>15 Kettle Brands Compared - Personally Tested</h1>"),
                   "https://blog.example/k")
    assert meta.title == "15 Kettle Brands Compared"
    assert meta.sources["title"] == "h1=opengraph"
    head = '<meta property="og:title" content="How kettles changed the office | Opinion">'
    meta = meta_of(doc(head, "<h1>How kettles changed the office | Opinion</h1>"),
                   "https://news.example/opinion/k")
    assert meta.title == "How kettles changed the office"


def test_an_h1_making_up_most_of_the_title_loses_its_descriptor_too() -> None:
    head = ('<meta property="og:site_name" content="Acme">'
            '<meta property="og:title" content="12 Must-Have Kettle Tools for 2026 | Steel, '
            'Glass &amp; Clay | Acme">')
    body = "<h1>12 Must-Have Kettle Tools for 2026 | Steel, Glass &amp; Clay</h1><p>text</p>"
    meta = meta_of(doc(head, body), "https://www.acme.example/blog/kettle-tools")
    assert meta.title == "12 Must-Have Kettle Tools for 2026"
    assert meta.sources["title"] == "h1<opengraph"


def test_a_tail_as_long_as_the_head_or_a_short_head_stays() -> None:
    head = '<meta property="og:title" content="Trekking Backpack 40L | Light &amp; Trail Ready">'
    meta = meta_of(doc(head, "<h1>Trekking Backpack 40L | Light &amp; Trail Ready</h1>"),
                   "https://shop.example/p")
    assert meta.title == "Trekking Backpack 40L | Light & Trail Ready"
    head = '<meta property="og:title" content="Squad 2024 - 2025">'
    meta = meta_of(doc(head, "<h1>Squad 2024 - 2025</h1>"), "https://club.example/squad")
    assert meta.title == "Squad 2024 - 2025"


def test_a_dash_a_writer_sets_and_a_one_word_lead_stay() -> None:
    head = '<meta property="og:title" content="Individual Health – Family Medical Plans">'
    assert meta_of(doc(head, "<p>text</p>"), "https://ins.example/p").title == (
        "Individual Health – Family Medical Plans")
    head = '<meta property="og:title" content="Sazerac - all about the classic">'
    assert meta_of(doc(head, "<p>text</p>"), "https://bar.example/p").title == (
        "Sazerac - all about the classic")


def test_an_h1_naming_the_site_at_the_titles_end_is_not_its_headline() -> None:
    # The template appends the site's name ("... - Acme Entertainment") and prints it in
    # an <h1> of its banner: that <h1> is the title's site segment, not a headline part.
    head = ('<meta property="og:site_name" content="Acme">'
            '<meta property="og:title" content="Acme TV and Streaming - Acme Entertainment">')
    meta = meta_of(doc(head, "<h1>Acme Entertainment</h1><p>text</p>"),
                   "https://www.acme.example/learn/tv")
    assert meta.title == "Acme TV and Streaming"
    assert meta.sources["title"] == "opengraph"
    head = "<title>Office tips – part three | Jane Roe's Blog</title>"
    meta = meta_of(doc(head, "<h1>Jane Roe's Blog</h1><p>text</p>"),
                   "https://janeroe.example.com/office-tips")
    assert meta.title == "Office tips – part three"


def test_an_h1_naming_the_site_that_leads_the_title_stays_its_headline() -> None:
    head = "<title>Acme Best Sellers: Best Kettles</title>"
    meta = meta_of(doc(head, "<h1>Acme Best Sellers</h1><p>text</p>"),
                   "https://www.acme.example/best-sellers/kettles")
    assert meta.title == "Acme Best Sellers"


def test_an_h1_inside_a_title_without_separators_does_not_replace_it() -> None:
    # No site or section part to drop: the <h1> is the headline shortened.
    head = ('<meta property="og:title" content="Kettle Descaling Services for Small Offices '
            'in Springfield">')
    meta = meta_of(doc(head, "<h1>Kettle Descaling Services</h1><p>text</p>"),
                   "https://www.acme.example/descaling")
    assert meta.title == "Kettle Descaling Services for Small Offices in Springfield"
    assert meta.sources["title"] == "opengraph"


def test_an_h1_inside_a_title_with_site_and_section_parts_still_wins() -> None:
    head = ('<meta property="og:title" content="Roe Works: Kitchen Guides / Kettle Descaling'
            ' Basics">')
    meta = meta_of(doc(head, "<h1>Kitchen Guides / Kettle Descaling Basics</h1><p>text</p>"),
                   "https://www.acme.example/descaling")
    assert meta.title == "Kitchen Guides / Kettle Descaling Basics"
