"""The bench metrics on tiny examples whose scores are worked out by hand in the comments."""

from __future__ import annotations

from collections import Counter

import pytest

from mainmark_eval.datasets import Page
from mainmark_eval.metrics import (
    BagOfWordsMetric,
    ShingleCounts,
    ShingleMetric,
    SnippetMetric,
    Tally,
    bag_overlap,
    make_metric,
    reference_text,
    shingle_counts,
    shingles,
    snippet_counts,
    title_agrees,
    tokens,
    word_f1_metric,
)


def page(reference: str = "", annotation: dict[str, object] | None = None) -> Page:
    return Page(id="p", data=b"", url=None, reference=reference, annotation=annotation or {})


# ----------------------------------------------------------------------------- sh


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", Counter()),
        # Fewer than four tokens: one shorter shingle.
        ("just two", Counter({("just", "two"): 1})),
        ("a b c d", Counter({("a", "b", "c", "d"): 1})),
        ("a b c d e", Counter({("a", "b", "c", "d"): 1, ("b", "c", "d", "e"): 1})),
        # Six equal tokens: three equal shingles, kept as a multiset.
        ("x x x x x x", Counter({("x", "x", "x", "x"): 3})),
    ],
)
def test_shingles_of_short_texts(text: str, expected: Counter[tuple[str, ...]]) -> None:
    assert shingles(tokens(text)) == expected


def test_tokens_are_word_runs_punctuation_ignored() -> None:
    assert tokens("Hello, world! It's 2024…") == ["Hello", "world", "It", "s", "2024"]


def test_shingle_counts_one_changed_word() -> None:
    # ref: (one two three four) (two three four five); out: (one two three four)
    # (two three four six): one shared, one on each side.
    assert shingle_counts("one two three four five", "one two three four six") == ShingleCounts(
        1, 1, 1
    )


def test_shingle_counts_are_multisets() -> None:
    # ref "a"x5 has the shingle (a a a a) twice, out "a"x4 once: tp 1, fn 1.
    assert shingle_counts("a a a a a", "a a a a") == ShingleCounts(1, 0, 1)


def test_shingle_tokens_are_case_sensitive_like_the_original() -> None:
    assert shingle_counts("Hello world", "hello world") == ShingleCounts(0, 1, 1)


def test_empty_output_counts_for_recall_only() -> None:
    metric = ShingleMetric()
    metric.add(page("alpha beta gamma delta epsilon"), "alpha beta gamma delta epsilon")
    metric.add(page("zeta eta theta iota kappa"), "")
    score = metric.score()
    # precision: mean over the one page with output = 1; recall: (1 + 0) / 2.
    assert score.precision == 1.0
    assert score.recall == 0.5
    assert score.f1 == pytest.approx(2 * 1.0 * 0.5 / 1.5)
    assert score.accuracy == 0.5


def test_shingle_page_means_not_corpus_sums() -> None:
    metric = ShingleMetric()
    # Page 1: ref 5 tokens (2 shingles), out adds one word -> tp 2, fp 1: p 2/3, r 1.
    metric.add(page("a b c d e"), "a b c d e f")
    # Page 2: disjoint -> p 0, r 0.
    metric.add(page("p q r s"), "w x y z")
    score = metric.score()
    assert score.precision == pytest.approx((2 / 3 + 0) / 2)
    assert score.recall == pytest.approx((1 + 0) / 2)
    assert score.accuracy == 0.0


def test_page_without_reference_or_output_is_left_out() -> None:
    metric = ShingleMetric()
    metric.add(page("a b c d"), "a b c d")
    metric.add(page(""), "")
    assert (metric.score().precision, metric.score().recall) == (1.0, 1.0)


def test_accuracy_compares_token_sequences_not_whitespace() -> None:
    metric = ShingleMetric()
    metric.add(page("One two,\n three."), "One  two three")
    assert metric.score().accuracy == 1.0


# ----------------------------------------------------------------------------- tr


def test_snippets_match_after_whitespace_normalisation() -> None:
    entry = {"with": ["foo  bar", "gone"], "without": ["menu\titem"]}
    assert snippet_counts(entry, "x foo\n bar y menu item") == (1, 1, 1, 0)


def test_markup_inside_a_snippet_makes_it_miss() -> None:
    entry = {"with": ["bold word"], "without": []}
    assert snippet_counts(entry, "**bold** word") == (0, 0, 1, 0)


def test_snippet_metric_sums_over_the_corpus() -> None:
    metric = SnippetMetric()
    # Page A: tp 1 (a), fn 1 (b), fp 1 (c), tn 0.
    metric.add(page(annotation={"with": ["aa", "bb"], "without": ["cc"]}), "aa cc")
    # Page B: tp 1 (d), fn 1 (g), fp 0, tn 2.
    metric.add(page(annotation={"with": ["dd", "gg"], "without": ["ee", "ff"]}), "dd")
    score = metric.score()
    # Sums: tp 2, fp 1, fn 2, tn 2. A mean of page precisions would give 0.75, not 2/3.
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(2 / 4)
    assert score.accuracy == pytest.approx(4 / 7)
    assert score.f1 == pytest.approx(4 / 7)


def test_empty_output_misses_every_snippet() -> None:
    metric = SnippetMetric()
    metric.add(page(annotation={"with": ["aa"], "without": ["bb"]}), "")
    assert (metric.tp, metric.fp, metric.fn, metric.tn) == (0, 0, 1, 1)
    assert metric.score().f1 == 0.0


