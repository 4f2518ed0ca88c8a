"""Space: 1999 (Milton Bradley, 1976): race your eagles across a turning disc to the far planet.

The board. A round "space" disc turns in the middle of a fixed square board. The disc is a grid of
dots: a hub and rings of dots on spokes; drawn lines join each dot to its neighbours along its spoke
(through the hub to the opposite spoke) and along its ring. A dot is named ``r<ring>s<spoke>`` (ring 1
innermost) or ``hub``; names belong to the disc and turn with it. In each corner sits a planet with
a launching pad of circles (one per eagle) and lines running from the pad to the rim of the disc.
Each commander starts with all eagles on the pad of their home corner; their target is the planet
in the opposite corner. Two commanders sit opposite each other; with three, one corner is empty.

A turn. A roll-off picks who starts; turns then go clockwise. On your turn you move one eagle:

* launch: an eagle leaves your pad along one of your corner's lines onto the rim dot that line
  meets now;
* step: an eagle moves one dot along a drawn line onto a vacant dot;
* jump: when the next dot along a line holds an eagle (anyone's), your eagle may hop over it onto
  the vacant dot right behind it, and keep hopping, straight on or turning at any dot, as long as
  each hop goes over one eagle onto a vacant dot; jumped eagles stay put;
* land: an eagle on a rim dot that lines up with one of your target planet's lines may follow that
  line onto a free circle of the target pad. Eagles never land on any other planet.

When everyone has moved, the round ends with the die: 1, 2 or 3 in red or green. The disc turns that
many marks toward the arrow of that colour, carrying its eagles; a 3 leaves it where it is. The first
commander to land every eagle wins.

Readings. Where the rulebook can be read more than one way, the engine picks one; an option offers
the other where it changes play:

1. Jumps. A move is one step, or a chain of hops over single eagles onto vacant dots; every hop goes
   along one drawn line, a chain may turn at any dot, and it never visits a dot twice (the start dot
   included). A chain may stop after any hop. Diagonal hops are a variant: ``diagonal_jumps``.
2. Launching. The rulebook's turn begins with launching an eagle; this is read as: a launch is one
   move among the others, so you may move an eagle already in space instead. With
   ``forced_launch=True`` it is compulsory: while eagles wait on your pad and a launch is legal, you
   must launch.
3. A launch whose rim dot is taken jumps over it onto the next dot of the same line (and may hop
   on), like any other jump; it counts as a jump.
4. Landing needs a free circle: the target pad's circles also hold its owner's eagles until they
   launch, so a commander who keeps eagles at home can block a landing.
5. Passing. You must move when you can; with no legal move you pass. ``forced_move=False`` lets
   anyone pass at any time.
6. The roll-off (the highest roll starts) is a fair draw: every commander is equally likely to start.
7. The board's numbers are not in the rulebook: eagles per commander, rings, spokes, lines per
   planet and which way green turns are options marked as assumptions (``isslab rules space-1999``).
8. Unfinished games. The rulebook has no round limit; ``max_rounds`` (2,000 by default) is a safety
   stop for simulations. A game it stops is unfinished: nobody wins, every return is 0, and the
   commanders are placed from 2nd (1st is the winner's place) by eagles landed, then by the distance
   still to go.

``isslab.make("space-1999", players=2)`` builds the game; ``docs/rules/space-1999.md`` explains it
at length.
"""

from isslab.games.space_1999 import bots
from isslab.games.space_1999.actions import DieColour, FirstPlayer, Move, MoveKind, Roll
from isslab.games.space_1999.components import COLOURS, CORNERS, HUB, PAD, dot_name
from isslab.games.space_1999.phases import PHASE_TEXT, End1999, EndCode, Phase
from isslab.games.space_1999.rules import Game1999, State1999
from isslab.games.space_1999.tables import Geometry, Tables

__all__ = [
    "COLOURS",
    "CORNERS",
    "HUB",
    "PAD",
    "PHASE_TEXT",
    "DieColour",
    "End1999",
    "EndCode",
    "FirstPlayer",
    "Game1999",
    "Geometry",
    "Move",
    "MoveKind",
    "Phase",
    "Roll",
    "State1999",
    "Tables",
    "bots",
    "dot_name",
]
