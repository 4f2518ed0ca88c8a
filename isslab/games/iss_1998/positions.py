"""placeholder"""
from __future__ import annotations
from typing import TYPE_CHECKING, Any
if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998, State1998
__all__ = ["build", "check_position"]
def build(game: Game1998, **fields: Any) -> State1998:
    raise NotImplementedError
def check_position(st: State1998) -> None:
    return None
