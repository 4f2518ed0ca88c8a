"""Hostile or mistaken input costs an error message, never the notebook (DESIGN lesson 11).

A save file is mailed around and uploaded into a notebook, options are typed by hand, bots answer
with anything. The rule checked here, for every registered game: bad input raises ``ValueError``
(``IllegalActionError`` is one) quickly, with bounded memory and a short message, and nothing is
changed. Sections: options (the generic bounds in core, then each game's bounds), save files,
actions, play, simulate and sweep, then property-based mutations of save files and actions.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
import resource
import tracemalloc
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers_bad_input import MAX_MESSAGE, Overrun, guarded, nest, refused, short_id
from helpers_docs import undocumented
from hypothesis import HealthCheck, Phase, assume, example, given, settings
from hypothesis import strategies as st

import isslab
import isslab.sim
import isslab.sim.pool
from isslab.analysis import winprob
from isslab.core import MAX_DEPTH, MAX_OPTION_INT, MAX_OPTION_ITEMS, MAX_SAVE_CHARS, Option, missing_bounds
from isslab.games.space_1999 import FirstPlayer, Move, Roll
from isslab.play import derive_seeds

GAMES = isslab.games()
# an alarm of ``guarded`` that lands in a garbage-collector callback is reported as unraisable
# (the call then runs on into its memory limit or its end); the report is noise
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture(scope="module")
def saves() -> dict[str, list[isslab.State]]:
    """A few positions of a seeded game per registered game (start, early, middle)."""
    out = {}
    for gid in GAMES:
        rec = isslab.play(isslab.make(gid), "random", seed=3)
        states = rec.states()
        out[gid] = [states[0], states[min(7, rec.steps)], states[min(40, rec.steps)]]
    return out


# --- options: the generic mechanism in core -------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (
            Option("n", 3, "", min=1, max=9),
            float("inf"),
            r"option n=inf is not allowed \(a float: give an int\): use int from 1 to 9",
        ),
        (Option("n", 3, "", min=1, max=9), float("nan"), r"option n=nan is not allowed"),
        (Option("n", 3, "", min=1, max=9), -float("inf"), r"option n=-inf is not allowed"),
        (Option("n", 3, "", min=1, max=9), 10**400, r"option n=1000.* is not allowed"),
        (Option("n", 3, "", min=1, max=9), 10**5000, r"option n=<int of about 5,001 digits> is not allowed"),
        # without a declared max, the safety net still bounds an int
        (Option("n", 3, ""), 10**400, r"use int from -1,000,000,000 to 1,000,000,000"),
        (Option("n", 3, "", min=0), MAX_OPTION_INT + 1, r"use int from 0 to 1,000,000,000"),
        (Option("n", 3, "", min=1, max=9), 2.5, r"\(a float: give an int\): use int from 1 to 9"),
        # the rule for numbers: an int option takes no float, not even an integral one
        (
            Option("n", 3, "", min=1, max=9),
            4.0,
            r"option n=4.0 is not allowed \(a float: give an int \(4, not",
        ),
        (Option("n", 3, "", min=1, max=9), np.float64(4.0), r"a float: give an int \(4, not"),
        (Option("n", 3, "", min=1, max=9), np.bool_(True), r"\(a bool: give an int\)"),
        (Option("n", 3, "", min=1, max=9), True, r"option n=True"),
        (Option("n", 3, "", min=1, max=9), "3", r"option n='3' is not allowed \(a string: give the value"),
        (Option("n", 3, "", min=1, max=9), None, r"option n=None"),
        (
            Option("x", 0.5, "", min=0, max=1),
            float("nan"),
            r"option x=nan is not allowed: use float from 0 to 1",
        ),
        (Option("x", 0.5, ""), float("inf"), r"option x=inf is not allowed"),
        (Option("x", 0.5, ""), 10**400, r"option x=1000"),
        (Option("x", 0.5, "", min=0, max=1), "0.5", r"option x='0.5'"),
        (Option("b", True, ""), 2, r"option b=2 is not allowed: use True or False"),
        (Option("b", True, ""), "True", r"option b='True'"),
        (Option("b", True, ""), 1.0, r"option b=1.0"),
        (Option("b", True, ""), 0, r"option b=0 is not allowed: use True or False"),
        (Option("x", 0.5, ""), True, r"option x=True is not allowed \(a bool: give a number\)"),
        (Option("c", "a", "", choices=("a", "b")), "z", r"option c='z' is not allowed: use one of 'a', 'b'"),
        (Option("c", "a", "", choices=("a", "b")), 1, r"option c=1"),
        (Option("c", "a", "", choices=("a", "b")), ["a"], r"option c=\['a'\]"),
        (Option("k", 8, "", choices=(8, 16)), 12, r"option k=12 is not allowed: use one of 8, 16"),
        (Option("s", "a", ""), "x" * 201, r"option s='xxx.*\(201 chars\) is not allowed"),
        (Option("t", (1, 2, 3), ""), [1, 2], r"option t needs 3 entries, got 2: \[1, 2\]"),
        (
            Option("t", (1, 2, 3), ""),
            "abc",
            r"option t='abc' is not allowed: use a sequence like \[1, 2, 3\]",
        ),
        (Option("t", (1, 2, 3), ""), {"a": 1}, r"option t=\{'a': 1\} is not allowed"),
        (Option("t", (1, 2, 3), ""), 5, r"option t=5"),
        (Option("t", (1, 2, 3), ""), [1, "2", 3], r"option t=\[1, '2', 3\] .*entry 2 is '2', a string"),
        (Option("t", (1, 2, 3), ""), [1, True, 3], r"option t=\[1, True, 3\] .*entry 2 is True, a bool"),
        (Option("t", (1, 2, 3), ""), [1, 2.0, 3], r"entry 2 is 2.0, a float: give an int \(2, not 2.0\)"),
        (Option("t", (True, False), ""), [True, 1], r"entry 2 is 1\)"),
        (Option("t", ((1, "a"),), "", min=1), [[1, "a"], [2.5, "b"]], r"row 2, entry 1 is 2.5, a float"),
        (Option("t", ((1, 2),), "", min=1), [5], r"entry 1 is 5: give a sequence"),
        (Option("t", ("a", "b"), ""), ["a", 1.5], r"option t=\['a', 1.5\]"),
        (Option("t", (0.5,), ""), [float("nan")], r"option t=\[nan\]"),
        (Option("t", (0.5,), ""), [10**400], r"option t=\[1000"),
        # declared length and item bounds
        (
            Option("t", (1, 2), "", min_len=1, max_len=3),
            [1, 2, 3, 4],
            r"option t needs 1 to 3 entries, got 4",
        ),
        (Option("t", (1, 2), "", min_len=1, max_len=3), [], r"option t needs 1 to 3 entries, got 0"),
        (
            Option("t", (1, 2), "", item_min=0, item_max=5),
            [1, 6],
            r"option t=\[1, 6\] is not allowed: .*from 0 to 5",
        ),
        (Option("t", (1, 2), "", item_min=0, item_max=5), [-1, 1], r"each int from 0 to 5"),
        (Option("t", (1, 2), "", min=1), range(10**12), r"needs 1 to 1000 entries, got 1000000000000"),
        (Option("t", (1, 2), "", min=1), iter(int, 1), r"needs 1 to 1000 entries, got more than 1000"),
        (Option("t", (1, 2), "", min=1), [10**400, 1], r"option t=\[1000.* is not allowed"),
        # nested values: the net bounds depth, cells and strings of every table
        (Option("t", ((1, 2),), "", min=1), [nest(10)], r"nested more than 4 levels deep"),
        (Option("t", ((1, 2),), "", min=1), [[1, 2]] * 600, r"more than 1000 numbers and strings"),
        (Option("t", (("a", 1),), "", min=1), [["x" * 300, 1]], r"a string of 300 characters"),
        (Option("t", (("a", 1),), "", min=1), [[{"a": 1}, 1]], r"dict values are not allowed"),
    ],
    ids=short_id,
)
def test_option_validation_names_the_option_for_every_kind(option, value, message):
    with pytest.raises(ValueError, match=message) as err:
        option.validate(value)
    assert len(str(err.value)) < 400


@pytest.mark.parametrize(
    ("option", "value", "canonical"),
    [
        (Option("n", 3, "", min=1, max=9), np.int64(4), 4),
        (Option("n", 3, "", min=1, max=9), np.uint8(4), 4),
        (Option("b", True, ""), np.bool_(False), False),
        (Option("x", 0.5, ""), 1, 1.0),
        (Option("x", 0.5, ""), np.float32(0.25), 0.25),
        (Option("t", (1, 2, 3), ""), np.array([4, 5, 6]), (4, 5, 6)),
        (Option("t", ((1, 2),), "", min=1), np.array([[4, 5], [6, 7]]), ((4, 5), (6, 7))),
        (Option("t", (1, 2, 3), ""), [4, 5, 6], (4, 5, 6)),
        (Option("t", (1, 2), "", min_len=1, max_len=3), range(3), (0, 1, 2)),
        (Option("t", (0.5, 1.5), ""), [1, 2.5], (1.0, 2.5)),
        (Option("t", ((1, (2,)),), "", min=1), [[1, [2, 3]]], ((1, (2, 3)),)),
        (Option("t", (1, 2), "", item_min=0, item_max=5), (0, 5), (0, 5)),
    ],
)
def test_option_validation_accepts_and_canonicalises_good_values(option, value, canonical):
    got = option.validate(value)
    assert got == canonical and type(got) is type(canonical)
    if isinstance(got, tuple):
        assert [type(v) for v in got] == [type(v) for v in canonical]


def test_option_declarations_are_checked():
    with pytest.raises(ValueError, match="lower bound above the upper bound"):
        Option("n", 3, "", min=5, max=1)
    with pytest.raises(ValueError, match="lower bound above the upper bound"):
        Option("t", (1,), "", min_len=3, max_len=2)
    with pytest.raises(ValueError, match="length and item bounds are for tuple options"):
        Option("n", 3, "", max_len=4)
    assert Option("t", (1, 2), "", min=1).length_bounds() == (1, None)  # the older spelling
    assert Option("t", (1, 2), "").length_bounds() == (2, 2)
    assert Option("t", (1, 2), "", max_len=5).length_bounds() == (0, 5)


def test_missing_bounds_names_what_an_option_leaves_open():
    assert missing_bounds(Option("n", 3, "")) == ["min", "max"]
    assert missing_bounds(Option("n", 3, "", min=0)) == ["max"]
    assert missing_bounds(Option("n", 3, "", min=0, max=4)) == []
    assert missing_bounds(Option("c", "a", "", choices=("a",))) == []
    assert missing_bounds(Option("b", True, "")) == []
    assert missing_bounds(Option("t", (1, 2), "")) == ["item_min", "item_max"]
    assert missing_bounds(Option("t", (1, 2), "", min=1)) == ["max_len", "item_min", "item_max"]
    assert missing_bounds(Option("t", (1, 2), "", min_len=1, max_len=9, item_min=0, item_max=3)) == []
    assert missing_bounds(Option("t", (("a", 1),), "", min_len=1, max_len=9)) == []


def test_options_of_a_real_game_reject_non_finite_numbers():
    for bad in (float("inf"), float("nan")):
        with pytest.raises(ValueError, match="option max_rounds="):
            isslab.make("space-1999", max_rounds=bad)


def _bound_marks(gid: str) -> list[Any]:
    missing = [
        f"{o.name}: {', '.join(missing_bounds(o))}"
        for o in isslab.game_class(gid).OPTIONS
        if missing_bounds(o)
    ]
    if not missing:
        return []
    reason = f"{gid} options without bounds (the game's owner adds them): " + "; ".join(missing)
    return [pytest.mark.xfail(strict=False, reason=reason)]


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=_bound_marks(g)) for g in GAMES])
def test_every_int_and_tuple_option_declares_its_bounds(game_id):
    missing = {o.name: missing_bounds(o) for o in isslab.game_class(game_id).OPTIONS if missing_bounds(o)}
    assert not missing, f"options without bounds: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_default_is_valid_and_described_briefly(game_id):
    for o in isslab.game_class(game_id).OPTIONS:
        assert o.validate(o.default) == o.default, o.name
        assert len(o.allowed()) < 200 and len(o.allowed(example=False)) < 120, o.name


@pytest.mark.parametrize("game_id", GAMES)
def test_hostile_options_cost_a_short_message(game_id):
    huge = "x" * 50_000_000
    for call in (
        lambda: isslab.make(huge),
        lambda: isslab.make(game_id, **{huge: 1}),
        lambda: isslab.make(game_id, players=huge),
        lambda: isslab.make(game_id, players=nest(100_000)),
        lambda: isslab.make(game_id, players=10**5000),
        lambda: isslab.make(game_id, **{f"bogus{i}": i for i in range(10_000)}),
        lambda: isslab.make(["not", "an", "id"]),
        lambda: isslab.make(game_id, game_id=1),  # the positional name is not an option name
    ):
        refused(call)  # a message of at most MAX_MESSAGE characters, whatever the size of the input


def test_the_game_cache_validates_every_request():
    # True == 1 and hash(True) == hash(1): a cache keyed on the raw values would hand back eagles=1
    isslab.make("space-1999", eagles=1)
    with pytest.raises(ValueError, match="option eagles=True"):
        isslab.make("space-1999", eagles=True)
    isslab.make("space-1999", players=2, forced_move=False)
    assert isslab.make("space-1999", players=2, forced_move=np.bool_(False)).options["forced_move"] is False
    # inside a tuple too: (True, True, ...) == (1, 1, ...) and they hash alike
    isslab.make("1969", pp_limits=(1, 1, 2, 2, 3, 3, 4))
    with pytest.raises(ValueError, match=r"option pp_limits=\(True, True"):
        isslab.make("1969", pp_limits=(True, True, 2, 2, 3, 3, 4))
    # equal requests, however spelled, still share one game (and its tables)
    assert isslab.make("space-1999", players=2) is isslab.make("space-1999", players=2)
    a = isslab.make("1969", income=[12, 13, 14, 15, 16, 17, 18])
    assert (
        a
        is isslab.make("1969", income=(12, 13, 14, 15, 16, 17, 18))
        is isslab.make("1969", income=range(12, 19))
    )


# --- options: each game's bounds ------------------------------------------------------------------
# The bounds below are recommended to the games' owners (applied after the engine split). A game
# at all the maxima must still be built in well under a second and play; one step past a bound
# must be refused. Bounds the games enforce already are plain tests; the others are strict xfails
# that turn into failures the moment the bounds land (then remove the mark).

MISSION_SYMBOLS = ("astronautics", "launchpad", "vector", "orbital", "lunar", "technology")
ISS_TYPES = ("LAB", "COM", "CRN", "EVA", "LS")
MAXIMA: dict[str, dict[str, Any]] = {
    "1998-iss": {
        "players": 4,
        "first_player": 3,
        "action_countdown": [5] * 8,
        "shuttle_copies": [6, 6, 4, 4, 4],
        "shuttle_seats": [8] * 5,
        "shuttle_materials": [1] * 5,
        "shuttle_modules": [1] * 5,
        "shuttle_replacement": [1] * 5,
        "countdown_start": [[20] * 5, [20] * 5],
        "initial_modules": [
            [f"Initial module {i} of a forty-character name"[:40], list(ISS_TYPES[:4])] for i in range(4)
        ],
        "module_deck": [
            [
                f"Module {i:02d} of a forty-character name here"[:40],
                [ISS_TYPES[i % 5], ISS_TYPES[(i + 1) % 5]],
            ]
            for i in range(30)
        ],
        "installation_tokens": 60,
        "experiment_deck": [
            [
                f"Experiment {i:02d} of a forty-character name"[:40],
                1 + i % 3,
                50,
                20,
                30,
                ["ANY"] * 4,
                "short",
            ]
            for i in range(60)
        ],
        "hand_limit": 10,
        "astronauts": 8,
        "action_cubes": 16,
        "material_tokens": 20,
        "max_iss_material": 20,
        "max_external": 30,
        "long_stay_points": [100] * 20,
        "start_iss_material": 20,
        "start_player_iss_material": 20,
        "start_external": 30,
        "installation_points": 20,
        "goal_points": 50,
        "shuttle_set_points": [100] * 5,
        "unplayed_penalty": 20,
        "goals_in_play": 10,
        "fedor_deck": [["conduct", "RU"]] * 30,
        "fedor_astronauts": 8,
        "fedor_iss_material": 20,
        "fedor_external": 30,
        "fedor_cargo": 10,
        "fedor_tries": 10,
    },
    "1969": {
        "players": 5,
        "first_player": 4,
        "income": [100] * 7,
        "pp_limits": [20] * 7,
        "pp_money": 20,
        "start_prestige": 50,
        "missions": [
            [
                f"Mission {i:02d} of a forty-character name"[:40],
                list(MISSION_SYMBOLS[: 1 + i % 6]),
                100,
                10,
                list(range(30)),
            ]
            for i in range(20)
        ],
        "moon_cost": 100,
        "moon_ic": 10,
        "moon_values": list(range(40)),
        "dice": 10,
        "die_faces": [20, 20, 20],
        "intel_deck": [30] * 4,
        "intel_cost": 20,
        "hand_limit": 12,
        "scientist_costs": [50] * 5,
        "scientist_supply": [60] * 5,
        "end_bonus": [10] * 5,
        "bonus_tokens": 60,
        "robotics_discount": 20,
        "investors_discount": 20,
        "insurance_pay": 20,
    },
    "space-1999": {
        "players": 4,
        "eagles": 6,
        "rings": 6,
        "spokes": 24,
        "lines_per_corner": 3,
        "diagonal_jumps": True,
        "start_rotation": 23,
        "max_rounds": 10_000,
    },
    "mission-iss": {
        "players": 4,
        "good_job_cards": 8,
        "track_years": list(range(1998, 2018)),
        "incident_years": list(range(2000, 2010)),
        "milestones": [[y, 12] for y in range(2010, 2016)],
        # every module may attach to every field but itself
        "module_parents": ["TRSBCDEFGHIJKLM".replace(m, "") for m in "BCDEFGHIJKLM"],
        "difficulty_values": [9] * 12,
        "astronaut_markers": [9] * 6,
        "incident_markers": [5] * 40,
        "incident_marker_cap": 6,
        "research_dice": [[6, 6]] * 40,
        "research_bonuses": ["recover"] * 40,
        "setup_tile_fields": ["T", "R", "S"],
        "blue_dice": 10,
        "red_dice": 10,
        "cards_2p": [[10] * 4] * 2,
        "cards_3p": [[10] * 4] * 3,
        "cards_4p": [[10] * 4] * 4,
        "solo_cards": [10] * 4,
        "astronaut_skills": [[4, 4, 4]] * 8,
        "starting_astronauts": 8,
        "robonauts": 6,
        "exercise_markers": [9, 9, 9],
    },
}


@pytest.mark.parametrize("game_id", sorted(MAXIMA))
def test_a_game_at_the_recommended_maxima_is_built_quickly_and_plays(game_id):
    game = guarded(lambda: isslab.make(game_id, **MAXIMA[game_id]), seconds=1.0, mb=300)
    rec = guarded(lambda: isslab.play(game, "random", seed=0), seconds=20.0, mb=500)
    assert rec.final_state().is_terminal()


_MAX69 = MAXIMA["1969"]


def _row(**change: Any) -> list[Any]:
    row = dict(zip(("name", "symbols", "cost", "ic", "values"), _MAX69["missions"][0], strict=True))
    row.update(change)
    return [list(row.values())]


_MAX98 = MAXIMA["1998-iss"]


def _exp(**change: Any) -> list[Any]:
    row = dict(
        zip(
            ("name", "level", "points", "iss", "ext", "needs", "task"),
            _MAX98["experiment_deck"][0],
            strict=True,
        )
    )
    row.update(change)
    return [list(row.values())] + _MAX98["experiment_deck"][1:]


def _module(**change: Any) -> list[Any]:
    row = dict(zip(("name", "compartments"), _MAX98["module_deck"][0], strict=True))
    row.update(change)
    return [list(row.values())] + _MAX98["module_deck"][1:]


#: (game, options one step past a recommended bound) besides one past the top of each int option
#: (:func:`_past_the_top`): lists, and options that bound each other
PAST_BOUNDS: list[tuple[str, dict[str, Any]]] = [
    ("1969", {"players": 3, "first_player": 3}),
    ("1969", {"income": [101] * 7}),
    ("1969", {"income": [-1] * 7}),
    ("1969", {"pp_limits": [21] * 7}),
    ("1969", {"missions": _MAX69["missions"] + _row()}),
    ("1969", {"missions": _row(name="x" * 41)}),
    ("1969", {"missions": _row(cost=101)}),
    ("1969", {"missions": _row(ic=11)}),
    ("1969", {"missions": _row(values=list(range(31)))}),
    ("1969", {"missions": _row(values=[0, 101])}),
    ("1969", {"moon_values": list(range(41))}),
    ("1969", {"moon_values": [0, 101]}),
    ("1969", {"moon_values": [0]}),
    ("1969", {"die_faces": [21, 2, 1]}),
    ("1969", {"intel_deck": [10] * 5}),
    ("1969", {"intel_deck": [61, 13, 13]}),
    ("1969", {"intel_deck": [0, 0, 0]}),
    ("1969", {"hand_limit": 13, "intel_deck": [30] * 3}),
    # a hand limit the deck can never fill cannot be played as written
    ("1969", {"hand_limit": 12, "intel_deck": [3, 3, 3]}),
    ("1969", {"scientist_costs": [51, 3, 9, 11, 7]}),
    ("1969", {"scientist_supply": [61, 10, 10, 10, 10]}),
    ("1969", {"end_bonus": [11, -2, 3, 0, -1]}),
    ("1969", {"end_bonus": [0, -11, 3, 0, -1]}),
    ("1998-iss", {"players": 0}),
    ("1998-iss", {"players": 2, "first_player": 2}),
    ("1998-iss", {"action_countdown": [6] * 8}),
    ("1998-iss", {"action_countdown": [0] * 8}),
    ("1998-iss", {"shuttle_copies": [13, 3, 2, 2, 2]}),
    ("1998-iss", {"shuttle_copies": [7, 6, 2, 2, 2]}),
    ("1998-iss", {"shuttle_copies": [0, 0, 2, 2, 2]}),
    ("1998-iss", {"shuttle_seats": [9] * 5}),
    ("1998-iss", {"shuttle_materials": [2] * 5}),
    ("1998-iss", {"shuttle_materials": [0, 0, 0, 1, 1]}),
    ("1998-iss", {"shuttle_modules": [2] * 5}),
    ("1998-iss", {"shuttle_replacement": [2] * 5}),
    ("1998-iss", {"countdown_start": [[21] * 5, [20] * 5]}),
    ("1998-iss", {"countdown_start": [[20] * 5]}),
    ("1998-iss", {"initial_modules": _MAX98["initial_modules"] + [["Fifth", ["LAB"]]]}),
    ("1998-iss", {"initial_modules": [["Zarya", ["LS"] * 5]] + _MAX98["initial_modules"][1:]}),
    ("1998-iss", {"module_deck": _MAX98["module_deck"] + _module(name="One more")[:1]}),
    ("1998-iss", {"module_deck": _module(name="x" * 41)}),
    ("1998-iss", {"module_deck": _module(compartments=["LAB", "LAB", "LAB"])}),
    ("1998-iss", {"module_deck": _module(compartments=["ANY", "LAB"])}),
    ("1998-iss", {"experiment_deck": _MAX98["experiment_deck"] + _exp(name="One more")[:1]}),
    ("1998-iss", {"experiment_deck": _exp(level=4)}),
    ("1998-iss", {"experiment_deck": _exp(points=51)}),
    ("1998-iss", {"experiment_deck": _exp(iss=21)}),
    ("1998-iss", {"experiment_deck": _exp(ext=31)}),
    ("1998-iss", {"experiment_deck": _exp(needs=["ANY"] * 5)}),
    ("1998-iss", {"experiment_deck": _exp(task="long")}),
    ("1998-iss", {"experiment_deck": _exp(name="x" * 41)}),
    ("1998-iss", {"long_stay_points": [100] * 21}),
    ("1998-iss", {"long_stay_points": [101] * 20}),
    ("1998-iss", {"start_player_iss_material": 9}),
    ("1998-iss", {"shuttle_set_points": [101] * 5}),
    ("1998-iss", {"shuttle_set_points": [1] * 6}),
    ("1998-iss", {"fedor_deck": [["conduct", "RU"]] * 31}),
    ("1998-iss", {"players": 1, "fedor_deck": [["reshuffle", "RU"]] * 3}),
    ("space-1999", {"spokes": 32}),
    ("space-1999", {"spokes": 8, "start_rotation": 8}),
    ("mission-iss", {"track_years": list(range(1990, 2011))}),
    ("mission-iss", {"track_years": [1899, 1998, 2011]}),
    ("mission-iss", {"incident_years": list(range(2000, 2011))}),
    ("mission-iss", {"milestones": [[y, 1] for y in range(2000, 2007)]}),
    ("mission-iss", {"milestones": [[2005, 13]]}),
    ("mission-iss", {"difficulty_values": [10] * 12}),
    ("mission-iss", {"astronaut_markers": [3] * 7}),
    ("mission-iss", {"incident_markers": [1] * 41}),
    ("mission-iss", {"incident_markers": [6]}),
    ("mission-iss", {"research_dice": [[3]] * 41, "research_bonuses": ["none"] * 41}),
    ("mission-iss", {"research_dice": [[7]] * 24}),
    ("mission-iss", {"research_dice": [[1, 1, 1]] * 24}),
    ("mission-iss", {"setup_tile_fields": ["T", "R", "S", "T"]}),
    ("mission-iss", {"cards_2p": [[11, 1, 1, 1], [3, 1, 1, 1]]}),
    ("mission-iss", {"cards_4p": [[2, 1, 1, 1]] * 5}),
    ("mission-iss", {"solo_cards": [11, 2, 2, 2]}),
    ("mission-iss", {"astronaut_skills": [[1, 1, 1]] * 9}),
    ("mission-iss", {"astronaut_skills": [[5, 1, 1]] * 6}),
    ("mission-iss", {"exercise_markers": [10, 3, 3]}),
]


def _past_the_top() -> list[tuple[str, dict[str, Any]]]:
    """One past the declared maximum of every int option of every game (``{"players": 6}`` in 1969)."""
    return [
        (g, {o.name: int(o.max) + 1})
        for g in GAMES
        for o in isslab.game_class(g).OPTIONS
        if o.max is not None and isinstance(o.default, int) and not isinstance(o.default, bool)
    ]


@pytest.mark.parametrize(
    ("game_id", "options"),
    PAST_BOUNDS + _past_the_top(),
    ids=lambda v: "-".join(v) if isinstance(v, dict) else v,
)
def test_one_step_past_a_recommended_bound_is_refused(game_id, options):
    err = refused(lambda: isslab.make(game_id, **options), seconds=2.0)
    assert any(name in str(err) for name in options), str(err)


# the reported cases: each used gigabytes or minutes, or hit the recursion limit
_HAND_LIMIT_SAVE = (
    '{"format":"isslab.state","version":1,"game":"1969","options":{"hand_limit":100000000},'
    '"history":[],"state":{}}'
)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: isslab.load(_HAND_LIMIT_SAVE), id="load-hand_limit-1e8"),
        pytest.param(lambda: isslab.make("1969", hand_limit=10**6), id="make-hand_limit-1e6"),
        pytest.param(
            lambda: isslab.make("1969", pp_limits=(1, 1, 2, 2, 3, 3, 10_000)),
            id="pp_limits-1e4",
        ),
        pytest.param(
            lambda: isslab.play(isslab.make("1969", intel_deck=(1,) * 900), "random", seed=0),
            id="intel_deck-900",
        ),
        # refused today by the net under every tuple option (at most 1000 numbers)
        pytest.param(lambda: isslab.make("1969", intel_deck=(1,) * 3000), id="intel_deck-3000"),
        pytest.param(lambda: isslab.make("1969", hand_limit=10**10), id="hand_limit-1e10"),
    ],
)
def test_reported_option_values_that_cost_the_machine_are_refused(call):
    refused(call, seconds=1.0, mb=300)


# --- save files -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved() -> dict:
    rec = isslab.play(isslab.make("space-1999", players=3), "greedy", seed=2)
    return json.loads(rec.states()[25].to_json())


@pytest.mark.parametrize("verify", ["no", "False", 0, 1, None, [True]], ids=short_id)
def test_load_refuses_a_verify_flag_that_is_not_a_bool(saved, verify):
    with pytest.raises(ValueError, match=r"verify must be True or False, got"):
        isslab.load(json.dumps(saved), verify=verify)


def test_load_rejects_text_that_is_not_a_save_file(saved):
    text = json.dumps(saved)
    for bad in (None, 5, [], text[: len(text) // 2], text[:-1], "", "null", "[]", "1e400", b"\xff\xfe"):
        with pytest.raises(ValueError, match="not an isslab save file"):
            isslab.load(bad)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1000 + "]" * 1000, "nested more than 32 levels deep"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 32 levels deep"),
        ("[" * 33 + "]" * 33, "nested more than 32 levels deep"),
        ('{"a":' * 5000 + "1" + "}" * 5000, "nested more than 32 levels deep"),
        ('{"format": ' + "9" * 5000 + "}", "invalid JSON"),
        (" " * (MAX_SAVE_CHARS + 1), "characters, more than the 8,000,000 that are read"),
    ],
)
def test_load_bounds_the_size_and_depth_of_the_text(text, message):
    err = refused(lambda: isslab.load(text))
    assert message in str(err) and "not an isslab save file" in str(err)


@pytest.mark.parametrize("game_id", GAMES)
def test_load_refuses_deep_nesting_anywhere_in_a_save_file(game_id, saves):
    state = saves[game_id][-1]
    doc = json.loads(state.to_json())
    deep = nest(MAX_DEPTH + 1)
    for where in ("history", "state", "options"):
        changed = json.loads(json.dumps(doc))
        if where == "history":
            changed["history"][0] = [changed["history"][0][0], deep]
        elif where == "state":
            changed["state"][next(iter(changed["state"]))] = deep
        else:
            changed["options"]["players"] = deep
        err = refused(lambda changed=changed: isslab.load(json.dumps(changed)))
        assert "nested more than 32 levels deep" in str(err)
    # just under the JSON bound: the nested field makes an action that is not legal
    doc["history"][0] = [doc["history"][0][0], nest(MAX_DEPTH - 4)]
    err = refused(lambda: isslab.load(json.dumps(doc)))
    assert str(err).startswith("corrupt save file")


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, 1e400, "x" * 100_000])
def test_load_rejects_a_version_that_is_not_exactly_one(saved, version):
    err = refused(lambda: isslab.load(json.dumps({**saved, "version": version})))
    assert "unsupported save-file version" in str(err) and len(str(err)) < 200


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
        if field == "state" and value == {}:
            with pytest.raises(ValueError, match=r"does not match its history \(missing theta, board"):
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
        {"x" * 100_000: 1},
        {"players": "x" * 100_000},
    ],
)
def test_load_rejects_bad_options_as_a_corrupt_file(saved, options):
    err = refused(lambda: isslab.load(json.dumps({**saved, "options": {**saved["options"], **options}})))
    assert str(err).startswith("corrupt save file: ") and "option" in str(err) and len(str(err)) < 400


@pytest.mark.parametrize(
    "entry",
    [
        ["Move", 99, "pass", [], ""],
        ["FirstPlayer", 7],
        ["FirstPlayer", 1e400],
        ["FirstPlayer", 10**30],
        ["FirstPlayer", 10**4000],
        ["Move", {"a": 1}, "step", [], ""],
        ["Roll", 1, "red"],
        ["FirstPlayer"],
        ["FirstPlayer", 0, 1],
        ["FirstPlayer", *range(100_000)],
        ["FirstPlayer", "x" * 1_000_000],
        [],
        "x",
        None,
        ["NoSuchType", 1],
        ["x" * 1_000_000, 1],
    ],
    ids=short_id,
)
def test_load_rejects_bad_history_entries_with_a_reason(saved, entry):
    err = refused(lambda: isslab.load(json.dumps({**saved, "history": [entry, *saved["history"][1:]]})))
    assert str(err).startswith("corrupt save file") and len(str(err)) < 1000


def test_load_names_unknown_and_missing_state_fields(saved):
    # a different but legal history (another roll-off winner) does not give the saved position
    hist = [["FirstPlayer", (saved["history"][0][1] + 1) % 3]]
    with pytest.raises(ValueError, match="does not match its history"):
        isslab.load(json.dumps({**saved, "history": hist}))
    extra = {**saved["state"], "unknown_field": 1, "x" * 10_000: 2}
    with pytest.raises(
        ValueError, match=r"unknown fields unknown_field, 'xxx.*; the fields are: theta"
    ) as err:
        isslab.load(json.dumps({**saved, "state": extra}))
    assert len(str(err.value)) < 300
    with pytest.raises(ValueError, match="unknown field unknown_field"):
        isslab.load(json.dumps({**saved, "state": {**saved["state"], "unknown_field": 1}}), verify=False)
    with pytest.raises(ValueError, match="unknown state fields: unknown_field"):
        isslab.core.restore(isslab.make("space-1999", players=3), {**saved["state"], "unknown_field": 1})
    less = {k: v for k, v in saved["state"].items() if k != "theta"}
    with pytest.raises(ValueError, match=r"does not match its history \(missing theta\)"):
        isslab.load(json.dumps({**saved, "state": less}))


@pytest.mark.parametrize("game_id", GAMES)
def test_unverified_loads_and_restore_bound_their_input_too(game_id, saves):
    state = saves[game_id][-1]
    doc = json.loads(state.to_json())
    field = next(iter(doc["state"]))
    doc["state"][field] = nest(100_000)
    err = refused(lambda: isslab.core.restore(state.game, doc["state"]))
    assert f"state field {field}" in str(err)
    assert isslab.load(state.to_json(), verify=False) == state
    refused(lambda: isslab.core.restore(state.game, [1, 2]))
    err = refused(lambda: state.game.position(**{"x" * 10_000_000: 1}))
    assert "has no state field" in str(err) and len(str(err)) < 400


# --- actions --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        Move(99, "pass", (), ""),
        FirstPlayer(99),
        FirstPlayer(1e400),
        FirstPlayer(10**5000),
        Move({"a": 1}, "step", (), ""),
        Roll(9, "blue"),
    ],
    ids=short_id,
)
def test_malformed_actions_raise_illegal_action_error_not_a_crash(bad):
    s = isslab.make("space-1999").new_state()
    before = s.snapshot()
    with pytest.raises(
        isslab.IllegalActionError, match="illegal action .* for chance at move 0; legal: roll-off"
    ):
        s.apply(bad)
    assert s.snapshot() == before


def _junk_actions(game: isslab.Game) -> list[Any]:
    junk: list[Any] = [
        None,
        1e400,
        float("nan"),
        {},
        set(),
        object(),
        b"bytes",
        10**5000,
        -(10**400),
        "x" * 50_000_000,
        nest(100_000),
        [0] * 1_000_000,
        ["Move"],
        ["NoSuchType", 1],
        [t.__name__ for t in game.ACTION_TYPES],
    ]
    for t in game.ACTION_TYPES:
        n = len(t._fields)
        junk += [
            t(*([99] * n)),
            t(*([nest(5000)] * n)),
            t(*([10**5000] * n)),
            [t.__name__, *([nest(5000)] * n)],
        ]
        junk.append([t.__name__, *range(100_000)])
    return junk


@pytest.mark.parametrize("game_id", GAMES)
def test_junk_actions_raise_illegal_action_error_with_a_short_message(game_id, saves):
    game = isslab.make(game_id)
    for state in saves[game_id]:
        before = (state.snapshot(), state.history, state.legal_actions())
        for bad in _junk_actions(game):
            err = refused(lambda bad=bad, state=state: state.apply(bad), kind=isslab.IllegalActionError)
            assert "illegal action" in str(err)
            reason = guarded(lambda bad=bad, state=state: state.why_illegal(bad))
            assert reason is not None and len(reason) <= MAX_MESSAGE
        assert (state.snapshot(), state.history, state.legal_actions()) == before


def test_a_huge_int_action_is_an_illegal_action_error_naming_its_size():
    s = isslab.make("space-1999").new_state()
    with pytest.raises(
        isslab.IllegalActionError, match=r"illegal action <int of about 5,001 digits> for chance"
    ):
        s.apply(10**5000)
    with pytest.raises(
        isslab.IllegalActionError, match=r"illegal action 'xxxx.*\(50,000,000 chars\) for chance"
    ):
        s.apply("x" * 50_000_000)


@pytest.mark.parametrize("game_id", GAMES)
def test_position_and_decode_bound_nesting(game_id):
    game = isslab.make(game_id)
    field = game.new_state().FIELDS[0]
    for deep in (nest(MAX_DEPTH + 1), tuple(nest(5000))):  # the generic position of core
        err = refused(lambda deep=deep: isslab.Game.position(game, **{field: deep}))
        assert "nested more than 32 levels deep" in str(err)
    refused(lambda: game.decode_action([game.ACTION_TYPES[0].__name__, nest(5000)]))


@pytest.mark.parametrize("game_id", GAMES)
def test_position_refuses_wrong_types_with_value_error(game_id):
    game = isslab.make(game_id)
    for field in game.new_state().FIELDS:
        for bad in (nest(40), tuple(nest(5000)), "x", None, 10**5000, -1, [[1, 2]] * 3):
            with contextlib.suppress(ValueError):
                guarded(lambda field=field, bad=bad: game.position(**{field: bad}))


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


# --- play -----------------------------------------------------------------------------------------


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

    def huge_bot(state, rng: random.Random):
        return "x" * 10_000_000

    err = refused(lambda: isslab.play("space-1999", huge_bot, seed=0), kind=isslab.IllegalActionError)
    assert "bot 'huge_bot'" in str(err)


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


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, r"seed must be an int from 0 to 2\*\*128 - 1, got -1"),
        ({"seed": 1.5}, r"seed must be an int .* got 1.5"),
        ({"seed": True}, r"seed must be an int .* got True"),
        ({"seed": 2**128}, r"seed must be an int .* got 3402"),
        ({"seed": "0"}, r"seed must be an int .* got '0'"),
        ({"bots": 42}, r"bots must be a bot name, a callable .* got 42"),
        ({"bots": [42]}, r"a bot must be a name or a callable .* got 42"),
        ({"bots": ["random"] * 3}, r"needs 4 bots \(or one for all seats\), got 3"),
        ({"max_steps": 0}, r"max_steps must be an int >= 1, got 0"),
    ],
)
def test_play_checks_its_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        isslab.play("space-1999", **kwargs)
    with pytest.raises(ValueError, match="game must be a game id or a Game"):
        isslab.play(42)


def test_seeds_may_be_numpy_ints():
    import numpy as np

    assert derive_seeds(np.int64(5), 3) == derive_seeds(5, 3)


# --- the shared argument checks (isslab.checks) ---------------------------------------------------


@pytest.mark.parametrize(
    "value", [10**400, -(10**400), 10**5000, float("nan"), float("inf"), True, "1", None], ids=short_id
)
def test_every_measure_refuses_what_is_not_a_finite_number_by_name(value):
    from isslab import checks

    for call in (
        lambda: checks.number("precision", value, 0.0, 1.0),
        lambda: checks.number("bias", value),
        lambda: checks.level("level", value),
    ):
        err = refused(call)
        assert str(err).split(" must be ")[0] in ("precision", "bias", "level"), str(err)


@pytest.mark.parametrize("param", ["seconds", "exploration", "bias"])
@pytest.mark.parametrize("value", [10**400, -(10**400), 1e308, float("nan")], ids=short_id)
def test_search_bot_measures_too_large_for_a_float_are_refused_when_the_bot_is_made(param, value):
    err = refused(lambda: isslab.bot("space-1999", "mcts", **{param: value}))
    assert str(err).startswith(f"{param} must be a number"), str(err)


@pytest.mark.parametrize(
    ("spec", "params", "message"),
    [
        ("mcts(rollout=mcts)", {}, r"rollout 'mcts' is a search bot"),
        ("ismcts(rollout=ismcts)", {}, r"rollout 'ismcts' is a search bot"),
        ("mcts", {"rollout": "mcts(simulations=2)"}, r"is a search bot"),
        ("mcts", {"rollout_steps": 10**9}, r"rollout_steps must be an int from 1 to 1,000,000"),
        ("mcts(rollout=nobody)", {}, r"rollout: unknown bot 'nobody' for space-1999"),
        ("mcts", {"rollout": lambda state: None}, r"rollout must be a bot: a callable \(state, rng\)"),
        ("mcts", {"simulations": 10**400}, r"simulations must be an int"),
    ],
    ids=short_id,
)
def test_a_bot_spec_is_refused_when_it_is_made_not_at_its_first_move(spec, params, message):
    err = refused(lambda: isslab.bot("space-1999", spec, **params))
    assert re.search(message, str(err)), str(err)
    if not params:  # the same spec handed to simulate is refused before a game is played
        err = refused(lambda: isslab.simulate("space-1999", bots=spec, games=2, progress=False))
        assert re.search(message, str(err)), str(err)


# --- simulate and sweep ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": 1.5}, r"seed must be an int"),
        ({"seed": -1}, r"seed must be an int from 0 to 2\*\*128 - 1, got -1"),
        ({"bots": 42}, r"bots must be a bot name"),
        ({"bots": None}, r"bots must be a bot name"),
        ({"games": 0}, r"games must be a positive int"),
        ({"games": 2.0}, r"games must be a positive int"),
        ({"games": 10**12}, r"games must be a positive int \(at most 1,000,000"),
        ({"workers": 0}, r"workers must be an int >= 1 or a concurrent.futures.Executor, got 0"),
        ({"workers": -2}, r"workers must be an int >= 1 .* got -2"),
        ({"workers": True}, r"workers must be an int >= 1 .* got True"),
        ({"workers": "many"}, r"workers must be an int >= 1"),
        ({"state": "not a state"}, r"the start state belongs to a different game"),
        # an int too large for a float is refused by name, not with an OverflowError
        ({"games": "auto", "precision": 10**400}, r"precision must be a positive number.* got 1000"),
        ({"games": "auto", "precision": -(10**400)}, r"precision must be a positive number"),
        ({"games": "auto", "precision": 10**5000}, r"precision must be a positive number"),
        ({"bots": "mcts(seconds=1e400)"}, r"seconds must be a number above 0"),
        ({"bots": ["mcts", "random", "random", "random"], "seed": 10**400}, r"seed must be an int"),
        ({"out": "x" * 5000 + ".csv"}, r"out='xxx.*\(5,004 chars\) cannot be written: File name too long"),
        ({"out": "/" + "x" * 5000 + "/r.csv"}, r"cannot be written: File name too long"),
    ],
    ids=short_id,
)
def test_simulate_refuses_bad_arguments_with_value_error(kwargs, message):
    err = refused(lambda: isslab.simulate("space-1999", **{"games": 2, "progress": False, **kwargs}))
    assert re.search(message, str(err)), str(err)
    with pytest.raises(ValueError, match="game must be a game id, a Game or a State"):
        isslab.simulate(42, games=1, progress=False)


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (3, r"grid must be a dict of option name -> values"),
        ({}, r"grid must be a dict"),
        ({"eagles": 3}, r"grid\['eagles'\] must be a list of values, got 3"),
        ({"eagles": "23"}, r"grid\['eagles'\] must be a list of values"),
        ({"eagles": []}, r"grid\['eagles'\] holds no values"),
        ({"eagles": range(10**12)}, r"the grid has 10,001 points; at most 10,000"),
        ({"eagles": range(1, 101), "rings": range(2, 200)}, r"the grid has 19,800 points"),
        ({"eagles": [2, 99]}, r"option eagles=99"),
        ({"bogus": [1]}, r"unknown option bogus"),
    ],
)
def test_sweep_refuses_a_bad_grid_before_playing(grid, message):
    played = []

    def watcher(state, rng):
        played.append(1)
        return state.legal_actions()[0]

    with pytest.raises(ValueError, match=message):
        isslab.sweep("space-1999", grid, bots=watcher, games=2, progress=False)
    assert not played
    with pytest.raises(ValueError, match="seed must be an int"):
        isslab.sweep("space-1999", {"eagles": [2]}, games=2, seed=-1, progress=False)
    with pytest.raises(ValueError, match="sweep needs a game id"):
        isslab.sweep(42, {"eagles": [2]}, games=2, progress=False)


class Recorder(ThreadPoolExecutor):
    """Stands in for the process pool: records how many workers were asked for."""

    made: list[int] = []

    def __init__(self, max_workers: int, initializer: Any = None) -> None:
        Recorder.made.append(max_workers)
        super().__init__(max_workers)


def test_the_worker_count_is_capped_at_the_cpus_and_the_games(monkeypatch):
    monkeypatch.setattr(isslab.sim.pool, "ProcessPoolExecutor", Recorder)
    monkeypatch.setattr(isslab.sim.pool, "cpu_count", lambda: 2)
    Recorder.made.clear()
    kw = {"bots": "greedy", "progress": False, "players": 2}
    isslab.simulate("space-1999", games=5, workers=48, **kw)
    isslab.simulate("space-1999", games=1, workers=48, **kw)  # one game: played in-process
    monkeypatch.setattr(isslab.sim.pool, "cpu_count", lambda: 8)
    isslab.simulate("space-1999", games=3, workers=48, **kw)
    assert Recorder.made == [2, 3]
    assert isslab.sim.cpu_count() >= 1


class FailOn:
    """A random bot that raises ``error`` in game ``k`` of a run with seed ``run_seed`` (picklable)."""

    def __init__(self, run_seed: int, k: int, error: type[BaseException] = RuntimeError) -> None:
        game_seed = derive_seeds(run_seed, k + 1)[k]
        self.target = random.Random(derive_seeds(game_seed, 2)[1]).getstate()  # play's bot stream
        self.error = error
        self.__name__ = "failon"

    def __call__(self, state: isslab.State, rng: random.Random) -> Any:
        if state.move_number < 3 and rng.getstate() == self.target:
            raise self.error(f"bot failure in a chosen game at move {state.move_number}")
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (a pool's worker processes).

    Work is bounded by CPU time, never by the clock: a busy machine slows the clock, not the work.
    """
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


