"""Options.favor: validated, hashed only off its default, and moving borderline blocks."""

from __future__ import annotations

import pytest

import mainmark
from mainmark.cli.flags import Parser, add_option_arguments, options_from_args
from mainmark.content.favor import BALANCED, PRECISION, RECALL, thresholds
from mainmark.errors import OptionsError
from mainmark.options import Options

PROSE = ("The council voted to extend the tram line to the northern suburbs, a plan first "
         "proposed a decade ago, and construction is expected to begin next spring. ")


def _linked(share: float, words: str = "linked words of a borderline sentence here") -> str:
    """A paragraph about ``share`` of whose text bytes are link text."""
    link = (words + " ") * 3
    plain_len = int(len(link) * (1 - share) / share)
    plain = ("plain " * (plain_len // 6 + 1))[:plain_len]
    return f"<p>{plain}<a href='/x'>{link.strip()}</a>.</p>"


def page(middle: str) -> str:
    return ("<html><head><title>Trams</title></head><body><article><h1>Trams</h1>"
            f"<p>{PROSE * 3}</p>{middle}<p>{PROSE * 3}</p></article></body></html>")


def _text(html: str, favor: str) -> str:
    return mainmark.extract(html, url="https://city.example/trams",
                            options=Options(favor=favor)).text  # type: ignore[arg-type]


def test_favor_is_validated() -> None:
    with pytest.raises(OptionsError, match="favor"):
        Options(favor="fast")  # type: ignore[arg-type]
    assert Options().favor == "balanced"


def test_default_favor_keeps_the_options_hash_and_others_change_it() -> None:
    base = Options().digest()
    assert Options(favor="balanced").digest() == base
    assert len({base, Options(favor="precision").digest(),
                Options(favor="recall").digest()}) == 3


def test_cli_flag_maps_onto_options() -> None:
    parser = Parser()
    add_option_arguments(parser)
    assert options_from_args(parser.parse_args(["--favor", "recall"])).favor == "recall"
    assert options_from_args(parser.parse_args([])).favor == "balanced"
    with pytest.raises(SystemExit):
        parser.parse_args(["--favor", "fast"])


def test_thresholds_move_each_knob_the_right_way() -> None:
    assert thresholds("balanced") is BALANCED
    # each knob moves one way or stays: precision never keeps more, recall never less
    assert PRECISION.dense_share <= BALANCED.dense_share < RECALL.dense_share
    assert PRECISION.below_share < BALANCED.below_share < RECALL.below_share
    assert PRECISION.sibling_share >= BALANCED.sibling_share > RECALL.sibling_share
    assert PRECISION.ladder_bytes <= BALANCED.ladder_bytes < RECALL.ladder_bytes
    assert PRECISION.edge_share >= BALANCED.edge_share > RECALL.edge_share
    assert not PRECISION.keep_headed and BALANCED.keep_headed and RECALL.keep_headed
    assert not PRECISION.edge_marked and BALANCED.edge_marked and RECALL.edge_marked
    assert not PRECISION.captions and BALANCED.captions and RECALL.captions
    assert not PRECISION.headline_text and not BALANCED.headline_text and RECALL.headline_text
    assert PRECISION.lead_h1 and not BALANCED.lead_h1 and not RECALL.lead_h1


HEADED_LINKS = ("<div><h3>Sources and documents</h3>" + " · ".join(
    f"<a href='/d{i}'>Tram history, part {i}</a>" for i in range(4)) + "</div>")


def test_precision_drops_a_headed_link_box_balanced_keeps() -> None:
    html = page(HEADED_LINKS)
    assert "Tram history, part 3" in _text(html, "balanced")
    assert "Tram history, part 3" in _text(html, "recall")
    assert "Tram history, part 3" not in _text(html, "precision")


def test_recall_keeps_a_block_balanced_drops() -> None:
    html = page(_linked(0.86))
    assert "borderline sentence" not in _text(html, "balanced")
    assert "borderline sentence" not in _text(html, "precision")
    assert "borderline sentence" in _text(html, "recall")


def test_all_modes_keep_the_prose() -> None:
    html = page(_linked(0.7) + HEADED_LINKS)
    for favor in ("balanced", "precision", "recall"):
        assert _text(html, favor).count("tram line") == 6, favor


def _nav(links: int) -> str:
    return "<nav>" + "".join(f"<a href='/s{i}'>Section number {i}</a> " for i in range(links)) + (
        "</nav>")


def _strategy(html: str, favor: str = "balanced") -> tuple[mainmark.Strategy, str]:
    doc = mainmark.extract(html, url="https://city.example/x",
                           options=Options(favor=favor, explain=True))  # type: ignore[arg-type]
    assert doc.explain is not None
    return doc.explain.strategy, doc.text


NOTE = "Back at three: the ticket office closes for lunch today."  # 56 bytes


def test_ladder_floor_passes_on_a_share_of_a_short_page() -> None:
    # 56 bytes is far below 250, but a fair share of a page that says little else.
    strategy, text = _strategy(f"<html><body>{_nav(3)}<main><p>{NOTE}</p></main></body></html>")
    assert strategy is mainmark.Strategy.SELECTION and NOTE in text


def test_ladder_floor_passes_on_bytes_on_a_page_full_of_chrome() -> None:
    # ~300 bytes of prose is under 15% of this page's text, but an article on its own.
    html = f"<html><body>{_nav(200)}<main><p>{PROSE * 2}</p></main>{_nav(100)}</body></html>"
    strategy, text = _strategy(html)
    assert strategy is mainmark.Strategy.SELECTION and "tram line" in text


THREADS = "".join(f"<li><a href='/t/{i}'>Timetable question {i}</a></li>" for i in range(10))


def test_recall_floor_trades_strict_pruning_for_relaxed_on_the_same_roots() -> None:
    html = (f"<html><body>{_nav(40)}<main><h1>Tram forum</h1><p>{PROSE * 2}</p>"
            f"<ul>{THREADS}</ul><p>Posts are read before they appear.</p></main>"
            f"{_nav(40)}</body></html>")
    strategy, text = _strategy(html)
    assert strategy is mainmark.Strategy.SELECTION and "Timetable question 3" not in text
    strategy, text = _strategy(html, "recall")
    assert strategy is mainmark.Strategy.LADDER and "Timetable question 3" in text
    assert "tram line" in text and "Section number" not in text


def _framed(lead: str, tail: str = "") -> str:
    """An article whose prose sits between a leading and a trailing block."""
    return ("<html><head><title>Trams</title></head><body><article><h1>Trams</h1>"
            f"{lead}<p>{PROSE * 3}</p><p>{PROSE * 3}</p>{tail}</article></body></html>")


def test_precision_drops_an_unmarked_edge_line_balanced_keeps() -> None:
    # Short and unpunctuated, but with no furniture class: weak evidence, which only
    # precision acts on. A punctuated short line stays in every mode.
    html = _framed("<div>Staff reporter in the northern depot</div>",
                   "<div>Reporting from the depot at night.</div>")
    for favor in ("balanced", "recall"):
        assert "Staff reporter" in _text(html, favor), favor
    text = _text(html, "precision")
    assert "Staff reporter" not in text and "Reporting from the depot" in text
    assert text.count("tram line") == 6


CAPTION = ("<figure><img src='/tram.jpg' alt=''><figcaption>A tram of the new line waits at "
           "the northern terminus</figcaption></figure>")
#: A template's caption without <figcaption>: a box a class word marks as one.
CAPTION_BOX = ("<div class='media'><img src='/tram.jpg' alt=''><div class='image-caption'>A tram "
               "of the new line waits at the northern terminus</div></div>")


@pytest.mark.parametrize("caption", [CAPTION, CAPTION_BOX], ids=["figcaption", "class-marked"])
def test_precision_drops_a_caption_balanced_keeps(caption: str) -> None:
    html = page(caption)
    assert "northern terminus" in _text(html, "balanced")
    assert "northern terminus" in _text(html, "recall")
    assert "northern terminus" not in _text(html, "precision")


TAIL_LINKS = ("<p><a href='/a'>Timetables for the whole tram network</a> and "
              "<a href='/b'>fares</a></p>")


def test_recall_keeps_trailing_link_lines_balanced_drops() -> None:
    # Five of them: more than recall's edge-trim cap; balanced drops them as link-dense.
    html = _framed("", TAIL_LINKS * 5)
    assert "whole tram network" not in _text(html, "balanced")
    assert "whole tram network" not in _text(html, "precision")
    assert "whole tram network" in _text(html, "recall")


def test_recall_trims_less_edge_furniture_than_balanced() -> None:
    # Marked lines making ~18% of the content: under balanced's 30% cap, over recall's 15%.
    line = "<div class='dateline'>Northern depot edition of the city transport desk, {}</div>"
    html = _framed("".join(line.format(f"print run {n}") for n in (1, 2, 3)))
    assert "print run" not in _text(html, "balanced")
    assert "print run" in _text(html, "recall")


def test_recall_keeps_the_headline_in_the_text_balanced_leaves_it_to_the_metadata() -> None:
    # The headline is the title; balanced text is the body only. Recall keeps it in the
    # text, in-content heading or metadata title alike (a search for its words finds it).
    inside = page("")
    outside = ("<html><head><title>Trams north</title></head><body><article>"
               f"<p>{PROSE * 3}</p></article></body></html>")
    for html, headline in ((inside, "Trams"), (outside, "Trams north")):
        for favor in ("balanced", "precision"):
            assert not _text(html, favor).startswith(headline), favor
        assert _text(html, "recall").startswith(headline)
        assert _text(html, "recall").count("tram line") == _text(html, "balanced").count(
            "tram line")


def test_precision_leaves_an_opening_h1_out_of_the_text_balanced_keeps_it() -> None:
    # The page title (an SEO title, with a share title saying the same) does not repeat
    # the article's <h1>: balanced cannot tell it is the headline and keeps it as text;
    # precision takes an opening <h1> for the headline whatever the title says. Recall
    # keeps every headline in the text. (A <title> alone would yield to the lone <h1>.)
    # (The titles share no word with the <h1>: an article's lone <h1> telling the same
    # story would be the title itself.)
    html = ("<html><head><title>Extension approved | City news and weather</title>"
            '<meta property="og:title" content="Extension approved"></head><body>'
            "<article><h1>Northern suburbs get their tram</h1>"
            f"<p>{PROSE * 3}</p><p>{PROSE * 2}</p></article></body></html>")
    headline = "Northern suburbs get their tram"
    assert _text(html, "balanced").startswith(headline)
    assert headline not in _text(html, "precision")
    assert "tram line" in _text(html, "precision")
    assert _text(html, "recall").startswith(headline)
    # a later <h1> (past the opening blocks) is a section heading: precision keeps it
    late = ("<html><head><title>Trams</title></head><body><article>"
            f"<p>{PROSE * 3}</p><p>{PROSE}</p><p>{PROSE}</p><h1>Costs</h1>"
            f"<p>{PROSE * 2}</p></article></body></html>")
    assert "Costs" in _text(late, "precision")
