"""The learned page-kind model: a data file of weights, read here, applied in pure Python.

``model.json`` beside this module is written by ``benchmarks/train_pagekind.py`` (a
multinomial logistic regression trained on the TUNE pages; ``docs/pagekind-report.md``
says what it scores). It names its kinds and its features; a file whose features are not
:data:`~mainmark.pagekind.features.FEATURES`, in that order, is refused with an error
rather than read against the wrong numbers. Inference is one dot product per kind and a
softmax: a few hundred multiplications, no numerical library.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from mainmark.model import PageType
from mainmark.pagekind.features import FEATURES

MODEL_FORMAT = "mainmark-pagekind/1"


@dataclass(frozen=True, slots=True)
class KindModel:
    """Weights per kind: ``logit[k] = bias[k] + sum(x[i] * weights[i][k])``."""

    kinds: tuple[PageType, ...]
    bias: tuple[float, ...]
    #: one row per feature, one column per kind
    weights: tuple[tuple[float, ...], ...]

    def probabilities(self, vec: list[float]) -> dict[PageType, float]:
        """The softmax over the kinds' logits for one feature vector."""
        logits = list(self.bias)
        for value, row in zip(vec, self.weights, strict=True):
            if value:
                for k, w in enumerate(row):
                    logits[k] += value * w
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        return {kind: e / total for kind, e in zip(self.kinds, exps, strict=True)}


class ModelFileError(ValueError):
    """The shipped model file does not fit this code (a packaging or training mistake)."""


def parse_model(data: object) -> KindModel:
    """A :class:`KindModel` from the decoded JSON, checked against :data:`FEATURES`."""
    if not isinstance(data, dict) or data.get("format") != MODEL_FORMAT:
        raise ModelFileError(f"not a {MODEL_FORMAT} file")
    if tuple(data.get("features") or ()) != FEATURES:
        raise ModelFileError("the model's features are not this code's: retrain it")
    kinds = tuple(PageType(k) for k in data["kinds"])
    bias = tuple(float(v) for v in data["bias"])
    weights = tuple(tuple(float(v) for v in row) for row in data["weights"])
    if len(bias) != len(kinds) or any(len(row) != len(kinds) for row in weights):
        raise ModelFileError("weights do not match the kinds")
    return KindModel(kinds, bias, weights)


@cache
def shipped_model() -> KindModel:
    """The model file shipped in the package, read once per process."""
    raw = resources.files("mainmark.pagekind").joinpath("model.json").read_text("utf-8")
    return parse_model(json.loads(raw))
