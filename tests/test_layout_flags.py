"""A wrapper whose class word names a part that a smaller box inside it also names is
layout, not that part (rule `effchrome:layout-flag`): ``PageContentSidebar`` round a
page's text and its ``#PageSidebar``, XenForo's ``p-body-main--withSidebar`` round a
thread and its ``p-body-sidebar``. The real page is the golden
`real-forum-layout-flag-sidebar` (WCXB 2081); these pin the mechanism's edges.
"""

from __future__ import annotations

import mainmark
from extraction_support import PARAGRAPHS, TITLE

NOTICE = ("The Harbour Gazette is published by the Harbour Trust, a charity registered in the "
          "county, which also runs the ferry museum, the sailing school and the summer regatta; "
          "letters go to the editor.")


def _extract(wrapper_class: str, *, sidebar_inside: bool) -> mainmark.Document:
    text = "".join(f"<p>{p}</p>" for p in PARAGRAPHS * 2)
    links = "".join(f"<li><a href='/{i}'>Topic {i}</a></li>" for i in range(8))
    sidebar = f"<div id='PageSidebar'><h2>Menu</h2><ul>{links}</ul></div>" if sidebar_inside else ""
    page = (f"<html><head><title>{TITLE}</title></head><body>"
            f"<div id='PageOutdated'><p>{NOTICE}</p><p>{NOTICE}</p></div>"
            f"<div id='Header'><a href='/'>Home</a></div><div class='{wrapper_class}'>{sidebar}"
            f"<div id='PageMain'><h1>{TITLE}</h1>{text}</div></div>"
            f"<div id='Footer'><p>{NOTICE}</p><p>{NOTICE}</p></div></body></html>")
    return mainmark.extract(page.encode())


def test_a_wrapper_round_the_text_and_its_sidebar_is_no_sidebar() -> None:
    doc = _extract("PageContentSidebar", sidebar_inside=True)
    for paragraph in PARAGRAPHS:
        assert paragraph in doc.text
    assert "Topic 3" not in doc.text  # the sidebar inside keeps its verdict


def test_a_sidebar_holding_a_sidebar_box_stays_a_sidebar() -> None:
    # A real sidebar's widgets carry its word too; the wrapper test asks for most of the
    # page's text, which a sidebar beside an article never holds.
    links = "".join(f"<li><a href='/{i}'>Topic {i}</a></li>" for i in range(8))
    text = "".join(f"<p>{p}</p>" for p in PARAGRAPHS * 2)
    page = (f"<html><head><title>{TITLE}</title></head><body><article><h1>{TITLE}</h1>{text}"
            f"</article><div class='sidebar'><div class='sidebar-box'><p>{NOTICE}</p>"
            f"<ul>{links}</ul></div></div></body></html>")
    doc = mainmark.extract(page.encode())
    assert PARAGRAPHS[2] in doc.text
    assert "Topic 3" not in doc.text and "Harbour Trust" not in doc.text
