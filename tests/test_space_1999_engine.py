"""Space: 1999 engine behaviour beyond the rulebook: the safety cap, positions, typed values, texts,
the reasons for refused actions, the bots, and the documentation of the readings and options.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import isslab
from isslab.games.space_1999 import (
    DieColour,
    End1999,
    EndCode,
    FirstPlayer,
    Game1999,
    Move,
    MoveKind,
    Roll,
)
from isslab.games.space_1999.actions import parse_move
from isslab.games.space_1999.rules import MAX_ROUNDS

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def game4() -> Game1999:
    return isslab.make("space-1999", players=4)


# --- the max_rounds safety stop: an unfinished game names no winner ----------------------------------


def test_the_cap_ends_the_game_unfinished_with_no_winner():
    # Object and Rules 5: only landing every eagle wins. The cap is no rule, so it names no winner.
    game = isslab.make("space-1999", players=2, max_rounds=1)
    s = game.position(disc={"red": ["r4s9"], "blue": ["r1s0"]}, home=(1, 1), landed=(2, 2), turn=1)
    end = s.apply("blue steps r1s0 -> r1s1")
    assert end.is_terminal() and end.end_reason is End1999.UNFINISHED
    assert end.winners() == () and end.returns() == (0.0, 0.0)
    # places start at 2 (1st is the winner's): same eagles landed, red is closer to landing
    assert end.ranks() == (2, 3)
    assert str(end).startswith("Space: 1999, after round 1, disc turned 0 marks; game over, unfinished")
    assert "nobody won" in str(end)
    assert end.view(0)["end"] == "UNFINISHED"


def test_unfinished_ties_share_a_place():
    game = isslab.make("space-1999", players=2, max_rounds=1, forced_move=False)
    # red and blue sit opposite with nothing launched: the same eagles landed and the same distance
    end = game.position(turn=1).apply("blue passes")
    assert end.end_reason is End1999.UNFINISHED and end.ranks() == (2, 2) and end.winners() == ()


def test_a_target_owner_who_never_launches_blocks_landing_until_the_cap():
    # the deadlock the rules allow (reading 4): blue (SW) keeps both eagles on its pad, which is red's
    # target, so no circle ever frees up; only the safety stop ends the game, and nobody wins
    game = isslab.make("space-1999", players=2, eagles=2, forced_move=False, max_rounds=60)

    def stay_home(state: isslab.State, rng: random.Random) -> Move:
        return next(a for a in state.legal_actions() if a.kind == "pass")

    rec = isslab.play(game, ["greedy", stay_home], seed=3)
    end = rec.final_state()
    assert end.end_reason is End1999.UNFINISHED and end.landed == (0, 0) and rec.rounds == 60
    assert rec.winners == () and rec.returns == (0.0, 0.0) and end.ranks() == (2, 3)


def test_the_default_cap_is_far_above_the_length_of_random_games():
    # measured over 50,000 random 2-player games without a cap: median 334 rounds, 99.9% below
    # 1,080, the longest 1,315; see docs/rules/space-1999.md
    game = isslab.make("space-1999", players=2)
    assert game.options["max_rounds"] == MAX_ROUNDS == 2_000
    rounds = [isslab.play(game, "random", seed=seed).rounds for seed in range(40)]
    assert max(rounds) < 1_500 and sorted(rounds)[20] < 600


# --- positions are built with game.position and validated -----------------------------------------


def test_position_takes_seats_by_number_or_colour_and_defaults_the_rest():
    game = isslab.make("space-1999", players=3)
    a = game.position(disc={"blue": ["r4s2", "hub"]}, first="green", turn=1)
    b = game.position(disc={1: ["hub", "r4s2"]}, first=2, turn=1, to_move=0)
    assert a == b and a.current_player == 0  # clockwise after green comes red
    assert a.home == (4, 2, 4) and a.landed == (0, 0, 0) and a.theta == 0
    assert a.view(0)["seats"][1]["on_disc"] == ["hub", "r4s2"]
    assert game.position(turn=3).current_player == isslab.CHANCE
    assert game.position(first=-1, to_move=isslab.CHANCE).chance_outcomes()[0][0] == FirstPlayer(0)
    assert isslab.make("space-1999", start_rotation=5).position().theta == 5


def test_position_takes_other_fields_by_name():
    game = isslab.make("space-1999", players=2)
    s = game.position(disc={"red": ["r3s3"]}, jumps=(4, 1))
    assert s.jumps == (4, 1) and s.seat_stats()[0]["jumps"] == 4
    launched = {"blue": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    won = game.position(disc=launched, landed=(4, 0), home=(0, 0), end=EndCode.ALL_LANDED)
    assert won.is_terminal() and won.winners() == (0,)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"disc": {0: ["r9s0"]}}, "no dot 'r9s0'"),
        ({"disc": {0: ["x4s2"]}}, "no dot 'x4s2'"),
        ({"disc": {0: ["r4s16"]}}, "no dot 'r4s16'"),
        ({"disc": {0: ["r+4s2"]}}, "no dot"),
        ({"disc": {0: "r4s2"}}, "must be a list of dot names"),
        ({"disc": {0: ["r1s0"], 1: ["r1s0"]}}, "two eagles on r1s0"),
        ({"disc": {"purple": ["r1s0"]}}, "no seat 'purple'"),
        ({"disc": {"yellow": ["r1s0"]}}, "no seat 'yellow'"),
        ({"disc": {0: ["r1s0"]}, "home": (4, 4)}, "red must have 4 eagles in all"),
        ({"landed": (1,)}, "landed needs one count >= 0 per seat"),
        ({"landed": ("1", 0)}, "landed needs one count >= 0 per seat"),
        ({"turn": "1"}, "turn must be an int"),
        ({"home": (4, "4")}, "home needs one count >= 0 per seat"),
        ({"landed": (2, 0), "home": (2, 4)}, "SW pad has 4 circles"),
        ({"theta": 16}, "theta must be 0 to 15"),
        ({"turn": 1, "to_move": 0}, "turn 1 after red started is blue's"),
        ({"to_move": isslab.CHANCE}, "the die is rolled only once every player has had a turn"),
        (
            {"disc": {"blue": ["r1s0", "r1s4", "r1s8", "r1s12"]}, "landed": (4, 0), "home": (0, 0)},
            "red has landed every eagle: the game is over",
        ),
        ({"end": EndCode.UNFINISHED}, "only the max_rounds cap ends a game unfinished"),
        ({"end": 7}, "end must be one of"),
        ({"jumps": (-1, 0)}, "jumps needs one count >= 0 per seat"),
        ({"round": 2_001}, "round must be 0 to max_rounds"),
        ({"pos": ((), ())}, "place eagles with disc="),
        ({"colour": 1}, "no state field 'colour'"),
    ],
)
def test_position_rejects_what_the_rules_do_not_allow(kwargs, message):
    game = isslab.make("space-1999", players=2)
    with pytest.raises(ValueError, match=message):
        game.position(**kwargs)


# --- typed values ------------------------------------------------------------------------------------


def test_move_kinds_and_die_colours_are_string_enums():
    assert issubclass(MoveKind, str) and MoveKind.LAUNCH == "launch" and f"{MoveKind.JUMP}" == "jump"
    assert DieColour.GREEN == "green" and str(Roll(2, DieColour.GREEN)).startswith("die: 2 green")
    assert EndCode.UNFINISHED == 2 and json.dumps(EndCode.ALL_LANDED) == "1"


def test_actions_are_typed_values():
    move = Move(0, MoveKind.PASS, (), "")
    assert move != (0, "pass", (), "", 0) and FirstPlayer(0) != (0,)
    assert Roll(1, DieColour.RED) == Roll(1, "red") and hash(Roll(1, DieColour.RED)) == hash(Roll(1, "red"))
    assert len({move, Move(0, "pass", (), ""), (0, "pass", (), "", 0)}) == 2


def test_actions_survive_json_as_enum_members_again():
    game = isslab.make("space-1999", players=2)
    moves = game.position(disc={"blue": ["r4s2"], "red": ["r4s9"]}).legal_actions()
    rolls = [r for r, _ in game.position(turn=2).chance_outcomes()]
    assert {m.kind for m in moves} >= {"launch", "step"} and len(rolls) == 6
    for a in [*moves, *rolls]:
        back = game.decode_action(json.loads(json.dumps(game.encode_action(a))))
        assert back == a and type(back) is type(a)
        if isinstance(back, Move):
            assert type(back.kind) is MoveKind
        if isinstance(back, Roll):
            assert type(back.colour) is DieColour


def test_the_end_code_survives_saving_and_loading():
    rec = isslab.play(isslab.make("space-1999", players=2, max_rounds=5), "random", seed=1)
    end = rec.final_state()
    assert end.end == EndCode.UNFINISHED
    back = isslab.load(end.to_json())
    assert back == end and back.end_reason is End1999.UNFINISHED and back.winners() == ()


def test_check_game_passes_with_the_typed_values():
    from isslab.conformance import check_game

    report = check_game(isslab.make("space-1999", players=2, eagles=2), games=5)
    assert report.games == 5 and report.end_reasons == {"ALL_LANDED": 5}


# --- texts: str(action) is the canonical text, parse_move reads it back -------------------------------


def test_actions_read_well_and_round_trip(game4):
    s = game4.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r1s0"]})
    texts = {str(a) for a in s.legal_actions()}
    assert {"red jumps r4s0 -> r2s0 -> hub", "red steps r4s0 -> r4s1"} <= texts
    assert "red launches via line NE to r4s2" in texts
    for a in s.legal_actions():
        assert s.apply(str(a)) == s.apply(a) == s.apply(game4.encode_action(a))


def test_parse_move_is_the_inverse_of_str_in_real_games():
    game = isslab.make("space-1999", players=4, eagles=6)
    seen: set[str] = set()
    for seed in range(3):
        for a in isslab.play(game, "random", seed=seed).actions:
            if isinstance(a, Move):
                assert parse_move(str(a)) == a, a
                seen.add(a.kind)
    assert seen == {"launch", "step", "jump", "land"}
    assert parse_move("red passes") == Move(0, MoveKind.PASS, (), "")
    for bad in ("", "red", "purple steps r1s0 -> r1s1", "red flies r1s0", "red steps r1s0 -> moon"):
        assert parse_move(bad) is None


def test_state_text_shows_the_disc_as_on_the_table(game4):
    s = game4.position(disc={"red": ["r4s2"], "blue": ["hub"]}, theta=1)
    text = str(s)
    assert "round 1, disc turned 1 marks; red to move" in text
    assert "  red    NE -> SW: pad 3, landed 0, on disc r4s2" in text
    assert "  r4   . . . R . . . . . . . . . . . ." in text  # r4s2 faces direction 3 at theta 1
    assert "  hub  B" in text


# --- why_illegal: the rule that refuses an action -----------------------------------------------------


def test_why_illegal_names_the_rule(game4):
    s = game4.position(disc={"red": ["r4s0", "r2s5"], "blue": ["r3s0", "r2s0", "r4s10"]})
    assert s.why_illegal("red steps r4s0 -> r4s1") is None
    cases = {
        "blue steps r4s10 -> r4s11": "it is red's decision, not blue's",
        "red steps r4s10 -> r4s11": "the eagle on r4s10 is blue's, not red's",
        "red steps r1s1 -> r1s2": "there is no eagle on r1s1",
        "red steps r4s0 -> r3s0": "r3s0 is taken: an eagle ends its move on a vacant dot",
        "red steps r2s5 -> r2s7": "red's eagle on r2s5 cannot reach r2s7: it is not next to it along a line",
        "red jumps r4s0 -> r2s0": "r2s0 is taken",
        "red jumps r2s5 -> r2s7": "would jump over r2s6, which is vacant",
        "red jumps r2s5 -> r4s6": "is not a jump: a jump goes along one line",
        "red launches via line SW to r4s10": "red launches along a line of its own pad (NE-1, NE, NE+1)",
        "red launches via line NE to r4s3": "line NE meets r4s2 now: a launch along it goes onto r4s2",
        "red lands r2s5 -> SW pad via line SW": "only an eagle on the outer ring can land",
        "red passes": "red has a legal move and must move (option forced_move)",
        "die: 1 red (turn 1 toward the red arrow)": None,  # not a move: the generic message
    }
    for action, want in cases.items():
        reason = s.why_illegal(action)
        assert reason is not None, action
        if want is None:
            assert reason.startswith("illegal action"), reason
        else:
            assert want in reason, (action, reason)


def test_why_illegal_at_chance_nodes_and_at_the_end(game4):
    start = game4.new_state()
    # the turn gate of every game: chance acts now, naming the phase
    launch = Move(0, MoveKind.LAUNCH, ((-1, 0), (4, 2)), "NE")
    roll_off = "chance acts now (the roll-off, which decides who starts), not a player"
    assert start.why_illegal(launch) == roll_off
    die = game4.position(turn=4)
    reason = die.why_illegal("red launches via line NE to r4s2")
    assert reason.startswith("chance acts now (the die roll that turns the disc")
    assert "roll-off is over" in die.why_illegal(FirstPlayer(1))
    roll = game4.position().why_illegal(Roll(1, DieColour.RED))
    assert roll == "Roll is a chance outcome, and it is red's decision (a commander's move)"
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    won = game4.position(landed=(4, 0, 0, 0), home=(0, 4, 0, 4), disc=launched, end=1)
    assert won.why_illegal("red passes").startswith("the game is over (game over: red won)")


def test_why_illegal_explains_a_longer_route_to_an_offered_destination(game4):
    s = game4.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r1s0"]})
    # a step reaches r4s1; the same dot by a detour is not offered
    reason = s.why_illegal(Move(0, MoveKind.JUMP, ((4, 0), (2, 0), (4, 0), (4, 1)), "", 3))
    assert reason == "that route is not offered: use 'red steps r4s0 -> r4s1' (one move per destination)"


def test_why_illegal_never_raises_on_malformed_actions(game4):
    s = game4.position()
    for bad in (
        Move(9, MoveKind.STEP, (), ""),
        Move(0, "fly", (), ""),
        Move(0, MoveKind.STEP, ((99, 99), (1, 1)), ""),
        Move(0, MoveKind.STEP, "r1s1", ""),
        Move(0, MoveKind.LAUNCH, (), "NE"),
        ["Move", 0, {"a": 1}, [], ""],
        ["NoSuchType"],
        42,
    ):
        assert isinstance(s.why_illegal(bad), str)


# --- bots --------------------------------------------------------------------------------------------


def test_greedy_bot_uses_the_expected_rotation():
    # the greedy bot's table is the average over the six die faces of the distance after the turn
    from isslab.games.space_1999.bots import _expected_tables

    game = isslab.make("space-1999", players=2)
    exp, _home = _expected_tables(game)
    faces = [d for _, d in game.tables.rolls]
    for th in (0, 5):
        for dot in (game.dot_index(4, 12), game.dot_index(2, 3), 0):
            want = sum(game.seat_dist[0][(th + f) % game.spokes][dot] for f in faces) / 6
            assert exp[0][th][dot] == pytest.approx(want)
    assert any(exp[0][0][i] != game.seat_dist[0][0][i] for i in range(game.ndots))


def test_greedy_bot_lands_when_it_can(game4):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    s = game4.position(disc={"red": ["r4s10", "r2s2"], **launched}, home=(2, 4, 0, 4))
    assert isslab.bot("space-1999", "greedy")(s, random.Random(0)).kind == "land"


@pytest.mark.slow
def test_greedy_beats_random_clearly():
    wins = 0
    for seed, seats in ((3, ["greedy", "random"]), (4, ["random", "greedy"])):
        df = isslab.simulate("space-1999", bots=seats, games=150, seed=seed, progress=False, players=2)
        wins += int(df[df.bot == "greedy"].win.sum())
    assert wins / 300 > 0.8


# --- documentation: the package docstring (``isslab rules``) and docs/rules/space-1999.md ------------


def test_isslab_rules_prints_the_players_summary_with_the_readings():
    out = subprocess.run(
        [sys.executable, "-m", "isslab", "rules", "space-1999"], capture_output=True, text=True, check=True
    ).stdout
    assert "Readings." in out and "forced_launch=True" in out and "max_rounds" in out
    assert "Developer notes" not in out


def test_the_rules_document_lists_every_option():
    doc = (ROOT / "docs" / "rules" / "space-1999.md").read_text()
    for option in Game1999.OPTIONS:
        assert f"| `{option.name}` | `{option.default!r}` |" in doc, option.name
    assert "2,000" in doc and "unfinished" in doc
