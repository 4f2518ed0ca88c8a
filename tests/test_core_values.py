"""The core package after its split: the old import paths, ``isslab.Action``, numpy seats, records.

Everything ``isslab.core`` exported before it became a package still imports from it; importing
``isslab.core`` alone is enough to make games; ``help(isslab.Action)`` says what an action is;
numpy integers are seats wherever the core takes one; a ``GameRecord`` prints as one short line.
"""

from __future__ import annotations

import dataclasses
import json
import pydoc
import random
from pathlib import Path

import numpy as np
import pytest
from helpers_python import fresh_python

import isslab
import isslab.core
from isslab.core import registry

ROOT = Path(__file__).resolve().parents[1]
GAMES = isslab.games()

#: every name some module, test or notebook imported from ``isslab.core`` before the split
OLD_NAMES = [
    "Action",
    "Bot",
    "CHANCE",
    "EndReason",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "MAX_DEPTH",
    "MAX_OPTION_DEPTH",
    "MAX_OPTION_INT",
    "MAX_OPTION_ITEMS",
    "MAX_OPTION_TEXT",
    "MAX_SAVE_CHARS",
    "Memo",
    "Option",
    "ReturnsKind",
    "State",
    "TERMINAL",
    "_BOTS",
    "_GAMES",
    "_MADE",
    "_freeze",
    "_json_depth_ok",
    "_short",
    "_thaw",
    "action_type",
    "bot",
    "bot_names",
    "game_class",
    "games",
    "load",
    "make",
    "missing_bounds",
    "parse_json",
    "register_bot",
    "register_game",
    "restore",
    "short_repr",
]


@pytest.mark.parametrize("name", OLD_NAMES)
def test_every_old_name_still_imports_from_isslab_core(name):
    assert getattr(isslab.core, name) is not None
    if name in isslab.__all__:
        assert getattr(isslab, name) is getattr(isslab.core, name)


def test_the_registry_dict_is_the_one_tests_patch():
    assert isslab.core._GAMES is registry._GAMES and isslab.core._BOTS is registry._BOTS
    assert isslab.core._MADE is registry._MADE


def test_make_builds_anew_when_the_class_under_an_id_changes(monkeypatch):
    # a test's stand-in, or a variant defined again: no game of the old class comes back
    old = isslab.make("space-1999", players=2)
    stand_in = type("StandIn", (type(old),), {})
    monkeypatch.setitem(registry._GAMES, "space-1999", stand_in)
    new = isslab.make("space-1999", players=2)
    assert type(new) is stand_in and new is isslab.make("space-1999", players=2)
    monkeypatch.undo()
    assert isslab.make("space-1999", players=2) is not new


def test_isslab_core_alone_makes_every_game_in_a_fresh_interpreter():
    # no import back up into isslab.games: importing isslab.core imports the package isslab first
    code = (
        "from isslab.core import games, make, bot_names\n"
        "import isslab.core.registry as registry\n"
        "print(' '.join(games()))\n"
        "print(all(make(g).new_state() is not None for g in games()), bool(bot_names('1969')))\n"
        "print(registry.make('space-1999', players=2).num_players)\n"
    )
    assert fresh_python(code).split("\n")[:3] == [" ".join(GAMES), "True True", "2"]


def test_no_module_of_the_core_is_over_800_lines():
    for path in (ROOT / "isslab" / "core").glob("*.py"):
        assert len(path.read_text().splitlines()) <= 800, path.name


# --- isslab.Action --------------------------------------------------------------------------------


def test_help_on_action_says_what_an_action_is():
    text = pydoc.render_doc(isslab.Action, renderer=pydoc.plaintext)
    assert "NamedTuple" in text and "hashable" in text and "JSON" in text and "action_type" in text
    assert "Special type indicating an unconstrained type" not in text  # typing.Any's docstring


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_of_every_game_is_an_action(game_id):
    rec = isslab.play(isslab.make(game_id), "random", seed=0)
    assert rec.actions and all(isinstance(a, isslab.Action) for a in rec.actions)
    assert not isinstance((0, 1), isslab.Action) and not isinstance("Move", isslab.Action)
    with pytest.raises(TypeError, match="makes none"):
        isslab.Action()


