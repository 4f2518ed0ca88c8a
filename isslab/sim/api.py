"""``simulate`` (one row per game and seat) and ``sweep`` (over an option grid): the run of a checked spec.

Reproducible by construction: game ``i`` of a run with seed ``s`` always uses the ``i``-th seed
derived from ``s`` (``numpy.random.SeedSequence``), so the rows are the same whatever the number of
workers or the executor that runs them, and every row's ``seed`` replays its game.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from isslab.core import Game, State
from isslab.frames.frame import check_columns, identify
from isslab.play import BotSpec
from isslab.sim.args import Games
from isslab.sim.auto import FIRST_BATCH, Auto, run_batches
from isslab.sim.pool import Workers
from isslab.sim.rows import seed_array
from isslab.sim.runner import Job
from isslab.sim.sinks import Collect, Narrow, Sink, Summary, Writer
from isslab.sim.spec import RunArgs, RunSpec, run_spec

__all__ = ["run", "simulate", "summarize", "sweep"]


def run(spec: RunSpec) -> tuple[pd.DataFrame, bool]:
    """Play a checked run and return its frame (the rows, or their summary with ``out``) and whether
    it was interrupted."""
    seeds = seed_array(spec.seed, spec.count)
    attrs = spec.attrs()
    grid = list(spec.grid)
    sinks: list[Sink] = []
    collect = narrow = writer = summ = None
    if spec.out is None:
        collect = Collect()
        sinks.append(collect)
    else:
        writer = Writer(spec.out.path, spec.out.fmt, attrs)
        summ = Summary(grid)
        sinks += [writer, summ]
        if spec.auto is not None:
            narrow = Narrow([*grid, "game", "seed", "seat", "bot", spec.auto.metric])
            sinks.append(narrow)

    def view() -> pd.DataFrame:
        if collect is not None:
            return collect.frame([])
        assert narrow is not None
        return narrow.frame()

    auto = Auto(spec.auto) if spec.auto is not None else None
    per_point = spec.count if auto is None else min(spec.count, FIRST_BATCH)
    bar = tqdm(
        total=per_point * len(spec.points),
        disable=not spec.progress,
        desc=spec.label,
        unit="game",
        leave=False,
    )
    job = Job(spec, seeds, sinks, bar)
    interrupted = False
    try:
        interrupted = run_batches(job, auto, view)
        if writer is not None:
            writer.close()
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    finally:
        job.close(interrupted)
        bar.close()
    if collect is not None:
        df = collect.frame(job.columns)
        played = int(df["game"].nunique()) if len(df) else 0
    else:
        assert summ is not None and spec.out is not None
        df = summ.frame()
        # games per point: every seat of a game has one row, so the most rows of one seat
        played = int(df.groupby([*grid, "seat"])["games"].sum().max()) if len(df) else 0
        attrs["out"] = str(spec.out.path)
    df.attrs.update(attrs)
    df.attrs["games_played"] = played
    df.attrs["games_asked"] = spec.games
    if auto is not None:
        df.attrs["auto"] = auto.report()
    if interrupted:
        df.attrs["interrupted"] = True
    return df, interrupted


def _warn_auto(df: pd.DataFrame) -> None:
    auto = df.attrs.get("auto")
    if auto and auto["reached"] == "max_games":
        warnings.warn(
            f"games='auto' stopped at max_games={auto['max_games']:,} before the precision was reached: "
            f"the widest interval is +-{auto['widest']:.4f}, wider than +-{auto['precision']:g}",
            stacklevel=3,
        )


def simulate(
    game: Game | str | State,
    bots: BotSpec = "random",
    games: Games = 100,
    seed: int = 0,
    workers: Workers = 1,
    progress: bool = True,
    state: State | None = None,
    *,
    rotate_seats: bool = False,
    trace: bool = False,
    luck: str | None = None,
    out: str | os.PathLike[str] | None = None,
    precision: float = 0.01,
    max_games: int = 100_000,
    metric: str = "win",
    on_chunk: Callable[[pd.DataFrame], None] | None = None,
    stop: threading.Event | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per game and seat.

    ``game`` is an id (then ``options`` build it), a ``Game``, or a ``State`` to play on from.
    ``workers`` is 1 (in this process), a number of processes (at most one per CPU and per chunk
    of games), any ``concurrent.futures.Executor``, or a ``dask.distributed.Client`` (its
    executor runs the chunks on the cluster). Bots given by name travel to workers as names; bot
    functions must be picklable for process pools. Whatever runs them, the rows are the same.

    ``rotate_seats=True`` moves the bots one seat on each game (bot ``j`` plays seat
    ``(j + game) % players``), so that no bot keeps a seat: over ``players`` consecutive games every
    bot has played every seat once. The ``bot`` column says who played each row.

    ``trace=True`` keeps the per-step data the designer metrics need (``isslab.metrics``), reduced
    to per-game columns in the workers: ``first_mover``, ``decision_moves``, ``branching``,
    ``lead_changes``, ``drama``, ``decisiveness`` (see :mod:`isslab.frames.trace`). Off by default: it
    costs a lead evaluation per step.

    ``luck="model"`` adds each seat's ``luck`` column: the sum over the game's chance steps of the
    seat's value after the drawn outcome minus its value expected over the step's outcomes, valued
    by the table's win-chance model (a table with a changed rule, which has none: by its default
    table's; ``"standing"``: by the game's own standing, cheaper and far weaker). Its mean is
    exactly zero, and ``isslab.compare`` then gives luck-adjusted estimates with narrower intervals
    (see :mod:`isslab.frames.adjust`). Off by default: it values every outcome of every chance step
    (CPU per game: see the benchmark's ``vr`` section).

    ``games="auto"`` plays batches until the 95% interval of ``metric`` (a column; ``win`` by
    default) is at most ``precision`` wide on each side for every seat and every bot (for a
    column that differs between seats; else per game), or ``max_games`` games were played;
    ``df.attrs["auto"]["reached"]`` says which (``"precision"`` or ``"max_games"``, with a warning).
    The games are those of a plain run of that many games.

    ``out="results.parquet"`` (or ``.csv``) writes the rows to that file as chunks finish, in game
    order (with ``games="auto"``, batch after batch), and returns the ``summarize`` table instead
    of the rows, so that memory stays flat however many games are played; ``pd.read_parquet(out)``
    reads the rows back with the attrs ``replay`` needs. ``on_chunk(df)`` is called with the rows
    of each chunk as it finishes (a live plot); setting ``stop`` (a ``threading.Event``) ends the
    run like Ctrl-C.

    An error in a game stops the run at once (what is queued is cancelled) and carries a note with
    the game's seed. Ctrl-C (``KeyboardInterrupt``) or ``stop`` ends it too and returns the rows of
    the games already finished, with a warning; ``df.attrs["interrupted"]`` is then True. A pool
    of our own is stopped (its processes end); a caller's executor stays usable.
    """
    spec = run_spec(game, RunArgs.of(locals()), state=state, options=options)
    df, interrupted = run(spec)
    if interrupted:
        played = df.attrs.get("games_played", 0)
        warnings.warn(
            f"simulation interrupted: {played} of {df.attrs.get('games_asked', games)} games were played; "
            + ("the file holds those games" if out is not None else "the rows hold those games"),
            stacklevel=2,
        )
    _warn_auto(df)
    return df


