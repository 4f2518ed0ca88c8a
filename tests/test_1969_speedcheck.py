"""Guards for the 1969 speed work: the bots' games must not change, and they must stay on the fast path.

The digests below were recorded with the engine and bots as they were before the speed work
(commit 40031ea): every optimisation must reproduce the very same action sequences for fixed seeds.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import isslab
from isslab.core import CHANCE, TERMINAL

# (bots, players, games) -> sha256 of the JSON-encoded action lists of seeds 0..games-1
DIGESTS = {
    ("greedy", 4, 40): "b47f5b06a3bbeae961ffb41eec27369c7203abe0d45b576c76eb2e7f6698045f",
    ("greedy", 2, 12): "b1b1a5d9e99d5a7b1733fa15eed66fc8cc43533df6d97012e6507f82d6a0597b",
    ("greedy", 5, 12): "c2b4188881d274d5c1fb1133b885a47d5d925be86a74441cdf76772d88921d2c",
    ("spy", 4, 40): "9c1ad354974c7a037b0cfc8e7fbe657f2b1b0aed5f1cd5171da39c94359c6ed8",
    ("spy", 2, 12): "5774632e3a40fa990efe9c12d5d8aa8137d922c9cc21500d4eacd9c33a71f2bb",
    ("spy", 5, 12): "02b4389109620f951b3143ba480d2a9750478991b1ff334e6e048bf868aeade5",
    ("moonshot", 4, 40): "2054645e46203e6163c6209bc5c3059caa0ec0d3598331e189a138d05fd050c3",
    ("moonshot", 2, 12): "f3d898fa3ede8e41c83a9e58675d6329f4ec229b8c70b76890ef5ba1033ac378",
    ("moonshot", 5, 12): "cb9f4c03382a6f6dc3e8c9505d2fb773d7a1860abcf9c29dcb7380de9e79c742",
    (("greedy", "spy", "moonshot", "greedy"), 4, 40): (
        "d1205bf7a38dc7c61c2ae193ef469f3322791915d47dbc289707a41ed2bfda7a"
    ),
}


@pytest.mark.parametrize(("bots", "players", "games"), list(DIGESTS))
def test_fixed_seed_games_are_unchanged(bots: str | tuple[str, ...], players: int, games: int) -> None:
    game = isslab.make("1969", players=players)
    h = hashlib.sha256()
    for seed in range(games):
        record = isslab.play(game, bots, seed=seed)
        h.update(json.dumps([game.encode_action(a) for a in record.actions], separators=(",", ":")).encode())
        h.update(b"\n")
    assert h.hexdigest() == DIGESTS[(bots, players, games)]


@pytest.mark.parametrize("name", ["greedy", "spy", "moonshot"])
def test_bots_return_the_offered_objects(name: str) -> None:
    """Each bot hands back an object of the legal list itself, so ``resolve`` matches by identity."""
    game = isslab.make("1969")
    bot = isslab.core.bot("1969", name)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state()
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = bot(state, rng)
            assert any(a is action for a in state.legal_actions()), (str(state), action)
            state = state.apply(action)
