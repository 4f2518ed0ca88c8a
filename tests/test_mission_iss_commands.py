"""Mission ISS, How to Play and Possible commands: giving commands, Move, Research, Assemble,
Robonauts, Exercise. The rulebook's own examples come first in each part."""

from __future__ import annotations

from typing import Any

import pytest
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
from hypothesis import given, settings
from hypothesis import strategies as hs

import isslab
from isslab.games.mission_iss import (
    Arrive,
    Assemble,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    EndMissionISS,
    EndShift,
    Exercise,
    Move,
    Phase,
    Research,
    ResearchOn,
    ResearchStop,
    Select,
    Skip,
    Via,
)

C, D, E, F, G, H, I_, J, K, L, M = range(4, 15)  # the other fields of the modules (I_: module I)


# --- Give commands ----------------------------------------------------------------------------------


def test_rulebook_example_own_research_card_and_a_fellows_exercise_card_go_face_down() -> None:
    st = game(2).position()
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    assert st.face_up == ((3, 0, 1, 1), (3, 1, 1, 0)) and sorted(st.pool) == [RESEARCH, EXERCISE]
    assert st.phase == Phase.COMMAND and st.current_player == 0
    st = act(st, Exercise, via=Via.EXERCISE_CARD, colour=2)
    st = act(st, Skip, via=Via.RESEARCH_CARD)
    # both cards lie face down in front of the player who gave the commands; the next player's turn
    assert st.face_down == ((0, 1, 0, 1), (0, 0, 0, 0)) and st.face_up == ((3, 0, 1, 1), (3, 1, 1, 0))
    assert st.current_player == 1 and st.phase == Phase.SELECT


@settings(max_examples=150, deadline=None)
@given(players=hs.integers(2, 4), data=hs.data())
def test_the_picks_are_each_own_card_with_each_fellow_card_or_a_wild_card(
    players: int, data: hs.DataObject
) -> None:
    # the picks are built from tables by the kinds each seat shows; here they are spelled out plainly,
    # for any counts of face-up cards (none of a kind, many of a kind) and wild cards
    row = hs.tuples(*[hs.integers(0, 3)] * 4)
    up = tuple(data.draw(hs.lists(row, min_size=players, max_size=players)))
    seat = data.draw(hs.integers(0, players - 1))
    wild = data.draw(hs.integers(0, 2))
    st: Any = game(players).position()._copy()  # fields set raw: counts no deal could leave are fine here
    st.face_up, st.seat, st.wild = up, seat, wild
    expected: list[Any] = []
    for own in range(4):
        if up[seat][own]:
            for p in range(players):
                if p != seat:
                    expected += [Select(seat, own, p, k) for k in range(4) if up[p][k]]
            if wild:
                expected.append(Select(seat, own, -1, 4))
    expected.append(EndShift(seat))
    got = st.legal_actions()
    assert got == expected and [type(a) for a in got] == [type(a) for a in expected]


def test_the_second_card_comes_from_a_fellow_player_and_any_astronaut_takes_commands() -> None:
    st = game(3).position()
    picks = legal_of(st, Select)
    assert picks and all(a.partner in (1, 2) for a in picks)
    st = act(st, Select, own=MOVE, partner=2, kind=MOVE)
    movers = {a.astronaut for a in legal_of(st, Move)}
    assert movers == {0, 1, 2}  # astronauts belong to nobody


def test_the_two_commands_go_in_any_order_to_one_or_two_astronauts() -> None:
    st = game(2).position()
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    # the same astronaut twice: Tranquility -> Rassvet -> Soyuz-1
    once = act(st, Move, via=Via.MOVE_CARD, astronaut=0, dest=R)
    assert once.phase == Phase.COMMAND and once.pool == (MOVE,)
    twice = act(once, Move, via=Via.MOVE_CARD, astronaut=0, dest=S)
    assert twice.astronauts[0] == S and twice.current_player == 1
    st = game(2).position()
    st = act(st, Select, own=EXERCISE, partner=1, kind=MOVE)
    first_move = act(st, Move, via=Via.MOVE_CARD, astronaut=1, dest=R)
    first_exercise = act(st, Exercise, via=Via.EXERCISE_CARD, colour=0)
    assert first_move.pool == (EXERCISE,) and first_exercise.pool == (MOVE,)


def test_commands_may_be_executed_in_part_or_not_at_all() -> None:
    st = game(2).position(skills=skills(a1=(3, 1, 1)))
    st = act(st, Select, own=MOVE, partner=1, kind=ASSEMBLE)
    # 5 movement points on Tranquility (3 + 1 + 1), the astronaut stops after one line
    st = act(st, Move, via=Via.MOVE_CARD, astronaut=0, dest=R)
    st = act(st, Skip, via=Via.ASSEMBLE_CARD)
    assert st.current_player == 1 and st.tally[7] == 1  # one command left unexecuted
    assert st.face_down[0] == (1, 0, 1, 0)  # a card unused still goes face down


