"""Scoring and statistics of 1998 ISS: points by source, scores, winners, ranks, per-seat records.

Endgame: 2 points per installation token, 1 per external material, the long-stay level's points,
5 per goal card, 2/3/5/8/12 for 1/2/3/4/5 different shuttle types, each conducted experiment's
points, and -1 per experiment left in hand (every value an option). The most points win; a tie
goes to the most experiments performed; players still tied share the victory. In the solo game the
player wins if it beats FEDOR on the same terms (a shared victory counts as a win).

The counters a game keeps for analysis are one :class:`Tally` per participant in the state field
``stats`` (FEDOR included); the steps add to them by index (:func:`stat`). No rule reads a tally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from isslab.games.iss_1998.components import ACTION_SHORT, SHUTTLE_NAMES
from isslab.games.iss_1998.phases import PH_OVER
from isslab.games.kit import leaders, places

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = [
    "ADVANCED",
    "EXPERIMENTS",
    "EXTRA_USED",
    "EXTRA_WON",
    "FEDOR_FAILED",
    "GOALS_CLAIMED",
    "LAUNCHES",
    "NO_TALLY",
    "POINT_SOURCES",
    "Points",
    "Tally",
    "game_stats",
    "points",
    "ranks",
    "scores",
    "seat_stats",
    "stat",
    "tally",
    "winners",
]


class Tally(NamedTuple):
    """What one participant did over a game (statistics only: no rule reads them)."""

    #: card actions taken (normal and extra), by card
    actions_train: int = 0
    actions_load: int = 0
    actions_construct: int = 0
    actions_plan: int = 0
    actions_long_stay: int = 0
    actions_install: int = 0
    actions_outside: int = 0
    actions_conduct: int = 0
    #: extra actions used (turn step 2) and won (majorities at launches)
    extra_used: int = 0
    extra_won: int = 0
    #: launches this participant caused, by shuttle type
    launches_soyuz: int = 0
    launches_progress: int = 0
    launches_endeavour: int = 0
    launches_atlantis: int = 0
    launches_discovery: int = 0
    #: experiments conducted, and how many of them advanced
    experiments: int = 0
    advanced: int = 0
    goals_claimed: int = 0
    #: FEDOR only: card actions it could not perform (a compensation cube each)
    fedor_failed: int = 0


#: the counters at the start (a plain tuple, as the steps write them)
NO_TALLY: tuple[int, ...] = tuple(Tally())
# indices for ``stat``: the first eight are the action cards (TRAIN ... CONDUCT)
EXTRA_USED, EXTRA_WON, LAUNCHES = 8, 9, 10
EXPERIMENTS, ADVANCED, GOALS_CLAIMED, FEDOR_FAILED = 15, 16, 17, 18
assert Tally._fields[LAUNCHES] == "launches_soyuz" and Tally._fields[FEDOR_FAILED] == "fedor_failed"
assert tuple(f"actions_{a}" for a in ACTION_SHORT) == Tally._fields[:8]
assert tuple(f"launches_{s.lower()}" for s in SHUTTLE_NAMES) == Tally._fields[LAUNCHES : LAUNCHES + 5]


def stat(st: State1998, p: int, i: int, delta: int) -> None:
    """Add ``delta`` to counter ``i`` of participant ``p``'s tally (statistics only)."""
    row = list(st.stats[p])  # lists, not slices: two allocations per level (a hot path)
    row[i] += delta
    rows = list(st.stats)
    rows[p] = tuple(row)
    st.stats = tuple(rows)


def tally(st: State1998, p: int) -> Tally:
    """The counters of participant ``p`` as a :class:`Tally`."""
    return Tally._make(st.stats[p])


class Points(NamedTuple):
    """A participant's points by source (Endgame)."""

    installation: int
    external: int
    long_stay: int
    goals: int
    shuttles: int
    experiments: int
    unplayed: int

    @property
    def total(self) -> int:
        """The score."""
        return sum(self)


#: the sources of points, in the order of :class:`Points`
POINT_SOURCES: tuple[str, ...] = Points._fields


def points(st: State1998, p: int) -> Points:
    """Participant ``p``'s points by source, as if the game ended now (Endgame)."""
    tb = st.game.tables
    goals = sum(1 for owner in st.goal_owner if owner == p)
    kinds = sum(1 for c in st.won[p] if c)
    return Points(
        installation=tb.installation_points * st.tokens[p],
        external=st.ext_mat[p],
        long_stay=tb.ls_points[min(st.long_stay[p], tb.ls_max)],
        goals=tb.goal_points * goals,
        shuttles=tb.set_points[kinds - 1] if kinds else 0,
        experiments=sum(tb.exp_points[c] for c in st.played[p]),
        unplayed=-tb.unplayed_penalty * len(st.hands[p]),
    )


def scores(st: State1998) -> tuple[int, ...]:
    """The score of every participant (FEDOR last in the solo game)."""
    return tuple(points(st, p).total for p in range(st.game.tables.P))


def _keys(st: State1998) -> list[tuple[int, int]]:
    """(score, experiments performed) per participant: the order of the Endgame."""
    return [(s, len(st.played[p])) for p, s in enumerate(scores(st))]


def winners(st: State1998) -> tuple[int, ...]:
    """The seats with the most points, then the most experiments (shared on a full tie)."""
    if st.phase != PH_OVER:
        return ()
    return leaders(_keys(st), st.game.tables.n)


def ranks(st: State1998) -> tuple[int, ...]:
    """1 + the number of participants strictly ahead (FEDOR counts in the solo game)."""
    return places(_keys(st), st.game.tables.n)


def seat_stats(st: State1998) -> list[dict[str, float]]:
    """Per seat: score, points by source, the tally (actions, launches, experiments, goals)."""
    tb = st.game.tables
    out = []
    for s in range(tb.n):
        pts = points(st, s)
        row: dict[str, float] = {"score": pts.total}
        row.update({f"points_{k}": v for k, v in zip(POINT_SOURCES, pts, strict=True)})
        row.update(zip(Tally._fields, st.stats[s], strict=True))
        del row["fedor_failed"]
        out.append(row)
    return out


def game_stats(st: State1998) -> dict[str, float]:
    """Whole game: turns, launches, modules launched, the best score; FEDOR's result when solo."""
    tb = st.game.tables
    out: dict[str, float] = {
        "turns": st.turns,
        "launches": sum(sum(w) for w in st.won),
        "modules_launched": len(st.station) - tb.n_initial,
        "best_score": max(scores(st)[: tb.n]),
    }
    if tb.solo:
        f = tb.fedor
        pts = points(st, f)
        out["fedor_score"] = pts.total
        out.update({f"fedor_points_{k}": v for k, v in zip(POINT_SOURCES, pts, strict=True)})
        out["fedor_experiments"] = len(st.played[f])
        out["fedor_failed"] = st.stats[f][FEDOR_FAILED]
    return out
