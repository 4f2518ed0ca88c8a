"""Exercises of ``notebooks/04-measuring.ipynb``: intervals, how many games, and going first."""

from __future__ import annotations

from typing import Any

from isslab.course.kit import Feedback, answered, direction_exercise, exercise, number, said, whole
from isslab.frames.stats import wilson_interval

__all__ = ["all_wins", "first_player", "games_for_half"]


@exercise(
    "A bot won all 300 of its games. What is the lower end of the 95% interval of its true win rate?",
    "a rate from 0 to 1",
)
def all_wins(answer: Any, wins: int, games: int) -> Feedback:
    answer = number(answer, "a rate from 0 to 1", 0, 1)
    low, high = wilson_interval(wins, games)
    seen = (
        f"{wins} wins in {games} games: the 95% Wilson interval is [{low:.3f}, {high:.3f}]; the games are "
        f"compatible with a true win rate as low as {low:.3f}"
    )
    lesson = "Winning every game is strong evidence, never certainty."
    return answered(abs(answer - low) <= 0.01, seen, f"you said {answer:.3f}", lesson)


@exercise(
    "An interval is a certain width after 250 games. About how many games make it half as wide?",
    "a number of games",
)
def games_for_half(answer: Any, widths: dict[int, float]) -> Feedback:
    answer = whole(answer, "a number of games")
    if answer <= 0:
        raise ValueError(f"answer with a number of games (at least 1), got {said(answer)}")
    (n0, w0), (n1, w1) = sorted(widths.items())[:2]
    seen = (
        f"with {n0} games the interval was {w0:.3f} wide, with {n1} games {w1:.3f}: {n1 // n0} times the "
        f"games made it {w0 / w1:.1f} times narrower (the width shrinks with the square root of the games)"
    )
    if 3 * n0 <= answer <= 5 * n0:
        return Feedback(True, f"{seen}.")
    return Feedback(False, f"you said {answer}; {seen}, so halving it takes about {4 * n0} games.")


first_player = direction_exercise(
    "first_player",
    "At four players, does the commander who moves first win more often than a seat on average?",
    "the first-player advantage",
)