def test_a_command_is_completed_in_one_action() -> None:
    # a move is one action to its destination; a research spends its points die by die, and
    # only the same command's points carry on (the rulebook: no pausing half way)
    st = game(2).position(tiles=[(4, "T", [2, 2])])
    st = act(st, Select, own=RESEARCH, partner=1, kind=MOVE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=4, die=0)
    assert st.phase == Phase.RESEARCH_MORE  # 4 blue points: 2 used, 2 left
    assert all(type(a) in (ResearchOn, ResearchStop) for a in st.legal_actions())


def test_a_player_without_face_up_cards_must_end_the_shift() -> None:
    st = game(2).position(face_up={0: "", 1: "MMMRAE"}, face_down={0: "MMMRAE", 1: ""})
    assert st.legal_actions() == [EndShift(0)]
    # nothing face up in front of the fellow players and no wild card: the same
    st = game(2).position(face_up={0: "MMMRAE", 1: ""}, face_down={0: "", 1: "MMMRAE"})
    assert st.legal_actions() == [EndShift(0)]
    st = game(2).position(
        face_up={0: "MMMRAE", 1: ""}, face_down={0: "", 1: "MMMRAE"}, wild=1, attached={"B": "T"}
    )
    assert {type(a) for a in st.legal_actions()} == {Select, EndShift}
    # a shift may always end voluntarily instead of giving commands
    assert EndShift(0) in game(2).position().legal_actions()


def test_turns_go_clockwise() -> None:
    st = game(3).position()
    for seat in (0, 1, 2, 0):
        assert st.current_player == seat
        pick = next(a for a in legal_of(st, Select) if a.partner == (seat + 1) % 3)
        st = st.apply(pick)
        while st.pool:
            st = act(st, Skip, via=st.pool[0])


# --- Move ----------------------------------------------------------------------------------------------


def test_rulebook_example_an_orange_two_crosses_at_most_two_lines() -> None:
    st = game(2).position(
        astronauts=["T", "S", "S", None, None, None],
        skills=skills(a1=(2, 1, 1)),
        attached={"B": "T", "E": "B", "C": "T"},
    )
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    dests = {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD}
    # one line: Rassvet, Zarya (B), Unity (C); two lines: Soyuz-1, Destiny (E)
    assert dests == {R, B, C, S, E}


def test_module_a_has_three_fields_separated_by_lines() -> None:
    st = game(2).position(astronauts=["T", "S", "S", None, None, None], skills=skills(a1=(1, 1, 1)))
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    assert {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD} == {R}


def test_rulebook_example_assistance_adds_a_fellows_orange_value_to_the_move() -> None:
    # orange 1, with an astronaut of orange 2 in the same module: three lines
    st = game(2).position(
        astronauts=["T", "T", "S", None, None, None],
        skills=skills(a1=(1, 1, 1), a2=(2, 1, 1)),
        attached={"B": "T", "E": "B", "I": "E"},
    )
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    dests = {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD}
    assert I_ in dests and dests == {R, S, B, E, I_}
    # the points are the commanded astronaut's to use: it moves alone
    after = act(st, Move, via=Via.MOVE_CARD, astronaut=0, dest=I_)
    assert after.astronauts[:2] == (I_, T)


def test_robonauts_add_one_movement_point_each() -> None:
    st = game(2).position(
        astronauts=["T", "S", "S", None, None, None], skills=skills(a1=(1, 1, 1)), robonauts=["T"]
    )
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    assert {a.dest for a in legal_of(st, Move) if a.astronaut == 0 and a.via == Via.MOVE_CARD} == {R, S}


# --- Research -----------------------------------------------------------------------------------------


def test_rulebook_example_a_blue_three_reduces_a_five_to_two() -> None:
    st = game(2).position(
        astronauts=["R", "T", "T", None, None, None], skills=skills(a1=(1, 3, 1)), tiles=[(5, "R", [5])]
    )
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    st = act(st, Research, via=Via.RESEARCH_CARD, astronaut=0, tile=5, die=0)
    assert st.tiles == ((5, R, ((0, 2),)),) and st.phase == Phase.COMMAND


def test_research_only_in_the_astronauts_own_module() -> None:
    st = game(2).position(tiles=[(5, "R", [5]), (1, "T", [3])])
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    assert {a.tile for a in legal_of(st, Research)} == {1}


