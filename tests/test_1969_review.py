"""Review of the 1969 engine against the rulebook: one test per rule sentence the rule tests left out.

The section marks are those of ``rules/1969.rulebook.txt`` ("§1" ... "§4", "Scientists",
"Research", "Appendix"); "A7.n" are the rule-gap defaults of ``1969.components.md``.
"""

from __future__ import annotations

import json
import random

import pytest
from test_1969_rules import build, play_out

import isslab
from isslab.core import CHANCE, TERMINAL
from isslab.games.game_1969.actions import (
    BuyCards,
    Commit,
    DiceRoll,
    Discard,
    EndPurchases,
    Hire,
    Launch,
    Pass,
    Reroll,
)
from isslab.games.game_1969.rules import BUY, COMMIT, INCOME_SPEND, LAUNCH, REROLL, State1969
from isslab.testing import check_game

USA, USSR, CANADA, FRANCE = range(4)
M_SATELLITE, M_ORBITAL, M_HEAVY = 0, 4, 6


# --- §1 Income --------------------------------------------------------------------------------


def test_income_of_1963_is_twelve_million_for_everyone() -> None:
    """§1: each player receives the amount of the Game Turn Track: 12 M on the first turn."""
    st = isslab.make("1969", players=3, first_player=USSR).new_state()
    assert isinstance(st, State1969)
    assert st.money == (12, 12, 12) and st.pp == (2, 2, 2)
    assert st.phase == INCOME_SPEND and st.current_player == USSR  # the First Player sells first


# --- §2 Purchases -----------------------------------------------------------------------------


def test_exhausted_supply_cannot_be_hired() -> None:
    """§2.1 Note: no cube of a type left on the board means no more hires of that type."""
    st = build(phase=BUY, money=(40, 0, 0, 0), supply=(40, 10, 0, 10, 10))
    kinds = {a.kind for a in st.legal_actions() if type(a) is Hire}
    assert "famous" not in kinds and {"basic", "rookie", "genius", "spy"} <= kinds
    with pytest.raises(isslab.IllegalActionError):
        st.apply(Hire(USA, "famous", "lunar", USA))
    st = play_out(st, Hire(USA, "genius", "lunar", USA))
    assert st.supply == (40, 10, 0, 9, 10)


def test_scientists_cost_what_the_board_shows_and_need_the_money() -> None:
    """Scientists: basic 5, rookie 3, famous 9, genius 11, spy 7; one cannot pay more than one has."""
    st = build(phase=BUY, money=(8, 0, 0, 0))
    kinds = {a.kind for a in st.legal_actions() if type(a) is Hire}
    assert kinds == {"basic", "rookie", "spy"}
    assert [st.hire_cost(USA, k) for k in range(5)] == [5, 3, 9, 11, 7]


def test_full_hand_may_discard_then_buy() -> None:
    """§2.2: a full hand may discard one or more cards before buying more (discards are public)."""
    st = build(phase=BUY, money=(10, 0, 0, 0), hands=((2, 2, 2), (0, 0, 0), (0, 0, 0), (0, 0, 0)))
    legal = st.legal_actions()
    assert not any(type(a) is BuyCards for a in legal)
    assert [a for a in legal if type(a) is Discard] == [Discard(USA, 1), Discard(USA, 2), Discard(USA, 3)]
    st = play_out(st, Discard(USA, 1))
    assert st.hands[USA] == (1, 2, 2) and st.discard == (1, 0, 0) and st.phase == BUY
    assert BuyCards(USA, 1) in st.legal_actions() and BuyCards(USA, 2) not in st.legal_actions()


def test_cards_cost_two_million_each() -> None:
    """§2.2: cards cost 2 M each; one may not buy more than one can pay for."""
    st = build(phase=BUY, money=(5, 0, 0, 0))
    buys = [a.number for a in st.legal_actions() if type(a) is BuyCards]
    assert buys == [1, 2]


# --- §3 Missions ------------------------------------------------------------------------------


def test_mission_needs_its_cost_and_the_bank_takes_it() -> None:
    """§3: to launch one must pay the cost; a nation that cannot pay for any mission only passes."""
    st = build(phase=LAUNCH, money=(3, 0, 0, 0))
    assert [a.mission for a in st.legal_actions() if type(a) is Launch] == [0, 1]
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3))
    assert st.money[USA] == 0


