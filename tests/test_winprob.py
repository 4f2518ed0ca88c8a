"""The fitted win-chance model: fitting, the JSON cache (never code), refits, features that leak nothing."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from helpers_winchance import tiny_game, tiny_model, tiny_record

import isslab
from isslab.analysis import winprob
from isslab.analysis.features import seat_features
from isslab.bots.mcts import MCTS

GAMES = isslab.games()


def test_the_same_arguments_give_the_same_model_for_any_worker_count() -> None:
    game = tiny_game("space-1999")
    one = winprob.fit(game, games=20, positions=3, progress=False)
    two = winprob.fit(game, games=20, positions=3, progress=False, workers=2)
    assert one.names == two.names
    assert np.allclose(one._w, two._w) and np.allclose(one.intercept, two.intercept)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_model_round_trips_through_json_and_gives_the_same_values(game_id: str) -> None:
    m = tiny_model(game_id)
    back = winprob.WinModel.from_json(m.to_json(), m.game, m.spec)
    for s in tiny_record(game_id).states()[::7]:
        a, b = m.values(s, 0), back.values(s, 0)
        assert np.allclose(a, b, atol=1e-5), (a, b)
        assert all(m.lo - 1e-9 <= v <= m.hi + 1e-9 for v in a)
    end = tiny_record(game_id).final_state()
    assert m.values(end) == [float(r) for r in end.returns()]


def test_the_cache_is_used_and_a_corrupt_or_foreign_file_is_refitted_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    game = tiny_game("space-1999")
    monkeypatch.setattr(winprob, "_MEMO", {})
    first = winprob.model(game, games=12, positions=2, progress=False)
    path = winprob.cached_path(game, first.spec)
    assert path.exists() and json.loads(path.read_text())["game"] == "space-1999"

    def no_fit(*args: object, **kwargs: object) -> winprob.WinModel:
        raise AssertionError("fitted although the cache holds the model")

    monkeypatch.setattr(winprob, "_MEMO", {})
    real_fit = winprob.fit
    monkeypatch.setattr(winprob, "fit", no_fit)
    again = winprob.model(game, games=12, positions=2, progress=False)
    assert again.names == first.names
    monkeypatch.setattr(winprob, "fit", real_fit)
    for bad in (b"{not json", pickle.dumps(first.names), tiny_model("1969").to_json().encode()):
        path.write_bytes(bad)
        monkeypatch.setattr(winprob, "_MEMO", {})
        with pytest.warns(UserWarning, match="refitting the win-chance model of space-1999"):
            refit = winprob.model(game, games=12, positions=2, progress=False)
        assert refit.names == first.names
        assert winprob.WinModel.load(path, game, first.spec).names == first.names  # rewritten


def test_a_model_file_of_another_game_version_or_table_is_refused_by_name() -> None:
    m = tiny_model("space-1999")
    doc = json.loads(m.to_json())
    with pytest.raises(ValueError, match="of '1969', not space-1999"):
        winprob.WinModel.from_json(tiny_model("1969").to_json(), m.game)
    with pytest.raises(ValueError, match="fitted by isslab '0.0.1'"):
        winprob.WinModel.from_json(json.dumps({**doc, "version": "0.0.1"}), m.game)
    with pytest.raises(ValueError, match="other options"):
        winprob.WinModel.from_json(m.to_json(), isslab.make("space-1999", players=3))
    with pytest.raises(ValueError, match="not a model file"):
        winprob.WinModel.from_json(pickle.dumps(doc), m.game)
    with pytest.raises(ValueError, match="model file is malformed"):
        winprob.WinModel.from_json(json.dumps({**doc, "scale": doc["scale"][:-1]}), m.game)
    with pytest.raises(ValueError, match="fitted for"):
        m.values(tiny_record("1969").final_state().game.new_state())


@pytest.mark.parametrize("game_id", GAMES)
def test_features_are_the_same_in_positions_a_seat_cannot_tell_apart(game_id: str) -> None:
    game = tiny_game(game_id)
    states = tiny_record(game_id, seed=5).states()
    rng = random.Random(1)
    for s in states[:: max(1, len(states) // 12)]:
        for seat in range(game.num_players):
            other = s.resample_hidden(seat, rng)
            assert seat_features(s, seat) == seat_features(other, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_default_table_has_a_shipped_model_that_loads_without_fitting(
    game_id: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    monkeypatch.setattr(winprob, "fit", None)  # a fit would fail
    m = winprob.model(game_id)
    assert m.game == isslab.make(game_id) and m.spec == winprob.FitSpec(bots=m.spec.bots)


def test_mcts_values_leaves_with_the_model_and_refuses_an_unknown_value() -> None:
    state = isslab.make("space-1999").new_state()
    while state.current_player < 0 or len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    result = MCTS(simulations=30, value="model").search(state, random.Random(0))
    assert result.simulations == 30 and result.rollout_steps == 0
    assert sum(result.visits) == 30
    with pytest.raises(ValueError, match="value must be 'rollout' or 'model'"):
        isslab.bot("space-1999", "mcts", value="oracle")


def test_the_search_bots_take_any_leaf_value_of_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots keep no list of their own: a value registered by name is searched with at once."""
    from isslab.core import registry

    asked: list[int] = []

    def even(game: isslab.Game) -> Callable[[isslab.State], list[float]]:
        def values(state: isslab.State) -> list[float]:
            asked.append(state.game.num_players)
            return [0.5] * state.game.num_players

        return values

    monkeypatch.setitem(registry._VALUES, "even", even)
    state = isslab.make("space-1999", players=2).new_state()
    while state.current_player < 0:
        state = state.apply(state.legal_actions()[0])
    for name in ("mcts", "ismcts"):
        result = isslab.bot("space-1999", name, simulations=12, value="even").search(state, random.Random(0))
        assert result.simulations == 12 and result.rollout_steps == 0
    assert asked and set(asked) == {2}
    with pytest.raises(ValueError, match=r"value must be 'rollout' or 'even' or 'model' \(a leaf value"):
        isslab.bot("space-1999", "ismcts", value="oracle")


def test_a_model_valued_search_never_fits_a_model_on_its_first_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A table with no shipped or cached model is refused with the way to fit one; nothing is written."""
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    monkeypatch.setattr(winprob, "fit", None)  # a fit would fail
    game = isslab.make("space-1999", players=3)
    assert winprob.available(game) is None
    with pytest.raises(
        ValueError,
        match=r"no win-chance model of space-1999 \(players=3\) is shipped or cached; "
        r"fit it once with isslab.winprob.model\(game\)",
    ):
        isslab.play(game, ["mcts(simulations=5, value=model)", "greedy", "greedy"], seed=0)
    assert not any(tmp_path.rglob("*"))  # no cache file was written
