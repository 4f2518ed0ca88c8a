"""1969, the Purchase Phase (§2): hiring scientists (§2.1, Scientists) and buying cards (§2.2).

Positions are built with ``Game1969.position``; "reading n" is the numbered reading of
``isslab rules 1969``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_1969 import CANADA, FRANCE, USA, USSR, play_out

import isslab
from isslab.games.game_1969 import (
    BOXES,
    BUY,
    BuyCards,
    CardDraw,
    Discard,
    EndPurchases,
    Hire,
    State1969,
)

GROUND_CONTROL, LAUNCHPAD = BOXES.index("ground_control"), BOXES.index("launchpad")


def purchase(**kwargs: Any) -> State1969:
    """A Purchase Phase position of 1963 (USA first); ``options`` go to the game."""
    game = isslab.make("1969", first_player=USA, **kwargs.pop("options", {}))
    st = game.position(phase="BUY", **kwargs)
    assert isinstance(st, State1969)
    return st


# --- §2.1 Hire Scientists ----------------------------------------------------------------------


def test_ussr_launchpad_example_two_different_types_per_box() -> None:
    """§2.1: the USSR puts a famous then a basic scientist on Launchpad; two famous would not do."""
    st = purchase(to_act=USSR, money=(0, 40, 0, 0))
    st = play_out(st, Hire(USSR, "famous", "launchpad", USSR))
    assert st.money[USSR] == 31
    assert Hire(USSR, "famous", "launchpad", USSR) not in st.legal_actions()
    with pytest.raises(isslab.IllegalActionError):
        st.apply(Hire(USSR, "famous", "launchpad", USSR))
    st = play_out(st, Hire(USSR, "basic", "launchpad", USSR))
    assert st.money[USSR] == 26 and st.research[USSR][LAUNCHPAD] == 2
    # the box is full now
    assert not any(type(a) is Hire and a.box == "launchpad" and a.sheet == USSR for a in st.legal_actions())
    # two basic scientists may share a box
    st = play_out(st, Hire(USSR, "basic", "vector", USSR), Hire(USSR, "basic", "vector", USSR))
    assert st.cubes[USSR][BOXES.index("vector")] == (0, 0)


def test_scientists_cost_what_the_board_shows_and_need_the_money() -> None:
    """Scientists: basic 5, rookie 3, famous 9, genius 11, spy 7; nobody pays more than it has."""
    st = purchase(money=(8, 0, 0, 0))
    kinds = {a.kind for a in st.legal_actions() if type(a) is Hire}
    assert kinds == {"basic", "rookie", "spy"}
    assert [st.hire_cost(USA, k) for k in range(5)] == [5, 3, 9, 11, 7]


def test_an_exhausted_supply_cannot_be_hired() -> None:
    """§2.1 Note: with no cube of a type left on the board, that type cannot be hired."""
    st = purchase(money=(40, 0, 0, 0), options={"scientist_supply": (40, 10, 0, 10, 10)})
    kinds = {a.kind for a in st.legal_actions() if type(a) is Hire}
    assert "famous" not in kinds and {"basic", "rookie", "genius", "spy"} <= kinds
    with pytest.raises(isslab.IllegalActionError):
        st.apply(Hire(USA, "famous", "lunar", USA))
    st = play_out(st, Hire(USA, "genius", "lunar", USA))
    assert st.supply == (40, 10, 0, 9, 10)


def test_robotics_discounts_the_first_scientist_of_each_round_only() -> None:
    """Research, Robotics: 2M per researcher off the first scientist hired each round (reading 7)."""
    st = purchase(research={USA: "robotics=G"}, money=(20, 0, 0, 0))
    assert st.hire_cost(USA, 0) == 1
    st = play_out(st, Hire(USA, "basic", "lunar", USA))
    assert st.money[USA] == 19 and st.hire_cost(USA, 0) == 5
    st = play_out(st, Hire(USA, "basic", "lunar", USA))
    assert st.money[USA] == 14


def test_france_spy_example_rival_space_and_bonus_token() -> None:
    """Scientists, Spy: France pays 7M, spies on a rival's empty space, takes a Bonus Token at home."""
    st = purchase(to_act=FRANCE, money=(0, 0, 0, 30), research={USSR: "ground_control=BB"})
    spies = [a for a in st.legal_actions() if type(a) is Hire and a.kind == "spy"]
    assert spies and all(a.sheet != FRANCE for a in spies)  # never on one's own sheets
    assert not any(a.box == "ground_control" and a.sheet == USSR for a in spies)  # no empty space
    st = play_out(st, Hire(FRANCE, "spy", "ground_control", USA))
    assert st.cubes[USA][GROUND_CONTROL] == (4,) and st.research[USA][GROUND_CONTROL] == 0
    assert st.tokens[FRANCE][GROUND_CONTROL] == 1 and st.research[FRANCE][GROUND_CONTROL] == 1
    assert st.bonus_left == 9 and st.money[FRANCE] == 23 and st.spies_hired[FRANCE] == 1
    # a second spy in the same box of another rival: one token per box only
    st = play_out(st, Hire(FRANCE, "spy", "ground_control", CANADA))
    assert st.research[FRANCE][GROUND_CONTROL] == 1 and st.bonus_left == 9
    # reading 6: two spies in one box break the two-types rule
    assert Hire(FRANCE, "spy", "ground_control", USA) not in st.legal_actions()