def test_symbol_bonus_adds_every_matching_box() -> None:
    """Research: +1 success per researcher on each box whose symbol the mission shows."""
    st = build(
        phase=LAUNCH,
        money=(20, 20, 0, 0),
        research={USA: "launchpad=G vector=B+T lunar=GB"},
    )
    st = play_out(st, Launch(USA, M_HEAVY, "Heavy Launcher", 6), DiceRoll(0, 5, 0))
    assert st.test[4] == 2 + 2  # Launchpad 2, Vector 1 + token 1; Lunar Module not shown


def test_rocket_is_clamped_to_the_track() -> None:
    """§3.1 Important: never below the first space or above the last space."""
    st = build(phase=LAUNCH, money=(20, 20, 0, 0), research={USA: "vector=GB"})
    high = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(5, 0, 0))
    assert high.test[4] == 8 and high.test[5] == 4 and high.pp[USA] == 2 + 5
    low = build(phase=LAUNCH, money=(20, 20, 0, 0))
    low = play_out(low, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(0, 0, 5))
    assert low.test[4] == -5 and low.test[5] == 0 and low.pp[USA] == 2


def _intel_case(options: dict[str, object] | None = None) -> State1969:
    """USA on space index 1 of Satellite Launch (IC 1); USSR plays 3 against, USA plays 3."""
    hands = ((0, 0, 1), (0, 0, 1), (0, 0, 0), (0, 0, 0))
    st = build(phase=LAUNCH, money=(20, 0, 0, 0), hands=hands, options=options)
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(1, 4, 0))
    assert st.test[5] == 1 and st.current_player == USSR
    return play_out(st, Commit(USSR, (0, 0, 1)), Commit(USA, (0, 0, 1)))


def test_intelligence_clamps_after_each_step_or_nets() -> None:
    """A7.1: down 3 (clamped at the start) then up 3 ends on index 3; 'net' stays on index 1."""
    assert _intel_case().pp[USA] == 2 + 3
    assert _intel_case({"intel_resolution": "net"}).pp[USA] == 2 + 1


def test_prestige_never_below_zero_for_flags() -> None:
    """§3.3: the space's value minus earlier flags, minimum 0 PP."""
    flags = (3,) + (0,) * 11
    st = build(phase=LAUNCH, money=(20, 20, 0, 0), flags=flags)
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(2, 3, 0))
    assert st.test[5] == 2 and st.pp[USA] == 2  # value 2 - 3 flags: 0, not -1


def test_moon_mission_itself_does_not_advance_its_flag_and_counts_its_own_flags() -> None:
    """Appendix and §3.3: ending the Moon on its last space advances nothing; only Moon flags count."""
    flags = (0,) * 11 + (1,)
    st = build(phase=LAUNCH, money=(20, 0, 0, 0), moon_flag=(18, 4, 0, 0), flags=flags, year=6)
    moon = st.game.moon  # type: ignore[attr-defined]
    st = play_out(st, Launch(USA, moon, "Moon Mission", 15), DiceRoll(5, 0, 0))
    assert st.moon_flag[USA] == -1
    assert st.pp[USA] == 2 + 35 - 1  # the rival's head-start flag on the Moon track does not count


def test_moon_flag_never_passes_the_last_space() -> None:
    """Appendix: the head-start flag stops on the last space of the Moon track."""
    st = build(phase=LAUNCH, money=(20, 0, 0, 0), moon_flag=(19, 0, 0, 0), research={USA: "vector=G"})
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(3, 2, 0))
    assert st.moon_flag[USA] == 19


def test_end_of_round_places_a_flag_even_without_success() -> None:
    """§4: a flag goes on the attempted mission's flag space even if the rocket did not reach the end."""
    st = build(phase=LAUNCH, money=(20, 0, 0, 0))
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(0, 5, 0))
    assert st.year == 1 and st.flags[M_SATELLITE] == 1 and st.first == USSR
    assert st.attempted[USA] == 1 << M_SATELLITE


