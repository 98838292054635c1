"""The page's kind and how sure the model is of it: the one place a kind is decided.

The model's most probable kind is what ``metadata.page_type`` reports, with its
probability as ``metadata.page_type_confidence``, and what selection acts on, through the
kind's row of :data:`~mainmark.pagekind.behaviour.BEHAVIOURS`. Acting only above a
confidence (and as on an article below it) was measured on the TUNE pages' out-of-fold
probabilities, per kind at 0.4 to 0.7: every such threshold lowered the content F1
(``docs/pagekind.md``), so there is none.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from lxml import etree

from mainmark.metadata.schema import entities
from mainmark.metadata.structured import Structured
from mainmark.model import Metadata, PageType
from mainmark.page.classwords import words
from mainmark.page.parse import Page
from mainmark.pagekind.behaviour import BEHAVIOURS, Behaviour
from mainmark.pagekind.features import COUNTED_TAGS, SCHEMA_GROUPS, page_features
from mainmark.pagekind.markup import Survey, survey_of
from mainmark.pagekind.model import shipped_model
from mainmark.vocabulary import boxes


@dataclass(frozen=True, slots=True)
class PageKind:
    """The model's verdict on one page."""

    kind: PageType
    #: The model's probability for ``kind``; ``None`` where the model had nothing to read
    #: (no tree: an empty or unparsable input is an article by default, not by verdict).
    confidence: float | None
    probabilities: Mapping[PageType, float]
    #: The page may be a landing page of stacked sections though it reads as an article:
    #: it is not both signed and dated, declares no article type, and is not a feed of
    #: several ``<article>`` boxes (where scoring already chose the page's own).
    landing: bool = False
    #: The page is a post with a reader-comment section (it carries a blog engine's reply
    #: form): the comments are not content, whatever the kind; only a thread's posts are.
    reader_comments: bool = False

    @property
    def behaviour(self) -> Behaviour:
        """What selection does on this page: the kind's row, except that the comments
        under a post stay chrome even where the model reads the page as a thread (a
        blog post with forty replies is not a forum)."""
        row = BEHAVIOURS[self.kind]
        if row.posts_are_content and self.reader_comments:
            return dataclasses.replace(row, posts_are_content=False)
        return row


ARTICLE = PageKind(PageType.ARTICLE, None, MappingProxyType({}))

#: schema.org types by which a publisher declares a page an article (a recipe, a review,
#: a manual page too): such a page is no landing page. The feature groups' sets, so the
#: model and this check read the same declarations.
_DECLARED_TEXT = SCHEMA_GROUPS["article"] | SCHEMA_GROUPS["recipe"] | {"TechArticle"}


def classify(page: Page, structured: Structured, metadata: Metadata,
             survey: Survey | None = None) -> PageKind:
    """The page's kind by the shipped model; an unparsable page is an article.
    ``survey``: a walk of the unedited tree made already (see :func:`page_features`);
    its forms and tag counts answer the landing and reply-form tests too."""
    if page.root is None:
        return ARTICLE
    if survey is None:
        survey = survey_of(page.root, _COUNTED)
    probs = shipped_model().probabilities(page_features(page, structured, metadata, survey))
    kind = max(probs, key=lambda k: probs[k])
    types = _declared_types(structured)
    return PageKind(kind, probs[kind], MappingProxyType(probs),
                    landing=_maybe_landing(page, types, metadata, survey),
                    reader_comments=_reader_comments(page, types, survey))


_COUNTED = frozenset(COUNTED_TAGS)


def _declared_types(structured: Structured) -> frozenset[str]:
    return frozenset(t for source, objects in (("jsonld", structured.jsonld),
                                               ("microdata", structured.microdata))
                     for entity in entities(objects, source) for t in entity.types)


#: schema.org types a thread declares: its replies are its content.
_THREAD_TYPES = frozenset({"DiscussionForumPosting", "QAPage"})
#: The reply form blog engines print under a post, as class/id words (the registry's
#: ``reply_form`` table).
_REPLY_FORM_WORDS = boxes.REPLY_FORM.entries
#: WordPress's comment form, by its id through libxml2's id table (a lookup; the
#: ``//*[@id='respond']`` it replaced tested every element of the page). Exact here: the
#: classifier reads the tree as the parser built it, with every id value in the table
#: (a repeated id keeps its first element, and one is all the test asks for).
_RESPOND = etree.XPath("id('respond')")


def _reader_comments(page: Page, types: frozenset[str], survey: Survey) -> bool:
    """A post followed by readers' comments, by its structure: a blog engine's reply form,
    on a page that does not declare a thread. (A declared article type was a criterion
    too and went: forums declare ``Article`` as well; on wx TUNE it turned a thread's
    replies into chrome.)"""
    if types & _THREAD_TYPES:
        return False
    root = page.root
    if root is None:
        return False
    if _RESPOND(root):
        return True
    return any(not words(f"{form.get('id', '')} {form.get('class', '')}").isdisjoint(
        _REPLY_FORM_WORDS) for form in survey.forms)


def _maybe_landing(page: Page, types: frozenset[str], metadata: Metadata,
                   survey: Survey) -> bool:
    if metadata.author and metadata.published:
        return False
    root = page.root
    if root is None:
        return False
    # the body's articles are counted only where the tree holds two (most pages hold
    # none): the survey counted every tag, so fewer there are fewer in the body too
    if survey.tags["article"] >= 2:
        body = root.find("body")
        if len((body if body is not None else root).findall(".//article")) >= 2:
            return False
    return not types & _DECLARED_TEXT
