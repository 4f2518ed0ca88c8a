"""Space: 1999: the rules (:mod:`.rules`) and its bots (:mod:`.bots`); importing registers both."""

from isslab.games.space_1999 import bots
from isslab.games.space_1999.rules import (
    COLOURS,
    CORNERS,
    End1999,
    FirstPlayer,
    Move,
    Roll,
    Space1999,
    Space1999State,
)

__all__ = [
    "COLOURS",
    "CORNERS",
    "End1999",
    "FirstPlayer",
    "Move",
    "Roll",
    "Space1999",
    "Space1999State",
    "bots",
]
