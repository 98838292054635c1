"""The cleaning reads the hidden judge's attribute owners in the pass that reads the
disclosure widgets, before it edits the tree, and keeps those the edits leave
(``clean._still_owners``): that must list exactly what a scan of the cleaned tree lists.
The pages put owners where each edit reaches: inside stripped scripts, templates, form
controls and noscript fallbacks, on unwrapped and renamed elements, on a MathJax source
whose attributes the cleaning clears, beside the ones that stay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lxml import etree
from lxml.html import HtmlElement

from mainmark.content import clean as cleaning
from mainmark.content import prescan
from mainmark.content.css import SheetRules, read_sheets
from mainmark.page.parse import parse

_PROSE = "<p>" + "A paragraph of the fallback text, long enough to be read. " * 3 + "</p>"
PAGES = {
    "plain": "<html><body><div style='color:red'>shown</div><p hidden>gone</p>"
             "<span class='sr-only'>label</span><img src='data:image/png;base64,AAAA'>"
             "<a href='data:text/plain,x'>x</a><div aria-hidden='true'>icon</div></body></html>",
    "stripped-subtrees": "<html><body><template><div style='display:none'>t</div></template>"
                         "<noscript><img style='x' src='data:,'></noscript>"
                         "<svg style='width:0'><g class='sr-only'/></svg>"
                         "<select style='x'><option hidden>o</option></select>"
                         "<button style='display:none'><span hidden>b</span></button>"
                         "<p style='color:blue'>kept</p></body></html>",
    "noscript-prose": f"<html><body><noscript style='x'>{_PROSE}{_PROSE}"
                      "<div hidden>hidden in the fallback</div></noscript></body></html>",
    "swallowing-control": "<html><body><button class='menu' style='x'><div>"
                          "<h1 class='sr-only-focusable'>Title</h1><p hidden>x</p>"
                          "</div></button></body></html>",
    "faq-toggles": "<html><body><div class='faq'><h3><button aria-controls='a1' style='x'>"
                   "Question?</button></h3><div id='a1' hidden>Answer.</div>"
                   "<button aria-expanded='false' style='y'>More</button>"
                   "<div style='display:none'>Details</div></div></body></html>",
    "mathjax": "<html><body><p>Area <span class='MathJax_Preview' style='x'>a</span>"
               "<script type='math/tex' class='sr-only' style='x' id='m1'>a^2</script>"
               " of it.</p><div class='hidden-sheet'>s</div></body></html>",
    "mediawiki-math": "<html><body><p>Area <span class='mwe-math-element'><span style="
                      "'display: none;'><math alttext='a^2'><mi>a</mi></math></span><img "
                      "aria-hidden='true' style='width:2ex' alt='a^2' src='f.svg'></span>"
                      " of it.</p><div style='display:none'>gone</div></body></html>",
    "sheet-rules": "<html><head><style>.hidden-sheet{display:none} #gone{visibility:hidden}"
                   "</style></head><body><div class='hidden-sheet'><p id='gone'>x</p></div>"
                   "<script class='hidden-sheet'>var x;</script><p class='Visually-Hidden'>"
                   "v</p><p class='card'>card</p></body></html>",
    "streamed": "<html><body><div id='shell'><template id='B:0'></template></div>"
                "<div hidden id='S:0'><p style='x'>streamed</p></div>"
                "<script>$RC('B:0','S:0')</script></body></html>",
}


def _scan_after(root: HtmlElement, rules: SheetRules
                ) -> tuple[list[HtmlElement], list[HtmlElement]]:
    """A scan of the cleaned tree, written as XPath: the plain computation the shortcut
    replaces."""
    candidates = root.getroottree().getroot().xpath(
        "//*[@hidden or @style or @aria-hidden='true' or contains(@class, 'sr-')"
        " or contains(@class, 'isually') or contains(@class, 'creen')"
        " or starts-with(@src, 'data:') or starts-with(@href, 'data:')]")
    assert isinstance(candidates, list)
    chosen = set(candidates)
    named = [el for el in root.getroottree().getroot().iter(etree.Element)
             if rules and (el.get("class") is not None or el.get("id") is not None)
             and (el in chosen or rules.hides(el.get("class"), el.get("id"))
                  or prescan.screen_reader_only(el.get("class")))]
    return [el for el in candidates if isinstance(el, HtmlElement)], named


@pytest.mark.parametrize("count", [True, False])
@pytest.mark.parametrize("name", sorted(PAGES))
def test_owners_kept_from_the_first_scan_are_a_scan_of_the_cleaned_tree(
        name: str, count: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    page = parse(PAGES[name])
    root = page.root
    assert root is not None
    rules = read_sheets(el.text or "" for el in root.iter("style"))
    seen: list[tuple[list[HtmlElement], list[HtmlElement]]] = []
    original: Callable[..., Any] = cleaning._strip_attributes_hidden

    def spy(root: HtmlElement, stripped: dict[str, int], rules: SheetRules,
            panels: Any, owners: tuple[list[HtmlElement], list[HtmlElement]]) -> None:
        kept = cleaning._still_owners(root, *owners)
        assert kept == _scan_after(root, rules)
        seen.append(kept)
        original(root, stripped, rules, panels, owners)

    monkeypatch.setattr(cleaning, "_strip_attributes_hidden", spy)
    cleaning.clean(page, count=count)
    assert len(seen) == 1
    # the edits dropped owners the scan saw
    if name in ("stripped-subtrees", "mathjax", "mediawiki-math"):
        again = parse(PAGES[name]).root
        assert again is not None
        before = prescan.scan_attributes(again, rules)[1][0]
        assert len(seen[0][0]) < len(before)
