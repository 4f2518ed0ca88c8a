"""Helpers shared by the Mission ISS rule tests: find and apply actions by their fields."""

from __future__ import annotations

from typing import Any

import isslab
from isslab.games.mission_iss import Bonus, GameMissionISS, StateMissionISS

#: the six astronauts' skills used by most tests: (orange, blue, grey)
SKILLS = ((2, 1, 1), (1, 2, 1), (1, 1, 2), (2, 1, 1), (1, 2, 1), (1, 1, 2))
#: the command cards by kind, and the fields of the setup tiles (T, R, S) and the first module (B)
MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD = range(5)
T, R, S = 0, 1, 2
B = 3


def skills(**changes: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """The test skills with some astronauts changed: ``a1=(1, 1, 4)``."""
    out = list(SKILLS)
    for name, value in changes.items():
        out[int(name[1:]) - 1] = value
    return out


def game(players: int = 2, **options: Any) -> GameMissionISS:
    """A Mission ISS game (two players unless said otherwise)."""
    g = isslab.make("mission-iss", players=players, **options)
    assert isinstance(g, GameMissionISS)
    return g


def find(state: isslab.State, cls: type, /, **fields: Any) -> Any:
    """The one legal action of type ``cls`` whose fields match ``fields``."""
    found = [
        a
        for a in state.legal_actions()
        if type(a) is cls and all(getattr(a, k) == v for k, v in fields.items())
    ]
    assert len(found) == 1, f"{cls.__name__} {fields}: {len(found)} matches in {state.legal_actions()}"
    return found[0]


def act(state: isslab.State, cls: type, /, **fields: Any) -> StateMissionISS:
    """Apply the one legal action of type ``cls`` with these fields."""
    new = state.apply(find(state, cls, **fields))
    assert isinstance(new, StateMissionISS)
    return new


def legal_of(state: isslab.State, cls: type) -> list[Any]:
    """The legal actions of one type."""
    return [a for a in state.legal_actions() if type(a) is cls]


def no_bonus_tiles(tiles: int = 24) -> tuple[str, ...]:
    """research_bonuses with no bonus at all (tests that count tiles set aside)."""
    return ("none",) * tiles


def bonus_name(bonus: Bonus) -> str:
    """The option spelling of a bonus."""
    return bonus.name.lower()
