"""Each seat's chance of winning from a position: ``isslab.evaluate`` and its :class:`Evaluation`.

Every number assumes who plays on from the position: ``bots`` (the game's default bot in every
seat unless it says otherwise), and says so (``Evaluation.assumes``: "if every seat played greedy
from here"). Two methods:

* ``"rollout"`` plays the game on from the position ``games`` times (chance by its odds, seeded) and
  reports each seat's mean result with a 95% interval: Wilson's for win/lose results, the normal
  approximation otherwise. With a ``seat``, every game starts from a position drawn with
  ``state.resample_hidden(seat, rng)``: what that seat may know, never the real hidden values.
* ``"model"`` asks the fitted evaluator of the game for that line-up
  (:func:`isslab.analysis.winprob.model`: shipped for every player count of the four games,
  or fitted on first use and cached). It reads only views: with a ``seat``, every seat's chance as that
  seat may see it (its own hand included); without, each seat's chance from its own view. It has no
  interval (``low`` and ``high`` are NaN); ``games`` is the number of games it learned from.

In a win/lose game of two or more seats the number is each seat's **share of the win**: 1 for a win
alone, 1/k for a win shared by k seats, so the seats' chances add up to 1 (``Evaluation.shared``:
how often the rollouts ended in a shared win). In a cooperative game it is the team's expected
return (Mission ISS: modules attached); ``Evaluation.kind`` says which, from ``game.info.returns``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

import isslab.checks as checks
from isslab.analysis.winprob import (
    WinModel,
    as_lineup,
    chance_kind,
    given_model,
    lineup_words,
    model,
    result_shares,
)
from isslab.core import TERMINAL, ReturnsKind, State, short_repr
from isslab.frames.stats import mean_interval, wilson_interval
from isslab.play import BotSpec, derive_seeds, expand_bots, play
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
    #: whose play the numbers assume, in words ("if every seat played greedy from here")
    assumes: str = ""
    #: True when the chances are shares of the win (a win shared by k seats is 1/k to each)
    shares: bool = False
    #: the share of the rollouts that ended in a shared win (NaN: not known, by the model)
    shared: float = math.nan

    def __str__(self) -> str:
        parts = []
        for i, c in enumerate(self.chances):
            name = self.seat_names[i] if i < len(self.seat_names) else str(i)
            interval = "" if math.isnan(self.low[i]) else f" [{self.low[i]:.2f}, {self.high[i]:.2f}]"
            parts.append(f"{name} {c:.2f}{interval}")
        kind = "the team's expected return" if self.kind == "expected return" else self.kind
        how = f"{self.method}, {self.games:,} games" + (f", {self.assumes}" if self.assumes else "")
        text = f"{kind} ({how}): " + ", ".join(parts)
        if self.shares:
            text += "; a win shared by k seats counts 1/k to each"
            if not math.isnan(self.shared) and self.shared > 0:
                text += f" ({self.shared:.0%} of the games ended in a shared win)"
        return text

    def best(self) -> int:
        """The seat with the highest chance (the first on a tie)."""
        return int(np.argmax(self.chances))


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise ValueError(f"evaluate takes an isslab State, got {short_repr(state, 60)}")
    return state


def _shares(state: State) -> bool:
    """Whether results are shares of a win: a win/lose game of two or more seats."""
    game = state.game
    return game.info.returns is not ReturnsKind.COOPERATIVE and game.num_players >= 2


def _rollout_chunk(
    state: State, seat: int | None, bots: BotSpec, seeds: list[int]
) -> list[tuple[float, ...]]:
    """Play one game on from ``state`` (or from a position ``seat`` cannot tell from it) per seed: each
    seat's result (its share of a win) and, last, 1.0 when the win was shared."""
    hidden = seat is not None and state.game.info.hidden_information
    shares = _shares(state)
    out = []
    for s in seeds:
        start = state.resample_hidden(seat, random.Random(s ^ 0xC0FFEE)) if hidden else state  # type: ignore[arg-type]
        rec = play(state.game, bots, seed=s, state=start)
        win_lose = shares and all(r in (0.0, 1.0) for r in rec.returns)
        result = result_shares(rec.returns, win_lose)
        out.append((*result, 1.0 if win_lose and sum(rec.returns) > 1 else 0.0))
    return out


