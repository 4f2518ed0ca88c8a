"""Running the report's games: the worker pool, the seeds shared by every section, the per-game
columns the report reads, and the rows of a section's table.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

import isslab
from isslab import checks
from isslab.core import Game, make, short_repr
from isslab.stats import wilson_interval


@dataclass
class _Run:
    """What every section needs: the game, the pool, and the seeds."""

    game: Game
    seed: int
    workers: Executor | int
    width: int

    def simulate(
        self, bots: Sequence[str], games: int, game: Game | None = None, trace: bool = False
    ) -> pd.DataFrame:
        """A run of ``games`` games of ``bots`` (seats rotated, seeds shared), with the report's columns."""
        g = game or self.game
        df = isslab.simulate(
            g,
            bots=list(bots),
            games=games,
            seed=self.seed,
            workers=self.workers,
            progress=False,
            rotate_seats=True,
            trace=trace,
        )
        return _add_columns(df, g)

    def variants(
        self,
        name: str,
        values: Sequence[Any],
        bots: Sequence[str],
        games: int,
        trace: bool,
        base: pd.DataFrame,
    ) -> pd.DataFrame:
        """``base`` (the game's own games) and the games of each value of option ``name`` on the same seeds,
        a column ``variant`` numbering them (0: ``base``).

        (Not ``isslab.sweep``: an option may share its name with a statistics column of the rows; and the
        game's own games are played once for every option.)
        """
        frames = [base.assign(variant=0)]
        for i, value in enumerate(values, start=1):
            g = make(self.game.id, **{**self.game.options, name: value})
            frames.append(self.simulate(bots, games, game=g, trace=trace).assign(variant=i))
        out = pd.concat(frames, ignore_index=True)
        out.attrs.update(frames[0].attrs)
        return out


def _add_columns(df: pd.DataFrame, game: Game) -> pd.DataFrame:
    """Per-game columns the report reads: ``first_won`` (the first mover won); solo 1998 ISS ``margin``."""
    df = df.copy()
    if "first_mover" in df:
        first = df.groupby("game")["first_mover"].transform("first")
        won = df["win"].astype(bool) & (df["seat"] == first)
        df["first_won"] = won.groupby(df["game"]).transform("any").astype(float)
    if "fedor_score" in df and "score" in df:
        df["margin"] = (df["score"] - df["fedor_score"]).astype(float)
    return df


@contextmanager
def _pool(workers: int | Executor) -> Iterator[tuple[Executor | int, int]]:
    if isinstance(workers, Executor):
        yield workers, 2
        return
    count = checks.as_count(workers)
    if count is None or count < 1:
        raise ValueError(f"workers must be an int >= 1 or an Executor, got {short_repr(workers)}")
    n = min(count, os.cpu_count() or 1)
    if n <= 1:
        yield 1, 1
        return
    with ProcessPoolExecutor(max_workers=n) as pool:
        yield pool, n


def _map(run: _Run, fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    if isinstance(run.workers, Executor) and len(jobs) > 1:
        chunk = max(1, len(jobs) // (4 * run.width))
        return list(run.workers.map(fn, jobs, chunksize=chunk))
    return [fn(j) for j in jobs]


def _row(**kw: Any) -> dict[str, Any]:
    return kw


def _rate(k: float, n: int) -> tuple[float, float, float]:
    low, high = wilson_interval(k, n)
    return (k / n if n else math.nan, low, high)


def _metric_rows(table: pd.DataFrame, names: Sequence[str], label: str) -> list[dict[str, Any]]:
    part = table[table["metric"].isin(names)]
    return [
        _row(
            lineup=label,
            label="",
            quantity=r.metric,
            value=r.value,
            low=r.low,
            high=r.high,
            games=r.games,
            note=r.note,
        )
        for r in part.itertuples()
    ]


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (tuples kept): what a reader typed."""
    return value.item() if isinstance(value, np.generic) else value
