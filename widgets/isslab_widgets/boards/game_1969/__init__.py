"""The 1969 board: mission tracks, the Moon track, prestige, and every nation's two research sheets.

Layout (top to bottom): a header with the year, phase, First Player and nation to act, and the
Game Turn Track; the eleven mission tracks and the Moon Mission track (name, cost, Intelligence
Cost, the prestige of each space, the rocket of the current test, flags per mission on the flag
space, Moon head-start flags, who has attempted what); prestige bars and the mission-test panel; an
action bar (the mover's cards and buttons); one panel per nation with its money, prestige, cards and
its Ground Control sheet and Rocket sheet as two rows of six boxes (each named in full, as the
move texts name it; scientist cubes in their type colours, Bonus Tokens). No text is smaller than
:data:`MIN_TEXT` pixels. The fixed frame is the background layer, the position the board layer, highlights and
buttons the pieces layer, so a selection repaints only the top layer.

Clicks: a research box is selected and one button per scientist type it may take appears, with
its price (a hire costs money, so even a box that takes one type asks first); a mission track
launches it, cards and buttons do the rest. Prompts are written from the legal actions, so they
never ask for what the nation cannot pay for. While
playing Intelligence the selection is the multiset of cards picked so far. A refused click is
explained by the engine: the board names the actions the click could have meant and shows
``state.why_illegal`` of each.

Hidden cards: a nation's card values show only for the ``viewers`` the view passes (the human seat)
and for a human mover; the last actions in the action bar are written as those viewers know them.

The board is three modules: :mod:`.draw` (the picture), :mod:`.clicks` (what a click means) and
:mod:`.words` (prompts, place names, the inspector's fields).
"""

from __future__ import annotations

from collections.abc import Callable

from isslab import Game
from isslab_widgets.boards import Board
from isslab_widgets.boards.game_1969.draw import CUBE_COLOURS, MIN_TEXT, WIDTH, Board1969

__all__ = ["BOARD", "CUBE_COLOURS", "MIN_TEXT", "WIDTH", "Board1969"]

#: the board of this game package (found by ``isslab_widgets.boards.board_class``); the annotation
#: makes mypy check that the class satisfies the board protocol
BOARD: Callable[[Game], Board] = Board1969
