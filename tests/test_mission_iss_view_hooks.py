"""Mission ISS, what the game view shows: key numbers, the team's goal, the shared standing, headlines,
shifts named by year, and the end in words (the conformance suite checks their shapes and secrecy)."""

from __future__ import annotations

import pytest
from helpers_mission_iss import act, game

import isslab
from isslab.games.mission_iss import Assemble, DrawIncident, EndShift, StateMissionISS


def played(players: int, seed: int = 2) -> list[StateMissionISS]:
    return isslab.play(game(players), "planner", seed=seed).states()  # type: ignore[return-value]


def test_key_numbers_are_the_seats_card_and_marker_counts() -> None:
    # every card of the three seats somewhere: 7 Move, 4 Research, 4 Assemble, 3 Exercise
    st = game(3).position(
        face_up=["MMRA", "ME", "A"],
        face_down=["", "RR", "MMMMRAAEE"],
        held=[(1, 0, 2), (0, 0, 0), (0, 1, 0)],
    )
    assert st.key_numbers(0) == [("face up", 4), ("face down", 0), ("exercise", 3)]
    assert st.key_numbers(1) == [("face up", 2), ("face down", 2), ("exercise", 0)]
    assert st.key_numbers(2) == [("face up", 1), ("face down", 9), ("exercise", 1)]
    solo = game(1).new_state()
    while solo.is_chance_node():
        solo = solo.apply(solo.legal_actions()[0])
    assert solo.key_numbers(0) == [("hand", 4), ("on rows", 7), ("exercise", 0)]
    for bad in (-1, 3):
        with pytest.raises(ValueError):
            st.key_numbers(bad)


def test_the_goal_is_the_teams_next_milestone_then_all_modules() -> None:
    g = game(2)
    assert g.position().goal(0) == "team: 6 modules by 2005 (0 now)"
    six = {m: p for m, p in zip("BCDEFG", "TTRBCD", strict=True)}
    assert g.position(year=2002, attached=six).goal(1) == "team: 9 modules by 2009 (6 now)"
    nine = {**six, "H": "C", "I": "B", "J": "E"}
    assert g.position(year=2006, attached=nine).goal(0) == "team: all 12 modules by 2011 (9 now)"
    missed = act(g.position(year=2002, attached={"B": "T"}), EndShift)
    assert missed.goal(0) == "the mission failed with 1 modules"
    done = act(g.position(year=2010, attached=nine), EndShift)
    assert done.goal(1) == "the mission succeeded with 9 modules"


def test_the_standing_is_shared_so_nobody_leads_alone() -> None:
    for st in played(4)[::25]:
        standings = {st.standing(s) for s in range(4)}
        assert standings == {(float(st.modules_attached()),)}


def test_the_headline_is_the_last_module_attached_once_its_draws_are_done() -> None:
    states = played(3)
    assert states[0].headline(0) == "" and game(3).position().headline(0) == ""
    i = next(i for i, s in enumerate(states) if s.history and type(s.history[-1]) is Assemble)
    attach = states[i].history[-1]
    assert states[i].headline(0) == ""  # the draws after it are pending
    done = next(s for s in states[i:] if not s.queue)
    line = done.headline(0)
    letter = "BCDEFGHIJKLM"[attach.module]
    assert line.startswith(f"{done.game.seat_name(attach.seat)}: module {letter} ")
    assert "attached to" in line and "research tile #" in line and "incidents: " in line
    cards = [a.card for a in done.history[i:] if type(a) is DrawIncident]
    assert all(c in line for c in cards)
    assert {done.headline(s) for s in range(3)} == {line}  # the same for every seat


def test_rounds_are_shifts_named_by_the_year_of_the_iss_marker() -> None:
    g = game(2)
    assert g.round_label(0) == "the 1998 shift" and g.round_label(5) == "the 2005 shift"
    assert g.round_label(11) == "the 2011 shift" and g.round_label(12) == "shift 13"
    st = act(g.position(), EndShift)
    assert st.rounds == 1 and g.round_label(st.rounds) == "the 1999 shift"


def test_the_game_over_panel_names_the_end_in_words() -> None:
    from isslab_widgets import panels
    from isslab_widgets.session import Session

    session = Session(game(2), ["planner", "planner"], seed=1)
    session.step_bots()
    over = session.game_over()
    assert over is not None and over.reason.startswith(("success", "failure"))
    html = panels.game_over_html(over, session)
    assert over.reason in html and "Game over" in html
    assert "the 20" in session.recap().label  # type: ignore[union-attr]
