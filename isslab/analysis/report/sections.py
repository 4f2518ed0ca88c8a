"""The sections of the design report but the sensitivity: each runs or reads games and fills its
table, its sentences and its note on the :class:`Report`.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from isslab.analysis import leads
from isslab.analysis.designer import metrics
from isslab.analysis.report.render import Report, fmt, verdict
from isslab.analysis.report.running import _metric_rows, _plain, _rate, _row, _Run, _table_rows
from isslab.core import Game, ReturnsKind, make
from isslab.frames.stats import compare, mean_interval
from isslab.sim.chunks import map_jobs


def _ladder(
    rep: Report, run: _Run, rungs: Sequence[str], search: str | None, games: int, search_games: int
) -> None:
    g = run.game
    n = g.num_players
    ref = g.info.default_bot
    coop = g.info.returns is ReturnsKind.COOPERATIVE
    frames = []
    for rung in [*rungs, *([search] if search else [])]:
        bots = [rung] * n if coop else [rung, *[ref] * (n - 1)]
        df = run.simulate(bots, search_games if rung == search else games)
        # with rotated seats, bot 0 (the rung) plays seat game % n
        mine = df if coop else df[df["seat"] == df["game"] % n]
        frames.append(mine.assign(rung=rung))
    rows = pd.concat(frames, ignore_index=True)
    rows.attrs.update(frames[0].attrs)
    metrics = ["win", "returns"] if coop else ["win"]
    out = []
    for metric in metrics:
        table = compare(rows, by="rung", metric=metric, baseline=rungs[0])
        for r in table.itertuples():
            out.append(
                _row(
                    lineup=str(r.rung) if coop else f"{r.rung} against {ref}",
                    label=str(r.rung),
                    quantity="team_success"
                    if metric == "win" and coop
                    else ("team_return" if coop else "win_rate"),
                    value=r.estimate,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    diff=r.diff,
                    diff_low=r.diff_low,
                    diff_high=r.diff_high,
                    note="difference from " + str(rungs[0]) + (", paired" if r.paired else ""),
                )
            )
    rep.sections["ladder"] = pd.DataFrame(out)
    main = [r for r in out if r["quantity"] in ("win_rate", "team_success")]
    best = max(main, key=lambda r: r["value"])
    base = main[0]
    fair = "" if coop or n == 1 else f" (a fair share is {1 / n:.2f})"
    lines = [
        f"{r['label']}: {fmt(r['value'], r['low'], r['high'])} over {r['games']} games{fair}" for r in main
    ]
    if best is not base:
        lines.append(
            f"the best rung ({best['label']}) against {base['label']}: "
            f"{fmt(best['diff'], best['diff_low'], best['diff_high'], signed=True)}: "
            + verdict(best["diff_low"], best["diff_high"], what="a skill effect")
        )
    if coop:
        what = "a team of each bot"
    elif n == 1:
        what = "each bot alone against the game's automaton"
    else:
        what = f"one seat played by each bot, the others by {ref}"
    rep.notes["ladder"] = f"{what}; seats rotated; the search rung has a small budget."
    rep.readings["ladder"] = lines


def _luck(rep: Report, metric_tables: Mapping[str, pd.DataFrame]) -> None:
    """The luck share, read from ``isslab.metrics`` where the win-chance analysis puts it; else empty."""
    rows = []
    for label, table in metric_tables.items():
        found = table[table["metric"] == "luck_share"]
        if len(found):
            rows += _table_rows(found.iloc[:1], label, "", "metric")
        else:
            rows.append(
                _row(
                    lineup=label,
                    label="",
                    quantity="luck_share",
                    value=math.nan,
                    low=math.nan,
                    high=math.nan,
                    games=0,
                    note="not measured: needs the win-chance analysis",
                )
            )
    rep.sections["luck"] = pd.DataFrame(rows)
    if all(math.isnan(r["value"]) for r in rows):
        rep.notes["luck"] = (
            "The luck share comes from the win-chance analysis (isslab.metrics' luck_share); "
            "it is not measured here yet, so this section holds no number."
        )


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
    for label, df in frames.items():
        first = df.groupby("game")["first_mover"].transform("first")
        position = (df["seat"] - first) % n
        for pos in range(n):
            won = df.loc[position == pos, "win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rows.append(
                _row(
                    lineup=label,
                    label=f"position {pos + 1}",
                    quantity="win_rate",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(won),
                    note="1 = the seat that moved first",
                )
            )
        rows += _metric_rows(metric_tables[label], ["first_player_advantage", "balance"], label)
        fpa = metric_tables[label].set_index("metric").loc["first_player_advantage"]
        bal = metric_tables[label].set_index("metric").loc["balance"]
        pos_rates = [r for r in rows if r["lineup"] == label and r["quantity"] == "win_rate"]
        spread = max(r["value"] for r in pos_rates) - min(r["value"] for r in pos_rates)
        lines.append(
            f"{label}: first-player advantage {fmt(fpa.value, fpa.low, fpa.high, signed=True)}: "
            + verdict(fpa.low, fpa.high, what="an advantage", below="a disadvantage")
            + f"; balance {fmt(bal.value, bal.low, bal.high)} compares the seats, while the positions in "
            f"turn order differ by up to {spread:.2f} in win rate"
        )
    rep.sections["turn_order"] = pd.DataFrame(rows)
    rep.readings["turn_order"] = lines
    rep.notes["turn_order"] = (
        "Balance is 1 minus the gap between the best and worst seat's win rate: seats, not positions in "
        "turn order. When the first player is drawn at random, every seat takes every position, so balance "
        "can read near 1 while the positions differ a lot; the rows by position show what balance hides."
    )


def _players(rep: Report, run: _Run, bot: str, games: int) -> None:
    info = rep.game.info
    coop = info.returns is ReturnsKind.COOPERATIVE
    rows = []
    lines = []
    for n in range(info.min_players, info.max_players + 1):
        g = make(rep.game.id, **{**rep.game.options, "players": n})
        df = run.simulate([bot] * n, games, game=g, trace=True)
        per_game = df.drop_duplicates("game")
        if coop:
            v, lo, hi = _rate(float(per_game["win"].sum()), len(per_game))
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="team_success",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note="",
                )
            )
            ret = per_game["returns"].to_numpy(dtype=float)
            lo, hi = mean_interval(ret)
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="team_return",
                    value=float(ret.mean()),
                    low=lo,
                    high=hi,
                    games=len(ret),
                    note="",
                )
            )
            lines.append(
                f"{n} players: success {fmt(v, *_rate(float(per_game['win'].sum()), len(per_game))[1:])}"
            )
        elif n == 1:
            won = per_game["win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rows.append(
                _row(
                    lineup=bot,
                    label="1 player",
                    quantity="win_rate",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(won),
                    note="the solo game against the game's automaton",
                )
            )
            lines.append(f"1 player: {bot} wins {fmt(v, lo, hi)}")
        else:
            v, lo, hi = _rate(float(per_game["first_won"].sum()), len(per_game))
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="first_won",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note=f"fair share {1 / n:.3f}",
                )
            )
            m = metrics(df, game=g).set_index("metric").loc["first_player_advantage"]
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="first_player_advantage",
                    value=m.value,
                    low=m.low,
                    high=m.high,
                    games=m.games,
                    note="",
                )
            )
            lines.append(
                f"{n} players: the first mover wins {fmt(v, lo, hi)} (fair {1 / n:.2f}); advantage "
                f"{fmt(m.value, m.low, m.high, signed=True)}: "
                + verdict(m.low, m.high, what="an advantage", below="a disadvantage")
            )
    rep.sections["players"] = pd.DataFrame(rows)
    rep.readings["players"] = lines
    rep.notes["players"] = f"{bot} in every seat at every player count, {games} games each."


def _lead(
    rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    g = rep.game
    if g.info.returns is ReturnsKind.COOPERATIVE or g.num_players == 1:
        rep.notes["lead"] = "one result for every seat (cooperative, or one seat): nobody leads the others"
        return
    rows, curve, lines = [], [], []
    for label, df in frames.items():
        jobs = [(g, b, s) for s, b in leads.games_of(df)]
        traced = map_jobs(leads._trace_job, jobs, run.pool)
        mid = leads.leader_wins(traced, 0.5)
        rows += _table_rows(mid, label, "at mid-game")
        rows += _metric_rows(metric_tables[label], ["lead_changes", "drama", "decisiveness"], label)
        c = leads.lead_curve(traced)
        curve.append(c.assign(lineup=label, label=[f"t={t:.1f}" for t in c["t"]]))
        lw = mid.set_index("quantity").loc["leader_wins"]
        lines.append(
            f"{label}: the sole leader at mid-game wins {fmt(lw.value, lw.low, lw.high)} "
            f"(fair share {1 / g.num_players:.2f}): "
            + verdict(
                lw.low,
                lw.high,
                null=1 / g.num_players,
                what="an edge for the leader",
                below="a handicap for the leader",
            )
        )
    rep.sections["lead"] = pd.DataFrame(rows)
    rep.sections["lead_curve"] = pd.concat(curve, ignore_index=True)
    rep.readings["lead"] = lines
    rep.notes["lead_curve"] = (
        "winner_leads: the share of games in which a winner is among the leaders at time t (0 the start, "
        "1 the end); gap: the leader's first standing number minus the runner-up's."
    )


def _kingmaking(rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], probes: int) -> None:
    g = rep.game
    if g.info.returns is ReturnsKind.COOPERATIVE or g.num_players < 3:
        rep.notes["kingmaking"] = (
            "needs three seats or more in a competitive game (with two, the other seat wins)"
        )
        return
    rows, lines = [], []
    for label, df in frames.items():
        jobs = [(g, b, s, 2 / 3, "random") for s, b in leads.games_of(df, probes)]
        found = leads.kingmaking(map_jobs(leads._probe_job, jobs, run.pool))
        rows += _table_rows(found, label, "at t=2/3")
        k = found.set_index("quantity").loc["kingmaking"]
        lines.append(
            f"{label}: a last seat that could not win decided the winner in {fmt(k.value, k.low, k.high)} "
            f"of {k.games:.0f} probes"
        )
    rep.sections["kingmaking"] = pd.DataFrame(rows)
    rep.readings["kingmaking"] = lines
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
    rows, lines = [], []
    for label, df in frames.items():
        rows += _metric_rows(metric_tables[label], ["duration_moves", "duration_rounds"], label)
        moves = df.drop_duplicates("game")["length"].to_numpy(dtype=float)
        for q in (0.1, 0.5, 0.9):
            lo, hi = _quantile_interval(moves, q, rep.seed)
            rows.append(
                _row(
                    lineup=label,
                    label="",
                    quantity=f"moves_q{round(q * 100)}",
                    value=float(np.quantile(moves, q)),
                    low=lo,
                    high=hi,
                    games=len(moves),
                    note="bootstrap interval",
                )
            )
        m = metric_tables[label].set_index("metric").loc["duration_moves"]
        lines.append(
            f"{label}: {fmt(m.value, m.low, m.high, 1)} moves per game; one game in ten is shorter than "
            f"{np.quantile(moves, 0.1):.0f} moves and one in ten longer than {np.quantile(moves, 0.9):.0f}"
        )
    rep.sections["length"] = pd.DataFrame(rows)
    rep.readings["length"] = lines


def _band_names(game: Game, column: str, values: Sequence[Any]) -> dict[Any, str]:
    """A name per result band: the game package's ``band_label(band)`` when it has one, else ``band k``."""
    if column != "band":
        return {v: f"result {_plain(v)}" for v in values}
    package = sys.modules.get(type(game).__module__.rsplit(".", 1)[0])
    label = getattr(package, "band_label", None)
    return {v: str(label(int(v))) if callable(label) else f"band {_plain(v)}" for v in values}


