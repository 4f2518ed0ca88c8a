"""1998 ISS, Solo Mode: FEDOR's setup, turn, card actions, countdown, reshuffle and launches."""

from __future__ import annotations

import pytest
from helpers_1998 import (
    CARGO,
    CONDUCT_RU,
    FEDOR,
    INSTALL_RU,
    OUTSIDE_RU,
    PADS,
    PLAYER,
    RESHUFFLE,
    STAY_RU,
    STAY_US,
    act,
    chance,
    fedor_install,
    fedor_turn,
    next_fedor_card,
)

import isslab
from isslab.games.iss_1998 import Countdown, FedorToken, FedorTop, Phase, Place, PlaceExtra, Train


def test_fedor_recalls_every_astronaut_first():
    state = fedor_turn(
        INSTALL_RU,
        astronauts={"FEDOR": {"unity": 0, "in": ("Zarya LS1", "Zvezda COM")}},
        covered=(),
    )
    # Install with no token to take fails, but the recall happened: both are in Unity
    assert state.unity[FEDOR] == 2 and state.occ[FEDOR] == 0


def test_fedor_install_takes_one_token_per_astronaut_lowest_module_first():
    state = fedor_install(2)
    state = next_fedor_card(state)
    g = state.game
    # Quest (number 1) before Harmony (number 3): both of Quest's tokens
    assert state.tokens[FEDOR] == 2 and state.covered == g.tables.mod_mask[g.tables.mod_index["Harmony"]]


def test_fedor_install_lets_the_player_choose_when_a_module_cannot_be_emptied():
    state = fedor_install(3)
    state = next_fedor_card(state)
    assert state.phase == Phase.FEDOR_TOKEN and state.current_player == PLAYER
    assert {a.compartment for a in state.legal_actions()} == {"Harmony COM", "Harmony LS"}
    state = act(state, FedorToken, compartment="Harmony LS")
    assert state.tokens[FEDOR] == 3 and state.covered == 1 << state.game.tables.comp_index["Harmony COM"]


def test_fedor_outside_jobs_uses_a_free_crane_and_as_much_material_as_it_can():
    state = fedor_turn(OUTSIDE_RU, iss_material={FEDOR: 2}, astronauts={"FEDOR": {"unity": 1}})
    state = next_fedor_card(state)
    g = state.game
    assert (state.iss_mat[FEDOR], state.ext_mat[FEDOR]) == (0, 4)
    assert state.occ[FEDOR] == 1 << g.tables.comp_index["Canadarm 2 CRN"]


def test_fedor_long_stay_sends_as_many_astronauts_as_it_can():
    state = fedor_turn(STAY_RU, iss_material={FEDOR: 5}, astronauts={"FEDOR": {"unity": 3}})
    state = next_fedor_card(state)
    # three long-stay compartments are free (Zarya's two, Zvezda's one)
    assert state.long_stay[FEDOR] == 3 and state.iss_mat[FEDOR] == 2
    assert state.occ[FEDOR].bit_count() == 3 and state.unity[FEDOR] == 0


def test_fedor_failure_places_a_compensation_cube():
    state = fedor_turn(STAY_RU, iss_material={FEDOR: 0}, astronauts={"FEDOR": {"unity": 1}})
    state = next_fedor_card(state)
    row = state.rows[4]  # beside Long Stay
    assert state.ccubes[row][FEDOR] == 2 and state.cubes[FEDOR] == 6
    assert state.tally(FEDOR).fedor_failed == 1


def test_fedor_without_cubes_takes_one_from_the_lowest_module():
    state = fedor_turn(
        STAY_RU,
        iss_material={FEDOR: 0},  # the long stay fails: two cubes are due
        astronauts={"FEDOR": {"unity": 1}},
        column_cubes={"Quest": {FEDOR: 4}, "Harmony": {FEDOR: 3}, "Columbus": {FEDOR: 1}},
    )
    state = next_fedor_card(state)
    # no cube in reserve: they come from the lowest space holding one (Columbus, then Harmony);
    # Long Stay lies in the first row of the ISS column, beside Quest
    assert [row[FEDOR] for row in state.ccubes] == [6, 0, 2, 0]


