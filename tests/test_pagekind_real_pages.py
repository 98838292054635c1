"""The page-kind classifier on real pages with their chrome (WCXB, CC-BY-4.0).

``tests/pages/wcxb/wx`` holds real pages of each of the seven kinds, so a fresh clone tests
the shipped model file, the feature code it was trained with and the pipeline wiring on
real markup. The model file's features must be the code's (a retrain is needed when
``FEATURES`` changes), and selection must act on the kind the model is sure of.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest

from mainmark import extract
from mainmark.model import PageType
from mainmark.options import Options
from mainmark.pagekind import decide
from mainmark.pagekind.behaviour import BEHAVIOURS
from mainmark.pagekind.features import FEATURES
from mainmark.pagekind.model import ModelFileError, parse_model, shipped_model

PAGES = Path(__file__).resolve().parent / "pages" / "wcxb" / "wx"
KINDS = json.loads((PAGES / "pages.json").read_text(encoding="utf-8"))
#: Two pages of each kind, and the two a test below names: each must get its kind (the
#: corpus gate, ``test_corpus_gate.py``, bounds the accuracy over all of the corpus).
NAMED = ("0498", "0536", "2911", "2997", "4017", "4195", "4264", "4320", "4359", "4398",
         "4451", "4519", "4549", "4552", "4669", "4736")


def _page(page_id: str) -> tuple[bytes, str]:
    html = gzip.decompress((PAGES / "html" / f"{page_id}.html.gz").read_bytes())
    truth = PAGES / "ground-truth" / f"{page_id}.json"
    url = json.loads(truth.read_text(encoding="utf-8"))["url"]
    return html, url


@pytest.mark.parametrize("page_id", NAMED)
def test_real_page_gets_its_kind(page_id: str) -> None:
    html, url = _page(page_id)
    meta = extract(html, url=url).metadata
    assert meta.page_type is PageType(KINDS[page_id]["page_type"])
    assert meta.page_type_confidence is not None and 0.5 <= meta.page_type_confidence <= 1


def test_every_kind_is_covered() -> None:
    assert {v["page_type"] for v in KINDS.values()} == {k.value for k in PageType}


def test_probabilities_sum_to_one_over_every_kind() -> None:
    html, url = _page("0536")
    from mainmark.pipeline import understand

    kind = decide.classify(*understand(html, url=url))
    assert set(kind.probabilities) == set(PageType)
    assert abs(sum(kind.probabilities.values()) - 1.0) < 1e-9
    assert kind.confidence == max(kind.probabilities.values())


def test_the_shipped_model_names_this_codes_features() -> None:
    assert len(shipped_model().weights) == len(FEATURES)


def test_a_model_file_with_other_features_is_refused() -> None:
    data = json.loads((Path(decide.__file__).parent / "model.json").read_text("utf-8"))
    data["features"] = data["features"][:-1]
    with pytest.raises(ModelFileError):
        parse_model(data)
    with pytest.raises(ModelFileError):
        parse_model({"format": "something else"})


@pytest.mark.parametrize("kind", list(PageType))
def test_selection_follows_the_kinds_behaviour(kind: PageType) -> None:
    verdict = decide.PageKind(kind, 0.4, {kind: 0.4})
    assert verdict.behaviour is BEHAVIOURS[kind]


#: A craft blog post (WCXB 4669, CC-BY-4.0) with a WordPress reply form and 42 comments.
_BLOG = "4669"
_COMMENT = "Been restoring antique furniture for 40+years"


def test_a_blog_posts_comments_are_not_content() -> None:
    html, url = _page(_BLOG)
    doc = extract(html, url=url)
    assert doc.metadata.page_type is PageType.ARTICLE
    assert "thanks for being here, Kathy" in doc.text
    assert _COMMENT not in doc.text and "42 Comments" not in doc.text


def test_a_blog_read_as_a_thread_still_drops_its_comments(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The structure, not the kind alone: a post with a blog engine's reply form keeps its
    comments out even where the model would call it a forum."""
    from mainmark import pipeline

    def as_thread(*args: object) -> decide.PageKind:
        real = decide.classify(*args)  # type: ignore[arg-type]
        assert real.reader_comments
        return dataclasses.replace(real, kind=PageType.FORUM)

    monkeypatch.setattr(pipeline, "classify", as_thread)
    html, url = _page(_BLOG)
    text = extract(html, url=url).text
    assert "thanks for being here, Kathy" in text
    assert _COMMENT not in text


def test_without_the_structure_a_thread_keeps_the_replies() -> None:
    """The guard is what drops them: the same page as a thread with no reply form seen
    keeps every reply (so the test above can fail)."""
    verdict = decide.PageKind(PageType.FORUM, 0.9, {PageType.FORUM: 0.9})
    assert verdict.behaviour.posts_are_content
    guarded = dataclasses.replace(verdict, reader_comments=True)
    assert not guarded.behaviour.posts_are_content


def test_the_comments_option_keeps_a_blogs_comments() -> None:
    html, url = _page(_BLOG)
    assert _COMMENT in extract(html, url=url, options=Options(comments=True)).text


def test_tailwind_print_variants_are_no_print_button() -> None:
    """A gitbook page (WCXB 0498) classes its paragraphs ``print:...``: styling for
    print, not the "print" chrome word; the book's outline stays."""
    html, url = _page("0498")
    text = extract(html, url=url).text
    assert "Part 3 (chapters 14+)" in text and "Part 2 (chapters 8-13)" in text


@pytest.mark.parametrize(("raw", "confidence"), [
    (b"", None),  # nothing parsed: an article by default, not by the model's verdict
    # not an HTML page (binary, a PDF): refused before parsing (mainmark.page.sniff), so
    # no model verdict either
    (bytes(range(256)) * 20, None),
    (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<</Type/Catalog>>endobj", None),
    (b"<div>" * 20000, "model"),
])
def test_bad_input_gets_a_kind_and_an_honest_confidence(raw: bytes,
                                                        confidence: str | None) -> None:
    meta = extract(raw).metadata
    assert meta.page_type in PageType
    if confidence is None:
        assert meta.page_type is PageType.ARTICLE and meta.page_type_confidence is None
    else:
        assert meta.page_type_confidence is not None
        assert 0.0 < meta.page_type_confidence <= 1.0
