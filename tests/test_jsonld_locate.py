"""JSON-LD first: a publisher's articleBody locates the article in the DOM.

Locating keeps the DOM's structure (headings, lists, links) that the plain-text
articleBody has lost; the articleBody itself is emitted only when the DOM lacks the
article (a client-rendered page). A teaser articleBody does not truncate the article,
and broken JSON-LD does not break the page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import mainmark
from extraction_support import PARAGRAPHS as SHARED_PARAGRAPHS
from extraction_support import TITLE

# Five paragraphs: the shared three and two more, so a one-paragraph teaser body is a
# small share of the article.
PARAGRAPHS = (
    *SHARED_PARAGRAPHS,
    "The bridge, built in 1890 by a local ironworks, swings on a single central pier and was "
    "once turned by hand, with four men pushing the capstan bars for each passing ship.",
    "A public opening is planned for the first Saturday of June, with a brass band, a blessing "
    "by the harbour chaplain, and free ferry rides for children from the north quay.",
)
LIST_ITEMS = ("New bearings on both piers", "Repainted steel trusses", "A new control cabin")
REPORT_URL = "https://harbour.example/engineering-report.pdf"
DOM_ARTICLE = (
    "<h2>What was repaired</h2>"
    f"<p>{PARAGRAPHS[0]}</p>"
    "<ul>" + "".join(f"<li>{item}</li>" for item in LIST_ITEMS) + "</ul>"
    f"<p>{PARAGRAPHS[1]} The <a href='{REPORT_URL}'>engineering report</a> is online.</p>"
    "<h2>Reaction on the quay</h2>"
    + "".join(f"<p>{p}</p>" for p in PARAGRAPHS[2:])
)
ARTICLE_BODY = "\n\n".join([
    "What was repaired", PARAGRAPHS[0], *LIST_ITEMS,
    PARAGRAPHS[1] + " The engineering report is online.",
    "Reaction on the quay", *PARAGRAPHS[2:],
])
ARTICLE: dict[str, Any] = {"@context": "https://schema.org", "@type": "NewsArticle",
                           "headline": TITLE, "articleBody": ARTICLE_BODY}
SIDE_TEXT = ("The Harbour Gazette has covered the town, its quays, and its people since 1871, "
             "and is owned by a trust of its readers.")


def ld(data: object) -> str:
    return f"<script type='application/ld+json'>{json.dumps(data)}</script>"


def page(head: str, article: str = DOM_ARTICLE) -> bytes:
    return (f"<html><head><title>{TITLE}</title>{head}</head><body>"
            "<header><a href='/'>Harbour Gazette</a> <a href='/news'>News</a></header>"
            f"<div class='wrap'><div class='col-8'>{article}</div>"
            f"<div class='col-4'><h3>About us</h3><p>{SIDE_TEXT}</p></div></div>"
            "<footer><p>Harbour Gazette Ltd, all rights reserved.</p></footer></body></html>"
            ).encode()


def extract(html: bytes, *, use_jsonld: bool = True) -> mainmark.Document:
    options = mainmark.Options(chunking=False, explain=True, use_jsonld=use_jsonld,
                               links="inline")
    return mainmark.extract(html, options=options)


def strategy(doc: mainmark.Document) -> mainmark.Strategy:
    assert doc.explain is not None
    return doc.explain.strategy


@pytest.mark.parametrize(
    "expected",
    ["## What was repaired", "## Reaction on the quay", *(f"- {i}" for i in LIST_ITEMS),
     f"[engineering report]({REPORT_URL})", *PARAGRAPHS],
)
def test_article_body_locates_the_dom_article_and_keeps_its_structure(expected: str) -> None:
    doc = extract(page(ld(ARTICLE)))
    assert strategy(doc) is mainmark.Strategy.JSONLD_LOCATE
    assert expected in doc.markdown


@pytest.mark.parametrize(
    "head",
    [
        pytest.param(ld({"@context": "https://schema.org", "@graph": [
            {"@type": "WebSite", "name": "Harbour Gazette"},
            {"@type": "BreadcrumbList", "itemListElement": []},
            {**ARTICLE, "@type": "Article"},
        ]}), id="graph"),
        pytest.param(ld([{"@type": "Organization", "name": "Harbour Gazette"},
                         {**ARTICLE, "@type": "BlogPosting"}]), id="top-level-list"),
        pytest.param(ld({**ARTICLE, "@type": ["NewsArticle", "ReportageNewsArticle"]}),
                     id="type-list"),
        pytest.param(ld({"@type": "Organization", "name": "Harbour Gazette"}) + ld(ARTICLE),
                     id="second-script"),
    ],
)
def test_article_body_is_found_in_graphs_and_lists(head: str) -> None:
    doc = extract(page(head))
    assert strategy(doc) is mainmark.Strategy.JSONLD_LOCATE
    assert "## What was repaired" in doc.markdown


def test_summary_article_body_does_not_truncate_the_article() -> None:
    # A two-paragraph summary long enough to be located, matching the article's start.
    summary = PARAGRAPHS[0] + "\n\n" + PARAGRAPHS[1]
    doc = extract(page(ld({**ARTICLE, "articleBody": summary})))
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text


@pytest.mark.parametrize("paragraph", PARAGRAPHS)
def test_client_rendered_page_emits_the_article_body_as_paragraphs(paragraph: str) -> None:
    html = page(ld({**ARTICLE, "articleBody": "\n\n".join(PARAGRAPHS)}),
                article="<div id='root' data-app='reader'></div>")
    doc = extract(html)
    assert strategy(doc) is mainmark.Strategy.JSONLD_BODY
    paragraphs = {b.markdown for b in doc.blocks if b.kind is mainmark.BlockKind.PARAGRAPH}
    assert paragraph in paragraphs
    assert SIDE_TEXT not in doc.text


@pytest.mark.parametrize(
    "script",
    [
        pytest.param('{"@type": "NewsArticle", "articleBody": "unterminated', id="truncated"),
        pytest.param("{'@type': 'NewsArticle', articleBody: 'single quotes'}", id="not-json"),
        pytest.param('{"@type": "NewsArticle", "articleBody": 42}', id="body-not-text"),
        pytest.param('{"@type": "NewsArticle", "articleBody": null}', id="body-null"),
        pytest.param("[1, 2, \"three\"]", id="list-of-scalars"),
        pytest.param("", id="empty"),
    ],
)
def test_broken_jsonld_does_not_break_the_page(script: str) -> None:
    html = page(f"<script type='application/ld+json'>{script}</script>")
    doc = extract(html)
    assert strategy(doc) is mainmark.Strategy.SELECTION
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert "## What was repaired" in doc.markdown


def test_broken_jsonld_beside_a_good_one_still_locates() -> None:
    head = "<script type='application/ld+json'>{\"@type\": \"Organization\",</script>" + ld(ARTICLE)
    doc = extract(page(head))
    assert strategy(doc) is mainmark.Strategy.JSONLD_LOCATE


def test_use_jsonld_false_disables_locating() -> None:
    doc = extract(page(ld(ARTICLE)), use_jsonld=False)
    assert strategy(doc) is not mainmark.Strategy.JSONLD_LOCATE
    assert PARAGRAPHS[0] in doc.text


def test_use_jsonld_false_never_emits_the_article_body() -> None:
    html = page(ld({**ARTICLE, "articleBody": "\n\n".join(PARAGRAPHS)}),
                article="<div id='root'></div>")
    doc = extract(html, use_jsonld=False)
    assert strategy(doc) is not mainmark.Strategy.JSONLD_BODY
    assert PARAGRAPHS[0] not in doc.text


def test_non_article_jsonld_is_ignored() -> None:
    product = {"@type": "Product", "name": "Bridge model", "description": ARTICLE_BODY}
    doc = extract(page(ld(product)))
    assert strategy(doc) is mainmark.Strategy.SELECTION


def test_marked_lead_before_the_located_article_is_kept() -> None:
    # Publishers leave the standfirst out of articleBody; the page shows it above the body.
    lead = "After eighteen months of repairs, the town's best-loved crossing opens again in June."
    article = (f"<div class='article-header'><h1>{TITLE}</h1><p class='article-intro'>{lead}</p>"
               f"</div><div class='article-body'>{DOM_ARTICLE}</div>")
    doc = extract(page(ld(ARTICLE), article))
    assert strategy(doc) is mainmark.Strategy.JSONLD_LOCATE
    assert lead in doc.text
    assert doc.text.index(lead) < doc.text.index(PARAGRAPHS[0])
    assert SIDE_TEXT not in doc.text
