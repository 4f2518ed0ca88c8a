"""One validated run specification: what ``simulate`` and ``sweep`` will play, checked before any game.

:class:`RunArgs` is the one definition of a run's keywords (``simulate`` and ``sweep`` take them, the
command line's flags and the lab's controls are made from them). :func:`run_spec` checks them once
(a ``ValueError`` naming the argument otherwise) into a :class:`RunSpec`, which holds everything a
run needs: the grid points with their games and start positions, the bots, the number of games and
the seed, the :class:`~isslab.sim.pool.Pool`, the file to write and the ``games="auto"`` target. The
runner (:mod:`isslab.sim.api`) only reads it.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from typing import Any

import pandas as pd

import isslab.checks as checks
from isslab.core import Bot, Game, State, make, short_repr
from isslab.frames.frame import BASE_COLUMNS
from isslab.frames.trace import TRACE_COLUMNS
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
from isslab.sim.pool import Pool, Workers, as_pool
from isslab.sim.rows import LUCKS, luck_values

__all__ = ["Point", "RunArgs", "RunSpec", "run_spec", "start_under"]


@dataclass(frozen=True)
class RunArgs:
    """The keywords of a run, defined once: ``simulate`` and ``sweep`` take them, the command line's
    flags and the lab's controls are made from them, and :func:`run_spec` checks them.

    Each field's ``help`` (its metadata) is the one text of that argument the front-ends show.
    """

    bots: BotSpec = field(default="random", metadata={"help": "one bot name for every seat, or one per seat"})
    games: Games = field(default=100, metadata={"help": "games to play (per point), or auto"})
    seed: int = field(default=0, metadata={"help": "an int from 0 to 2**128 - 1"})
    workers: Workers = field(default=1, metadata={"help": "processes (at most one per CPU and per game)"})
    progress: bool = field(default=True, metadata={"help": "a progress bar"})
    rotate_seats: bool = field(default=False, metadata={"help": "move the bots one seat on each game"})
    trace: bool = field(default=False, metadata={"help": "add the per-step columns of the designer metrics"})
    luck: str | None = field(
        default=None,
        metadata={"help": "add each seat's luck of the draws (model or standing): luck-adjusted intervals"},
    )
    out: str | os.PathLike[str] | None = field(
        default=None, metadata={"help": "write the rows to this .parquet or .csv file as the games finish"}
    )
    precision: float = field(default=0.01, metadata={"help": "with games auto: the widest 95% half-width"})
    max_games: int = field(default=100_000, metadata={"help": "with games auto: the most games per point"})
    metric: str = field(default="win", metadata={"help": "with games auto: the column watched"})
    on_chunk: Callable[[pd.DataFrame], None] | None = field(
        default=None, metadata={"help": "called with the rows of each chunk as it finishes"}
    )
    stop: threading.Event | None = field(default=None, metadata={"help": "set it to end the run like Ctrl-C"})

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> RunArgs:
        """The run's keywords picked by name from ``values`` (a ``simulate`` or ``sweep`` call's locals)."""
        return cls(**{f.name: values[f.name] for f in fields(cls) if f.name in values})


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
    #: the value the seats' luck is measured with (a name of ``LUCKS``), or None for no luck column
    luck: str | None = None
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
            "luck": self.luck,
            "start": self.start.to_json() if self.start is not None else None,
            "seat_names": [g.seat_name(s) for s in range(g.num_players)],
        }
        if self.grid:
            out["grid"] = {
                n: [checks.plain(v) for v in vals]
                for n, vals in zip(self.grid, self.grid_values, strict=True)
            }
        return out


def _common(args: RunArgs) -> dict[str, Any]:
    """The keywords every run shares, checked in the order of :class:`RunArgs`."""
    count = check_games(args.games)
    auto = check_auto(args.precision, args.max_games, args.metric) if count == "auto" else None
    return {
        "games": count,
        "auto": auto,
        "seed": checks.seed("seed", args.seed),
        "progress": checks.flag("progress", args.progress),
        "rotate": checks.flag("rotate_seats", args.rotate_seats),
        "trace": checks.flag("trace", args.trace),
        "luck": None if args.luck is None else checks.choice("luck", args.luck, LUCKS),
        "out": out_file(args.out) if args.out is not None else None,
        "on_chunk": check_callback(args.on_chunk),
        "stop": check_stop(args.stop),
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


def run_spec(
    game: Game | str | State,
    args: RunArgs,
    *,
    grid: Any = None,
    state: Any = None,
    options: Mapping[str, Any] | None = None,
) -> RunSpec:
    """The run of ``isslab.simulate`` (no ``grid``) or ``isslab.sweep`` (a grid of option values) with
    these arguments, every one checked (every point's options and bots too) before any game."""
    options = dict(options or {})
    sweeping = grid is not None
    what = "sweep needs a game id" if sweeping else "game must be a game id"
    base, start, fixed = _game_and_start(game, options, state, what)
    names, values = check_grid(grid, options) if sweeping else ([], [])
    for n in names:  # a Game or a State fixes every option: the swept ones are the grid's
        fixed.pop(n, None)
    common = _common(args)
    points: list[Point] = []
    seen: dict[Game, tuple[Any, ...]] = {}
    for combo in itertools.product(*values):  # every point is valid before any game is played
        g = make(base.id, **fixed, **dict(zip(names, combo, strict=True))) if sweeping else base
        if g in seen:
            raise ValueError(
                f"the grid points {_point_text(names, seen[g])} and {_point_text(names, combo)} make the "
                "same game: give each variant once"
            )
        seen[g] = combo
        seat_bots, seat_names = _bots_of(g, args.bots)
        at = start_under(g, start) if sweeping and start else start
        points.append(Point(tuple(combo), g, seat_bots, seat_names, at))
        if common["luck"] is not None:
            luck_values(g, common["luck"])  # a table with no model is refused before any game
    _check_metric(common["auto"], points[0].game, names, common["trace"])
    count = common["auto"].max_games if common["auto"] is not None else common["games"]
    pool = as_pool(args.workers, count)
    _check_portable(pool, args.workers, points)
    return RunSpec(
        points=tuple(points),
        grid=tuple(names),
        grid_values=tuple(tuple(v) for v in values),
        pool=pool,
        options=fixed if sweeping else dict(base.options),
        start=start,
        label=f"sweep {base.id}" if sweeping else base.id,
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
