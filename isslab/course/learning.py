"""Exercises of ``notebooks/02-learning-a-game.ipynb``: reading the rules of Space: 1999 on positions."""

from __future__ import annotations

from typing import Any

from isslab.core import CHANCE, State
from isslab.course.kit import Feedback, answered, direction, exercise, said

__all__ = ["jump", "three"]


@exercise(
    "Red's eagle stands on r4s2 and a blue eagle on r3s2, the next dot in along the spoke. Where does "
    "red's jump land?",
    "a dot name such as 'r1s5'",
)
def jump(answer: Any, position: State) -> Feedback:
    if not isinstance(answer, str) or len(answer) > 100:
        raise ValueError(f"answer with a dot name such as 'r2s2', got {said(answer)}")
    dot = answer.strip()
    jumps = [str(a) for a in position.legal_actions() if "jumps" in str(a)]
    ends = sorted({j.rsplit(" ", 1)[-1] for j in jumps})
    if dot in ends:
        return Feedback(
            True,
            f"{'; '.join(jumps)}: the eagle hops over the neighbour onto the vacant dot right behind it, "
            "on the same line.",
        )
    return Feedback(False, f"you said {said(dot)}; the legal jumps are: {'; '.join(jumps) or 'none'}.")


@exercise("Does a roll of 3 turn the disc?", "'yes' or 'no'")
def three(answer: Any, roll: State) -> Feedback:
    said = direction(answer)
    if said not in (0, 1):
        raise ValueError("answer 'yes' (it turns) or 'no' (it does not)")
    if roll.current_player != CHANCE:
        raise ValueError("the evidence must be a state at the die roll")
    threes = [(a, roll.apply(a)) for a, _ in roll.chance_outcomes() if getattr(a, "number", None) == 3]
    before = getattr(roll, "theta", None)
    if before is None:
        raise ValueError("the evidence must be a Space: 1999 state (it has the disc's turn, theta)")
    turned = any(getattr(after, "theta", None) != before for _, after in threes)
    shown = "; ".join(
        f"{a}: the disc at {getattr(after, 'theta', '?')} marks (it was at {before})" for a, after in threes
    )
    return answered(
        bool(said) == turned, shown, lesson=f"A 3 {'turns' if turned else 'does not turn'} the disc."
    )