def _interval(results: np.ndarray, kind: str) -> tuple[list[float], list[float]]:
    """Each seat's 95% interval from its rollout results.

    A win chance is a rate in [0, 1] even when some wins are shared (a seat's share, 1/k, of a win
    shared by k seats), so it takes the Wilson interval of its summed shares: a normal interval
    there would be [0, 0] for a seat that won none of the rollouts and too narrow near 0 and 1
    (1969's exact end-games: docs/win-chances.md, "Exactness").
    """
    lows, highs = [], []
    n = len(results)
    win_chance = kind == "win chance" and bool(((results >= 0.0) & (results <= 1.0)).all())
    for j in range(results.shape[1]):
        col = results[:, j]
        if win_chance:
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
    ``bots`` (a name for every seat, or one per seat) is who plays on: the rollouts'
    players, or the line-up the model assumes. ``model_`` evaluates with a given fitted model (bound
    to ``bots`` when they are given) instead of the game's model for the line-up.
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
    shares = _shares(state)
    if method == "model":
        if fitted is None:
            fitted = model(game, bots=as_lineup(game, spec))
        elif bots is not None:
            fitted = fitted.for_lineup(as_lineup(game, spec))
        assumes = fitted.assumes
    else:
        assumes = _assumes(state, spec)
    if state.current_player == TERMINAL:
        ret = tuple(result_shares(state.returns(), shares))
        return Evaluation(ret, ret, ret, method, 0, seat, kind, names, assumes, shares)
    if fitted is not None and method == "model":
        values = tuple(fitted.values(state, seat))
        nan = (math.nan,) * len(values)
        return Evaluation(
            values, nan, nan, "model", fitted.spec.games, seat, kind, names, assumes, fitted.shares
        )
    total = 10_000 if count is None else count
    seeds = derive_seeds(seed, total)
    step = 100 if auto else total
    results: list[tuple[float, ...]] = []
    with pool_for(workers, -(-total // _CHUNK)) as pool:  # one pool for every batch of an "auto" run
        while len(results) < total:
            batch = seeds[len(results) : len(results) + step]
            chunks = [(state, seat, spec, batch[i : i + _CHUNK]) for i in range(0, len(batch), _CHUNK)]
            for part in run_chunks(_rollout_chunk, chunks, pool):
                results += part
            arr = np.asarray(results, dtype=float)[:, :-1]
            lows, highs = _interval(arr, kind)
            means = arr.mean(axis=0)
            if (
                not auto
                or max(max(h - c, c - lo) for lo, h, c in zip(lows, highs, means, strict=True)) <= precision
            ):
                break
    full = np.asarray(results, dtype=float)
    arr = full[:, :-1]
    lows, highs = _interval(arr, kind)
    return Evaluation(
        tuple(float(x) for x in arr.mean(axis=0)),
        tuple(lows),
        tuple(highs),
        "rollout",
        len(results),
        seat,
        kind,
        names,
        assumes,
        shares,
        float(full[:, -1].mean()) if shares else math.nan,
    )


def _assumes(state: State, bots: BotSpec) -> str:
    """The words of whose play rollouts by ``bots`` assume (a callable bot by its function's name)."""
    seq = expand_bots(state.game, bots)
    names = [b if isinstance(b, str) else getattr(b, "__name__", type(b).__name__) for b in seq]
    return lineup_words(state.game, names)


def _validate_bots(state: State, bots: BotSpec) -> None:
    """Resolve the bots once here, so a bad name fails before any worker starts."""
    from isslab.play import resolve_bots

    resolve_bots(state.game, bots)