# ----------------------------------------------------------------------------- rd


def test_reference_text_separates_every_element() -> None:
    html = "<div><p>one<b>two</b>three</p><ul><li>four</li><li>five</li></ul></div>"
    assert tokens(reference_text(html)) == ["one", "two", "three", "four", "five"]


def test_reference_text_skips_comments_keeps_their_tail() -> None:
    assert tokens(reference_text("<p>kept<!-- hidden -->after</p>")) == ["kept", "after"]


@pytest.mark.parametrize("html", ["", "   ", "<!-- only a comment -->"])
def test_reference_text_of_nothing_is_empty(html: str) -> None:
    assert tokens(reference_text(html)) == []


def test_bag_overlap_with_repeated_tokens() -> None:
    # ref {the 2, cat 1, hat 1}; out {the 3, cat 1, dog 1}; overlap min: the 2 + cat 1 = 3.
    score = bag_overlap("The cat the hat", "the the THE cat dog")
    assert score.precision == pytest.approx(3 / 5)
    assert score.recall == pytest.approx(3 / 4)
    assert score.f1 == pytest.approx(2 * 0.6 * 0.75 / 1.35)


def test_bag_metric_means_over_pages_empty_output_scores_zero() -> None:
    metric = BagOfWordsMetric()
    metric.add(page("<p>alpha beta</p>"), "alpha beta")
    metric.add(page("<p>gamma delta</p>"), "")
    score = metric.score()
    assert (score.precision, score.recall, score.f1) == (0.5, 0.5, 0.5)
    assert score.accuracy is None


def test_empty_output_and_empty_reference_score_one_only_together() -> None:
    assert bag_overlap("", "") == bag_overlap("a", "a")
    assert (bag_overlap("", "extra").precision, bag_overlap("", "extra").recall) == (0.0, 0.0)
    assert (bag_overlap("missed", "").precision, bag_overlap("missed", "").recall) == (0.0, 0.0)


# ----------------------------------------------------------------------------- wx


def test_word_f1_of_one_page() -> None:
    # ref {the 2, cat, sat, on, mat} = 6 tokens; out {the 2, cat, dog} = 4 tokens;
    # overlap the 2 + cat 1 = 3: P 3/4, R 3/6, F1 2 * 0.75 * 0.5 / 1.25 = 0.6.
    metric = word_f1_metric()
    metric.add(page("The cat sat on the mat."), "the cat, the dog")
    score = metric.score()
    assert (score.precision, score.recall) == (0.75, 0.5)
    assert score.f1 == pytest.approx(0.6)


def test_word_f1_tokens_are_lowercased_unicode_word_runs() -> None:
    metric = word_f1_metric()
    # "naïve-approach" is two tokens; "STRASSE" does not lowercase to "straße".
    metric.add(page("Naïve-approach\nStraße"), "naïve APPROACH strasse")
    # ref {naïve, approach, straße}; out {naïve, approach, strasse}: overlap 2 of 3 each.
    assert metric.score().f1 == pytest.approx(2 / 3)


def test_word_f1_is_the_mean_of_page_f1_not_f1_of_the_means() -> None:
    metric = word_f1_metric()
    metric.add(page("a b c d"), "a b")  # P 1, R 1/2, F1 2/3
    metric.add(page("e f"), "e f g h h h")  # overlap 2: P 2/6, R 1, F1 1/2
    score = metric.score()
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(3 / 4)
    assert score.f1 == pytest.approx((2 / 3 + 1 / 2) / 2)  # 7/12, not 12/17
    assert score.accuracy is None


def test_word_f1_leaves_out_pages_whose_reference_has_no_word() -> None:
    metric = word_f1_metric()
    metric.add(page("alpha beta"), "alpha")  # P 1, R 1/2, F1 2/3
    metric.add(page(" -- "), "anything")  # no reference token: not scored
    metric.add(page("gamma"), "")  # empty output: P 0, R 0, F1 0
    score = metric.score()
    assert (score.precision, score.recall) == (0.5, 0.25)
    assert score.f1 == pytest.approx(1 / 3)
    assert len(metric.pages) == 2


def test_wx_reference_is_text_rd_reference_is_html() -> None:
    wx, rd = make_metric("wx"), make_metric("rd")
    for metric in (wx, rd):
        metric.add(page("<p>alpha</p>"), "alpha")
    # wx reads "<p>alpha</p>" as text: tokens p, alpha, p; the output has 1 of 3.
    assert wx.score().recall == pytest.approx(1 / 3)
    assert rd.score().recall == 1.0


@pytest.mark.parametrize(
    ("expected", "got", "agrees"),
    [
        ("Hello   World", "hello world", True),
        ("Straße", "STRASSE", True),
        ("Title", "Title | Site", False),
        ("Title", None, False),
        (None, "Title", None),
        ("  ", "Title", None),
    ],
)
def test_title_agreement(expected: object, got: str | None, agrees: bool | None) -> None:
    assert title_agrees(expected, got) is agrees


def test_tally_skips_unannotated_fields() -> None:
    tally = Tally()
    tally.add_flags({"title": True, "author": None, "date": False})
    tally.add_flags({"title": False, "author": True, "date": None})
    assert tally.shares() == {"title": (1, 2), "date": (0, 1), "author": (1, 1)}
