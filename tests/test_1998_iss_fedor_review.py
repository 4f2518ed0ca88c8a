"""1998 ISS, Solo Mode read sentence by sentence: FEDOR's turn, its launches and its score.

Each test names the part of the rulebook it checks ("FEDOR's Turn 1" is step 1 of the Solo Mode's
FEDOR's Turn; "Solo Launch 4" the fourth modified launch step; "reading n" the package docstring's
numbered readings). They pin down the sentences that make FEDOR strong, read literally: the recall
frees its long stays, its Install is not capped at two, a failed action costs a second cube, a tied
majority gives it an extra action, and it scores like a player.
"""

from __future__ import annotations

import pytest
from helpers_1998 import (
    CONDUCT_RU,
    FEDOR,
    INSTALL_RU,
    OUTSIDE_RU,
    PADS,
    PLAYER,
    STAY_RU,
    act,
    chance,
    fedor_install,
    fedor_turn,
    next_fedor_card,
)

import isslab
from isslab.games.iss_1998 import Countdown, Install, Phase, Place, PlaceExtra, Train

# default ISS column, top to bottom: Long Stay, Install, Outside Jobs, Conduct (rows 0-3)
LONG_STAY_ROW, INSTALL_ROW = 0, 1


# --- FEDOR's Turn 1: the recall ------------------------------------------------------------------


def test_the_recall_frees_fedors_long_stays_so_it_stays_again():
    # FEDOR's Turn 1 brings back even the astronauts in long-stay compartments; the Long stay card
    # then sends "as many astronauts as you can", one track step each: the same two go again
    state = fedor_turn(
        STAY_RU,
        astronauts={"FEDOR": {"unity": 0, "in": ("Zarya LS1", "Zarya LS2")}},
        long_stay={FEDOR: 2},
        iss_material={FEDOR: 5},
    )
    assert state.unity[FEDOR] == 2 and state.occ[FEDOR] == 0  # recalled before the card acts
    state = next_fedor_card(state)
    assert state.long_stay[FEDOR] == 4 and state.iss_mat[FEDOR] == 3
    assert state.occ[FEDOR].bit_count() == 2 and state.unity[FEDOR] == 0


def test_the_recall_variant_leaves_fedors_long_stays_in_place():
    # fedor_recall_long_stays=False (a variant): long stays wait for a replacement, as a player's
    state = fedor_turn(
        STAY_RU,
        {"fedor_recall_long_stays": False},
        astronauts={"FEDOR": {"unity": 0, "in": ("Zarya LS1", "Zvezda COM")}},
        long_stay={FEDOR: 1},
        iss_material={FEDOR: 5},
    )
    g = state.game
    assert state.unity[FEDOR] == 1 and state.occ[FEDOR] == 1 << g.tables.comp_index["Zarya LS1"]
    state = next_fedor_card(state)
    # only the astronaut from Zvezda COM goes: to Zarya LS2, the lowest free long-stay compartment
    assert state.long_stay[FEDOR] == 2 and state.iss_mat[FEDOR] == 4
    assert state.occ[FEDOR] == 1 << g.tables.comp_index["Zarya LS1"] | 1 << g.tables.comp_index["Zarya LS2"]


# --- FEDOR's Turn 2: the card actions -------------------------------------------------------------


def test_fedor_install_takes_a_token_for_each_of_its_four_astronauts():
    # "one installation token for each astronaut it has on the ISS": no limit of two (reading 17)
    state = next_fedor_card(fedor_install(4))
    assert state.tokens[FEDOR] == 4 and state.covered == 0
    assert state.tally(FEDOR).fedor_failed == 0


def test_the_install_limit_option_caps_fedor_like_a_player():
    # fedor_install_limit=2 reads Install as the player's "up to two astronauts"; lowest module first
    state = next_fedor_card(fedor_install(4, {"fedor_install_limit": 2}))
    g = state.game
    assert state.tokens[FEDOR] == 2 and state.covered == g.tables.mod_mask[g.tables.mod_index["Harmony"]]


@pytest.mark.parametrize("value", [-1, 9])
def test_the_install_limit_option_is_bounded(value):
    with pytest.raises(ValueError, match="fedor_install_limit"):
        isslab.make("1998-iss", players=1, fedor_install_limit=value)


def test_fedor_outside_jobs_converts_at_most_three():
    # "based on how many ISS materials it has": as many as it has, up to the card's three
    state = fedor_turn(
        OUTSIDE_RU, iss_material={FEDOR: 5}, external={FEDOR: 2}, astronauts={"FEDOR": {"unity": 1}}
    )
    state = next_fedor_card(state)
    assert (state.iss_mat[FEDOR], state.ext_mat[FEDOR]) == (2, 5)


def test_the_outside_option_lets_fedor_convert_everything_it_has():
    # the other reading of "based on how many ISS materials it has": all of them
    state = fedor_turn(
        OUTSIDE_RU,
        {"fedor_outside_max": 8},
        iss_material={FEDOR: 5},
        external={FEDOR: 2},
        astronauts={"FEDOR": {"unity": 1}},
    )
    state = next_fedor_card(state)
    assert (state.iss_mat[FEDOR], state.ext_mat[FEDOR]) == (0, 7)


@pytest.mark.parametrize("value", [0, 21])
def test_the_outside_option_is_bounded(value):
    with pytest.raises(ValueError, match="fedor_outside_max"):
        isslab.make("1998-iss", players=1, fedor_outside_max=value)