def _coop(rep: Report, frames: Mapping[str, pd.DataFrame]) -> None:
    if rep.game.info.returns is not ReturnsKind.COOPERATIVE:
        return
    rows, lines = [], []
    column = "band" if all("band" in df for df in frames.values()) else "returns"
    values = sorted(set().union(*(set(df[column]) for df in frames.values())))
    names = _band_names(rep.game, column, values)
    for label, df in frames.items():
        per_game = df.drop_duplicates("game")
        for v in values:
            k = float((per_game[column] == v).sum())
            share, lo, hi = _rate(k, len(per_game))
            rows.append(
                _row(
                    lineup=label,
                    label=names[v],
                    quantity=f"share_{column}",
                    value=share,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note="",
                )
            )
    labels = list(frames)
    if len(labels) >= 2:
        both = pd.concat([frames[lab].assign(lineup=lab) for lab in labels[:2]], ignore_index=True)
        both.attrs.update(frames[labels[0]].attrs)
        for metric in ("win", "returns"):
            t = compare(both, by="lineup", metric=metric, baseline=labels[1])
            r = t[t["lineup"] == labels[0]].iloc[0]
            rows.append(
                _row(
                    lineup=f"{labels[0]} - {labels[1]}",
                    label="gain",
                    quantity=f"gain_{metric}",
                    value=r["diff"],
                    low=r["diff_low"],
                    high=r["diff_high"],
                    games=r["games"],
                    note="paired on the same seeds" if r["paired"] else "unpaired",
                )
            )
            words = "success rate" if metric == "win" else "result (modules)"
            lines.append(
                f"{labels[0]} over {labels[1]}, {words}: "
                f"{fmt(r['diff'], r['diff_low'], r['diff_high'], signed=True)}: "
                + verdict(r["diff_low"], r["diff_high"], what="a gain", below="a loss")
            )
        rep.notes["coop"] = (
            f"{labels[0]} against {labels[1]}: with the default line-ups, a bot that plans for the whole "
            "team against one that plays each seat for itself."
        )
    rep.sections["coop"] = pd.DataFrame(rows)
    rep.readings["coop"] = lines


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
