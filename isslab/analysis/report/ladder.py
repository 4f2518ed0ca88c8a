"""The ladder (luck against skill) under every line-up: one seat played by each rung, random to the expert.

In a competitive game one seat is played by the rung and the others by the line-up's bots (seats
rotated); in a cooperative game likewise (how much one better or worse player moves the team); in a
solo game the rung plays alone, and the line-ups do not enter. The skill effect is the top rung's
result minus ``random``'s on the same seeds, and the top rung's minus the game's default bot's.
Where the win rates sit at a bound (every rung near 0 or near 1, as against FEDOR), a win rate
cannot move, and the conclusions are drawn on the margin (the score minus the opponent's) instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pandas as pd

from isslab.analysis.report.lineups import LineUp, lineup_label
from isslab.analysis.report.render import OUTCOME_WORDS, Report, fmt
from isslab.analysis.report.running import _compared, _Run
from isslab.core import ReturnsKind
from isslab.frames.stats import compare

#: win rates "sit at a bound" when every rung's lies within this distance of 0, or every rung's of 1
BOUND: Final = 0.1


def _margin_column(df: pd.DataFrame) -> str | None:
    """The margin the report compares when win rates sit at a bound, if the game has one."""
    for column in ("margin", "score_margin"):
        if column in df:
            return column
    return None


def at_bound(table: pd.DataFrame) -> bool:
    """True when every rung's estimate lies within :data:`BOUND` of 0, or every rung's within it of 1: a
    rate pressed against a bound cannot move, whatever the rungs' skill."""
    return bool((table["estimate"] <= BOUND).all() or (table["estimate"] >= 1 - BOUND).all())


def _ladder(
    rep: Report,
    run: _Run,
    lineups: Sequence[LineUp],
    rungs: Sequence[str],
    top: str,
    top_note: str,
    games: int,
    top_games: int,
) -> None:
    g = run.game
    n = g.num_players
    coop = g.info.returns is ReturnsKind.COOPERATIVE
    ref = g.info.default_bot
    if not top:  # search=None: no search rung, the ladder's last rung is its top
        top, top_games = rungs[-1], games
    everyone = list(dict.fromkeys([*rungs, top]))
    # a solo game has no other seats for a line-up to fill: one ladder
    tables = [("alone", ())] if n == 1 else [(lineup_label(lu), tuple(lu[1:])) for lu in lineups]
    out, figures, margin_figures, over_ref = [], {}, {}, {}
    bounded: list[str] = []
    margin_name: str | None = None
    for label, others in tables:
        frames = []
        for rung in everyone:
            df = run.simulate([rung, *others], top_games if rung == top else games)
            # with rotated seats, bot 0 (the rung) plays seat game % n
            frames.append(df[df["seat"] == df["game"] % n].assign(rung=rung))
        rows = pd.concat(frames, ignore_index=True)
        rows.attrs.update(frames[0].attrs)
        margin_name = _margin_column(rows)
        metrics = ["win", "returns"] if coop else ["win", *([margin_name] if margin_name else [])]
        tables_by_metric = {}
        for metric in metrics:
            table = compare(rows, by="rung", metric=metric, baseline=rungs[0])
            tables_by_metric[metric] = table
            quantity = {"win": "team_success" if coop else "win_rate", "returns": "team_return"}.get(
                metric, metric
            )
            for r in table.itertuples():
                out.append(
                    _compared(
                        label,
                        str(r.rung),
                        quantity,
                        r,
                        f"difference from {rungs[0]}" + (", paired" if r.paired else ""),
                    )
                )
        wins = tables_by_metric["win"]
        measure = "win"
        if not coop and at_bound(wins) and margin_name is not None:
            bounded.append(label)
            measure = margin_name
        elif coop:
            measure = "returns"
        table = tables_by_metric[measure].set_index("rung")
        top_row = table.loc[top]
        figures[label] = (top_row["diff"], top_row["diff_low"], top_row["diff_high"])
        if margin_name is not None and measure != margin_name and margin_name in tables_by_metric:
            m = tables_by_metric[margin_name].set_index("rung").loc[top]
            margin_figures[label] = (m["diff"], m["diff_low"], m["diff_high"])
        if ref in table.index and ref != rungs[0] and ref != top:
            vs_ref = compare(rows, by="rung", metric=measure, baseline=ref).set_index("rung").loc[top]
            over_ref[label] = (vs_ref["diff"], vs_ref["diff_low"], vs_ref["diff_high"])
    rep.sections["ladder"] = pd.DataFrame(out)
    words = _words(measure if not bounded else str(margin_name), coop)
    where = "" if n == 1 else " (one seat; the other seats by each line-up)"
    digits = 2 if measure == "win" else 1
    rep.conclude(
        "ladder",
        f"a skill effect: the top rung ({top}) minus {rungs[0]}, in {words}{where}",
        "no effect (0; the same seeds for every rung)",
        figures,
        what="a skill effect",
        below="a reversed skill effect",
        digits=digits,
    )
    if margin_figures:
        rep.conclude(
            "ladder",
            f"the same in {_words(str(margin_name), coop)}",
            "no effect (0)",
            margin_figures,
            what="a skill effect",
            below="a reversed skill effect",
            digits=1,
        )
    if over_ref:
        rep.conclude(
            "ladder",
            f"the top rung ({top}) over the default bot ({ref}), in {words}",
            "no gain (0)",
            over_ref,
            what="a gain from the stronger player",
            below="a loss",
            digits=digits,
        )
    main = [r for r in out if r["quantity"] in ("win_rate", "team_success")]
    fair = "" if coop or n == 1 else f" (a fair share is {1 / n:.2f})"
    lines = [
        f"{r['lineup']}: {r['label']} {fmt(r['value'], r['low'], r['high'])} over {r['games']} games{fair}"
        for r in main
    ]
    rep.readings["ladder"] = lines + rep.readings.get("ladder", [])
    if bounded:
        rep.readings["ladder"].insert(
            0,
            f"win rates sit at a bound under {', '.join(bounded)} (every rung within {BOUND:g} of 0 or 1): "
            f"a win rate cannot show skill there, so the skill effect is read on {words}",
        )
    if coop:
        what = "one seat of the team played by each rung, the others by the line-up"
    elif n == 1:
        what = "each bot alone against the game's automaton (no other seats: the line-ups do not enter)"
    else:
        what = "one seat played by each rung, the others by the line-up"
    rep.notes["ladder"] = (
        f"{what}; seats rotated; {games} games a rung, {top_games} for the top rung. {top_note}."
    )


def _words(measure: str, coop: bool) -> str:
    if measure == "win":
        return "the team's success rate" if coop else "win rate"
    return OUTCOME_WORDS.get(measure, measure)