#: games of a run that must stop early: playing them all costs some 700 s of CPU (7 ms a game)
_LONG_RUN = 100_000
#: the CPU seconds a run that stops at once may cost (the pool's start and a chunk per worker take
#: one or two), a tenth of the whole run: a run that waited for its games could not stay under it
_STOPPED_AT_ONCE = 60.0


@pytest.mark.parametrize("workers", [1, 2, "threads"])
def test_an_error_in_one_game_stops_the_run_at_once_and_names_the_seed(workers):
    games = _LONG_RUN  # a long run: the error must not wait for its games
    kw = {"games": games, "seed": 3, "progress": False, "players": 2}
    seed_of_7 = derive_seeds(3, games)[7]
    cpu = _cpu_seconds()
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(ThreadPoolExecutor(2)) if workers == "threads" else workers
        with pytest.raises(RuntimeError, match="bot failure in a chosen game") as err:
            isslab.simulate("space-1999", bots=FailOn(3, 7), workers=pool, **kw)
    assert _cpu_seconds() - cpu < _STOPPED_AT_ONCE
    notes = " ".join(getattr(err.value, "__notes__", []))
    assert f"in game 7 of the simulation, seed {seed_of_7}" in notes
    assert f"isslab.play(game, bots, seed={seed_of_7})" in notes


