"""Bots of Mission ISS (temporary scaffold while the engine is written)."""

from __future__ import annotations

import random
from typing import Any

from isslab.core import State, register_bot


@register_bot("mission-iss", "greedy")
def greedy_bot(state: State, rng: random.Random) -> Any:
    """First legal action."""
    return state.legal_actions()[0]


@register_bot("mission-iss", "planner")
def planner_bot(state: State, rng: random.Random) -> Any:
    """First legal action."""
    return state.legal_actions()[0]
