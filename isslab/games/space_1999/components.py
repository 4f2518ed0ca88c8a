"""Space: 1999 component data: names, seating, locations, and the options.

The rulebook prints no board numbers: eagles per commander, rings, spokes, lines per planet and
which way the green arrow turns are options marked ``assumption=True`` (``isslab rules space-1999``
lists them). Locations in actions are ``(ring, spoke)`` pairs: ``(0, 0)`` is the hub and
``(PAD, corner)`` a corner planet's pad.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from isslab.core import Option

__all__ = ["COLOURS", "CORNERS", "HUB", "MAX_ROUNDS", "OPTIONS", "PAD", "SEATING", "Loc", "dot_name"]

#: a location in an action: ``(ring, spoke)``; ``(0, 0)`` is the hub, ``(PAD, corner)`` a pad
Loc: TypeAlias = tuple[int, int]

#: corner names, indexed by corner number (counter-clockwise from north-east)
CORNERS: Final = ("NE", "NW", "SW", "SE")
#: seat colours, in seat order (red is the only colour the rulebook names)
COLOURS: Final = ("red", "blue", "green", "yellow")
#: corners used by each player count, in clockwise seat order (2 players sit opposite)
SEATING: Final = {2: (0, 2), 3: (0, 3, 2), 4: (0, 3, 2, 1)}
#: first element of a pad location ``(PAD, corner)``
PAD: Final = -1
#: the hub's location
HUB: Final = (0, 0)
#: the default safety cap on rounds; see the option ``max_rounds`` and docs/rules/space-1999.md
MAX_ROUNDS: Final = 2_000


def dot_name(loc: Loc) -> str:
    """Readable name of a location: ``hub``, ``r3s12`` or a pad ``NE pad``."""
    r, s = loc
    if r == PAD:
        return f"{CORNERS[s]} pad"
    if r == 0:
        return "hub"
    return f"r{r}s{s}"


OPTIONS: Final = (
    Option("players", 4, "number of commanders (one per corner; 2 sit opposite)", min=2, max=4),
    Option("eagles", 4, "eagles per player = circles per launching pad", min=1, max=6, assumption=True),
    Option("rings", 4, "rings of dots on the disc, around the hub", min=2, max=6, assumption=True),
    Option("spokes", 16, "spokes = black edge marks (a multiple of 8)", choices=(8, 16, 24), assumption=True),
    Option("lines_per_corner", 3, "launch/landing lines per corner planet", choices=(1, 3), assumption=True),
    Option(
        "forced_move",
        True,
        "a player with a legal move must move (False: passing is always allowed)",
        assumption=True,
    ),
    Option(
        "forced_launch",
        False,
        "while eagles wait on your pad and a launch is legal, you must launch (False: launching "
        "is one move among the others; reading 2)",
        assumption=True,
    ),
    Option(
        "green_turns",
        "counterclockwise",
        "direction the green arrow turns the disc",
        choices=("counterclockwise", "clockwise"),
        assumption=True,
    ),
    Option("diagonal_jumps", False, "variant: hops may also go along grid diagonals", assumption=True),
    Option("start_rotation", 0, "disc rotation at set-up, in marks (any mark lines up)", min=0, max=23),
    Option(
        "max_rounds",
        MAX_ROUNDS,
        "safety stop, not a rule: after this many rounds the game ends unfinished and nobody wins "
        "(raise it for boards larger than the default)",
        min=1,
        # a stuck game at the cap is about 50,000 steps and a 1.6 MB save file
        max=10_000,
    ),
)
