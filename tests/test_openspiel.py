"""Every isslab game as a Python OpenSpiel game: pyspiel's random simulation test with serialization,
the same action numbers, cheap clones, and OpenSpiel's own ``MCTSBot`` against isslab's ``mcts``."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts as os_mcts  # noqa: E402

import isslab  # noqa: E402
from isslab import core  # noqa: E402
from isslab.interop import ViewEncoder, openspiel  # noqa: E402

GAMES = isslab.games()
openspiel.register()


def _quick(game_id: str) -> dict[str, Any]:
    """Options for short games: the smallest table, and a small board where the game has options for it."""
    options: dict[str, Any] = {"players": isslab.make(game_id).info.min_players}
    names = {o.name for o in isslab.game_class(game_id).OPTIONS}
    if {"eagles", "rings", "spokes"} <= names:  # Space: 1999 random games are long on the full board
        options.update(eagles=1, rings=3, spokes=8)
    return options


def _load(game_id: str, **options: Any) -> Any:
    params = ",".join(f"{k}={v}" for k, v in options.items())
    return pyspiel.load_game(f"{openspiel.short_name(game_id)}({params})")


@pytest.mark.parametrize("game_id", GAMES)
def test_random_simulation_with_serialization(game_id: str) -> None:
    pyspiel.random_sim_test(_load(game_id, **_quick(game_id)), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_declares_itself_as_isslab_does(game_id: str) -> None:
    game = _load(game_id, **_quick(game_id))
    ours = isslab.make(game_id, **_quick(game_id))
    kind = game.get_type()
    assert game.num_players() == ours.num_players
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_chance_outcomes() == ours.max_chance_outcomes()
    hidden = ours.info.hidden_information
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == hidden
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == ours.info.chance
    assert openspiel.register() == [openspiel.short_name(g) for g in GAMES]  # registering again is harmless


@pytest.mark.parametrize("game_id", GAMES)
def test_action_numbers_and_probabilities_are_isslabs(game_id: str) -> None:
    game = _load(game_id, **_quick(game_id))
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        ours = openspiel.isslab_state(state)
        if state.is_chance_node():
            got = dict(state.chance_outcomes())
            want = {ours.game.action_index(a): p for a, p in ours.chance_outcomes()}
            assert got == want and sum(got.values()) == pytest.approx(1.0)
            action = rng.choices(list(got), list(got.values()))[0]
        else:
            assert state.legal_actions() == sorted(ours.game.action_index(a) for a in ours.legal_actions())
            action = rng.choice(state.legal_actions())
            clone = state.clone()
            assert openspiel.isslab_state(clone) is ours  # a clone shares the position (a value)
        state.apply_action(action)
        assert openspiel.isslab_state(state).history[-1] is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_imperfect_information_is_what_the_seat_sees(game_id: str) -> None:
    game = _load(game_id, **_quick(game_id))
    if game.get_type().information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        pytest.skip("a perfect-information game")
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    for _ in range(80):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    ours = openspiel.isslab_state(state)
    for seat in range(game.num_players()):
        text = state.information_state_string(seat)
        assert all(ours.describe(a, seat) in text for a in ours.history)
        assert state.observation_tensor(seat) == pytest.approx(list(ViewEncoder()(ours.view(seat))), abs=0)


def test_unknown_games_and_games_without_action_numbers_cannot_register() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        openspiel.register(["no-such-game"])

    class Unnumbered(core.game_class("space-1999")):  # type: ignore[misc]
        id = "toy-unnumbered"
        action_index = core.Game.action_index

    core._GAMES[Unnumbered.id] = Unnumbered
    try:
        with pytest.raises(NotImplementedError, match=r"must implement action_index\(\)"):
            openspiel.register([Unnumbered.id])
    finally:
        del core._GAMES[Unnumbered.id]


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_mcts_bot_plays_isslab_mcts(game_id: str) -> None:
    # OpenSpiel's own MCTSBot, through the adapter, against isslab's mcts; seats swap between games
    options = _quick(game_id)
    game = _load(game_id, **options)
    theirs = os_mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=4,
        evaluator=os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(1),
    )
    ours = isslab.bot(game_id, "mcts", simulations=4)
    chance = random.Random(2)
    for g in range(2):
        state = game.new_initial_state()
        their_seat = g % game.num_players()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = chance.choices(actions, probs)[0]
            elif state.current_player() == their_seat:
                action = theirs.step(state)
            else:
                position = openspiel.isslab_state(state)
                action = position.game.action_index(ours(position, random.Random(g)))
            state.apply_action(action)
        returns = state.returns()
        assert returns == list(openspiel.isslab_state(state).returns())
        assert all(0.0 <= r <= 1.0 for r in returns)


# --------------------------------------------------------------------------------------------------
# Serialization is isslab's save JSON, read back verified: never a pickle, never an unchecked edit
# --------------------------------------------------------------------------------------------------


def _played(game_id: str, steps: int = 6) -> tuple[Any, Any]:
    game = _load(game_id, **_quick(game_id))
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    return game, state


class Marker:
    """A pickle that would run code: it sets a flag on the builtins module when unpickled."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (exec, ("import builtins; builtins._isslab_pickle_ran = True",))


