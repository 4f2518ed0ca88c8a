"""Game-independent bots. A bot is a callable ``(state, rng) -> action``."""

from __future__ import annotations

import random
from typing import Any

from isslab.core import State, register_bot

__all__ = ["ISMCTS", "MCTS", "Expert", "first_bot", "random_bot"]


@register_bot("*", "random")
def random_bot(state: State, rng: random.Random) -> Any:
    """Pick a legal action uniformly at random."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


@register_bot("*", "first")
def first_bot(state: State, rng: random.Random) -> Any:
    """Always take the first legal action (deterministic; useful in tests and as a baseline)."""
    return state.legal_actions()[0]


# the search bots, the expert and the levels register themselves for every game ("mcts", "ismcts",
# "expert", "easy", "medium", "hard"); imported last because they build on the bots above
from isslab.bots import levels  # noqa: E402, F401  (easy, medium, hard: they build on the expert)
from isslab.bots.expert import Expert  # noqa: E402
from isslab.bots.ismcts import ISMCTS  # noqa: E402
from isslab.bots.mcts import MCTS  # noqa: E402
