"""One validated run specification: what ``simulate`` and ``sweep`` will play, checked before any game.

:class:`RunSpec` holds everything a run needs, each argument checked once by
:func:`simulate_spec` or :func:`sweep_spec` (a ``ValueError`` naming the argument otherwise): the
grid points with their games and start positions, the bots, the number of games and the seed, the
:class:`~isslab.sim.pool.Pool`, the file to write and the ``games="auto"`` target. The runner
(:mod:`isslab.sim.api`) only reads it.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from isslab import checks
from isslab.analysis.frame import BASE_COLUMNS
from isslab.analysis.trace import TRACE_COLUMNS
from isslab.core import Bot, Game, State, make, short_repr
from isslab.play import BotSpec, expand_bots, resolve_bots, start_under
from isslab.sim.args import (
    AutoSpec,
    Games,
    OutFile,
    check_auto,
    check_callback,
    check_games,
    check_grid,
    check_stop,
    out_file,
)
from isslab.sim.pool import Pool, as_pool

__all__ = ["Point", "RunSpec", "start_under", "simulate_spec", "sweep_spec"]


@dataclass(frozen=True)
class Point:
    """One grid point (the only one of ``simulate``): its swept values, its game, its bots, its start."""

    values: tuple[Any, ...]
    game: Game
    #: one bot per seat, as they travel to workers (names as names, callables as themselves)
    bots: tuple[str | Bot, ...]
    names: tuple[str, ...]
    start: State | None = None


@dataclass(frozen=True)
class RunSpec:
    """A run of ``simulate`` (one point) or ``sweep`` (one point per option combination), checked."""

    points: tuple[Point, ...]
    games: Games
    seed: int
    pool: Pool
    #: the swept options and their values (empty for ``simulate``)
    grid: tuple[str, ...] = ()
    grid_values: tuple[tuple[Any, ...], ...] = ()
    progress: bool = True
    rotate: bool = False
    trace: bool = False
    out: OutFile | None = None
    auto: AutoSpec | None = None
    on_chunk: Callable[[pd.DataFrame], None] | None = None
    stop: threading.Event | None = None
    #: the options every point shares, as ``replay`` reads them back
    options: Mapping[str, Any] = field(default_factory=dict)
    #: the start position the caller gave (each point's own is in its :class:`Point`)
    start: State | None = None
    #: the progress bar's label
    label: str = ""

    @property
    def game(self) -> Game:
        """The first point's game."""
        return self.points[0].game

    @property
    def count(self) -> int:
        """The most games a point may play (``max_games`` with ``games="auto"``)."""
        if self.auto is not None:
            return self.auto.max_games
        assert isinstance(self.games, int)
        return self.games

    def attrs(self) -> dict[str, Any]:
        """What ``replay`` needs besides a row (JSON-able: it travels in parquet files)."""
        g = self.game
        first = self.points[0]
        same_table = all(len(p.names) == len(first.names) for p in self.points)
        out: dict[str, Any] = {
            "game": g.id,
            "options": {k: checks.plain(v) for k, v in self.options.items()},
            # one name per seat; one for all seats when the points seat different numbers of players
            "bots": list(first.names) if same_table else [first.names[0]],
            "seed": self.seed,
            "rotate_seats": self.rotate,
            "trace": self.trace,
            "start": self.start.to_json() if self.start is not None else None,
            "seat_names": [g.seat_name(s) for s in range(g.num_players)],
        }
        if self.grid:
            out["grid"] = {
                n: [checks.plain(v) for v in vals]
                for n, vals in zip(self.grid, self.grid_values, strict=True)
            }
        return out


def _common(
    games: Any,
    seed: Any,
    progress: Any,
    rotate: Any,
    trace: Any,
    out: Any,
    precision: Any,
    max_games: Any,
    metric: Any,
    on_chunk: Any,
    stop: Any,
) -> dict[str, Any]:
    """The checks ``simulate`` and ``sweep`` share, in the order of their signatures."""
    count = check_games(games)
    auto = check_auto(precision, max_games, metric) if count == "auto" else None
    return {
        "games": count,
        "auto": auto,
        "seed": checks.seed("seed", seed),
        "progress": checks.flag("progress", progress),
        "rotate": checks.flag("rotate_seats", rotate),
        "trace": checks.flag("trace", trace),
        "out": out_file(out) if out is not None else None,
        "on_chunk": check_callback(on_chunk),
        "stop": check_stop(stop),
    }


def _bots_of(game: Game, bots: BotSpec) -> tuple[tuple[str | Bot, ...], tuple[str, ...]]:
    """One bot per seat for ``game``, and their names (unknown names fail here, before any game)."""
    _, names = resolve_bots(game, bots)
    return tuple(expand_bots(game, bots)), tuple(names)


def _check_metric(auto: AutoSpec | None, game: Game, grid: Sequence[str], trace: bool) -> None:
    """With ``games="auto"``, the watched metric must be a column of the rows."""
    if auto is None:
        return
    st = game.new_state()
    known = [*grid, *BASE_COLUMNS, *(TRACE_COLUMNS if trace else ()), *st.game_stats()]
    for seat in st.seat_stats():
        known += [k for k in seat if k not in known]
    if auto.metric not in known:
        raise ValueError(
            f"metric must be a column of the rows, got {short_repr(auto.metric, 40)}; the columns are: "
            f"{', '.join(known)}"
        )


