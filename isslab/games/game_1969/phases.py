"""The phases of a round of 1969, who acts in each, and how a game ends.

A state's ``phase`` is a :class:`Phase` (an ``IntEnum``: a state loaded from JSON holds the plain
int, which compares and indexes the same). The module-level names (``BUY``, ``LAUNCH`` ...) are the
members themselves; the steps compare against them as globals, which is as fast as a literal int.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from isslab.core import EndReason
from isslab.games.kit import ACTOR, who_acts

__all__ = [
    "ACTOR",
    "BUY",
    "BUY_DRAW",
    "COMMIT",
    "FIRST",
    "INCOME_DISCARD",
    "INCOME_DRAW",
    "INCOME_SPEND",
    "LAUNCH",
    "MOON_LAUNCHED",
    "NOBODY",
    "NO_MISSION",
    "OVER",
    "PHASE_TEXT",
    "REROLL",
    "REROLL_ROLL",
    "ROLL",
    "TEST_PHASES",
    "WHO",
    "End1969",
    "Phase",
]


class Phase(IntEnum):
    """Where a round stands: the step the next action belongs to."""

    #: chance: the First Player is chosen (Setting Up)
    FIRST = 0
    #: chance: the free Intelligence Cards of the nation whose Income turn it is (§1, Research)
    INCOME_DRAW = 1
    #: the nation discards down to the hand limit after its free draws (reading 5)
    INCOME_DISCARD = 2
    #: the nation may sell Prestige Points (§1)
    INCOME_SPEND = 3
    #: the nation hires scientists and buys cards (§2)
    BUY = 4
    #: chance: the values of the cards just bought (§2.2)
    BUY_DRAW = 5
    #: the nation launches a mission or passes (§3)
    LAUNCH = 6
    #: chance: the mission test roll (§3.1)
    ROLL = 7
    #: the launching nation declares its Simulation re-rolls (Research)
    REROLL = 8
    #: chance: the re-rolled dice
    REROLL_ROLL = 9
    #: a nation plays Intelligence Cards face down on the mission (§3.2)
    COMMIT = 10
    #: the 1969 round is over
    OVER = 11


# the members again as module names (the very members, in their order)
(
    FIRST,
    INCOME_DRAW,
    INCOME_DISCARD,
    INCOME_SPEND,
    BUY,
    BUY_DRAW,
    LAUNCH,
    ROLL,
    REROLL,
    REROLL_ROLL,
    COMMIT,
    OVER,
) = Phase

#: the phases of a mission test, from the roll to the play of Intelligence (``State1969.mission`` is
#: the mission under test in them)
TEST_PHASES: Final = (ROLL, REROLL, REROLL_ROLL, COMMIT)

#: the words of each phase, by phase (views, texts and refusals name a phase with them)
PHASE_TEXT: Final[tuple[str, ...]] = (
    "choose first player",
    "income: free intelligence draw",
    "income: discard to the hand limit",
    "income: sell prestige",
    "purchase",
    "purchase: card draw",
    "mission: launch",
    "mission: roll",
    "mission: re-roll",
    "mission: re-roll dice",
    "mission: play intelligence",
    "game over",
)

#: who acts in each phase: ``CHANCE`` in the draws and the rolls, ``TERMINAL`` once the game is over,
#: else ``ACTOR`` (the state's ``actor``)
WHO: Final[tuple[int, ...]] = who_acts(Phase, {FIRST, INCOME_DRAW, BUY_DRAW, ROLL, REROLL_ROLL}, OVER)

#: ``first`` before the First Player is chosen, ``actor`` when no nation acts, ``launcher`` with no test
NOBODY: Final = -1
#: ``launched`` of a nation that has launched nothing this round, ``mission`` with no test
NO_MISSION: Final = -1
#: ``moon_flag`` of a nation that has launched the Moon Mission (its flag left the head-start track)
MOON_LAUNCHED: Final = -1


class End1969(EndReason):
    """How a game of 1969 ends: always after the 1969 round (End of the Game)."""

    FINAL_YEAR = "the 1969 round is over"
