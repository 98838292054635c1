"""Whole-text vocabularies: an element's text, casefolded, compared with the entries
(:func:`~mainmark.vocabulary.registry.text_key`), and the words of a slide counter, the
other whole text a gallery leaves behind; and the words of an image URL that name a
gallery's thumbnail copy."""

from __future__ import annotations

from mainmark.vocabulary.registry import Match, Phrase, Vocabulary, language, phrases

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

#: A gallery's slide counter as a whole element's text ("image 1 of 8", "3 / 12"): the
#: word before the numbers and the word between them (``content.vocab.SLIDE_COUNTER``
#: builds the regex; the element's text is casefolded first).
SLIDE_NOUN = phrases(
    "slide_noun", "the word a gallery's slide counter may open with ('Image 1 of 8'; news "
    "galleries; rule `ui-label:slide-counter`, docs/rules.md)", ("content.prune",), (
        Phrase("image", "en"),
        Phrase("photo", "en"),
        Phrase("picture", "en"),
        Phrase("slide", "en"),
        Phrase("bild", "de"),
        Phrase("foto", "de"),
        Phrase("imagen", "es"),
        Phrase("immagine", "it"),
        Phrase("zdjęcie", "pl"),
    ))
SLIDE_OF = phrases(
    "slide_of", "the word between a slide counter's numbers ('1 of 8', '1 von 8', '3 / 12')",
    ("content.prune",), (
        Phrase("of", "en"),
        Phrase("/", "", "3 / 12"),
        Phrase("von", "de"),
        Phrase("de", "es"),
        Phrase("sur", "fr"),
        Phrase("di", "it"),
        Phrase("z", "pl"),
    ))

#: Every table of this module, in the order the docs list them.
#: A gallery's thumbnail strip names its copies so: a directory of them
#: (``/thumbs/photo.jpg``) or a suffix of the file name (``photo_thumb.jpg``).
THUMBNAIL = Vocabulary(
    "thumbnail", frozenset({"thumb", "thumbs", "thumbnail", "thumbnails"}),
    "the small copy of a picture a gallery's thumbnail strip shows beside the full-size "
    "one: a directory of the image URL's path, or a suffix of its file name",
    ("markdown.thumbnails",), Match.PATH)

TABLES = (UI_LABELS, SLIDE_NOUN, SLIDE_OF, THUMBNAIL)
