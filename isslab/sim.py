"""Many games at once: ``simulate`` (one row per game and seat), ``sweep`` (over an option grid), ``replay``.

Reproducible by construction: game ``i`` of a run with seed ``s`` always uses the ``i``-th seed
derived from ``s`` (``numpy.random.SeedSequence``), so the rows are the same whatever the number of
workers or the executor that runs them, and every row's ``seed`` replays its game.

Games are played in chunks (the unit of work sent to a worker, of progress and of cancelling).
At most a few chunks per worker are in flight, and finished chunks are handed on in game order
as soon as the chunks before them are done: to the result, to a file (``out=``) that grows while
the run goes on, to the progress bar and to an ``on_chunk`` callback (a live plot).
"""

from __future__ import annotations

import contextlib
import itertools
import math
import multiprocessing
import operator
import os
import signal
import sys
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from isslab.core import Game, State, _short, _thaw, load, make
from isslab.play import BotSpec, GameRecord, derive_seeds, expand_bots, play, resolve_bots
from isslab.trace import TRACE_COLUMNS, Tracer, summary

__all__ = [
    "MAX_GAMES",
    "MAX_SWEEP_POINTS",
    "Replay",
    "cpu_count",
    "record_rows",
    "replay",
    "simulate",
    "summarize",
    "sweep",
]

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
Games = int | Literal["auto"]

#: most games one ``simulate`` call plays (run several seeds for more: the seeds list stays small)
MAX_GAMES: Final = 1_000_000
#: most option combinations one ``sweep`` visits
MAX_SWEEP_POINTS: Final = 10_000
#: most games in one chunk sent to a worker (a chunk is the unit of progress and of cancelling)
_CHUNK: Final = 100
#: chunks in flight per worker: enough to keep every worker busy, few enough to keep memory flat
_WINDOW: Final = 3
#: rows gathered before a write to ``out`` (one parquet row group)
_WRITE_ROWS: Final = 50_000
#: games of the first batch of ``games="auto"``
_FIRST_BATCH: Final = 200
#: the file formats of ``out``, by suffix
FORMATS: Final = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


class _Stopped(Exception):
    """The caller's stop flag was set."""


# --------------------------------------------------------------------------------------------------
# one game -> its rows
# --------------------------------------------------------------------------------------------------


def _rotated(seq: Sequence[Any], i: int, rotate: bool) -> list[Any]:
    """The bots of game ``i``: with ``rotate``, bot ``j`` sits in seat ``(j + i) % n``."""
    if not rotate:
        return list(seq)
    n = len(seq)
    k = i % n
    return [seq[(s - k) % n] for s in range(n)]


def record_rows(
    rec: GameRecord,
    i: int,
    extra: Sequence[str] | None = None,
    trace: tuple[Any, ...] | None = None,
    names: Sequence[str] | None = None,
) -> tuple[list[Row], list[str]]:
    """The rows of game ``i`` (one per seat) from its record, and the names of the statistics columns.

    ``extra`` fixes the statistics columns (the first game's, for the rest of a run); ``trace`` is
    the game's ``isslab.trace.summary``, added after the base columns; ``names`` are the bots'
    names per seat (default: the record's).
    """
    bots = rec.bots if names is None else names
    if not extra:
        keys = list(rec.game_stats)
        for st in rec.seat_stats:
            keys += [k for k in st if k not in keys]
        extra = keys
    # a record built by hand may carry no statistics
    seat_stats = rec.seat_stats or [{} for _ in range(rec.game.num_players)]
    winners = set(rec.winners)
    reason = rec.end_reason.name if rec.end_reason is not None else ""
    tail = trace or ()
    rows: list[Row] = []
    for seat in range(rec.game.num_players):
        stats = {**rec.game_stats, **seat_stats[seat]}
        rows.append(
            (
                i,
                rec.seed,
                seat,
                bots[seat],
                rec.returns[seat],
                rec.ranks[seat],
                seat in winners,
                rec.length,
                rec.steps,
                rec.rounds,
                reason,
                *tail,
                *(stats.get(k) for k in extra),
            )
        )
    return rows, list(extra)


def _play_rows(
    game: Game,
    fns: Sequence[Any],
    names: Sequence[str],
    i: int,
    seed: int,
    start: State | None,
    rows: list[Row],
    extra: list[str],
    rotate: bool = False,
    trace: bool = False,
) -> list[str]:
    """Play game ``i`` and append its rows; an error carries a note naming the game and its seed."""
    seat_fns = _rotated(fns, i, rotate)
    seat_names = _rotated(names, i, rotate)
    tracer = Tracer() if trace else None
    try:
        rec = play(game, seat_fns, seed=seed, state=start, on_step=tracer)
    except Exception as exc:
        exc.add_note(
            f"in game {i} of the simulation, seed {seed}: "
            f"isslab.play(game, bots, seed={seed}{', state=start' if start else ''}) replays it"
            + (f" with bots {seat_names} (seats rotated)" if rotate else "")
        )
        raise
    summ = summary(tracer.finish(rec)) if tracer is not None else None
    mine, extra = record_rows(rec, i, extra, summ, seat_names)
    rows += mine  # a game's rows arrive together: an interrupt never leaves half a game
    return extra