def test_a_cleared_die_goes_aside_and_a_tile_without_dice_is_complete() -> None:
    st = game(2).position(tiles=[(3, "T", [4])])  # tile #3: +2 Research bonus
    assert st.dice_free == (3, 3)
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=3, die=0)  # 4 blue points on Tranquility
    assert st.tiles == () and st.dice_free == (4, 3)
    assert st.bonuses == (3,) and st.tally[10] == 1  # completed: its bonus waits to be used


def test_points_left_after_clearing_a_die_carry_on_in_the_same_module() -> None:
    st = game(2).position(tiles=[(1, "T", [1]), (6, "T", [3, 2]), (2, "R", [2])])
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=1, die=0)  # 4 points, 1 used
    assert st.phase == Phase.RESEARCH_MORE and st.carry == (0, 3)
    # the dice of Tranquility only, and the choice to forfeit the rest
    assert set(st.legal_actions()) == {ResearchOn(0, 6, 0), ResearchOn(0, 6, 1), ResearchStop(0)}
    st = act(st, ResearchOn, tile=6, die=1)  # 2 used, 1 left, and a die is left on Tranquility
    assert st.phase == Phase.RESEARCH_MORE and st.carry == (0, 1)
    st = act(st, ResearchOn, tile=6, die=0)  # the 3 goes down to 2: the points are spent
    assert st.phase == Phase.COMMAND and st.carry == ()
    assert st.tiles == ((6, T, ((0, 2),)), (2, R, ((0, 2),)))


def test_points_left_with_no_die_in_the_module_are_forfeited() -> None:
    st = game(2).position(tiles=[(1, "T", [2]), (2, "R", [2])])
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=1, die=0)
    assert st.phase == Phase.COMMAND and st.carry == () and st.tiles == ((2, R, ((0, 2),)),)


def test_leftover_points_may_be_forfeited_by_choice() -> None:
    st = game(2).position(tiles=[(1, "T", [1]), (2, "T", [5])])
    st = act(st, Select, own=RESEARCH, partner=1, kind=EXERCISE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=1, die=0)
    st = act(st, ResearchStop)
    assert st.tiles == ((2, T, ((0, 5),)),) and st.phase == Phase.COMMAND


# --- Assemble -------------------------------------------------------------------------------------------


def example_position() -> isslab.State:
    """The Assemble example: grey 4 in front of module B (difficulty 3 with an astronaut)."""
    return game(2, research_bonuses=("none",) * 24).position(
        astronauts=["T", "R", "S", None, None, None],
        skills=skills(a1=(1, 1, 4)),
        difficulty={"B": (3, True), "D": 2},
        tiles=[(8, "R", [3, 3])],  # two blue dice are out: two are left
    )


def test_rulebook_example_attaching_module_b() -> None:
    st = example_position()
    assert st.dice_free == (2, 3) and st.difficulty[0] == (3, True)
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=EXERCISE)
    st = act(st, Assemble, via=Via.ASSEMBLE_CARD, astronaut=0, module=0)
    assert st.station[0] == T
    # the marker shows an astronaut: one comes from the Earth board to Rassvet
    assert st.current_player == 0 and {type(a) for a in st.legal_actions()} == {Arrive}
    st = act(st, Arrive, astronaut=4)
    assert st.astronauts[4] == R
    # the top research tile goes on module B with a blue die
    assert st.current_player == isslab.CHANCE and {a.field for a in st.legal_actions()} == {B}
    st = st.apply(DrawTile(1, B))
    assert st.tiles[-1] == (1, B, ((0, 3),)) and st.dice_free == (1, 3)
    # incident card M: module M is not attached, so an incident marker goes on its card
    st = st.apply(DrawIncident("M"))
    assert {a.module for a in st.legal_actions()} == {11}
    st = st.apply(DrawMarker(2, 11))
    assert st.incidents[11] == (2,)
    # incident card A: another research tile on Tranquility, with two dice fields; one blue die is
    # left, so the second field gets a red die: no more modules for the time being
    st = st.apply(DrawIncident("A"))
    st = st.apply(DrawTile(4, T))
    assert st.tiles[-1] == (4, T, ((0, 2), (1, 2))) and st.dice_free == (0, 2)
    assert st.tally[1] == 1  # a work stoppage began
    # the module card turned over: a command wild card in the supply
    assert st.wild == 1 and st.phase == Phase.COMMAND and st.pool == (EXERCISE,)
    st = act(st, Exercise, via=Via.EXERCISE_CARD, colour=0)
    st = act(st, Select, seat=1, own=ASSEMBLE, partner=-1, kind=WILD)
    assert not legal_of(st, Assemble) and legal_of(st, Deploy)  # work stoppage: robonauts only


