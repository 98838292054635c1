"""The pipeline holds every node's proxy while the stages walk the tree (a speed
mechanism, ``pipeline._held``): it must change no output, the cleaning's scan must read
the held list as it reads the tree, and a big page must hold nothing (memory)."""

from __future__ import annotations

import json
from typing import Any

import lxml.html
import pytest
from lxml import etree

import mainmark
from corpus_support import corpus_pages
from mainmark import pipeline
from mainmark.content import prescan
from mainmark.page.parse import Page, parse


def _document(html: bytes, url: str | None) -> str:
    doc: dict[str, Any] = mainmark.extract(html, url=url).to_dict()
    text = json.dumps(doc, sort_keys=True, default=str)
    return text.replace(doc["stamp"]["extracted_at"], "") if "stamp" in doc else text


def test_holding_the_proxies_changes_no_document(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = corpus_pages()[:12]
    held = [_document(html, url) for _, html, url in pages]
    monkeypatch.setattr(pipeline, "_held", lambda page, big: [])
    loose = [_document(html, url) for _, html, url in pages]
    assert len(pages) == 12
    for (name, _, _), a, b in zip(pages, held, loose, strict=True):
        assert a == b, name


def _scanned(scan: prescan.Scanned) -> tuple[Any, ...]:
    """Everything the scan read, its disclosure widgets by their fields."""
    return (vars(scan.panels), scan.owners, tuple(scan.survey), scan.structured,
            scan.streamed)


def test_the_scan_reads_the_held_nodes_as_it_reads_the_tree() -> None:
    commented = 0
    for name, html, _ in corpus_pages():
        root = lxml.html.document_fromstring(html)
        rules = prescan.page_sheets(root)
        nodes = list(root.iter())
        commented += any(isinstance(node, etree._Comment) for node in nodes)
        assert (_scanned(prescan.scan_attributes(root, rules, nodes))
                == _scanned(prescan.scan_attributes(root, rules))), name
    assert commented  # the held list holds comments the scan must pass over


def test_a_big_page_holds_no_proxies() -> None:
    page = parse("<html><body><p>a</p><!-- c --><p>b</p></body></html>")
    assert page.root is not None
    assert [node.tag for node in pipeline._held(page, big=False)] == [
        "html", "body", "p", etree.Comment, "p"]
    assert pipeline._held(page, big=True) == []
    assert pipeline._held(Page(root=None, text=""), big=False) == []
