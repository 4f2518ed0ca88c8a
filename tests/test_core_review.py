"""Review of the shared core contract: options, illegal actions, save files, play, simulate, sweep."""

from __future__ import annotations

import ast
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import isslab
from isslab.core import Option
from isslab.games.space_1999 import FirstPlayer, Move, Roll

# --- options -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (Option("n", 3, "", min=1, max=9), float("inf"), r"option n=inf is not allowed: use int from 1 to 9"),
        (Option("n", 3, "", min=1, max=9), float("nan"), r"option n=nan is not allowed"),
        (Option("n", 3, "", min=1, max=9), -float("inf"), r"option n=-inf is not allowed"),
        (Option("n", 3, ""), 10**400, None),  # a huge int is an int: no bound, accepted
        (Option("n", 3, "", min=1, max=9), 10**400, r"option n=1000.* is not allowed"),
        (Option("n", 3, "", min=1, max=9), 2.5, r"use int from 1 to 9"),
        (Option("n", 3, "", min=1, max=9), True, r"option n=True"),
        (Option("n", 3, "", min=1, max=9), "3", r"option n='3'"),
        (Option("n", 3, "", min=1, max=9), None, r"option n=None"),
        (
            Option("x", 0.5, "", min=0, max=1),
            float("nan"),
            r"option x=nan is not allowed: use float from 0 to 1",
        ),
        (Option("x", 0.5, ""), float("inf"), r"option x=inf is not allowed"),
        (Option("x", 0.5, "", min=0, max=1), "0.5", r"option x='0.5'"),
        (Option("b", True, ""), 2, r"option b=2 is not allowed: use True or False"),
        (Option("b", True, ""), "True", r"option b='True'"),
        (Option("b", True, ""), 1.0, r"option b=1.0"),
        (Option("c", "a", "", choices=("a", "b")), "z", r"option c='z' is not allowed: use one of 'a', 'b'"),
        (Option("c", "a", "", choices=("a", "b")), 1, r"option c=1"),
        (Option("k", 8, "", choices=(8, 16)), 12, r"option k=12 is not allowed: use one of 8, 16"),
        (Option("t", (1, 2, 3), ""), [1, 2], r"option t needs 3 entries, got 2: \[1, 2\]"),
        (
            Option("t", (1, 2, 3), ""),
            "abc",
            r"option t='abc' is not allowed: use a sequence like \[1, 2, 3\]",
        ),
        (Option("t", (1, 2, 3), ""), 5, r"option t=5"),
        (Option("t", (1, 2, 3), ""), [1, "2", 3], r"option t=\[1, '2', 3\]"),
        (Option("t", ("a", "b"), ""), ["a", 1.5], r"option t=\['a', 1.5\]"),
    ],
)
def test_option_validation_names_the_option_for_every_kind(option, value, message):
    if message is None:
        assert option.validate(value) == value
        return
    with pytest.raises(ValueError, match=message):
        option.validate(value)


def test_options_of_a_real_game_reject_non_finite_numbers():
    for bad in (float("inf"), float("nan")):
        with pytest.raises(ValueError, match="option max_rounds="):
            isslab.make("space-1999", max_rounds=bad)


def test_the_game_cache_does_not_let_a_bool_through_as_an_int():
    # True == 1 and hash(True) == hash(1): a cache keyed on values alone would hand back eagles=1
    isslab.make("space-1999", eagles=1)
    with pytest.raises(ValueError, match="option eagles=True"):
        isslab.make("space-1999", eagles=True)
    isslab.make("space-1999", players=2, forced_move=False)
    assert isslab.make("space-1999", players=2, forced_move=0).options["forced_move"] is False


# --- illegal actions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        Move(99, "pass", (), ""),
        FirstPlayer(99),
        FirstPlayer(1e400),
        Move({"a": 1}, "step", (), ""),
        Roll(9, "blue"),
    ],
)
def test_malformed_actions_raise_illegal_action_error_not_a_crash(bad):
    s = isslab.make("space-1999").new_state()
    before = s.snapshot()
    with pytest.raises(
        isslab.IllegalActionError, match="illegal action .* for chance at move 0; legal: roll-off"
    ):
        s.apply(bad)
    assert s.snapshot() == before


