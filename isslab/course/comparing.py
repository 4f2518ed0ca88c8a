"""Exercises of ``notebooks/06-comparing-and-concluding.ipynb``: pairing, and conclusions that hold."""

from __future__ import annotations

from typing import Any

from isslab.course.kit import Feedback, answered, direction_exercise, exercise, word

__all__ = ["narrower", "reading_first_player", "spy_reading"]


@exercise(
    "The same difference in game length, with an interval paired on the seeds and one that ignores the "
    "pairing: which interval is narrower?",
    "'paired', 'unpaired' or 'same'",
)
def narrower(answer: Any, paired: float, unpaired: float) -> Feedback:
    said = word(answer, ("paired", "unpaired", "same"))
    truth = "paired" if paired < 0.95 * unpaired else ("unpaired" if unpaired < 0.95 * paired else "same")
    seen = (
        f"the paired interval is {paired:.2f} wide, the unpaired one {unpaired:.2f}: pairing on the seeds "
        f"cancels the luck both variants share (it is {unpaired / paired:.1f} times narrower)"
    )
    return answered(said == truth, seen, f"you said {said!r}")


reading_first_player = direction_exercise(
    "reading_first_player",
    "Does the compulsory-launch reading change how often the first mover wins?",
    "the change in the first mover's win rate",
)

spy_reading = direction_exercise(
    "spy_reading",
    "If a spy's point is lost by the nation whose sheet it sits on, not by its hirer, does the spy bot win "
    "more often?",
    "the change in the spy bot's win rate",
)
