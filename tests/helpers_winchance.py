"""Small win-chance models fitted once per test session (a few games each: cheap, not calibrated)."""

from __future__ import annotations

from functools import cache

import isslab
from isslab.analysis import winprob


@cache
def tiny_game(game_id: str) -> isslab.Game:
    """The 2-seat table of a game (the smallest every game has)."""
    return isslab.make(game_id, players=2)


@cache
def tiny_model(game_id: str) -> winprob.WinModel:
    """A model of the 2-seat table fitted on 24 games."""
    return winprob.fit(tiny_game(game_id), games=24, positions=4, progress=False)


@cache
def tiny_table_model(game_id: str) -> winprob.WinModel:
    """A table model of the 2-seat table (line-ups drawn from the game's bots) fitted on 40 games."""
    game = tiny_game(game_id)
    return winprob.fit(game, games=40, positions=4, progress=False, pool=winprob.table_pool(game))


@cache
def tiny_record(game_id: str, seed: int = 3) -> isslab.GameRecord:
    """One game of the 2-seat table by the default bots."""
    game = tiny_game(game_id)
    return isslab.play(game, game.info.default_bot, seed=seed)
