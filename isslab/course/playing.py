"""Exercises of ``notebooks/03-playing.ipynb``: how strong is a bot, and a bot of your own."""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

from isslab.core import Game, State
from isslab.course.kit import Feedback, est, exercise, interval, number, said
from isslab.frames.stats import wilson_interval
from isslab.sim.api import simulate

__all__ = ["greedy_vs_random", "own_bot"]


@exercise(
    "In a two-player game, how often does the greedy bot beat a random mover?", "a win rate from 0 to 1"
)
def greedy_vs_random(answer: Any, row: Any) -> Feedback:
    answer = number(answer, "a win rate from 0 to 1", 0, 1)
    v, lo, hi = interval(row, "estimate")
    seen = f"greedy won {est(v, lo, hi)} of its games against random"
    if lo - 0.05 <= answer <= hi + 0.05:
        return Feedback(True, f"{seen}; your {answer:.2f} is within 0.05 of that interval.")
    return Feedback(False, f"you said {answer:.2f}; {seen}.")


#: the CPU seconds one move of the student's bot may take, and the seconds the whole check may take
MOVE_SECONDS: Final = 2.0
CHECK_SECONDS: Final = 120.0
#: the bot to beat: ``easy`` plays the game's default bot's move, or a random one half the time. A
#: random mover is no baseline: a bot that always plays the first legal move beats it in Space: 1999
#: (59 of 60 games at two eagles a seat), and does not beat ``easy`` (28 of 60)
BASELINE: Final = "easy"


class _BotFailed(Exception):
    """The student's bot raised, answered with an illegal action or took too long: the reason."""


class _TooSlow(BaseException):
    """Raised inside a bot that has not returned in time (a BaseException: ``except Exception`` in the
    bot does not swallow it)."""


class _Watched:
    """The student's bot, watched: an exception, an illegal answer or a slow move stops the check."""

    def __init__(self, bot: Callable[..., Any]) -> None:
        self.bot = bot
        self.__name__ = "your bot"

    def __call__(self, state: State, rng: random.Random) -> Any:
        start = time.process_time()
        try:
            action = self.bot(state, rng)
        except Exception as exc:
            raise _BotFailed(
                f"your bot raised {type(exc).__name__} at move {state.move_number}: {said(str(exc))}"
            ) from None
        if time.process_time() - start > MOVE_SECONDS:
            raise _BotFailed(
                f"your bot took more than {MOVE_SECONDS:g} s of CPU time for move {state.move_number}: "
                "search less, or cache what it computes"
            )
        reason = state.why_illegal(action)
        if reason is not None:
            raise _BotFailed(
                f"your bot answered {said(action)} at move {state.move_number}, which is not a legal action: "
                "return one of state.legal_actions()"
            )
        return action


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise ``_TooSlow`` in the main thread after ``seconds`` (a bot that never returns stops)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield  # elsewhere only the moves that return are timed
        return

    def ring(signum: int, frame: Any) -> None:
        raise _TooSlow

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@exercise(
    "Write a bot (a function of the state and a random generator that returns a legal action) that beats "
    "the easy bot (the default bot's move, or a random one half the time) in a two-player game, by more "
    "than chance.",
    "a function (state, rng) -> action",
)
def own_bot(answer: Any, game: Game, games: int = 60) -> Feedback:
    if not callable(answer) or isinstance(answer, type):
        raise ValueError(f"answer with a function (state, rng) -> action, got {said(answer)}")
    if game.num_players != 2:
        raise ValueError("the check plays a two-player game")
    try:
        with _deadline(CHECK_SECONDS):
            df = simulate(
                game, bots=[_Watched(answer), BASELINE], games=games, seed=11, progress=False,
                rotate_seats=True,
            )  # fmt: skip
    except _BotFailed as exc:
        raise ValueError(str(exc)) from None
    except _TooSlow:
        raise ValueError(
            f"your bot did not finish {games} games within {CHECK_SECONDS:g} s (a move that never "
            "returns?): make each move quick"
        ) from None
    mine = df[df["seat"] == df["game"] % 2]  # rotated seats: the bot plays seat game % 2
    wins = float(mine["win"].sum())
    v, (lo, hi) = wins / len(mine), wilson_interval(wins, len(mine))
    seen = f"your bot won {est(v, lo, hi)} of {len(mine)} games against {BASELINE}, seats alternating"
    if lo > 0.5:
        return Feedback(True, f"{seen}: the whole interval lies above an even match.")
    return Feedback(False, f"{seen}: the interval reaches down to an even match (0.5) or below.")
