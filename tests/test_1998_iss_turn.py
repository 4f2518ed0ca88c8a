"""1998 ISS, Player Turn: the cargo check, the extra action, the normal action, the module
preparation, the countdown and the launch check (the rulebook's examples first)."""

from __future__ import annotations

import pytest
from helpers_1998 import act, blues_turn, chance, find, options

import isslab
from isslab.games.iss_1998 import (
    Cargo,
    Construct,
    Countdown,
    Keep,
    Load,
    NoAction,
    Phase,
    Place,
    Plan,
    Retrieve,
    SkipExtra,
    Train,
)

BLUE, ORANGE, WHITE, GREEN = range(4)
RU, US = 0, 1


def test_example_cargo_check_on_both_empty_shuttles_goes_to_the_discovery():
    # Blue starts its turn with both shuttles empty: its material goes on the Discovery, the Soyuz
    # carrying no materials; with one shuttle possible there is nothing to choose
    game = isslab.make("1998-iss", players=3)
    state = game.position(to_move=BLUE, pads={"RU": ("Soyuz", 5), "US": ("Discovery", 6)})
    assert state.cargo_mat == ((0, 0, 0), (1, 0, 0))
    assert state.phase == Phase.NORMAL and state.current_player == BLUE


def test_cargo_check_offers_both_shuttles_when_both_take_materials():
    game = isslab.make("1998-iss", players=3)
    state = game.position(to_move=WHITE, pads={"RU": ("Progress", 4), "US": ("Atlantis", 6)})
    assert state.phase == Phase.CARGO
    assert {a.shuttle for a in state.legal_actions()} == {"Progress", "Atlantis"}
    state = act(state, Cargo, shuttle="Progress")
    assert state.cargo_mat[RU][WHITE] == 1 and state.phase == Phase.NORMAL


def test_no_cargo_check_when_a_shuttle_carries_anything():
    state = blues_turn(players=3, cargo={"RU": {WHITE: (1, 0)}})
    assert state.cargo_mat == ((0, 0, 0), (0, 0, 0)) and state.phase == Phase.NORMAL


def test_example_plan_experiments_counts_the_russian_pad_down_by_two():
    # the countdown step of the example: Plan Experiments is worth -2
    state = blues_turn(
        players=3,
        pads={"RU": ("Progress", 5), "US": ("Discovery", 6)},
        cargo={"RU": {ORANGE: (0, 1)}, "US": {WHITE: (0, 1)}},
    )
    state = act(state, Place, card="Plan Experiments", extra=False)
    state = act(state, Plan, levels=(1, 2))
    state = chance(chance(state))
    state = state.apply(options(state, Keep)[0])
    assert state.phase == Phase.COUNTDOWN
    state = act(state, Countdown, shuttle="Progress", steps=2)
    assert state.countdown == (3, 6)


def test_the_countdown_only_goes_to_a_shuttle_with_cargo():
    state = blues_turn()
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )
    # only the Discovery carries anything: no choice, its countdown drops by 2
    assert state.countdown == (5, 4) and state.current_player == ORANGE


def test_the_countdown_stops_at_zero_and_the_shuttle_launches():
    state = blues_turn(pads={"RU": ("Soyuz", 5), "US": ("Discovery", 1)})
    game = state.game
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Pirs", second="Pirs"
    )
    # Discovery 1 - 2 stops at 0: it launches and takes the module with the most cubes (Pirs: 2;
    # the prepared cube went to Harmony, beside Construct Modules); the column refills first
    assert state.countdown[US] == 0 and state.station[-1] == game.tables.mod_index["Pirs"]
    assert state.phase == Phase.MODULE_DRAW
    state = chance(state)
    # then the launcher keeps the card and a new US shuttle is drawn for the pad
    assert state.won[BLUE][4] == 1 and state.pad[US] == -1 and state.phase == Phase.SHUTTLE_DRAW


def test_the_normal_cube_goes_to_the_module_beside_the_card():
    state = blues_turn(
        earth=("Load Material", "Train Astronauts", "Construct Modules", "Plan Experiments"),
        column=("Quest", "Pirs", "Harmony", "Columbus"),
    )
    state = act(act(state, Place, card="Train Astronauts", extra=False), Train, shuttle="Soyuz")
    # Train Astronauts lies in the second row, beside Pirs
    assert state.ccubes[1][BLUE] == 1 and state.cubes[BLUE] == 7


