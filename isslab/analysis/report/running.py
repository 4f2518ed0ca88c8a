"""Running the report's games: the worker pool, the seeds shared by every section, the per-game
columns the report reads, and the rows of a section's table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.core import Game, make
from isslab.frames.stats import wilson_interval
from isslab.play import play
from isslab.sim.api import simulate
from isslab.sim.chunks import map_jobs
from isslab.sim.pool import Pool


@dataclass
class _Run:
    """What every section needs: the game, the pool, and the seeds."""

    game: Game
    seed: int
    pool: Pool

    def simulate(
        self, bots: Sequence[Any], games: int, game: Game | None = None, trace: bool = False
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
    """Per-game columns the report reads: ``first_won`` (the first mover won); solo 1998 ISS ``margin``
    (the player's score minus FEDOR's); ``score_margin`` in a competitive game with a ``score`` (a seat's
    score minus its best rival's): the measures that still move when win rates sit at 0 or 1."""
    df = df.copy()
    if "first_mover" in df:
        first = df.groupby("game")["first_mover"].transform("first")
        won = df["win"].astype(bool) & (df["seat"] == first)
        df["first_won"] = won.groupby(df["game"]).transform("any").astype(float)
    if "fedor_score" in df and "score" in df:
        df["margin"] = (df["score"] - df["fedor_score"]).astype(float)
    elif "score" in df and game.num_players > 1:
        score = df["score"].astype(float)
        best = score.groupby(df["game"]).transform("max")
        # the best rival's: the best score, or the second best for the seat that holds the best
        second = score.groupby(df["game"]).transform(lambda x: np.sort(x.to_numpy())[-2])
        df["score_margin"] = score - np.where(score == best, second, best)
    return df


#: the columns two games of one seed must agree on to be the same game (with the statistics columns)
_RESULT: Final = ("returns", "rank", "win", "length", "steps", "rounds", "end_reason")


def same_games(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    """True when two runs on the same seeds gave, game by game and seat by seat, the same results,
    lengths and statistics (the columns both frames have, but the bots, the options and the variant)."""
    if len(a) != len(b):
        return False
    skip = {"bot", "variant", "seed", *a.attrs.get("grid", {}), *(a.attrs.get("options") or {})}
    shared = [c for c in a.columns if c in b.columns and c not in skip]
    if not all(c in shared for c in _RESULT if c in a.columns):
        return False
    x = a.sort_values(["game", "seat"])[shared].reset_index(drop=True)
    y = b.sort_values(["game", "seat"])[shared].reset_index(drop=True)
    return bool(x.astype(str).equals(y.astype(str)))


def distinct_games(df: pd.DataFrame) -> int:
    """How many different games a run holds: games that agree, seat by seat, on their bots, results,
    lengths and statistics count once (a game without chance played by bots that always choose alike
    gives the same game from every seed)."""
    cols = [c for c in df.columns if c not in ("game", "seed")]
    rows = df.sort_values(["game", "seat"])[["game", *cols]]
    per_game = rows.groupby("game", sort=False)[cols].agg(_joined)
    return int(len(per_game.drop_duplicates()))


def _joined(values: pd.Series) -> str:
    return "|".join(map(str, values))


def same_moves(pairs: Sequence[tuple[Game, Sequence[Any], Game, Sequence[Any], int]]) -> bool:
    """True when every pair of games ``(game_a, bots_a, game_b, bots_b, seed)`` is played move for move
    the same (the actions, compared as their JSON forms)."""
    for game_a, bots_a, game_b, bots_b, seed in pairs:
        one = play(game_a, list(bots_a), seed=seed).actions
        two = play(game_b, list(bots_b), seed=seed).actions
        if [game_a.encode_action(x) for x in one] != [game_b.encode_action(x) for x in two]:
            return False
    return True


def _map(run: _Run, fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    """``[fn(j) for j in jobs]`` on the report's one pool (in order)."""
    return map_jobs(fn, jobs, run.pool)


def _figure(
    lineup: str,
    label: str,
    quantity: Any,
    interval: Sequence[Any],
    games: Any,
    note: Any = "",
    **more: Any,
) -> dict[str, Any]:
    """A report row: one figure of a line-up, its ``(value, low, high)`` over ``games``, then ``more``."""
    value, low, high = interval
    row = dict(lineup=lineup, label=label, quantity=quantity, value=value, low=low, high=high, games=games)
    return {**row, "note": note, **more}


def _compared(lineup: str, label: str, quantity: str, r: Any, note: str) -> dict[str, Any]:
    """A report row from a row ``r`` of ``compare``'s table: its estimate and its difference from the base."""
    return dict(
        lineup=lineup, label=label, quantity=quantity,
        value=r.estimate, low=r.low, high=r.high, games=r.games,
        diff=r.diff, diff_low=r.diff_low, diff_high=r.diff_high, note=note,
    )  # fmt: skip


def _rate(k: float, n: int) -> tuple[float, float, float]:
    low, high = wilson_interval(k, n)
    return (k / n if n else math.nan, low, high)


def _table_rows(table: pd.DataFrame, lineup: str, label: str, name: str = "quantity") -> list[dict[str, Any]]:
    """The rows of a table of figures (its ``name`` column, value, low, high, games, note) as report rows."""
    return [
        _figure(lineup, label, getattr(r, name), (r.value, r.low, r.high), r.games, r.note)
        for r in table.itertuples()
    ]


def _metric_rows(table: pd.DataFrame, names: Sequence[str], label: str) -> list[dict[str, Any]]:
    return _table_rows(table[table["metric"].isin(names)], label, "", "metric")


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (tuples kept): what a reader typed."""
    return value.item() if isinstance(value, np.generic) else value
