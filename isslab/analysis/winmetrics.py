"""Designer metrics from win chances: luck share, comeback rate, when a game is decided, lead changes.

Each game is reviewed with the fitted model (:func:`isslab.review`, every seat from its own view,
no alternatives needed), which gives every seat's win chance at every step, the luck of every chance
node and the change every decision made. Then, over games (each with a 95% interval):

* ``luck_share``: how much of the variation of results the dice and draws explain. A seat's result
  minus its chance at the start is its luck ``L`` plus the change decisions made ``D`` (by
  construction); the share is ``var(L) / (var(L) + var(D))`` over every game and seat, with a
  percentile bootstrap interval over games. 1 would be a game of pure chance, 0 one of pure skill.
* ``comeback_rate``: in games with a winner, how often the seat that led by win chance at mid-game
  (the step halfway through) did not win (Wilson interval). Not defined for a cooperative game.
* ``decided_at``: the share of the game played before it was decided: the first step from which the
  winner's chance stays above 0.9 to the end (every winner's, on a shared win); in a cooperative
  game the first step from which the team's expected result stays within 0.1 of its final result
  on the [0, 1] range. Mean over games (normal interval).
* ``lead_changes_wc``: how often the seat with the highest win chance changes during a game (steps
  where several seats tie at the top do not count). Mean over games. Not defined for a cooperative
  game.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.analysis.review import Review, review
from isslab.analysis.winprob import WinModel, given_model, model
from isslab.core import ReturnsKind, make, short_repr
from isslab.frames.stats import mean_interval, wilson_interval
from isslab.play import GameRecord, play
from isslab.sim.replaying import replay

__all__ = ["DECIDED", "GameChances", "chances_of", "chances_table", "win_metrics"]

#: a game is decided once its winner's chance stays above 1 - DECIDED (the team within DECIDED)
DECIDED: Final = 0.1
_COOP: Final = "cooperative game: one team, no lead between seats"
#: the most games one call of ``win_metrics`` reviews
MAX_GAMES: Final = 100_000


@dataclass(frozen=True)
class GameChances:
    """One reviewed game as the metrics read it."""

    #: steps + 1 by seats: every seat's value before each step, and at the end (on [0, 1])
    curve: np.ndarray
    winners: tuple[int, ...]
    #: per seat: total luck and total change by decisions (on [0, 1])
    luck: np.ndarray
    decisions: np.ndarray


def chances_of(rev: Review) -> GameChances:
    """The curve, winners, luck and decision totals of a review, scaled into [0, 1]."""
    lo, hi = rev.bounds
    span = hi - lo
    s = rev.summary()
    winners = (
        tuple(int(j) for j in np.flatnonzero(np.isclose(np.asarray(rev.end), hi)))
        if rev.kind == "win chance"
        else ()
    )
    return GameChances(
        (rev.curve() - lo) / span,
        winners,
        s["luck"].to_numpy(dtype=float) / span,
        (s["own_decisions"] + s["rivals_decisions"]).to_numpy(dtype=float) / span,
    )


def _decided(g: GameChances, coop: bool) -> float:
    """The share of the game played before it was decided (NaN without a winner)."""
    c = g.curve
    steps = len(c) - 1
    if steps <= 0:
        return math.nan
    if coop:
        ok = np.abs(c[:, 0] - c[-1, 0]) <= DECIDED
    else:
        if not g.winners:
            return math.nan
        ok = np.min(c[:, list(g.winners)], axis=1) > 1 - DECIDED
    # the first step from which ok holds to the end
    bad = np.flatnonzero(~ok)
    first = 0 if not len(bad) else int(bad[-1]) + 1
    return min(first, steps) / steps


def _leader(row: np.ndarray) -> int:
    top = row.max()
    at = np.flatnonzero(np.isclose(row, top, atol=1e-9))
    return int(at[0]) if len(at) == 1 else -1


def _lead_changes(g: GameChances) -> float:
    changes, last = 0, -1
    for row in g.curve[:-1]:  # the end is the result, not a lead
        who = _leader(row)
        if who < 0:
            continue
        if last >= 0 and who != last:
            changes += 1
        last = who
    return float(changes)


def _row(
    metric: str, value: float, interval: tuple[float, float], games: int, method: str, note: str = ""
) -> dict[str, Any]:
    return {
        "metric": metric, "value": value, "low": interval[0], "high": interval[1], "games": games,
        "method": method, "note": note,
    }  # fmt: skip


def _records(data: pd.DataFrame | Iterable[GameRecord]) -> list[GameRecord]:
    if isinstance(data, pd.DataFrame):
        firsts = data.drop_duplicates("game") if "game" in data else data
        out = []
        for _, row in firsts.iterrows():
            rec, _final = replay(row, data)
            out.append(rec)
        return out
    records = list(data)
    for i, r in enumerate(records):
        if not isinstance(r, GameRecord):
            raise ValueError(
                f"win_metrics takes GameRecords or a simulate frame; item {i} is {short_repr(r, 40)}"
            )
    return records


def win_metrics(
    data: pd.DataFrame | Iterable[GameRecord] | Sequence[Review],
    model_: WinModel | None = None,
    seed: int = 0,
) -> pd.DataFrame:
    """The win-chance metrics (module docstring) of games of one game: records, a simulate frame or reviews.

    Columns as ``isslab.metrics``: metric, value, low, high, games, method, note.
    """
    seed = checks.seed("seed", seed)
    items: list[Any] | None = None
    if not isinstance(data, pd.DataFrame):
        if isinstance(data, str | bytes) or not isinstance(data, Iterable):
            raise ValueError(
                f"win_metrics takes GameRecords, reviews or a simulate frame, got {short_repr(data, 40)}"
            )
        items = list(itertools.islice(data, MAX_GAMES + 1))  # a generator may be endless
        if len(items) > MAX_GAMES:
            raise ValueError(f"win_metrics reviews at most {MAX_GAMES:,} games at once")
    if items is not None and items and all(isinstance(r, Review) for r in items):
        reviews: list[Review] = [r for r in items if isinstance(r, Review)]
        if any(r.game != reviews[0].game for r in reviews):
            raise ValueError("win_metrics takes the games of one game and table at a time")
        given_model(model_, reviews[0].game)  # reviewed already: a model_ is not used, but checked
    else:
        records = _records(data if items is None else items)  # type: ignore[arg-type]
        if not records:
            raise ValueError("win_metrics of no games: give at least one")
        game = records[0].game
        if any(r.game != game for r in records):
            raise ValueError("win_metrics takes the games of one game and table at a time")
        given = given_model(model_, game)
        fitted = given if given is not None else model(game)
        reviews = [
            review(r, valuation="model", model_=fitted, alternatives=False, seed=seed) for r in records
        ]
    if not reviews:
        raise ValueError("win_metrics of no games: give at least one")
    coop = reviews[0].game.info.returns is ReturnsKind.COOPERATIVE
    out = chances_table([chances_of(r) for r in reviews], coop, seed)
    out.attrs.update(game=reviews[0].game.id)
    return out


def chances_table(games: Sequence[GameChances], coop: bool, seed: int = 0) -> pd.DataFrame:
    """The win-chance metrics (module docstring) of reviewed games, each as :func:`chances_of` gives it
    (the report reviews its games in worker processes and sends back only these).

    Columns as ``isslab.metrics``: metric, value, low, high, games, method, note.
    """
    if not games:
        raise ValueError("win-chance metrics of no games: give at least one")
    n = len(games)
    rows = []
    luck = np.stack([g.luck for g in games])
    dec = np.stack([g.decisions for g in games])
    if coop:  # every seat has the team's chance: one column is the game
        luck, dec = luck[:, :1], dec[:, :1]

    def share(idx: np.ndarray) -> float:
        lv, dv = float(np.var(luck[idx])), float(np.var(dec[idx]))
        return lv / (lv + dv) if lv + dv > 0 else math.nan

    value = share(np.arange(n))
    if n >= 2:
        rng = np.random.default_rng(seed)
        boots = np.array([share(rng.integers(0, n, n)) for _ in range(400)])
        boots = boots[~np.isnan(boots)]
        interval = (
            (float(np.quantile(boots, 0.025)), float(np.quantile(boots, 0.975)))
            if len(boots)
            else (math.nan, math.nan)
        )
    else:
        interval = (math.nan, math.nan)
    rows.append(_row("luck_share", value, interval, n, "bootstrap"))
    luck_abs = np.abs(luck).mean(axis=1)
    rows.append(_row("luck_size", float(luck_abs.mean()), mean_interval(luck_abs), n, "normal"))
    dec_abs = np.abs(dec).mean(axis=1)
    rows.append(_row("decisions_size", float(dec_abs.mean()), mean_interval(dec_abs), n, "normal"))
    if coop:
        rows.append(_row("comeback_rate", math.nan, (math.nan, math.nan), n, "", _COOP))
    else:
        won = [g for g in games if g.winners]
        back = 0
        for g in won:
            mid = g.curve[(len(g.curve) - 1) // 2]
            back += int(_leader(mid) not in g.winners)
        rate = back / len(won) if won else math.nan
        note = "" if won else "no game had a winner"
        rows.append(_row("comeback_rate", rate, wilson_interval(back, len(won)), len(won), "Wilson", note))
    decided = np.array([_decided(g, coop) for g in games])
    decided = decided[~np.isnan(decided)]
    at = float(decided.mean()) if len(decided) else math.nan
    note = "" if len(decided) else "no game had a winner"
    rows.append(_row("decided_at", at, mean_interval(decided), len(decided), "normal", note))
    if coop:
        rows.append(_row("lead_changes_wc", math.nan, (math.nan, math.nan), n, "", _COOP))
    else:
        lc = np.array([_lead_changes(g) for g in games])
        rows.append(_row("lead_changes_wc", float(lc.mean()), mean_interval(lc), n, "normal"))
    return pd.DataFrame(rows)


def grouped_rows(data: pd.DataFrame | Sequence[GameRecord], keys: Sequence[str]) -> pd.DataFrame:
    """The win-chance metrics per variant (``by`` columns of a frame), for ``isslab.metrics``."""
    if not isinstance(data, pd.DataFrame) or not keys:
        return win_metrics(data)
    parts = []
    for key, part in data.groupby(list(keys), sort=False, dropna=False):
        values = key if isinstance(key, tuple) else (key,)
        part = part.copy()
        part.attrs = dict(data.attrs)
        rows = win_metrics(part)
        for k, v in zip(keys, values, strict=True):
            rows.insert(0, k, [v] * len(rows))
        parts.append(rows)
    return pd.concat(parts, ignore_index=True)


def review_games(game_id: str, games: int = 4, seed: int = 0) -> list[Review]:
    """``games`` games of the default table of ``game_id`` by its default bots, reviewed with the model."""
    game = make(game_id)
    return [
        review(
            play(game, game.info.default_bot, seed=seed + i), valuation="model", alternatives=False, seed=seed
        )
        for i in range(games)
    ]


def luck_skill_table(reviews: Mapping[str, Sequence[Review]], seed: int = 0) -> pd.DataFrame:
    """Luck against skill per game from its reviewed games: a row per game, each figure with its interval."""
    rows = []
    for gid, revs in reviews.items():
        table = win_metrics(revs, seed=seed).set_index("metric")
        row: dict[str, Any] = {"game": gid}
        for metric in ("luck_share", "comeback_rate", "decided_at", "lead_changes_wc"):
            row[metric] = table.loc[metric, "value"]
            row[f"{metric}_low"] = table.loc[metric, "low"]
            row[f"{metric}_high"] = table.loc[metric, "high"]
        row["games"] = len(revs)
        rows.append(row)
    return pd.DataFrame(rows)


def table_in_words(table: pd.DataFrame) -> list[str]:
    """One plain sentence per game of :func:`luck_skill_table`, every number read from the table."""
    out = []
    for r in table.to_dict("records"):
        share = f"{r['luck_share']:.0%} [{r['luck_share_low']:.0%}, {r['luck_share_high']:.0%}]"
        text = (
            f"{r['game']}: the dice and draws explain {share} of how results moved away from the start "
            f"and the decisions the rest; the game is decided after {r['decided_at']:.0%} of its steps "
            f"[{r['decided_at_low']:.0%}, {r['decided_at_high']:.0%}]"
        )
        if math.isnan(r["comeback_rate"]):
            text += " (a cooperative game: no seat leads another)."
        else:
            text += (
                f", and the seat ahead at mid-game failed to win in {r['comeback_rate']:.0%} of the games "
                f"[{r['comeback_rate_low']:.0%}, {r['comeback_rate_high']:.0%}]."
            )
        out.append(text + f" ({r['games']} games)")
    return out
