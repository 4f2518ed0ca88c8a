"""Runaway leader and catch-up, against the right baseline: the same race without feedback.

A leader at mid-game wins more often than the fair share in any race, feedback or none (the luck
race, with no decisions and no feedback, gives about 0.5 at four players), so the fair share is no
baseline for a runaway leader. Under every line-up the section compares the sole leader's win rate
at mid-game with the same games replayed with their rounds in a random order
(:func:`isslab.analysis.leads.no_feedback`: every round's gains kept, the link between a standing
and the gains that follow it cut), and shows the leader's win rate with random movers (the same
rules, no decisions) beside it. The feedback section gives the measure designers use: the mean
change of the lead over a tenth of the game as a function of its size, as played and without
feedback, and the slope of that change (played minus no feedback: above 0 a runaway, below 0 a
catch-up). And the leader's chance under each catch-up variant of the game (``isslab.variant``),
against the game itself on the same seeds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from isslab.analysis import leads
from isslab.analysis.report.lineups import LineUp, lineup_label
from isslab.analysis.report.render import Report, fmt
from isslab.analysis.report.running import _figure, _map, _metric_rows, _Run, _table_rows
from isslab.core import Game, ReturnsKind, game_class, games, make


def catch_up_variants(game: Game) -> list[str]:
    """The variants of ``game`` defined in this process (``isslab.variant``), e.g. ``space-1999/catch-up``."""
    return [
        v for v in games(variants=True, reference=True) if "/" in v and game_class(v).VARIANT_OF == game.id
    ]


def _traced(run: _Run, game: Game, df: pd.DataFrame) -> list[leads.GameLeads]:
    return _map(run, leads._trace_job, [(game, b, s) for s, b in leads.games_of(df)])


def _lead(
    rep: Report,
    run: _Run,
    frames: Mapping[str, pd.DataFrame],
    metric_tables: Mapping[str, pd.DataFrame],
    lineups: Sequence[LineUp],
    side: int,
    variants: Sequence[str],
) -> None:
    g = rep.game
    n = g.num_players
    if g.info.returns is ReturnsKind.COOPERATIVE or n == 1:
        why = "one result for every seat (cooperative, or one seat): nobody leads the others"
        rep.notes["lead"] = rep.notes["feedback"] = why
        return
    rows: list[dict[str, Any]] = []
    fb_rows, curve, lines = [], [], []
    runaway, slopes = {}, {}
    traced_by = {}
    for label, df in frames.items():
        traced = traced_by[label] = _traced(run, g, df)
        nf = leads.no_feedback(traced, 0.5, seed=rep.seed)
        table = nf.leader_table()
        rows += _table_rows(table, label, "at mid-game")
        plain = leads.leader_wins(traced, 0.5)
        rows += _table_rows(plain[plain["quantity"] != "leader_wins"], label, "at mid-game")
        rows += _metric_rows(metric_tables[label], ["lead_changes", "drama", "decisiveness"], label)
        t = table.set_index("quantity")
        runaway[label] = tuple(t.loc["runaway", ["value", "low", "high"]])
        lines.append(
            f"{label}: the sole leader at mid-game wins "
            f"{fmt(*t.loc['leader_wins', ['value', 'low', 'high']])}; "
            f"the same games without feedback give {fmt(*t.loc['no_feedback', ['value', 'low', 'high']])}; "
            f"the fair share {1 / n:.2f} is lower than both and is no baseline for a runaway leader"
        )
        fb = nf.feedback_table()
        if len(fb):
            fb_rows += [
                _figure(
                    label,
                    f"{r.kind}" + (f", lead {r.size}" if r.size != "" else ""),
                    r.quantity,
                    (r.value, r.low, r.high),
                    r.games,
                    r.note,
                    kind=r.kind,
                    size=r.size,
                )
                for r in fb.itertuples()
            ]
            diff = fb[fb["quantity"] == "slope_difference"].iloc[0]
            slopes[label] = (diff.value, diff.low, diff.high)
        c = leads.lead_curve(traced)
        curve.append(c.assign(lineup=label, label=[f"t={x:.1f}" for x in c["t"]]))
    rnd = run.simulate(["random"] * n, side, trace=True)
    movers = leads.leader_wins(_traced(run, g, rnd), 0.5).set_index("quantity").loc["leader_wins"]
    rows.append(
        _figure(
            "random movers",
            "at mid-game",
            "leader_wins",
            (movers.value, movers.low, movers.high),
            movers.games,
            "random in every seat: the same rules, no decisions; " + movers.note,
        )
    )
    lines.append(
        f"random movers (the same rules, no decisions): the sole leader at mid-game wins "
        f"{fmt(movers.value, movers.low, movers.high)}"
    )
    rep.conclude(
        "lead",
        "a runaway leader: the sole leader at mid-game's win rate minus that of the same games "
        "without feedback",
        "no feedback (0: the games with their rounds shuffled)",
        runaway,
        what="a runaway leader",
        below="a catch-up",
    )
    rows += _variants(rep, run, lineups, side, variants, traced_by)
    rep.add_section("lead", rows, lines)
    rep.notes["lead"] = (
        "leader_wins: the sole leader at mid-game won; no_feedback: the same games with their "
        "rounds in a random "
        "order (every round's gains kept, so the start, the end and the turn order; the link "
        "between a standing "
        "and what follows it cut); runaway: the first minus the second, with a bootstrap interval "
        "over games. A "
        "game that saves its biggest points for its last rounds shows as catch-up against shuffled "
        "rounds; the "
        "random movers' row keeps the schedule. catch_up: the leader's win rate under a variant "
        "minus under the "
        "game, on the same seeds."
    )
    rep.sections["lead_curve"] = pd.concat(curve, ignore_index=True)
    rep.notes["lead_curve"] = (
        "winner_leads: the share of games in which a winner is among the leaders at time t (0 the "
        "start, 1 the "
        "end); gap: the leader's first standing number minus the runner-up's."
    )
    if fb_rows:
        rep.sections["feedback"] = pd.DataFrame(fb_rows)
        rep.conclude(
            "feedback",
            "feedback on the lead: the slope of a lead's change over the next tenth of the game on its size, "
            "played minus without feedback",
            "no feedback (0)",
            slopes,
            what="a runaway (big leads grow, compared with no feedback)",
            below="a catch-up (big leads shrink, compared with no feedback)",
            digits=3,
        )
        rep.notes["feedback"] = (
            "change: the mean change of the sole leader's lead (its first standing number minus "
            "the best rival's) "
            "over the next tenth of the game, by the lead's size, as played and in the same games with their "
            "rounds shuffled; slope: the least-squares slope of the change on the size. Even "
            "without feedback a "
            "big lead tends to shrink (the best of the others catches up by chance), hence the comparison."
        )


def _variants(
    rep: Report,
    run: _Run,
    lineups: Sequence[LineUp],
    side: int,
    variants: Sequence[str],
    traced_by: Mapping[str, list[leads.GameLeads]],
) -> list[dict[str, Any]]:
    """The leader's chance under each variant, against the game on the same seeds, under every line-up."""
    g = rep.game
    rows = []
    for vid in variants:
        vg = make(vid, **g.options)
        figures = {}
        for lineup in lineups:
            label = lineup_label(lineup)
            df = run.simulate(lineup, side, game=vg, trace=True)
            traced = _traced(run, vg, df)
            mine = leads.leader_wins(traced, 0.5).set_index("quantity").loc["leader_wins"]
            rows.append(
                _figure(label, vid, "leader_wins", (mine.value, mine.low, mine.high), mine.games, mine.note)
            )
            diff = leads.leader_difference(traced_by[label], traced, 0.5, seed=rep.seed)
            rows.append(
                _figure(
                    label,
                    vid,
                    "catch_up",
                    (diff[0], diff[1], diff[2]),
                    len(traced),
                    f"{vid} minus {g.id}, same seeds",
                )
            )
            figures[label] = diff
        rep.conclude(
            "lead",
            f"the sole leader's win rate at mid-game under {vid} minus under {g.id}",
            "no change (0; the same seeds)",
            figures,
            what="more runaway",
            below="a catch-up that works",
        )
    return rows
