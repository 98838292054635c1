"""Content that the page's own scripts would show: put it where a browser would.

Streaming server renderers send the page shell first and each slow part of it later, at
the end of the document, inside a hidden holder that a one-line script moves into place.
React's streaming renderer marks the spot with ``<template id="B:n">`` between the
comments ``<!--$?-->`` and ``<!--/$-->`` (a loading placeholder in between), writes the
part as ``<div hidden id="S:m">`` and calls ``$RC("B:n","S:m")``. Without the script the
part is a hidden ``<div>`` and the cleaning stage would drop it; on product pages built
this way the description and specifications are exactly such parts.

Marko's out-of-order flushing (large marketplaces' listing pages) does the same with
other names: the shell holds ``<noscript id="afph7">`` (or a ``<span>`` with a loading
skeleton) where part 7 goes, the part comes later as ``<div id="af7"
style="display:none">`` and ``$af(7)`` moves the holder's children in (the prefix after
``af`` is the renderer's id, e.g. ``$afbrwweb(7)``). There the product grid and its
filters are such parts: without the move a listing page shows its header and nothing
else (:func:`place_async_fragments`).

Runs in the cleaning stage, before scripts and hidden nodes go (the script names the
pairs); the tree is edited in place like the rest of that stage.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lxml import etree
from lxml.html import HtmlElement

#: ``$RC("B:1a","S:2")``: boundary first, segment second.
_SWAP_CALL = re.compile(r"\$RC\(\s*[\"'](B:[0-9a-zA-Z]+)[\"']\s*,\s*[\"'](S:[0-9a-zA-Z]+)[\"']")
#: The holders a page built this way carries, found in C (no element visited in Python
#: on the pages without any).
_SEGMENTS = etree.XPath("//div[@hidden and starts-with(@id, 'S:')]")
#: Marko's placeholders, found in C: an element whose id is ``af<runtime>ph<n>`` (an
#: empty ``<noscript>``, or a ``<span>`` holding a loading skeleton the part replaces).
_FRAGMENT_SLOTS = etree.XPath("//*[starts-with(@id, 'af') and contains(@id, 'ph')]")
#: ``$afbrwweb(7)`` or ``$af(7,3)`` (part 7, after part 3): the prefix and the part.
_FRAGMENT_CALL = re.compile(r"\$(af[A-Za-z0-9_]*)\((\d+)")


def names_async_parts(root: HtmlElement,
                      scripts: Iterable[HtmlElement] | None = None) -> bool:
    """Whether a script names one of Marko's parts: without such a call
    :func:`place_async_fragments` returns 0 and touches nothing (its first test).
    ``scripts``: the tree's ``<script>`` elements, where a walk listed them already."""
    found = root.iter("script") if scripts is None else scripts
    calls = "".join(s.text for s in found if s.text and "$af" in s.text)
    return bool(calls) and _FRAGMENT_CALL.search(calls) is not None


def place_streamed_segments(root: HtmlElement) -> int:
    """Move each streamed segment to its boundary, replacing the loading placeholder;
    a segment whose boundary cannot be found is unhidden where it stands. Returns the
    number of segments shown.

    The pairs are read from the tree's own scripts, not from the page's source text:
    the pipeline lets the source go early when no chunk needs its offsets, and the
    segments must show either way."""
    found = _SEGMENTS(root)
    segments = [el for el in found if isinstance(el, HtmlElement)] if isinstance(
        found, list) else []
    if not segments:
        return 0
    calls = "".join(s.text for s in root.iter("script") if s.text and "$RC" in s.text)
    boundary_of = {seg: bnd for bnd, seg in _SWAP_CALL.findall(calls)}
    templates = {t.get("id"): t for t in root.iter("template")
                 if t.get("id", "").startswith("B:")}
    for segment in segments:
        del segment.attrib["hidden"]
        sid = segment.get("id", "")
        template = templates.get(boundary_of.get(sid, "B:" + sid[2:]))
        if template is None or template.getparent() is None or _inside(template, segment):
            continue
        _swap_in(template, segment)
    return len(segments)


