"""The sections of the design report that read the line-ups' own games (turn order, kingmaking, length,
the metrics): each fills its table, its conclusions and its note on the :class:`Report`. The other
sections have modules of their own (ladder, luck, players, strategies, runaway, coop, sensitivity,
dials).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from isslab.analysis import leads
from isslab.analysis.report.render import Report, fmt
from isslab.analysis.report.running import _figure, _map, _metric_rows, _rate, _Run, _table_rows
from isslab.core import ReturnsKind


def _turn_order(
    rep: Report, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    n = rep.game.num_players
    if rep.game.info.returns is ReturnsKind.COOPERATIVE or n == 1:
        rep.notes["turn_order"] = (
            "one result for every seat (cooperative, or one seat): no turn order to compare"
        )
        return
    rows = []
    lines = []
    figures = {}
    for label, df in frames.items():
        first = df.groupby("game")["first_mover"].transform("first")
        position = (df["seat"] - first) % n
        for pos in range(n):
            won = df.loc[position == pos, "win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rows.append(
                _figure(
                    label,
                    f"position {pos + 1}",
                    "win_rate",
                    (v, lo, hi),
                    len(won),
                    "1 = the seat that moved first",
                )
            )
        rows += _metric_rows(metric_tables[label], ["first_player_advantage", "balance"], label)
        fpa = metric_tables[label].set_index("metric").loc["first_player_advantage"]
        bal = metric_tables[label].set_index("metric").loc["balance"]
        pos_rates = [r for r in rows if r["lineup"] == label and r["quantity"] == "win_rate"]
        spread = max(r["value"] for r in pos_rates) - min(r["value"] for r in pos_rates)
        figures[label] = (fpa.value, fpa.low, fpa.high)
        lines.append(
            f"{label}: balance {fmt(bal.value, bal.low, bal.high)} compares the seats, while the "
            "positions in "
            f"turn order differ by up to {spread:.2f} in win rate"
        )
    rep.add_section("turn_order", rows, lines)
    rep.conclude(
        "turn_order",
        "the first-player advantage (the first mover's win rate minus the others' mean)",
        "no advantage (0)",
        figures,
        what="an advantage",
        below="a disadvantage",
    )
    rep.notes["turn_order"] = (
        "Balance is 1 minus the gap between the best and worst seat's win rate: seats, not positions in "
        "turn order. When the first player is drawn at random, every seat takes every position, so balance "
        "can read near 1 while the positions differ a lot; the rows by position show what balance hides."
    )


def _kingmaking(rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], probes: int) -> None:
    g = rep.game
    if g.info.returns is ReturnsKind.COOPERATIVE or g.num_players < 3:
        rep.notes["kingmaking"] = (
            "needs three seats or more in a competitive game (with two, the other seat wins)"
        )
        return
    rows, lines, figures = [], [], {}
    for label, df in frames.items():
        jobs = [(g, b, s, 2 / 3, "random") for s, b in leads.games_of(df, probes)]
        found = leads.kingmaking(_map(run, leads._probe_job, jobs))
        rows += _table_rows(found, label, "at t=2/3")
        k = found.set_index("quantity").loc["kingmaking"]
        figures[label] = (k.value, k.low, k.high)
        lines.append(f"{label}: {k.games:.0f} probes with a last seat that could not win")
    rep.add_section("kingmaking", rows, lines)
    rep.conclude(
        "kingmaking",
        "kingmaking: the share of probes in which a last seat that could not win decided the winner",
        "none (0)",
        figures,
        what="kingmaking",
        signed=False,
    )
    rep.notes["kingmaking"] = (
        "At two thirds of a game, the seat in sole last place; the rest played twice with the same dice, "
        "once by its own bot and once by random (the default bot if it was random). It could not win if it "
        "won in neither; it decided who wins if the two winners differ."
    )


def _quantile_interval(values: np.ndarray, q: float, seed: int) -> tuple[float, float]:
    """A percentile bootstrap interval of the ``q`` quantile (1,000 resamples, seeded)."""
    rng = np.random.default_rng(seed)
    boot = np.quantile(rng.choice(values, size=(1000, len(values))), q, axis=1)
    low, high = np.quantile(boot, [0.025, 0.975])
    return float(low), float(high)


def _length(
    rep: Report, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    rows, lines, figures = [], [], {}
    for label, df in frames.items():
        rows += _metric_rows(metric_tables[label], ["duration_moves", "duration_rounds"], label)
        moves = df.drop_duplicates("game")["length"].to_numpy(dtype=float)
        for q in (0.1, 0.5, 0.9):
            lo, hi = _quantile_interval(moves, q, rep.seed)
            rows.append(
                _figure(
                    label,
                    "",
                    f"moves_q{round(q * 100)}",
                    (float(np.quantile(moves, q)), lo, hi),
                    len(moves),
                    "bootstrap interval",
                )
            )
        m = metric_tables[label].set_index("metric").loc["duration_moves"]
        figures[label] = (m.value, m.low, m.high)
        lines.append(
            f"{label}: one game in ten is shorter than {np.quantile(moves, 0.1):.0f} moves and one "
            "in ten longer "
            f"than {np.quantile(moves, 0.9):.0f}"
        )
    rep.add_section("length", rows, lines)
    rep.conclude(
        "length", "the mean length in moves", "the other line-up", figures, null=None, digits=1, signed=False
    )


def _metrics(rep: Report, metric_tables: Mapping[str, pd.DataFrame]) -> None:
    rep.sections["metrics"] = pd.concat(
        [
            t.assign(lineup=lab).rename(columns={"metric": "quantity"})[
                ["lineup", "quantity", "value", "low", "high", "games", "method", "note"]
            ]
            for lab, t in metric_tables.items()
        ],
        ignore_index=True,
    )
