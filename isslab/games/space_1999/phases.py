"""The phases of a Space: 1999 round, their words, and how a game ends.

A round is the roll-off (once, before the first round), then one move per commander, then the die
that turns the disc. The state keeps no phase field: :func:`phase` reads it from who acts and
whether the roll-off has happened. ``EndCode`` is the state's ``end`` field (an int that survives
JSON); ``End1999`` the reason it names.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final

from isslab.core import CHANCE, TERMINAL, EndReason

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import State1999

__all__ = ["END_REASONS", "PHASE_TEXT", "End1999", "EndCode", "Phase", "phase"]


class Phase(enum.IntEnum):
    """Where a round stands: the step the next action belongs to."""

    #: chance: the opening roll-off picks who starts (reading 6)
    ROLL_OFF = 0
    #: a commander moves one eagle (or passes)
    MOVE = 1
    #: chance: the die turns the disc at the end of the round
    DIE = 2
    #: the game is over
    OVER = 3


#: the words of each phase, by phase (refusals name a phase with them)
PHASE_TEXT: Final[tuple[str, ...]] = (
    "the roll-off, which decides who starts",
    "a commander's move",
    "the die roll that turns the disc, once every commander has moved",
    "game over",
)


def phase(state: State1999) -> Phase:
    """The phase of ``state``."""
    cp = state.to_move
    if cp == TERMINAL:
        return Phase.OVER
    if cp == CHANCE:
        return Phase.ROLL_OFF if state.first < 0 else Phase.DIE
    return Phase.MOVE


class End1999(EndReason):
    """How a game of Space: 1999 ends."""

    #: the rulebook's only end (Object, Rules 5): the first with every eagle landed wins
    ALL_LANDED = "a commander landed every eagle"
    #: the safety stop (not a rule): the game is unfinished and nobody wins
    UNFINISHED = "unfinished: the max_rounds safety limit stopped the game, nobody won"


class EndCode(enum.IntEnum):
    """The state's ``end`` field: an int that survives JSON (``end_reason`` gives the End1999)."""

    PLAYING = 0
    ALL_LANDED = 1
    UNFINISHED = 2


#: the End1999 of each EndCode (None while playing)
END_REASONS: Final[tuple[End1999 | None, ...]] = (None, End1999.ALL_LANDED, End1999.UNFINISHED)