def test_fedor_with_four_astronauts_tries_an_advanced_experiment():
    # "The level of the experiment (1/2/3) ... depends on how many astronauts (1/2/3+)"
    state = fedor_turn(CONDUCT_RU, astronauts={"FEDOR": {"unity": 4}}, iss_material={FEDOR: 6})
    state = next_fedor_card(state)
    assert state.phase == Phase.FEDOR_EXPERIMENT
    assert {a.level for a, _ in state.chance_outcomes()} == {3}


# --- FEDOR's Turn 3: the compensation cube --------------------------------------------------------


def test_a_partial_long_stay_is_performed_and_earns_no_compensation():
    # three astronauts but one ISS material: one long stay is still the action done, one cube only
    state = fedor_turn(STAY_RU, iss_material={FEDOR: 1}, astronauts={"FEDOR": {"unity": 3}})
    state = next_fedor_card(state)
    assert state.long_stay[FEDOR] == 1 and state.iss_mat[FEDOR] == 0
    assert state.ccubes[LONG_STAY_ROW][FEDOR] == 1 and state.tally(FEDOR).fedor_failed == 0


def test_a_failed_install_puts_two_cubes_beside_install():
    # no covered compartment: "not been able to perform its action" -> a second cube, same module
    state = fedor_turn(INSTALL_RU, astronauts={"FEDOR": {"unity": 2}}, covered=())
    state = next_fedor_card(state)
    assert state.ccubes[INSTALL_ROW][FEDOR] == 2 and state.tally(FEDOR).fedor_failed == 1


# --- Solo Launch 4: a majority on the launched module ---------------------------------------------


def test_a_tied_module_majority_gives_fedor_an_extra_action_without_cube_or_countdown():
    game = isslab.make("1998-iss", players=1)
    state = game.position(
        to_move=PLAYER,
        fedor_top=INSTALL_RU,
        column_cubes={"Quest": {PLAYER: 1, FEDOR: 2}},
        pads={"RU": ("Progress", 1), "US": ("Discovery", 6)},
        cargo={"RU": {FEDOR: (0, 3)}},
        astronauts={"FEDOR": {"unity": 2}, PLAYER: {"unity": 1}},
    )
    # Train Astronauts lies beside Quest (row 0): the player's cube ties FEDOR's two there
    state = act(state, Place, card="Train Astronauts", extra=False)
    state = act(state, Train, shuttle="Discovery")
    state = act(state, Countdown, shuttle="Progress", steps=1)
    state = chance(state)  # a module refills the column
    state = chance(state)  # the next Russian shuttle card
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == PLAYER
    cubes_before = state.cubes[FEDOR]
    state = act(state, PlaceExtra, card="Long Stay")
    countdown = state.countdown
    assert state.phase == Phase.FEDOR_TOP  # FEDOR flipped its Install at once
    state = next_fedor_card(state)
    assert state.tokens[FEDOR] == 2  # Destiny's two, one per astronaut
    assert state.cubes[FEDOR] == cubes_before and state.countdown == countdown
    assert state.turn == FEDOR  # FEDOR's own turn follows: the extra action was not it


# --- Endgame: FEDOR scores like a player ----------------------------------------------------------


def test_fedor_scores_every_source_of_the_normal_game():
    # Endgame (Solo): "the scoring is the same as in the normal game"
    state = fedor_turn(
        OUTSIDE_RU,
        astronauts={"FEDOR": {"unity": 1}},
        tokens={FEDOR: 3},
        external={FEDOR: 4},
        long_stay={FEDOR: 2},
        played={FEDOR: ("E1-01", "E3-01")},
        shuttles_won={FEDOR: {"Soyuz": 1, "Discovery": 1}},
    )
    pts = state.points(FEDOR)
    assert (pts.installation, pts.long_stay, pts.goals, pts.shuttles, pts.experiments, pts.unplayed) == (
        6,
        3,
        0,
        3,
        2 + 8,
        0,
    )
    assert pts.external == state.ext_mat[FEDOR]


# --- reading 6 in the solo game -------------------------------------------------------------------


def _player_install(players: int) -> list[Install]:
    game = isslab.make("1998-iss", players=players)
    kw: dict[str, object] = {}
    if players == 1:
        kw["cargo"] = {"RU": {FEDOR: (0, 3)}}
        kw["pads"] = PADS
    state = game.position(
        to_move=PLAYER,
        station=("Columbus", "Kibo"),
        covered=("Columbus LAB1", "Kibo LAB"),
        astronauts={PLAYER: {"unity": 1}},
        **kw,
    )
    state = act(state, Place, card="Install Compartments", extra=False)
    return [a for a in state.legal_actions() if isinstance(a, Install)]


def test_solo_install_offers_both_laboratories_because_fedor_takes_by_module_number():
    # FEDOR's Install goes "in ascending order" of module number, so which laboratory stays
    # covered matters to it: the solo game offers each covered compartment (reading 6)
    assert {a.targets for a in _player_install(1)} == {("Columbus LAB1",), ("Kibo LAB",)}


def test_with_players_only_install_one_laboratory_of_the_two_alike_is_offered():
    # no rule of the multi-player game tells two covered laboratories apart (reading 6)
    assert {a.targets for a in _player_install(2)} == {("Columbus LAB1",)}
