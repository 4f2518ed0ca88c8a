"""1969 (Cranio Creations, 2012): the complete engine, its bots and exact mission-test odds.

Placeholder docstring: replaced by the full documentation below.
"""

from __future__ import annotations

from isslab.games.game_1969 import bots as bots
from isslab.games.game_1969.actions import *  # noqa: F403
from isslab.games.game_1969.rules import End1969, Game1969, State1969

__all__ = ["End1969", "Game1969", "State1969", "bots"]
