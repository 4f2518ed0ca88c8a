"""Difficulty levels for every game: ``easy``, ``medium`` and ``hard``, each a named bot.

* ``hard`` is the expert (:mod:`isslab.bots.expert`) at its full budget;
* ``medium`` is the game's default heuristic bot (``game.info.default_bot``);
* ``easy`` plays the default bot's move, but a uniformly random legal move instead with
  probability :data:`EASY_NOISE`, so that a newcomer can beat it and still meet sensible play.

Their order is measured by ``python -m isslab.bench.strength --expert levels duel`` (docs/strength.json
and the README show the figures, and say which steps are measured so far): each level should beat
the one below in head-to-head play.
"""

from __future__ import annotations

import random
from typing import Final

from isslab.bots.expert import Expert
from isslab.core import Action, State, bot, register_bot

__all__ = ["EASY_NOISE", "LEVELS", "Hard", "easy_bot", "medium_bot"]

#: the share of ``easy``'s moves that are uniformly random instead of the default bot's
EASY_NOISE: Final = 0.5
#: the level names, easiest first
LEVELS: Final = ("easy", "medium", "hard")


@register_bot("*", "medium")
def medium_bot(state: State, rng: random.Random) -> Action:
    """The game's default heuristic bot (``game.info.default_bot``)."""
    game = state.game
    return bot(game.id, game.info.default_bot)(state, rng)


@register_bot("*", "easy")
def easy_bot(state: State, rng: random.Random) -> Action:
    """The default bot's move, or with probability ``EASY_NOISE`` a uniformly random legal move."""
    legal = state.legal_actions()
    if rng.random() < EASY_NOISE:
        return legal[int(rng.random() * len(legal))]
    return medium_bot(state, rng)


class Hard(Expert):
    """``hard``: the expert at its full budget, under the level's name."""

    name = "hard"


register_bot("*", "hard")(Hard())