@pytest.mark.parametrize("workers", [1, 2, "threads"])
def test_ctrl_c_returns_the_finished_games_with_a_warning(workers):
    games = _LONG_RUN
    kw = {"games": games, "seed": 0, "progress": False, "players": 2}
    cpu = _cpu_seconds()
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(ThreadPoolExecutor(2)) if workers == "threads" else workers
        with pytest.warns(UserWarning, match=rf"simulation interrupted: \d+ of {games} games were played"):
            df = isslab.simulate("space-1999", bots=FailOn(0, 30, KeyboardInterrupt), workers=pool, **kw)
    assert _cpu_seconds() - cpu < _STOPPED_AT_ONCE
    assert df.attrs["interrupted"] is True and df.attrs["seed"] == 0
    played = sorted(df["game"].unique())
    assert 30 not in played and len(played) < games
    assert (df.groupby("game").size() == 2).all()  # whole games only
    if workers == 1:  # in-process, every game before the interrupted one is kept, as it would be played
        assert played == list(range(30))
        full = isslab.simulate("space-1999", bots=FailOn(0, 30, KeyboardInterrupt), **{**kw, "games": 20})
        assert df[df.game < 20].reset_index(drop=True).equals(full)


def test_ctrl_c_in_a_sweep_returns_the_points_played_so_far():
    with pytest.warns(UserWarning, match=r"sweep interrupted: 2 of 3 points were visited"):
        df = isslab.sweep(
            "space-1999",
            {"eagles": [1, 2, 3]},
            bots=_InterruptAt(eagles=2, game=3),
            games=6,
            progress=False,
            players=2,
        )
    assert df.attrs["interrupted"] is True
    assert sorted(df.eagles.unique()) == [1, 2] and df[df.eagles == 2]["game"].nunique() == 3


