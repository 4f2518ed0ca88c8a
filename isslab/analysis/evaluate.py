"""Each seat's chance of winning from a position: ``isslab.evaluate`` and its :class:`Evaluation`.

Two methods:

* ``"rollout"`` plays the game on from the position ``games`` times (the game's default bot in
  every seat unless ``bots`` says otherwise; chance by its odds, seeded) and reports each seat's mean
  result with a 95% interval: Wilson's for win/lose results, the normal approximation for returns
  on another scale. With a ``seat``, every game starts from a position drawn with
  ``state.resample_hidden(seat, rng)``: what that seat may know, never the real hidden values.
* ``"model"`` asks the fitted evaluator of the game (:mod:`isslab.analysis.winprob`, fitted on
  first use and cached). It reads only views: with a ``seat``, every seat's chance as that seat may
  see it; without, each seat's chance from its own view. It has no interval (``low`` and ``high``
  are NaN); ``games`` is the number of games it learned from.

The number is the chance of winning in a win/lose game and the expected return in a cooperative
game (Mission ISS: modules attached); ``Evaluation.kind`` says which, from ``game.info.returns``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

import isslab.checks as checks
from isslab.analysis.winprob import WinModel, chance_kind, given_model, model
from isslab.core import TERMINAL, State, short_repr
from isslab.frames.stats import mean_interval, wilson_interval
from isslab.play import BotSpec, derive_seeds, play
from isslab.sim.chunks import pool_for, run_chunks
from isslab.sim.pool import Workers, as_pool

__all__ = ["METHODS", "Evaluation", "evaluate"]

#: the methods ``evaluate`` offers
METHODS: Final = ("rollout", "model")
#: rollouts of one evaluation at most
MAX_GAMES: Final = 1_000_000
#: games per chunk handed to a worker
_CHUNK: Final = 50


@dataclass(frozen=True)
class Evaluation:
    """Each seat's chance (or expected return), its 95% interval, the method and the games behind it."""

    chances: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    method: str
    games: int
    #: the seat whose knowledge was evaluated (None: every seat from its own, or the real position)
    seat: int | None
    #: "win chance" or "expected return"
    kind: str
    seat_names: tuple[str, ...] = ()

    def __str__(self) -> str:
        parts = []
        for i, c in enumerate(self.chances):
            name = self.seat_names[i] if i < len(self.seat_names) else str(i)
            interval = "" if math.isnan(self.low[i]) else f" [{self.low[i]:.2f}, {self.high[i]:.2f}]"
            parts.append(f"{name} {c:.2f}{interval}")
        return f"{self.kind} ({self.method}, {self.games:,} games): " + ", ".join(parts)

    def best(self) -> int:
        """The seat with the highest chance (the first on a tie)."""
        return int(np.argmax(self.chances))


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise ValueError(f"evaluate takes an isslab State, got {short_repr(state, 60)}")
    return state


def _rollout_chunk(
    state: State, seat: int | None, bots: BotSpec, seeds: list[int]
) -> list[tuple[float, ...]]:
    """Play one game on from ``state`` (or from a position ``seat`` cannot tell from it) per seed."""
    hidden = seat is not None and state.game.info.hidden_information
    out = []
    for s in seeds:
        start = state.resample_hidden(seat, random.Random(s ^ 0xC0FFEE)) if hidden else state  # type: ignore[arg-type]
        rec = play(state.game, bots, seed=s, state=start)
        out.append(tuple(float(r) for r in rec.returns))
    return out


def _interval(results: np.ndarray, win_lose: bool) -> tuple[list[float], list[float]]:
    lows, highs = [], []
    n = len(results)
    for j in range(results.shape[1]):
        col = results[:, j]
        if win_lose:
            lo, hi = wilson_interval(float(col.sum()), n)
        elif n >= 2 and float(np.std(col)) == 0.0:
            lo = hi = float(col[0])
        else:
            lo, hi = mean_interval(col)
        lows.append(lo)
        highs.append(hi)
    return lows, highs


