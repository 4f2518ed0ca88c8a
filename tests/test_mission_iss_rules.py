"""Mission ISS, Other important rules: assistance, command wild cards, research bonuses, work stoppage."""

from __future__ import annotations

from helpers_mission_iss import (
    ASSEMBLE,
    EXERCISE,
    MOVE,
    RESEARCH,
    WILD,
    B,
    R,
    S,
    T,
    act,
    find,
    game,
    legal_of,
    skills,
)

import isslab
from isslab.games.mission_iss import (
    Assemble,
    Deploy,
    DrawTile,
    EndShift,
    EndTurn,
    Exercise,
    Move,
    Phase,
    Research,
    ResearchStop,
    Select,
    Skip,
    UseBonus,
    Via,
)

# --- Assistance -------------------------------------------------------------------------------------


def test_assistance_sums_every_astronaut_and_robonaut_in_the_field_for_each_colour() -> None:
    st = game(2).position(
        astronauts=["R", "R", "R", "S", None, None],
        skills=skills(a1=(1, 3, 1), a2=(1, 1, 1), a3=(1, 2, 1)),
        robonauts=["R", "R"],
        tiles=[(15, "R", [6]), (1, "S", [3])],
    )
    st = act(st, Select, own=RESEARCH, partner=1, kind=MOVE)
    st = act(st, Research, via=Via.RESEARCH_CARD, astronaut=0, tile=15, die=0)
    # 3 + 1 + 2 + two robonauts = 8 blue points: the 6 is cleared, 2 are left and no die remains there
    assert [t for t, _, _ in st.tiles] == [1] and st.phase == Phase.COMMAND


def test_astronauts_elsewhere_do_not_assist() -> None:
    st = game(2).position(
        astronauts=["T", "R", "R", None, None, None], skills=skills(a1=(1, 1, 1)), tiles=[(5, "T", [5])]
    )
    st = act(st, Select, own=RESEARCH, partner=1, kind=MOVE)
    st = act(st, Research, via=Via.RESEARCH_CARD, astronaut=0, tile=5, die=0)
    assert st.tiles == ((5, T, ((0, 4),)),)


# --- Command wild cards -----------------------------------------------------------------------------


def test_an_attached_modules_card_is_a_wild_card_for_any_command_used_once() -> None:
    st = game(2).position(attached={"B": "T"}, wild=1)
    picks = [a for a in legal_of(st, Select) if a.partner < 0]
    assert {a.own for a in picks} == {MOVE, RESEARCH, ASSEMBLE, EXERCISE}
    st = act(st, Select, own=EXERCISE, partner=-1, kind=WILD)
    assert st.wild == 0 and sorted(st.pool) == [EXERCISE, Via.WILD_CARD]
    kinds = {type(a) for a in st.legal_actions() if getattr(a, "via", None) == Via.WILD_CARD}
    assert {Move, Exercise, Deploy, Skip} <= kinds
    st = act(st, Exercise, via=Via.WILD_CARD, colour=0)
    st = act(st, Exercise, via=Via.EXERCISE_CARD, colour=1)
    # back to the box: only the player's own card lies face down
    assert st.face_down[0] == (0, 0, 0, 1) and st.wild == 0 and st.tally[8] == 1


# --- Research bonuses --------------------------------------------------------------------------------


def test_a_boost_adds_two_to_the_next_command_of_its_colour_this_turn() -> None:
    st = game(2).position(
        astronauts=["T", "S", "S", None, None, None], skills=skills(a1=(1, 1, 1)), bonuses=[2]
    )
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    reach = {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD}
    assert reach == {R}
    st = act(st, UseBonus, tile=2)  # +2 Move
    assert st.boost == (2, 0, 0) and st.bonuses == () and st.tiles_used == (2,)
    reach = {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD}
    assert reach == {R, S}
    st = act(st, Move, via=Via.MOVE_CARD, astronaut=0, dest=S)
    assert st.boost == (0, 0, 0)  # spent on one command
    st = act(st, Skip, via=Via.MOVE_CARD)
    assert st.current_player == 1


def test_an_assemble_boost_can_make_an_attachment_possible() -> None:
    g = game(2, difficulty_values=(6,) + (2,) * 11, astronaut_markers=())
    st = g.position(astronauts=["T", "R", "R", None, None, None], skills=skills(a1=(1, 1, 4)), bonuses=[4])
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=MOVE)
    assert 0 not in {a.module for a in legal_of(st, Assemble)}
    st = act(st, UseBonus, tile=4)
    assert 0 in {a.module for a in legal_of(st, Assemble)}


