"""Player count beyond the first mover: every count under every line-up.

At each player count the game's line-ups (made again for that table: :func:`lineup_at`) play their
games with seats rotated. Per count and line-up: the first mover's win rate against the fair share
and its advantage, the win rate of every position in turn order (a position whose interval lies
wholly below half the fair share, or above twice it, is flagged *extreme*), the length in moves and
rounds, drama and lead changes (:func:`isslab.metrics`) and, from three seats, kingmaking
(:mod:`isslab.analysis.leads`). A cooperative game gives the team's success and result; a solo game
the player's win rate and margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import pandas as pd

from isslab.analysis import leads
from isslab.analysis.designer import metrics
from isslab.analysis.report.lineups import LineUp, lineup_at, lineup_label
from isslab.analysis.report.render import Figure, Report, fmt
from isslab.analysis.report.running import _figure, _map, _rate, _Run
from isslab.core import ReturnsKind, make
from isslab.frames.stats import mean_interval

#: a position is flagged extreme when its interval lies wholly below fair / EXTREME or above fair * EXTREME
EXTREME: Final = 2.0
#: the metrics of ``isslab.metrics`` shown per count
_SHOWN: Final = ("duration_moves", "duration_rounds", "drama", "lead_changes")


def extreme(low: float, high: float, fair: float) -> str:
    """``"far below"`` or ``"far above"`` a fair share when the interval lies wholly beyond half or twice
    it, ``"below"``/``"above"`` when it only excludes it, else ``""``."""
    if high < fair / EXTREME:
        return "far below"
    if low > min(1.0, fair * EXTREME):
        return "far above"
    if high < fair:
        return "below"
    if low > fair:
        return "above"
    return ""


def _players(rep: Report, run: _Run, lineups: Sequence[LineUp], games: int, probes: int) -> None:
    base = rep.game
    info = base.info
    coop = info.returns is ReturnsKind.COOPERATIVE
    rows: list[dict[str, Any]] = []
    lines: list[str] = []
    first: dict[int, dict[str, Figure]] = {}
    flagged: set[tuple[int, int]] = set()
    for n in range(info.min_players, info.max_players + 1):
        g = make(base.id, **{**base.options, "players": n})
        for lineup in lineups:
            bots = lineup_at(base, lineup, n)
            label = lineup_label(lineup)
            df = run.simulate(bots, games, game=g, trace=True)
            per_game = df.drop_duplicates("game")
            where = f"{n} player" + ("" if n == 1 else "s")
            table = metrics(df, game=g).set_index("metric")
            if coop:
                v, lo, hi = _rate(float(per_game["win"].sum()), len(per_game))
                rows.append(
                    _figure(
                        label, where, "team_success", (v, lo, hi), len(per_game), f"bots {lineup_label(bots)}"
                    )
                )
                ret = per_game["returns"].to_numpy(dtype=float)
                rlo, rhi = mean_interval(ret)
                rows.append(_figure(label, where, "team_return", (float(ret.mean()), rlo, rhi), len(ret)))
                lines.append(
                    f"{label}, {where}: success {fmt(v, lo, hi)}, result {fmt(ret.mean(), rlo, rhi, 1)}"
                )
            elif n == 1:
                won = per_game["win"].astype(float)
                v, lo, hi = _rate(float(won.sum()), len(won))
                rows.append(
                    _figure(
                        label,
                        where,
                        "win_rate",
                        (v, lo, hi),
                        len(won),
                        "the solo game against the game's automaton",
                    )
                )
                if "margin" in per_game:
                    m = per_game["margin"].to_numpy(dtype=float)
                    mlo, mhi = mean_interval(m)
                    rows.append(
                        _figure(
                            label,
                            where,
                            "margin",
                            (float(m.mean()), mlo, mhi),
                            len(m),
                            "score minus the automaton's",
                        )
                    )
                lines.append(f"{label}, {where}: {bots[0]} wins {fmt(v, lo, hi)}")
            else:
                fair = 1 / n
                v, lo, hi = _rate(float(per_game["first_won"].sum()), len(per_game))
                rows.append(
                    _figure(label, where, "first_won", (v, lo, hi), len(per_game), f"fair share {fair:.3f}")
                )
                fpa = table.loc["first_player_advantage"]
                rows.append(
                    _figure(
                        label,
                        where,
                        "first_player_advantage",
                        (fpa.value, fpa.low, fpa.high),
                        fpa.games,
                        fpa.note,
                    )
                )
                first.setdefault(n, {})[label] = (fpa.value, fpa.low, fpa.high)
                position = (df["seat"] - df.groupby("game")["first_mover"].transform("first")) % n
                for pos in range(n):
                    won = df.loc[position == pos, "win"].astype(float)
                    pv, plo, phi = _rate(float(won.sum()), len(won))
                    flag = extreme(plo, phi, fair)
                    rows.append(_figure(label, where, f"position_{pos + 1}", (pv, plo, phi), len(won), flag))
                    if flag.startswith("far"):
                        flagged.add((n, pos))
                        lines.append(
                            f"{label}, {where}: position {pos + 1} wins {fmt(pv, plo, phi)} against a fair "
                            f"{fair:.2f}: an extreme ({flag} the fair share)"
                        )
            for name in _SHOWN:
                shown = table.loc[name]
                rows.append(
                    _figure(
                        label,
                        where,
                        name,
                        (shown["value"], shown["low"], shown["high"]),
                        shown["games"],
                        shown["note"],
                    )
                )
            if not coop and n >= 3:
                jobs = [(g, b, s, 2 / 3, "random") for s, b in leads.games_of(df, probes)]
                k = (
                    leads.kingmaking(_map(run, leads._probe_job, jobs))
                    .set_index("quantity")
                    .loc["kingmaking"]
                )
                rows.append(_figure(label, where, "kingmaking", (k.value, k.low, k.high), k.games, k.note))
    out = pd.DataFrame(rows)
    rep.sections["players"] = out
    for n, figures in first.items():
        rep.conclude(
            "players",
            f"the first mover's advantage at {n} players (its win rate minus the others' mean)",
            "no advantage (0)",
            figures,
            what="an advantage",
            below="a disadvantage",
        )
    for n, pos in sorted(flagged):
        part = out[(out["label"] == f"{n} players") & (out["quantity"] == f"position_{pos + 1}")]
        rep.conclude(
            "players",
            f"position {pos + 1} at {n} players (its win rate)",
            f"the fair share ({1 / n:.2f})",
            {str(r.lineup): (r.value, r.low, r.high) for r in part.itertuples()},
            null=1 / n,
            what="more than a fair share",
            below="less than a fair share",
            signed=False,
        )
    rep.readings["players"] = lines + rep.readings.get("players", [])
    rep.notes["players"] = (
        f"Every count from {info.min_players} to {info.max_players}, each line-up made again for that table, "
        f"{games} games each, seats rotated"
        + ("" if coop else f"; kingmaking from three seats on {probes} probes")
        + ". A position is flagged extreme when its interval lies wholly below half the fair share or above "
        "twice it."
    )
