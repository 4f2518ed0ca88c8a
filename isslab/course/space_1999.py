"""Exercises of ``notebooks/07-space-1999.ipynb``: reading the design report of Space: 1999."""

from __future__ import annotations

from typing import Any, Final

import pandas as pd

from isslab.course.kit import Feedback, answered, direction_exercise, est, exercise, tied_with_first, word

__all__ = ["kingmaking", "runaway", "top_assumption"]


@exercise(
    "Which assumed value of the game moves its main outcome most across its plausible values, under the "
    "report's first line-up?",
    "an option's name",
)
def top_assumption(answer: Any, ranked: pd.DataFrame) -> Feedback:
    if (
        "lineup" in ranked
    ):  # the report ranks the assumptions under each line-up: the question asks the first's
        ranked = ranked[ranked["lineup"] == ranked["lineup"].iloc[0]]
    ranked = ranked.sort_values("rank").reset_index(drop=True)
    order = list(ranked["quantity"])
    said = word(answer, order, f"an option's name among the assumptions varied: {', '.join(order)}")
    top = ranked.iloc[0]
    # the assumptions these games cannot tell from the top: the intervals of their sizes overlap
    tied = tied_with_first(ranked["quantity"], ranked["low"], ranked["high"])
    place = order.index(said) + 1
    seen = (
        f"{top['quantity']} moves the outcome most "
        f"({est(top['value'], top['low'], top['high'], signed=True)} at {top['label']})"
    )
    if len(tied) > 1:
        seen += (
            f", but these games cannot tell {tied} apart: the intervals of their sizes overlap (not shown)"
        )
    return answered(said in tied, seen, f"{said} comes {place} of {len(order)}")


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
