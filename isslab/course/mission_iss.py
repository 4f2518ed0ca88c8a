"""Exercises of ``notebooks/09-mission-iss.ipynb``: Good Job cards, team sizes, the two-player hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

from isslab.analysis.report.coop import Alone
from isslab.core import Game, make
from isslab.course.kit import Feedback, answered, direction_exercise, est, exercise, whole
from isslab.frames.stats import compare
from isslab.play import play
from isslab.sim.api import sweep

__all__ = ["more_good_jobs", "two_player_hand", "weakest_team"]

more_good_jobs = direction_exercise(
    "more_good_jobs",
    "From six Good Job cards (the rulebook's first game) to eight, does the team succeed more often?",
    "the change in the team's success rate",
)


@exercise("Which team size (1 to 4 players) completes the station least often?", "a number of players")
def weakest_team(answer: Any, table: pd.DataFrame) -> Feedback:
    answer = whole(answer, "a team size", among=table["players"])
    ranked = table.sort_values("estimate")
    low = ranked.iloc[0]
    mine = table[table["players"] == answer].iloc[0]
    # the team sizes these games cannot tell from the weakest: their intervals overlap its interval
    tied = [
        int(p)
        for p, lo in zip(ranked["players"], ranked["low"], strict=True)
        if float(lo) <= float(low["high"])
    ]
    seen = (
        f"{int(low['players'])} players succeed least often, {est(low['estimate'], low['low'], low['high'])}"
    )
    if len(tied) > 1:
        rows = zip(ranked["players"], ranked["estimate"], ranked["low"], ranked["high"], strict=True)
        others = ", ".join(f"{int(p)} {est(v, lo, hi)}" for p, v, lo, hi in rows if int(p) in tied[1:])
        seen += (
            f", but the intervals of {others} overlap it: these games cannot tell which of {tied} is weakest "
            "(not shown)"
        )
    mine_words = f"{answer} players succeed {est(mine['estimate'], mine['low'], mine['high'])}"
    return answered(answer in tied, seen, mine_words)


@exercise(
    "Change the two-player command cards (option cards_2p) so that two players succeed about as often as "
    "three.",
    "a cards_2p value: two rows of (Move, Research, Assemble, Exercise)",
)
def two_player_hand(answer: Any, three: Any, games: int = 150) -> Feedback:
    if not (isinstance(answer, tuple) and len(answer) == 2):
        raise ValueError("answer with a cards_2p value: two rows of (Move, Research, Assemble, Exercise)")
    try:
        make("mission-iss", players=2, cards_2p=answer)
    except ValueError as exc:
        raise ValueError(f"the game refuses it: {exc}") from None
    assumed = make("mission-iss").options["cards_2p"]
    if answer == assumed:
        return Feedback(False, f"{answer} is the assumed two-player hand itself: change it.")
    rows = sweep(
        "mission-iss",
        {"cards_2p": [assumed, answer]},
        bots="planner",
        games=games,
        seed=5,
        progress=False,
        players=2,
    )
    t = compare(rows, by="cards_2p", metric="win")
    base, mine = t.iloc[0], t.iloc[1]
    target = float(three["estimate"])
    # three players' own interval when the evidence has one, else the point estimate alone
    t_low, t_high = (float(three.get("low", target)), float(three.get("high", target)))
    seen = (
        f"with your hand two players succeed {est(mine['estimate'], mine['low'], mine['high'])}, against "
        f"{est(base['estimate'], base['low'], base['high'])} with the assumed hand and "
        f"{est(target, t_low, t_high) if t_low < t_high else f'{target:.2f}'} for three players"
    )
    if mine["low"] > t_high:
        return Feedback(False, f"{seen}: an overshoot, two players now succeed more often than three.")
    if mine["diff_low"] > 0 and mine["high"] >= t_low:
        return Feedback(
            True, f"{seen}: about as often as three (the intervals overlap), and better than the assumed hand"
        )
    return Feedback(False, f"{seen}: not yet as good as three players.")


def differing_decisions(game: Game, bot: str, seeds: Iterable[int]) -> tuple[int, int]:
    """``(decisions where one mind and each seat alone chose otherwise, decisions)`` over ``seeds``.

    One mind is ``bot`` playing every seat as ``isslab.play`` plays it; alone, one copy of it per seat
    (the report's alpha-player question). A decision is a seat's move, not a chance outcome.
    """
    differ = decisions = 0
    for seed in seeds:
        one = play(game, bot, seed=seed)
        alone = play(game, [Alone(game.id, bot) for _ in range(game.num_players)], seed=seed)
        for state, a, b in zip(one.states(), one.actions, alone.actions, strict=False):
            if not state.is_chance_node():
                decisions += 1
                differ += game.encode_action(a) != game.encode_action(b)
    return differ, decisions
