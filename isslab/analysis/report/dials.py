"""The dials of a solo game's automaton (FEDOR): which one moves the solo game most, and whether an even
match found with one bot holds for every bot.

Win rates against FEDOR sit near 0 for every bot, so the solo game is measured by the margin (the
player's score minus FEDOR's). Each dial of :data:`DIALS` is moved alone to each of its values, on
the same seeds, under every line-up, and ranked by its largest move of the margin. A "clear dial"
is said to be first only when the interval of its move's size does not overlap the runner-up's.
The calibration takes the first dial's value at which the first line-up's margin is nearest 0, and
plays every heuristic bot there: the even match holds for a bot whose margin interval includes 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.analysis.report.lineups import LineUp, _heuristics, lineup_label
from isslab.analysis.report.render import Figure, Report, fmt
from isslab.analysis.report.running import _compared, _figure, _plain, _Run
from isslab.analysis.report.sensitivity import _runner_up
from isslab.core import Game, make
from isslab.frames.stats import compare

#: per game with a solo automaton: its dials and the values each is moved to (the game's value first
#: is added); the values of the course's notebook 10, where FEDOR's levers are explained
DIALS: Final[dict[str, dict[str, tuple[Any, ...]]]] = {
    "1998-iss": {
        "fedor_cargo": (0, 1, 2),
        "fedor_recall_long_stays": (False,),
        "fedor_iss_material": (3, 0),
        "fedor_external": (0,),
        "fedor_tries": (1,),
        "fedor_install_limit": (2,),
        "fedor_outside_max": (1,),
        "fedor_reshuffle_returns": (False,),
        "fedor_astronauts": (3,),
        "solo_start": ("fedor",),
    },
}


def dials_of(game: Game) -> dict[str, tuple[Any, ...]]:
    """The automaton's dials of ``game`` and their values (none but in a solo game with an automaton)."""
    if game.num_players != 1 or "margin" not in _columns(game):
        return {}
    return {k: v for k, v in DIALS.get(game.id, {}).items() if k in game.options}


def _columns(game: Game) -> list[str]:
    st = game.new_state()
    known = [*st.game_stats(), *st.seat_stats()[0]]
    return [*known, "margin"] if "fedor_score" in known and "score" in known else known


def _dials(rep: Report, run: _Run, lineups: Sequence[LineUp], games: int) -> None:
    g = rep.game
    dials = dials_of(g)
    if not dials:
        rep.notes["dials"] = "no automaton with dials (a solo game against FEDOR has them)"
        return
    rows, ranking, lines = [], [], []
    moves: dict[str, dict[str, Figure]] = {}
    margins: dict[str, dict[str, pd.DataFrame]] = {}
    for lineup in lineups:
        label = lineup_label(lineup)
        base = run.simulate(lineup, games)
        ranked = []
        for name, values in dials.items():
            df = run.variants(name, values, lineup, games, False, base)
            table = compare(df, by="variant", metric="margin", baseline=0)
            tried = [g.options[name], *values]
            table["value_tried"] = [tried[int(k)] for k in table["variant"]]
            margins.setdefault(label, {})[name] = table
            for r in table.itertuples():
                rows.append(
                    _compared(
                        label,
                        str(_plain(r.value_tried)),
                        name,
                        r,
                        "the game's value" if r.variant == 0 else "",
                    )
                )
            others = table[table["variant"] != 0]
            top = others.iloc[int(np.argmax(others["diff"].abs().to_numpy()))]
            ranked.append(
                _figure(
                    label,
                    str(_plain(top["value_tried"])),
                    name,
                    (top["diff"], top["diff_low"], top["diff_high"]),
                    int(top["games"]),
                )
            )
            moves.setdefault(name, {})[label] = (top["diff"], top["diff_low"], top["diff_high"])
        ranked.sort(key=lambda item: -abs(item["value"]))
        for i, item in enumerate(ranked):
            item["rank"] = i + 1
        ranking += ranked
        if len(ranked) >= 2:
            lines.append(_runner_up(label, ranked[0], ranked[1], "the margin"))
    for name, figures in moves.items():
        rep.conclude(
            "dials",
            f"{name} (its largest move of the margin)",
            "the game's value (0)",
            figures,
            what="an effect",
            digits=1,
        )
    first = lineup_label(lineups[0])
    dial = min((x for x in ranking if x["lineup"] == first), key=lambda x: x["rank"])["quantity"]
    table = margins[first][dial]
    even = table.iloc[int(np.argmin(table["estimate"].abs().to_numpy()))]
    value = _plain(even["value_tried"])
    calibrated = make(g.id, **{**g.options, dial: value})
    figures = {}
    for name in _heuristics(g.id):
        df = run.simulate([name], games, game=calibrated)
        row = compare(df, None, metric="margin").iloc[0]
        rows.append(
            _figure(
                name,
                f"{dial}={value}",
                "calibrated_margin",
                (row["estimate"], row["low"], row["high"]),
                row["games"],
                "an even match holds when the interval includes 0",
            )
        )
        figures[name] = (float(row["estimate"]), float(row["low"]), float(row["high"]))
    holds = [b for b, (_, lo, hi) in figures.items() if lo <= 0 <= hi]
    fails = [f"{b} {fmt(*figures[b], 1, signed=True)}" for b in figures if b not in holds]
    lines.append(
        f"calibration: {dial}={value} makes {first} and FEDOR closest "
        f"({fmt(even['estimate'], even['low'], even['high'], 1, signed=True)}"
        f" points); the even match holds for {', '.join(holds) or 'no bot'}"
        + (f" and not for {'; '.join(fails)}" if fails else ", every bot")
    )
    rep.conclude(
        "dials",
        f"the solo game at {dial}={value}: each bot's margin",
        "an even match (0)",
        figures,
        what="the player ahead",
        below="FEDOR ahead",
        digits=1,
    )
    rep.add_section("dials", ranking, lines)
    rep.sections["dials_values"] = pd.DataFrame(rows)
    rep.notes["dials"] = (
        f"Each dial of the automaton moved alone to each value, on the same seeds, {games} games "
        "each, under every "
        "line-up; the margin is the player's score minus FEDOR's. A dial is first only when the "
        "interval of its "
        "move's size does not overlap the runner-up's. The calibration plays every heuristic bot "
        "at the value of "
        "the first dial that brings the first line-up nearest an even match."
    )