def test_two_spies_may_share_a_box_as_an_option() -> None:
    """Option spy_box_rule=False: the two-types rule does not bind spies."""
    st = purchase(to_act=FRANCE, money=(0, 0, 0, 30), options={"spy_box_rule": False})
    st = play_out(st, Hire(FRANCE, "spy", "lunar", USA))
    assert Hire(FRANCE, "spy", "lunar", USA) in st.legal_actions()


def test_a_spy_brings_no_token_when_the_bank_is_empty() -> None:
    """Reading 6: with the bank's Bonus Tokens gone, a spy brings no token."""
    st = purchase(to_act=FRANCE, money=(0, 0, 0, 30), options={"bonus_tokens": 0})
    st = play_out(st, Hire(FRANCE, "spy", "lunar", USA))
    assert st.tokens[FRANCE][BOXES.index("lunar")] == 0 and st.bonus_left == 0


# --- §2.2 Buy Intelligence Cards ---------------------------------------------------------------


def test_cards_cost_two_million_each() -> None:
    """§2.2: 2M a card; no more cards than one can pay for."""
    st = purchase(money=(5, 0, 0, 0))
    assert [a.number for a in st.legal_actions() if type(a) is BuyCards] == [1, 2]
    st = play_out(st, BuyCards(USA, 2))
    assert st.money[USA] == 1 and st.is_chance_node()
    st = play_out(st, CardDraw(USA, (1, 0, 1)))
    assert st.hands[USA] == (1, 0, 1) and st.phase == BUY and st.current_player == USA


def test_at_most_six_cards_and_a_full_hand_may_discard() -> None:
    """§2.2: never more than six cards; with a full hand a nation may discard before buying more."""
    st = purchase(money=(20, 0, 0, 0), hands={USA: (2, 2, 1)})
    assert BuyCards(USA, 1) in st.legal_actions() and BuyCards(USA, 2) not in st.legal_actions()
    assert Discard(USA, 1) not in st.legal_actions()  # reading 5: discards only with a full hand
    full = purchase(money=(10, 0, 0, 0), hands={USA: (2, 2, 2)})
    legal = full.legal_actions()
    assert not any(type(a) is BuyCards for a in legal)
    assert [a for a in legal if type(a) is Discard] == [Discard(USA, 1), Discard(USA, 2), Discard(USA, 3)]
    full = play_out(full, Discard(USA, 1))
    assert full.hands[USA] == (1, 2, 2) and full.discard == (1, 0, 0) and full.phase == BUY
    assert BuyCards(USA, 1) in full.legal_actions() and BuyCards(USA, 2) not in full.legal_actions()


def test_drawing_from_a_short_deck_takes_it_all() -> None:
    """Reading 14: when the deck holds no more cards than are bought, they are all taken, no chance."""
    hands = {USSR: (6, 0, 0), CANADA: (6, 0, 0), FRANCE: (0, 0, 6)}
    st = purchase(money=(20, 0, 0, 0), hands=hands, discard=(0, 13, 6))
    assert st.deck == (1, 0, 1)
    st = play_out(st, BuyCards(USA, 2))
    assert st.hands[USA] == (1, 0, 1) and st.phase == BUY and st.money[USA] == 16