def test_extra_commands_from_bonuses_join_the_turn() -> None:
    st = game(2).position(bonuses=[5, 6, 7, 14])  # extra Move, free robonaut, free exercise, extra Research
    st = act(st, Select, own=EXERCISE, partner=1, kind=EXERCISE)
    for tile in (5, 6, 7, 14):
        st = act(st, UseBonus, tile=tile)
    assert sorted(st.pool) == sorted(
        [EXERCISE, EXERCISE, Via.BONUS_MOVE, Via.BONUS_ROBONAUT, Via.BONUS_EXERCISE, Via.BONUS_RESEARCH]
    )
    st = act(st, Deploy, via=Via.BONUS_ROBONAUT, source=-1)
    assert st.robonauts.count(T) == 1
    # the free robonaut is not an Assemble command: it attaches nothing
    assert not any(a.via == Via.BONUS_ROBONAUT for a in legal_of(st, Assemble))


def test_bonuses_may_be_used_before_picking_the_cards_and_after_the_last_command() -> None:
    st = game(2).position(bonuses=[5, 13], face_down={0: "E"}, face_up={0: "MMMRA"})
    uses = legal_of(st, UseBonus)
    assert {(a.tile, a.choice) for a in uses} == {(5, -1), (13, EXERCISE)}
    st = act(st, UseBonus, tile=5)  # an extra Move first: the cards are picked afterwards
    assert st.phase == Phase.COMMAND and st.pool == (Via.BONUS_MOVE,)
    st = act(st, Move, via=Via.BONUS_MOVE, astronaut=0, dest=R)
    assert st.phase == Phase.SELECT and st.current_player == 0
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    st = act(st, Skip, via=Via.MOVE_CARD)
    st = act(st, Skip, via=Via.MOVE_CARD)
    # the recover bonus is still there after the last command: the turn waits for it
    assert st.phase == Phase.FINISH and set(st.legal_actions()) == {EndTurn(0), find(st, UseBonus, tile=13)}
    st = act(st, UseBonus, tile=13, choice=EXERCISE)  # reading 16: a face-down card turns face up
    assert st.face_up[0] == (2, 1, 1, 1) and st.phase == Phase.FINISH
    st = act(st, EndTurn)
    assert st.current_player == 1 and st.face_down[0] == (2, 0, 0, 0)


def test_used_tiles_are_set_aside_and_reshuffled_when_the_pile_runs_out() -> None:
    g = game(2, research_dice=((2,), (3,), (4,)), research_bonuses=("none", "boost_move", "none"))
    st = g.position(tiles=[(1, "T", [2])], tiles_used=[3], bonuses=[2], attached={"B": "T"}, queue=((1, B),))
    assert st.tile_pile == ()
    # the pile is empty: the set-aside tile is shuffled into a new pile (the unused bonus stays)
    assert [a for a, _ in st.chance_outcomes()] == [DrawTile(3, B)]
    st = st.apply(DrawTile(3, B))
    assert st.tiles_used == () and st.bonuses == (2,) and st.tile_pile == ()


def test_a_completed_tile_without_a_bonus_is_set_aside_at_once() -> None:
    st = game(2).position(tiles=[(1, "T", [3])])  # tile #1 has no bonus
    st = act(st, Select, own=RESEARCH, partner=1, kind=MOVE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=1, die=0)
    assert st.bonuses == () and st.tiles_used == (1,)


# --- Work stoppage --------------------------------------------------------------------------------


def test_while_a_red_die_is_on_the_iss_assemble_only_deploys_robonauts() -> None:
    g = game(2, difficulty_values=(2,) * 12, astronaut_markers=())
    st = g.position(skills=skills(a1=(1, 4, 4)), tiles=[(11, "T", [("red", 3), ("blue", 1)])])
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=RESEARCH)
    assert not legal_of(st, Assemble) and legal_of(st, Deploy)
    # every other command goes on as usual; clearing the red die ends the stoppage
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=11, die=0)
    st = act(st, ResearchStop)
    assert {a.module for a in legal_of(st, Assemble)} == {0, 1}


def test_a_shift_can_end_during_a_stoppage() -> None:
    st = game(2).position(tiles=[(3, "T", [("red", 3)])])
    assert EndShift(0) in st.legal_actions()
    assert isinstance(st.apply(EndShift(0)), isslab.State)