def test_fedor_conducts_an_experiment_of_its_level():
    state = fedor_turn(
        CONDUCT_RU, astronauts={"FEDOR": {"unity": 2}}, iss_material={FEDOR: 6}, external={FEDOR: 4}
    )
    state = next_fedor_card(state)
    # two astronauts: a medium experiment is flipped
    assert state.phase == Phase.FEDOR_EXPERIMENT
    assert {a.level for a, _ in state.chance_outcomes()} == {2}
    state = chance(state, "E2-01")  # LAB + COM, long-term: Destiny's labs are covered, no LAB is free
    assert state.exp_bottom[1] == (state.game.tables.exp_index["E2-01"],)
    assert state.phase == Phase.FEDOR_EXPERIMENT  # a second try
    state = chance(state, "E2-05")  # EVA + LS, long-term, 1 ISS + 1 external
    assert state.played[FEDOR] == (state.game.tables.exp_index["E2-05"],)
    assert (state.iss_mat[FEDOR], state.ext_mat[FEDOR]) == (5, 3)
    assert state.unity[FEDOR] == 0 and state.occ[FEDOR].bit_count() == 2


def test_fedor_gives_up_after_three_experiment_cards():
    state = fedor_turn(
        CONDUCT_RU, astronauts={"FEDOR": {"unity": 1}}, iss_material={FEDOR: 0}, external={FEDOR: 0}
    )
    state = next_fedor_card(state)
    for _ in range(3):
        assert state.phase == Phase.FEDOR_EXPERIMENT
        state = chance(state)
    assert len(state.exp_bottom[0]) == 3 and state.played[FEDOR] == ()
    assert state.ccubes[state.rows[7]][FEDOR] == 2  # the compensation cube


def test_fedor_counts_down_the_pad_of_the_next_cards_back():
    state = fedor_turn(OUTSIDE_RU, astronauts={"FEDOR": {"unity": 1}})
    us = next_fedor_card(state, "US")
    assert us.countdown == (5, 6 - 1)  # Outside Jobs is worth 1
    ru = next_fedor_card(state, "RU")
    assert ru.countdown == (5 - 1, 6)


def test_fedor_does_not_count_down_a_pad_without_cargo():
    state = fedor_turn(OUTSIDE_RU, astronauts={"FEDOR": {"unity": 1}}, cargo={"US": {FEDOR: (0, 3)}})
    assert next_fedor_card(state, "RU").countdown == (5, 6)


def test_the_reshuffle_card_shuffles_deck_and_discards_then_flips_again():
    game = isslab.make("1998-iss", players=1)
    state = game.position(
        to_move="FEDOR",
        fedor_top=RESHUFFLE,
        fedor_pool=(0, 1, 2),
        fedor_discard=(3, 4, 5, 6, 7),
        pads=PADS,
        cargo=CARGO,
    )
    # the reshuffle: a new top card from all nine, flipped at once
    assert state.phase == Phase.FEDOR_TOP and len(state.chance_outcomes()) == 9
    assert state.fedor_discard == ()


def test_the_player_sees_only_the_back_of_the_next_fedor_card():
    state = fedor_turn(OUTSIDE_RU, astronauts={"FEDOR": {"unity": 1}})
    a = next(a for a, _ in state.chance_outcomes() if isinstance(a, FedorTop))
    assert state.describe(a, PLAYER) == f"the next FEDOR card shows a {a.back} back"
    assert "FEDOR card is" in state.describe(a)
    view = state.apply(a).view(PLAYER)
    assert view["fedor"]["next_back"] == a.back and "pool" not in view["fedor"]


