"""The page's kind and how sure the model is of it: the one place a kind is decided.

The model's most probable kind is what ``metadata.page_type`` reports, with its
probability as ``metadata.page_type_confidence``, and what selection acts on, through the
kind's row of :data:`~mainmark.pagekind.behaviour.BEHAVIOURS`. Acting only above a
confidence (and as on an article below it) was measured on the TUNE pages' out-of-fold
probabilities, per kind at 0.4 to 0.7: every such threshold lowered the content F1
(``docs/pagekind-report.md``), so there is none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mainmark.metadata.schema import entities
from mainmark.metadata.structured import Structured
from mainmark.model import Metadata, PageType
from mainmark.page.parse import Page
from mainmark.pagekind.behaviour import BEHAVIOURS, Behaviour
from mainmark.pagekind.features import page_features
from mainmark.pagekind.model import shipped_model


@dataclass(frozen=True, slots=True)
class PageKind:
    """The model's verdict on one page."""

    kind: PageType
    confidence: float
    probabilities: Mapping[PageType, float]
    #: The page may be a landing page of stacked sections though it reads as an article:
    #: it is not both signed and dated, declares no article type, and is not a feed of
    #: several ``<article>`` boxes (where scoring already chose the page's own).
    landing: bool = False

    @property
    def behaviour(self) -> Behaviour:
        """What selection does on this page."""
        return BEHAVIOURS[self.kind]


ARTICLE = PageKind(PageType.ARTICLE, 1.0, MappingProxyType({PageType.ARTICLE: 1.0}))

#: schema.org types by which a publisher declares a page an article (a recipe, a review,
#: a manual page too): such a page is no landing page.
_DECLARED_TEXT = frozenset({"Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle",
                            "AnalysisNewsArticle", "OpinionNewsArticle", "LiveBlogPosting",
                            "ScholarlyArticle", "Report", "TechArticle", "Recipe", "Review"})


def classify(page: Page, structured: Structured, metadata: Metadata) -> PageKind:
    """The page's kind by the shipped model; an unparsable page is an article."""
    if page.root is None:
        return ARTICLE
    probs = shipped_model().probabilities(page_features(page, structured, metadata))
    kind = max(probs, key=lambda k: probs[k])
    return PageKind(kind, probs[kind], MappingProxyType(probs),
                    landing=_maybe_landing(page, structured, metadata))


def _maybe_landing(page: Page, structured: Structured, metadata: Metadata) -> bool:
    if metadata.author and metadata.published:
        return False
    root = page.root
    if root is None:
        return False
    body = root.find("body")
    if len((body if body is not None else root).findall(".//article")) >= 2:
        return False
    return not any(set(entity.types) & _DECLARED_TEXT
                   for source, objects in (("jsonld", structured.jsonld),
                                           ("microdata", structured.microdata))
                   for entity in entities(objects, source))
