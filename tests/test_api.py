"""The public contract of ``isslab``: registry, options, errors, save/load, play, simulate, sweep, CLI.

Also the pieces of core every game builds on: ``game.info``, ``describe``, ``why_illegal``, ``Memo``,
the generated ``_copy``, ``position``, ``action_type`` and ``resample_hidden``.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import pandas as pd
import pytest

import isslab
from isslab.cli import main as cli
from isslab.core import GameInfo, Memo, ReturnsKind, State, action_type
from isslab.frames.frame import BASE_COLUMNS


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
    with pytest.raises(
        ValueError, match="unknown bot 'wizard' for space-1999; the bots are: easy, expert, first, greedy"
    ):
        isslab.play("space-1999", "wizard")
    with pytest.raises(ValueError, match="needs 4 bots"):
        isslab.play("space-1999", ["greedy", "random"])


def test_a_bot_is_found_from_a_made_game_as_from_its_id() -> None:
    game = isslab.make("mission-iss", players=2)
    assert "planner" in isslab.bot_names(game) == isslab.bot_names("mission-iss")
    assert repr(isslab.bot(game, "planner")) == repr(isslab.bot("mission-iss", "planner"))
    with pytest.raises(ValueError, match="unknown bot 'wizard' for mission-iss; the bots are: easy"):
        isslab.bot(game, "wizard")


def test_simulate_rows_and_columns():
    df = isslab.simulate("space-1999", bots=["greedy", "random"], games=20, seed=5, progress=False, players=2)
    assert len(df) == 40
    # the base columns first, in their order, then the game's own statistics
    assert tuple(df.columns[: len(BASE_COLUMNS)]) == BASE_COLUMNS
    assert {"eagles_landed", "jumps"} <= set(df.columns)
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


# --------------------------------------------------------------------------------------------------
# Contract v2: game.info, describe, why_illegal, Memo, the generated _copy, position, action_type,
# resample_hidden
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", isslab.games())
def test_every_game_declares_what_it_is(game_id):
    game = isslab.make(game_id)
    info = game.info
    assert isinstance(info, GameInfo) and info.title == game.title
    assert info.min_players <= game.num_players <= info.max_players
    assert isinstance(info.returns, ReturnsKind) and isinstance(info.hidden_information, bool)
    assert [game.seat_name(s) for s in range(game.num_players)] == list(info.seat_names[: game.num_players])
    assert len(info.seat_colours) >= info.max_players and all(info.seat_colours)
    assert info.default_bot in isslab.bot_names(game_id)
    with pytest.raises(ValueError, match=f"option players={info.max_players + 1} is not allowed"):
        isslab.make(game_id, players=info.max_players + 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.title = "renamed"


def test_the_games_declare_their_kind():
    space = isslab.make("space-1999").info
    assert (space.min_players, space.max_players) == (2, 4)
    assert space.chance and not space.hidden_information
    # one winner gets 1, but a game stopped by max_rounds names none: the sum varies
    assert space.returns is ReturnsKind.GENERAL_SUM
    assert space.seat_names == ("red", "blue", "green", "yellow")
    n1969 = isslab.make("1969").info
    assert (n1969.min_players, n1969.max_players) == (2, 5)
    assert n1969.chance and n1969.hidden_information  # cards in hand and played face down
    assert n1969.seat_names[:2] == ("USA", "USSR")


def test_game_info_refuses_an_impossible_table():
    base = isslab.make("space-1999").info
    with pytest.raises(ValueError, match="need 1 <= min_players <= max_players"):
        dataclasses.replace(base, min_players=3, max_players=2)
    with pytest.raises(ValueError, match="one seat name and colour per seat"):
        dataclasses.replace(base, seat_names=("red", "blue"))


def test_describe_tells_an_action_to_a_seat_and_refuses_wrong_seats():
    state = isslab.make("space-1999", players=2).new_state()
    action = state.legal_actions()[0]
    # nothing is hidden in Space: 1999: every seat is told the whole action
    assert state.describe(action) == state.describe(action, None) == str(action)
    assert state.describe(action, 0) == state.describe(action, 1) == str(action)
    for bad in (-1, 2, "0", True, 1.0):
        with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
            state.describe(action, bad)


def test_describe_tells_a_nation_its_own_draw():
    rec = isslab.play(isslab.make("1969", players=2), "greedy", seed=0)
    draw = next(a for a in rec.actions if type(a).__name__ == "CardDraw")
    final = rec.final_state()
    assert final.describe(draw, draw.seat) == final.describe(draw) == str(draw)
    assert final.describe(draw, 1 - draw.seat)  # the other nation is told something, maybe less


@pytest.mark.parametrize("game_id", ["space-1999", "1969"])
def test_why_illegal_is_none_for_a_legal_action_and_a_reason_otherwise(game_id):
    rec = isslab.play(isslab.make(game_id), "greedy", seed=0)
    state = rec.states()[12]
    before = (state.snapshot(), state.history, state.legal_actions())
    legal = state.legal_actions()
    assert all(state.why_illegal(a) is None for a in legal)
    assert state.why_illegal(str(legal[-1])) is None  # the text and JSON forms are accepted too
    assert state.why_illegal(state.game.encode_action(legal[-1])) is None
    for bad in (rec.actions[0], "no such action", ["NoSuchType"], 42):
        reason = state.why_illegal(bad)
        assert isinstance(reason, str) and reason.strip()
    assert (state.snapshot(), state.history, state.legal_actions()) == before
    final = rec.final_state()
    assert final.why_illegal(legal[0]) and final.is_terminal()


def test_memo_stays_within_its_bound():
    memo: Memo[int, int] = Memo(maxsize=3)
    for k in range(10):
        memo[k] = k * k
        assert len(memo) <= 3
    assert memo.get(9) == 81 and 9 in memo and memo[9] == 81
    assert memo.get(0) is None and 0 not in memo  # forgotten when the memo filled up
    with pytest.raises(KeyError):
        memo[0]
    memo.clear()
    assert len(memo) == 0 and memo.get(9) is None
    memo[1] = 1
    assert memo.get(1) == 1  # the bound lookup still reads the same table after clearing


@pytest.mark.parametrize("game_id", isslab.games())
def test_the_generated_copy_has_equal_fields_and_no_history(game_id):
    state = isslab.play(isslab.make(game_id), "random", seed=0).states()[7]
    state.legal_actions()  # fills the state's cache of legal actions
    copy = state._copy()
    assert copy is not state and type(copy) is type(state) and copy.game is state.game
    assert all(getattr(copy, f) is getattr(state, f) for f in state.FIELDS)
    assert copy == state and hash(copy) == hash(state)
    assert getattr(copy, "_hist", None) is None  # apply sets the history of a new state
    assert copy._legal is None
    assert type(state)._copy.__qualname__ == f"{type(state).__name__}._copy"


def test_a_state_class_with_a_field_that_is_not_a_name_is_refused():
    with pytest.raises(TypeError, match="'not a name', which is not a name"):

        class Broken(State):
            FIELDS = ("not a name",)


@pytest.mark.parametrize(
    ("game_id", "first_fields"), [("space-1999", "theta, board"), ("1969", "year, phase, first")]
)
def test_position_takes_state_fields_and_names_the_allowed_ones(game_id, first_fields):
    game = isslab.make(game_id, players=2)
    with pytest.raises(
        ValueError, match=rf"{game_id} has no state field 'colour'; the fields are: {first_fields}"
    ):
        game.position(colour="red")


def test_position_builds_a_state_with_an_empty_history():
    game = isslab.make("1969", players=2)
    start = game.new_state()
    pos = game.position(money=[20, 3])  # JSON lists become tuples
    assert pos.money == (20, 3) and pos.pp == start.pp and pos.history == () and pos.move_number == 0
    assert isslab.load(pos.to_json(), verify=False) == pos


def test_actions_of_different_types_are_never_equal():
    @action_type
    class Stop(NamedTuple):
        seat: int

    @action_type
    class Wait(NamedTuple):
        seat: int

    assert Stop(0) != Wait(0) and not Stop(0) == Wait(0)
    assert Stop(0) == Stop(0) and hash(Stop(0)) == hash(Stop(0))
    assert Stop(0) != (0,) and (0,) != Stop(0)
    assert len({Stop(0), Wait(0), Stop(0)}) == 2
    for game_id in isslab.games():  # no two action types of a game collide either
        kinds = isslab.make(game_id).ACTION_TYPES
        for a, b in itertools.combinations(kinds, 2):
            if len(a._fields) == len(b._fields):
                fields = (0,) * len(a._fields)
                assert a(*fields) != b(*fields), (game_id, a.__name__, b.__name__)


def test_resample_hidden_without_hidden_information_gives_back_the_same_state():
    state = isslab.play(isslab.make("space-1999", players=2), "greedy", seed=0).states()[30]
    for seat in range(2):
        other = state.resample_hidden(seat, random.Random(seat))
        assert other == state and other.history == state.history
    with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
        state.resample_hidden(2, random.Random(0))
