"""Bytes to text, never failing (placeholder: the foundation issue deepens it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .model import EncodingInfo, EncodingSignal


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    info: EncodingInfo


def decode(data: bytes, headers: Mapping[str, str] | None = None) -> Decoded:
    return Decoded(data.decode("utf-8", "replace"), EncodingInfo("utf-8", EncodingSignal.DEFAULT))
