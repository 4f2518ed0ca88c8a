"""The shared conformance suite over every registered game: defaults with random bots, then variants."""

from __future__ import annotations

import pytest

import isslab
from isslab.testing import check_game

CASES = [(gid, {}) for gid in isslab.games()] + [
    (gid, variant) for gid in isslab.games() for variant in isslab.game_class(gid).CONFORMANCE_VARIANTS
]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_conformance_random_bots(game_id: str, options: dict) -> None:
    # 200 games at the defaults (the contract), 50 for each variant to keep the suite quick
    games = 50 if options else 200
    report = check_game(isslab.make(game_id, **options), games=games, seed=0)
    assert report.games == games and report.steps > games
    assert report.illegal_tried > 0


@pytest.mark.parametrize("game_id", isslab.games())
def test_conformance_every_registered_bot(game_id: str) -> None:
    # the game's own bots must also only ever choose legal actions and keep the contract
    for name in isslab.bot_names(game_id):
        report = check_game(isslab.make(game_id), games=10, seed=1, bots=name)
        assert report.games == 10
