"""Exercises of ``notebooks/12-win-chances.ipynb``: what moved a seat's chance, and does the judge judge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from isslab.course.kit import Feedback, direction_exercise, exercise, word

__all__ = ["judge_separates", "what_moved"]

#: the three parts of a seat's way from its chance at the start to its result, as the review names them
PARTS: Final = {"luck": "luck", "own": "own_decisions", "rivals": "rivals_decisions"}


@exercise(
    "The winner of the reviewed Space: 1999 game went from its chance at the start to 1. Which part moved it "
    "most: 'luck' (the die), 'own' (its decisions) or 'rivals' (the other seats' decisions)?",
    "'luck', 'own' or 'rivals'",
)
def what_moved(answer: Any, row: Mapping[str, Any]) -> Feedback:
    said = word(answer, PARTS, "'luck', 'own' or 'rivals'")
    sizes = {name: float(row[column]) for name, column in PARTS.items()}
    top = max(sizes, key=lambda k: abs(sizes[k]))
    seen = (
        f"{row['name']} went from {float(row['start']):.2f} to {float(row['end']):.2f}: luck "
        f"{sizes['luck']:+.2f}, its own decisions {sizes['own']:+.2f}, its rivals' {sizes['rivals']:+.2f} "
        f"(they add up to the distance travelled), so {top} moved it most in this one game"
    )
    if said == top:
        return Feedback(True, f"{seen}. One game is one draw: the luck share below reads many.")
    return Feedback(False, f"you said {said!r}; {seen}.")


judge_separates = direction_exercise(
    "judge_separates",
    "Random against greedy at two seats, each game reviewed: is the random seat's loss the larger in more "
    "than half of the games ('up'), in fewer ('down'), or can these games not tell ('none')?",
    "the share of games in which the random seat lost more",
    null=0.5,
)
