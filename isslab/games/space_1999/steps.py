"""Space: 1999 steps: what each action does to the position (``State._apply``).

:func:`apply` copies the state once and rebuilds only the tuples an action changes. Eagles keep
their disc coordinates when the disc turns: a die roll changes ``theta`` only. ``board`` (per dot)
and ``pos`` (per seat) hold the same facts two ways, and every step keeps them in agreement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import CHANCE, TERMINAL
from isslab.games.space_1999.actions import FirstPlayer, MoveKind
from isslab.games.space_1999.phases import EndCode

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import State1999

__all__ = ["apply"]

LAUNCH, LAND, PASS = MoveKind.LAUNCH, MoveKind.LAND, MoveKind.PASS


def apply(st: State1999, action: Any) -> State1999:
    """The state after the legal ``action`` (``State._apply``: the core has checked it)."""
    t = st.game.tables
    new = st._copy()
    if st.to_move == CHANCE:
        if type(action) is FirstPlayer:  # Rules 1: the roll-off decides who starts
            new.first = new.to_move = action.seat
            return new
        # end of round: turn the disc; eagles on the disc turn with it (they keep disc coordinates)
        new.theta = (st.theta + t.roll_delta[(action.number, action.colour)]) % t.spokes
        new.round = st.round + 1
        new.turn = 0
        new.to_move = new.round_first()  # the turn-order hook: st.first unless a variant says otherwise
        return new
    seat = action.seat
    kind = action.kind
    if kind is not PASS:
        index = t.geo.index
        path = action.path
        board = list(st.board)
        mine = list(st.pos[seat])
        if kind is LAUNCH:
            home = list(st.home)
            home[seat] -= 1
            new.home = tuple(home)
        else:
            a = index[path[0]]
            board[a] = 0
            mine.remove(a)
        if kind is LAND:
            landed = list(st.landed)
            landed[seat] += 1
            new.landed = tuple(landed)
        else:
            b = index[path[-1]]
            board[b] = seat + 1
            mine.append(b)
            mine.sort()
            if action.hops:
                jumps = list(st.jumps)
                jumps[seat] += action.hops
                new.jumps = tuple(jumps)
        new.board = tuple(board)
        pos = list(st.pos)
        pos[seat] = tuple(mine)
        new.pos = tuple(pos)
        if new.landed[seat] == t.eagles:  # Object: the first with every eagle landed wins at once
            new.end = EndCode.ALL_LANDED
            new.to_move = TERMINAL
            return new
    turn = st.turn + 1
    new.turn = turn
    if turn == t.n:  # every player has had a turn: the round ends with a die roll
        if st.round + 1 >= t.max_rounds:  # the safety stop: unfinished, nobody wins
            new.round = st.round + 1
            new.end = EndCode.UNFINISHED
            new.to_move = TERMINAL
        else:
            new.to_move = CHANCE
    else:
        new.to_move = (seat + 1) % t.n
    return new