def test_the_assembly_conditions() -> None:
    # difficulty markers in module order: B 3, C 4, D 2, the others 5
    g = game(2, difficulty_values=(3, 4, 2) + (5,) * 9, astronaut_markers=())
    st = g.position(astronauts=["T", "R", "S", None, None, None], skills=skills(a1=(1, 1, 3)))
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
    attach = {(a.astronaut, a.module) for a in legal_of(st, Assemble)}
    # from Tranquility (grey 3): B (3) but not C (4); from Rassvet (grey 1): not D (2)
    assert attach == {(0, 0)}
    assert "does not attach" in st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 1, 0))
    assert "difficulty 2, more than" in st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 1, 2))
    assert "difficulty 4" in st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 0, 1))
    # incident markers add to the level of difficulty: B 3 + 2 > 4, C 4 <= 4
    st = g.position(
        astronauts=["T", "R", "S", None, None, None], skills=skills(a1=(1, 1, 4)), incidents={"B": [2]}
    )
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
    assert {a.module for a in legal_of(st, Assemble)} == {1}
    # a red die anywhere on the ISS stops every assembly
    st = g.position(skills=skills(a1=(1, 1, 4)), tiles=[(1, "S", [("red", 3)])])
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
    assert not legal_of(st, Assemble)
    assert "work stoppage" in st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 0, 1))


def test_module_i_attaches_to_b_or_e() -> None:
    g = game(2, difficulty_values=(2,) * 12, astronaut_markers=())
    for field, code in ((B, "B"), (E, "E")):
        st = g.position(
            astronauts=[code, "T", "T", None, None, None],
            skills=skills(a1=(1, 1, 4)),
            attached={"B": "T", "E": "B"},
        )
        st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
        assert 7 in {a.module for a in legal_of(st, Assemble)}
        st = act(st, Assemble, via=Via.ASSEMBLE_CARD, module=7)
        assert st.station[7] == field


def test_the_final_module_ends_the_game_at_once() -> None:
    g = game(2, difficulty_values=(2,) * 12, astronaut_markers=())
    every = {
        "B": "T",
        "C": "T",
        "D": "R",
        "E": "B",
        "F": "C",
        "G": "D",
        "H": "C",
        "I": "B",
        "J": "E",
        "K": "F",
        "L": "G",
    }
    st = g.position(attached=every, astronauts=["H", "T", "T", None, None, None], skills=skills(a1=(1, 1, 4)))
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
    st = act(st, Assemble, via=Via.ASSEMBLE_CARD, module=11)
    assert st.is_terminal() and st.end_reason is EndMissionISS.ALL_MODULES
    assert st.tiles == () and st.returns() == (12.0, 12.0) and st.winners() == (0, 1)


def test_incident_markers_are_laid_aside_and_reshuffled_when_the_supply_runs_out() -> None:
    g = game(2, incident_markers=(1, 2), difficulty_values=(2,) * 12, astronaut_markers=())
    st = g.position(skills=skills(a1=(1, 1, 4)), incidents={"B": [1], "C": [2]})
    assert st.marker_pile == (0, 0, 0, 0, 0)
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=ASSEMBLE)
    st = act(st, Assemble, via=Via.ASSEMBLE_CARD, module=0)  # grey 6 on Tranquility >= 2 + 1
    assert st.marker_discard == (1, 0, 0, 0, 0) and st.incidents[0] == ()
    st = st.apply(st.legal_actions()[0])  # the tile onto B
    st = st.apply(DrawIncident("M"))
    # the face-down supply is empty: the marker laid aside is shuffled into a new supply
    assert [a for a, _ in st.chance_outcomes()] == [DrawMarker(1, 11)]
    st = st.apply(DrawMarker(1, 11))
    assert st.marker_pile == (0,) * 5 and st.marker_discard == (0,) * 5 and st.incidents[11] == (1,)


def test_at_most_three_incident_markers_on_a_module_card() -> None:
    st = game(2).position(incidents={"M": [1, 1, 1]}, queue=((2, 0),))
    st = st.apply(DrawIncident("M"))
    assert st.incidents[11] == (1, 1, 1) and st.current_player == 0  # the card is full: no effect


