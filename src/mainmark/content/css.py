"""Which CSS hides an element: inline ``style`` declarations and the page's own sheets.

Text a reader never sees is a prompt-injection route into a RAG index: a page can say
"ignore your instructions" in a box nobody sees and have it embedded. Browsers hide in
many more ways than ``display:none``, so the judge reads declarations the way a browser
does (comments are whitespace, property names and keywords are case-insensitive, the
last declaration wins, ``!important`` is noise) and knows the usual hiding tricks:
zero opacity or font size, text the colour of its background, boxes pushed thousands of
pixels off-screen, clipped to nothing or shrunk to a pixel.

Sheets are read only as far as simple rules go (``.x{display:none}``, ``#id{...}``,
``p.x{...}`` at top level): a class or id hidden there is hidden, unless any other rule
anywhere in the sheets (a compound ``.x.open``, one inside ``@media``) shows it again,
which is how tabs, menus and mobile-first layouts toggle. A chain of such steps joined by
the descendant combinator (``.scope .x{display:none}``, how CSS modules and scoped styles
write every rule) hides ``.x`` inside an ancestor carrying each earlier step, under the
same exception (rule `sheet-hidden:descendant`). A sheet is not a cascade engine; what it
cannot be sure of (child and sibling combinators, attributes, pseudo-classes) it leaves
visible.

Everything here is linear: comments go with ``str.find``, blocks are found by one
brace scan, declarations split on ``;``. No regular expression here can backtrack.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from lxml.html import HtmlElement

from mainmark.content.constants import CUT

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)")
#: A class or id name, CSS escapes allowed (Tailwind's ``.lg\\:block``).
_NAME = r"(-?(?:[_a-z]|\\.)(?:[-_a-z0-9]|\\.)*)"
_SIMPLE_SELECTOR = re.compile(r"(?:[a-z][a-z0-9]*)?([.#])" + _NAME)
_NAMES_IN_SELECTOR = re.compile(r"([.#])" + _NAME)
#: Values of ``color`` that name no colour of their own: equal to the background's they
#: prove nothing (``color:none;background-color:none`` is invalid CSS, both ignored).
_NOT_COLOURS = frozenset({"none", "inherit", "initial", "unset", "revert", "currentcolor",
                          "auto", ""})
_NAMED_COLOURS = {"white": "#ffffff", "black": "#000000", "red": "#ff0000",
                  "transparent": "transparent"}


def strip_comments(css: str) -> str:
    """``css`` with every ``/* ... */`` replaced by a space (an unclosed one runs to the
    end, as in a browser). One ``str.find`` pass: linear whatever the input."""
    if "/*" not in css:
        return css
    parts: list[str] = []
    pos = 0
    while True:
        start = css.find("/*", pos)
        if start < 0:
            parts.append(css[pos:])
            break
        parts.append(css[pos:start])
        parts.append(" ")
        end = css.find("*/", start + 2)
        if end < 0:
            break
        pos = end + 2
    return "".join(parts)


def declarations(style: str) -> Mapping[str, str]:
    """A declaration block as ``property -> value``, lower-cased, whitespace collapsed,
    ``!important`` dropped, the last declaration of a property winning.

    Read-only: an inline style of up to :data:`_CACHED_STYLE` characters is parsed once
    and its declarations handed to every element that carries it (a page repeats its
    styles: an icon set's paths, ``display:none`` on each closed panel; on 200 bench
    pages 22,600 of the cleaning's 24,700 calls found their style in the cache)."""
    if len(style) > _CACHED_STYLE:
        return _declarations(style)
    return _cached_declarations(style)


#: The longest style kept in the cache (1,024 of them at most: a megabyte held).
_CACHED_STYLE = 1000


def _declarations(style: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for decl in strip_comments(style).lower().split(";"):
        name, colon, value = decl.partition(":")
        if not colon:
            continue
        name = name.strip()
        value = " ".join(value.replace("!important", " ").split())
        if name and value:
            found[name] = value
    return found


_cached_declarations = lru_cache(maxsize=1024)(_declarations)


def _length_px(value: str) -> float | None:
    """A CSS length in pixels (``em``/``rem`` at the default size); ``None`` when the
    value is no plain length (``auto``, ``calc()``, a percentage)."""
    match = _NUMBER.match(value)
    if match is None:
        return None
    unit = value[match.end():].strip()
    number = float(match.group())
    if unit in ("", "px"):
        return number
    if unit in ("em", "rem"):
        return number * CUT.em_px
    if unit == "pt":
        return number * 4 / 3
    return None


def _zero_length(value: str) -> bool:
    match = _NUMBER.match(value)
    return match is not None and float(match.group()) == 0 and (
        value[match.end():].strip() in ("", "px", "em", "rem", "pt", "%", "vw", "vh"))


def _colour(value: str) -> str:
    """A colour in one spelling: ``#fff``, ``#FFFFFF``, ``white``, ``rgb(255,255,255)``
    all become ``#ffffff``; anything else comes back as written."""
    value = value.replace(" ", "")
    if value in _NAMED_COLOURS:
        return _NAMED_COLOURS[value]
    if value.startswith("#") and len(value) == 4:
        return "#" + "".join(c * 2 for c in value[1:])
    if value.startswith("rgb(") and value.endswith(")"):
        parts = value[4:-1].split(",")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            return "#" + "".join(f"{min(255, int(p)):02x}" for p in parts)
    return value


def _no_alpha(value: str) -> bool:
    """A colour whose alpha is zero: ``rgba(0,0,0,0)``, ``hsl(0 0% 0% / 0)``, ``#0000``,
    ``#ffffff00`` draw nothing, as ``transparent`` does."""
    value = value.replace(" ", "")
    if value.startswith("#"):
        return len(value) in (5, 9) and value[-(len(value) // 4):].strip("0") == ""
    if value.startswith(("rgba(", "hsla(", "rgb(", "hsl(")) and value.endswith(")"):
        inner = value[value.index("(") + 1:-1]
        alpha = inner.rsplit("/", 1)[1] if "/" in inner else (
            inner.rsplit(",", 1)[1] if inner.count(",") == 3 else None)
        return alpha is not None and _zero_length(alpha)
    return False


def _same_colour_as_background(decl: Mapping[str, str]) -> bool:
    if "text" in (decl.get("background-clip"), decl.get("-webkit-background-clip")):
        return False  # gradient text: the background painted through transparent glyphs
    # the fill colour, where set, is the one the glyphs are painted with
    colour = decl.get("-webkit-text-fill-color") or decl.get("color")
    if colour is None:
        return False
    if _no_alpha(colour):
        return True
    colour = _colour(colour)
    if colour == "transparent":
        return True
    if colour in _NOT_COLOURS:
        return False
    background = decl.get("background-color") or decl.get("background")
    # ``background`` shorthand: only a lone colour compares (an image may sit behind).
    return background is not None and " " not in background and _colour(background) == colour


def _offscreen(decl: Mapping[str, str]) -> bool:
    indent = _length_px(decl.get("text-indent", ""))
    if indent is not None and indent <= -CUT.offscreen_px:
        return True
    if decl.get("position") not in ("absolute", "fixed"):
        return False
    for side in ("left", "top", "right", "margin-left", "margin-top"):
        offset = _length_px(decl.get(side, ""))
        if offset is not None and offset <= -CUT.offscreen_px:
            return True
    return False


def _clipped(decl: Mapping[str, str]) -> bool:
    """Clipped to nothing (``clip: rect(0 0 0 0)``, ``rect(1px,1px,1px,1px)``,
    ``clip-path: inset(50%)``) or shrunk to a pixel with its overflow hidden."""
    clip = decl.get("clip", "")
    if clip.startswith("rect(") and clip.endswith(")"):
        sides = [_length_px(s) for s in clip[5:-1].replace(",", " ").split()]
        if len(sides) == 4 and None not in sides:
            top, right, bottom, left = (s or 0.0 for s in sides)
            if bottom <= top or right <= left:
                return True
    path = decl.get("clip-path", "")
    if path.startswith(("circle(", "ellipse(")):
        radius = path[path.index("(") + 1:].split()
        if radius and _zero_length(radius[0].rstrip(")")):
            return True
    if path.startswith("inset(") and path.endswith("%)"):
        match = _NUMBER.match(path[6:])
        if match is not None and float(match.group()) >= CUT.clip_inset_percent:
            return True
    if decl.get("overflow") == "hidden":
        width = _length_px(decl.get("width", ""))
        height = _length_px(decl.get("height", ""))
        if (width is not None and height is not None
                and width <= CUT.tiny_px and height <= CUT.tiny_px):
            return True
    return False


def _transparent(decl: Mapping[str, str]) -> bool:
    if _scaled_away(decl):
        return True
    opacity = decl.get("opacity")
    filt = decl.get("filter", "")
    if opacity is None and filt.startswith("opacity(") and filt.endswith(")"):
        opacity = filt[8:-1]
    if opacity is None:
        return False
    match = _NUMBER.match(opacity)
    if match is None:
        return False
    value = float(match.group()) / (100 if opacity.endswith("%") else 1)
    return value <= CUT.max_invisible_opacity


def _collapsed(decl: Mapping[str, str]) -> bool:
    """A box of zero height or width (``height``/``max-height``/``width``/``max-width``)
    that clips what overflows it: the collapsed accordion's idiom, and a hiding trick."""
    flow = (decl.get("overflow"), decl.get("overflow-y"), decl.get("overflow-x"))
    if "hidden" not in flow and "clip" not in flow:
        return False
    return any(_zero_length(decl.get(side, "x"))
               for side in ("height", "max-height", "width", "max-width"))


#: Declarations a collapsed or closed panel is made of (:func:`closed_only`).
_CLOSING = frozenset({"display", "visibility", "content-visibility", "height", "max-height",
                      "width", "max-width", "overflow", "overflow-x", "overflow-y"})


def _scaled_away(decl: Mapping[str, str]) -> bool:
    """Scaled to nothing: ``transform: scale(0)`` (or ``scale(0, 0)``, ``scale3d(0,...)``,
    ``scaleX(0)``...), or the ``scale: 0`` property. Like zero opacity, it is also where an
    entrance animation starts, so it is weighed as a fade, not as hidden."""
    scale = decl.get("scale")
    if scale is not None and any(_zero_length(v) for v in scale.split()):
        return True
    transform = decl.get("transform", "")
    start = transform.find("scale")
    while start >= 0:
        open_at = transform.find("(", start)
        close_at = transform.find(")", open_at)
        if open_at < 0 or close_at < 0:
            return False
        name = transform[start:open_at]
        args = transform[open_at + 1:close_at].replace(",", " ").split()
        if name in ("scale", "scalex", "scaley", "scale3d") and args and any(
                _zero_length(a) for a in args[:2]):
            return True
        start = transform.find("scale", close_at)
    return False


def hides(decl: Mapping[str, str], *, inline: bool = True) -> bool:
    """Whether these declarations make an element's text invisible.

    ``inline=False`` (a sheet rule) judges only what a sheet hides for sure: ``display``,
    ``visibility``, off-screen and clipped boxes; a colour is only compared inline.
    Zero opacity (:func:`transparent`) and zero font size (:func:`zero_font`) are asked
    apart: both have common visible uses (fade-ins, the inline-block whitespace trick).
    """
    if (decl.get("display") == "none" or decl.get("visibility") in ("hidden", "collapse")
            or decl.get("content-visibility") == "hidden"):
        return True
    if _offscreen(decl) or _clipped(decl):
        return True
    if not inline:
        return False
    return _collapsed(decl) or _same_colour_as_background(decl)


def closed_only(decl: Mapping[str, str]) -> bool:
    """Hidden by ``display`` or ``visibility`` alone, the way a widget closes a panel (with
    a zero height or opacity beside them for the animation), and by nothing a reader could
    not undo by opening it: no off-screen box, no clip, no colour trick."""
    return hides(decl) and not _hidden_when_open(decl)


def collapsed_only(decl: Mapping[str, str]) -> bool:
    """Collapsed to zero height or width with its overflow clipped, and hidden by nothing
    a reader could not undo by opening it: an accordion's closed panel, which a page opens
    the way it opens a ``display:none`` one."""
    return _collapsed(decl) and not _hidden_when_open(decl)


def _hidden_when_open(decl: Mapping[str, str]) -> bool:
    """Still hidden once the declarations a widget closes a panel with are undone."""
    return hides({k: v for k, v in decl.items() if k not in _CLOSING})


def transparent(decl: Mapping[str, str]) -> bool:
    """Zero opacity. Judged apart from :func:`hides`: it is also how a page fades its
    content in once a script has run, so the caller weighs it (``content.clean``)."""
    return _transparent(decl)


def zero_font(decl: Mapping[str, str]) -> bool:
    """``font-size: 0`` (or under a pixel, which draws nothing readable): hides the
    element's own text, not children that set a size."""
    size = decl.get("font-size")
    if size is None:
        return False
    if _zero_length(size):
        return True
    px = _length_px(size)
    return px is not None and 0 <= px < CUT.tiny_px


def _shows(decl: Mapping[str, str]) -> bool:
    """A rule that makes something visible again (the other half of a toggle)."""
    display = decl.get("display")
    if display is not None and display != "none":
        return True
    return decl.get("visibility") == "visible"


def _sheet_names(classes: str | None, ident: str | None) -> list[str]:
    """An element's names as a sheet's selectors write them, lowercased: ``.class`` for
    each class, ``#id`` for its id."""
    names = [f".{n}" for n in (classes or "").lower().split()]
    if ident:
        names.append(f"#{ident.lower()}")
    return names


@dataclass(frozen=True, slots=True)
class SheetRules:
    """The class and id names the page's own sheets hide, and those any rule shows.

    ``scoped``: names hidden only inside others, by a rule of descendant steps
    (``.card .price-copy{display:none}``), keyed ``.name``/``#name`` by the last step, each
    with the ancestor names every one of its rules requires (see :meth:`hides_scoped`)."""

    hidden_classes: frozenset[str] = frozenset()
    hidden_ids: frozenset[str] = frozenset()
    shown: frozenset[str] = frozenset()
    scoped: Mapping[str, tuple[frozenset[str], ...]] = field(default_factory=dict)
    #: Every name an earlier step of a scoped rule asks of the ancestors.
    scope_names: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.hidden_classes or self.hidden_ids or self.scoped)

    def may_hide_scoped(self, classes: str | None, ident: str | None) -> bool:
        """An element so named is the last step of a scoped hiding rule (and no rule
        shows it): worth the ancestor test of :meth:`hides_scoped`."""
        return bool(self.scoped) and bool(self._needs(classes, ident))

    def _needs(self, classes: str | None, ident: str | None) -> list[frozenset[str]]:
        """The ancestor names each scoped rule keyed by one of these names requires; none
        when a rule anywhere shows one of the names (the toggle exception of
        :meth:`hides`)."""
        keys = _sheet_names(classes, ident)
        needs = [need for k in keys if k in self.scoped for need in self.scoped[k]]
        if needs and not self.shown.isdisjoint(k[1:] for k in keys):
            return []
        return needs

    def hides_scoped(self, el: HtmlElement,
                     seen: dict[HtmlElement, frozenset[str]]) -> bool:
        """Whether a scoped rule hides ``el``: it carries the rule's last step and its
        ancestors carry every name of the earlier steps (in any order: the sheet is not a
        selector engine, and the order of a class chain almost never differs).

        ``seen`` (one per page, filled here) holds, per element, the scope names it and
        its ancestors carry: each element's names are read once however many keyed
        descendants ask, so a tower of nested keyed elements stays linear."""
        if not self.scoped:
            return False
        needs = self._needs(el.get("class"), el.get("id"))
        parent = el.getparent()
        if not needs or parent is None:
            return False
        found = self._scopes(parent, seen)
        return any(need <= found for need in needs)

    def _scopes(self, el: HtmlElement, seen: dict[HtmlElement, frozenset[str]]
                ) -> frozenset[str]:
        """The scope names ``el`` and its ancestors carry, climbing only to the nearest
        element already in ``seen``."""
        path: list[HtmlElement] = []
        node: HtmlElement | None = el
        while node is not None and node not in seen:
            path.append(node)
            node = node.getparent()
        found = seen[node] if node is not None else frozenset()
        context = self.scope_names
        for step in reversed(path):
            mine = context.intersection(_sheet_names(step.get("class"), step.get("id")))
            if mine:
                found = found | mine
            seen[step] = found
        return found

    def hides(self, classes: str | None, ident: str | None) -> bool:
        """Whether an element with this ``class`` and ``id`` is hidden by a sheet rule:
        one of its names is hidden and none is shown by some rule (Tailwind's
        ``hidden lg:block``, atomic CSS: another class of the element undoes it)."""
        names = (classes or "").lower().split()
        ident = (ident or "").lower()
        if not (ident in self.hidden_ids or not self.hidden_classes.isdisjoint(names)):
            return False
        return ident not in self.shown and self.shown.isdisjoint(names)


class SheetNamed(dict[tuple[str | None, str | None], bool]):
    """Per (class, id) pair: the sheet ``rules`` hide an element so named, or ``also``
    says the class hides it. Judged on a pair's first lookup; a page repeats its class
    strings by the hundred (menu items, cards), and the repeats are one dict lookup in C
    where a call of :meth:`SheetRules.hides` lowercases and splits the class again."""

    def __init__(self, rules: SheetRules, also: Callable[[str | None], bool]) -> None:
        super().__init__()
        self._rules, self._also = rules, also

    def __missing__(self, pair: tuple[str | None, str | None]) -> bool:
        cls, ident = pair
        named = self[pair] = (self._rules.hides(cls, ident) or self._also(cls)
                              or self._rules.may_hide_scoped(cls, ident))
        return named


def read_sheets(sheets: Iterable[str]) -> SheetRules:
    """The hiding rules of ``<style>`` sheets (see the module docstring). A rule hides
    only when every selector of its list is simple: a list mixing in attribute or
    custom-element selectors (``[slot], x-card, .card {visibility:hidden}``) is the
    page hiding itself until its scripts have defined their elements."""
    hide: set[tuple[str, str]] = set()
    show: set[str] = set()
    scoped: dict[str, set[frozenset[str]]] = {}
    budget = CUT.max_sheet_chars
    for sheet in sheets:
        if budget <= 0:
            break
        css = strip_comments(sheet[:budget]).lower()
        budget -= len(css)
        for selector, block, top in _rules(css):
            if not _ANY_SHEET_PROPERTY.search(block):
                continue  # nothing here hides or shows: most of a sheet, skipped unparsed
            decl = _declarations(block)  # a sheet's blocks seldom repeat: not cached
            if not decl:
                continue
            if _shows(decl):
                show.update(_unescape(name) for _, name in _NAMES_IN_SELECTOR.findall(selector))
            if top and hides(decl, inline=False):
                parts = [part.strip() for part in selector.split(",")]
                simple = [_SIMPLE_SELECTOR.fullmatch(part) for part in parts]
                chains = [None if m else _descendant_chain(p) for m, p in zip(simple, parts,
                                                                                strict=True)]
                if all(m or c for m, c in zip(simple, chains, strict=True)):
                    hide.update((m.group(1), _unescape(m.group(2))) for m in simple if m)
                    for chain in chains:
                        if chain:
                            *context, key = chain
                            scoped.setdefault(key, set()).add(frozenset(context))
    kept_scoped = {key: tuple(sorted(needs, key=sorted))
                   for key, needs in scoped.items() if key[1:] not in show}
    return SheetRules(frozenset(n for kind, n in hide if kind == "." and n not in show),
                      frozenset(n for kind, n in hide if kind == "#" and n not in show),
                      frozenset(show),
                      kept_scoped,
                      frozenset(n for needs in kept_scoped.values() for need in needs
                                for n in need))


def _descendant_chain(selector: str) -> list[str] | None:
    """``.a .b p.c`` -> ``['.a', '.b', '.c']``: a chain of simple steps joined by the
    descendant combinator only, two to ``CUT.max_scope_chain`` of them (``None`` for anything
    else: a child or sibling combinator, an attribute, a pseudo-class, a compound class)."""
    steps = selector.split()
    if not 2 <= len(steps) <= CUT.max_scope_chain:
        return None
    out: list[str] = []
    for step in steps:
        match = _SIMPLE_SELECTOR.fullmatch(step)
        if match is None:
            return None
        out.append(match.group(1) + _unescape(match.group(2)))
    return out


#: A sheet rule can hide or show only through these properties (``hides`` with
#: ``inline=False``, ``_shows``): ``display``, ``visibility``, ``text-indent``,
#: ``position`` (off-screen), ``clip``/``clip-path``, ``overflow`` (a pixel-sized box).
_SHEET_PROPERTIES = ("display", "visibility", "indent", "position", "clip", "overflow")
#: Any of them, one search of a block (no Python loop over the words).
_ANY_SHEET_PROPERTY = re.compile("|".join(_SHEET_PROPERTIES))


def _unescape(name: str) -> str:
    return name.replace("\\", "") if "\\" in name else name


def _rules(css: str) -> Iterable[tuple[str, str, bool]]:
    """``(selector list, declarations, at top level)`` for every style rule, at-rule
    preludes skipped (their blocks' rules come out with ``top=False``).

    The text between braces comes from two ``str.split`` calls (each "}" ends a piece,
    each "{" inside a piece opens a block), not a regex search for every brace: the
    regex engine steps through a character class one character at a time, and the
    pages' sheets run to megabytes (0.08 s -> 0.04 s for the sheets of 200 bench pages).
    The same rules in the same order as a walk over the braces
    (tests/test_speed_shortcuts.py)."""
    stack: list[str] = []
    pieces = css.split("}")
    last = len(pieces) - 1
    for k, piece in enumerate(pieces):
        chunks = piece.split("{")
        for chunk in chunks[:-1]:  # each followed by a "{": an at-rule's or a rule's prelude
            stack.append(chunk.rsplit(";", 1)[-1].strip())
        if k == last or not stack:  # no "}" after the last piece; a stray "}" closes nothing
            continue
        prelude = stack.pop()
        if prelude and not prelude.startswith("@"):
            yield prelude, chunks[-1], not stack
