"""Space: 1999 action numbers: the fixed numbering that PettingZoo and OpenSpiel see.

The core contract (``Game.num_distinct_actions``, ``max_chance_outcomes``, ``action_index``) asks
for a number per action that reads the action alone and never gives two legal actions of one state
the same number. A move is named by where its eagle starts and ends (one action per eagle and
destination, see :mod:`.legal`), so the numbers are, for a disc of ``D`` dots and ``L`` lines per
corner (the acting seat is the state's, so it takes no number of its own):

=====================  ==============================================
pass                   ``0``
step or jump           ``1 + from_dot * D + to_dot``
launch                 ``1 + D*D + line * D + to_dot``
landing                ``1 + D*D + L*D + line * D + from_dot``
=====================  ==============================================

``line`` is the position of the line among its corner's lines (``NE-1, NE, NE+1``: 0, 1, 2). Chance
outcomes: a die roll ``Roll(n, red)`` is ``n - 1``, ``Roll(n, green)`` is ``n + 2``; the roll-off
``FirstPlayer(seat)`` is ``seat``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.games.space_1999.actions import DieColour, FirstPlayer, Move, MoveKind, Roll
from isslab.games.space_1999.components import PAD

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import Game1999

__all__ = ["action_index", "max_chance_outcomes", "num_distinct_actions"]

#: a line label's suffix -> its position among three corner lines
_LINE_POS = {"-1": 0, "": 1, "+1": 2}


def num_distinct_actions(game: Game1999) -> int:
    """Pass, every (from, to) pair of dots, and a launch and a landing per line and rim dot."""
    d = game.tables.ndots
    return 1 + d * d + 2 * len(game.tables.geo.corner_lines[0]) * d


def max_chance_outcomes(game: Game1999) -> int:
    """Six die faces, or one roll-off outcome per seat."""
    return max(6, game.num_players)


def action_index(game: Game1999, action: Any) -> int:
    """The number of a move, a die roll or a roll-off result (see the module docstring)."""
    try:
        return _index(game, action)
    except (KeyError, IndexError, TypeError, AttributeError):  # a malformed move: no number
        pass
    raise ValueError(f"not a Space: 1999 action of this board: {action!r}")


def _index(game: Game1999, action: Any) -> int:
    kind = type(action)
    if kind is Move:
        d = game.tables.ndots
        index = game.tables.geo.index
        mk = action.kind
        if mk == MoveKind.PASS:
            return 0
        path = action.path
        if mk == MoveKind.STEP or mk == MoveKind.JUMP:
            return 1 + index[path[0]] * d + index[path[-1]]
        line = _LINE_POS[action.line[2:]] if len(game.tables.geo.corner_lines[0]) == 3 else 0
        if mk == MoveKind.LAUNCH:
            return 1 + d * d + line * d + index[path[-1]]
        if mk == MoveKind.LAND and path[0][0] != PAD:
            return 1 + d * d + len(game.tables.geo.corner_lines[0]) * d + line * d + index[path[0]]
    elif kind is Roll:
        return int(action.number) - 1 + (3 if action.colour == DieColour.GREEN else 0)
    elif kind is FirstPlayer:
        return int(action.seat)
    raise TypeError(kind)
