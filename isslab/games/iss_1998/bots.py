"""placeholder"""
from isslab.core import register_bot
import random
from typing import Any
@register_bot("1998-iss", "greedy")
def greedy(state: Any, rng: random.Random) -> Any:
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]