@pytest.mark.parametrize("game_id", GAMES)
def test_serialize_is_the_save_json_and_reads_back_verified(game_id: str) -> None:
    import json

    game, state = _played(game_id)
    text = state.serialize()
    assert json.loads(text)["format"] == "isslab.state"
    again = game.deserialize_state(text)
    assert openspiel.isslab_state(again) == openspiel.isslab_state(state)
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    pair = openspiel.serialize_game_and_state(game, state)
    game2, state2 = openspiel.deserialize_game_and_state(pair)
    assert str(game2) == str(game) and openspiel.isslab_state(state2) == openspiel.isslab_state(state)
    import pickle

    assert openspiel.isslab_state(pickle.loads(pickle.dumps(state))) == openspiel.isslab_state(state)


def test_deserializing_never_runs_code_from_its_input() -> None:
    import base64
    import builtins
    import pickle

    game, state = _played("space-1999")
    crafted = "history=\nmove_number=0\n__dict__=" + base64.b64encode(pickle.dumps({"x": Marker()})).decode()
    for text in (crafted, base64.b64encode(pickle.dumps(Marker())).decode(), pickle.dumps(Marker())):
        with pytest.raises(ValueError, match="not an isslab save file"):
            game.deserialize_state(text)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not a serialized isslab OpenSpiel game and state"):
            openspiel.deserialize_game_and_state(text)  # type: ignore[arg-type]
    assert not hasattr(builtins, "_isslab_pickle_ran")


def test_an_edited_state_is_refused_on_every_path() -> None:
    import base64
    import json
    import pickle

    game, state = _played("space-1999")
    doc = json.loads(state.serialize())
    doc["state"]["round"] = 7  # a position its history does not lead to
    edited = json.dumps(doc)
    with pytest.raises(ValueError, match="does not match its history"):
        game.deserialize_state(edited)
    pair = json.loads(openspiel.serialize_game_and_state(game, state))
    with pytest.raises(ValueError, match="does not match its history"):
        openspiel.deserialize_game_and_state(json.dumps({**pair, "state": edited}))

    # OpenSpiel's own C++ format pickles the Python state's __dict__: what isslab puts there is the
    # save JSON, rebuilt verified, so an edit made inside it is refused there too
    class Edited:
        def __reduce__(self) -> tuple[Any, ...]:
            return (openspiel._held_from_json, (edited,))

    head, _, _ = pyspiel.serialize_game_and_state(game, state).rpartition("__dict__=")
    text = head + "__dict__=" + base64.b64encode(pickle.dumps({"_held": Edited()})).decode()
    with pytest.raises(ValueError, match="does not match its history"):
        pyspiel.deserialize_game_and_state(text)


def test_a_save_of_another_game_is_refused() -> None:
    game, _ = _played("space-1999")
    other = isslab.make("space-1999", players=3).new_state().to_json()
    with pytest.raises(ValueError, match="not of this game"):
        game.deserialize_state(other)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deserialized_state_counts_the_moves_and_history_of_its_game(game_id: str) -> None:
    game, state = _played(game_id)
    for again in (game.deserialize_state(state.serialize()), pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))[1]):  # fmt: skip
        assert again.move_number() == state.move_number() == openspiel.isslab_state(state).move_number
        assert again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("edit", "old", "new"),
    [
        ("move number", r"move_number=\d+", "move_number=999"),
        ("move number", r"move_number=\d+", "move_number=0"),
        ("history", r"history=[^\n]*", "history=-1:0"),
        ("history", r"history=-1:0", "history=-1:1"),
    ],
)
def test_openspiel_counters_that_do_not_match_the_saved_game_are_refused(
    edit: str, old: str, new: str
) -> None:
    import re

    game, state = _played("space-1999")
    text = re.sub(old, new, pyspiel.serialize_game_and_state(game, state), count=1)
    with pytest.raises(ValueError, match="corrupt serialized state: OpenSpiel's history .* and move number"):
        pyspiel.deserialize_game_and_state(text)
