"""Strip the invisible payload: what a reader never sees must never be embedded.

This is the one stage that edits the tree in place (the parse is ours alone and
what it removes is never content). It runs after structured data and metadata
were read, because those live in ``<script>`` and ``<meta>``. Everything removed
is counted in bytes per kind for the explain output.

Hidden is what :mod:`mainmark.content.css` says CSS hides (inline styles and the
page's own simple and descendant sheet rules), plus ``hidden``, ``aria-hidden`` and
screen-reader-only classes; a modal dialog (``aria-modal="true"``), an overlay the page
opens over itself, goes too. Hidden text is a prompt-injection route into a RAG index, so
it goes however much of the page it holds; the one exception is a page that hides nearly
all of its text until a script runs (:func:`_script_revealed`), whose hidden wrapper
holding the ``<h1>`` is the page. Unrendered template placeholders go as well
(:mod:`mainmark.content.bindings`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree
from lxml.html import HtmlElement

from mainmark.content.bindings import drop_template_bindings
from mainmark.content.constants import CUT
from mainmark.content.css import (
    SheetRules,
    closed_only,
    collapsed_only,
    declarations,
    hides,
    transparent,
    zero_font,
)
from mainmark.content.disclosures import (
    Disclosures,
)
from mainmark.content.mathsources import formula_images
from mainmark.content.prescan import (
    Prepared,
    machine_copy,
    page_sheets,
    scan_attributes,
    screen_reader_only,
)
from mainmark.content.reveal import place_async_fragments, place_streamed_segments
from mainmark.content.toggles import question_toggles
from mainmark.content.vocab import (
    BLOCK_TAGS,
    FORM_CONTROL_TAGS,
    HYDRATION_MARKERS,
    INVISIBLE_TAGS,
    VOID_INVISIBLE_TAGS,
)
from mainmark.metadata.metafields import owners
from mainmark.page.ancestry import ancestor_cover
from mainmark.page.formulas import MATH_SOURCE_TAG
from mainmark.page.parse import Page
from mainmark.page.subtree import text_content
from mainmark.vocabulary import classes

_DATA_URI = re.compile(r"^\s*data:[^,]*;base64,", re.IGNORECASE)


_STRIP_TAGS = (*INVISIBLE_TAGS, *FORM_CONTROL_TAGS, "noscript", "template",
               etree.Comment, etree.ProcessingInstruction)


def clean(page: Page, prepared: Prepared | None = None, *, count: bool = True,
          placeholders: bool = True) -> dict[str, int]:
    """Remove invisible elements in place; return bytes stripped per kind.

    ``prepared``: this stage's reading of the tree, made before the page was classified
    (:func:`~mainmark.content.prescan.prepare`, the one walk of every element both use),
    whose lists this call takes over; without it (no tree, streamed parts to move first, a
    caller of this stage alone) the parts are placed and the tree read here.

    ``placeholders``: whether the page may hold unrendered template placeholders
    (:func:`~mainmark.content.bindings.may_hold_placeholders` of its source, asked while
    the pipeline still holds the text); ``False`` skips their search.

    Counting costs a Python visit per stripped element; without it (no explain
    output wanted) the same elements go in one C-level ``strip_elements`` call.
    """
    stripped: dict[str, int] = {}
    root = page.root
    if root is None:
        return stripped
    scan = None if prepared is None else prepared.take_scan()
    if prepared is None or scan is None:
        place_streamed_segments(root)
        place_async_fragments(root)
        rules = page_sheets(root)
        # before form controls go (a toggle is often a <button>): one pass for both uses
        scanned = scan_attributes(root, rules)
        panels, owners = scanned.panels, scanned.owners
    else:
        rules, (panels, owners) = prepared.rules, scan
    _open_shadow_roots(root)
    _keep_math_sources(root)
    _drop_modal_dialogs(root, stripped)
    for el in _swallowing_controls(root):
        el.drop_tag()
    in_heading, beside = question_toggles(root)  # an FAQ's questions are button labels
    for el in in_heading:
        el.drop_tag()
    for el in beside:  # the panel's title, no longer a control (a role would say it is)
        el.tag = "div" if any(k.tag in _TITLE_BLOCKS for k in el) else "p"
        el.attrib.pop("role", None)
    if not count:
        for el in [el for el in root.iter("noscript", *VOID_INVISIBLE_TAGS) if _keeps(el)]:
            el.drop_tag()
        etree.strip_elements(root, *_STRIP_TAGS, with_tail=False)
        _strip_attributes_hidden(root, stripped, rules, panels, owners)
        if placeholders:
            drop_template_bindings(root, stripped)
        return stripped
    doomed: list[tuple[HtmlElement, str]] = []
    unwrap: list[HtmlElement] = []
    # Filtered in C: only the tags this stage acts on reach Python.
    for el in root.iter(_STRIP_TAGS):
        tag = el.tag
        if not isinstance(tag, str):
            if tag is etree.Comment or tag is etree.ProcessingInstruction:
                doomed.append((el, "comment"))
            continue
        if (tag == "noscript" or tag in VOID_INVISIBLE_TAGS) and _keeps(el):
            unwrap.append(el)
            continue
        if tag in INVISIBLE_TAGS:
            doomed.append((el, _script_kind(el) if tag == "script" else tag))
        elif tag in FORM_CONTROL_TAGS:
            doomed.append((el, "form-control"))
    for el in unwrap:
        el.drop_tag()
    for el, kind in doomed:
        if el.getparent() is None:
            continue
        _count(stripped, kind, el)
        remove_keeping_tail(el)
    _strip_attributes_hidden(root, stripped, rules, panels, owners)
    if placeholders:
        drop_template_bindings(root, stripped)
    return stripped


def _keeps(el: HtmlElement) -> bool:
    """Invisible-tag elements whose content stays while the tag goes.

    A ``<noscript>`` of paragraphs joins the page as ordinary content. libxml2 nests
    what follows an unclosed void tag (``<embed>``, ``<source>``) inside it: that
    swallowed content is the page's.
    """
    if el.tag == "noscript":
        return _noscript_prose(el)
    return bool(len(el) or (el.text or "").strip())


#: A toggle holding one of these (a course card's heading and price lines) becomes a
#: block box, not a paragraph around blocks.
_TITLE_BLOCKS = BLOCK_TAGS - {"br"}

#: Form controls libxml2 may nest the rest of the page in.
_SWALLOWING_CONTROLS = ("button", "select", "textarea")
#: Marks of a document's own structure, never inside a real control.
_DOCUMENT_MARKS = ("main", "article", "h1")


def _swallowing_controls(root: HtmlElement) -> list[HtmlElement]:
    """The form controls holding the page's ``<main>``, an ``<article>`` or an ``<h1>``:
    they swallowed it. libxml2 nests what follows an unclosed ``<div>`` inside a
    ``<button>`` (a menu button's inner box) in the button, so stripping the control would
    strip the page; its tag goes, its content stays (rule `clean:swallowing-controls`,
    docs/rules.md; sh, tr and rd have no such control).
    Found by climbing from each mark and stopping at an ancestor already climbed, so the
    walk is linear however the controls and marks nest."""
    seen: set[HtmlElement] = set()
    found: list[HtmlElement] = []
    for mark in root.iter(*_DOCUMENT_MARKS):
        el = mark.getparent()
        while el is not None and el not in seen:
            seen.add(el)
            if el.tag in _SWALLOWING_CONTROLS:
                found.append(el)
            el = el.getparent()
    return found


def _noscript_prose(el: HtmlElement) -> bool:
    """A ``<noscript>`` holding paragraphs is the page's content for readers without
    JavaScript (blog platforms render the post from a template script and put the same
    post in noscript); it is kept. Image fallbacks and tracking pixels are not."""
    paragraphs = el.findall(".//p")
    if len(paragraphs) < 2:
        return False
    return sum(len(p.text_content()) for p in paragraphs) >= CUT.noscript_min_chars


def _script_kind(el: HtmlElement) -> str:
    kind = (el.get("type") or "").lower()
    if "json" in kind and "ld+json" not in kind:
        return "hydration"
    if el.get("id") in ("__NEXT_DATA__", "__NUXT_DATA__"):
        return "hydration"
    text = el.text or ""
    head = text[:2000]
    if any(marker in head for marker in HYDRATION_MARKERS):
        return "hydration"
    return "json-ld" if "ld+json" in kind else "script"


_MATHJAX_RENDERINGS = classes.MATHJAX.entries


def _keep_math_sources(root: HtmlElement) -> None:
    """``<script type="math/tex">`` holds a formula's TeX, the only text form of it the
    page has: it becomes a ``mm-tex`` element the renderer writes as ``$...$``, and the
    glyph soup MathJax rendered next to it (preview, output spans) goes. A formula shown
    as an image beside its hidden MathML becomes one too (:func:`formula_images`)."""
    for script in list(root.iter("script")):
        kind = (script.get("type") or "").lower().replace(" ", "")
        if not kind.startswith("math/tex"):
            continue
        prev = script.getprevious()
        while prev is not None and set((prev.get("class") or "").split()) & _MATHJAX_RENDERINGS:
            doomed, prev = prev, prev.getprevious()
            remove_keeping_tail(doomed)
        script.tag = MATH_SOURCE_TAG
        script.attrib.clear()
        if "mode=display" in kind:
            script.set("display", "block")
    formula_images(root)


#: The ``aria-modal="true"`` attributes, in document order: a walk over the attributes
#: that exist, where ``//*[@aria-modal="true"]`` tested every element (a third of the time;
#: the same elements, one attribute each).
_MODAL_MARKS = etree.XPath('//@aria-modal[. = "true"]')


def _drop_modal_dialogs(root: HtmlElement, stripped: dict[str, int]) -> None:
    """A modal dialog (``aria-modal="true"``) is an overlay the page opens over itself: a
    cookie preference centre, a newsletter or sign-up prompt, a cart drawer, a search
    box. It is never the page's content, and a large one (a consent tool's purpose
    texts) outweighs an index page whose rows are all links (rule `modal-dialog`,
    docs/rules.md)."""
    for el in owners(_MODAL_MARKS, root):
        if el.getparent() is not None:
            _count(stripped, "modal", el)
            remove_keeping_tail(el)


def _open_shadow_roots(root: HtmlElement) -> None:
    """Declarative shadow DOM (``<template shadowrootmode>``) is rendered content:
    unwrap it so its children join the light tree instead of being stripped."""
    for tpl in list(root.iter("template")):
        if tpl.get("shadowrootmode") or tpl.get("shadowroot"):
            # lxml puts template children directly under the element (no fragment).
            tpl.drop_tag()


def _strip_attributes_hidden(root: HtmlElement, stripped: dict[str, int],
                             rules: SheetRules, panels: Disclosures,
                             owners: tuple[list[HtmlElement], list[HtmlElement]]) -> None:
    """Hidden nodes and data URIs, among the attribute owners :func:`scan_attributes`
    listed before the cleaning (those the cleaning left in the tree, :func:`_still_owners`)."""
    candidates, named = _still_owners(root, *owners)
    judge = _hidden_judge(rules, panels)
    if candidates or named:
        _strip_hidden(root, [*candidates, *named], stripped, judge)
        _strip_zero_font(candidates, stripped)
    _strip_data_uris(candidates, stripped)


def _still_owners(root: HtmlElement, candidates: list[HtmlElement], named: list[HtmlElement]
                  ) -> tuple[list[HtmlElement], list[HtmlElement]]:
    """What a scan of the cleaned tree would list: the owners the cleaning left in it.

    The cleaning removes elements (with their subtrees, or unwrapping them) and edits the
    attributes of one kind only, a MathJax source it turns into :data:`MATH_SOURCE_TAG`
    with none left that a scan reads; the one element it adds (a formula shown as an image,
    :func:`formula_images`) carries no attribute a scan reads either. So an owner is
    listed again exactly when it still hangs from the document's root and is no math
    source. Each ancestor is climbed once, however many owners share it: linear."""
    top = root.getroottree().getroot()
    attached: dict[HtmlElement, bool] = {top: True}

    def kept(el: HtmlElement) -> bool:
        path: list[HtmlElement] = []
        node: HtmlElement | None = el
        while node is not None and node not in attached:
            path.append(node)
            node = node.getparent()
        answer = node is not None and attached[node]
        for seen in path:
            attached[seen] = answer
        return answer and el.tag != MATH_SOURCE_TAG

    return [el for el in candidates if kept(el)], [el for el in named if kept(el)]


def _strip_hidden(root: HtmlElement, candidates: list[HtmlElement],
                  stripped: dict[str, int], judge: Callable[[HtmlElement], str | None]) -> None:
    """Remove every hidden element but the script-revealed wrapper (if any) and weakly
    hidden ones that hold much of the page; each element's text is counted once, under
    its outermost removed ancestor."""
    verdicts = [(el, judge(el)) for el in candidates if el.tag not in ("html", "body")]
    hidden = [(el, verdict) for el, verdict in verdicts if verdict is not None]
    if not hidden:
        return
    body_text = len(text_content(root))
    fades = sum(1 for el, verdict in hidden if verdict == _FADE and text_content(el).strip())
    revealed = _script_revealed([el for el, _ in hidden], body_text, judge)
    covered = ancestor_cover(lambda el: el is not revealed and judge(el) is not None)
    done: set[HtmlElement] = set()
    for el, verdict in hidden:
        if el is revealed or el in done or el.getparent() is None:
            continue
        done.add(el)
        if verdict == _FADE and fades > CUT.max_fades:
            continue
        outermost = not covered(el.getparent())
        size = len(text_content(el)) if outermost or verdict != _HIDDEN else 0
        if verdict != _HIDDEN and size > CUT.weak_max_share * body_text:
            continue
        if outermost:
            stripped["hidden"] = stripped.get("hidden", 0) + size
        remove_keeping_tail(el)


#: Verdicts of the hidden judge. ``_HIDDEN``: hidden for sure (an attribute, inline
#: ``display:none``, off-screen...). ``_SHEET``: by a rule of the page's own sheets, which
#: an external sheet may override. ``_FADE``: inline zero opacity, which is also where a
#: page's entrance animation starts before its script fades the element in.
_HIDDEN, _SHEET, _FADE = "hidden", "sheet", "fade"


def _script_revealed(hidden: list[HtmlElement], body_text: int,
                     judge: Callable[[HtmlElement], str | None]) -> HtmlElement | None:
    """The hidden wrapper a script will show: when nearly all of the page's text is
    hidden (the page hides its content until its scripts have run, and its menus and
    dialogs are hidden too), the largest hidden element holding the page's ``<h1>``.
    Dropdown menus and dialogs hold no headline. A page that shows a sliver of text and
    hides a big block beside it is no such page: the block goes (issue 40.15)."""
    if not body_text:
        return None
    covered = ancestor_cover(lambda el: judge(el) is not None)
    outermost = list(dict.fromkeys(el for el in hidden if not covered(el.getparent())))
    sizes = [len(text_content(el)) for el in outermost]
    if body_text - sum(sizes) >= CUT.visible_min_share * body_text:
        return None
    headed = [(size, el) for size, el in zip(sizes, outermost, strict=True)
              if el.tag == "h1" or el.find(".//h1") is not None]
    return max(headed, key=lambda pair: pair[0])[1] if headed else None


def _hidden_judge(rules: SheetRules, panels: Disclosures | None = None
                  ) -> Callable[[HtmlElement], str | None]:
    """``judge(el)``: how the element is hidden (``_HIDDEN``, ``_SHEET``, ``_FADE``), by
    an attribute, a screen-reader-only class, its inline style or a rule of the page's
    sheets; ``None`` when it is not, or when it is a panel a control of the page opens
    (``panels``) and hidden the way such panels are closed (``hidden``, ``display:none``,
    a sheet rule): a reader clicks it open, so it is the page's text."""

    verdicts: dict[HtmlElement, str | None] = {}
    scopes: dict[HtmlElement, frozenset[str]] = {}  # the sheets' scope names, per element

    def judge(el: HtmlElement) -> str | None:
        # Asked again for the same elements (as candidates, then as the ancestors of
        # others): each is judged once, its style parsed once.
        if el not in verdicts:
            verdicts[el] = _verdict(el)
        return verdicts[el]

    def opened(el: HtmlElement, how: str) -> str | None:
        return None if panels is not None and panels.opens(el) else how

    def named(el: HtmlElement, how: str) -> str | None:
        return None if panels is not None and panels.named(el) else how

    def _verdict(el: HtmlElement) -> str | None:
        if el.get("hidden") is not None:
            return opened(el, _HIDDEN)
        if el.get("aria-hidden") == "true":
            return named(el, _HIDDEN)
        cls = el.get("class")
        if screen_reader_only(cls):
            return _HIDDEN
        if cls is not None and el.get("itemprop") is not None and machine_copy(cls):
            return _HIDDEN
        style = el.get("style")
        if style:
            decl = declarations(style)
            if hides(decl):
                closed = decl.get("display") == "none" and len(decl) == 1
                if closed or collapsed_only(decl):
                    return opened(el, _HIDDEN)
                return named(el, _HIDDEN) if closed_only(decl) else _HIDDEN
            if transparent(decl):
                return _FADE
        if rules and (rules.hides(cls, el.get("id")) or rules.hides_scoped(el, scopes)):
            return opened(el, _SHEET)
        return None

    return judge


