"""The shared ancestor cover: right answers, and each element judged once."""

from __future__ import annotations

from lxml.html import HtmlElement, fromstring

from mainmark.page.ancestry import ancestor_cover


def test_cover_answers_for_the_element_and_its_ancestors() -> None:
    root = fromstring("<div><aside><p id='a'>x</p></aside><section><p id='b'>y</p>"
                      "</section></div>")
    covered = ancestor_cover(lambda el: el.tag == "aside")
    a, b = root.get_element_by_id("a"), root.get_element_by_id("b")  # type: ignore[attr-defined]
    assert covered(a) and not covered(b)
    assert covered(a.getparent()) and not covered(root) and not covered(None)


def test_each_element_is_judged_once_however_many_leaves_share_the_chain() -> None:
    depth, leaves = 200, 2000
    root = fromstring("<div>" + "<div>" * depth + "<p>x</p>" * leaves + "</div>" * depth
                      + "</div>")
    judged: list[HtmlElement] = []

    def judge(el: HtmlElement) -> bool:
        judged.append(el)
        return False

    covered = ancestor_cover(judge)
    paragraphs = root.findall(".//p")
    assert len(paragraphs) == leaves
    assert not any(covered(p) for p in paragraphs)
    # every element of the tree (the parser's <html> and <body> too), and each once
    assert len(judged) == len(set(judged)) == sum(1 for _ in root.getroottree().iter())
