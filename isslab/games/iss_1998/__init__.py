"""1998 ISS placeholder docstring."""
from isslab.games.iss_1998.rules import Game1998, State1998
from isslab.games.iss_1998 import bots as bots
__all__ = ["Game1998", "State1998", "bots"]
