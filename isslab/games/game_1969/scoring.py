"""Scoring and statistics of 1969: the scientists' end-of-game points, scores, winners, ranks, stats.

End of the Game: a nation's score is its Prestige on the Scoring Track plus the end-of-game points
of its scientist cubes (option ``end_bonus``; reading 1 for the spies). The most prestige wins;
ties go to the most money, and nations still tied share the victory.

The per-nation counters a game keeps for analysis are one :class:`Tally` per seat in the state
field ``stats``; the steps add to them by index (``PP_SOLD`` ...), readers use
``state.tally(seat).pp_sold`` or :func:`seat_stats`. No rule reads a tally: the spies a nation hired,
which the scoring needs, are the state field ``spies_hired``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from isslab.games.game_1969.components import SPY, SpyPenalty
from isslab.games.game_1969.phases import OVER
from isslab.games.kit import leaders, places

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import State1969

__all__ = [
    "STAT_NAMES",
    "Tally",
    "game_stats",
    "ranks",
    "scientist_points",
    "scores",
    "seat_stats",
    "tally",
    "winners",
]


class Tally(NamedTuple):
    """What one nation did over a game (statistics only: no rule reads them)."""

    #: PP gained on ordinary missions
    pp_missions: int = 0
    #: PP gained on the Moon Mission
    pp_moon: int = 0
    #: Prestige Points sold for money in the Income Phase
    pp_sold: int = 0
    #: missions launched
    missions_attempted: int = 0
    #: missions that ended on their last space
    missions_perfected: int = 0
    #: Intelligence played (the total value of the cards)
    intel_spent: int = 0
    #: M received from Insurance
    insurance_income: int = 0
    #: Intelligence Cards bought
    cards_bought: int = 0
    #: scientists hired, by kind (spies: the state field ``spies_hired``)
    hired_basic: int = 0
    hired_rookie: int = 0
    hired_famous: int = 0
    hired_genius: int = 0


#: the counters of a nation at the start (a plain tuple, as the steps write them)
NO_TALLY: tuple[int, ...] = tuple(Tally())
# the index of each counter, for the steps' ``stat(st, seat, index, delta)``
PP_MISSIONS, PP_MOON, PP_SOLD, ATTEMPTED, PERFECT, INTEL, INSURANCE_INCOME, CARDS, HIRED = range(9)
#: the per-seat statistics of ``seat_stats``, in column order (besides money, prestige and pp_track)
STAT_NAMES: tuple[str, ...] = (*Tally._fields, "hired_spy")


def tally(st: State1969, seat: int) -> Tally:
    """The counters of ``seat`` as a :class:`Tally` (also for a state loaded from JSON)."""
    return Tally._make(st.stats[seat])


def scientist_points(st: State1969) -> tuple[int, ...]:
    """End-of-game PP of each seat from its scientists (Scientists; option ``end_bonus``; reading 1)."""
    t = st.game.tables
    # asked several times at the end of every game (returns, winners, ranks, stats): memoised
    key = (st.cubes, st.spies_hired)
    found = t.points_memo.get(key)
    if found is not None:
        return found
    bonus = t.end_bonus
    to_hirer = t.spy_penalty is SpyPenalty.HIRER
    out = []
    for s in range(t.n):
        pts = 0
        for cubes in st.cubes[s]:
            for k in cubes:
                if k != SPY or not to_hirer:
                    pts += bonus[k]
        if to_hirer:
            pts += bonus[SPY] * st.spies_hired[s]
        out.append(pts)
    found = tuple(out)
    t.points_memo[key] = found
    return found


def scores(st: State1969) -> tuple[int, ...]:
    """Prestige of each seat, with the scientists' end-of-game points (End of the Game)."""
    return tuple(p + q for p, q in zip(st.pp, scientist_points(st), strict=True))


def _keys(st: State1969) -> list[tuple[int, int]]:
    return list(zip(scores(st), st.money, strict=True))


def winners(st: State1969) -> tuple[int, ...]:
    """Most prestige, then most money; nations still tied share the victory (End of the Game)."""
    if st.phase != OVER:
        return ()
    return leaders(_keys(st))


def ranks(st: State1969) -> tuple[int, ...]:
    """1 + the number of seats strictly ahead on (prestige, money)."""
    return places(_keys(st))


def seat_stats(st: State1969) -> list[dict[str, float]]:
    """Per seat: money, prestige by source, missions, scientists hired, intelligence spent."""
    sci = scientist_points(st)
    final = scores(st)
    out = []
    for s in range(st.game.tables.n):
        row: dict[str, float] = {"money": st.money[s], "prestige": final[s], "pp_track": st.pp[s]}
        row.update(zip(Tally._fields, st.stats[s], strict=True))
        row["hired_spy"] = st.spies_hired[s]
        row["pp_scientists"] = sci[s]
        out.append(row)
    return out


def game_stats(st: State1969) -> dict[str, float]:
    """Whole game: winning score, cards left in the deck, Moon Missions attempted."""
    return {
        "best_score": max(scores(st)),
        "moon_attempts": sum(1 for a in st.attempted if a >> st.game.tables.moon & 1),
        "deck_left": sum(st.deck),
    }
