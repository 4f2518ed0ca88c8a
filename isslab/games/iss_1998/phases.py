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

from isslab.core import EndReason
from isslab.games.kit import ACTOR, who_acts

__all__ = [
    "ACTOR",
    "CHANCE_PHASES",
    "End1998",
    "NOBODY",
    "PHASE_TEXT",
    "PH_CARGO",
    "PH_COUNTDOWN",
    "PH_EXPERIMENT_DRAW",
    "PH_EXTRA",
    "PH_FEDOR_EXPERIMENT",
    "PH_FEDOR_TOKEN",
    "PH_FEDOR_TOP",
    "PH_FIRST",
    "PH_GOAL",
    "PH_GOAL_DRAW",
    "PH_KEEP",
    "PH_MODULE_DRAW",
    "PH_NORMAL",
    "PH_ORDER_EARTH",
    "PH_ORDER_ISS",
    "PH_OVER",
    "PH_PERFORM",
    "PH_PLACE_EXTRA",
    "PH_RETRIEVE",
    "PH_SHUTTLE_DRAW",
    "Phase",
    "STEP_CARGO",
    "STEP_COUNTDOWN",
    "STEP_END",
    "STEP_EXTRA",
    "STEP_FEDOR_COUNTDOWN",
    "STEP_FEDOR_LAUNCH",
    "STEP_FEDOR_PREPARE",
    "STEP_FEDOR_START",
    "STEP_GOAL_AFTER_ACTION",
    "STEP_GOAL_AT_END",
    "STEP_LAUNCH",
    "STEP_NORMAL",
    "STEP_PREPARE",
    "STEP_SETUP",
    "Step",
    "WHO",
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


# Speed: the members again as module names (the very members), for the hot paths of the steps, the
# legal lists and the bots. In Python 3.11 ``Phase.NORMAL`` is looked up through the enum class
# (about 0.25 us, against 0.02 us for a module name), and a move of the game reads several.
PH_FIRST: Final = Phase.FIRST
PH_ORDER_EARTH: Final = Phase.ORDER_EARTH
PH_ORDER_ISS: Final = Phase.ORDER_ISS
PH_MODULE_DRAW: Final = Phase.MODULE_DRAW
PH_SHUTTLE_DRAW: Final = Phase.SHUTTLE_DRAW
PH_GOAL_DRAW: Final = Phase.GOAL_DRAW
PH_EXPERIMENT_DRAW: Final = Phase.EXPERIMENT_DRAW
PH_FEDOR_TOP: Final = Phase.FEDOR_TOP
PH_FEDOR_EXPERIMENT: Final = Phase.FEDOR_EXPERIMENT
PH_CARGO: Final = Phase.CARGO
PH_EXTRA: Final = Phase.EXTRA
PH_RETRIEVE: Final = Phase.RETRIEVE
PH_NORMAL: Final = Phase.NORMAL
PH_PERFORM: Final = Phase.PERFORM
PH_KEEP: Final = Phase.KEEP
PH_GOAL: Final = Phase.GOAL
PH_COUNTDOWN: Final = Phase.COUNTDOWN
PH_PLACE_EXTRA: Final = Phase.PLACE_EXTRA
PH_FEDOR_TOKEN: Final = Phase.FEDOR_TOKEN
PH_OVER: Final = Phase.OVER
STEP_CARGO: Final = Step.CARGO
STEP_EXTRA: Final = Step.EXTRA
STEP_NORMAL: Final = Step.NORMAL
STEP_PREPARE: Final = Step.PREPARE
STEP_GOAL_AFTER_ACTION: Final = Step.GOAL_AFTER_ACTION
STEP_COUNTDOWN: Final = Step.COUNTDOWN
STEP_LAUNCH: Final = Step.LAUNCH
STEP_GOAL_AT_END: Final = Step.GOAL_AT_END
STEP_END: Final = Step.END
STEP_FEDOR_START: Final = Step.FEDOR_START
STEP_FEDOR_PREPARE: Final = Step.FEDOR_PREPARE
STEP_FEDOR_COUNTDOWN: Final = Step.FEDOR_COUNTDOWN
STEP_FEDOR_LAUNCH: Final = Step.FEDOR_LAUNCH
STEP_SETUP: Final = Step.SETUP

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

#: the chance nodes: the phases before the turn's first decision (``CARGO``), all drawing or shuffling
CHANCE_PHASES: Final = frozenset(p for p in Phase if p < Phase.CARGO)
#: who acts in each phase: ``CHANCE``, ``TERMINAL`` or ``ACTOR`` (the state's ``actor``)
WHO: Final[tuple[int, ...]] = who_acts(Phase, CHANCE_PHASES, over=Phase.OVER)

#: ``actor``, ``start`` or a space's owner when there is none
NOBODY: Final = -1


class End1998(EndReason):
    """How a game of 1998 ISS ends."""

    #: a shuttle deck ran out, the round was finished and the final round played (Endgame)
    FINAL_ROUND = "a shuttle deck ran out and the final round was played"