def _run_chunk(
    game: Game,
    bots: Sequence[Any],
    indices: Sequence[int],
    seeds: Sequence[int],
    start_json: str | None,
    rotate: bool = False,
    trace: bool = False,
) -> tuple[list[Row], list[str]]:
    """Play the games ``indices`` (in a worker) and return their rows and extra column names."""
    start = load(start_json, verify=False) if start_json is not None else None
    fns, names = resolve_bots(game, list(bots))
    rows: list[Row] = []
    extra: list[str] = []
    for i, seed in zip(indices, seeds, strict=True):
        extra = _play_rows(game, fns, names, i, seed, start, rows, extra, rotate, trace)
    return rows, extra


# --------------------------------------------------------------------------------------------------
# arguments
# --------------------------------------------------------------------------------------------------


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


def _check_games(games: Any, auto: bool = True) -> Games:
    if auto and games == "auto" and isinstance(games, str):
        return "auto"
    try:  # numpy ints are counts too; bools and floats are not
        count = -1 if isinstance(games, bool) else operator.index(games)
    except TypeError:
        count = -1
    if not 1 <= count <= MAX_GAMES:
        raise ValueError(
            f"games must be a positive int (at most {MAX_GAMES:,}: for more, run several "
            f"simulations with different seeds){' or the text auto' if auto else ''}, got {_short(games, 40)}"
        )
    return count


def _check_auto(precision: Any, max_games: Any) -> tuple[float, int]:
    if (
        isinstance(precision, bool)
        or not isinstance(precision, int | float)
        or not math.isfinite(precision)
        or precision <= 0
    ):
        raise ValueError(
            f"precision must be a positive number (the widest half-width of a 95% interval, "
            f"like 0.01 for +-1 point on a rate), got {_short(precision, 40)}"
        )
    if isinstance(max_games, bool) or not isinstance(max_games, int) or not 1 <= max_games <= MAX_GAMES:
        raise ValueError(f"max_games must be an int from 1 to {MAX_GAMES:,}, got {_short(max_games, 40)}")
    return float(precision), max_games


def _check_workers(workers: Any) -> int | Executor:
    if isinstance(workers, Executor):
        return workers
    get = getattr(workers, "get_executor", None)
    if callable(get):  # a dask.distributed Client: its executor runs the chunks on the cluster
        executor = get()
        if isinstance(executor, Executor):
            return executor
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(
            # a dask.distributed Client is accepted too (its executor), but the message stays short
            f"workers must be an int >= 1 or a concurrent.futures.Executor, got {_short(workers, 40)}"
        )
    return workers


def _check_flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {_short(value, 40)}")
    return value


def _check_stop(stop: Any) -> threading.Event | None:
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ValueError(f"stop must be a threading.Event (or None), got {_short(stop, 40)}")
    return stop  # type: ignore[no-any-return]


def _check_callback(on_chunk: Any) -> Callable[[pd.DataFrame], None] | None:
    if on_chunk is not None and not callable(on_chunk):
        raise ValueError(f"on_chunk must be a callable taking a DataFrame, got {_short(on_chunk, 40)}")
    return on_chunk  # type: ignore[no-any-return]


def _out_format(out: Any) -> tuple[Path, str]:
    """The path and format (parquet or csv, from the suffix) of ``out``; checked before any game."""
    if not isinstance(out, str | os.PathLike):
        raise ValueError(f"out must be a file path ending in .parquet or .csv, got {_short(out, 60)}")
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"out={_short(str(out), 80)} is a folder; give a file name")
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ValueError(
            f"out={_short(str(out), 80)}: the file name must end in {', '.join(FORMATS)} (the format)"
        )
    if not path.parent.is_dir():
        raise ValueError(
            f"out={_short(str(out), 80)}: the folder {_short(str(path.parent), 80)} does not exist"
        )
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(
                "writing parquet needs pyarrow (pip install pyarrow, or isslab[distributed]); or write .csv"
            ) from None
    return path, fmt


def seed_array(seed: int, count: int) -> np.ndarray:
    """``derive_seeds(seed, count)`` as a uint64 array (8 bytes a game, for runs of a million games)."""
    derive_seeds(seed, 0)  # checks the seed
    value = operator.index(seed)
    words = np.random.SeedSequence(value).generate_state(max(count, 1) * 2, dtype=np.uint32)
    pairs = words.astype(np.uint64).reshape(-1, 2)
    return ((pairs[:, 0] << np.uint64(32)) | pairs[:, 1])[:count]


# --------------------------------------------------------------------------------------------------
# where finished chunks go
# --------------------------------------------------------------------------------------------------


