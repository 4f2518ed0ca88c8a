"""The public contract of ``isslab``: registry, options, errors, save/load, play, simulate, sweep, CLI."""

from __future__ import annotations

import json
import pickle
import random
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

import isslab
from isslab.cli import main as cli


def test_registry_lists_the_games_and_keeps_working():
    assert isslab.games() == isslab.games()
    assert {"space-1999", "1969"} <= set(isslab.games())
    with pytest.raises(ValueError, match="unknown game 'chess'.*space-1999"):
        isslab.make("chess")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, r"option players=5 is not allowed: use int from 2 to 4"),
        ({"players": "two"}, r"option players='two'"),
        ({"spokes": 12}, r"option spokes=12 is not allowed: use one of 8, 16, 24"),
        ({"colour": "red"}, r"unknown option colour for space-1999; the options are: players, eagles"),
        ({"forced_move": "yes"}, r"forced_move='yes'.*True or False"),
        ({"start_rotation": 16}, r"start_rotation=16 is not allowed: use 0 to 15"),
    ],
)
def test_bad_options_name_the_option_and_what_is_allowed(options, message):
    with pytest.raises(ValueError, match=message):
        isslab.make("space-1999", **options)


def test_options_are_resolved_with_defaults_and_games_are_values():
    game = isslab.make("space-1999", players=2)
    assert game.options["players"] == 2 and game.options["eagles"] == 4 and game.num_players == 2
    game.options["players"] = 3  # a copy: the game cannot be changed from outside
    assert game.num_players == 2
    assert game == isslab.make("space-1999", players=2) != isslab.make("space-1999")
    assert pickle.loads(pickle.dumps(game)) == game
    assert repr(game) == "isslab.make('space-1999', players=2)"


def test_apply_never_mutates_and_history_grows():
    game = isslab.make("space-1999")
    s0 = game.new_state()
    s1 = s0.apply(s0.legal_actions()[0])
    s2 = s1.apply(s1.legal_actions()[-1])
    assert s0.history == () and len(s1.history) == 1 and s2.history[:1] == s1.history
    assert s0 == game.new_state()


def test_illegal_action_error_names_the_action_and_lists_legal_ones():
    s = isslab.make("space-1999").new_state()
    with pytest.raises(isslab.IllegalActionError) as err:
        s.apply("red steps hub -> r1s0")
    text = str(err.value)
    assert "'red steps hub -> r1s0'" in text and "roll-off: red goes first" in text
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("game_id", ["space-1999", "1969"])
def test_json_round_trip_is_exact_through_a_whole_game(game_id):
    rec = isslab.play(isslab.make(game_id), "random", seed=3)
    for state in rec.states()[:: max(1, rec.steps // 40)]:
        text = state.to_json()
        back = isslab.load(text)
        assert back == state and back.history == state.history and back.to_json() == text


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "{not json", "invalid JSON"),
        (lambda d: json.dumps({**d, "format": "chess.pgn"}), "'format' field must be 'isslab.state'"),
        (lambda d: json.dumps({**d, "version": 99}), "unsupported save-file version 99"),
        (lambda d: json.dumps({**d, "game": "monopoly"}), "unknown game 'monopoly'"),
        (lambda d: json.dumps({**d, "options": {"eagles": 99}}), "option eagles=99"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "history"}), "field 'history' is missing"),
        (lambda d: json.dumps({**d, "history": [["Move", 0]]}), "corrupt save file"),
        (lambda d: json.dumps({**d, "history": d["history"][:1] + d["history"][2:]}), "not legal"),
        (
            lambda d: json.dumps({**d, "state": {**d["state"], "theta": (d["state"]["theta"] + 1) % 16}}),
            "does not match its history",
        ),
    ],
)
def test_corrupt_save_files_are_rejected_with_the_reason(mutate, message):
    rec = isslab.play(isslab.make("space-1999"), "greedy", seed=0)
    state = rec.states()[20]
    doc = json.loads(state.to_json())
    with pytest.raises(ValueError, match=message):
        isslab.load(mutate(doc))


def test_view_rejects_wrong_seats():
    s = isslab.make("space-1999", players=2).new_state()
    assert s.view(1)["you"] == 1
    for bad in (-1, 2, "0", True):
        with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
            s.view(bad)


def test_play_record_is_reproducible_and_complete():
    game = isslab.make("space-1999", players=3)
    a = isslab.play(game, ["greedy", "random", "greedy"], seed=11)
    b = isslab.play(game, ["greedy", "random", "greedy"], seed=11)
    assert a.actions == b.actions and a.returns == b.returns
    assert a.final_state().is_terminal() and a.final_state().winners() == a.winners
    assert a.bots == ("greedy", "random", "greedy")
    assert a.end_reason is not None and a.length <= a.steps and a.rounds > 0
    assert [s["eagles_landed"] for s in a.seat_stats] == list(a.final_state().landed)
    c = isslab.play(game, ["greedy", "random", "greedy"], seed=12)
    assert c.actions != a.actions