def evaluate(
    state: State,
    seat: int | None = None,
    method: str = "rollout",
    games: int | str = 400,
    bots: BotSpec | None = None,
    seed: int = 0,
    workers: Workers = 1,
    *,
    precision: float = 0.05,
    model_: WinModel | None = None,
) -> Evaluation:
    """Each seat's chance of winning from ``state`` (see the module docstring for the methods).

    ``games`` is the number of rollouts, or ``"auto"``: batches of 100 until every seat's 95%
    interval is at most ``precision`` on each side (at most 10,000 games). ``workers`` runs the
    rollouts as ``simulate`` runs its games (:func:`isslab.sim.pool.as_pool`: processes, an
    ``Executor`` or a dask ``Client``); the same seed gives the same numbers for any worker count.
    ``model_`` evaluates with a given fitted model instead of the cached one.
    """
    # every argument is checked whatever the method, so that a mistake never passes unseen
    state = _check_state(state)
    game = state.game
    seat = checks.optional_seat("seat", seat, game.num_players)
    method = checks.choice("method", method, METHODS)
    auto = isinstance(games, str) and games == "auto"
    count = None if auto else checks.as_count(games)
    if not auto and (count is None or not 1 <= count <= MAX_GAMES):
        raise ValueError(
            f"games must be an int from 1 to {MAX_GAMES:,} or 'auto', got {short_repr(games, 40)}"
        )
    precision = checks.number("precision", precision, 0.0, 1.0, above=True, example="0.05")
    seed = checks.seed("seed", seed)
    as_pool(workers, 1)  # the one rule for workers, checked whatever the method
    fitted = given_model(model_, game)
    spec: BotSpec = game.info.default_bot if bots is None else bots
    _validate_bots(state, spec)
    kind = chance_kind(game)
    names = tuple(game.seat_name(s) for s in range(game.num_players))
    if state.current_player == TERMINAL:
        ret = tuple(float(r) for r in state.returns())
        return Evaluation(ret, ret, ret, method, 0, seat, kind, names)
    if method == "model":
        fitted = fitted if fitted is not None else model(game)
        values = tuple(fitted.values(state, seat))
        nan = (math.nan,) * len(values)
        return Evaluation(values, nan, nan, "model", fitted.spec.games, seat, kind, names)
    total = 10_000 if count is None else count
    seeds = derive_seeds(seed, total)
    step = 100 if auto else total
    results: list[tuple[float, ...]] = []
    win_lose = kind == "win chance"
    with pool_for(workers, -(-total // _CHUNK)) as pool:  # one pool for every batch of an "auto" run
        while len(results) < total:
            batch = seeds[len(results) : len(results) + step]
            chunks = [(state, seat, spec, batch[i : i + _CHUNK]) for i in range(0, len(batch), _CHUNK)]
            for part in run_chunks(_rollout_chunk, chunks, pool):
                results += part
            arr = np.asarray(results, dtype=float)
            win_lose = kind == "win chance" and bool(np.isin(arr, (0.0, 1.0)).all())
            lows, highs = _interval(arr, win_lose)
            means = arr.mean(axis=0)
            if (
                not auto
                or max(max(h - c, c - lo) for lo, h, c in zip(lows, highs, means, strict=True)) <= precision
            ):
                break
    arr = np.asarray(results, dtype=float)
    lows, highs = _interval(arr, win_lose)
    return Evaluation(
        tuple(float(x) for x in arr.mean(axis=0)),
        tuple(lows),
        tuple(highs),
        "rollout",
        len(results),
        seat,
        kind,
        names,
    )


def _validate_bots(state: State, bots: BotSpec) -> None:
    """Resolve the bots once here, so a bad name fails before any worker starts."""
    from isslab.play import resolve_bots

    resolve_bots(state.game, bots)
