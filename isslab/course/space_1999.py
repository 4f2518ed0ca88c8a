"""Exercises of ``notebooks/07-space-1999.ipynb``: reading the design report of Space: 1999."""

from __future__ import annotations

from typing import Any

import pandas as pd

from isslab.course.kit import Exercise, Feedback, direction_exercise, est, number, word

__all__ = ["kingmaking", "runaway", "top_assumption"]


def _judge_top(answer: Any, ranked: pd.DataFrame) -> Feedback:
    order = list(ranked.sort_values("rank")["quantity"])
    said = word(answer, order, f"an option's name among the assumptions varied: {', '.join(order)}")
    top = ranked.sort_values("rank").iloc[0]
    place = order.index(said) + 1
    seen = (
        f"{top['quantity']} moves the outcome most "
        f"({est(top['value'], top['low'], top['high'], signed=True)} at {top['label']})"
    )
    if place == 1:
        return Feedback(True, f"{seen}.")
    return Feedback(False, f"{said} comes {place} of {len(order)}; {seen}.")


top_assumption = Exercise(
    "top_assumption",
    "Which assumed value of the game moves its main outcome most across its plausible values?",
    "an option's name",
    _judge_top,
)


runaway = direction_exercise(
    "runaway",
    "In a four-player game, does the sole leader at mid-game win more often than the fair quarter?",
    "the leader's win rate",
    null=1 / 4,
)


def _judge_kingmaking(answer: Any, row: Any) -> Feedback:
    answer = number(answer, "a share from 0 to 1", 0, 1)
    v, lo, hi = float(row["value"]), float(row["low"]), float(row["high"])
    seen = f"a last seat that could not win decided who did in {est(v, lo, hi)} of the probes"
    if lo - 0.1 <= answer <= hi + 0.1:
        return Feedback(True, f"{seen}; your {answer:.2f} is within 0.1 of that interval.")
    return Feedback(False, f"you said {answer:.2f}; {seen}.")


kingmaking = Exercise(
    "kingmaking",
    "Two thirds into a four-player game, the commander in last place plays on: in what share of the games "
    "where it cannot win anyway does its play decide who wins?",
    "a share from 0 to 1",
    _judge_kingmaking,
)
