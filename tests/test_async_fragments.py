"""Marko's out-of-order flushing: the parts a script moves from hidden holders into the
page shell's placeholders (``content/reveal.py``).

A synthetic listing page cut to the markup the mechanism acts on: the shell's placeholders
(an empty ``<noscript>``, a ``<span>`` holding a loading skeleton), the hidden holders
flushed after it and the ``$af…(n)`` calls that place them. Without the move the page is its
header and footer: the product grid sits in a ``display:none`` holder.
"""

from __future__ import annotations

import time

import lxml.html

from mainmark import extract
from mainmark.content.reveal import place_async_fragments

_URL = "https://shop.example/b/garden-chairs"
_CARDS = "".join(
    f"<li class='item-card'><h3><a href='/itm/{i}'>Folding garden chair, model {i}</a></h3>"
    f"<p>Weatherproof acacia wood, seats {i % 3 + 1}, ships in {i + 2} days.</p>"
    f"<span class='price'>${40 + i}.00</span></li>" for i in range(12))


def _page(calls: str = "$afshop(1);$afshop(2)") -> str:
    shell = ("<header class='site-header'><nav><a href='/'>Home</a> <a href='/deals'>Deals</a>"
             " <a href='/help'>Help</a> <a href='/sell'>Sell</a></nav></header>"
             "<div class='page'><section class='region-top'><span id='afshopph1'>"
             "<div class='loader-title'></div></span></section>"
             "<section class='region-main'><span id='afshopph2'><div class='skeleton'>"
             "</div></span></section></div>"
             "<footer class='site-footer'><p>© 2025 Example Shop</p></footer>")
    holders = ("<div id='afshop1' style='display:none'><h1>Garden chairs</h1>"
               "<p>2,310 results</p></div>"
               f"<div id='afshop2' style='display:none'><ul class='results'>{_CARDS}</ul>"
               "</div>")
    script = ("<script>function $afshop(d){var e=document,l=e.getElementById('afshop'+d),"
              "g=e.getElementById('afshopph'+d);g.parentNode.replaceChild(l,g)};"
              f"{calls}</script>")
    return (f"<html><head><title>Garden chairs</title></head><body>{shell}{holders}{script}"
            "</body></html>")


def test_flushed_parts_are_the_listing() -> None:
    doc = extract(_page(), url=_URL)
    assert "Folding garden chair, model 7" in doc.text
    assert "Folding garden chair, model 0" in doc.text


def test_parts_replace_their_placeholders_in_the_shell() -> None:
    root = lxml.html.fromstring(_page())
    assert place_async_fragments(root) == 2
    main = root.find(".//section[@class='region-main']")
    assert main is not None and main.find(".//ul[@class='results']") is not None
    assert main.find(".//div[@class='skeleton']") is None  # the loading skeleton went
    assert root.find(".//div[@id='afshop2']") is None


def test_a_part_no_call_names_stays_hidden() -> None:
    root = lxml.html.fromstring(_page(calls="$afshop(1)"))
    assert place_async_fragments(root) == 1
    holder = root.find(".//div[@id='afshop2']")
    assert holder is not None and holder.get("style") == "display:none"
    assert "model 7" not in extract(_page(calls="$afshop(1)"), url=_URL).text


def _many_parts_time(parts: int) -> float:
    """CPU time of placing ``parts`` sibling parts, best of three (each on a fresh tree)."""
    html = ("<html><body><main>"
            + "".join(f'<noscript id="afph{i}"></noscript>' for i in range(parts))
            + "</main>"
            + "".join(f'<div id="af{i}" style="display:none"><p>part {i}</p></div>'
                      for i in range(parts))
            + "<script>" + "".join(f"$af({i});" for i in range(parts)) + "</script>"
            + "</body></html>")
    best = float("inf")
    for _ in range(3):
        root = lxml.html.document_fromstring(html)
        start = time.process_time()
        moved = place_async_fragments(root)
        best = min(best, time.process_time() - start)
        assert moved == parts
    return best


def test_many_parts_are_placed_in_linear_time() -> None:
    """A part's move is a sibling insertion, not a search for its position among the
    placeholders: 4x the parts, about 4x the work (quadratic would be 16x)."""
    small, large = _many_parts_time(3000), _many_parts_time(12000)
    assert large / max(small, 1e-4) < 8.0
