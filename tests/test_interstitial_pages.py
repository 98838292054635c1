"""Bot checks and chrome-only pages are no documents; empty pages never vanish silently.

Before, a challenge page ("Let us know you're not a robot") and a page whose only text
was "Skip to main content" became batch documents and LangChain chunks, while an empty
page vanished from ``MainmarkLoader`` even with ``on_error="raise"``.
"""

from __future__ import annotations

import logging

import pytest
from langchain_core.documents import Document as LCDocument

import mainmark
from mainmark import EmptyPageError
from mainmark.ingest.records import Location, PageRecord, Reason, process_record, sha256_of
from mainmark.integrations.langchain import MainmarkLoader, MainmarkTransformer
from mainmark.pagekind.interstitial import CHROME_ONLY, INTERSTITIAL

#: Challenge pages as the vendors' markup lays them out (text rewritten, no site named).
ROBOT = ("<html><head><title>example.com</title></head><body><div class='wrap'>"
         "<h1>Let us know you\u2019re not a robot</h1><p>Press &amp; Hold to confirm you "
         "are a human (and not a bot).</p><p>Reference ID 5f3a9e-11</p></div></body></html>")
CHALLENGE = ("<html><head><title>Just a moment...</title></head><body><div class='main'>"
             "<h1>shop.example</h1><h2>Checking if the site connection is secure</h2>"
             "<p>shop.example needs to review the security of your connection before "
             "proceeding.</p><form id='challenge-form' action='/'></form>"
             "<p>Ray ID: 7a1b2c3d4e</p></div></body></html>")
BROWSER_CHECK = ("<html><head><title>Just a moment...</title></head><body>"
                 "<p>Checking your browser before accessing the site.</p>"
                 "<p>This process is automatic.</p></body></html>")
SKIP_ONLY = ("<html><head><title>Example News</title></head><body>"
             "<a href='#main'>Skip to main content</a><div id='root'></div></body></html>")
#: Short real pages that say the same words in passing.
SHORT_NOTE = ("<html><head><title>Login help</title></head><body><article><h1>Login help"
              "</h1><p>If the captcha does not load, reload the page or try another browser."
              " Support answers within a day.</p></article></body></html>")
ARTICLE = ("<html><head><title>How CAPTCHAs work</title></head><body><article>"
           "<h1>How CAPTCHAs work</h1>" + "<p>A captcha asks whether you are a robot; "
           "sites call it checking your browser. Each puzzle is cheap for people and dear "
           "for scripts, which is the whole point of the exercise.</p>" * 4
           + "</article></body></html>")
EMPTY = "<html><head><title>Nothing</title></head><body></body></html>"


@pytest.mark.parametrize(("page", "kind"), [
    (ROBOT, INTERSTITIAL), (CHALLENGE, INTERSTITIAL), (BROWSER_CHECK, INTERSTITIAL),
    # A skip link is dropped as furniture before the chrome check sees it: the page is
    # then plainly empty (the batch reason is empty_content either way).
    (SKIP_ONLY, "no main content found"),
])
def test_extract_gives_no_content_and_says_what_the_page_was(page: str, kind: str) -> None:
    doc = mainmark.extract(page)
    assert doc.markdown == "" and doc.chunks == ()
    assert any(w.startswith(kind) for w in doc.warnings), doc.warnings


@pytest.mark.parametrize("page", [SHORT_NOTE, ARTICLE])
def test_real_pages_that_mention_robots_are_kept(page: str) -> None:
    doc = mainmark.extract(page)
    assert doc.markdown and not any(
        w.startswith((INTERSTITIAL, CHROME_ONLY)) for w in doc.warnings)


def _record(body: str) -> PageRecord:
    return PageRecord("https://example.org/p", body, Location("in.jsonl", 1), len(body),
                      sha256_of(body))


@pytest.mark.parametrize(("page", "reason"), [
    (ROBOT, Reason.INTERSTITIAL), (CHALLENGE, Reason.INTERSTITIAL),
    (SKIP_ONLY, Reason.EMPTY_CONTENT), (EMPTY, Reason.EMPTY_CONTENT),
])
def test_batch_discards_them_with_a_reason(page: str, reason: Reason) -> None:
    outcome = process_record(_record(page))
    assert outcome.document is None and outcome.discard is not None
    assert outcome.discard["reason"] == reason.value


@pytest.mark.parametrize("page", [EMPTY, ROBOT, SKIP_ONLY])
def test_loader_raises_on_an_empty_result_when_asked(page: str) -> None:
    with pytest.raises(EmptyPageError, match="no main content in memory:0"):
        MainmarkLoader(page.encode(), on_error="raise").load()


def test_loader_warns_instead_of_dropping_silently(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="mainmark.integrations.langchain"):
        docs = MainmarkLoader([EMPTY.encode(), ROBOT.encode(), ARTICLE.encode()]).load()
    assert {d.metadata["source"] for d in docs} == {"memory:2"}
    assert "no main content in memory:0" in caplog.text
    assert f"no main content in memory:1: {INTERSTITIAL}" in caplog.text


def test_transformer_gives_no_chunks_for_a_bot_check(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="mainmark.integrations.langchain"):
        out = MainmarkTransformer().transform_documents(
            [LCDocument(page_content=CHALLENGE, metadata={"source": "https://shop.example/"})])
    assert out == []
    assert "https://shop.example/" in caplog.text and INTERSTITIAL in caplog.text
