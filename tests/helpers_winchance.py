"""Small win-chance models fitted once per test session (a few games each: cheap, not calibrated)."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

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


def features_blind_to_hidden(game: isslab.Game, per_game: int, hidden: Callable[[Any], Any]) -> int:
    """Over three greedy games, ``per_game`` positions each: every seat's view and features are the
    same after ``resample_hidden`` for that seat; the resamples in which ``hidden(state)`` changed."""
    from isslab.analysis.features import seat_features

    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        states = isslab.play(game, "greedy", seed=seed).states()
        for s in states[:: max(1, len(states) // per_game)]:
            if s.is_terminal():
                continue
            for observer in range(game.num_players):
                other = s.resample_hidden(observer, rng)
                if hidden(other) == hidden(s):
                    continue  # nothing hidden differs here
                checked += 1
                assert other.view(observer) == s.view(observer)
                assert other.win_features(observer) == s.win_features(observer)  # type: ignore[attr-defined]
                assert seat_features(other, observer) == seat_features(s, observer)
    return checked


def refuses_other_feature_versions(game: isslab.Game, version: int) -> None:
    """The game's shipped model was fitted on features of ``version``; a model file of another
    version, or of none, is refused."""
    m = winprob.available(game)
    assert m is not None  # the default table ships its model, fitted on these features
    assert any(name.startswith("game.") for name in m.names)
    doc = json.loads(m.to_json())
    assert doc["features"] == game.STATE.WIN_FEATURES_VERSION == version
    with pytest.raises(ValueError, match="features version"):
        winprob.WinModel.from_json(json.dumps({**doc, "features": doc["features"] - 1}), game)
    with pytest.raises(ValueError, match="features version"):
        winprob.WinModel.from_json(json.dumps({k: v for k, v in doc.items() if k != "features"}), game)
