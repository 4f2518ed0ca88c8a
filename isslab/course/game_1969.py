"""Exercises of ``notebooks/08-1969.ipynb``: an exact law, the turn order, and the famous scientists."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from isslab.course.kit import Feedback, answered, direction_exercise, est, exercise, number, whole

__all__ = ["best_position", "exact_mean", "famous_supply"]


@exercise(
    "Five dice with three success faces, two neutral faces and one failure face: what is the mean score "
    "of a mission test without research?",
    "a number",
)
def exact_mean(answer: Any, law: Mapping[int, Any]) -> Feedback:
    answer = number(answer)
    mean = float(sum(k * p for k, p in law.items()))
    seen = (
        f"the exact mean is {mean:.3f}: each of five dice adds 1 with probability 3/6 and takes 1 away "
        "with probability 1/6, so 5 x (1/2 - 1/6) = 5/3"
    )
    return answered(abs(answer - mean) <= 0.1, seen, f"you said {answer:g}")


@exercise(
    "Counting from the First Player of 1963 (position 1), which position in the turn order wins most often?",
    "a position, 1 to 4",
)
def best_position(answer: Any, table: pd.DataFrame) -> Feedback:
    answer = whole(answer, "a position", among=table["position"])
    ranked = table.sort_values("estimate", ascending=False)
    top = ranked.iloc[0]
    mine = table[table["position"] == answer].iloc[0]
    # the positions these games cannot tell from the top: their intervals overlap its interval
    rows = list(zip(ranked["position"], ranked["estimate"], ranked["low"], ranked["high"], strict=True))
    tied = [int(p) for p, _, _, high in rows if float(high) >= float(top["low"])]
    seen = f"position {int(top['position'])} wins most, {est(top['estimate'], top['low'], top['high'])}"
    if len(tied) > 1:
        others = ", ".join(f"{int(p)} {est(v, lo, hi)}" for p, v, lo, hi in rows if int(p) in tied[1:])
        seen += (
            f", but the intervals of positions {others} overlap it: these games cannot tell which of "
            f"{tied} wins most (not shown)"
        )
    else:
        seen += ": its interval lies above every other"
    return answered(
        answer in tied, seen, f"position {answer} wins {est(mine['estimate'], mine['low'], mine['high'])}"
    )


famous_supply = direction_exercise(
    "famous_supply",
    "With twice as many famous scientists in the supply, does the worst position in the turn order win "
    "more often?",
    "the change in that position's win rate",
    borderline=0.02,
)
