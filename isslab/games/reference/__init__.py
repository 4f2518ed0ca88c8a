"""Reference games: two small games made to measure the measures of the design report.

Ludii publishes the values of its metrics on reference games so that a designer knows what a
metric gives at the ends of a scale; these two are isslab's ends, run through the same report as
the board games (``isslab.report("luck-race")``, ``isslab.report("coin-row")``):

* ``luck-race`` (:mod:`.race`): pure luck, no decisions and no feedback: roll a die, move, the
  first token home wins;
* ``coin-row`` (:mod:`.row`): pure skill, no chance and nothing hidden: take a coin from either end
  of a row, the most value wins.

Their ``GameInfo.reference`` is True, so ``isslab.games()`` lists the board games alone and
``isslab.games(reference=True)`` adds these two (a menu can list them apart).
``tests/test_reference_games.py`` runs the shared conformance checks over both.
"""

from __future__ import annotations

from isslab.games.reference.race import DieFace, GameRace, RaceEnd, RollDie, StateRace
from isslab.games.reference.row import GameRow, RowEnd, StateRow, Take, greedy_bot, lookahead_bot

__all__ = [
    "DieFace",
    "GameRace",
    "GameRow",
    "RaceEnd",
    "RollDie",
    "RowEnd",
    "StateRace",
    "StateRow",
    "Take",
    "greedy_bot",
    "lookahead_bot",
]
