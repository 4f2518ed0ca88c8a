"""The luck share of every line-up, from the review's luck accounting (:func:`isslab.review`).

Every game of a line-up is reviewed with the game's fitted win-chance model: a seat's result minus
its chance at the start is its luck (the dice and draws) plus the change the decisions made. The luck
share is ``var(luck) / (var(luck) + var(decisions))`` over games and seats, with a percentile
bootstrap interval over games (:func:`isslab.analysis.winmetrics.chances_table`); 1 is a game of
pure luck, 0 one of pure skill (the coin row). The conclusion reads it against one half: more luck
than decisions, or more decisions than luck. A table with no shipped model is fitted first (once,
cached on disk), which the note says.

The reviews run in the report's worker pool, one game a job. A cooperative game is reviewed from
seat 0's view alone: every seat has the team's chance, and the luck share reads one column, so the
other seats' views would give the same numbers at several times the cost (Mission ISS: 1.1 s a game
instead of 3.5 s, measured).

Every game's luck share at the report's defaults (120 games under each of its two line-ups) is
measured by ``python -m isslab.bench.luck`` into ``docs/luck.json``, which notebook 12 shows: the
reviews cost from 0.3 to 0.75 CPU s a game there (575 CPU s for the four games), too much for the
test suite.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import pandas as pd

from isslab.analysis import leads
from isslab.analysis.report.render import Report
from isslab.analysis.report.running import _figure, _map, _Run
from isslab.analysis.review import review
from isslab.analysis.winmetrics import GameChances, chances_of, chances_table
from isslab.analysis.winprob import available, model
from isslab.core import Game, ReturnsKind
from isslab.play import play

#: the games the course asks the luck share to rest on
LEAST_GAMES: Final = 100
#: the rows of the win-chance metrics the section shows
_SHOWN: Final = ("luck_share", "luck_size", "decisions_size", "decided_at")


def _review_job(job: tuple[Game, Sequence[str], int, int | None, int]) -> GameChances:
    """One game replayed from its seed and reviewed with the game's model: what the luck share reads."""
    game, bots, seed, seat, review_seed = job
    record = play(game, list(bots), seed=seed)
    return chances_of(
        review(record, seat=seat, valuation="model", model_=model(game), alternatives=False, seed=review_seed)
    )


def _luck(rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame]) -> None:
    g = rep.game
    fitted = (
        available(g) is None
    )  # no shipped or cached model: fit one here, once, before the workers load it
    model(g, workers=run.pool, progress=False)
    coop = g.info.returns is ReturnsKind.COOPERATIVE
    seat = 0 if coop else None
    rows, figures, fixed = [], {}, []
    for label, df in frames.items():
        jobs = [(g, bots, s, seat, rep.seed) for s, bots in leads.games_of(df)]
        table = chances_table(_map(run, _review_job, jobs), coop, rep.seed).set_index("metric")
        for name in _SHOWN:
            r = table.loc[name]
            rows.append(_figure(label, "", name, (r.value, r.low, r.high), r.games, r.note))
        if df["returns" if coop else "win"].nunique() > 1:
            share = table.loc["luck_share"]
            figures[label] = (share.value, share.low, share.high)
        else:
            fixed.append(label)
    rep.sections["luck"] = pd.DataFrame(rows)
    if figures:
        rep.conclude(
            "luck",
            "the luck share (the part of the spread of results the dice and draws explain)",
            "one half (as much luck as decisions)",
            figures,
            null=0.5,
            what="more luck than decisions",
            below="more decisions than luck",
            signed=False,
        )
    for label in fixed:
        rep.readings.setdefault("luck", []).append(
            f"{label}: every game ended in the same result, so no spread of results is there to share out "
            "(the luck and the decisions then cancel, and the luck share is one half by construction): "
            "no luck share is concluded under this line-up"
        )
    games = min(int(r["games"]) for r in rows if r["quantity"] == "luck_share")
    rep.notes["luck"] = (
        "Every game of each line-up reviewed with the game's win-chance model (isslab.review's luck "
        "accounting: a seat's result minus its chance at the start is its luck plus the change its and its "
        "rivals' decisions made); luck_share = var(luck) / (var(luck) + var(decisions)) over games "
        "and seats, "
        "with a bootstrap interval over games; luck_size and decisions_size are their mean sizes per seat on "
        "the result's [0, 1] range, decided_at the share of the game played before its winner was clear. "
        "A move with one legal action is a decision too: what the model's values of a position and of its "
        "rolls disagree by shows there (the luck race, with no choice at all, reads a little under 1). "
        f"{games} games per line-up"
        + (
            f" (fewer than the {LEAST_GAMES} a luck share should rest on: give games={LEAST_GAMES} or more)."
            if games < LEAST_GAMES
            else "."
        )
        + (" This table had no fitted model: one was fitted first (and cached)." if fitted else "")
    )