class _InterruptAt(FailOn):
    """Raises KeyboardInterrupt in game ``game`` of the sweep point where ``eagles`` is set."""

    def __init__(self, eagles: int, game: int) -> None:
        super().__init__(0, game, KeyboardInterrupt)
        self.eagles = eagles

    def __call__(self, state: isslab.State, rng: random.Random) -> Any:
        if state.game.options["eagles"] != self.eagles:
            rng = random.Random(rng.random())  # never the target stream
        return super().__call__(state, rng)


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


# --- property-based: mutated save files and actions -----------------------------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-50, 50),
    st.sampled_from([10**10, -(10**12), 2**63, 2**64 + 1, 10**400, -(10**4000), 0.5, -0.0, 1e308]),
    st.sampled_from([float("inf"), float("-inf"), float("nan")]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
    st.sampled_from(["", "x" * 100_000, "[" * 40, "\x00", "\ud800", "Move", "FirstPlayer", "CardDraw"]),
)
_JSON = st.recursive(
    _SCALARS,
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=12,
)
#: replacement values: JSON values, deep nesting, long flat lists
VALUES = st.one_of(
    _JSON,
    st.integers(MAX_DEPTH - 3, 3000).map(nest),
    st.integers(1, 200_000).map(lambda n: [0] * n),
)
_CHARS = st.sampled_from(list('0123456789[]{}",:-.eE tfn\\x'))