def test_with_an_empty_reserve_a_cube_is_taken_back_first():
    state = blues_turn(column_cubes={"Quest": {BLUE: 5}, "Pirs": {BLUE: 2}}, extra_spaces={"Long Stay": BLUE})
    assert state.cubes[BLUE] == 0
    # Blue could use its extra action (a long stay); it keeps the cube there
    assert state.phase == Phase.EXTRA
    state = act(state, SkipExtra)
    assert state.phase == Phase.RETRIEVE
    sources = {a.source for a in state.legal_actions()}
    assert sources == {"Quest", "Pirs", "Long Stay extra space"}
    state = act(state, Retrieve, source="Pirs")
    assert state.phase == Phase.NORMAL and state.cubes[BLUE] == 1 and state.ccubes[1][BLUE] == 1


def test_construct_modules_takes_back_the_cubes_it_lacks():
    state = blues_turn(column_cubes={"Quest": {BLUE: 6}})
    assert state.cubes[BLUE] == 2
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Pirs", second="Harmony"
    )
    # one cube is on the card, one in reserve: one must come back from the board
    assert state.phase == Phase.RETRIEVE and state.need == 1
    state = act(state, Retrieve, source="Quest")
    # Quest lost one; Pirs and Harmony got one each, and Harmony (beside Construct Modules in the
    # third row) the prepared cube too
    assert [row[BLUE] for row in state.ccubes] == [5, 1, 2, 0] and state.cubes[BLUE] == 0


def test_the_extra_action_returns_its_cube_and_precedes_the_normal_action():
    state = blues_turn(extra_spaces={"Load Material": BLUE})
    assert state.phase == Phase.EXTRA
    assert state.legal_actions() == [Place(BLUE, "Load Material", True), SkipExtra(BLUE)]
    state = act(state, Place, card="Load Material", extra=True)
    assert state.extra[1] == -1 and state.cubes[BLUE] == 8
    state = act(state, Load, amounts=(0, 2))
    # no cube went to a module and nothing was counted down: the normal action comes next
    assert (
        state.phase == Phase.NORMAL and state.countdown == (5, 6) and sum(r[BLUE] for r in state.ccubes) == 0
    )


def test_a_card_that_cannot_be_done_is_not_offered():
    state = blues_turn(iss_material={BLUE: 0}, hands={BLUE: ()})
    cards = {a.card for a in state.legal_actions()}
    # no ISS material: no long stay, no outside job; no card in hand: no experiment
    assert cards == {
        "Train Astronauts",
        "Load Material",
        "Construct Modules",
        "Plan Experiments",
        "Install Compartments",
    }
    reason = state.why_illegal(Place(BLUE, "Long Stay", False))
    assert reason is not None and "ISS material" in reason


def test_a_turn_with_nothing_possible_is_skipped():
    game = isslab.make("1998-iss", players=2, final_round_construct=False)
    # the final round, both decks and every pad empty, no card in hand, nobody on the station
    state = game.position(
        to_move=BLUE,
        ending=2,
        pads={"RU": None, "US": None},
        astronauts={BLUE: {"unity": 0}},
        hands={BLUE: ()},
        exp_pool=((), (), ()),
        played={BLUE: [f"E{lv}-{i:02d}" for lv, k in ((1, 14), (2, 12), (3, 8)) for i in range(1, k + 1)]},
        shuttle_left=(0, 0),
        goals=(),
    )
    assert state.legal_actions() == [NoAction(BLUE)]
    after = state.apply(NoAction(BLUE))
    assert after.cubes == state.cubes and after.current_player == ORANGE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_clockwise(players):
    state = isslab.make("1998-iss", players=players).position(to_move=players - 1)
    assert state.turn == players - 1
    rec = isslab.play(isslab.make("1998-iss", players=players), "greedy", seed=3)
    turns = [s.turn for s in rec.states() if s.phase == Phase.NORMAL and s.step == 2]
    order = [t for i, t in enumerate(turns) if i == 0 or t != turns[i - 1]]
    assert all((b - a) % players == 1 for a, b in zip(order, order[1:], strict=False))


def test_a_normal_cube_never_returns_to_the_reserve_before_preparation():
    game = isslab.make("1998-iss", players=2)
    state = game.position(to_move=BLUE, pads={"RU": ("Soyuz", 5), "US": ("Discovery", 6)})
    placed = act(state, Place, card="Train Astronauts", extra=False)
    assert placed.cubes[BLUE] == 7 and placed.doing == 0 and placed.phase == Phase.PERFORM
    assert find(placed, Train, shuttle="Soyuz")
