"""Running the report's games: the worker pool, the seeds shared by every section, the per-game
columns the report reads, and the rows of a section's table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from isslab.core import Game, make
from isslab.frames.stats import wilson_interval
from isslab.sim.api import simulate
from isslab.sim.pool import Pool


@dataclass
class _Run:
    """What every section needs: the game, the pool, and the seeds."""

    game: Game
    seed: int
    pool: Pool

    def simulate(
        self, bots: Sequence[str], games: int, game: Game | None = None, trace: bool = False
    ) -> pd.DataFrame:
        """A run of ``games`` games of ``bots`` (seats rotated, seeds shared), with the report's columns."""
        g = game or self.game
        df = simulate(
            g,
            bots=list(bots),
            games=games,
            seed=self.seed,
            workers=self.pool,
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


def _row(**kw: Any) -> dict[str, Any]:
    return kw


def _rate(k: float, n: int) -> tuple[float, float, float]:
    low, high = wilson_interval(k, n)
    return (k / n if n else math.nan, low, high)


def _table_rows(table: pd.DataFrame, lineup: str, label: str, name: str = "quantity") -> list[dict[str, Any]]:
    """The rows of a table of figures (its ``name`` column, value, low, high, games, note) as report rows."""
    return [
        _row(
            lineup=lineup,
            label=label,
            quantity=getattr(r, name),
            value=r.value,
            low=r.low,
            high=r.high,
            games=r.games,
            note=r.note,
        )
        for r in table.itertuples()
    ]


def _metric_rows(table: pd.DataFrame, names: Sequence[str], label: str) -> list[dict[str, Any]]:
    return _table_rows(table[table["metric"].isin(names)], label, "", "metric")


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (tuples kept): what a reader typed."""
    return value.item() if isinstance(value, np.generic) else value
