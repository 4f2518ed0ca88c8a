"""Mission ISS, bad input: hand-built positions, positions nobody can play on, refused actions.

Regression tests of issue 18: a ``range(10**9)`` keyword value was expanded (item 5);
``position(phase=2)`` was accepted though nobody could act, and ``play`` then crashed with an
``IndexError`` (item 7). Every refusal is a ``ValueError`` naming what was wrong.
"""

from __future__ import annotations

import random

import pytest
from helpers_mission_iss import game
from helpers_positions import JUNK, Endless, Huge, keywords_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import isslab
from isslab.games import mission_iss
from isslab.games.mission_iss import EndShift, EndTurn, Phase, Select, positions

#: the friendly keywords of ``GameMissionISS.position`` (one test each), and a raw state field
KEYWORDS = [*keywords_of(positions.build_position), "pool", "marker_discard"]


def test_the_keyword_list_is_the_builders():
    assert {"year", "attached", "astronauts", "tiles", "face_up", "held", "turned"} <= set(KEYWORDS)
    assert len(set(KEYWORDS)) == len(KEYWORDS)


@pytest.mark.parametrize("keyword", KEYWORDS)
@pytest.mark.parametrize("hostile", [Huge, Endless], ids=["billion", "endless"])
def test_a_huge_keyword_value_is_refused_without_expanding_it(keyword, hostile):
    with pytest.raises(ValueError, match=f"position keyword {keyword}: more than 10,000 items"):
        game(2).position(**{keyword: hostile()})


@pytest.mark.parametrize(
    "keywords",
    [
        {"incidents": {"B": Huge()}},
        {"difficulty": {"C": Endless()}},
        {"tiles": [(1, "T", Huge())]},
        {"held": {0: Huge()}},
        {"rows": {"top": Huge()}},
    ],
    ids=["incidents", "difficulty", "tiles", "held", "rows"],
)
def test_a_huge_value_inside_a_keyword_is_refused_too(keywords):
    with pytest.raises(ValueError, match="more than 10,000 items"):
        game(2).position(**keywords)


@pytest.mark.parametrize("phase", [Phase.COMMAND, 2])
def test_a_command_phase_with_no_command_to_give_is_refused(phase):
    """Issue 18, item 7: nobody can act there (the turn moves on once the last command is given)."""
    with pytest.raises(ValueError, match="phase COMMAND .* needs the sources of the commands left in pool"):
        game(2).position(phase=phase)


def test_a_command_phase_with_commands_to_give_plays_on():
    # Houston has picked up its own Move card and Moscow's Research card: two commands to give
    picked = {"face_up": {0: "MMRAE", 1: "MMMAE"}, "picked": (1, 1, 0, 0)}
    st = game(2).position(phase=Phase.COMMAND, pool=(0, 1), commanded=True, **picked)
    assert st.legal_actions()
    record = isslab.play(st.game, "random", state=st, seed=0)
    assert record.final_state().is_terminal()


def test_a_training_phase_without_a_marker_to_use_is_refused():
    with pytest.raises(ValueError, match="phase TRAIN .* needs Houston to hold an exercise marker"):
        game(2).position(phase=Phase.TRAIN)
    st = game(2).position(phase=Phase.TRAIN, held={0: (1, 0, 0)})
    assert st.legal_actions() and isslab.play(st.game, "random", state=st, seed=0).final_state().is_terminal()


_PROPERTY = settings(
    max_examples=60, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


@_PROPERTY
@given(
    keyword=st.sampled_from([*KEYWORDS, "phase", "queue", "carry", "end"]),
    value=JUNK,
    players=st.sampled_from([2, 3]),
)
def test_any_keyword_value_builds_a_playable_position_or_raises_value_error(keyword, value, players):
    try:
        state = game(players).position(**{keyword: value})
    except ValueError as exc:
        assert len(str(exc)) <= 800
        return
    rng = random.Random(0)  # accepted: a position that plays on
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal or state.is_chance_node()
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_is_refused_or_playable(phase):
    try:
        st = game(2).position(phase=phase)
    except ValueError:
        return
    assert st.is_terminal() or st.legal_actions()
    isslab.play(st.game, "random", state=st, seed=1)


def test_refused_actions_get_the_shared_turn_gate_wording():
    st = game(2).position()
    finish = "use research bonuses or end the turn"
    assert st.why_illegal(EndTurn(0)) == f"EndTurn belongs to {finish}; now: choose two command cards"
    assert st.why_illegal(EndShift(1)) == "it is Houston's decision, not Moscow's"
    assert st.why_illegal(Select(9, 0, 1, 0)) == "it is Houston's decision, not 9's"
    assert game(2).new_state().why_illegal(EndShift(0)).startswith("chance acts now (setting up)")


def test_the_older_names_are_gone():
    """One name for each class and table (the release note in the README lists the old ones)."""
    for old in ("GameISS", "StateISS", "MissionEnd"):
        assert not hasattr(mission_iss, old)
    assert not hasattr(mission_iss.phases, "PHASES") and not hasattr(game(2), "t")