def test_wrong_seat_and_wrong_phase_are_refused_without_change() -> None:
    """Illegal inputs raise IllegalActionError naming the seat to act, and the state is untouched."""
    st = build(phase=LAUNCH, money=(20, 20, 0, 0))
    before = st._values()
    for bad in (
        Launch(USSR, M_SATELLITE, "Satellite Launch", 3),  # not USSR's turn
        Launch(USA, M_SATELLITE, "Satellite Launch", 1),  # a wrong cost
        EndPurchases(USA),  # a purchase in the Mission Phase
        Pass(USSR),
        ["Launch", 0, 0, "Satellite Launch"],  # malformed JSON form
        "USA buys 1 intelligence card",
    ):
        with pytest.raises(isslab.IllegalActionError, match="for USA"):
            st.apply(bad)
        assert st._values() == before


# --- odd options and bots ---------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["greedy", "spy", "moonshot"])
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "hand_limit": 0},
        {"players": 5, "intel_deck": (1, 1, 1), "hand_limit": 1},
    ],
)
def test_bots_respect_tiny_hand_limits(bot: str, options: dict[str, object]) -> None:
    """§2.2: the heuristic bots never try to buy beyond a small hand limit or an empty deck."""
    report = check_game(isslab.make("1969", **options), games=2, seed=3, bots=bot)
    assert report.games == 2


def test_odd_options_pass_conformance() -> None:
    """Edge options: 1 die, a one-value deck, no supply, no tokens, no PP sales, a 2-space board."""
    for options in (
        {"players": 4, "dice": 1},
        {"players": 3, "intel_deck": (1,)},
        {"players": 3, "scientist_supply": (0, 0, 0, 0, 0), "bonus_tokens": 0},
        {"players": 2, "missions": [("Hop", ("vector",), 0, 1, (0, 1))], "moon_values": (0, 5)},
        {"players": 5, "dice": 10, "pp_limits": (0,) * 7, "start_prestige": 0},
    ):
        check_game(isslab.make("1969", **options), games=1, seed=1)


def test_views_never_leak_rival_hands_or_commitments() -> None:
    """§2.2 and §3.2: a view is the same whatever the values of the rivals' hands and face-down cards."""

    def shuffle(counts: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        out = [0] * len(counts)
        for _ in range(sum(counts)):
            out[rng.randrange(len(out))] += 1
        return tuple(out)

    game = isslab.make("1969", players=3)
    for seed in range(2):
        rng = random.Random(seed)
        st = game.new_state()
        while st.current_player != TERMINAL:
            assert isinstance(st, State1969)
            if st.phase == COMMIT or rng.random() < 0.2:
                for seat in range(3):
                    alt = st._copy()
                    alt.hands = tuple(h if s == seat else shuffle(h, rng) for s, h in enumerate(st.hands))
                    alt.commits = tuple(
                        c if s == seat or c is None else shuffle(c, rng) for s, c in enumerate(st.commits)
                    )
                    alt.deck = shuffle(st.deck, rng)
                    assert json.dumps(alt.view(seat)) == json.dumps(st.view(seat))
            a = st.sample_chance(rng) if st.current_player == CHANCE else rng.choice(st.legal_actions())
            st = st.apply(a)
# --- Research: Simulation ---------------------------------------------------------------------


def test_simulation_may_reroll_successes_as_an_option() -> None:
    """Research, Simulation: 're-roll one die' names no colour; option reroll_successes allows greens."""
    research = {USA: "simulation=B insurance=B vector=G"}
    st = build(phase=LAUNCH, money=(20, 20, 0, 0), research=research)
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(5, 0, 0))
    assert st.phase != REROLL  # default reading 8: successes are never re-rolled
    lit = build(phase=LAUNCH, money=(20, 20, 0, 0), research=research, options={"reroll_successes": True})
    lit = play_out(lit, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(5, 0, 0))
    assert lit.phase == REROLL
    assert lit.legal_actions() == [Reroll(USA, 0, 0), Reroll(USA, 0, 0, 1)]
    lit = play_out(lit, Reroll(USA, 0, 0, 1), DiceRoll(0, 0, 1))
    # 4 successes - 1 failure + 2 Vector: still past the last space, and Insurance pays 3 M
    assert lit.test[1:4] == (4, 0, 1) and lit.test[5] == 4 and lit.money[USA] == 17 + 3
    # the JSON form: three fields without successes (as before the option), four with
    game = lit.game
    assert game.encode_action(Reroll(USA, 1, 0)) == ["Reroll", USA, 1, 0]
    assert game.decode_action(game.encode_action(Reroll(USA, 0, 1, 2))) == Reroll(USA, 0, 1, 2)
    check_game(isslab.make("1969", players=3, reroll_successes=True), games=2, seed=2)
