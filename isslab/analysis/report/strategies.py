"""The strategy matrix: each bot as the lone minority among each other bot, and as that majority.

A cell is a line-up of its own: one seat played by bot A (the *lone* bot), every other seat by bot B
(the *field*), seats rotated. Its numbers are A's win rate and a field seat's mean win rate, each
against the fair share ``1 / seats`` (the right baseline here: with the same bot in every seat, every
seat wins a fair share). A pair of bots is read both ways, so a conclusion rests on two line-ups: A
alone among B, and B alone among A, each oriented so that above 0 favours A. A bot that looks best
where all play together (the mixed line-up) can still lose to a lone counter-strategy: the section
says so when a lone bot among the best-looking one wins more than a fair share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from isslab.analysis.report.render import Report, fmt
from isslab.analysis.report.running import _figure, _rate, _Run
from isslab.core import ReturnsKind
from isslab.frames.stats import mean_interval, wilson_interval


def _strategies(
    rep: Report, run: _Run, bots: Sequence[str], games: int, frames: Mapping[str, pd.DataFrame]
) -> None:
    g = run.game
    n = g.num_players
    if g.info.returns is ReturnsKind.COOPERATIVE or n < 2:
        rep.notes["strategies"] = "needs two seats or more in a competitive game: nobody to play against"
        return
    fair = 1 / n
    rows: list[dict[str, Any]] = []
    rates: dict[tuple[str, str], tuple[float, float, float]] = {}
    for lone in bots:
        for field in bots:
            if lone == field:
                continue
            df = run.simulate([lone, *[field] * (n - 1)], games)
            mine = df["seat"] == df["game"] % n  # with rotated seats, the lone bot plays seat game % n
            won = df.loc[mine, "win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rates[(lone, field)] = (v, lo, hi)
            # a field seat's win rate: the field's wins over its seats, per game (its seats move together)
            per_game = df.loc[~mine].groupby("game")["win"].mean().to_numpy(dtype=float)
            flo, fhi = mean_interval(per_game)
            rows.append(
                _figure(
                    f"{lone} among {field}",
                    lone,
                    "lone_win_rate",
                    (v, lo, hi),
                    len(won),
                    f"fair share {fair:.3f}",
                )
            )
            rows.append(
                _figure(
                    f"{lone} among {field}",
                    field,
                    "field_win_rate",
                    (float(per_game.mean()), flo, fhi),
                    len(per_game),
                    "a field seat's mean win rate",
                )
            )
    rep.sections["strategies"] = pd.DataFrame(rows)
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            av, alo, ahi = rates[(a, b)]
            bv, blo, bhi = rates[(b, a)]
            rep.conclude(
                "strategies",
                f"{a} against {b} (a lone bot's win rate minus the fair share, turned so that "
                f"above 0 favours {a})",
                f"the fair share ({fair:.2f})",
                {
                    f"{a} alone among {b}": (av - fair, alo - fair, ahi - fair),
                    f"{b} alone among {a}": (fair - bv, fair - bhi, fair - blo),
                },
                what=f"an edge for {a}",
                below=f"an edge for {b}",
            )
    lines = []
    best = _best_looking(frames, bots)
    if best is not None:
        name, (v, lo, hi), where = best
        lines.append(f"where all play together ({where}), {name} looks best: it wins {fmt(v, lo, hi)}")
        for other in bots:
            if other == name:
                continue
            cv, clo, chi = rates[(other, name)]
            majority = [
                r
                for r in rows
                if r["lineup"] == f"{other} among {name}" and r["quantity"] == "field_win_rate"
            ]
            if clo > fair:
                lines.append(
                    f"yet a lone {other} among {name} wins {fmt(cv, clo, chi)} against a fair "
                    f"{fair:.2f}, while "
                    f"{name} as the majority wins "
                    f"{fmt(majority[0]['value'], majority[0]['low'], majority[0]['high'])} a seat: "
                    f"{other} is a counter-strategy to {name} (shown)"
                )
    rep.readings["strategies"] = lines + rep.readings.get("strategies", [])
    rep.notes["strategies"] = (
        f"Each cell: one seat played by the lone bot, the other {n - 1} by the field bot, {games} "
        "games, seats "
        f"rotated; the fair share is {fair:.2f}. Bots: {', '.join(bots)}."
    )


def _best_looking(
    frames: Mapping[str, pd.DataFrame], bots: Sequence[str]
) -> tuple[str, tuple[float, float, float], str] | None:
    """The bot with the highest win rate in a line-up where several of ``bots`` play together."""
    for label, df in frames.items():
        present = [b for b in bots if b in set(df["bot"].astype(str))]
        if len(present) < 2:
            continue
        scores = {}
        for b in present:
            won = df.loc[df["bot"].astype(str) == b, "win"].astype(float)
            low, high = wilson_interval(float(won.sum()), len(won))
            scores[b] = (float(won.mean()), low, high)
        name = max(scores, key=lambda k: scores[k][0])
        return name, scores[name], label
    return None
