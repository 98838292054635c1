"""A gallery's thumbnail strip repeats its pictures at a smaller size: one image line per
picture, the full-size one (issue 37.5; ``markdown/thumbnails.py``).

The golden case ``real-gallery-thumbnails`` (WCXB 4195) pins a real product gallery; the
cases here are synthetic, one naming convention or one guard each.
"""

from __future__ import annotations

import pytest

import mainmark
from mainmark.markdown.thumbnails import picture_of

_BODY = ("Our focaccia is proofed overnight and baked in a very hot oven, which is what "
         "gives it the crackly crust and the open crumb that everyone asks us about. ")


def _images(gallery: str) -> list[str]:
    html = (f"<html><body><nav><a href='/'>Home</a></nav><main><article><h1>Olive focaccia"
            f"</h1><p>{_BODY * 3}</p>{gallery}<p>{_BODY * 2}</p></article></main>"
            f"<footer>© The Bakery</footer></body></html>")
    doc = mainmark.extract(html.encode(), url="https://example.com/recipes/focaccia",
                           options=mainmark.Options(links="inline"))
    return [line for line in doc.markdown.split("\n") if "![" in line]


@pytest.mark.parametrize(("url", "width"), [
    ("https://example.com/up/2020/04/focaccia-300x199.jpg", 300.0),
    ("https://example.com/up/2020/04/focaccia_150x150.jpg", 150.0),
    ("https://example.com/up/2020/04/focaccia_thumb.jpg", 0.0),
    ("https://example.com/up/2020/04/thumbs/focaccia.jpg", 0.0),
    ("https://example.com/up/500x659/2020/04/focaccia.jpg", 500.0),
    ("https://example.com/up/160w/2020/04/focaccia.jpg", 160.0),
    ("https://example.com/up/2020/04/focaccia.jpg?w=640&q=80", 640.0),
    ("https://example.com/up/2020/04/focaccia.jpg?resize=200%2C200", 200.0),
    ("https://example.com/up/2020/04/focaccia.jpg", None),
])
def test_a_size_mark_names_the_same_picture(url: str, width: float | None) -> None:
    picture, named = picture_of(url)
    assert picture == "example.com/up/2020/04/focaccia.jpg?"
    assert named == width


def test_a_picture_served_by_a_script_keeps_its_source_parameter() -> None:
    """``image.php?src=…&w=660``: the ``src`` names the picture, only ``w`` is a size."""
    one, _ = picture_of("https://example.com/image.php?src=/posts/p1_1.jpg&w=660")
    two, _ = picture_of("https://example.com/image.php?src=/posts/p1_2.jpg&w=660")
    assert one != two


def _gallery(first: str, second: str) -> str:
    names = ("crumb", "crust", "slice")
    full = "".join(f"<figure><img src='/up/{n}.jpg' alt='The {n}'></figure>" for n in names)
    strip = "".join(f"<li><img src='/up/{n}-150x150.jpg' alt='The {n}'></li>" for n in names)
    parts = {"full": full, "strip": f"<ul class='thumbs'>{strip}</ul>"}
    return parts[first] + parts[second]


@pytest.mark.parametrize("order", [("full", "strip"), ("strip", "full")])
def test_the_full_size_copy_is_kept_wherever_the_strip_is(order: tuple[str, str]) -> None:
    lines = _images(_gallery(*order))
    assert len(lines) == 3
    assert not any("150x150" in line for line in lines)


def test_a_declared_small_copy_beside_a_large_one_goes() -> None:
    gallery = ("<div><img src='/up/a.jpg?width=120' alt='The crumb'></div>"
               "<figure><img src='/up/a.jpg?width=1200' alt='The crumb'></figure>")
    assert [line for line in _images(gallery) if "crumb" in line] == [
        "![The crumb](https://example.com/up/a.jpg?width=1200)"]


def test_different_pictures_at_one_size_all_stay() -> None:
    gallery = "".join(f"<figure><img src='/up/{n}-300x199.jpg' alt='The {n}'></figure>"
                      for n in ("crumb", "crust", "slice"))
    assert len(_images(gallery)) == 3

