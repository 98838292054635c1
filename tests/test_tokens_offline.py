"""The default tokenizer loads and counts with the network unreachable."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tiktoken.registry

from mainmark.chunks import tokens
from mainmark.errors import TokenizerError


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise OSError("network access attempted in an offline test")


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No sockets, an empty tiktoken cache, and nothing loaded yet in this process."""
    monkeypatch.setattr(socket, "socket", _refuse)
    monkeypatch.setattr(socket, "create_connection", _refuse)
    monkeypatch.setattr(socket, "getaddrinfo", _refuse)
    cache = tmp_path / "tiktoken-cache"
    cache.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    monkeypatch.setattr(tokens, "_CACHE", {})
    monkeypatch.setattr(tiktoken.registry, "ENCODINGS", {})
    yield


def test_default_tokenizer_counts_with_sockets_blocked(offline: None) -> None:
    with pytest.raises(OSError):
        socket.create_connection(("example.com", 443))  # the block is real
    tok = tokens.get_tokenizer("cl100k_base")
    assert tok.count("hello world") == 2
    # cl100k_base's published ids for this text: the file really is cl100k.
    assert isinstance(tok, tokens.TiktokenTokenizer)
    assert tok.encode("hello world") == [15339, 1917]
    assert tok.decode(tok.encode("Zürich 数据 🙂")) == "Zürich 数据 🙂"


def test_o200k_base_counts_with_sockets_blocked(offline: None) -> None:
    tok = tokens.get_tokenizer("o200k_base")
    assert isinstance(tok, tokens.TiktokenTokenizer)
    assert tok.encode("hello world") == [24912, 2375]  # o200k_base's published ids
    assert tok.count("hello world") == 2
    assert tok.decode(tok.encode("Zürich 数据 🙂")) == "Zürich 数据 🙂"


def test_a_bundled_file_that_is_not_the_official_one_is_refused(
        offline: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_bundled_file", lambda name: b"dGFtcGVyZWQ= 0\n")
    with pytest.raises(TokenizerError, match="o200k_base"):
        tokens.get_tokenizer("o200k_base")  # tiktoken's sha256 check rejects it


def test_special_token_text_is_counted_as_text() -> None:
    tok = tokens.get_tokenizer("cl100k_base")
    assert tok.count("<|endoftext|>") > 1


def test_unbundled_encoding_fails_clearly_instead_of_downloading(offline: None) -> None:
    with pytest.raises(TokenizerError, match="offline"):
        tokens.get_tokenizer("r50k_base")


def test_unknown_name_is_a_tokenizer_error(offline: None) -> None:
    with pytest.raises(TokenizerError, match="unknown tokenizer 'no-such-encoding'"):
        tokens.get_tokenizer("no-such-encoding")


def test_loaded_tokenizers_are_cached_per_process() -> None:
    assert tokens.get_tokenizer("cl100k_base") is tokens.get_tokenizer("cl100k_base")


def test_callable_counter_is_used_and_checked() -> None:
    counter = tokens.get_tokenizer(lambda text: len(text.split()))
    assert counter.count("one two three") == 3
    bad = tokens.get_tokenizer(lambda text: -1)
    with pytest.raises(TokenizerError):
        bad.count("x")


def test_hf_tokenizer_without_a_file_is_a_tokenizer_error(tmp_path: Path) -> None:
    with pytest.raises(TokenizerError, match=r"tokenizers|cannot load"):
        tokens.get_tokenizer(f"hf:{tmp_path / 'missing.json'}")