# --- numpy integers are seats, counts and budgets -------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_numpy_integers_are_seats_wherever_the_core_takes_one(game_id):
    rec = isslab.play(isslab.make(game_id), "random", seed=1)
    state = rec.states()[min(25, rec.steps)]
    action = rec.actions[min(25, rec.steps - 1)]
    for seat in range(state.game.num_players):
        for np_seat in (np.int64(seat), np.int32(seat), np.uint8(seat)):
            view = state.view(np_seat)
            assert view == state.view(seat)
            json.dumps(view)  # still JSON-able: the seat is a Python int inside
            assert state.describe(action, np_seat) == state.describe(action, seat)
            assert state.key_numbers(np_seat) == state.key_numbers(seat)
            assert state.goal(np_seat) == state.goal(seat)
            assert state.standing(np_seat) == state.standing(seat)
            assert state.headline(np_seat) == state.headline(seat)
        other = state.resample_hidden(np.int64(seat), random.Random(0), tries=np.int64(3))
        assert other.move_number == state.move_number and other.view(seat) == state.view(seat)
    n = state.game.num_players
    for bad in (np.float64(0), np.bool_(True), "0", 0.0, np.int64(n), -1):
        with pytest.raises(ValueError, match=rf"seat must be an int from 0 to {n - 1}"):
            state.view(bad)


def test_numpy_integers_are_counts_in_play_and_positions():
    rec = isslab.play("space-1999", "random", seed=0, max_steps=np.int64(100_000))
    assert rec.final_state().is_terminal()
    with pytest.raises(ValueError, match="max_steps must be an int >= 1, got 2.0"):
        isslab.play("space-1999", "random", max_steps=2.0)
    # the core's part of position: the game's own keywords are the game's to read
    pos = isslab.make("space-1999", players=2).position(theta=np.int64(3), jumps=np.array([1, 0]))
    assert (pos.theta, pos.jumps) == (3, (1, 0)) and type(pos.theta) is int and type(pos.jumps[0]) is int
    assert isslab.load(pos.to_json(), verify=False) == pos
    assert len(isslab.Memo(np.int64(2))) == 0


# --- GameRecord -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_record_prints_as_one_short_line(game_id):
    rec = isslab.play(isslab.make(game_id), "random", seed=0)
    text = repr(rec)
    assert "\n" not in text and len(text) <= 240, text
    assert text.startswith(f"<GameRecord {game_id}, {rec.game.num_players} players: ")
    assert f"after {rec.length} moves ({rec.steps} steps, {rec.rounds} rounds)" in text
    assert (rec.end_reason.name if rec.end_reason else "stopped") in text and "seed 0" in text
    names = [rec.game.seat_name(s) for s in rec.winners]
    assert all(name in text for name in names) or "everyone won" in text or not names
    table = rec.table()
    assert list(table.index) == list(range(rec.game.num_players))
    assert list(table["bot"]) == ["random"] * rec.game.num_players and "random x" in text
    assert list(table["win"]) == [s in rec.winners for s in range(rec.game.num_players)]
    assert "<table" in rec._repr_html_() and len(rec.actions) == rec.steps  # the details stay there


def test_a_record_names_each_bot_and_cuts_long_names():
    rec = isslab.play(isslab.make("space-1999", players=2), ["greedy", "random"], seed=3)
    assert "bots greedy, random;" in repr(rec)
    assert "bots greedy x2;" in repr(isslab.play(isslab.make("space-1999", players=2), "greedy", seed=3))
    long = "mcts(simulations=2, rollout=random, " + "x" * 500 + ")"
    text = repr(dataclasses.replace(rec, bots=(long, long)))
    assert len(text) <= 240 and "mcts(simulations=2" in text and " x2;" in text
