"""The version stamp is reproducible, and Options are validated, frozen and hashed."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import mainmark
from mainmark import Options, Stamp

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PAGE = (
    b"<html><head><title>Stamp test</title></head><body><article><h1>Stamp test</h1>"
    b"<p>A paragraph long enough to be kept as the main content of this small page.</p>"
    b"<p>And a second one, so that there is something to chunk.</p></article></body></html>"
)


def without_time(stamp: Stamp) -> Stamp:
    return dataclasses.replace(stamp, extracted_at="")


def test_same_bytes_and_options_give_the_same_stamp_apart_from_the_time() -> None:
    first = mainmark.extract(PAGE, options=Options(max_tokens=256))
    second = mainmark.extract(PAGE, options=Options(max_tokens=256))
    assert without_time(first.stamp) == without_time(second.stamp)


def test_default_options_are_the_same_as_none() -> None:
    assert mainmark.extract(PAGE).stamp.options_hash == (
        mainmark.extract(PAGE, options=Options()).stamp.options_hash
    )


@pytest.mark.parametrize(
    "changes",
    [
        {"max_tokens": 256},
        {"min_tokens": 10},
        {"overlap_tokens": 16},
        {"links": "inline"},
        {"images": False},
        {"use_jsonld": False},
        {"title_heading": False},
        {"contextualize": False},
        {"chunking": False},
        {"max_input_bytes": 1024},
        {"extra": (("integration", "test"),)},
    ],
)
def test_different_options_give_a_different_options_hash(changes: dict[str, Any]) -> None:
    base = mainmark.extract(PAGE).stamp
    changed = mainmark.extract(PAGE, options=Options(**changes)).stamp
    assert changed.options_hash != base.options_hash
    assert changed.content_sha256 == base.content_sha256


def test_different_bytes_give_a_different_content_hash() -> None:
    assert mainmark.extract(PAGE).stamp.content_sha256 != (
        mainmark.extract(PAGE + b" ").stamp.content_sha256
    )


def test_content_sha256_is_the_sha256_of_the_input_bytes() -> None:
    data = (EXAMPLES / "news-article.html").read_bytes()
    assert mainmark.extract(data).stamp.content_sha256 == hashlib.sha256(data).hexdigest()


def test_content_sha256_of_a_str_is_that_of_its_utf8() -> None:
    text = PAGE.decode() + "Grüße"
    expected = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert mainmark.extract(text).stamp.content_sha256 == expected


def test_content_sha256_covers_the_whole_input_even_when_truncated() -> None:
    doc = mainmark.extract(PAGE, options=Options(max_input_bytes=100))
    assert doc.stamp.content_sha256 == hashlib.sha256(PAGE).hexdigest()


def test_extracted_at_is_utc_iso8601() -> None:
    stamp = mainmark.extract(PAGE).stamp
    moment = datetime.fromisoformat(stamp.extracted_at)
    assert moment.utcoffset() == timedelta(0)
    assert stamp.extracted_at.endswith("+00:00")


def test_version_and_extractor() -> None:
    stamp = mainmark.extract(PAGE).stamp
    assert stamp.version == mainmark.__version__
    assert stamp.extractor == "mainmark"


def test_chunks_carry_the_document_stamp() -> None:
    doc = mainmark.extract(PAGE)
    assert all(chunk.stamp == doc.stamp for chunk in doc.chunks)


def test_stamp_is_in_the_json_record() -> None:
    record = json.loads(json.dumps(mainmark.extract(PAGE).to_dict()))
    assert set(record["stamp"]) == {
        "extractor", "version", "options_hash", "content_sha256", "extracted_at"
    }


# ----------------------------------------------------------------------------- options


def test_options_digest_is_stable_and_short() -> None:
    assert Options().digest() == Options().digest()
    assert Options(max_tokens=300).digest() == Options().replace(max_tokens=300).digest()
    assert len(Options().digest()) == 12


def counting_tokenizer(text: str) -> int:
    return len(text.split())


def other_tokenizer(text: str) -> int:
    return len(text)


def test_callable_tokenizer_is_hashed_by_name() -> None:
    a = Options(tokenizer=counting_tokenizer)
    assert a.digest() == Options(tokenizer=counting_tokenizer).digest()
    assert a.digest() != Options(tokenizer=other_tokenizer).digest()
    assert a.digest() != Options().digest()


def _named(module: str) -> Callable[[str], int]:
    def count(text: str) -> int:
        return len(text)

    count.__module__, count.__qualname__ = module, "count"
    return count


class WordCounter:
    def __call__(self, text: str) -> int:
        return len(text.split())


class CharCounter:
    def __call__(self, text: str) -> int:
        return len(text)


def test_callables_are_told_apart_by_module_and_qualified_name() -> None:
    assert Options(tokenizer=_named("a.tok")).digest() != Options(
        tokenizer=_named("b.tok")).digest()
    assert Options(tokenizer=_named("a.tok")).digest() == Options(
        tokenizer=_named("a.tok")).digest()
    assert Options(tokenizer=WordCounter()).digest() != Options(
        tokenizer=CharCounter()).digest()
    assert Options(tokenizer=WordCounter()).digest() == Options(
        tokenizer=WordCounter()).digest()


def test_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Options().max_tokens = 100  # type: ignore[misc]


def test_replace_validates_again() -> None:
    with pytest.raises(mainmark.OptionsError):
        Options().replace(max_tokens=1)