def test_illegal_action_error_at_the_end_says_the_game_is_over():
    rec = isslab.play("space-1999", "greedy", seed=1)
    end = rec.final_state()
    with pytest.raises(
        isslab.IllegalActionError, match=r"for nobody \(the game is over\) at move \d+; legal: none"
    ):
        end.apply(rec.actions[-1])


def test_apply_never_mutates_along_a_whole_game():
    game = isslab.make("space-1999", players=2)
    rec = isslab.play(game, ["greedy", "random"], seed=5)
    states = rec.states()
    frozen = [(s.to_json(), s.legal_actions()) for s in states]
    for s in states[:-1]:
        for a in s.legal_actions():
            s.apply(a)
    assert [(s.to_json(), s.legal_actions()) for s in states] == frozen


# --- save files ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved() -> dict:
    rec = isslab.play(isslab.make("space-1999", players=3), "greedy", seed=2)
    return json.loads(rec.states()[25].to_json())


def test_load_rejects_text_that_is_not_a_save_file(saved):
    text = json.dumps(saved)
    for bad in (None, 5, [], text[: len(text) // 2], text[:-1], "", "null", "[]", "1e400"):
        with pytest.raises(ValueError, match="not an isslab save file"):
            isslab.load(bad)


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, 1e400])
def test_load_rejects_a_version_that_is_not_exactly_one(saved, version):
    with pytest.raises(ValueError, match="unsupported save-file version"):
        isslab.load(json.dumps({**saved, "version": version}))


@pytest.mark.parametrize("field", ["game", "options", "history", "state"])
@pytest.mark.parametrize("value", [None, 1, 1.5, "x", [], {}, True])
def test_load_rejects_wrong_types_in_every_top_level_field(saved, field, value):
    if isinstance(value, type(saved[field])) and not isinstance(value, bool):
        if field == "history" and value == []:  # an empty history is legal: the position must differ
            with pytest.raises(ValueError, match="does not match its history"):
                isslab.load(json.dumps({**saved, field: value}))
            return
        if field == "options" and value == {}:
            with pytest.raises(ValueError, match="does not match its history|not legal"):
                isslab.load(json.dumps({**saved, field: value}))
            return
    with pytest.raises(ValueError, match="corrupt save file|unknown game|not an isslab"):
        isslab.load(json.dumps({**saved, field: value}))


@pytest.mark.parametrize("value", [None, "x", 1.5, 10**30, 1e400, -1, [], [1], {"a": 1}, True])
def test_load_rejects_wrong_values_in_every_state_field(saved, value):
    for field in saved["state"]:
        doc = {**saved, "state": {**saved["state"], field: value}}
        with pytest.raises(ValueError, match=f"does not match its history \\(fields {field}\\)"):
            isslab.load(json.dumps(doc))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1e400},
        {"players": "3"},
        {"players": None},
        {"eagles": 10**30},
        {"spokes": 12},
        {"bogus": 1},
    ],
)
def test_load_rejects_bad_options_as_a_corrupt_file(saved, options):
    with pytest.raises(ValueError, match="corrupt save file: .*option"):
        isslab.load(json.dumps({**saved, "options": {**saved["options"], **options}}))


@pytest.mark.parametrize(
    "entry",
    [
        ["Move", 99, "pass", [], ""],
        ["FirstPlayer", 7],
        ["FirstPlayer", 1e400],
        ["FirstPlayer", 10**30],
        ["Move", {"a": 1}, "step", [], ""],
        ["Roll", 1, "red"],
        ["FirstPlayer"],
        ["FirstPlayer", 0, 1],
        [],
        "x",
        None,
        ["NoSuchType", 1],
    ],
)
def test_load_rejects_bad_history_entries_with_a_reason(saved, entry):
    with pytest.raises(ValueError, match="corrupt save file"):
        isslab.load(json.dumps({**saved, "history": [entry, *saved["history"][1:]]}))


