"""Whole-text vocabularies: an element's text, casefolded, compared with the entries
(:func:`~mainmark.vocabulary.registry.text_key`)."""

from __future__ import annotations

from mainmark.vocabulary.registry import Match, Vocabulary, language

#: Control and state labels of in-page widgets (galleries, players, toggles, lazy
#: loaders), one family per language.
UI_LABEL_FAMILIES: dict[str, frozenset[str]] = {
    "en": frozenset({
        "audio", "back", "back to gallery", "caption", "close", "expand", "load more",
        "loading", "log in", "play video", "previous", "read more", "show more",
        "sign up", "subscribe", "video",
    }),
}

UI_LABELS = Vocabulary(
    "ui_labels", frozenset(label.casefold() for family in UI_LABEL_FAMILIES.values()
                           for label in family),
    "control and state labels of in-page widgets as a whole element's text (news and "
    "magazine pages with galleries and players; with slide counters: "
    "rule `ui-label`, docs/rules.md; the labels that fired on no CHECK page, and the German and "
    "Romance/Polish families, were deleted)", ("content.prune",), Match.TEXT,
    labels={label.casefold(): language(code) for code, family in UI_LABEL_FAMILIES.items()
            for label in family if code != "en"},
    label=language("en"))

#: Every table of this module, in the order the docs list them.
TABLES = (UI_LABELS,)