def place_async_fragments(root: HtmlElement) -> int:
    """Move each of Marko's streamed parts that the page's script names into its
    placeholder, as ``$af(n)`` does; returns the number of parts moved.

    Only parts a call names move, and only into a placeholder of the same prefix: a
    hidden ``<div id="af3">`` with no call is some other page's hidden box and stays
    hidden (rule `async-fragments`, docs/rules.md)."""
    # the calls first: a walk for <script> in C is cheaper than the placeholder XPath,
    # and pages without a call (nearly all) stop here
    calls = "".join(s.text for s in root.iter("script") if s.text and "$af" in s.text)
    named = dict.fromkeys(_FRAGMENT_CALL.findall(calls)) if calls else {}
    if not named:
        return 0
    found = _FRAGMENT_SLOTS(root)
    slots = {el.get("id", ""): el for el in found if isinstance(el, HtmlElement)} if isinstance(
        found, list) else {}
    if not slots:
        return 0
    holders = {el.get("id", ""): el for el in root.iter("div")
               if el.get("id", "").startswith("af")}
    moved = 0
    for prefix, part in named:
        slot, holder = slots.get(f"{prefix}ph{part}"), holders.get(prefix + part)
        if slot is None or holder is None or slot.getparent() is None or _inside(slot, holder):
            continue
        _swap_in_fragment(slot, holder)
        moved += 1
    return moved


def _swap_in_fragment(slot: HtmlElement, holder: HtmlElement) -> None:
    """Replace the placeholder (and the loading skeleton inside it) with the holder's
    children and drop the emptied holder, as the page's script does."""
    if slot.getparent() is None:
        return
    _move_children_before(holder, slot)
    _remove(slot, keep_tail=True)
    _remove(holder, keep_tail=True)


def _move_children_before(source: HtmlElement, anchor: HtmlElement) -> None:
    """Move ``source``'s text and children, in order, to just before ``anchor``.

    Each move is a sibling insertion (no search for a position), so a page of many
    parts costs time linear in its parts, not in parts times siblings."""
    if source.text and source.text.strip():
        lead = etree.SubElement(source, "span")
        lead.text = source.text
        source.insert(0, lead)
    for child in list(source):
        anchor.addprevious(child)


def _inside(node: HtmlElement, ancestor: HtmlElement) -> bool:
    return any(a is ancestor for a in node.iterancestors())


def _swap_in(template: HtmlElement, segment: HtmlElement) -> None:
    """Replace the placeholder (the template and the fallback after it, up to the
    boundary's closing ``<!--/$-->``) with the segment's children."""
    if template.getparent() is None:
        return
    fallback = _fallback(template)
    for node in fallback or ():
        _remove(node)
    _move_children_before(segment, template)
    # a closed boundary's tail is fallback text; an open one's is the page's own
    _remove(template, keep_tail=fallback is None)
    _remove(segment, keep_tail=True)


def _fallback(template: HtmlElement) -> list[HtmlElement] | None:
    """The siblings after the template up to the comment closing its boundary (nested
    boundaries counted); None when no closing comment follows."""
    found: list[HtmlElement] = []
    depth = 0
    node = template.getnext()
    while node is not None:
        if node.tag is etree.Comment:
            text = (node.text or "").strip()
            if text in ("$", "$?", "$!"):
                depth += 1
            elif text == "/$":
                if depth == 0:
                    return found
                depth -= 1
        found.append(node)
        node = node.getnext()
    return None


def _remove(node: HtmlElement, keep_tail: bool = False) -> None:
    parent = node.getparent()
    if parent is None:
        return
    if keep_tail and node.tail and node.tail.strip():
        before = node.getprevious()
        if before is None:
            parent.text = (parent.text or "") + node.tail
        else:
            before.tail = (before.tail or "") + node.tail
    parent.remove(node)