def test_load_rejects_a_legal_history_whose_snapshot_differs(saved):
    # a different but legal history (another roll-off winner) does not give the saved position
    hist = [["FirstPlayer", (saved["history"][0][1] + 1) % 3]]
    with pytest.raises(ValueError, match="does not match its history"):
        isslab.load(json.dumps({**saved, "history": hist}))
    extra = {k: v for k, v in saved["state"].items()}
    with pytest.raises(ValueError, match="does not match its history"):
        isslab.load(json.dumps({**saved, "state": {**extra, "unknown_field": 1}}))


# --- play ----------------------------------------------------------------------------------------


def test_play_names_the_bot_and_seat_that_returned_an_illegal_action():
    def cheater(state, rng: random.Random):
        return "blue steps hub -> r1s0"

    with pytest.raises(
        isslab.IllegalActionError, match=r"bot 'cheater' playing seat \d \((red|blue)\)"
    ) as err:
        isslab.play(isslab.make("space-1999", players=2), ["greedy", cheater], seed=0)
    assert "illegal action 'blue steps hub -> r1s0'" in str(err.value)

    def none_bot(state, rng: random.Random):
        return None

    with pytest.raises(isslab.IllegalActionError, match=r"bot 'none_bot' playing seat \d \((red|blue)\)"):
        isslab.play(isslab.make("space-1999", players=2), none_bot, seed=0)


def test_play_accepts_bots_that_answer_with_the_string_or_json_form():
    game = isslab.make("space-1999", players=2)

    def by_text(state, rng: random.Random):
        return str(state.legal_actions()[int(rng.random() * len(state.legal_actions()))])

    def by_json(state, rng: random.Random):
        return state.game.encode_action(state.legal_actions()[int(rng.random() * len(state.legal_actions()))])

    def by_object(state, rng: random.Random):
        return state.legal_actions()[int(rng.random() * len(state.legal_actions()))]

    a = isslab.play(game, by_text, seed=4)
    b = isslab.play(game, by_json, seed=4)
    c = isslab.play(game, by_object, seed=4)
    assert a.actions == b.actions == c.actions and a.final_state().is_terminal()


# --- simulate and sweep --------------------------------------------------------------------------


def test_simulate_is_reproducible_from_a_start_state_across_workers():
    game = isslab.make("space-1999", players=2)
    start = isslab.play(game, "greedy", seed=9).states()[12]
    kw = {"bots": ["greedy", "random"], "games": 12, "seed": 7, "progress": False}
    one = isslab.simulate(start, workers=1, **kw)
    two = isslab.simulate(start, workers=2, **kw)
    with ThreadPoolExecutor(2) as ex:
        exe = isslab.simulate(game, state=start, workers=ex, **kw)
    assert one.equals(two) and one.equals(exe)
    assert not one.equals(isslab.simulate(game, workers=1, **kw))


def test_sweep_points_share_seeds_and_validate():
    df = isslab.sweep("space-1999", {"eagles": [1, 2]}, games=6, seed=1, progress=False, players=2)
    assert sorted(df.eagles.unique()) == [1, 2] and len(df) == 24
    assert list(df[df.eagles == 1].seed) == list(df[df.eagles == 2].seed)
    with pytest.raises(ValueError, match="both swept and fixed"):
        isslab.sweep("space-1999", {"eagles": [1]}, games=2, progress=False, eagles=2)
    with pytest.raises(ValueError, match="option eagles=0"):
        isslab.sweep("space-1999", {"eagles": [0]}, games=2, progress=False)


# --- documentation -------------------------------------------------------------------------------

CORE_FILES = [
    "core.py",
    "play.py",
    "sim.py",
    "testing.py",
    "games/space_1999/rules.py",
    "games/space_1999/bots.py",
]


@pytest.mark.parametrize("name", CORE_FILES)
def test_public_functions_have_docstrings_and_type_hints(name):
    path = Path(isslab.__file__).parent / name
    tree = ast.parse(path.read_text())
    missing = []
    # module-level and class-level definitions are the public names; nested helpers are not
    nodes = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
            if ast.get_docstring(node) is None:
                missing.append(f"{node.name}: no docstring")
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            args = [a for a in node.args.args + node.args.kwonlyargs if a.arg not in ("self", "cls")]
            if node.returns is None or any(a.annotation is None for a in args):
                missing.append(f"{node.name}: missing type hints")
    assert not missing, missing
