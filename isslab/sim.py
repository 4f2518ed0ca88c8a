"""Many games at once: ``simulate`` (one row per game and seat) and ``sweep`` (over an option grid).

Reproducible by construction: game ``i`` of a run with seed ``s`` always uses the ``i``-th seed
derived from ``s`` (``numpy.random.SeedSequence``), so the rows are the same whatever the number of
workers or the executor that runs them.
"""

from __future__ import annotations

import itertools
import math
import os
import signal
import warnings
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final

import pandas as pd
from tqdm.auto import tqdm

from isslab.core import Game, State, _short, load, make
from isslab.play import BotSpec, derive_seeds, expand_bots, play, resolve_bots

__all__ = ["MAX_GAMES", "MAX_SWEEP_POINTS", "cpu_count", "simulate", "summarize", "sweep"]

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

#: most games one ``simulate`` call plays (run several seeds for more: the seeds list stays small)
MAX_GAMES: Final = 1_000_000
#: most option combinations one ``sweep`` visits
MAX_SWEEP_POINTS: Final = 10_000
#: most games in one chunk sent to a worker (a chunk is the unit of progress and of cancelling)
_CHUNK: Final = 100


def _run_chunk(
    game: Game,
    bots: Sequence[Any],
    indices: Sequence[int],
    seeds: Sequence[int],
    start_json: str | None,
) -> tuple[list[Row], list[str]]:
    """Play the games ``indices`` (in a worker) and return their rows and extra column names."""
    start = load(start_json, verify=False) if start_json is not None else None
    fns, names = resolve_bots(game, list(bots))
    rows: list[Row] = []
    extra: list[str] = []
    for i, seed in zip(indices, seeds, strict=True):
        extra = _play_rows(game, fns, names, i, seed, start, rows, extra)
    return rows, extra


