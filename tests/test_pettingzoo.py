"""Every isslab game as a PettingZoo AEC environment: PettingZoo's own tests, seeds, masks, rendering.

PettingZoo's ``max_cycles_test`` needs a parallel environment, which turn-based games with an
irregular turn order do not have; the AEC ``max_cycles`` option is checked here by hand instead.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import isslab  # noqa: E402
from isslab.core import Game, IllegalActionError  # noqa: E402
from isslab.interop.actions import ActionNumbers, check_action_numbering  # noqa: E402
from isslab.interop.encoder import ViewEncoder, features  # noqa: E402
from isslab.interop.pettingzoo import env, raw_env  # noqa: E402

GAMES = isslab.games()
#: the board games and the reference games (the API and numbering checks hold for every game)
ALL_GAMES = isslab.games(reference=True)


def _small(game_id: str) -> dict[str, Any]:
    """The smallest table of a game: quick games for the API tests."""
    return {"players": isslab.make(game_id).info.min_players}


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_pettingzoo_api_test(game_id: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation ({"observation", "action_mask"}), which is
        # the shape its own board-game environments use
        warnings.simplefilter("ignore")
        api_test(env(game_id, **_small(game_id)), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game_id, **_small(game_id)), num_cycles=100)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_action_numbering_holds_in_random_games(game_id: str) -> None:
    game = isslab.make(game_id)
    assert check_action_numbering(game, games=2, seed=1) > 20  # the coin row's game: 15 takes
    for variant in type(game).CONFORMANCE_VARIANTS:
        check_action_numbering(isslab.make(game_id, **variant), games=1, seed=2)


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_and_numbers_name_the_legal_actions(game_id: str) -> None:
    e = raw_env(game_id, **_small(game_id))
    e.reset(seed=4)
    numbers = ActionNumbers(e.game)
    for _ in range(40):
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        state = e.game_state
        legal = numbers.legal(state)
        assert list(np.flatnonzero(obs["action_mask"])) == list(legal)
        assert {e.game.action_index(a) for a in state.legal_actions()} == set(legal)
        # another agent's mask is empty: it is not its turn
        others = [a for a in e.agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        e.step(list(legal)[-1])


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_number_is_refused_with_the_legal_ones(game_id: str) -> None:
    e = env(game_id, **_small(game_id))
    e.reset(seed=0)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="legal numbers"):
        e.step(bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_are_the_view_encoded(game_id: str) -> None:
    e = raw_env(game_id, **_small(game_id))
    e.reset(seed=2)
    seat = e.game_state.current_player
    obs = e.observe(e.possible_agents[seat])["observation"]
    assert obs.dtype == np.float32 and obs.shape == (2048,)
    assert np.array_equal(obs, ViewEncoder()(e.game_state.view(seat)))


def test_the_encoder_follows_its_documented_features() -> None:
    view = {"money": [3, 4], "phase": "buy", "cards": ["spy", "spy", "rookie"], "done": True, "end": None}
    assert sorted(features(view)) == sorted(
        [
            ("money.0", 3.0),
            ("money.1", 4.0),
            ("phase=buy", 1.0),
            ("cards[]=spy", 1.0),
            ("cards[]=spy", 1.0),
            ("cards[]=rookie", 1.0),
            ("done", 1.0),
            ("end=None", 1.0),
        ]
    )
    enc = ViewEncoder(64)
    x = enc(view)
    assert x[enc.slot("cards[]=spy")] >= 2.0 and x.sum() == pytest.approx(3 + 4 + 1 + 3 + 1 + 1)
    with pytest.raises(ValueError, match="size must be an int"):
        ViewEncoder(0)
    with pytest.raises(ValueError, match="JSON data only"):
        enc({"x": object()})


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_is_resolved_inside_from_the_seed(game_id: str) -> None:
    def game_after(seed: int) -> str:
        e = raw_env(game_id, **_small(game_id))
        e.reset(seed=seed)
        for _ in range(30):
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                break
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert not e.game_state.is_chance_node()  # the environment never stops at a roll or draw
        return e.game_state.to_json()

    assert game_after(7) == game_after(7)
    assert len({game_after(seed) for seed in range(5)}) > 1  # the seed draws the dice and cards


@pytest.mark.parametrize("game_id", GAMES)
def test_max_cycles_truncates_every_agent(game_id: str) -> None:
    e = env(game_id, max_cycles=3, **_small(game_id))
    e.reset(seed=1)
    seen: dict[str, int] = {}
    moves = 0
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        seen[agent] = seen.get(agent, 0) + 1
        if terminated or truncated:
            e.step(None)
            continue
        moves += 1
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert moves == 3 * len(e.possible_agents)
    assert set(seen) == set(e.possible_agents)  # every agent saw its truncation


@pytest.mark.parametrize("game_id", GAMES)
def test_rewards_are_the_returns_at_the_end(game_id: str) -> None:
    e = raw_env(game_id, **_small(game_id))
    e.reset(seed=3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert tuple(total.values()) == e.game_state.returns()
    assert e.game_state.is_terminal()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_render_draws_the_board(game_id: str, mode: str) -> None:
    if mode == "rgb_array":
        pytest.importorskip("matplotlib")
    e = raw_env(game_id, render_mode=mode, **_small(game_id))
    e.reset(seed=0)
    out = e.render()
    if mode == "ansi":
        assert out == str(e.game_state)
    else:
        assert isinstance(out, np.ndarray) and out.dtype == np.uint8 and out.ndim == 3 and out.shape[2] == 3
        assert out.std() > 10  # a picture, not a blank page


def test_bad_environment_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("space-1999", render_mode="human")
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env("space-1999", max_cycles=0)
    with pytest.raises(ValueError, match="option players"):
        raw_env("space-1999", players=9)


def test_a_game_without_action_numbers_is_refused_naming_the_hook() -> None:
    class Unnumbered(type(isslab.make("space-1999"))):  # type: ignore[misc]
        id = "toy-unnumbered"
        num_distinct_actions = Game.num_distinct_actions
        max_chance_outcomes = Game.max_chance_outcomes
        action_index = Game.action_index

    with pytest.raises(NotImplementedError, match=r"must implement num_distinct_actions\(\)"):
        raw_env(Unnumbered())


@pytest.mark.parametrize(
    "bad", [4.5, "4", np.array([4]), float("inf"), float("-inf"), float("nan"), [4], True, b"4", 10**30]
)
def test_step_refuses_what_is_not_an_action_number(bad: Any) -> None:
    e = raw_env("space-1999", players=2)
    e.reset(seed=0)
    before = e.game_state
    legal = sorted(e._legal)
    with pytest.raises(IllegalActionError, match="not legal now"):
        e.step(bad)
    assert e.game_state is before  # nothing was played
    e.step(np.int64(legal[0]))  # a numpy int is a number
    assert e.game_state is not before


@pytest.mark.parametrize("seed", [np.int64(3), np.uint32(3), 3])
def test_numpy_ints_are_seeds(seed: Any) -> None:
    a, b = raw_env("1969", players=2), raw_env("1969", players=2)
    a.reset(seed=seed)
    b.reset(seed=3)
    assert a.game_state.to_json() == b.game_state.to_json()


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True, 2**128])
def test_bad_seeds_are_refused(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2\\*\\*128 - 1"):
        raw_env("1969", players=2).reset(seed=seed)


def test_rgb_array_without_the_widgets_is_the_text_board() -> None:
    from isslab.interop import render

    e = raw_env("space-1999", players=2, render_mode="rgb_array")
    e.reset(seed=0)
    registered = render.picture()
    try:
        render.set_picture(None)
        text = e.render()
        assert isinstance(text, np.ndarray) and text.dtype == np.uint8 and text.shape[2] == 3
        assert text.std() > 10 and (text == 255).mean() > 0.5  # dark letters on a white page
    finally:
        render.set_picture(registered if registered is not render.text_rgb else None)
    with pytest.raises(ValueError, match="set_picture takes a function"):
        render.set_picture(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_rgb_array_is_the_board_picture_once_the_widgets_are_imported(game_id: str) -> None:
    pytest.importorskip("matplotlib")
    import isslab_widgets  # noqa: F401  (it registers the board pictures)
    from isslab_widgets.raster import state_rgb

    e = raw_env(game_id, render_mode="rgb_array", **_small(game_id))
    e.reset(seed=0)
    np.testing.assert_array_equal(e.render(), state_rgb(e.game_state))