def _strip_zero_font(candidates: list[HtmlElement], stripped: dict[str, int]) -> None:
    """``font-size: 0`` hides the element's own text and that of descendants that
    inherit the size. A descendant with a class, an id or a size of its own may get its
    size back from a sheet (the inline-block whitespace trick: a zero-size row of
    normal-size cells), so its subtree stays. Each element is visited once: linear."""
    done: set[HtmlElement] = set()
    for el in candidates:
        if el in done or el.getparent() is None:
            continue
        style = el.get("style")
        if not style or not zero_font(declarations(style)):
            continue
        stack = [el]
        while stack:
            node = stack.pop()
            done.add(node)
            size = len(node.text or "")
            node.text = None
            for child in node:
                size += len(child.tail or "")
                child.tail = None
                if isinstance(child.tag, str) and child not in done and not _resizes(child):
                    stack.append(child)
            if size:
                stripped["hidden"] = stripped.get("hidden", 0) + size


def _resizes(el: HtmlElement) -> bool:
    if el.get("class") or el.get("id"):
        return True
    style = el.get("style")
    if not style:
        return False
    decl = declarations(style)
    return "font-size" in decl and not zero_font(decl)


def _strip_data_uris(candidates: list[HtmlElement], stripped: dict[str, int]) -> None:
    """Base64 data URIs are megabytes of token noise in an ``src`` or ``href``."""
    for el in candidates:
        for attr in ("src", "href"):
            value = el.get(attr)
            if value and _DATA_URI.match(value):
                stripped["data-uri"] = stripped.get("data-uri", 0) + len(value)
                del el.attrib[attr]


def _count(stripped: dict[str, int], kind: str, el: HtmlElement) -> None:
    if isinstance(el.tag, str):
        # Markup-heavy kinds count their serialized bytes, the rest their text.
        if kind in ("svg", "iframe", "object", "template", "canvas", "embed"):
            size = len(etree.tostring(el, encoding="utf-8", with_tail=False))
        elif len(el):
            size = len(el.text_content().encode("utf-8", "replace"))
        else:  # scripts and styles: one text node, no need to walk
            size = len((el.text or "").encode("utf-8", "replace"))
    else:
        size = len((el.text or "").encode("utf-8", "replace"))
    stripped[kind] = stripped.get(kind, 0) + size


def remove_keeping_tail(el: HtmlElement) -> None:
    """Remove ``el`` but keep its tail text, which belongs to the parent."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)
