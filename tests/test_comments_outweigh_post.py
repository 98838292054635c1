"""Reader comments longer than the post they follow stay out of an article (issue 36, part
3): a comment section's chrome verdict holds whatever its share of the page, when the post
beside it has text of its own. The real page is the golden
`real-article-comments-outweigh-story` (WCXB 0396); these pin the mechanism's edges.
"""

from __future__ import annotations

import mainmark
from extraction_support import PARAGRAPHS, TITLE

REPLY = ("I disagree with the council here, the harbour works have been promised for years, "
         "and every spring, as the ferry timetable changes again, nobody, not the mayor, not "
         "the harbour master, not the ferry office, gives any notice at all, so we wait, again.")


def _page(head: str = "", paragraphs: int = 6) -> bytes:
    story = "".join(f"<p>{PARAGRAPHS[i % 3]}</p>" for i in range(paragraphs))  # 200 B each
    replies = "".join(f"<div class='c'><p>Reply {i}: {REPLY}</p><p>{REPLY}</p></div>"
                      for i in range(60))
    return (f"<html><head><title>{TITLE}</title>{head}</head><body><article><h1>{TITLE}</h1>"
            f"{story}</article><div id='comments'><h2>60 Comments</h2><div>{replies}</div></div>"
            "</body></html>").encode()


def test_long_comments_under_a_story_are_not_its_content() -> None:
    doc = mainmark.extract(_page())
    assert PARAGRAPHS[0] in doc.text
    assert "Reply 7:" not in doc.text


def test_a_reader_who_asks_for_comments_gets_them() -> None:
    doc = mainmark.extract(_page(), options=mainmark.Options(comments=True))
    assert PARAGRAPHS[0] in doc.text and "Reply 7:" in doc.text


def test_a_post_too_short_to_stand_alone_keeps_the_discussion() -> None:
    # The guard for a thread read as an article: under 1,000 bytes beside the comments,
    # the comment box's verdict is set aside as before and the discussion is the content.
    doc = mainmark.extract(_page(paragraphs=2))
    assert "Reply 7:" in doc.text