def test_play_accepts_a_notebook_style_bot_and_rejects_bad_bots():
    def cautious(state, rng: random.Random):
        return state.legal_actions()[0]

    rec = isslab.play("space-1999", cautious, seed=0)
    assert rec.bots == ("cautious",) * 4
    with pytest.raises(ValueError, match="unknown bot 'wizard' for space-1999; the bots are: first, greedy"):
        isslab.play("space-1999", "wizard")
    with pytest.raises(ValueError, match="needs 4 bots"):
        isslab.play("space-1999", ["greedy", "random"])


def test_simulate_rows_and_columns():
    df = isslab.simulate("space-1999", bots=["greedy", "random"], games=20, seed=5, progress=False, players=2)
    assert len(df) == 40
    for col in [
        "game",
        "seed",
        "seat",
        "bot",
        "returns",
        "rank",
        "win",
        "length",
        "rounds",
        "end_reason",
        "eagles_landed",
        "jumps",
    ]:
        assert col in df.columns, col
    assert (df.groupby("game")["win"].sum() >= 1).all()
    assert set(df["bot"]) == {"greedy", "random"}
    assert df.groupby("bot")["win"].mean()["greedy"] > df.groupby("bot")["win"].mean()["random"]


def test_simulate_is_reproducible_across_workers_and_executors():
    kwargs = dict(bots="greedy", games=24, seed=9, progress=False)
    one = isslab.simulate("space-1999", workers=1, **kwargs)
    two = isslab.simulate("space-1999", workers=2, **kwargs)
    with ThreadPoolExecutor(3) as pool:
        threads = isslab.simulate("space-1999", workers=pool, **kwargs)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, threads)
    other = isslab.simulate("space-1999", workers=1, **{**kwargs, "seed": 10})
    assert not one.equals(other)


def test_simulate_from_a_position():
    rec = isslab.play(isslab.make("space-1999", players=2), "greedy", seed=1)
    mid = rec.states()[30]
    df = isslab.simulate(mid, bots="greedy", games=10, progress=False)
    assert len(df) == 20 and (df["length"] > 0).all()
    assert (df["steps"] <= rec.steps * 10).all()


def test_simulate_validates_its_arguments():
    with pytest.raises(ValueError, match="games must be a positive int"):
        isslab.simulate("space-1999", games=0, progress=False)
    with pytest.raises(ValueError, match="workers must be an int"):
        isslab.simulate("space-1999", games=2, workers="many", progress=False)
    with pytest.raises(ValueError, match="ready-made game"):
        isslab.simulate(isslab.make("space-1999"), games=2, progress=False, players=2)


def test_sweep_adds_one_column_per_option_and_shares_seeds():
    df = isslab.sweep(
        "space-1999", {"eagles": [2, 3]}, bots="greedy", games=10, seed=0, progress=False, players=2
    )
    assert list(df.columns[:1]) == ["eagles"] and len(df) == 2 * 10 * 2
    assert set(df["eagles"]) == {2, 3}
    assert df.groupby("eagles")["length"].mean()[3] > df.groupby("eagles")["length"].mean()[2]
    with pytest.raises(ValueError, match="both swept and fixed"):
        isslab.sweep("space-1999", {"players": [2]}, players=2, progress=False)


def test_cli(capsys, tmp_path):
    assert cli(["games"]) == 0
    assert "space-1999" in capsys.readouterr().out
    assert cli(["rules", "space-1999"]) == 0
    out = capsys.readouterr().out
    assert "eagles = 4" in out and "[assumption]" in out
    csv = tmp_path / "r.csv"
    assert (
        cli(
            [
                "simulate",
                "space-1999",
                "--games",
                "8",
                "--bots",
                "greedy",
                "--quiet",
                "--out",
                str(csv),
                "-o",
                "players=2",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "8 games" in out and "win_rate" in out
    assert len(pd.read_csv(csv)) == 16
    assert cli(["simulate", "space-1999", "-o", "eagles=9", "--quiet"]) == 2
    assert "option eagles=9 is not allowed" in capsys.readouterr().err
    assert cli(["play", "space-1999", "--bots", "greedy", "--seed", "2"]) == 0
    assert "won" in capsys.readouterr().out


def test_simulate_on_a_dask_cluster_gives_the_same_rows():
    distributed = pytest.importorskip("distributed")
    kwargs = dict(bots="greedy", games=12, seed=4, progress=False, players=2)
    local = isslab.simulate("space-1999", workers=1, **kwargs)
    with distributed.Client(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as client:
        remote = isslab.simulate("space-1999", workers=client.get_executor(), **kwargs)
    pd.testing.assert_frame_equal(local, remote)


def test_tuple_options_refuse_bools_for_numbers():
    with pytest.raises(ValueError, match="option income="):
        isslab.make("1969", income=(True, 13, 14, 15, 16, 17, 18))
    assert isslab.make("1969", income=[12, 13, 14, 15, 16, 17, 19]).options["income"][-1] == 19
