"""Exercises of ``notebooks/07-space-1999.ipynb``: reading the design report of Space: 1999."""

from __future__ import annotations

from typing import Any, Final

import pandas as pd

from isslab.course.kit import Feedback, answered, direction_exercise, est, exercise, word

__all__ = ["kingmaking", "runaway", "top_assumption"]


@exercise(
    "Which assumed value of the game moves its main outcome most across its plausible values?",
    "an option's name",
)
def top_assumption(answer: Any, ranked: pd.DataFrame) -> Feedback:
    order = list(ranked.sort_values("rank")["quantity"])
    said = word(answer, order, f"an option's name among the assumptions varied: {', '.join(order)}")
    top = ranked.sort_values("rank").iloc[0]
    place = order.index(said) + 1
    seen = (
        f"{top['quantity']} moves the outcome most "
        f"({est(top['value'], top['low'], top['high'], signed=True)} at {top['label']})"
    )
    return answered(place == 1, seen, f"{said} comes {place} of {len(order)}")


runaway = direction_exercise(
    "runaway",
    "In a four-player game, does the sole leader at mid-game win more often than the leader of the same "
    "games replayed without feedback (their rounds in a random order)?",
    "the leader's win rate minus that of the same games without feedback",
    borderline=0.02,
)

#: the share of kingmade games the kingmaking question is asked against: one game in ten
KINGMAKING_BAR: Final = 0.1

kingmaking = direction_exercise(
    "kingmaking",
    "Two thirds into a four-player game, the commander in last place plays on: does its play decide who "
    "wins in more than one of ten games where it cannot win anyway ('up'), in fewer ('down'), or can "
    "these probes not tell ('none')?",
    "the share of probes where the last seat decided who won",
    null=KINGMAKING_BAR,
)
