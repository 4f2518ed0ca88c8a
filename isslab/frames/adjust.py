"""Luck-adjusted estimates: a control variate per game from its chance events, and the cross-fitted estimator.

**The control variate.** At every chance step of a game, for every seat, the *luck* of the outcome
drawn is the seat's value after it minus the value expected over the step's exact law
(``state.chance_outcomes()``). The value is a function of the position given by the caller (the
fitted win-chance model of the table, ``simulate(..., luck="model")``) or else the first component
of the game's own ``State.standing`` (``luck="standing"``: cheap, but it tracks the win far less).
Summed over the game, a seat's luck has expectation exactly zero whatever the bots do (each term
is a martingale difference: its mean over the outcomes is zero given everything before it), so it
can be subtracted from any per-game result without moving its mean. It measures how much the dice
and the draws pushed each seat, so it takes away part of the noise of a win (GNU Backgammon's
luck-adjusted result). The value may see the whole state (the luck of the model is read from seat
0's view): any value keeps the mean at zero, and the luck is used only in estimates over many
games, never shown to a seat.

**The estimator.** For per-game values ``y`` and luck columns ``X`` (one row a game),
:func:`adjusted_values` returns ``y - X b`` with the coefficient ``b`` fitted by least squares on the
*other* half of the games (two-fold cross-fitting): as ``b`` does not depend on the game it is used
for and ``E[X] = 0``, every adjusted value has exactly the mean of ``y``, and the interval is the
normal approximation on the adjusted values. With ``b`` fitted on the same games the estimate
would carry a bias of order ``1/n``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from isslab.core import CHANCE, Action, State

__all__ = ["LUCK_COLUMN", "OPENING_COLUMN", "LuckTracker", "ValuesOf", "adjusted_values", "interval_ratio"]

#: the per-seat column ``simulate(..., luck=...)`` adds: the seat's luck summed over the game
LUCK_COLUMN: Final = "luck"
#: and the part of it drawn before the first move (who moves first, the opening deal): a question
#: about the first mover takes the luck after it, whose mean is zero for the seat chosen then
OPENING_COLUMN: Final = "luck_opening"
#: the fewest games a fold needs before its coefficients are fitted (fewer: no adjustment)
MIN_FOLD: Final = 10

#: a value of many positions at once: one sequence of per-seat values per position
ValuesOf = Callable[[Sequence[State]], Sequence[Sequence[float]]]


def standing_values(states: Sequence[State]) -> list[list[float]]:
    """The first component of every seat's ``State.standing`` in each position (the cheap value)."""
    return [[float(st.standing(s)[0]) for s in range(st.game.num_players)] for st in states]


class LuckTracker:
    """Sums each seat's luck over a game's chance steps while ``isslab.play`` runs (as ``on_step``)."""

    __slots__ = ("opening", "total", "values")

    def __init__(self, seats: int, values: ValuesOf | None = None) -> None:
        self.total = np.zeros(seats)
        #: the luck before the first move (None until a seat has moved)
        self.opening: np.ndarray | None = None
        self.values: ValuesOf = standing_values if values is None else values

    def __call__(self, state: State, action: Action) -> None:
        """At a chance step, add the drawn outcome's values minus the values expected over the outcomes."""
        if state.current_player != CHANCE:
            if self.opening is None:
                self.opening = self.total.copy()
            return
        outcomes = state.chance_outcomes()
        if len(outcomes) < 2:
            return
        after = np.asarray(self.values([state.apply(o) for o, _ in outcomes]), dtype=float)
        probs = np.fromiter((p for _, p in outcomes), dtype=float, count=len(outcomes))
        drawn = next((i for i, (o, _) in enumerate(outcomes) if o == action), None)
        # sample_chance draws only listed outcomes; an action outside the list is valued on its own
        value = after[drawn] if drawn is not None else np.asarray(self.values([state.apply(action)])[0])
        self.total += value - probs @ after

    def per_seat(self) -> list[float]:
        """Each seat's luck so far."""
        return [float(v) for v in self.total]

    def per_seat_opening(self) -> list[float]:
        """Each seat's luck before the first move (all of it when no seat has moved)."""
        return [float(v) for v in (self.total if self.opening is None else self.opening)]


def adjusted_values(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``y - x b`` with ``b`` fitted on the other half of the games (two-fold cross-fitting).

    ``y`` holds one value a game, ``x`` one row of zero-mean regressors a game (every seat's luck).
    The folds are the even and the odd positions. With fewer than :data:`MIN_FOLD` games in a fold,
    or no spread in ``x``, ``y`` is returned as it is. Least squares with an intercept, which is not
    subtracted: only the zero-mean part ``x b`` is, so the mean of the result estimates that of ``y``
    without bias.
    """
    y = np.asarray(y, dtype=float)
    x = np.asarray(x, dtype=float).reshape(len(y), -1)
    n = len(y)
    if n < 2 * MIN_FOLD or not np.isfinite(x).all():
        return y.copy()
    keep = np.ptp(x, axis=0) > 0
    if not keep.any():
        return y.copy()
    x = x[:, keep]
    out = y.copy()
    folds = np.arange(n) % 2
    for k in (0, 1):
        fit = folds != k
        design = np.column_stack([np.ones(int(fit.sum())), x[fit]])
        coef, *_ = np.linalg.lstsq(design, y[fit], rcond=None)
        out[~fit] = y[~fit] - x[~fit] @ coef[1:]
    return out


def interval_ratio(plain: np.ndarray, adjusted: np.ndarray) -> float:
    """How many times narrower the adjusted interval is than the plain one at equal games (sd over sd)."""
    a = float(np.std(adjusted, ddof=1))
    return float(np.std(plain, ddof=1)) / a if a > 0 else math.inf