def test_the_discards_become_the_deck_the_moment_it_runs_out() -> None:
    """§2.2: when the deck runs out the discards are shuffled into a new deck, at once: cards
    discarded afterwards stay on the discard pile instead of joining that deck."""
    options = {"players": 2, "intel_deck": (2, 2, 2), "hand_limit": 2}
    st = purchase(money=(20, 0), hands={USSR: (1, 0, 1)}, discard=(1, 1, 0), options=options)
    assert st.deck == (0, 1, 1)
    st = play_out(st, BuyCards(USA, 2))  # the whole deck: the USA's hand is full
    assert st.hands[USA] == (0, 1, 1) and not st.is_chance_node()
    assert st.deck == (1, 1, 0) and st.discard == (0, 0, 0)  # the new deck, before anything else
    st = play_out(st, Discard(USA, 2))
    assert st.deck == (1, 1, 0) and st.discard == (0, 1, 0)
    assert st.view(USSR)["deck_size"] == 2 and st.view(USSR)["discard"] == [0, 1, 0]


def test_with_every_card_in_hand_the_next_discard_is_the_deck() -> None:
    """Reading 14: with every card in a hand, the next card discarded forms the new deck."""
    options = {"players": 2, "intel_deck": (1, 1, 1), "hand_limit": 2}
    st = purchase(money=(20, 0), hands={USA: (1, 1, 0), USSR: (0, 0, 1)}, options=options)
    assert st.deck == (0, 0, 0) and not any(type(a) is BuyCards for a in st.legal_actions())
    st = play_out(st, Discard(USA, 1))
    assert st.deck == (1, 0, 0) and st.discard == (0, 0, 0)
    st = play_out(st, BuyCards(USA, 1))
    assert st.hands[USA] == (1, 1, 0) and st.deck == (0, 0, 0)


def test_a_position_with_an_empty_deck_and_discards_is_refused() -> None:
    """Reading 14: an empty deck beside a discard pile is a position no game reaches."""
    options = {"players": 2, "intel_deck": (1, 1, 1), "hand_limit": 3}
    with pytest.raises(ValueError, match="they are the deck"):
        purchase(hands={USA: (1, 1, 0)}, discard=(0, 0, 1), options=options)


def test_purchases_pass_in_turn_order() -> None:
    """§2: each nation in turn order makes its purchases, then ends them."""
    st = purchase(money=(0, 5, 0, 0))
    st = play_out(st, EndPurchases(USA))
    assert st.current_player == USSR and st.phase == BUY


# --- the quick legality test of the purchases (speed: State.resolve asks it first) ------------------


@pytest.mark.parametrize(
    ("options", "bot"),
    [
        ({"players": 2}, "random"),
        ({"players": 4}, "greedy"),
        ({"players": 5}, "spy"),
        ({"players": 3, "spy_box_rule": False, "hand_limit": 3, "intel_deck": (2, 2, 2)}, "random"),
    ],
)
def test_offered_agrees_with_the_purchase_list_on_table_objects(options: dict[str, Any], bot: str) -> None:
    from isslab.games.game_1969.legal import offered

    game = isslab.make("1969", **options)
    t = game.tables
    checked = 0
    for seed in range(4):
        for st in isslab.play(game, bot, seed=seed).states():
            assert isinstance(st, State1969)
            if st.current_player < 0:
                continue
            seat = st.current_player
            candidates = [a for kind in t.hire_table[seat] for sheet in kind for a in sheet]
            candidates += [*t.buy_actions[seat], t.end_actions[seat], *t.discard_actions[seat]]
            legal = st._legal_actions()
            for a in candidates:
                listed = any(a is x for x in legal)
                if st.phase == BUY and type(a) is not Discard:
                    assert offered(st, a) == listed, (a, st)
                else:
                    assert not offered(st, a), (a, st)
            checked += st.phase == BUY
            # an equal action that is not the table's object is left to the list
            twin = Hire(*t.hire_table[seat][0][seat][0])
            assert not offered(st, twin)
    assert checked > 20
