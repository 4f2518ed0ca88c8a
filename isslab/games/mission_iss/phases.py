"""Phases, pending tasks, command sources, end reasons and result bands of Mission ISS.

A state's ``phase`` is a :class:`Phase`; the state's ``queue`` holds the tasks that must be done
before the turn goes on (the chance draws of setting up and of attaching a module, and the choice
of a newly arriving astronaut), each a pair ``(Task, argument)``. The enums are ``IntEnum``: a
state loaded from JSON holds plain ints, which compare and index the same.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from isslab.core import EndReason

__all__ = [
    "ARRIVE",
    "COMMAND",
    "DEAL",
    "EndCode",
    "FINISH",
    "INCIDENT",
    "MARKER",
    "OVER",
    "PHASE_TEXT",
    "RESEARCH_MORE",
    "SELECT",
    "SETUP",
    "SOLO_DEAL",
    "TASKS",
    "TILE",
    "TRAIN",
    "VIA_COMMANDS",
    "VIA_NAMES",
    "EndMissionISS",
    "Phase",
    "ResultBand",
    "Task",
    "Via",
    "band_label",
    "band_of",
]


class Phase(IntEnum):
    """Where a turn stands: the step the next action belongs to."""

    #: setting up: the queue holds the chance draws of the setup
    SETUP = 0
    #: the player to move picks two command cards, uses a bonus, or ends the shift (Give commands)
    SELECT = 1
    #: the player gives the commands of the picked cards, one after the other
    COMMAND = 2
    #: a research die was cleared with points left: carry them to another die in the module (Research)
    RESEARCH_MORE = 3
    #: both commands are given and a research bonus could still be used this turn
    FINISH = 4
    #: end of a shift, step 2: the player raises skills with the exercise markers collected
    TRAIN = 5
    #: the game is over
    OVER = 6


# the members again as module names (the very members, in their order), read as fast globals
SETUP, SELECT, COMMAND, RESEARCH_MORE, FINISH, TRAIN, OVER = Phase

#: readable phase names, by phase
PHASE_TEXT: Final[tuple[str, ...]] = (
    "setting up",
    "choose two command cards",
    "give the commands",
    "research: carry the points left over",
    "use research bonuses or end the turn",
    "end of shift: exercise markers",
    "game over",
)


class Task(IntEnum):
    """A task waiting in the state's queue; all but ``ARRIVE`` are chance nodes."""

    #: setup: the difficulty markers of one kind are dealt onto module cards (argument: the kind)
    DEAL = 0
    #: a research tile is drawn onto a field (argument: the field)
    TILE = 1
    #: an incident card is turned over (Assemble, step 5)
    INCIDENT = 2
    #: an incident marker is drawn onto a module card (argument: the module index)
    MARKER = 3
    #: single-player setup: the eleven cards are shuffled into the rows and the hand
    SOLO_DEAL = 4
    #: a new astronaut arrives on Rassvet: the player chooses who (Assemble, step 2)
    ARRIVE = 5


DEAL, TILE, INCIDENT, MARKER, SOLO_DEAL, ARRIVE = Task
TASKS: Final = ("deal", "tile", "incident", "marker", "solo deal", "arrive")


class Via(IntEnum):
    """What gives a command: a command card, a module card used as a wild card, or a research bonus."""

    MOVE_CARD = 0
    RESEARCH_CARD = 1
    ASSEMBLE_CARD = 2
    EXERCISE_CARD = 3
    WILD_CARD = 4
    BONUS_MOVE = 5
    BONUS_RESEARCH = 6
    BONUS_ROBONAUT = 7
    BONUS_EXERCISE = 8


VIA_NAMES: Final = (
    "Move card",
    "Research card",
    "Assemble card",
    "Exercise card",
    "wild card",
    "extra Move bonus",
    "extra Research bonus",
    "free robonaut bonus",
    "free exercise bonus",
)

#: the commands each source may give, as flags (move, research, attach, robonaut, exercise)
VIA_COMMANDS: Final = (
    (True, False, False, False, False),
    (False, True, False, False, False),
    (False, False, True, True, False),
    (False, False, False, False, True),
    (True, True, True, True, True),
    (True, False, False, False, False),
    (False, True, False, False, False),
    (False, False, False, True, False),
    (False, False, False, False, True),
)


class EndCode(IntEnum):
    """The state's ``end`` field: an int that survives JSON (:attr:`EndMissionISS.code` maps back)."""

    PLAYING = 0
    ALL_MODULES = 1
    TRACK_END = 2
    MILESTONE_MISSED = 3


class EndMissionISS(EndReason):
    """How a game of Mission ISS ends (End of the game): two successes and one failure.

    The values are sentences, as every game's end reasons are (the game view shows them).
    """

    #: success: the twelfth and last module is attached
    ALL_MODULES = "success: the twelfth and last module is attached"
    #: success: the ISS marker reached the last space of the Earth progress tracker
    TRACK_END = "success: the ISS marker reached the last space of the Earth progress tracker"
    #: failure: the ISS marker reached an ISS symbol with too few modules attached
    MILESTONE_MISSED = "failure: the ISS marker reached an ISS symbol with too few modules attached"

    @property
    def code(self) -> int:
        """The state's ``end`` code of this reason (1 all modules, 2 last space, 3 milestone missed)."""
        return int(EndCode[self.name])

    @classmethod
    def of(cls, code: int) -> EndMissionISS:
        """The reason of a state's ``end`` code (not ``PLAYING``)."""
        return cls[EndCode(code).name]


class ResultBand(IntEnum):
    """The result bands of the end of the game, by modules attached."""

    #: 0-2 modules
    EARTH = 0
    #: 3-5 modules
    SOMEWHERE_OUT_THERE = 1
    #: 6-7 modules
    GIANT_LEAP = 2
    #: 8-9 modules
    REACH_FOR_THE_STARS = 3
    #: 10-11 modules
    NEW_WORLDS = 4
    #: all 12 modules
    SPACE_AND_TIME = 5


#: the lowest module count of each band, in band order
BAND_FLOORS: Final = (0, 3, 6, 8, 10, 12)


def band_of(modules: int) -> ResultBand:
    """The result band of a game that attached ``modules`` modules (End of the game)."""
    band = 0
    for i, floor in enumerate(BAND_FLOORS):
        if modules >= floor:
            band = i
    return ResultBand(band)


def band_label(band: int) -> str:
    """A result band in words with its modules: ``8-9 reach for the stars``, ``12 space and time``."""
    b = ResultBand(band)
    lo = BAND_FLOORS[b]
    hi = BAND_FLOORS[b + 1] - 1 if b + 1 < len(BAND_FLOORS) else lo
    span = f"{lo}-{hi}" if hi > lo else str(lo)
    return f"{span} {b.name.replace('_', ' ').lower()}"
