"""Exercises of ``notebooks/10-1998-iss.ipynb``: which lever makes FEDOR strong, and calibrating it."""

from __future__ import annotations

from typing import Any

import pandas as pd

from isslab.course.kit import Feedback, answered, est, exercise, tied_with_first, whole, word

__all__ = ["calibrate", "strongest_lever"]


@exercise(
    "Of FEDOR's options, which one, moved alone across its plausible values, changes the player's margin "
    "against FEDOR most?",
    "an option's name",
)
def strongest_lever(answer: Any, levers: pd.DataFrame) -> Feedback:
    answer = word(answer, levers["option"], f"one of the levers: {', '.join(levers['option'])}")
    ranked = levers.sort_values("move", key=abs, ascending=False).reset_index(drop=True)
    top = ranked.iloc[0]
    place = int(ranked.index[ranked["option"] == answer][0]) + 1
    # the levers these games cannot tell from the top: the intervals of their sizes overlap
    tied = tied_with_first(ranked["option"], ranked["low"], ranked["high"])
    seen = (
        f"{top['option']} moves the margin most: {est(top['move'], top['low'], top['high'], 1, signed=True)} "
        f"points at {top['value']}"
    )
    runner = ranked.iloc[1]
    moved = est(runner["move"], runner["low"], runner["high"], 1, signed=True)
    second = f"{runner['option']} ({moved} at {runner['value']})"
    if len(tied) > 1:
        seen += (
            f", but its interval overlaps that of {second}: these games cannot tell {tied} apart (not shown)"
        )
    else:
        seen += f", clearly ahead of {second}"
    return answered(answer in tied, seen, f"{answer} comes {place} of {len(ranked)}")


@exercise(
    "Choose FEDOR's free cargo per shuttle (fedor_cargo) so that the greedy bot and FEDOR are an even match.",
    "a value of fedor_cargo",
)
def calibrate(answer: Any, margins: pd.DataFrame) -> Feedback:
    answer = whole(answer, "a fedor_cargo value", among=margins["fedor_cargo"])
    row = margins[margins["fedor_cargo"] == answer].iloc[0]
    fair = margins[(margins["low"] <= 0) & (margins["high"] >= 0)]["fedor_cargo"].tolist()
    margin = est(row["estimate"], row["low"], row["high"], 1)
    seen = f"with fedor_cargo={answer} the greedy bot's margin is {margin}"
    if row["low"] <= 0 <= row["high"]:
        return Feedback(True, f"{seen}: an even match at this number of games.")
    where = f"values whose interval includes 0: {fair}" if fair else "no value tried gives an even match"
    return Feedback(False, f"{seen}; {where}.")
