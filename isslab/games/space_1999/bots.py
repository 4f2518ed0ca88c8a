"""Heuristic bots for Space: 1999."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from isslab.core import State, register_bot
from isslab.games.space_1999.actions import MoveKind
from isslab.games.space_1999.components import PAD
from isslab.games.space_1999.rules import Game1999, State1999

__all__ = ["greedy_bot"]

LAND, PASS = MoveKind.LAND, MoveKind.PASS  # module constants: an Enum class attribute is slow to read


@lru_cache(maxsize=64)
def _expected_tables(
    game: Game1999,
) -> tuple[tuple[tuple[tuple[float, ...], ...], ...], tuple[tuple[float, ...], ...]]:
    """Per seat and rotation: the expected distance to landing of each dot *after* the coming die roll.

    Every player moves once a round, so by my next turn the disc will have turned by one of the six
    die faces; averaging over them is what "taking the expected rotation into account" means.
    """
    t = game.tables
    S = t.spokes
    deltas = [d for _, d in t.rolls]
    per_seat = []
    home = []
    for seat in range(t.n):
        table = t.seat_dist[seat]
        per_seat.append(
            tuple(
                tuple(sum(table[(th + d) % S][dot] for d in deltas) / len(deltas) for dot in range(t.ndots))
                for th in range(S)
            )
        )
        home.append(
            tuple(sum(t.home_dist[seat][(th + d) % S] for d in deltas) / len(deltas) for th in range(S))
        )
    return tuple(per_seat), tuple(home)


@register_bot("space-1999", "greedy")
def greedy_bot(state: State, rng: random.Random) -> Any:
    """Land when possible, else make the move that most shortens the expected distance to landing.

    Distances are taken after the expected turn of the disc; ties are broken at random.
    """
    assert isinstance(state, State1999), "the space-1999 greedy bot plays only Space: 1999"
    legal = state.legal_actions()
    if len(legal) == 1 or state.current_player < 0:
        return legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]
    game = state.game
    seat = state.current_player
    exp, home = _expected_tables(game)
    table = exp[seat][state.theta]
    index = game.tables.geo.index
    best: list[Any] = []
    best_gain = -1e9
    for m in legal:
        kind = m.kind
        if kind is LAND:
            return m
        if kind is PASS:
            gain = -0.5  # passing only when allowed and nothing helps
        else:
            end = table[index[m.path[-1]]]
            start = home[seat][state.theta] if m.path[0][0] == PAD else table[index[m.path[0]]]
            gain = start - end
        if gain > best_gain + 1e-12:
            best_gain, best = gain, [m]
        elif gain > best_gain - 1e-12:
            best.append(m)
    return best[int(rng.random() * len(best))]
