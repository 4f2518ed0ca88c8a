"""Small win-chance models fitted once per test session (a few games each: cheap, not calibrated)."""

from __future__ import annotations

import math
from collections.abc import Iterator
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


def checked_features(
    game: isslab.Game, seed: int = 4, points: int = 12
) -> Iterator[tuple[isslab.State, int, list[dict[str, float]], list[dict[str, float]]]]:
    """``(state, observer, the hook's features, the model's features)`` at ``points`` positions of a
    greedy game and at its end, the shape every game's ``win_features`` hook keeps checked on the way:
    one mapping per seat, the same keys (named ``game.*``) but the observer's own hand (``game.own *``,
    in its entry alone), finite floats, the same values when asked
    twice, and the model reading them beside the generic standing."""
    from isslab.analysis.features import seat_features

    states = isslab.play(game, "greedy", seed=seed).states()
    for s in states[:: max(1, len(states) // points)] + [states[-1]]:
        for observer in range(game.num_players):
            got = [dict(m) for m in s.win_features(observer)]  # type: ignore[attr-defined]
            assert len(got) == game.num_players
            public = [{k for k in m if not k.startswith("game.own ")} for m in got]
            keys = public[0]
            assert all(p == keys for p in public) and all(k.startswith("game.") for k in keys)
            # a seat's own hand (``game.own ...``) is read into the observer's entry, and only it
            assert all(set(m) == keys for i, m in enumerate(got) if i != observer)
            assert all(isinstance(v, float) and math.isfinite(v) for m in got for v in m.values())
            assert [dict(m) for m in s.win_features(observer)] == got  # type: ignore[attr-defined]
            both = [dict(b) for b in seat_features(s, observer)]
            assert all(b.items() >= m.items() and "standing.0" in b for b, m in zip(both, got, strict=True))
            yield s, observer, got, both