def test_fedor_astronauts_stay_at_a_replacement_and_its_majority_acts_at_once():
    game = isslab.make("1998-iss", players=1)
    state = game.position(
        to_move=PLAYER,
        fedor_top=INSTALL_RU,
        column_cubes={"Quest": {FEDOR: 2}},
        pads={"RU": ("Soyuz", 1), "US": ("Discovery", 6)},
        cargo={"RU": {FEDOR: (1, 0)}},
        astronauts={"FEDOR": {"unity": 1, "in": ("Zvezda COM", "Zarya LS1")}, PLAYER: {"unity": 1}},
    )
    state = act(state, Place, card="Train Astronauts", extra=False)
    state = act(state, Train, shuttle="Discovery")
    state = act(state, Countdown, shuttle="Soyuz", steps=1)
    # the Soyuz launched: the player's astronaut went home, FEDOR's stayed (LS to Unity)
    assert state.unity[PLAYER] == 0 and state.reserve[PLAYER] == 4
    assert state.unity[FEDOR] == 1 + 1 + 1 and state.occ[FEDOR] == 1 << game.tables.comp_index["Zvezda COM"]
    # the inspection: FEDOR and the player (whose Train cube went to Quest) took one cube back
    # each: a tie, both win; clockwise from the player, who launched
    state = chance(state)  # the new Russian card
    assert state.won[PLAYER][0] == 1
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == PLAYER
    state = act(state, PlaceExtra, card="Long Stay")
    assert state.phase == Phase.FEDOR_TOP  # FEDOR flipped Install at once and shows its next card
    state = next_fedor_card(state)
    assert state.tokens[FEDOR] == 2  # Destiny's two tokens, for its astronauts
    # no cube and no countdown for an extra action; FEDOR's turn comes next
    assert state.ccubes[0][FEDOR] == 1


def test_fedor_loads_every_new_shuttle():
    game = isslab.make("1998-iss", players=1)
    state = game.position(
        to_move=PLAYER,
        fedor_top=STAY_RU,
        pads={"RU": ("Soyuz", 5), "US": ("Discovery", 1)},
        cargo={"US": {PLAYER: (0, 1)}},
    )
    state = act(state, Place, card="Train Astronauts", extra=False)
    state = act(state, Train, shuttle="Soyuz")
    state = act(state, Countdown, shuttle="Discovery", steps=1)
    state = chance(state)  # a module
    state = chance(state, "Atlantis")
    assert state.cargo_mat[1][FEDOR] == 3


def test_fedor_keeps_the_card_of_a_launch_it_caused():
    state = fedor_turn(
        OUTSIDE_RU, astronauts={"FEDOR": {"unity": 1}}, pads={"RU": ("Progress", 1), "US": ("Discovery", 6)}
    )
    state = next_fedor_card(state, "RU")
    state = chance(state)  # the Progress took a module up: the column refills
    assert state.won[FEDOR][1] == 1


@pytest.mark.parametrize("seed", range(6))
def test_solo_games_end_and_score_the_player_against_fedor(seed):
    rec = isslab.play(isslab.make("1998-iss", players=1), "greedy", seed=seed)
    final = rec.final_state()
    scores = final.scores()
    mine = (scores[0], len(final.played[0]))
    fedor = (scores[1], len(final.played[1]))
    assert rec.returns == ((1.0,) if mine >= fedor else (0.0,))
    assert rec.game_stats["fedor_score"] == scores[1]


def test_the_fedor_extra_place_is_never_a_seat_decision():
    rec = isslab.play(isslab.make("1998-iss", players=1), "random", seed=3)
    for state in rec.states():
        if state.phase == Phase.PLACE_EXTRA:
            assert state.current_player == PLAYER


def test_a_position_can_put_fedor_on_turn_with_its_name():
    state = fedor_turn(STAY_US, iss_material={FEDOR: 1}, astronauts={"FEDOR": {"unity": 1}})
    assert state.turn == FEDOR
