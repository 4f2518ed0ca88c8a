"""1998 ISS, Components and Setup: what the table looks like when the first turn starts."""

from __future__ import annotations

import itertools
import math

import pytest

import isslab
from isslab.games.iss_1998 import Phase
from isslab.games.iss_1998.components import EARTH_ACTIONS, ISS_ACTIONS

BLUE, ORANGE, WHITE, GREEN = range(4)


def _set_up(players: int, seed: int = 0, **options) -> isslab.State:
    """Play the setup's chance nodes with a seeded RNG up to the first decision."""
    import random

    rng = random.Random(seed)
    state = isslab.make("1998-iss", players=players, **options).new_state()
    while state.current_player == isslab.CHANCE:
        state = state.apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_every_player_its_pieces(players):
    state = _set_up(players)
    game = state.game
    start = state.start
    assert state.turn == start
    assert state.unity == (1,) * players and state.reserve == (4,) * players  # 12a
    assert state.iss_mat == tuple(1 if p == start else 2 for p in range(players))  # 12b
    assert state.ext_mat == (1,) * players and state.long_stay == (0,) * players  # 12c, 12d
    assert state.cubes == (8,) * players
    assert all(len(h) == 2 for h in state.hands)  # a basic and a medium card each (10)
    assert all(sorted(game.tables.exp_level[c] for c in h) == [1, 2] for h in state.hands)
    assert len(state.goals) == 4 and state.goal_owner == (-1,) * 4  # 9


def test_setup_builds_the_station_the_column_and_the_pads():
    state = _set_up(3, seed=5)
    game = state.game
    assert state.station == (0, 1, 2, 3)  # Zarya, Destiny, Zvezda, Canadarm 2 (3)
    destiny = game.tables.mod_mask[game.tables.mod_index["Destiny"]]
    assert state.covered == destiny  # Destiny's two experiment compartments (5)
    assert state.token_pool == 16
    assert all(m >= 0 for m in state.column) and len(state.module_pool) == 15 - 4  # 4
    assert sorted(state.earth) == sorted(EARTH_ACTIONS) and sorted(state.iss) == sorted(ISS_ACTIONS)  # 2
    ru, us = state.pad
    assert (
        game.tables.sh_start[ru] == state.countdown[0] and game.tables.sh_start[us] == state.countdown[1]
    )  # 8
    assert state.shuttle_left == (5, 5)


def test_the_launch_pad_side_depends_on_the_number_of_players():
    assert isslab.make("1998-iss", players=2).tables.sh_start == (5, 4, 5, 6, 6)
    assert isslab.make("1998-iss", players=3).tables.sh_start == (7, 6, 7, 8, 9)
    assert isslab.make("1998-iss", players=1).tables.sh_start == (5, 4, 5, 6, 6)  # solo: a 2-player set-up


def test_setup_chance_nodes_have_exact_probabilities():
    state = isslab.make("1998-iss", players=4).new_state()
    assert state.phase == Phase.FIRST
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    state = state.apply(state.legal_actions()[0])
    orders = state.chance_outcomes()
    assert len(orders) == 24 and math.isclose(sum(p for _, p in orders), 1.0)
    state = state.apply(orders[0][0])
    state = state.apply(state.legal_actions()[0])
    for k in range(4):
        draws = state.chance_outcomes()
        assert len(draws) == 15 - k and all(math.isclose(p, 1 / (15 - k)) for _, p in draws)
        state = state.apply(draws[0][0])
    ru = dict((str(a), p) for a, p in state.chance_outcomes())
    assert ru == {"a Soyuz goes onto the launch pad": 0.5, "a Progress goes onto the launch pad": 0.5}
    state = state.apply(state.legal_actions()[0])
    us = [p for _, p in state.chance_outcomes()]
    assert us == pytest.approx([1 / 3] * 3)
    state = state.apply(state.legal_actions()[0])
    goals = state.chance_outcomes()
    assert len(goals) == math.comb(10, 4)  # four goals, order does not matter
    assert len({a.goals for a, _ in goals}) == len(goals)


def test_first_player_option_fixes_the_start_player():
    state = _set_up(3, first_player=2)
    assert state.start == WHITE and state.iss_mat == (2, 2, 1)


def test_the_first_game_variant_removes_one_card_of_each_deck():
    state = _set_up(2, first_game_variant=True)
    assert state.shuttle_left == (4, 4)
    # the removed card is never seen: the pool still holds every card not drawn
    assert sum(state.shuttle_pool) == 12 - 2


def test_every_start_hand_is_possible():
    state = isslab.make("1998-iss", players=2, first_player=0).new_state()
    while state.phase != Phase.EXPERIMENT_DRAW:
        state = state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 14 and all(math.isclose(p, 1 / 14) for _, p in outcomes)
    names = [a.card for a, _ in outcomes]
    assert names == [f"E1-{i:02d}" for i in range(1, 15)]


def test_solo_setup_follows_the_solo_rules():
    state = _set_up(1, seed=2)
    game = state.game
    fedor = game.tables.fedor
    assert game.tables.P == 2 and fedor == 1
    assert state.iss_mat[fedor] == 6 and state.ext_mat[fedor] == 2  # FEDOR's discs
    assert state.goals == ()  # no goals in the solo game
    assert state.hands[fedor] == ()
    # four astronauts: one in Unity, one on a Soyuz if there is one, the rest on Earth
    ru = state.pad[0]
    on_soyuz = state.cargo_astro[0][fedor]
    assert on_soyuz == (1 if ru == 0 else 0)
    assert state.unity[fedor] + state.reserve[fedor] + on_soyuz == 4
    # three materials on every other shuttle
    assert state.cargo_mat[1][fedor] == 3
    assert state.cargo_mat[0][fedor] == (0 if ru == 0 else 3)
    # the FEDOR deck: a top card whose back everybody sees
    assert state.fedor_top >= 0 and len(state.fedor_pool) == 8


def test_solo_start_option_gives_fedor_the_start_player_card():
    state = _set_up(1, solo_start="fedor")
    assert state.start == 1 and state.iss_mat[0] == 2
    # FEDOR's first turn has been played: the player acts now
    assert state.current_player == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_deck_starts_complete(players):
    state = _set_up(players)
    g = state.game
    cards = sorted(itertools.chain(*state.exp_pool, *state.hands, *state.played, *state.exp_bottom))
    assert cards == list(range(len(g.tables.exp_name)))
