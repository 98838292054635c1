"""Chrome links inside sentences, responsive copies and images that repeat their
neighbours (issue 37, classes 9 and 5): one synthetic page per mechanism, inside a
three-paragraph article so that no trim at the content's edges interferes. The real pages
are the goldens `real-prompt-line-and-figure-alt` and `real-forum-responsive-author-copies`.
"""

from __future__ import annotations

import lxml.html

import mainmark
from extraction_support import PARAGRAPHS
from mainmark.content.responsive import _Order


def extract(block: str) -> mainmark.Document:
    html = (f"<html><body><main><h1>Swing bridge to reopen</h1><p>{PARAGRAPHS[0]}</p>{block}"
            f"<p>{PARAGRAPHS[1]}</p><p>{PARAGRAPHS[2]}</p></main></body></html>")
    return mainmark.extract(html.encode(), options=mainmark.Options(chunking=False))


_LONG = ("The council said the works on the quay would run until the spring, and that the "
         "harbour master, who first raised the alarm about the hinge, could be reached by "
         "the ferry office for questions about the timetable in the meantime.")


def test_a_chrome_link_in_prose_keeps_its_words() -> None:
    linked = _LONG.replace("harbour master", "<a class='modal-open' href='#m'>harbour master</a>")
    doc = extract(f"<p>{linked}</p>")
    assert _LONG in doc.text


def test_a_short_line_around_a_chrome_link_goes_whole() -> None:
    doc = extract("<div>You need to <a href='#login'>login</a> or <a class='memberModalBtn' "
                  "href='#register'>register</a> to view and manage your bookmarks.</div>")
    assert "bookmarks" not in doc.text and "You need to" not in doc.text


def test_a_heading_keeps_the_words_around_a_chrome_link() -> None:
    doc = extract("<h2>Timetable <a class='modal-trigger' href='#t'>changes</a> for May</h2>"
                  f"<p>{_LONG}</p>")
    assert "Timetable changes for May" in doc.text


_AUTHOR = "<h3><a href='/u/jdoe'>Harbourwatcher</a></h3><span>Posted 5 March</span>"


def test_the_phone_copy_goes_beside_its_desktop_twin() -> None:
    doc = extract(f"<article><div class='d-md-none'>{_AUTHOR}</div>"
                  f"<div class='d-none d-md-block'>{_AUTHOR}</div>"
                  f"<p>{_LONG}</p></article>")
    assert doc.text.count("Harbourwatcher") == 1


def test_a_phone_only_block_stays() -> None:
    doc = extract(f"<article><div class='d-md-none'><p>Tap the map to see the detour on "
                  f"your phone.</p></div><p>{_LONG}</p></article>")
    assert "detour" in doc.text


def test_a_phone_copy_saying_more_than_its_twin_stays() -> None:
    doc = extract(f"<article><div class='md:hidden'>{_AUTHOR}</div>"
                  f"<div class='hidden md:block'><span>Posted 5 March</span></div>"
                  f"<p>{_LONG}</p></article>")
    assert "Harbourwatcher" in doc.text


def test_a_figure_whose_alt_is_its_caption_says_it_once() -> None:
    caption = "The swing bridge open for a sailing barge, seen from the west quay."
    doc = extract(f"<figure><img src='/b.jpg' alt='{caption}'><figcaption>Above: {caption}"
                  f"</figcaption></figure>")
    assert doc.markdown.count("sailing barge") == 1
    bare = extract(f"<figure><img src='/b.jpg' alt=''><figcaption>{caption}</figcaption>"
                   f"</figure>")
    assert bare.markdown.count("sailing barge") == 1


def test_an_avatar_beside_the_name_adds_no_name() -> None:
    doc = extract(f"<article><div><a href='/u/jdoe'><img src='/a.png' alt='Harbourwatcher'>"
                  f"</a>{_AUTHOR}</div><p>{_LONG}</p></article>")
    assert doc.markdown.count("Harbourwatcher") == 1


def test_icons_go_and_pictures_and_emoticons_stay() -> None:
    doc = extract(f"<p><img src='/fb.png' alt='Facebook icon' width='16' height='16'></p>"
                  f"<p>{_LONG} Thanks <img src='/w.gif' alt=';)' width='15' height='15'></p>"
                  f"<p><img src='/map.png' alt='Map of the detour' width='640' height='400'>"
                  f"</p>")
    assert "Facebook icon" not in doc.markdown
    assert ";)" in doc.markdown and "Map of the detour" in doc.markdown


def test_markdown_links_mode_keeps_images_as_images() -> None:
    caption = "The swing bridge open for a sailing barge, seen from the west quay."
    html = (f"<html><body><main><h1>Swing bridge</h1><p>{PARAGRAPHS[0]}</p><figure>"
            f"<img src='/b.jpg' alt='{caption}'><figcaption>{caption}</figcaption></figure>"
            f"<p>{PARAGRAPHS[1]}</p></main></body></html>")
    doc = mainmark.extract(html.encode(),
                           options=mainmark.Options(chunking=False, links="inline"))
    assert f"![{caption}]" in doc.markdown


def _post(i: int, phone: str, desktop: str) -> str:
    return (f"<div class='post'><div class='d-md-none'>{phone}</div>"
            f"<div class='d-none d-md-block'>{desktop}</div><p>Reply {i}: {_LONG}</p></div>")


def test_every_phone_copy_in_a_long_thread_finds_its_own_twin() -> None:
    posts = "".join(_post(i, f"Poster{i} Member", f"Poster{i} Member") for i in range(40))
    doc = extract(f"<div>{posts}</div>")
    assert all(doc.text.count(f"Poster{i} Member") == 1 for i in range(40))


def test_words_said_by_far_away_copies_are_no_twin() -> None:
    # Post 0's phone copy names a poster whose desktop copy is 30 posts further down the
    # thread: the twin search reads the neighbours of a copy, not the whole thread.
    posts = [_post(0, "Farawayname Member", "Someone Member")]
    posts += [_post(i, f"Poster{i} Member", f"Poster{i} Member") for i in range(1, 30)]
    posts.append(_post(30, "Lastposter Member", "Farawayname Member"))
    doc = extract(f"<div>{''.join(posts)}</div>")
    assert doc.text.count("Farawayname") == 2


def test_a_desktop_box_around_the_phone_copy_is_not_its_twin() -> None:
    doc = extract(f"<article><div class='d-none d-md-block'><div class='d-md-none'>{_AUTHOR}"
                  f"</div></div><p>{_LONG}</p></article>")
    assert "Harbourwatcher" in doc.text


def test_a_comment_after_the_document_does_not_break_the_twin_search() -> None:
    # lxml keeps a comment after </html> as the root's sibling, outside the tree's walk:
    # the end of the root's subtree is the end of the document (corpus page wcxb/0170).
    tree = lxml.html.document_fromstring("<html><body><div>x</div></body></html><!-- c -->")
    order = _Order(tree)
    assert order.end(tree) == len(list(tree.iter()))
