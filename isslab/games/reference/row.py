"""The coin row: a reference game of pure skill, with no chance and nothing hidden.

A row of coins lies face up on the table, each showing its value (option ``coins``). In turn, each
player takes the coin at either end of the row and keeps it. When the row is empty, the player
holding the most value wins (players level at the top share the win). Nothing is ever drawn or
rolled, so the luck share is 0 and the same players in the same seats always play the same game:
what the design report measures here (``isslab.report("coin-row")``) is skill and turn order
alone, the skill end of its metrics.

Two heuristic bots play it: ``greedy`` takes the larger end; ``lookahead`` takes the end that
leaves the next player the least, counting what it takes minus the best coin the next player can
then take (both take the left end on a tie). The game is our own, written for measuring: no
rulebook, no assumed values. Seat 0 moves first.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, NamedTuple

from isslab.core import (
    TERMINAL,
    Action,
    EndReason,
    Game,
    Option,
    ReturnsKind,
    State,
    action_type,
    register_bot,
    register_game,
)
from isslab.games.kit import leaders
from isslab.games.reference.common import NAMES, TurnState, reference_info

__all__ = ["GameRow", "RowEnd", "StateRow", "Take", "greedy_bot", "lookahead_bot"]

#: the default row: fifteen coins, five for each of three players
ROW = (3, 8, 1, 9, 4, 6, 2, 7, 5, 9, 1, 8, 3, 6, 4)
#: the ends of the row, by the field ``end`` of a take
ENDS = ("left", "right")


@action_type
class Take(NamedTuple):
    """A player takes the coin at one end of the row (``end`` 0: left, 1: right)."""

    seat: int
    end: int

    def __str__(self) -> str:
        return f"{NAMES[self.seat]} takes the {ENDS[self.end]} coin"


class RowEnd(EndReason):
    """How a coin row ends."""

    #: the only end: the last coin was taken
    EMPTY = "the row is empty"


class StateRow(TurnState):
    """A position of the coin row: the coins left, the value each player holds, who takes next."""

    __slots__ = ("row", "held", "to_move", "turns")
    SCORE = "held"
    SCORE_STAT = "value"
    FIELDS: ClassVar[tuple[str, ...]] = __slots__  # every slot is a field of the position

    row: tuple[int, ...]
    held: tuple[int, ...]

    def _legal_actions(self) -> list[Action]:
        seat = self.to_move
        # one coin left: both ends are that coin, and one action takes it
        return [Take(seat, 0)] if len(self.row) == 1 else [Take(seat, 0), Take(seat, 1)]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        raise ValueError("the coin row has no chance nodes")

    def _apply(self, action: Action) -> StateRow:
        new = self._copy()
        seat = self.to_move
        coin = self.row[-1] if action.end else self.row[0]
        new.row = self.row[:-1] if action.end else self.row[1:]
        new.held = (*self.held[:seat], self.held[seat] + coin, *self.held[seat + 1 :])
        new.turns = self.turns + 1
        new.to_move = TERMINAL if not new.row else (seat + 1) % self.game.num_players
        return new

    def _check_position(self) -> None:
        n = self.game.num_players
        if len(self.held) != n or not all(isinstance(v, int) and v >= 0 for v in self.held):
            raise ValueError(f"held must give each of the {n} players a value of 0 or more")
        if not all(isinstance(c, int) and 0 <= c <= 99 for c in self.row):
            raise ValueError("row must hold coins of value 0 to 99")
        if (self.to_move == TERMINAL) != (not self.row) or (self.row and not 0 <= self.to_move < n):
            raise ValueError("to_move is a seat while coins are left, TERMINAL once the row is empty")

    def winners(self) -> tuple[int, ...]:
        """The players holding the most value once the row is empty."""
        if self.row:
            return ()
        return leaders(self.held)

    @property
    def end_reason(self) -> RowEnd | None:
        """``EMPTY`` once the last coin is taken."""
        return None if self.row else RowEnd.EMPTY

    def key_numbers(self, seat: int) -> list[tuple[str, int | float | str]]:
        """The value held and the coins left."""
        seat = self._check_seat(seat)
        return [("value", self.held[seat]), ("coins left", len(self.row))]

    def goal(self, seat: int) -> str:
        """Hold the most value when the row is empty."""
        self._check_seat(seat)
        return "hold the most value when the row is empty"

    def _view(self, seat: int) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "you": seat,
            "row": list(self.row),
            "held": list(self.held),
            "to_move": self.to_move,
        }

    def __str__(self) -> str:
        if self.to_move == TERMINAL:
            status = "game over: " + ", ".join(NAMES[w] for w in self.winners()) + " won"
        else:
            status = f"{NAMES[self.to_move]} to take"
        lines = [
            f"Coin row, round {self.rounds + 1}; {status}",
            "  row: " + (" ".join(map(str, self.row)) or "-"),
        ]
        lines += [f"  {NAMES[s]:6} holds {v}" for s, v in enumerate(self.held)]
        return "\n".join(lines)


@register_game
class GameRow(Game):
    """The coin row: take a coin from either end; the most value wins (a reference game of pure skill)."""

    id = "coin-row"
    title = "Coin row (reference game)"
    # a tie at the top shares the win
    INFO = reference_info(title, ReturnsKind.GENERAL_SUM, chance=False, default_bot="greedy")
    OPTIONS = (
        Option("players", 3, "number of players", min=2, max=4),
        Option(
            "coins", ROW, "the coins' values, left to right", min_len=1, max_len=60, item_min=0, item_max=99
        ),
    )
    STATE = StateRow
    ACTION_TYPES = (Take,)
    CONFORMANCE_VARIANTS = ({"players": 2, "coins": (5, 1, 4)}, {"players": 4, "coins": (2,) * 9})

    def new_state(self) -> StateRow:
        """The whole row on the table; seat 0 takes first."""
        st = StateRow.__new__(StateRow)
        st._init_base(self)
        st.row = tuple(self._options["coins"])
        st.held = (0,) * self.num_players
        st.to_move = 0
        st.turns = 0
        return st

    def num_distinct_actions(self) -> int:
        """Two player actions: the left end and the right end (the seat is the state's)."""
        return 2

    def max_chance_outcomes(self) -> int:
        """No chance."""
        return 0

    def action_index(self, action: Action) -> int:
        """``Take(seat, end)`` is ``end``: 0 for the left coin, 1 for the right."""
        if type(action) is Take:
            return int(action.end)
        raise ValueError(f"not a coin-row action: {action!r}")


def _ends(row: tuple[int, ...]) -> tuple[int, int]:
    return row[0], row[-1]


@register_bot("coin-row", "greedy")
def greedy_bot(state: State, rng: random.Random) -> Action:
    """Take the larger end (the left one on a tie)."""
    legal = state.legal_actions()
    st: StateRow = state  # type: ignore[assignment]
    left, right = _ends(st.row)
    return legal[1] if len(legal) == 2 and right > left else legal[0]


@register_bot("coin-row", "lookahead")
def lookahead_bot(state: State, rng: random.Random) -> Action:
    """Take the end worth most after the next player's best reply: the coin minus the larger end it leaves."""
    legal = state.legal_actions()
    st: StateRow = state  # type: ignore[assignment]
    if len(legal) == 1:
        return legal[0]
    row = st.row
    left = row[0] - (max(_ends(row[1:])) if len(row) > 1 else 0)
    right = row[-1] - (max(_ends(row[:-1])) if len(row) > 1 else 0)
    return legal[1] if right > left else legal[0]
