"""1998 ISS, bad input: hand-built positions, options that cannot be played, refused actions.

Regression tests of issue 18: a ``range(10**9)`` keyword value was expanded (item 5); one shuttle
card per deck gave a game that never ends (item 7). Every refusal is a ``ValueError`` naming what
was wrong, and a malformed field never raises anything else.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers_positions import JUNK, Endless, Huge, keywords_of
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import isslab
from isslab.games.iss_1998 import Place, Plan, positions

BLUE, ORANGE = 0, 1
#: the friendly keywords of ``Game1998.position`` (one test each), and a raw state field
KEYWORDS = [*keywords_of(positions._build), "drawn"]


def test_the_keyword_list_is_the_builders():
    assert {"hands", "astronauts", "pads", "station", "column", "goals"} <= set(KEYWORDS)
    assert len(set(KEYWORDS)) == len(KEYWORDS)


@pytest.mark.parametrize("keyword", KEYWORDS)
@pytest.mark.parametrize("hostile", [Huge, Endless], ids=["billion", "endless"])
def test_a_huge_keyword_value_is_refused_without_expanding_it(keyword, hostile):
    game = isslab.make("1998-iss", players=2)
    with pytest.raises(ValueError, match=f"position keyword {keyword}: more than 10,000 items"):
        game.position(**{keyword: hostile()})


@pytest.mark.parametrize(
    "keywords",
    [
        {"hands": {BLUE: Huge()}},
        {"astronauts": {BLUE: {"in": Huge()}}},
        {"column_cubes": {"Quest": Endless()}},
        {"cargo": {"US": {BLUE: Huge()}}},
        {"played": [Huge(), ()]},
    ],
    ids=["hands", "astronauts", "column_cubes", "cargo", "played"],
)
def test_a_huge_value_inside_a_keyword_is_refused_too(keywords):
    game = isslab.make("1998-iss", players=2)
    with pytest.raises(ValueError, match="more than 10,000 items"):
        game.position(**keywords)


def test_a_deep_keyword_value_is_refused():
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(ValueError, match="position keyword station: nested too deep"):
        isslab.make("1998-iss").position(station=deep)


_PROPERTY = settings(
    max_examples=60, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


@_PROPERTY
@given(keyword=st.sampled_from(KEYWORDS), value=JUNK, players=st.sampled_from([1, 2, 4]))
def test_any_keyword_value_builds_a_position_or_raises_value_error(keyword, value, players):
    game = isslab.make("1998-iss", players=players)
    try:
        state = game.position(**{keyword: value})
    except ValueError as exc:
        assert len(str(exc)) <= 500
    else:  # accepted: a position that plays on
        rng = random.Random(0)
        for _ in range(30):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))


@_PROPERTY
@given(field=st.sampled_from(isslab.game_class("1998-iss").STATE.FIELDS), value=JUNK)
def test_a_malformed_field_is_a_value_error_of_the_position_checks(field, value):
    game = isslab.make("1998-iss", players=2)
    snap = game.position(to_move=BLUE).snapshot()
    snap[field] = value
    try:
        state = isslab.core.restore(game, snap)
    except ValueError:
        return
    try:
        state._check_position()
    except ValueError as exc:
        assert len(str(exc)) <= 2000


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"shuttle_copies": (1, 0, 1, 0, 0)}, "the Russian deck needs 2 to 12 cards"),
        ({"shuttle_copies": (1, 1, 0, 1, 0)}, "the US deck needs 2 to 12 cards"),
        ({"shuttle_copies": (1, 1, 1, 1, 0), "first_game_variant": True}, "at least 3 cards"),
    ],
)
def test_a_deck_that_could_never_end_the_game_is_refused(options, message):
    """Issue 18, item 7: the game ends when a launch puts a deck's last card on its pad (Endgame),
    so a deck whose only card goes on the pad at the setup never ends it."""
    with pytest.raises(ValueError, match=message) as err:
        isslab.make("1998-iss", **options)
    assert "shuttle_copies" in str(err.value)


@settings(max_examples=25, derandomize=True, deadline=None, database=None)
@given(
    copies=st.tuples(*[st.integers(0, 3)] * 5),
    first_game=st.booleans(),
    players=st.sampled_from([1, 2, 3]),
    seed=st.integers(0, 100),
)
@example(copies=(1, 0, 1, 0, 0), first_game=False, players=2, seed=0)  # issue 18, item 7
@example(copies=(1, 1, 1, 1, 0), first_game=True, players=1, seed=0)
def test_every_deck_the_options_allow_ends_the_game(copies, first_game, players, seed):
    try:
        game = isslab.make("1998-iss", players=players, shuttle_copies=copies, first_game_variant=first_game)
    except ValueError:
        return
    record = isslab.play(game, "random", seed=seed, max_steps=20_000)
    assert record.final_state().end_reason is not None, f"{copies} did not end in 20,000 steps"


def test_refused_actions_get_the_shared_turn_gate_wording():
    state = isslab.make("1998-iss", players=2).position(to_move=BLUE)
    assert state.why_illegal(Plan(BLUE, (1, 2))) == "Plan belongs to perform the action; now: normal action"
    train = "Train Astronauts"
    assert state.why_illegal(Place(ORANGE, train, False)) == "it is Blue's decision, not Orange's"
    assert state.why_illegal(Place(7, train, False)) == "it is Blue's decision, not 7's"
    chance = isslab.make("1998-iss", players=2).new_state()
    assert chance.why_illegal(Place(BLUE, "Train Astronauts", False)).startswith("chance acts now")
