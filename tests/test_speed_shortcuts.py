"""Speed shortcuts of selection against the computations they stand in for (issue 36).

Each shortcut must give the plain computation's answer exactly, on varied synthetic
markup and on the real pages of the repository's corpus (``tests/pages/wcxb``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import lxml.html
import pytest
from lxml import etree

from corpus_support import corpus_pages
from mainmark.content import css, prescan, responsive
from mainmark.content.measure import Measures, measure
from mainmark.vocabulary.classes import SMALL_SCREEN_ONLY

# ----------------------------------------------------------------------------- responsive


def _scan_finds_pair(roots: list[lxml.html.HtmlElement]) -> bool:
    """The element scan of :func:`responsive.phone_copies`: some phone copy and some
    large-screen copy are classed under ``roots``."""
    small = large = False
    for root in roots:
        for el in root.iter():
            if not isinstance(el.tag, str):
                continue
            classes = frozenset((el.get("class") or "").lower().split())
            if not classes.isdisjoint(SMALL_SCREEN_ONLY.entries):
                small = True
            elif responsive._large_copy(classes):
                large = True
    return small and large


_PAIRS = [
    "<div class='d-md-none'><p>Jane Roe</p></div><div class='d-none d-md-block'>"
    "<p>Jane Roe</p></div>",
    "<div class='D-MD-NONE'>Jane Roe</div><div class='Hidden-XS'>Jane Roe</div>",
    "<div class='x md:hidden y'>Jane</div><div class='hidden md:block'>Jane</div>",
    "<div class='ipsResponsive_showPhone'>Jane</div><div class='ipsResponsive_hidePhone'>"
    "Jane</div>",
    "<div class='d-md-none'>Jane</div>",  # a phone copy alone
    "<div class='d-md-block'>Jane</div><div class='d-md-none'>Jane</div>",  # no hidden base
    "<div class='hidden-xs'>Jane</div>",
    "<div class='xd-md-nonex'>Jane</div><div class='hidden-xsx'>Jane</div>",  # no tokens
    "<div class='mobile-only\tfoo'>Jane</div><div class='hide-mobile'>Jane</div>",
    "<p>No classes at all</p>",
]


@pytest.mark.parametrize("body", _PAIRS)
def test_phone_copy_prefilter_is_necessary_on_varied_markup(body: str) -> None:
    root = lxml.html.fromstring(f"<html><body><main>{body}</main></body></html>")
    roots = [root.find("body")]
    assert responsive._may_hold_copies(roots) or not _scan_finds_pair(roots)
    m = measure(root)
    fast = responsive.phone_copies(roots, m, set())
    plain = _phone_copies_unfiltered(roots, m)
    assert fast == plain


def _phone_copies(roots: list[lxml.html.HtmlElement],
                  m: Measures) -> list[lxml.html.HtmlElement]:
    return responsive.phone_copies(roots, m, set())


def _phone_copies_unfiltered(roots: list[lxml.html.HtmlElement],
                             m: Measures) -> list[lxml.html.HtmlElement]:
    """:func:`responsive.phone_copies` without its prefilter: the scan of every element."""
    saved = responsive._may_hold_copies
    responsive._may_hold_copies = lambda roots: True
    try:
        return responsive.phone_copies(roots, m, set())
    finally:
        responsive._may_hold_copies = saved


def _outcome(call: Callable[[list[lxml.html.HtmlElement], Measures], object],
             roots: list[lxml.html.HtmlElement], m: Measures) -> object:
    """The answer, or the kind of error raised: the prefilter must not change either."""
    try:
        return call(roots, m)
    except Exception as exc:  # compared, not swallowed
        return type(exc)


def test_phone_copy_prefilter_is_necessary_on_corpus_pages() -> None:
    pairs = 0
    for name, page, _ in corpus_pages():
        root = lxml.html.fromstring(page)
        body = root.find("body")
        roots = [root if body is None else body]  # selection's roots lie in the body
        found = _scan_finds_pair(roots)
        pairs += found
        assert responsive._may_hold_copies(roots) or not found, name
        m = measure(roots[0])
        assert _outcome(_phone_copies, roots, m) == _outcome(
            _phone_copies_unfiltered, roots, m), name
    assert pairs  # the corpus holds pages with both copies, so the test can fail


# ----------------------------------------------------------------------------- css


def _rules_by_brace_walk(css: str) -> list[tuple[str, str, bool]]:
    """The rule reader ``css._rules`` replaced: a walk over every brace."""
    out: list[tuple[str, str, bool]] = []
    stack: list[str] = []
    start = 0
    for match in re.finditer(r"[{}]", css):
        chunk = css[start:match.start()]
        start = match.end()
        if match.group() == "{":
            stack.append(chunk.rsplit(";", 1)[-1].strip())
            continue
        if not stack:
            continue
        prelude = stack.pop()
        if prelude and not prelude.startswith("@"):
            out.append((prelude, chunk, not stack))
    return out


_SHEETS = [
    "", "}", "{", "}}{{", "a{b}", ".x{display:none}.y{color:red}",
    "@media (max-width:500px){.a{display:none}.b{x:y}}.c{visibility:hidden}",
    "@import url(x.css);.a{display:none}", "a;b{c}", "{x}.a{display:none}",
    ".a{display:none", ".a{b{c}d}e}", "@font-face{src:x}.s{display:none}}}.t{clip:0}",
    "@supports (x){@media y{.a{display:none}}}.b{overflow:hidden}",
]


@pytest.mark.parametrize("sheet", _SHEETS)
def test_rules_from_splits_equal_the_brace_walk(sheet: str) -> None:
    assert list(css._rules(sheet)) == _rules_by_brace_walk(sheet)


def test_rules_from_splits_equal_the_brace_walk_on_random_sheets() -> None:
    rnd = random.Random(36)
    for _ in range(5000):
        sheet = "".join(rnd.choice("{};@a x\n") for _ in range(rnd.randint(0, 40)))
        assert list(css._rules(sheet)) == _rules_by_brace_walk(sheet), sheet


def test_rules_from_splits_equal_the_brace_walk_on_corpus_sheets() -> None:
    sheets = 0
    for _, page, _ in corpus_pages():
        for style in lxml.html.fromstring(page).iter("style"):
            sheet = css.strip_comments(style.text or "").lower()
            sheets += bool(sheet)
            assert list(css._rules(sheet)) == _rules_by_brace_walk(sheet)
    assert sheets


# ----------------------------------------------------------------------------- clean


def _named_plain(root: lxml.html.HtmlElement, rules: css.SheetRules
                 ) -> list[lxml.html.HtmlElement]:
    """The named owners ``prescan.scan_attributes`` lists, each element judged afresh
    (the scan asks the sheet once per class and id pair)."""
    candidates = set(prescan.scan_attributes(root, rules)[1][0])
    if not rules:
        return []
    return [el for el in root.iter(etree.Element)
            if ("class" in el.attrib or "id" in el.attrib)
            and (el in candidates or rules.hides(el.get("class"), el.get("id"))
                 or prescan.screen_reader_only(el.get("class"))
                 or rules.may_hide_scoped(el.get("class"), el.get("id")))]


_SHEET_PAGE = (
    "<html><head><style>.promo{display:none} #ad{display:none} .kept{display:block}"
    "</style></head><body>"
    + "".join(f"<div class='{cls}' {ident}>x</div>"
              for cls in ("promo", "promo kept", "card", "Promo", "SR-ONLY", "")
              for ident in ("", "id='ad'", "id='main'", "id='Ad'"))
    + "<div class='promo' style='color:red'>c</div><p class='sr-only'>s</p>"
      "<span class='promo'>again</span><span class='promo' id='ad'>again</span></body></html>")


def test_scan_names_the_elements_a_fresh_judgement_names() -> None:
    root = lxml.html.fromstring(_SHEET_PAGE)
    rules = css.read_sheets(el.text or "" for el in root.iter("style"))
    named = prescan.scan_attributes(root, rules)[1][1]
    assert named == _named_plain(root, rules)
    assert len(named) >= 10  # the sheet hides some of them, so the test can fail


def test_scan_names_as_a_fresh_judgement_on_corpus_pages() -> None:
    with_rules = 0
    for name, page, _ in corpus_pages():
        root = lxml.html.fromstring(page)
        rules = css.read_sheets(el.text or "" for el in root.iter("style")
                                if prescan.always_applies(el.get("media")))
        with_rules += bool(rules)
        assert prescan.scan_attributes(root, rules)[1][1] == _named_plain(root, rules), name
    assert with_rules


def test_a_cached_style_reads_as_a_fresh_parse() -> None:
    """Inline styles are parsed once and their declarations shared: every caller gets the
    declarations a fresh parse gives, and a long style is parsed without being kept."""
    styles = ["display:none", "DISPLAY: None !important; color:red", "a:b;a:c", "",
              "/* x */ opacity:0", "display:none"]
    for style in styles * 2:
        assert dict(css.declarations(style)) == css._declarations(style)
    before = css._cached_declarations.cache_info().currsize
    long_style = "color:red;" * (css._CACHED_STYLE // 10 + 1)
    assert dict(css.declarations(long_style)) == {"color": "red"}
    assert css._cached_declarations.cache_info().currsize == before
    assert css.declarations("display:none") is css.declarations("display:none")
