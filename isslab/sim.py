"""Many games at once: ``simulate`` (one row per game and seat) and ``sweep`` (over an option grid).

Reproducible by construction: game ``i`` of a run with seed ``s`` always uses the ``i``-th seed
derived from ``s`` (``numpy.random.SeedSequence``), so the rows are the same whatever the number of
workers or the executor that runs them.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from isslab.core import Game, State, load, make
from isslab.play import BotSpec, derive_seeds, expand_bots, play, resolve_bots

__all__ = ["simulate", "summarize", "sweep"]

_BASE_COLUMNS = [
    "game",
    "seed",
    "seat",
    "bot",
    "returns",
    "rank",
    "win",
    "length",
    "steps",
    "rounds",
    "end_reason",
]

Row = tuple[Any, ...]


def _run_chunk(
    game: Game,
    bots: Sequence[Any],
    indices: Sequence[int],
    seeds: Sequence[int],
    start_json: str | None,
) -> tuple[list[Row], list[str]]:
    """Play the games ``indices`` (in a worker or in-process) and return their rows."""
    start = load(start_json, verify=False) if start_json is not None else None
    fns, names = resolve_bots(game, list(bots))
    rows: list[Row] = []
    extra: list[str] = []
    for i, seed in zip(indices, seeds, strict=True):
        rec = play(game, fns, seed=seed, state=start)
        if not extra:
            keys = list(rec.game_stats)
            for st in rec.seat_stats:
                keys += [k for k in st if k not in keys]
            extra = keys
        winners = set(rec.winners)
        reason = rec.end_reason.name if rec.end_reason is not None else ""
        for seat in range(game.num_players):
            stats = {**rec.game_stats, **rec.seat_stats[seat]}
            rows.append(
                (
                    i,
                    seed,
                    seat,
                    names[seat],
                    rec.returns[seat],
                    rec.ranks[seat],
                    seat in winners,
                    rec.length,
                    rec.steps,
                    rec.rounds,
                    reason,
                    *(stats.get(k) for k in extra),
                )
            )
    return rows, extra


def _as_game(game: Game | str, options: Mapping[str, Any]) -> Game:
    if isinstance(game, Game):
        if options:
            raise ValueError(
                f"options {', '.join(options)} were given with a ready-made game; "
                "pass a game id instead, or build the game with isslab.make(id, **options)"
            )
        return game
    return make(game, **options)


def simulate(
    game: Game | str | State,
    bots: BotSpec = "random",
    games: int = 100,
    seed: int = 0,
    workers: int | Executor = 1,
    progress: bool = True,
    state: State | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per game and seat.

    ``game`` is an id (then ``options`` build it), a ``Game``, or a ``State`` to play on from.
    ``workers`` is 1 (in this process), a number of processes, or any ``concurrent.futures.Executor``
    (a ``dask.distributed`` client's ``get_executor()`` runs it on a cluster). Bots given by name
    travel to workers as names; bot functions must be picklable for process pools.
    """
    if isinstance(game, State):
        state, g = game, game.game
        if options:
            raise ValueError("options cannot be given together with a start state")
    else:
        g = _as_game(game, options)
    if state is not None and state.game != g:
        raise ValueError("the start state belongs to a different game or options")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, got {games!r}")
    _, names = resolve_bots(g, bots)  # validate names before any work starts
    # names travel to workers as names (no pickled functions); callables travel as themselves
    bot_args = expand_bots(g, bots)
    seeds = derive_seeds(seed, games)
    start_json = state.to_json() if state is not None else None
    indices = list(range(games))

    rows: list[Row] = []
    extra: list[str] = []
    bar = tqdm(total=games, disable=not progress, desc=f"{g.id}", unit="game", leave=False)
    try:
        if isinstance(workers, int) and not isinstance(workers, bool) and workers <= 1:
            step = max(1, min(200, games // 100 or 1))
            for lo in range(0, games, step):
                chunk_rows, chunk_extra = _run_chunk(
                    g, bot_args, indices[lo : lo + step], seeds[lo : lo + step], start_json
                )
                rows += chunk_rows
                extra = extra or chunk_extra
                bar.update(len(indices[lo : lo + step]))
        else:
            own = None
            if isinstance(workers, Executor):
                executor = workers
            elif isinstance(workers, int) and not isinstance(workers, bool):
                own = executor = ProcessPoolExecutor(max_workers=workers)
            else:
                raise ValueError(
                    f"workers must be an int >= 1 or a concurrent.futures.Executor, got {workers!r}"
                )
            try:
                n_workers = workers if isinstance(workers, int) else (os.cpu_count() or 2)
                step = max(1, min(500, games // (n_workers * 8) or 1))
                futures: dict[Future[tuple[list[Row], list[str]]], int] = {}
                for lo in range(0, games, step):
                    fut = executor.submit(
                        _run_chunk, g, bot_args, indices[lo : lo + step], seeds[lo : lo + step], start_json
                    )
                    futures[fut] = len(indices[lo : lo + step])
                pending = set(futures)
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        bar.update(futures[fut])
                for fut in futures:  # in submission order: rows stay in game order
                    chunk_rows, chunk_extra = fut.result()
                    rows += chunk_rows
                    extra = extra or chunk_extra
            finally:
                if own is not None:
                    own.shutdown()
    finally:
        bar.close()
    df = pd.DataFrame(rows, columns=_BASE_COLUMNS + extra)
    df.attrs["game"] = g.id
    df.attrs["options"] = g.options
    df.attrs["bots"] = list(names)
    df.attrs["seed"] = seed
    return df


def sweep(
    game: str,
    grid: Mapping[str, Iterable[Any]],
    bots: BotSpec = "random",
    games: int = 1000,
    seed: int = 0,
    workers: int | Executor = 1,
    progress: bool = True,
    **options: Any,
) -> pd.DataFrame:
    """Simulate every combination of the option values in ``grid``; one column per swept option.

    Every grid point uses the same seed, so differences between points come from the options,
    not from different dice (common random numbers).
    """
    names = list(grid)
    clash = sorted(set(names) & set(options))
    if clash:
        raise ValueError(f"options {', '.join(clash)} are both swept and fixed")
    values = [list(grid[n]) for n in names]
    combos = list(itertools.product(*values))
    frames = []
    outer = tqdm(combos, disable=not progress, desc=f"sweep {game}", unit="point")
    for combo in outer:
        point = dict(zip(names, combo, strict=True))
        df = simulate(
            game, bots=bots, games=games, seed=seed, workers=workers, progress=False, **options, **point
        )
        for n, v in point.items():
            df.insert(0, n, [v] * len(df))
        frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out.attrs["game"] = game
    out.attrs["grid"] = {n: list(v) for n, v in zip(names, values, strict=True)}
    return out


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate, mean rank and mean length per seat and bot of a ``simulate`` result."""
    by = ["seat", "bot"]
    out = df.groupby(by).agg(
        games=("game", "nunique"),
        win_rate=("win", "mean"),
        mean_rank=("rank", "mean"),
        mean_length=("length", "mean"),
        mean_rounds=("rounds", "mean"),
    )
    return out.reset_index()
