"""Framework hydration state is stripped and counted, and never duplicates the article.

Next.js, Nuxt, Redux/Apollo stores and React Server Components ship the page's data a
second time as JSON in a script; the article must come out once, from the DOM (or from
the JSON-LD when the DOM is empty), never from the blob.
"""

from __future__ import annotations

import json

import pytest

import mainmark
from extraction_support import PARAGRAPHS, TITLE

ARTICLE = f"<article><h1>{TITLE}</h1>" + "".join(f"<p>{p}</p>" for p in PARAGRAPHS) + "</article>"
NAV = "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/sport'>Sport</a></nav>"
STATE = {
    "props": {"pageProps": {"article": {
        "slug": "swing-bridge-reopens",
        "title": TITLE,
        "body": "\n\n".join(PARAGRAPHS),
        "html": "".join(f"<p>{p}</p>" for p in PARAGRAPHS),
    }}},
    "page": "/news/[slug]",
    "buildId": "k3j2h1",
}
JSONLD = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle",
                     "headline": TITLE, "articleBody": "\n\n".join(PARAGRAPHS)})


def extract(html: str) -> mainmark.Document:
    return mainmark.extract(html.encode(),
                            options=mainmark.Options(chunking=False, explain=True))


def page(blob: str, *, head: str = "", article: str = ARTICLE) -> str:
    return (f"<!doctype html><html><head><title>{TITLE}</title>{head}</head><body>"
            f"<div id='__next'>{NAV}<main>{article}</main>"
            "<footer><p>Harbour Gazette</p></footer></div>"
            f"{blob}</body></html>")


BLOBS = [
    pytest.param('<script id="__NEXT_DATA__" type="application/json">'
                 '{"props":{"pageProps":{"slug":"swing-bridge-reopens"}}}</script>',
                 id="next-data"),
    pytest.param('<script>window.__NUXT__=(function(a,b){return {state:'
                 '{slug:"swing-bridge-reopens"}}}(1,2));</script>', id="nuxt"),
    pytest.param('<script>window.__INITIAL_STATE__ = {"article":{"id":42,'
                 '"slug":"swing-bridge-reopens"}};</script>', id="initial-state"),
    pytest.param('<script>window.__APOLLO_STATE__={"Article:42":'
                 '{"slug":"swing-bridge-reopens"}};</script>', id="apollo-state"),
    pytest.param('<script>self.__next_f.push([1,"0:{\\"slug\\":\\"swing-bridge-reopens\\"}"])'
                 '</script>', id="next-flight"),
    pytest.param('<script type="application/json" data-target="store">'
                 '{"slug":"swing-bridge-reopens","flags":{"beta":true}}</script>',
                 id="application-json"),
]


@pytest.mark.parametrize("blob", BLOBS)
def test_hydration_blob_is_stripped_and_counted_as_hydration(blob: str) -> None:
    doc = extract(page(blob))
    assert "swing-bridge-reopens" not in doc.markdown
    assert doc.explain is not None
    assert doc.explain.stripped.get("hydration", 0) >= len("swing-bridge-reopens")
    assert "script" not in doc.explain.stripped  # counted as hydration, not as plain script
    assert all(p in doc.text for p in PARAGRAPHS)


def test_plain_script_is_not_counted_as_hydration() -> None:
    doc = extract(page("<script>document.body.classList.add('js');</script>"))
    assert doc.explain is not None
    assert "hydration" not in doc.explain.stripped
    assert doc.explain.stripped.get("script", 0) > 0


def test_jsonld_is_not_counted_as_hydration() -> None:
    head = f"<script type='application/ld+json'>{JSONLD}</script>"
    doc = extract(page("", head=head))
    assert doc.explain is not None
    assert "hydration" not in doc.explain.stripped
    assert doc.explain.stripped.get("json-ld", 0) > 0


NEXT_DATA = ('<script id="__NEXT_DATA__" type="application/json">'
             + json.dumps(STATE) + "</script>")
FLIGHT = "<script>self.__next_f.push([1," + json.dumps(json.dumps(STATE)) + "])</script>"
LD_HEAD = f"<script type='application/ld+json'>{JSONLD}</script>"


@pytest.mark.parametrize(
    ("blob", "head", "article"),
    [
        pytest.param(NEXT_DATA, "", ARTICLE, id="dom-and-next-data"),
        pytest.param(NEXT_DATA, LD_HEAD, ARTICLE, id="dom-next-data-and-jsonld"),
        pytest.param(FLIGHT, "", ARTICLE, id="dom-and-server-components"),
        pytest.param(NEXT_DATA, LD_HEAD, "", id="client-rendered-with-jsonld"),
    ],
)
@pytest.mark.parametrize("paragraph", range(len(PARAGRAPHS)))
def test_next_page_yields_the_article_exactly_once(blob: str, head: str, article: str,
                                                    paragraph: int) -> None:
    doc = extract(page(blob, head=head, article=article))
    sentence = PARAGRAPHS[paragraph]
    assert doc.text.count(sentence) == 1
    assert doc.markdown.count(sentence) == 1
