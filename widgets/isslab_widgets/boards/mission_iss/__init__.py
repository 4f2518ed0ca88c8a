"""The Mission ISS board: the station as it grows, the crew, the tracker, the cards of mission control.

Layout (top to bottom, :data:`WIDTH` pixels wide): a header (year, modules attached, who acts);
the Earth progress tracker (a box per year, the incident and ISS symbols, the ISS marker); the
twelve module cards (difficulty marker, astronaut symbol, incident markers); the station, field by
field (module A's Tranquility, Rassvet and Soyuz-1 in a column, every module in the cell its
parent gives it); the crew roster with each astronaut's orange, blue and grey values; the Soyuz
capsule (robonauts, exercise markers), the free dice, the piles and the wild cards; the completed
research tiles whose bonus waits; a row per player (face-up command cards, face-down cards,
exercise markers held) or the single player's hand and rows; and the action bar (what to click,
the commands still to give, the buttons).

The station never jumps: :func:`station_layout` gives every module a cell for each field it may be
attached to, all reserved at once from the game's ``module_parents``, so a module appears where its
open port was drawn (a dashed outline with its letter and level of difficulty) and stays there.

Clicks follow the rulebook's order: one's own face-up card, then a fellow player's card or the wild
cards (single player: a hand card, then a free middle-row card or a second hand card); then for each
command an astronaut, then where it goes (a field), a die of a research tile in its field, a
highlighted module outline or module card, or a robonaut source; an exercise marker in the capsule;
a completed research tile for its bonus. Every click is matched against the legal actions of the
state (never a rule of the board's own), and a refused click is explained by ``state.why_illegal``
of the action the click would have meant. Research, Assemble and robonaut commands have the same
effect for every astronaut of a field, so a click on any of them gives the engine's action for that
field. When a command could come from two sources (the Move card or a wild card), the command card
goes first and the wild card is kept; the list of moves offers both.

The board is three modules: :mod:`.draw` (the picture), :mod:`.clicks` (what a click means) and
:mod:`.words` (prompts and names; the phase texts are the game's own).

Face-down command cards are drawn only for the ``viewers`` (the human seat): the others show a
card back with a count, as at the table, where only the owner may look at them again.
"""

from __future__ import annotations

from collections.abc import Callable

from isslab import Game
from isslab_widgets.boards import Board
from isslab_widgets.boards.mission_iss.draw import (
    CARD_COLOURS,
    MIN_TEXT,
    SKILL_COLOURS,
    WIDTH,
    BoardMissionISS,
    station_layout,
)

__all__ = ["BOARD", "CARD_COLOURS", "MIN_TEXT", "SKILL_COLOURS", "WIDTH", "BoardMissionISS", "station_layout"]

#: the board of this game package (found by ``isslab_widgets.boards.board_class``); the annotation
#: makes mypy check that the class satisfies the board protocol
BOARD: Callable[[Game], Board] = BoardMissionISS