def _game_and_start(
    game: Any, options: Mapping[str, Any], state: Any, what: str
) -> tuple[Game, State | None, dict[str, Any]]:
    """The game, the start state and the fixed options from ``game`` (an id, a Game or a State)."""
    if isinstance(game, State):
        if options:
            raise ValueError(
                f"options {', '.join(map(str, options))} cannot be given together with a start state"
            )
        if state is not None:
            raise ValueError("give the start state once: as the game, or as state=")
        return game.game, game, dict(game.game.options)
    if isinstance(game, Game):
        if options:
            raise ValueError(
                f"options {', '.join(map(str, options))} were given with a ready-made game; "
                "pass a game id instead, or build the game with isslab.make(id, **options)"
            )
        g = game
        fixed = dict(g.options)
    elif isinstance(game, str):
        g = make(game, **options)
        fixed = dict(options)
    else:
        raise ValueError(f"{what}, a Game or a State, got {short_repr(game, 60)}")
    if state is not None and (not isinstance(state, State) or state.game != g):
        raise ValueError("the start state belongs to a different game or options")
    return g, state, fixed


def simulate_spec(
    game: Game | str | State,
    bots: BotSpec,
    games: Any,
    seed: Any,
    workers: object,
    progress: Any,
    state: Any,
    options: Mapping[str, Any],
    *,
    rotate: Any = False,
    trace: Any = False,
    out: str | os.PathLike[str] | None = None,
    precision: Any = 0.01,
    max_games: Any = 100_000,
    metric: Any = "win",
    on_chunk: Any = None,
    stop: Any = None,
) -> RunSpec:
    """The run of ``isslab.simulate`` with these arguments, every one checked."""
    g, start, _ = _game_and_start(game, options, state, "game must be a game id")
    common = _common(games, seed, progress, rotate, trace, out, precision, max_games, metric, on_chunk, stop)
    seat_bots, names = _bots_of(g, bots)
    _check_metric(common["auto"], g, (), common["trace"])
    count = common["auto"].max_games if common["auto"] is not None else common["games"]
    pool = as_pool(workers, count)
    points = (Point((), g, seat_bots, names, start),)
    _check_portable(pool, workers, points)
    return RunSpec(
        points=points,
        pool=pool,
        options=dict(g.options),
        start=start,
        label=g.id,
        **common,
    )


def sweep_spec(
    game: Game | str | State,
    grid: Any,
    bots: BotSpec,
    games: Any,
    seed: Any,
    workers: object,
    progress: Any,
    options: Mapping[str, Any],
    *,
    rotate: Any = False,
    trace: Any = False,
    out: str | os.PathLike[str] | None = None,
    precision: Any = 0.01,
    max_games: Any = 100_000,
    metric: Any = "win",
    on_chunk: Any = None,
    stop: Any = None,
) -> RunSpec:
    """The run of ``isslab.sweep`` with these arguments: every point's options and bots checked."""
    base, start, fixed = _game_and_start(game, options, None, "sweep needs a game id")
    names, values = check_grid(grid, options)
    for n in names:  # a Game or a State fixes every option: the swept ones are the grid's
        fixed.pop(n, None)
    common = _common(games, seed, progress, rotate, trace, out, precision, max_games, metric, on_chunk, stop)
    points: list[Point] = []
    seen: dict[Game, tuple[Any, ...]] = {}
    for combo in itertools.product(*values):  # every point is valid before any game is played
        g = make(base.id, **fixed, **dict(zip(names, combo, strict=True)))
        if g in seen:
            raise ValueError(
                f"the grid points {_point_text(names, seen[g])} and {_point_text(names, combo)} make the "
                "same game: give each variant once"
            )
        seen[g] = combo
        seat_bots, seat_names = _bots_of(g, bots)
        points.append(Point(tuple(combo), g, seat_bots, seat_names, start_under(g, start) if start else None))
    _check_metric(common["auto"], points[0].game, names, common["trace"])
    count = common["auto"].max_games if common["auto"] is not None else common["games"]
    pool = as_pool(workers, count)
    _check_portable(pool, workers, points)
    return RunSpec(
        points=tuple(points),
        grid=tuple(names),
        grid_values=tuple(tuple(v) for v in values),
        pool=pool,
        options=fixed,
        start=start,
        label=f"sweep {base.id}",
        **common,
    )


def _check_portable(pool: Pool, workers: object, points: Sequence[Point]) -> None:
    """A run on worker processes: every point's game and bots must pickle, checked before they start.

    A thread pool or a dask cluster (which pickles with cloudpickle) is left to itself.
    """
    if pool.here:
        return
    if pool.executor is None or isinstance(pool.executor, ProcessPoolExecutor):
        shown = f"workers={workers}" if pool.executor is None else "workers (a process pool)"
        checks.portable(shown, [(p.game, p.bots) for p in points])


def _point_text(names: Sequence[str], combo: Sequence[Any]) -> str:
    return "(" + ", ".join(f"{n}={short_repr(v, 30)}" for n, v in zip(names, combo, strict=True)) + ")"
