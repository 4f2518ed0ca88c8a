"""Space: 1999 results: winners, returns, places, distances to landing, and statistics.

Results are pure functions of a state. The distance tables of :class:`~.tables.Tables` give the
fewest steps (other eagles ignored) from every dot to a landing at every rotation of the disc.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isslab.games.space_1999.phases import EndCode

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import State1999

__all__ = ["distance", "game_stats", "ranks", "seat_stats", "winners"]


def distance(st: State1999, seat: int) -> int:
    """Total shortest distance of the seat's unlanded eagles to landing, at the current rotation."""
    t = st.game.tables
    th = st.theta
    table = t.seat_dist[seat][th]
    return sum(table[d] for d in st.pos[seat]) + st.home[seat] * t.home_dist[seat][th]


def winners(st: State1999) -> tuple[int, ...]:
    """The commander who landed every eagle; () while playing and in an unfinished game."""
    if st.end != EndCode.ALL_LANDED:
        return ()
    return (st.landed.index(st.game.tables.eagles),)


def ranks(st: State1999) -> tuple[int, ...]:
    """The winner 1st, the others by eagles landed, then distance to landing (ties share a place).

    Place 1 belongs to the winner alone: in an unfinished game nobody won, so places start at 2.
    """
    n = st.game.tables.n
    win = set(winners(st))
    keys = [(s in win, st.landed[s], -distance(st, s)) for s in range(n)]
    base = 1 if win else 2
    return tuple(base + sum(1 for k in keys if k > keys[s]) for s in range(n))


def seat_stats(st: State1999) -> list[dict[str, float]]:
    """Eagles landed, eagles jumped over and remaining distance, per seat."""
    return [
        {"eagles_landed": st.landed[s], "jumps": st.jumps[s], "distance": distance(st, s)}
        for s in range(st.game.tables.n)
    ]


def game_stats(st: State1999) -> dict[str, float]:
    """Total eagles jumped over."""
    return {"total_jumps": sum(st.jumps)}
