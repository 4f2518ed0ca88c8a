"""The words of a review: move ratings, luck marks, accuracy and the ladder's labels."""

from __future__ import annotations

import math

import pytest

from isslab.analysis.ratings import LADDER, LUCK, RATINGS, accuracy, label, luck_rating, rate


def test_ratings_follow_the_documented_thresholds() -> None:
    assert [name for name, _ in RATINGS] == ["blunder", "mistake", "inaccuracy"]
    assert rate(0.2) == "blunder" and rate(0.15) == "blunder" and rate(0.12) == "mistake"
    assert rate(0.05) == "inaccuracy" and rate(0.049) == "" and rate(0.0) == ""


def test_luck_is_marked_by_its_size_only_beyond_twice_its_error() -> None:
    assert {name for name, _ in LUCK} == {"very lucky", "lucky", "unlucky", "very unlucky"}
    assert luck_rating(0.25) == "very lucky" and luck_rating(0.12) == "lucky" and luck_rating(0.05) == ""
    assert luck_rating(-0.25) == "very unlucky" and luck_rating(-0.1) == "unlucky"
    assert luck_rating(0.25, se=0.2) == ""  # noise of rollouts is no luck
    assert luck_rating(0.25, se=0.1) == "very lucky" and luck_rating(0.25, se=math.nan) == "very lucky"
    assert luck_rating(math.nan) == ""


def test_accuracy_is_lichess_formula_averaged_over_the_decisions() -> None:
    assert accuracy([0.0]) == pytest.approx(100.0, abs=1e-3)
    one = 103.1668 * math.exp(-0.04354 * 10) - 3.1669
    assert accuracy([0.1]) == pytest.approx(one)
    assert accuracy([0.0, 0.1]) == pytest.approx((100.0 + one) / 2, abs=1e-3)
    assert accuracy([1.0]) == 0.0  # clipped: a lost game's worth is no negative accuracy
    assert math.isnan(accuracy([]))


def test_the_ladder_runs_from_supernatural_to_awful_in_order() -> None:
    names = [name for name, _ in LADDER]
    assert names[0] == "supernatural" and names[-1] == "awful" and len(names) == 8
    bounds = [b for _, b in LADDER]
    assert bounds == sorted(bounds) and bounds[-1] == math.inf
    assert [label(b - 1e-9) for b in bounds[:-1]] == names[:-1]
    assert label(bounds[-2]) == "awful" and label(0.0) == "supernatural" and label(math.nan) == ""
