"""Exercises of ``notebooks/01-what-a-game-is.ipynb``: states, moves, chance and what a seat may see."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from isslab.core import Action, State
from isslab.course.kit import Feedback, exercise, whole, word

__all__ = ["die", "first_moves", "hidden_hand"]


@exercise(
    "Between two rounds of Space: 1999 a die is rolled. How many outcomes does that chance node have?",
    "a whole number",
)
def die(answer: Any, outcomes: Sequence[tuple[Action, float]]) -> Feedback:
    n = whole(answer)
    odds = sorted({round(p, 6) for _, p in outcomes})
    names = ", ".join(str(a) for a, _ in outcomes)
    same = f"each with probability {odds[0]:.3f} (1/{round(1 / odds[0])})" if len(odds) == 1 else "with odds"
    if n == len(outcomes):
        return Feedback(True, f"the die has {len(outcomes)} outcomes, {same}: {names}.")
    return Feedback(False, f"you said {n}; `chance_outcomes()` lists {len(outcomes)}, {same}: {names}.")


@exercise("After the roll-off, how many legal moves does the first commander have?", "a whole number")
def first_moves(answer: Any, state: State) -> Feedback:
    n = whole(answer)
    legal = [str(a) for a in state.legal_actions()]
    if n == len(legal):
        return Feedback(
            True, f"{len(legal)} moves: {'; '.join(legal)} (one per launch line of the home corner)."
        )
    return Feedback(False, f"you said {n}; the first commander has {len(legal)}: {'; '.join(legal)}.")


@exercise(
    "In 1969, what does USA's view (`state.view(0)`) tell about USSR's Intelligence cards: "
    "'cards' (their values), 'size' (how many) or 'nothing'?",
    "'cards', 'size' or 'nothing'",
)
def hidden_hand(answer: Any, view: dict[str, Any], rival: int) -> Feedback:
    said = word(answer, ("cards", "size", "nothing"))
    sizes: list[int] = list(view.get("hand_sizes") or [])
    truth = "size" if rival < len(sizes) else "nothing"
    cards = "card" if truth == "size" and sizes[rival] == 1 else "cards"
    what = (
        f"the view holds `hand_sizes` (the rival holds {sizes[rival]} {cards}) and only the seat's own `hand`"
        if truth == "size"
        else "the view says nothing of the rival's hand"
    )
    if said == truth:
        return Feedback(True, f"{what}: a seat sees how many cards a rival holds, never which.")
    return Feedback(False, f"you said {said!r}; {what}.")
