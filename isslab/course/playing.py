"""Exercises of ``notebooks/03-playing.ipynb``: how strong is a bot, and a bot of your own."""

from __future__ import annotations

from typing import Any

from isslab.core import Game
from isslab.course.kit import Exercise, Feedback, est, interval
from isslab.frames.stats import wilson_interval
from isslab.sim.api import simulate

__all__ = ["greedy_vs_random", "own_bot"]


def _judge_greedy(answer: Any, row: Any) -> Feedback:
    if isinstance(answer, bool) or not isinstance(answer, int | float) or not 0 <= answer <= 1:
        raise ValueError(f"answer with a win rate from 0 to 1, got {answer!r:.40}")
    v, lo, hi = interval(row, "estimate")
    seen = f"greedy won {est(v, lo, hi)} of its games against random"
    if lo - 0.05 <= answer <= hi + 0.05:
        return Feedback(True, f"{seen}; your {answer:.2f} is within 0.05 of that interval.")
    return Feedback(False, f"you said {answer:.2f}; {seen}.")


greedy_vs_random = Exercise(
    "greedy_vs_random",
    "In a two-player game, how often does the greedy bot beat a random mover?",
    "a win rate from 0 to 1",
    _judge_greedy,
)


def _judge_own(answer: Any, game: Game, games: int = 60) -> Feedback:
    if not callable(answer):
        raise ValueError("answer with a function (state, rng) -> action")
    if game.num_players != 2:
        raise ValueError("the check plays a two-player game")
    df = simulate(game, bots=[answer, "random"], games=games, seed=11, progress=False, rotate_seats=True)
    mine = df[df["seat"] == df["game"] % 2]  # rotated seats: the bot plays seat game % 2
    wins = float(mine["win"].sum())
    v, (lo, hi) = wins / len(mine), wilson_interval(wins, len(mine))
    seen = f"your bot won {est(v, lo, hi)} of {len(mine)} games against random, seats alternating"
    if lo > 0.5:
        return Feedback(True, f"{seen}: the whole interval lies above an even match.")
    return Feedback(False, f"{seen}: the interval reaches down to an even match (0.5) or below.")


own_bot = Exercise(
    "own_bot",
    "Write a bot (a function of the state and a random generator that returns a legal action) that beats "
    "a random mover in a two-player game, by more than chance.",
    "a function (state, rng) -> action",
    _judge_own,
)
