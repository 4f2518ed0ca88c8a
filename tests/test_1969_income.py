"""1969, Setting Up and the Income Phase (§1): money, free Intelligence draws, the sale of prestige.

Positions are built with ``Game1969.position`` or reached by playing actions; "reading n" is the
numbered reading of ``isslab rules 1969``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_1969 import CANADA, USA, USSR, play_out

import isslab
from isslab.games.game_1969 import (
    INCOME_DISCARD,
    INCOME_SPEND,
    CardDraw,
    Discard,
    FirstPlayer,
    SpendPrestige,
    State1969,
)


def test_setting_up_two_prestige_a_random_first_player() -> None:
    """Setting Up: 2 PP each, Moon flags on the start space, a full deck; the First Player at random."""
    game = isslab.make("1969", players=3)
    st = game.new_state()
    assert st.is_chance_node()
    assert dict(st.chance_outcomes()) == pytest.approx({FirstPlayer(s): 1 / 3 for s in range(3)})
    st = play_out(st, FirstPlayer(CANADA))
    assert st.pp == (2, 2, 2) and st.moon_flag == (0, 0, 0)
    assert sum(st.deck) == 39 and st.hands == ((0, 0, 0),) * 3
    assert st.first == CANADA and st.current_player == CANADA  # the First Player takes its turn first


def test_income_of_1963_is_twelve_million_for_everyone() -> None:
    """§1: each nation receives the amount of the Game Turn Track: 12M in 1963."""
    st = isslab.make("1969", players=3, first_player=USSR).new_state()
    assert st.money == (12, 12, 12) and st.pp == (2, 2, 2)
    assert st.phase == INCOME_SPEND and st.current_player == USSR


def test_prestige_sells_for_two_million_up_to_the_yearly_limit() -> None:
    """§1: 1 PP = 2M, at most 1 PP in 1963 and 2 in 1965; reading 9: never below 0 PP."""
    game = isslab.make("1969", first_player=USA)
    st = game.position(phase="INCOME_SPEND", prestige=(5, 2, 2, 2))
    assert [a.points for a in st.legal_actions()] == [0, 1]
    st65 = game.position(phase="INCOME_SPEND", year=1965, prestige=(5, 2, 2, 2))
    assert [a.points for a in st65.legal_actions()] == [0, 1, 2]
    poor = game.position(phase="INCOME_SPEND", year=1969, prestige=(1, 2, 2, 2))
    assert [a.points for a in poor.legal_actions()] == [0, 1]
    after = play_out(st65, SpendPrestige(USA, 2))
    assert after.pp[USA] == 3 and after.money[USA] == st65.money[USA] + 4
    assert after.current_player == USSR  # the next nation's Income turn


def test_a_nation_without_prestige_is_not_asked() -> None:
    """Reading 9: with no prestige to sell the nation's Income turn needs no decision."""
    game = isslab.make("1969", first_player=USA)
    st = game.position(phase="INCOME_SPEND", prestige=(2, 0, 2, 2))
    st = play_out(st, SpendPrestige(USA, 0))
    assert st.current_player == CANADA


def _free_draw(options: dict[str, Any] | None = None) -> State1969:
    """1964, USSR first: after the USSR's turn the USA draws 3 free cards (genius + basic) on a full hand."""
    game = isslab.make("1969", players=2, **(options or {}))
    st = game.position(
        year=1964,
        phase="INCOME_SPEND",
        first_player=USSR,
        research={USA: "intelligence=GB"},
        hands={USA: (2, 2, 2)},
    )
    st = play_out(st, SpendPrestige(USSR, 0))
    assert st.is_chance_node() and st.pending == 3  # Research, Intelligence: one card per researcher
    return play_out(st, CardDraw(USA, (0, 0, 3)))


def test_free_draws_beyond_the_hand_limit_force_discards() -> None:
    """Reading 5: after the free draws a nation discards down to six cards, choosing which."""
    st = _free_draw()
    assert st.phase == INCOME_DISCARD and sum(st.hands[USA]) == 9
    assert st.legal_actions() == [Discard(USA, 1), Discard(USA, 2), Discard(USA, 3)]
    st = play_out(st, Discard(USA, 1), Discard(USA, 1), Discard(USA, 2))
    assert st.hands[USA] == (0, 1, 5) and st.discard == (2, 1, 0)
    assert st.phase == INCOME_SPEND  # reading 10: the sale comes after the free draws


def test_free_draws_may_exceed_the_hand_limit_as_an_option() -> None:
    """Option hand_limit_after_draws=False: the free draws may fill a hand past the limit."""
    st = _free_draw({"hand_limit_after_draws": False})
    assert st.phase == INCOME_SPEND and sum(st.hands[USA]) == 9
