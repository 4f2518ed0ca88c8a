"""One game to its rows, and a chunk of games in a worker: the unit of work of a run.

Game ``i`` of a run with seed ``s`` is played with the ``i``-th seed derived from ``s``
(:func:`seed_array`), so its rows are the same whichever process plays it and however the games are
cut into chunks.
"""

from __future__ import annotations

import dataclasses
import operator
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, cast

import numpy as np

import isslab.checks as checks
from isslab.core import Action, Bot, Game, State, default_table, load, value_function
from isslab.frames.adjust import LUCK_COLUMN, OPENING_COLUMN, LuckTracker, ValuesOf
from isslab.frames.frame import Row, record_rows, rotated
from isslab.frames.trace import Tracer, summary
from isslab.play import play, resolve_bots

__all__ = ["LUCKS", "Chunk", "luck_values", "play_rows", "rotated", "run_chunk", "seed_array"]

#: the values ``simulate(..., luck=...)`` measures the luck of the draws with
LUCKS: Final = ("model", "standing")
#: the value of each (game, luck) in this process (a model is read from its file once)
_VALUES: dict[tuple[Game, str], ValuesOf | None] = {}


def luck_values(game: Game, luck: str) -> ValuesOf | None:
    """The value ``luck`` names for ``game``: a win-chance model (``"model"``) or None for the game's
    standing (``"standing"``).

    The model is the table's own, else, for a table with a changed rule, that of the game's default
    table at the same player count (a sweep's variants then have luck as well, and ``compare`` adjusts
    a paired difference by the luck of both sides); a ``ValueError`` when there is neither. Any value
    keeps the luck's mean at zero, so the estimate stays unbiased: a model fitted on other rules only
    narrows the interval less. It values every seat from seat 0's view in one batch per chance step
    (the seats' own views cost one model evaluation per seat and view: four times as many at four
    seats, and measured no narrower in 1998 ISS).
    """
    key = (game, luck)
    if key not in _VALUES:
        if luck == "standing":
            _VALUES[key] = None
        else:
            fn = _model_value(game)
            many = getattr(getattr(fn, "__self__", None), "values_many", None)
            if callable(many):
                _VALUES[key] = lambda states: many(states, 0)
            else:
                _VALUES[key] = lambda states: [fn(s) for s in states]
    return _VALUES[key]


def _model_value(game: Game) -> Callable[[State], Any]:
    """The table's win-chance model, else its default table's valuing this table's positions."""
    try:
        return value_function("model", game)
    except ValueError:
        pass
    plain = default_table(game)
    if plain is not None and plain != game:
        try:
            fn = value_function("model", plain)
        except ValueError:
            fn = None
        retable = getattr(getattr(fn, "__self__", None), "for_table", None)
        if callable(retable):
            return cast("Callable[[State], Any]", retable(game).values)
    raise ValueError(
        f"luck='model': no win-chance model of {game.id} at {game.num_players} players"
        + ("" if plain is None or plain == game else " (this table, nor its default table)")
        + " is shipped or cached; fit one with isslab.winprob.model(game) (it is cached), "
        "or measure the luck by the standing with luck='standing'"
    )


class _Both:
    """Two ``on_step`` hooks as one."""

    __slots__ = ("first", "second")

    def __init__(self, first: Tracer, second: LuckTracker) -> None:
        self.first, self.second = first, second

    def __call__(self, state: State, action: Action) -> None:
        self.first(state, action)
        self.second(state, action)


def seed_array(seed: int, count: int) -> np.ndarray:
    """``derive_seeds(seed, count)`` as a uint64 array (8 bytes a game, for runs of a million games)."""
    value = checks.seed("seed", seed)
    words = np.random.SeedSequence(value).generate_state(max(operator.index(count), 1) * 2, dtype=np.uint32)
    pairs = words.astype(np.uint64).reshape(-1, 2)
    return ((pairs[:, 0] << np.uint64(32)) | pairs[:, 1])[:count]


def play_rows(
    game: Game,
    fns: Sequence[Bot],
    names: Sequence[str],
    i: int,
    seed: int,
    start: State | None,
    rows: list[Row],
    extra: list[str],
    rotate: bool = False,
    trace: bool = False,
    luck: str | None = None,
) -> list[str]:
    """Play game ``i`` and append its rows; an error carries a note naming the game and its seed.

    ``luck`` (a name of :data:`LUCKS`) adds each seat's luck of the draws as its ``luck`` column.
    """
    seat_fns = rotated(fns, i, rotate)
    seat_names = rotated(names, i, rotate)
    tracer = Tracer() if trace else None
    lucky = LuckTracker(game.num_players, luck_values(game, luck)) if luck is not None else None
    hook = lucky if tracer is None else tracer if lucky is None else _Both(tracer, lucky)
    try:
        rec = play(game, seat_fns, seed=seed, state=start, on_step=hook)
    except Exception as exc:
        exc.add_note(
            f"in game {i} of the simulation, seed {seed}: "
            f"isslab.play(game, bots, seed={seed}{', state=start' if start else ''}) replays it"
            + (f" with bots {seat_names} (seats rotated)" if rotate else "")
        )
        raise
    summ = summary(tracer.finish(rec)) if tracer is not None else None
    if lucky is not None:
        stats = rec.seat_stats or [{} for _ in range(game.num_players)]
        drawn = zip(stats, lucky.per_seat(), lucky.per_seat_opening(), strict=True)
        seat_stats = [{**st, LUCK_COLUMN: v, OPENING_COLUMN: o} for st, v, o in drawn]
        rec = dataclasses.replace(rec, seat_stats=seat_stats)
    mine, extra = record_rows(rec, i, extra, summ, seat_names)
    rows += mine  # a game's rows arrive together: an interrupt never leaves half a game
    return extra


class Chunk(NamedTuple):
    """What a worker sends back: the rows of its games, the statistics columns, how many games, and
    the wall time they took there (the runner sizes the next chunks by it)."""

    rows: list[Row]
    extra: list[str]
    games: int
    seconds: float = 0.0


def run_chunk(
    game: Game,
    bots: Sequence[str | Bot],
    indices: Sequence[int],
    seeds: Sequence[int],
    start_json: str | None,
    rotate: bool = False,
    trace: bool = False,
    luck: str | None = None,
) -> Chunk:
    """Play the games ``indices`` (in a worker) and return their rows.

    The start position travels as isslab's save JSON, written by this run a moment ago: trusted,
    so it is rebuilt without replaying its history (``verify=False``).
    """
    t0 = time.perf_counter()
    start = load(start_json, verify=False) if start_json is not None else None
    fns, names = resolve_bots(game, list(bots))
    rows: list[Row] = []
    extra: list[str] = []
    for i, seed in zip(indices, seeds, strict=True):
        extra = play_rows(game, fns, names, i, seed, start, rows, extra, rotate, trace, luck)
    return Chunk(rows, extra, len(indices), time.perf_counter() - t0)
