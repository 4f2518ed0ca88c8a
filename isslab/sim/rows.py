"""One game to its rows, and a chunk of games in a worker: the unit of work of a run.

Game ``i`` of a run with seed ``s`` is played with the ``i``-th seed derived from ``s``
(:func:`seed_array`), so its rows are the same whichever process plays it and however the games are
cut into chunks.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

import isslab.checks as checks
from isslab.core import Bot, Game, State, load
from isslab.frames.frame import Row, record_rows, rotated
from isslab.frames.trace import Tracer, summary
from isslab.play import play, resolve_bots

__all__ = ["Chunk", "play_rows", "rotated", "run_chunk", "seed_array"]


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
) -> list[str]:
    """Play game ``i`` and append its rows; an error carries a note naming the game and its seed."""
    seat_fns = rotated(fns, i, rotate)
    seat_names = rotated(names, i, rotate)
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
        extra = play_rows(game, fns, names, i, seed, start, rows, extra, rotate, trace)
    return Chunk(rows, extra, len(indices), time.perf_counter() - t0)