def _play_rows(
    game: Game,
    fns: Sequence[Any],
    names: Sequence[str],
    i: int,
    seed: int,
    start: State | None,
    rows: list[Row],
    extra: list[str],
) -> list[str]:
    """Play game ``i`` and append its rows; an error carries a note naming the game and its seed."""
    try:
        rec = play(game, fns, seed=seed, state=start)
    except Exception as exc:
        exc.add_note(
            f"in game {i} of the simulation, seed {seed}: "
            f"isslab.play(game, bots, seed={seed}{', state=start' if start else ''}) replays it"
        )
        raise
    if not extra:
        keys = list(rec.game_stats)
        for st in rec.seat_stats:
            keys += [k for k in st if k not in keys]
        extra = keys
    winners = set(rec.winners)
    reason = rec.end_reason.name if rec.end_reason is not None else ""
    mine: list[Row] = []
    for seat in range(game.num_players):
        stats = {**rec.game_stats, **rec.seat_stats[seat]}
        mine.append(
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
    rows += mine  # a game's rows arrive together: an interrupt never leaves half a game
    return extra


def _as_game(game: Game | str, options: Mapping[str, Any]) -> Game:
    if isinstance(game, Game):
        if options:
            raise ValueError(
                f"options {', '.join(options)} were given with a ready-made game; "
                "pass a game id instead, or build the game with isslab.make(id, **options)"
            )
        return game
    if not isinstance(game, str):
        raise ValueError(f"game must be a game id, a Game or a State, got {_short(game, 60)}")
    return make(game, **options)


def cpu_count() -> int:
    """The CPUs this process may run on (the affinity mask, which containers and ``taskset`` set)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _check_games(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(
            f"games must be a positive int (at most {MAX_GAMES:,}: for more, run several "
            f"simulations with different seeds), got {_short(games, 40)}"
        )
    return games


def _check_workers(workers: Any) -> int | Executor:
    if isinstance(workers, Executor):
        return workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(
            f"workers must be an int >= 1 or a concurrent.futures.Executor, got {_short(workers, 40)}"
        )
    return workers


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the main process's to handle (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(executor: Executor, futures: Iterable[Future[Any]], own: bool) -> None:
    """Cancel the queued chunks; a pool of our own also stops its running ones (no waiting)."""
    for fut in futures:
        fut.cancel()
    if not own:
        return  # the caller's executor stays usable; chunks already running finish on their own
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for proc in processes:  # the games in a running chunk are lost anyway: do not wait for them
        proc.terminate()
    for proc in processes:
        proc.join(2)


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
    ``workers`` is 1 (in this process), a number of processes (at most one per CPU and per chunk
    of games), or any ``concurrent.futures.Executor`` (a ``dask.distributed`` client's
    ``get_executor()`` runs it on a cluster). Bots given by name travel to workers as names; bot
    functions must be picklable for process pools.

    An error in a game stops the run at once (what is queued is cancelled) and carries a note with
    the game's seed. Ctrl-C (``KeyboardInterrupt``) stops it too and returns the rows of the games
    already finished, with a warning; ``df.attrs["interrupted"]`` is then True.
    """
    df, interrupted = _simulate(game, bots, games, seed, workers, progress, state, options)
    if interrupted:
        warnings.warn(
            f"simulation interrupted: {df['game'].nunique()} of {games} games were played; "
            "the rows hold those games",
            stacklevel=2,
        )
    return df


def _simulate(
    game: Game | str | State,
    bots: BotSpec,
    games: int,
    seed: int,
    workers: int | Executor,
    progress: bool,
    state: State | None,
    options: Mapping[str, Any],
) -> tuple[pd.DataFrame, bool]:
    if isinstance(game, State):
        state, g = game, game.game
        if options:
            raise ValueError("options cannot be given together with a start state")
    else:
        g = _as_game(game, options)
    if state is not None and (not isinstance(state, State) or state.game != g):
        raise ValueError("the start state belongs to a different game or options")
    _check_games(games)
    workers = _check_workers(workers)
    seeds = derive_seeds(seed, games)  # checks the seed
    _, names = resolve_bots(g, bots)  # validate names before any work starts
    # names travel to workers as names (no pickled functions); callables travel as themselves
    bot_args = expand_bots(g, bots)
    start_json = state.to_json() if state is not None else None
    indices = list(range(games))
    if isinstance(workers, int):
        workers = min(workers, cpu_count(), games)

    done: dict[int, list[Row]] = {}  # rows of finished chunks by their first game
    extra: list[str] = []
    interrupted = False
    bar = tqdm(total=games, disable=not progress, desc=f"{g.id}", unit="game", leave=False)
    try:
        if isinstance(workers, int) and workers == 1:
            rows: list[Row] = []
            done[0] = rows
            fns, names = resolve_bots(g, bot_args)
            try:
                for i in indices:  # one game at a time: an interrupt keeps every finished game
                    extra = _play_rows(g, fns, names, i, seeds[i], state, rows, extra)
                    bar.update(1)
            except KeyboardInterrupt:
                interrupted = True
        else:
            interrupted, extra = _run_pool(g, bot_args, indices, seeds, start_json, workers, done, bar)
    finally:
        bar.close()
    rows = [row for lo in sorted(done) for row in done[lo]]
    df = pd.DataFrame(rows, columns=_BASE_COLUMNS + extra)
    df.attrs["game"] = g.id
    df.attrs["options"] = g.options
    df.attrs["bots"] = list(names)
    df.attrs["seed"] = seed
    if interrupted:
        df.attrs["interrupted"] = True
    return df, interrupted


def _run_pool(
    g: Game,
    bot_args: Sequence[Any],
    indices: Sequence[int],
    seeds: Sequence[int],
    start_json: str | None,
    workers: int | Executor,
    done: dict[int, list[Row]],
    bar: Any,
) -> tuple[bool, list[str]]:
    """Run the chunks on a pool (ours, of ``workers`` processes, or the caller's executor).

    Returns (interrupted, extra columns); fills ``done`` as chunks finish. The first error
    cancels everything queued and is raised at once.
    """
    games = len(indices)
    own = isinstance(workers, int)
    if isinstance(workers, int):
        executor: Executor = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
        n_workers = workers
    else:
        executor, n_workers = workers, cpu_count()
    step = max(1, min(_CHUNK, games // (n_workers * 8) or 1))
    futures: dict[Future[tuple[list[Row], list[str]]], int] = {}
    extra: list[str] = []
    interrupted = False
    try:
        for lo in range(0, games, step):
            fut = executor.submit(
                _run_chunk, g, bot_args, indices[lo : lo + step], seeds[lo : lo + step], start_json
            )
            futures[fut] = lo
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(finished, key=futures.__getitem__):
                if fut.cancelled():
                    continue
                exc = fut.exception()
                if exc is not None:
                    raise exc
                chunk_rows, chunk_extra = fut.result()
                done[futures[fut]] = chunk_rows
                extra = extra or chunk_extra
                bar.update(len(chunk_rows) // max(1, g.num_players))
    except KeyboardInterrupt:
        interrupted = True
        _stop(executor, futures, own)
    except BaseException:
        _stop(executor, futures, own)
        raise
    else:
        if own:
            executor.shutdown()
    return interrupted, extra


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
    not from different dice (common random numbers). Every point's options are checked before
    the first game is played. Ctrl-C returns the rows played so far, with a warning.
    """
    if not isinstance(game, str):
        raise ValueError(f"sweep needs a game id, got {_short(game, 60)}")
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError(
            "grid must be a dict of option name -> values, like {'players': [2, 3]}, "
            f"got {_short(grid, 60)}"
        )
    names = list(grid)
    clash = sorted(set(names) & set(options), key=str)
    if clash:
        raise ValueError(f"options {', '.join(map(str, clash))} are both swept and fixed")
    values = []
    for n in names:
        vals = grid[n]
        if isinstance(vals, str | bytes | Mapping) or not isinstance(vals, Iterable):
            raise ValueError(f"grid[{_short(n, 40)}] must be a list of values, got {_short(vals, 60)}")
        got = list(itertools.islice(vals, MAX_SWEEP_POINTS + 1))
        if not got:
            raise ValueError(f"grid[{_short(n, 40)}] holds no values")
        values.append(got)
    size = math.prod(len(v) for v in values)
    if size > MAX_SWEEP_POINTS:
        raise ValueError(f"the grid has {size:,} points; at most {MAX_SWEEP_POINTS:,} are swept at once")
    _check_games(games)
    _check_workers(workers)
    derive_seeds(seed, 1)  # checks the seed
    combos = [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]
    for point in combos:  # every point's options are valid before any game is played
        resolve_bots(make(game, **options, **point), bots)
    frames = []
    interrupted = False
    outer = tqdm(combos, disable=not progress, desc=f"sweep {game}", unit="point")
    try:
        for point in outer:
            df, interrupted = _simulate(game, bots, games, seed, workers, False, None, {**options, **point})
            for n, v in point.items():
                df.insert(0, n, [v] * len(df))
            frames.append(df)
            if interrupted:
                break
    finally:
        outer.close()
    out = pd.concat(frames, ignore_index=True)
    out.attrs["game"] = game
    out.attrs["grid"] = {n: list(v) for n, v in zip(names, values, strict=True)}
    if interrupted:
        out.attrs["interrupted"] = True
        warnings.warn(
            f"sweep interrupted: {len(frames)} of {len(combos)} points were visited, the last one "
            f"in part ({frames[-1]['game'].nunique()} of {games} games)",
            stacklevel=2,
        )
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