def _paths(doc: Any) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (the root first), without recursion."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), doc)]
    while stack:
        path, node = stack.pop()
        out.append(path)
        if isinstance(node, dict):
            stack += [((*path, k), v) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [((*path, i), v) for i, v in enumerate(node)]
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


@st.composite
def mutated_json(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` with one to three changes: a value replaced, removed, inserted or duplicated."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["replace", "replace", "delete", "insert", "duplicate"]))
        if not path:
            if op == "replace":
                doc = draw(VALUES)
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        if op == "replace":
            parent[key] = draw(VALUES)
        elif op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif isinstance(parent, list):
            parent.insert(key, draw(VALUES))
        else:
            parent[draw(st.text(max_size=8))] = draw(VALUES)
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with characters flipped, inserted or deleted, or cut short."""
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(0, len(text) - 1)))
        op = draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if op == "flip":
            text = text[:i] + draw(_CHARS) + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + "".join(draw(st.lists(_CHARS, min_size=1, max_size=2))) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 20)) :]
        else:
            text = text[:i]
    return text


def _check_load(text: str, state: isslab.State) -> None:
    """The rule for one uploaded text: an error within a CPU second with bounded memory, or a real save.

    The worst of these loads takes some 0.05 s of CPU time (``guarded`` counts CPU time, not the
    clock, so a busy machine changes nothing): the limit is a wide margin above it.
    """
    before = (state.snapshot(), state.history)
    tracemalloc.start()
    try:
        loaded = guarded(lambda: isslab.load(text), seconds=1.0, mb=300)
    except ValueError as exc:
        assert len(str(exc)) <= MAX_MESSAGE, f"a message of {len(str(exc))} characters"
    except MemoryError:
        pytest.fail("load used more than 300 MB")
    except Overrun:
        pytest.fail("load took more than a CPU second")
    else:  # an accepted mutation is a real save file (a change of spacing, a spelling of an option)
        assert isslab.load(loaded.to_json()) == loaded
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 64 * 2**20 + 4 * len(text), f"load peaked at {peak / 2**20:.0f} MB"
    assert (state.snapshot(), state.history) == before


_PROPERTY = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,  # the time limit is checked by ``bounded`` around the call itself
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)


@pytest.mark.parametrize("game_id", GAMES)
@_PROPERTY
@given(data=st.data())
def test_mutated_save_files_cost_an_error_message(game_id, saves, data):
    state = data.draw(st.sampled_from(saves[game_id][1:]))
    text = state.to_json()
    if data.draw(st.booleans()):
        mutated = json.dumps(data.draw(mutated_json(json.loads(text))))
    else:
        mutated = data.draw(mutated_text(text))
    _check_load(mutated, state)


@st.composite
def mutated_action(draw: st.DrawFn, state: isslab.State) -> Any:
    """A legal action of ``state`` changed as JSON, as text or as an object, or any value at all."""
    legal = state.legal_actions()
    game = state.game
    kind = draw(st.sampled_from(["json", "text", "object", "value"] if legal else ["value"]))
    if kind == "value":
        return draw(st.one_of(VALUES, st.sampled_from([10**5000, b"x", object(), {1, 2}, (1, 2)])))
    action = draw(st.sampled_from(legal))
    if kind == "json":
        return draw(mutated_json(game.encode_action(action)))
    if kind == "text":
        return draw(mutated_text(str(action)))
    fields = list(action)
    i = draw(st.integers(0, len(fields) - 1))
    fields[i] = draw(VALUES)
    return type(action)(*fields)


@pytest.mark.parametrize("game_id", GAMES)
@_PROPERTY
@given(data=st.data())
def test_mutated_actions_raise_illegal_action_error_and_change_nothing(game_id, saves, data):
    state = data.draw(st.sampled_from(saves[game_id]))
    action = data.draw(mutated_action(state))
    before = (state.snapshot(), state.history, state.legal_actions())
    try:  # a CPU second: some 200 times what the worst of these takes
        new = guarded(lambda: state.apply(action), seconds=1.0, mb=200)
    except isslab.IllegalActionError as exc:
        assert len(str(exc)) <= MAX_MESSAGE
        reason = guarded(lambda: state.why_illegal(action), seconds=1.0, mb=200)
        assert reason is not None and len(reason) <= MAX_MESSAGE
    except (MemoryError, Overrun):
        pytest.fail("apply of a bad action ran out of time or memory")
    else:  # the mutation happened to name a legal action
        assert new.history[-1] in before[2]
    assert (state.snapshot(), state.history, state.legal_actions()) == before


_OPTION_VALUES = st.one_of(
    st.integers(-(10**9), 10**9),
    st.lists(st.integers(-(10**9), 10**9), max_size=MAX_OPTION_ITEMS),
    st.lists(st.integers(0, 40), min_size=1, max_size=MAX_OPTION_ITEMS),
    VALUES,
)
#: the option of the reported 110-byte save file (``hand_limit`` of 1969)
_HAND_LIMIT = [o.name for o in isslab.game_class("1969").OPTIONS].index("hand_limit")


@pytest.mark.parametrize("game_id", GAMES)
@settings(_PROPERTY, max_examples=30, phases=[Phase.explicit, Phase.generate])
@given(pick=st.integers(0, 10_000), value=_OPTION_VALUES)
@example(pick=_HAND_LIMIT, value=100_000_000)
def test_any_option_value_is_refused_or_builds_a_playable_game_quickly(game_id, pick, value):
    options = isslab.game_class(game_id).OPTIONS
    name = options[pick % len(options)].name

    def build_and_play() -> None:
        state = isslab.make(game_id, **{name: value}).new_state()
        rng = random.Random(0)
        for _ in range(20):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])

    try:
        guarded(build_and_play, seconds=1.0, mb=300)
    except ValueError as exc:
        assert len(str(exc)) <= MAX_MESSAGE
    except (MemoryError, Overrun):
        pytest.fail(f"{game_id} with {name}={str(value)[:60]} cost more than 1 s or 300 MB")


# --- property-based: mutated model files and variant definitions ---------------------------------


@pytest.fixture(scope="module")
def model_texts() -> dict[str, str]:
    """The model file shipped for each game's default table."""
    out = {}
    for gid in GAMES:
        found = winprob.available(isslab.make(gid))
        assert found is not None, f"{gid}: a model ships for the default table"
        out[gid] = found.to_json()
    return out


@pytest.mark.parametrize("game_id", GAMES)
@settings(_PROPERTY, max_examples=30)
@given(data=st.data())
def test_mutated_model_files_are_refused_or_give_chances_in_range(game_id, model_texts, saves, data):
    """Whatever a file holds (a field the reader learns later included), an error or a sound model."""
    game = isslab.make(game_id)
    text = model_texts[game_id]
    if data.draw(st.booleans()):
        doc = data.draw(mutated_json(json.loads(text)))
        try:
            mutated = json.dumps(doc)
        except RecursionError:  # nested deeper than this test's own encoder goes: such files are tested apart
            assume(False)
    else:
        mutated = data.draw(mutated_text(text))
    try:
        got = guarded(lambda: winprob.WinModel.from_json(mutated, game), seconds=2.0, mb=300)
    except ValueError as exc:
        assert len(str(exc)) <= MAX_MESSAGE
        return
    except (MemoryError, Overrun):
        pytest.fail("reading a model file cost more than 2 CPU seconds or 300 MB")
    low, high = winprob.modelfile.result_range(game)
    for state in (game.new_state(), *saves[game_id]):
        if state.game == game and not state.is_terminal():
            values = got.values(state, None)
            assert all(low <= got.lo <= v <= got.hi <= high for v in values), values


_FIELD_NAMES = st.one_of(
    st.text(max_size=12), st.sampled_from(["for", "class", "None", "x", "rolled", "theta", "_x", "é"])
)


@settings(_PROPERTY, max_examples=40)
@given(name=_FIELD_NAMES, value=VALUES)
def test_a_variant_field_is_refused_when_defined_or_survives_a_save(name, value):
    """Any field name and start value: a precise refusal at definition, or saves that load back."""
    from isslab.core import registry
    from isslab.games.space_1999 import State1999

    class Fuzzed(State1999):
        """A variant with one new field that only rides along."""

    vid = "space-1999/fuzzed"
    try:
        guarded(lambda: isslab.variant("space-1999", "fuzzed", fields={name: value})(Fuzzed), mb=300)
    except ValueError as exc:
        assert len(str(exc)) <= MAX_MESSAGE and vid not in isslab.games(variants=True)
        return
    except (MemoryError, Overrun):
        pytest.fail("defining a variant field cost more than a CPU second or 300 MB")
    try:
        state = isslab.make(vid, players=2).new_state()
        rng = random.Random(0)
        for _ in range(20):  # a few steps: the new field rides along
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
        assert isslab.load(state.to_json()) == state
    finally:
        registry._GAMES.pop(vid, None)
        registry._forget(vid)


# --- documentation --------------------------------------------------------------------------------

#: modules (or packages: every module in them) whose public names are checked
CORE_MODULES = [
    "core",
    "play",
    "frames",
    "sim",
    "cli",
    "conformance",
    "games/space_1999/rules",
    "games/space_1999/bots",
]


def _module_files(name: str) -> list[str]:
    """``core`` -> every module of the package ``isslab/core/``; ``play`` -> ``play.py``."""
    root = Path(isslab.__file__).parent
    if (root / name).is_dir():
        return [str(p.relative_to(root)) for p in sorted((root / name).glob("*.py"))]
    return [f"{name}.py"]


CORE_FILES = [f for name in CORE_MODULES for f in _module_files(name)]


@pytest.mark.parametrize("name", CORE_FILES)
def test_public_functions_have_docstrings_and_type_hints(name):
    missing = undocumented(Path(isslab.__file__).parent / name)
    assert not missing, missing


def test_no_warning_is_left_behind_by_a_normal_run():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        df = isslab.simulate("space-1999", games=3, progress=False, players=2)
    assert "interrupted" not in df.attrs and math.isfinite(df["returns"].sum())
