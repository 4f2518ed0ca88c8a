"""Exercises of ``notebooks/05-changing-a-rule.ipynb``: sweeps on the same seeds, many intervals at once."""

from __future__ import annotations

from typing import Any

import pandas as pd

from isslab.course.kit import Feedback, answered, direction_exercise, exercise, number

__all__ = ["chance_misses", "eagles_length", "forced_launch"]

eagles_length = direction_exercise(
    "eagles_length",
    "From four eagles per commander to six, do games get longer (in rounds)?",
    "the change in rounds per game",
)

forced_launch = direction_exercise(
    "forced_launch",
    "If a commander must launch whenever a launch is legal, do games get longer or shorter (in rounds)?",
    "the change in rounds per game",
)


@exercise(
    "If every seat were equally strong, how many of 16 intervals at 95% would miss the fair share by "
    "chance alone?",
    "a number of intervals",
)
def chance_misses(answer: Any, table: pd.DataFrame, fair: float) -> Feedback:
    answer = number(answer, "a number of intervals", lo=0)
    n = len(table)
    missed = int(((table["low"] > fair) | (table["high"] < fair)).sum())
    expected = 0.05 * n
    seen = (
        f"with {n} intervals at 95%, chance alone makes about {expected:.1f} of them miss the fair "
        f"{fair:g} even when every seat is fair; here {missed} missed"
    )
    if answer == 0:
        return Feedback(
            False,
            f"you said 0, as if a 95% interval always held the truth; {seen}. One interval in twenty "
            "misses it by chance alone.",
        )
    lesson = "One interval in twenty misses the truth: look at many, and some will."
    return answered(expected / 2 <= answer <= expected + 1.2, seen, f"you said {answer:g}", lesson)