def test_blue_dice_first_then_red_then_dice_tiles_that_wait_for_a_die() -> None:
    g = game(2, blue_dice=1, red_dice=1)
    st = g.position(attached={"B": "T"}, queue=((1, 3), (1, 3)))  # two tiles onto Zarya
    st = st.apply(DrawTile(6, B))  # dice fields 3 and 2: the blue die, then the red one
    assert st.tiles[-1] == (6, B, ((0, 3), (1, 2))) and st.dice_free == (0, 0)
    st = st.apply(DrawTile(1, B))  # no die left: a dice tile waits on the field
    assert st.tiles[-1] == (1, B, ((2, 3),)) and st.tally[12] == 1
    # a die that becomes free replaces the waiting dice tile at once
    st = game(2, blue_dice=1, red_dice=1).position(
        attached={"B": "T"},
        astronauts=["B", "T", "T", None, None, None],
        skills=skills(a1=(1, 4, 1)),
        tiles=[(6, "B", [("blue", 3), ("red", 2)]), (1, "B", [("waiting", 3)])],
    )
    assert [a.die for a in legal_of(act(st, Select, own=RESEARCH, partner=1, kind=MOVE), Research)] == [0, 1]
    st = act(st, Select, own=RESEARCH, partner=1, kind=MOVE)
    st = act(st, Research, via=Via.RESEARCH_CARD, tile=6, die=1)  # the red 2 is cleared
    assert st.tiles[1] == (1, B, ((1, 3),)) and st.dice_free == (0, 0)  # the red die took its place


# --- Robonauts ---------------------------------------------------------------------------------------


def test_any_astronaut_deploys_a_robonaut_from_the_soyuz_capsule() -> None:
    st = game(2).position(astronauts=["R", "T", "T", None, None, None], skills=skills(a1=(1, 1, 1)))
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=MOVE)
    deploys = legal_of(st, Deploy)
    assert {(a.astronaut, a.source) for a in deploys} == {(0, -1), (1, -1)}  # one per module
    st = act(st, Deploy, astronaut=0, source=-1)
    assert st.robonauts == (-1, -1, R)


def test_with_the_capsule_empty_a_robonaut_is_moved_from_the_iss() -> None:
    st = game(2).position(astronauts=["R", "T", "T", None, None, None], robonauts=["S", "S", "T"])
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=MOVE)
    assert {(a.astronaut, a.source) for a in legal_of(st, Deploy)} == {(0, S), (0, T), (1, S)}
    st = act(st, Deploy, astronaut=0, source=S)
    assert st.robonauts == (T, R, S)


def test_rulebook_example_robonauts_and_astronauts_assist_an_assembly_to_seven() -> None:
    # grey 4, another astronaut with grey 2 and a robonaut: a module of difficulty up to 7
    g = game(2, difficulty_values=(7, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), astronaut_markers=())
    st = g.position(
        astronauts=["T", "T", "S", None, None, None],
        skills=skills(a1=(1, 1, 4), a2=(1, 1, 2)),
        robonauts=["T"],
    )
    st = act(st, Select, own=ASSEMBLE, partner=1, kind=MOVE)
    assert {a.module for a in legal_of(st, Assemble)} == {0}  # B (7), not C (8)
    assert not any(type(a).__name__ == "Command" for a in st.legal_actions())  # robonauts take none


# --- Exercise ----------------------------------------------------------------------------------------


def test_exercise_takes_a_marker_from_the_capsule_and_activates_nobody() -> None:
    st = game(2).position(exercise_supply=(0, 3, 3), held={0: (3, 0, 0)})
    st = act(st, Select, own=EXERCISE, partner=1, kind=EXERCISE)
    assert {a.colour for a in legal_of(st, Exercise)} == {1, 2}
    before = st.astronauts
    st = act(st, Exercise, via=Via.EXERCISE_CARD, colour=2)
    assert st.held[0] == (3, 0, 1) and st.exercise_supply == (0, 3, 2) and st.astronauts == before


def test_why_illegal_names_the_rule() -> None:
    st = game(2).position()
    assert "fellow player" in st.why_illegal(Select(0, MOVE, 0, MOVE))
    other = game(2).position(face_up={1: "MMMAE"}, face_down={1: "R"})
    assert "Moscow has no face-up Research card" in other.why_illegal(Select(0, MOVE, 1, RESEARCH))
    st = act(st, Select, own=MOVE, partner=1, kind=MOVE)
    assert "movement points" in st.why_illegal(Move(0, Via.MOVE_CARD, 0, 14))
    assert "no Assemble card" in st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 0, 0))
    assert st.why_illegal(find(st, Move, via=Via.MOVE_CARD, astronaut=0, dest=R)) is None
    assert "chance outcome" in st.why_illegal(DrawTile(1, 0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_select_lists_every_pair_once(players: int) -> None:
    st = game(players).position()
    picks = legal_of(st, Select)
    assert len(picks) == len(set(picks)) == 4 * 4 * (players - 1)
