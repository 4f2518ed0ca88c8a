"""Mission ISS, End your shift: the progress tracker, its symbols, exercise markers, cards face up."""

from __future__ import annotations

import pytest
from helpers_mission_iss import SKILLS, act, game, legal_of

from isslab.games.mission_iss import EndMissionISS, EndShift, Phase, Select, Skip, Train, Via

MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD = range(5)
SIX = {"B": "T", "C": "T", "D": "R", "E": "B", "F": "C", "G": "D"}
NINE = {**SIX, "H": "C", "I": "B", "J": "E"}


def test_ending_a_shift_moves_the_iss_marker_and_turns_only_ones_own_cards_face_up() -> None:
    st = game(3).position(face_up={0: "M", 1: "MR", 2: "AA"}, face_down={0: "MMRAE", 1: "MRAE", 2: "MMRE"})
    st = act(st, EndShift)
    assert st.track == 1 and st.year == 1999
    assert st.face_up == ((3, 1, 1, 1), (1, 1, 0, 0), (0, 0, 2, 0))  # the others keep theirs
    assert st.face_down == ((0, 0, 0, 0), (1, 1, 1, 1), (2, 1, 0, 1))
    assert st.current_player == 1 and st.phase == Phase.SELECT
    assert st.tally[0] == 1 and st.seat_tally[0][1] == 1


def test_no_commands_in_the_turn_a_shift_ends() -> None:
    st = game(2).position()
    st = act(st, EndShift)
    assert st.current_player == 1 and not st.pool and st.tally[14] == 0


def test_an_incident_symbol_reshuffles_every_incident_card() -> None:
    st = game(2).position(year=2000, turned=["M", "Good Job", "Good Job", "A"])
    assert sum(st.incident_pile) == 15
    st = act(st, EndShift)
    assert st.year == 2001 and st.incident_pile == (1,) * 13 + (6,)


@pytest.mark.parametrize(("attached", "over"), [(SIX, False), ({k: SIX[k] for k in "BCDEF"}, True)])
def test_an_iss_symbol_ends_the_game_unless_enough_modules_are_attached(attached: dict, over: bool) -> None:
    st = game(2).position(year=2002, attached=attached, held={0: (1, 0, 0)})
    st = act(st, EndShift)
    assert st.year == 2005 and st.is_terminal() is over
    if over:  # at once: the exercise markers are not used any more
        assert st.end_reason is EndMissionISS.MILESTONE_MISSED and st.winners() == ()
        assert st.returns() == (5.0, 5.0) and st.held[0] == (1, 0, 0)
    else:
        assert st.phase == Phase.TRAIN


def test_the_second_milestone_counts_every_module_attached() -> None:
    st = game(2).position(year=2008, attached=NINE)
    assert not act(st, EndShift).is_terminal()
    eight = {k: NINE[k] for k in "BCDEFGHI"}
    assert (
        act(game(2).position(year=2008, attached=eight), EndShift).end_reason
        is EndMissionISS.MILESTONE_MISSED
    )


def test_the_second_milestone_at_2008_is_an_option() -> None:
    g = game(2, milestones=((2005, 6), (2008, 9)))
    eight = {k: NINE[k] for k in "BCDEFGHI"}
    st = act(g.position(year=2007, attached=eight), EndShift)
    assert st.year == 2008 and st.end_reason is EndMissionISS.MILESTONE_MISSED


def test_the_last_space_ends_the_game_in_success() -> None:
    st = game(2).position(year=2010, attached=NINE)
    st = act(st, EndShift)
    assert st.year == 2011 and st.end_reason is EndMissionISS.TRACK_END
    assert st.winners() == (0, 1) and st.returns() == (9.0, 9.0)


def test_the_14_space_track() -> None:
    g = game(2, track_years=range(1998, 2012))
    st = act(g.position(year=2004, attached=SIX), EndShift)
    assert st.year == 2005 and not st.is_terminal()
    st = act(g.position(year=2010, attached=NINE), EndShift)
    assert st.end_reason is EndMissionISS.TRACK_END


def test_exercise_markers_raise_skills_up_to_four_then_return_to_the_capsule() -> None:
    skills = [(1, 1, 4), (1, 2, 3), (4, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1)]
    st = game(2).position(skills=skills, held={0: (1, 0, 2)}, exercise_supply=(2, 3, 1))
    st = act(st, EndShift)
    assert st.phase == Phase.TRAIN and st.current_player == 0
    # orange first: any astronaut on the ISS below 4 (astronaut 3 is at 4; 4-6 are on Earth)
    assert {a.astronaut for a in legal_of(st, Train)} == {0, 1}
    st = act(st, Train, colour=0, astronaut=1)
    # grey: astronaut 1 is at 4 already
    assert {a.astronaut for a in legal_of(st, Train)} == {1, 2}
    st = act(st, Train, colour=2, astronaut=1)
    st = act(st, Train, colour=2, astronaut=2)
    assert st.skills[1] == (2, 2, 4) and st.skills[2] == (4, 1, 2)
    assert st.held[0] == (0, 0, 0) and st.exercise_supply == (3, 3, 3)
    # then the cards turn face up and the next player's turn begins
    assert st.phase == Phase.SELECT and st.current_player == 1


def test_a_marker_nobody_can_use_goes_back_unused() -> None:
    skills = [(4, 1, 1)] * 3 + list(SKILLS[3:])
    st = game(2).position(skills=skills, held={0: (2, 0, 0)}, exercise_supply=(1, 3, 3))
    st = act(st, EndShift)
    assert st.held[0] == (0, 0, 0) and st.exercise_supply == (3, 3, 3) and st.current_player == 1


def test_a_player_with_no_cards_must_end_the_shift_every_turn() -> None:
    st = game(3).position(face_up={0: "", 1: "MMMMRRAE", 2: "MMMRRAAAEE"}, face_down={0: ""})
    for _ in range(2):
        assert st.legal_actions() == [EndShift(0)]
        st = act(st, EndShift)
        for _ in range(2):  # the two others give commands with each other's cards
            st = st.apply(legal_of(st, Select)[0])
            while st.pool:
                st = act(st, Skip, via=st.pool[0])
    assert st.track == 2 and st.tally[15] == 2  # both were forced


def test_the_end_of_a_shift_turns_up_the_cards_taken_from_others() -> None:
    st = game(2).position()
    st = act(st, Select, own=RESEARCH, partner=1, kind=ASSEMBLE)
    st = act(st, Skip, via=Via.RESEARCH_CARD)
    st = act(st, Skip, via=Via.ASSEMBLE_CARD)
    st = act(st, EndShift, seat=1)
    st = act(st, EndShift, seat=0)
    # Houston played its Research and Moscow's Assemble card: both are now in front of Houston
    assert st.face_up == ((3, 1, 2, 1), (3, 1, 0, 1))