def _frame(columns: Sequence[str], rows: Sequence[Row]) -> pd.DataFrame:
    """Rows as a DataFrame; seeds as uint64 always (64-bit seeds do not fit an int64)."""
    df = pd.DataFrame(list(rows), columns=list(columns))
    if "seed" in df and len(df):
        df["seed"] = df["seed"].astype(np.uint64)
    return df


class _Collect:
    """Keeps every row in memory, point by point (the DataFrame ``simulate`` returns)."""

    def __init__(self) -> None:
        self.points: dict[tuple[Any, ...], tuple[list[str], list[Row]]] = {}

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Keep a chunk of rows of the point ``key``."""
        got = self.points.get(key)
        if got is None:
            self.points[key] = (columns, list(rows))
        else:
            got[1].extend(rows)

    def frame(self, columns: list[str]) -> pd.DataFrame:
        """Every row kept, as one DataFrame (points in the order they were played)."""
        frames = [_frame(cols, rows) for cols, rows in self.points.values()]
        if not frames:
            return _frame(columns, [])
        return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


class _Narrow:
    """Keeps only the columns the ``games="auto"`` check needs (when the rows go to a file)."""

    def __init__(self, keep: Sequence[str]) -> None:
        self.keep = list(keep)
        self.frames: list[pd.DataFrame] = []

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Keep the watched columns of a chunk."""
        idx = [columns.index(c) for c in self.keep]
        self.frames.append(_frame(self.keep, [tuple(r[i] for i in idx) for r in rows]))

    def frame(self) -> pd.DataFrame:
        """The watched columns of every row kept."""
        return pd.concat(self.frames, ignore_index=True) if self.frames else _frame(self.keep, [])


class _Summary:
    """Counts per point, seat and bot: the table ``simulate(out=...)`` returns instead of the rows."""

    def __init__(self, grid: Sequence[str]) -> None:
        self.grid = list(grid)
        self.acc: dict[tuple[Any, ...], list[float]] = {}

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Count a chunk of rows into its point, seat and bot."""
        at = {c: columns.index(c) for c in ("seat", "bot", "win", "rank", "length", "rounds")}
        for r in rows:
            k = (*key, r[at["seat"]], r[at["bot"]])
            acc = self.acc.get(k)
            if acc is None:
                acc = self.acc[k] = [0, 0, 0, 0, 0]
            acc[0] += 1
            acc[1] += bool(r[at["win"]])
            acc[2] += r[at["rank"]]
            acc[3] += r[at["length"]]
            acc[4] += r[at["rounds"]]

    def frame(self) -> pd.DataFrame:
        """The summary table: one row per point, seat and bot."""
        rows = []
        for k in sorted(self.acc, key=lambda k: (tuple(map(str, k[:-2])), k[-2], str(k[-1]))):
            n, wins, rank, length, rounds = self.acc[k]
            rows.append((*k, n, wins / n, rank / n, length / n, rounds / n))
        cols = [*self.grid, "seat", "bot", "games", "win_rate", "mean_rank", "mean_length", "mean_rounds"]
        return pd.DataFrame(rows, columns=cols)


class _Writer:
    """Writes chunks to a parquet or CSV file as they finish; the file appears (renamed) at the end.

    The rows go to a temporary file beside the target, renamed over it when the run ends (also
    when it is interrupted: the finished games are kept); an error removes it and leaves an old
    file as it was.
    """

    def __init__(self, path: Path, fmt: str, attrs: Mapping[str, Any]) -> None:
        self.path, self.fmt, self.attrs = path, fmt, dict(attrs)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        self.tmp = Path(tmp)
        self.columns: list[str] | None = None
        self.buffer: list[Row] = []
        self.rows = 0
        self._parquet: Any = None
        self._schema: Any = None
        self._csv: Any = None

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Take a chunk of rows; write when enough have gathered."""
        if self.columns is None:
            self.columns = list(columns)
        elif columns != self.columns:
            raise ValueError(
                f"the columns changed during the run ({', '.join(columns)} after "
                f"{', '.join(self.columns)}): one file holds one table; write each part apart"
            )
        self.buffer.extend(rows)
        if len(self.buffer) >= _WRITE_ROWS:
            self.flush()

    def flush(self) -> None:
        """Write the rows gathered so far (a parquet row group, or CSV lines)."""
        if not self.buffer or self.columns is None:
            return
        df = _frame(self.columns, self.buffer)
        self.buffer = []
        self.rows += len(df)
        if self.fmt == "csv":
            if self._csv is None:
                self._csv = open(self.tmp, "w", newline="")  # noqa: SIM115 - closed in close()
                df.to_csv(self._csv, index=False)
            else:
                df.to_csv(self._csv, index=False, header=False)
            return
        import json

        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._parquet is None:
            table = pa.Table.from_pandas(df, preserve_index=False)
            meta = dict(table.schema.metadata or {})
            # the key pandas reads back into DataFrame.attrs: game, options, bots, seed for replay
            meta[b"PANDAS_ATTRS"] = json.dumps(self.attrs).encode()
            self._schema = table.schema.with_metadata(meta)
            self._parquet = pq.ParquetWriter(self.tmp, self._schema)
        try:
            table = pa.Table.from_pandas(df, schema=self._schema, preserve_index=False)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise ValueError(f"a chunk of rows does not fit the file's columns: {exc}") from None
        self._parquet.write_table(table)

    def close(self) -> None:
        """Write what is left and put the file in place."""
        self.flush()
        if self.fmt == "parquet" and self._parquet is None:  # no rows at all: an empty table
            _frame(self.columns or _BASE_COLUMNS, []).to_parquet(self.tmp, index=False)
        if self._parquet is not None:
            self._parquet.close()
        if self._csv is not None:
            self._csv.close()
        elif self.fmt == "csv" and self.rows == 0:
            _frame(self.columns or _BASE_COLUMNS, []).to_csv(self.tmp, index=False)
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        """Remove the temporary file (the run failed)."""
        with contextlib.suppress(Exception):
            if self._parquet is not None:
                self._parquet.close()
            if self._csv is not None:
                self._csv.close()
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)