def sweep(
    game: Game | str | State,
    grid: Mapping[str, Iterable[Any]],
    bots: BotSpec = "random",
    games: Games = 1000,
    seed: int = 0,
    workers: Workers = 1,
    progress: bool = True,
    *,
    rotate_seats: bool = False,
    trace: bool = False,
    luck: str | None = None,
    out: str | os.PathLike[str] | None = None,
    precision: float = 0.01,
    max_games: int = 100_000,
    metric: str = "win",
    on_chunk: Callable[[pd.DataFrame], None] | None = None,
    stop: threading.Event | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Simulate every combination of the option values in ``grid``; one column per swept option.

    Every grid point uses the same seeds, so differences between points come from the options,
    not from different dice (common random numbers): ``isslab.compare`` then gives paired
    intervals. Every point's options are checked before the first game is played. The other
    arguments are those of :func:`simulate`; with ``games="auto"`` every point gets the same
    number of games, and the intervals watched include each point's difference from the first
    point. Ctrl-C (or ``stop``) returns the rows played so far, with a warning.

    ``game`` is an id (``options`` fix the options not swept), a ``Game`` (its options are fixed but
    the swept ones) or a ``State``: then every point starts from the same moves, the position's
    history replayed under the point's options (a move a point's rules refuse is an error naming
    it). Values may be lists for a tuple option; a value given twice, or two points that make the
    same game, is refused (every point is one variant).
    """
    spec = run_spec(game, RunArgs.of(locals()), grid=grid, options=options)
    df, interrupted = run(spec)
    if interrupted:
        names = list(spec.grid)
        keys = list(zip(*(df[n] for n in names), strict=True))
        part = ""
        if keys and out is None:
            last = keys[-1]
            played = len({i for k, i in zip(keys, df["game"], strict=True) if k == last})
            part = f", the last one in part ({played} of {games} games)"
        warnings.warn(
            f"sweep interrupted: {len(set(keys))} of {len(spec.points)} points were visited{part}",
            stacklevel=2,
        )
    _warn_auto(df)
    return df


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate, mean rank and mean length per seat and bot of a ``simulate`` result.

    Each row is one game of its seat (a frame that holds a game twice is refused), so ``games``
    counts the rows: two runs put together count every game.
    """
    check_columns(df, "summarize", ["game", "seat", "bot", "win", "rank", "length", "rounds"])
    df, _ = identify(df)
    by = ["seat", "bot"]
    out = df.groupby(by).agg(
        games=("game", "size"),
        win_rate=("win", "mean"),
        mean_rank=("rank", "mean"),
        mean_length=("length", "mean"),
        mean_rounds=("rounds", "mean"),
    )
    return out.reset_index()
