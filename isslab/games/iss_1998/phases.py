"""The phases of 1998 ISS (who acts next and on what), the steps of a turn, and how a game ends.

``State.phase`` says what the next action is (a decision of ``actor``, or a chance node);
``State.step`` says where the turn stands, so that the automatic parts of a turn (module
preparation, launches, FEDOR's actions) resume in the rulebook's order after each decision or
chance node. Both are ``IntEnum`` members (a loaded state holds the plain ints, which compare the
same).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from isslab.core import CHANCE, TERMINAL, EndReason

__all__ = [
    "ACTOR",
    "CHANCE_PHASES",
    "NOBODY",
    "PHASE_TEXT",
    "WHO",
    "End1998",
    "Phase",
    "Step",
]


class Phase(IntEnum):
    """What the next action is."""

    #: chance: the start player (Setup 11)
    FIRST = 0
    #: chance: the order of the Earth action cards (Setup 2)
    ORDER_EARTH = 1
    #: chance: the order of the ISS action cards (Setup 2)
    ORDER_ISS = 2
    #: chance: a module card fills the first empty space of the column (Setup 4, Launch step 4)
    MODULE_DRAW = 3
    #: chance: a shuttle card goes on a launch pad (Setup 7, Launch step 6)
    SHUTTLE_DRAW = 4
    #: chance: the goal cards of the game (Setup 9)
    GOAL_DRAW = 5
    #: chance: an experiment card drawn (Setup 10, Plan Experiments)
    EXPERIMENT_DRAW = 6
    #: chance: the new top card of the FEDOR deck, whose back everybody sees (Solo mode)
    FEDOR_TOP = 7
    #: chance: FEDOR flips an experiment card (Solo mode, Conduct experiments)
    FEDOR_EXPERIMENT = 8
    #: the turn player puts a material on a shuttle (turn step 1, cargo check)
    CARGO = 9
    #: the turn player may use an extra action (turn step 2)
    EXTRA = 10
    #: the player takes back a cube from a module or an extra-action space (turn step 3, Construct)
    RETRIEVE = 11
    #: the turn player puts a cube on an action card (turn step 3)
    NORMAL = 12
    #: the player says how the chosen card's action is done (its choices)
    PERFORM = 13
    #: the player keeps some of the experiments just drawn (Plan Experiments)
    KEEP = 14
    #: the turn player may claim a goal (Goals)
    GOAL = 15
    #: the turn player chooses the launch pad to count down (turn step 5)
    COUNTDOWN = 16
    #: a player who won an extra action places a cube on an extra-action space (Extra Action)
    PLACE_EXTRA = 17
    #: solo: the player chooses which of two installation tokens FEDOR takes (FEDOR, Install)
    FEDOR_TOKEN = 18
    #: the game is over
    OVER = 19


class Step(IntEnum):
    """Where a turn stands: the next automatic part of it."""

    CARGO = 0
    EXTRA = 1
    NORMAL = 2
    PREPARE = 3
    GOAL_AFTER_ACTION = 4
    COUNTDOWN = 5
    LAUNCH = 6
    GOAL_AT_END = 7
    END = 8
    #: FEDOR's turn: recall, then flip a card and act
    FEDOR_START = 10
    #: FEDOR's module preparation (after its action)
    FEDOR_PREPARE = 11
    #: FEDOR's countdown (the back of the next card)
    FEDOR_COUNTDOWN = 12
    #: FEDOR's launch check
    FEDOR_LAUNCH = 13
    #: setup in progress
    SETUP = 20


PHASE_TEXT: Final[tuple[str, ...]] = (
    "choose the start player",
    "shuffle the Earth action cards",
    "shuffle the ISS action cards",
    "draw a module card",
    "draw a shuttle card",
    "draw the goal cards",
    "draw an experiment card",
    "reveal the back of the next FEDOR card",
    "FEDOR flips an experiment card",
    "cargo check",
    "extra action",
    "retrieve an action cube",
    "normal action",
    "perform the action",
    "keep experiments",
    "claim a goal",
    "countdown",
    "place an extra-action cube",
    "choose FEDOR's installation token",
    "game over",
)

#: in ``WHO``: the phase is a decision of the state's ``actor``
ACTOR: Final = 0
#: who acts in each phase: ``CHANCE``, ``TERMINAL`` or ``ACTOR``
WHO: Final[tuple[int, ...]] = (
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    CHANCE,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    ACTOR,
    TERMINAL,
)
CHANCE_PHASES: Final = frozenset(p for p in Phase if WHO[p] == CHANCE)

#: ``actor``, ``start`` or a space's owner when there is none
NOBODY: Final = -1


class End1998(EndReason):
    """How a game of 1998 ISS ends."""

    #: a shuttle deck ran out, the round was finished and the final round played (Endgame)
    FINAL_ROUND = "a shuttle deck ran out and the final round was played"