# --------------------------------------------------------------------------------------------------
# the runner: chunks on this process or on a pool, in game order to the sinks
# --------------------------------------------------------------------------------------------------


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the main process's to handle (it stops the workers itself).

    On Linux the worker also asks to be ended when the process that started it dies, so that a
    parent killed outright (``kill -9``, an out-of-memory kill) leaves no orphan workers behind.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):  # best effort: no libc, no prctl, no harm
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() == 1:  # the parent died before the request was made
            os._exit(1)


#: ``prctl`` option: the signal a process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG: Final = 1


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


def _executor_width(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once: its workers, a dask cluster's threads, else the CPUs."""
    width = getattr(executor, "_max_workers", None)
    if isinstance(width, int) and width > 0:
        return width
    client = getattr(executor, "_client", None)
    if client is not None:
        with contextlib.suppress(Exception):
            return max(1, int(sum(client.nthreads().values())))
    inner = getattr(executor, "inner", None)  # a wrapper (the widgets' progress executor)
    if isinstance(inner, Executor):
        return _executor_width(inner)
    return cpu_count()


@dataclass
class _Job:
    """One run: what to play, where, and where the rows go."""

    game: Game
    bot_args: list[Any]
    seeds: np.ndarray
    start: State | None
    rotate: bool
    trace: bool
    workers: int | Executor
    sinks: list[Any]
    bar: Any
    on_chunk: Callable[[pd.DataFrame], None] | None
    stop: threading.Event | None
    grid: list[str] = field(default_factory=list)
    #: the game of each grid point (a sweep); None: ``game`` everywhere
    game_of: Callable[[tuple[Any, ...]], Game] | None = None
    extra: list[str] = field(default_factory=list)
    _executor: Executor | None = None
    _own: bool = False

    @property
    def columns(self) -> list[str]:
        """The column names of the rows (grid values first)."""
        return [*self.grid, *_BASE_COLUMNS, *(TRACE_COLUMNS if self.trace else ()), *self.extra]

    def executor(self) -> tuple[Executor, int]:
        """The pool (made on first use when ``workers`` is a number) and how many chunks it runs at once."""
        if self._executor is None:
            if isinstance(self.workers, int):
                extra: dict[str, Any] = {}
                if threading.current_thread() is not threading.main_thread():
                    # a run in a thread of a busy process (a notebook kernel, the lab widget) must not
                    # fork it: a lock held by another thread would stay locked in the child forever
                    context = multiprocessing.get_context("forkserver")
                    # the server imports the engines once; each worker forks from it ready to play
                    context.set_forkserver_preload(["isslab.sim"])
                    extra["mp_context"] = context
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, initializer=_ignore_sigint, **extra
                )
                self._own = True
            else:
                self._executor = self.workers
        width = self.workers if isinstance(self.workers, int) else _executor_width(self._executor)
        return self._executor, width

    def close(self, interrupted: bool) -> None:
        """Shut down a pool of our own (an interrupted run has stopped it already)."""
        if self._own and self._executor is not None and not interrupted:
            self._executor.shutdown()
        self._executor = None

    def deliver(self, key: tuple[Any, ...], rows: list[Row], extra: list[str]) -> None:
        """Hand a finished chunk (in game order) to the sinks."""
        if not rows:
            return
        self.extra = self.extra or extra
        if key:
            rows = [(*key, *r) for r in rows]
        columns = self.columns
        for sink in self.sinks:
            sink.add(key, columns, rows)

    def announce(self, key: tuple[Any, ...], rows: list[Row], extra: list[str]) -> None:
        """Tell the callback about a chunk as soon as it finishes."""
        if self.on_chunk is not None and rows:
            tracing = TRACE_COLUMNS if self.trace else ()
            cols = [*self.grid, *_BASE_COLUMNS, *tracing, *(self.extra or extra)]
            self.on_chunk(_frame(cols, [(*key, *r) for r in rows] if key else rows))

    def stopped(self) -> bool:
        """True once the caller has set the stop flag."""
        return self.stop is not None and self.stop.is_set()

    def run(self, lo: int, hi: int, key: tuple[Any, ...] = ()) -> bool:
        """Play games ``lo`` to ``hi - 1`` with the options of ``key``; True if interrupted."""
        if hi <= lo:
            return False
        if self.game_of is not None:
            self.game = self.game_of(key)
        if isinstance(self.workers, int) and (self.workers == 1 or hi - lo == 1):
            return self._run_here(lo, hi, key)
        return self._run_pool(lo, hi, key)

    def _run_here(self, lo: int, hi: int, key: tuple[Any, ...]) -> bool:
        g = self.game
        fns, names = resolve_bots(g, self.bot_args)
        rows: list[Row] = []
        extra = self.extra
        try:
            for first in range(lo, hi, _CHUNK):
                rows = []
                for i in range(first, min(hi, first + _CHUNK)):
                    if self.stopped():
                        raise _Stopped
                    # one game at a time: an interrupt keeps every finished game
                    extra = _play_rows(
                        g, fns, names, i, int(self.seeds[i]), self.start, rows, extra, self.rotate, self.trace
                    )
                    self.bar.update(1)
                self.announce(key, rows, extra)
                self.deliver(key, rows, extra)
                rows = []
        except (KeyboardInterrupt, _Stopped):
            self.announce(key, rows, extra)
            self.deliver(key, rows, extra)
            return True
        return False

    def _run_pool(self, lo: int, hi: int, key: tuple[Any, ...]) -> bool:
        g = self.game
        executor, width = self.executor()
        step = max(1, min(_CHUNK, (hi - lo) // (width * 8) or 1))
        starts = iter(range(lo, hi, step))
        start_json = self.start.to_json() if self.start is not None else None
        inflight: dict[Future[tuple[list[Row], list[str]]], int] = {}
        ready: dict[int, tuple[list[Row], list[str]]] = {}
        next_lo = lo
        window = max(2, width * _WINDOW)

        def submit_more() -> None:
            while len(inflight) < window:
                s = next(starts, None)
                if s is None:
                    return
                e = min(hi, s + step)
                fut = executor.submit(
                    _run_chunk,
                    g,
                    self.bot_args,
                    range(s, e),
                    self.seeds[s:e].tolist(),
                    start_json,
                    self.rotate,
                    self.trace,
                )
                inflight[fut] = s

        try:
            submit_more()
            while inflight:
                if self.stopped():
                    raise _Stopped
                timeout = 0.1 if self.stop is not None else None
                finished, _ = wait(list(inflight), timeout=timeout, return_when=FIRST_COMPLETED)
                for fut in sorted(finished, key=inflight.__getitem__):
                    s = inflight.pop(fut)
                    if fut.cancelled():
                        continue
                    exc = fut.exception()
                    if exc is not None:
                        raise exc
                    chunk_rows, chunk_extra = fut.result()
                    ready[s] = (chunk_rows, chunk_extra)
                    self.bar.update(min(hi, s + step) - s)
                    self.announce(key, chunk_rows, chunk_extra)
                while next_lo in ready:  # in game order: a file grows as a run in one process would
                    chunk_rows, chunk_extra = ready.pop(next_lo)
                    self.deliver(key, chunk_rows, chunk_extra)
                    next_lo = min(hi, next_lo + step)
                submit_more()
        except (KeyboardInterrupt, _Stopped):
            _stop(executor, inflight, self._own)
            for s in sorted(ready):  # the finished games after a gap are kept too
                self.deliver(key, *ready[s])
            return True
        except BaseException:
            _stop(executor, inflight, self._own)
            raise
        return False


# --------------------------------------------------------------------------------------------------
# simulate and sweep
# --------------------------------------------------------------------------------------------------


def _attrs(
    g: Game,
    names: Sequence[str],
    seed: int,
    rotate: bool,
    trace: bool,
    start: State | None,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """What ``replay`` needs besides a row (JSON-able: it travels in parquet files)."""
    return {
        "game": g.id,
        "options": {k: _thaw(v) for k, v in options.items()},
        "bots": list(names),
        "seed": seed,
        "rotate_seats": rotate,
        "trace": trace,
        "start": start.to_json() if start is not None else None,
        "seat_names": [g.seat_name(s) for s in range(g.num_players)],
    }


def _auto_widest(df: pd.DataFrame, grid: Sequence[str], metric: str) -> float:
    """The widest 95% half-width ``games="auto"`` watches: of every seat's and bot's estimate and,
    in a sweep, of every difference from the first point."""
    from isslab.stats import compare, widest

    by = list(grid) or None
    spread = df.groupby([*grid, "game"], sort=False)[metric].nunique()
    if not bool((spread > 1).any()):
        return widest(compare(df, by, metric))
    tables = [compare(df, by, metric, seat=int(s)) for s in sorted(df["seat"].unique())]
    tables += [compare(df, by, metric, bot=str(b)) for b in sorted(map(str, df["bot"].unique()))]
    return max(widest(t) for t in tables)


def _next_total(done: int, width: float, precision: float, max_games: int) -> int:
    """The game count of the next ``games="auto"`` batch: enough by the current spread, at most 4x."""
    if math.isfinite(width) and width > 0:
        needed = math.ceil(done * (width / precision) ** 2 * 1.1)
    else:
        needed = done * 4
    target = max(done + _FIRST_BATCH // 2, min(done * 4, needed))
    target = math.ceil(target / _CHUNK) * _CHUNK
    return min(max_games, target)


@dataclass
class _Auto:
    """What a ``games="auto"`` run reached."""

    precision: float
    max_games: int
    metric: str
    games: int = 0
    widest: float = math.inf
    reached: str = ""

    def report(self) -> dict[str, Any]:
        """What was reached, for ``df.attrs["auto"]``."""
        return {
            "reached": self.reached,
            "games": self.games,
            "widest": self.widest,
            "precision": self.precision,
            "max_games": self.max_games,
            "metric": self.metric,
        }


def _run_batches(
    job: _Job,
    points: Sequence[tuple[Any, ...]],
    games: Games,
    auto: _Auto | None,
    view: Callable[[], pd.DataFrame] | None,
) -> tuple[bool, int]:
    """Play every point (the same seeds each); with ``auto``, batch after batch.

    Returns (interrupted, games per point).
    """
    if auto is None:
        assert isinstance(games, int)
        for key in points:
            if job.run(0, games, key):
                return True, games
        return False, games
    assert view is not None
    done, target = 0, min(auto.max_games, _FIRST_BATCH)
    while True:
        job.bar.total = target * len(points)
        job.bar.refresh()
        for key in points:
            if job.run(done, target, key):
                auto.games, auto.reached = target, "interrupted"
                return True, target
        done = target
        auto.games = done
        auto.widest = _auto_widest(view(), job.grid, auto.metric)
        job.bar.set_postfix_str(f"widest +-{auto.widest:.4f}")
        if auto.widest <= auto.precision:
            auto.reached = "precision"
            return False, done
        if done >= auto.max_games:
            auto.reached = "max_games"
            return False, done
        target = _next_total(done, auto.widest, auto.precision, auto.max_games)


def simulate(
    game: Game | str | State,
    bots: BotSpec = "random",
    games: Games = 100,
    seed: int = 0,
    workers: Any = 1,
    progress: bool = True,
    state: State | None = None,
    *,
    rotate_seats: bool = False,
    trace: bool = False,
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
    ``lead_changes``, ``drama``, ``decisiveness`` (see :mod:`isslab.trace`). Off by default: it
    costs a lead evaluation per step.

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
    df, interrupted = _simulate(
        game,
        bots,
        games,
        seed,
        workers,
        progress,
        state,
        options,
        rotate=rotate_seats,
        trace=trace,
        out=out,
        precision=precision,
        max_games=max_games,
        metric=metric,
        on_chunk=on_chunk,
        stop=stop,
    )
    if interrupted:
        played = df.attrs.get("games_played", 0)
        warnings.warn(
            f"simulation interrupted: {played} of {df.attrs.get('games_asked', games)} games were played; "
            + ("the file holds those games" if out is not None else "the rows hold those games"),
            stacklevel=2,
        )
    _warn_auto(df)
    return df


def _warn_auto(df: pd.DataFrame) -> None:
    auto = df.attrs.get("auto")
    if auto and auto["reached"] == "max_games":
        warnings.warn(
            f"games='auto' stopped at max_games={auto['max_games']:,} before the precision was reached: "
            f"the widest interval is +-{auto['widest']:.4f}, wider than +-{auto['precision']:g}",
            stacklevel=3,
        )


def _simulate(
    game: Game | str | State,
    bots: BotSpec,
    games: Any,
    seed: int,
    workers: Any,
    progress: bool,
    state: State | None,
    options: Mapping[str, Any],
    *,
    rotate: bool = False,
    trace: bool = False,
    out: Any = None,
    precision: float = 0.01,
    max_games: int = 100_000,
    metric: str = "win",
    on_chunk: Any = None,
    stop: Any = None,
) -> tuple[pd.DataFrame, bool]:
    if isinstance(game, State):
        state, g = game, game.game
        if options:
            raise ValueError("options cannot be given together with a start state")
    else:
        g = _as_game(game, options)
    if state is not None and (not isinstance(state, State) or state.game != g):
        raise ValueError("the start state belongs to a different game or options")
    return _run(
        g,
        bots,
        games,
        seed,
        workers,
        progress,
        state,
        [()],
        [],
        {},
        rotate=rotate,
        trace=trace,
        out=out,
        precision=precision,
        max_games=max_games,
        metric=metric,
        on_chunk=on_chunk,
        stop=stop,
        desc=g.id,
    )


def _run(
    g: Game,
    bots: BotSpec,
    games: Any,
    seed: int,
    workers: Any,
    progress: bool,
    state: State | None,
    points: Sequence[tuple[Any, ...]],
    grid: Sequence[str],
    grid_values: Mapping[str, list[Any]],
    *,
    rotate: bool,
    trace: bool,
    out: Any,
    precision: float,
    max_games: int,
    metric: str,
    on_chunk: Any,
    stop: Any,
    desc: str,
    fixed: Mapping[str, Any] | None = None,
    games_of: Callable[[tuple[Any, ...]], Game] | None = None,
) -> tuple[pd.DataFrame, bool]:
    """The common body of ``simulate`` and ``sweep`` (``points``: the grid's value tuples)."""
    games = _check_games(games)
    workers = _check_workers(workers)
    rotate = _check_flag("rotate_seats", rotate)
    trace = _check_flag("trace", trace)
    stop = _check_stop(stop)
    on_chunk = _check_callback(on_chunk)
    auto = None
    if games == "auto":
        precision, max_games = _check_auto(precision, max_games)
        auto = _Auto(precision, max_games, metric)
    count = max_games if games == "auto" else games
    assert isinstance(count, int)
    seeds = seed_array(seed, count)  # checks the seed
    _, names = resolve_bots(g, bots)  # validate names before any work starts
    # names travel to workers as names (no pickled functions); callables travel as themselves
    bot_args = expand_bots(g, bots)
    target = None
    if out is not None:
        target = _out_format(out)
    if isinstance(workers, int):
        workers = min(workers, cpu_count(), count)
    attrs = _attrs(g, names, seed, rotate, trace, state, g.options if fixed is None else fixed)
    if grid:
        attrs["grid"] = {n: [_thaw(v) for v in grid_values[n]] for n in grid}
    sinks: list[Any] = []
    collect = narrow = writer = summ = None
    if target is None:
        collect = _Collect()
        sinks.append(collect)
    else:
        writer = _Writer(target[0], target[1], attrs)
        summ = _Summary(grid)
        sinks += [writer, summ]
        if auto is not None:
            narrow = _Narrow([*grid, "game", "seed", "seat", "bot", metric])
            sinks.append(narrow)

    def view() -> pd.DataFrame:
        if collect is not None:
            return collect.frame([])
        assert narrow is not None
        return narrow.frame()

    total = (count if auto is None else min(count, _FIRST_BATCH)) * len(points)
    bar = tqdm(total=total, disable=not progress, desc=desc, unit="game", leave=False)
    job = _Job(
        g, bot_args, seeds, state, rotate, trace, workers, sinks, bar, on_chunk, stop, list(grid), games_of
    )
    interrupted = False
    try:
        if auto is not None:
            known = [*job.columns, *_probe_columns(g)]
            if not isinstance(metric, str) or metric not in known:
                raise ValueError(
                    f"metric must be a column of the rows, got {_short(metric, 40)}; the columns are: "
                    f"{', '.join(known)}"
                )
        interrupted, _ = _run_batches(job, points, games, auto, view)
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
        assert summ is not None and target is not None
        df = summ.frame()
        # games per point: every seat of a game has one row, so the most rows of one seat
        played = int(df.groupby([*grid, "seat"])["games"].sum().max()) if len(df) else 0
        attrs["out"] = str(target[0])
    df.attrs.update(attrs)
    df.attrs["games_played"] = played
    df.attrs["games_asked"] = games
    if auto is not None:
        df.attrs["auto"] = auto.report()
    if interrupted:
        df.attrs["interrupted"] = True
    return df, interrupted


def _probe_columns(g: Game) -> list[str]:
    """The statistics columns of the game (from its first position's statistics)."""
    st = g.new_state()
    keys = list(st.game_stats())
    for s in st.seat_stats():
        keys += [k for k in s if k not in keys]
    return keys


def sweep(
    game: str,
    grid: Mapping[str, Iterable[Any]],
    bots: BotSpec = "random",
    games: Games = 1000,
    seed: int = 0,
    workers: Any = 1,
    progress: bool = True,
    *,
    rotate_seats: bool = False,
    trace: bool = False,
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
    combos = list(itertools.product(*values))
    made: dict[tuple[Any, ...], Game] = {}
    for combo in combos:  # every point's options are valid before any game is played
        point = dict(zip(names, combo, strict=True))
        g = make(game, **options, **point)
        resolve_bots(g, bots)
        made[combo] = g
    first = made[combos[0]]
    df, interrupted = _run(
        first,
        bots,
        games,
        seed,
        workers,
        progress,
        None,
        combos,
        names,
        dict(zip(names, values, strict=True)),
        rotate=rotate_seats,
        trace=trace,
        out=out,
        precision=precision,
        max_games=max_games,
        metric=metric,
        on_chunk=on_chunk,
        stop=stop,
        desc=f"sweep {game}",
        fixed=options,
        games_of=made.__getitem__,
    )
    if interrupted:
        keys = list(zip(*(df[n] for n in names), strict=True))
        part = ""
        if keys and out is None:
            last = keys[-1]
            played = len({i for k, i in zip(keys, df["game"], strict=True) if k == last})
            part = f", the last one in part ({played} of {games} games)"
        warnings.warn(
            f"sweep interrupted: {len(set(keys))} of {len(combos)} points were visited{part}",
            stacklevel=2,
        )
    _warn_auto(df)
    return df


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


# --------------------------------------------------------------------------------------------------
# replay
# --------------------------------------------------------------------------------------------------


class Replay(NamedTuple):
    """A game rebuilt from its row: the record (actions, result) and the final state."""

    record: GameRecord
    state: State


def _plain(value: Any) -> Any:
    """A value read back from a frame or a file as options take it (numpy scalars and arrays too)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _row_dict(row: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The row's values and the attrs of the frame it came from."""
    attrs: dict[str, Any] = dict(getattr(row, "attrs", {}) or {})
    if isinstance(row, pd.DataFrame):
        if len(row) != 1:
            raise ValueError(f"replay takes one row; this frame has {len(row)} (use df.iloc[k])")
        raw: Mapping[Any, Any] = row.iloc[0].to_dict()
    elif isinstance(row, pd.Series):
        raw = row.to_dict()
    elif isinstance(row, Mapping):
        raw = row
    elif hasattr(row, "_asdict"):  # a row of df.itertuples()
        raw = row._asdict()
    else:
        raise ValueError(
            f"replay takes a row of a simulate or sweep frame (df.iloc[k]), got {type(row).__name__}"
        )
    return {str(k): v for k, v in raw.items()}, attrs


def replay(row: Any, frame: pd.DataFrame | None = None, *, bots: BotSpec | None = None) -> Replay:
    """Rebuild the exact game of one row of ``simulate`` or ``sweep`` (or of a file they wrote).

    The row's ``seed`` and ``game`` number and its frame's attrs (game id, options, bots, seat
    rotation, start position; a sweep's options are the row's own columns) are all it takes:
    ``isslab.play`` is run again with them. Pass ``frame`` when the row has lost its frame's
    attrs (a dict, a row of ``itertuples``), and ``bots`` for bots that were functions. The
    replayed game is checked against the row (moves and steps): a mismatch raises ``ValueError``.
    """
    values, attrs = _row_dict(row)
    if frame is not None:
        attrs = {**{str(k): v for k, v in frame.attrs.items()}, **attrs}
    missing = [k for k in ("game", "options", "bots") if k not in attrs]
    if missing:
        raise ValueError(
            f"this row has no {', '.join(missing)} (its frame's attrs were lost); pass the frame it came "
            "from: isslab.replay(row, df)"
        )
    for k in ("seed", "game"):
        if k not in values:
            raise ValueError(f"this row has no {k!r} column: is it a row of isslab.simulate or sweep?")
    options = {k: _plain(v) for k, v in dict(attrs["options"]).items()}
    for name in dict(attrs.get("grid") or {}):
        if name not in values:
            raise ValueError(f"this sweep row has no column {name!r} (a swept option)")
        options[name] = _plain(values[name])
    g = make(str(attrs["game"]), **options)
    i = int(values["game"])
    seed = int(values["seed"])
    names = list(attrs["bots"]) if bots is None else expand_bots(g, bots)
    if bots is None:
        known = set(bot_names_for(g))
        unknown = [b for b in names if b not in known]
        if unknown:
            raise ValueError(
                f"bots {', '.join(map(repr, unknown))} are not registered bots of {g.id} (functions "
                "cannot be stored with the rows): pass them, isslab.replay(row, bots=[...])"
            )
    seat_bots = _rotated(names, i, bool(attrs.get("rotate_seats", False)))
    start = load(attrs["start"]) if attrs.get("start") else None
    rec = play(g, seat_bots, seed=seed, state=start)
    for k, got in (("length", rec.length), ("steps", rec.steps)):
        if k in values and values[k] is not None and int(values[k]) != got:
            raise ValueError(
                f"the replay of game {i} (seed {seed}) does not match its row: {k} {got} instead of "
                f"{int(values[k])}; were the bots, the options or the rules changed since?"
            )
    return Replay(rec, rec.final_state())


def bot_names_for(g: Game) -> list[str]:
    """The registered bots of a game (for ``replay``'s check)."""
    from isslab.core import bot_names

    return bot_names(g.id)
