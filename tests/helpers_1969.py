"""Helpers shared by the 1969 rule tests: seat names and applying a run of actions."""

from __future__ import annotations

from typing import Any

from isslab.games.game_1969 import State1969

USA, USSR, CANADA, FRANCE = range(4)


def play_out(st: Any, *actions: Any) -> State1969:
    """Apply actions in order (each must be legal)."""
    for a in actions:
        st = st.apply(a)
    return st
