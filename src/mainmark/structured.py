"""Structured data embedded in the page: JSON-LD, microdata, OpenGraph.

Read once, before cleaning strips the scripts that carry it, and shared by the
selection stage (JSON-LD ``articleBody``) and the metadata stage.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .parse import Page

_JSONLD_XPATH = "//script[@type='application/ld+json' or @type='application/ld+json; charset=utf-8']"
_COMMENT_LINE = re.compile(r"^\s*(//.*|<!--|-->)\s*$", re.MULTILINE)
_MAX_NODES = 20_000


@dataclass(slots=True)
class Structured:
    #: Every JSON-LD object on the page, ``@graph`` members and list items flattened.
    jsonld: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def read_structured(page: Page) -> Structured:
    """Collect JSON-LD objects; a broken script is skipped with a warning, never raised."""
    out = Structured()
    if page.root is None:
        return out
    for script in page.root.xpath(_JSONLD_XPATH):
        raw = script.text_content()
        data = _loads(raw)
        if data is None:
            out.warnings.append("unparsable JSON-LD script skipped")
            continue
        out.jsonld.extend(_flatten(data))
    return out


def _loads(raw: str) -> Any:
    for candidate in (raw, _COMMENT_LINE.sub("", raw).strip().rstrip(";")):
        try:
            return json.loads(candidate, strict=False)
        except (ValueError, RecursionError):
            continue
    return None


def _flatten(data: Any) -> Iterator[dict[str, Any]]:
    """Yield the dict objects of a JSON-LD payload: top-level lists and ``@graph`` arrays."""
    stack = [data]
    seen = 0
    while stack and seen < _MAX_NODES:
        item = stack.pop()
        seen += 1
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            graph = item.get("@graph")
            if isinstance(graph, (list, dict)):
                stack.append(graph)
            if any(k != "@context" and k != "@graph" for k in item):
                yield item
