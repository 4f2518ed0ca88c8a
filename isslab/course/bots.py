"""Exercises of ``notebooks/11-bots-and-search.ipynb``: search budgets, and searching what a seat can know."""

from __future__ import annotations

from typing import Any

from isslab.course.kit import Feedback, answered, direction, direction_exercise, exercise

__all__ = ["budget", "same_search"]

budget = direction_exercise(
    "budget",
    "Does mcts with 256 simulations per move beat greedy more often than mcts with 4?",
    "the change in win rate from 4 to 256 simulations",
    borderline=0.02,
)


@exercise(
    "Two 1969 positions differ only in the rival's hidden cards. Does ismcts, with the same seed, search "
    "them the same way?",
    "'yes' or 'no'",
)
def same_search(answer: Any, real: Any, twin: Any) -> Feedback:
    said = direction(answer)
    if said not in (0, 1):
        raise ValueError("answer 'yes' or 'no'")
    same = list(real.visits) == list(twin.visits) and list(real.actions) == list(twin.actions)
    seen = (
        f"the two searches {'tried every move equally often' if same else 'differ'}: ismcts never reads what "
        "its seat cannot see, so two positions the seat cannot tell apart get one search from one seed"
    )
    return answered(bool(said) == same, seen)
