"""Rule scenarios for 1969: the rulebook's worked examples first, then one test per rule."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import isslab
from isslab.games.game_1969.actions import (
    BuyCards,
    CardDraw,
    Commit,
    DiceRoll,
    Discard,
    EndPurchases,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
)
from isslab.games.game_1969.components import BOXES
from isslab.games.game_1969.rules import (
    BUY,
    COMMIT,
    INCOME_DISCARD,
    INCOME_SPEND,
    LAUNCH,
    OVER,
    REROLL,
    ROLL,
    State1969,
)
from isslab.testing import check_game

USA, USSR, CANADA, FRANCE, GERMANY = range(5)
M_SATELLITE, M_ORBITAL, M_LEM, M_LUNAR_ORBIT = 0, 4, 5, 9
LETTERS = {"B": 0, "R": 1, "F": 2, "G": 3, "S": 4}


def sheet(text: str) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Research from text like ``"launchpad=FB lunar=B+T"`` (B basic, R rookie, F famous, G genius, S spy)."""
    cubes: list[tuple[int, ...]] = [()] * 12
    tokens = [0] * 12
    for item in text.split():
        box, _, content = item.partition("=")
        i = BOXES.index(box)
        if content.endswith("+T"):
            tokens[i] = 1
            content = content[:-2]
        cubes[i] = tuple(sorted(LETTERS[c] for c in content))
    return tuple(cubes), tuple(tokens)


def build(
    players: int = 4,
    phase: int | None = None,
    actor: int = USA,
    research: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> State1969:
    """A position: the 1963 start (USA first) with ``fields`` replaced, research given as text."""
    game = isslab.make("1969", players=players, first_player=USA, **(options or {}))
    st = game.new_state()
    assert isinstance(st, State1969)
    st = st._copy()
    st._init_base(game)
    for name, value in fields.items():
        setattr(st, name, value)
    if research:
        cubes, tokens = list(st.cubes), list(st.tokens)
        for seat, text in research.items():
            cubes[seat], tokens[seat] = sheet(text)
        st.cubes, st.tokens = tuple(cubes), tuple(tokens)
    for seat in range(players):
        st._research(seat)
    if phase is not None:
        st.phase = phase
        st.actor = actor
        st.turn = (actor - st.first) % players
    return st


def play_out(st: State1969, *actions: Any) -> State1969:
    """Apply actions in order (each must be legal)."""
    for a in actions:
        st = st.apply(a)  # type: ignore[assignment]
    return st


# --- the rulebook's worked examples ------------------------------------------------------------


def test_usa_lem_example_scores_three() -> None:
    """§3.1: 3 successes, 1 failure and 1 researcher on the Lunar Module box score 3."""
    st = build(phase=LAUNCH, research={USA: "lunar=B"}, money=(20, 20, 20, 20))
    st = play_out(st, Launch(USA, M_LEM, "Lunar Module Test", 5))
    assert st.phase == ROLL and st.money[USA] == 15
    st = play_out(st, DiceRoll(3, 1, 1))
    assert st.test[4] == 3  # the score
    assert st.test[5] == 3  # the rocket moved 3 spaces up from the start space


def test_orbital_intelligence_example() -> None:
    """§3.2: IC 2, rocket on the 7th space; rivals play 5 (back 2), own 2 (up 1): ends on the 6th."""
    hands = ((2, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1))
    st = build(phase=LAUNCH, research={USA: "orbital=B"}, money=(20,) * 4, hands=hands)
    st = play_out(st, Launch(USA, M_ORBITAL, "Orbital Module Test", 5), DiceRoll(5, 0, 0))
    assert st.test[5] == 6  # index 6 = the 7th space
    # opponents from the USA's left: USSR, then France (Canada has no cards), then the USA
    assert st.phase == COMMIT and st.current_player == USSR
    st = play_out(st, Commit(USSR, (0, 1, 0)))
    assert st.current_player == FRANCE
    assert st.view(FRANCE)["committed"][USSR] == "hidden"
    assert st.view(USSR)["committed"][USSR] == [0, 1, 0]
    st = play_out(st, Commit(FRANCE, (0, 0, 1)))
    assert st.current_player == USA
    st = play_out(st, Commit(USA, (2, 0, 0)))
    # revealed: 5 // 2 = 2 spaces down, 2 // 2 = 1 up; 6th space (index 5) is worth 3 PP
    assert st.pp[USA] == 2 + 3
    assert st.discard == (2, 1, 1)
    assert st.stats[USSR][5] == 2 and st.stats[FRANCE][5] == 3  # intelligence spent


def test_france_gains_five_minus_two_and_advances_moon_flag() -> None:
    """§3.3: last space worth 5, 2 earlier flags: 3 PP, and the Moon flag advances one space."""
    flags = (0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0)
    st = build(phase=LAUNCH, actor=FRANCE, research={FRANCE: "orbital=GF"}, money=(20,) * 4, flags=flags)
    st = play_out(st, Launch(FRANCE, M_ORBITAL, "Orbital Module Test", 5), DiceRoll(4, 1, 0))
    assert st.pp[FRANCE] == 2 + 3
    assert st.moon_flag[FRANCE] == 1


# --- purchases -----------------------------------------------------------------------------


def test_two_types_per_box() -> None:
    """§2.1: USSR famous + basic in Launchpad is fine; two famous are not; two basic are."""
    st = build(phase=BUY, actor=USSR, money=(0, 40, 0, 0))
    st = play_out(st, Hire(USSR, "famous", "launchpad", USSR))
    assert st.money[USSR] == 31
    assert Hire(USSR, "famous", "launchpad", USSR) not in st.legal_actions()
    with pytest.raises(isslab.IllegalActionError):
        st.apply(Hire(USSR, "famous", "launchpad", USSR))
    st = play_out(st, Hire(USSR, "basic", "launchpad", USSR))
    assert st.research[USSR][BOXES.index("launchpad")] == 2
    assert not any(type(a) is Hire and a.box == "launchpad" and a.sheet == USSR for a in st.legal_actions())
    st = play_out(st, Hire(USSR, "basic", "vector", USSR), Hire(USSR, "basic", "vector", USSR))
    assert st.cubes[USSR][BOXES.index("vector")] == (0, 0)


def test_spies_only_on_rivals_empty_spaces_with_bonus_token() -> None:
    """Scientists, Spy: a rival's empty space only; a Bonus Token on one's own same box if empty."""
    st = build(phase=BUY, actor=FRANCE, money=(0, 0, 0, 30), research={USSR: "ground_control=BB"})
    spies = [a for a in st.legal_actions() if type(a) is Hire and a.kind == "spy"]
    assert spies and all(a.sheet != FRANCE for a in spies)
    assert not any(a.box == "ground_control" and a.sheet == USSR for a in spies)
    st = play_out(st, Hire(FRANCE, "spy", "ground_control", USA))
    gc = BOXES.index("ground_control")
    assert st.cubes[USA][gc] == (4,) and st.research[USA][gc] == 0
    assert st.tokens[FRANCE][gc] == 1 and st.research[FRANCE][gc] == 1
    assert st.bonus_left == 9 and st.money[FRANCE] == 23
    # a second spy in the same box of another rival: no second token
    st = play_out(st, Hire(FRANCE, "spy", "ground_control", CANADA))
    assert st.research[FRANCE][gc] == 1 and st.bonus_left == 9
    # two spies in one box break the two-types rule (A7.7)
    assert Hire(FRANCE, "spy", "ground_control", USA) not in st.legal_actions()


def test_spy_without_tokens_left_gives_nothing() -> None:
    """A7.5: with the bank's Bonus Tokens gone, a spy brings no token."""
    st = build(phase=BUY, actor=FRANCE, money=(0, 0, 0, 30), bonus_left=0)
    st = play_out(st, Hire(FRANCE, "spy", "lunar", USA))
    assert st.tokens[FRANCE][BOXES.index("lunar")] == 0 and st.bonus_left == 0


def test_robotics_discounts_first_scientist_each_round_only() -> None:
    """Research, Robotics: 2 M per researcher off the first scientist hired each round."""
    st = build(phase=BUY, research={USA: "robotics=G"}, money=(20, 0, 0, 0))
    assert st.hire_cost(USA, 0) == 1
    st = play_out(st, Hire(USA, "basic", "lunar", USA))
    assert st.money[USA] == 19
    assert st.hire_cost(USA, 0) == 5
    st = play_out(st, Hire(USA, "basic", "lunar", USA))
    assert st.money[USA] == 14


def test_investors_never_reduce_the_moon_mission() -> None:
    """Research, Investors: 2 M per researcher off each mission (min 0), never the Moon Mission."""
    st = build(phase=LAUNCH, research={USA: "investors=G"}, money=(15, 0, 0, 0))
    launches = {a.mission: a.cost for a in st.legal_actions() if type(a) is Launch}
    assert launches[M_SATELLITE] == 0
    assert launches[M_LUNAR_ORBIT] == 5
    assert launches[st.game.moon] == 15  # type: ignore[attr-defined]


def test_each_mission_attempted_once() -> None:
    """§3 Important: a mission with one's flag on it cannot be launched again."""
    st = build(phase=LAUNCH, money=(30, 0, 0, 0), attempted=(1 << M_SATELLITE, 0, 0, 0))
    missions = [a.mission for a in st.legal_actions() if type(a) is Launch]
    assert M_SATELLITE not in missions and M_ORBITAL in missions
    assert st.legal_actions()[-1] == Pass(USA)


def test_hand_limit_and_reshuffle() -> None:
    """§2.2: at most 6 cards; a full hand may discard; an empty deck takes the discards."""
    st = build(phase=BUY, money=(20, 0, 0, 0), hands=((2, 2, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)))
    assert BuyCards(USA, 1) in st.legal_actions() and BuyCards(USA, 2) not in st.legal_actions()
    assert Discard(USA, 1) not in st.legal_actions()
    st = build(
        phase=BUY,
        money=(20, 0, 0, 0),
        deck=(0, 0, 0),
        discard=(2, 1, 0),
        hands=((0, 0, 0), (6, 6, 6), (6, 1, 6), (1, 6, 1)),
    )
    st = play_out(st, BuyCards(USA, 2))
    assert st.deck == (2, 1, 0) and st.discard == (0, 0, 0) and st.is_chance_node()
    outcomes = dict(st.chance_outcomes())
    assert outcomes == pytest.approx({CardDraw(USA, (2, 0, 0)): 1 / 3, CardDraw(USA, (1, 1, 0)): 2 / 3})
    st = play_out(st, CardDraw(USA, (1, 1, 0)))
    assert st.hands[USA] == (1, 1, 0) and st.deck == (1, 0, 0) and st.phase == BUY
    # buying the whole deck needs no chance node
    full = build(phase=BUY, money=(20, 0, 0, 0), deck=(1, 0, 1), discard=(0, 0, 0))
    full = play_out(full, BuyCards(USA, 2))
    assert full.hands[USA] == (1, 0, 1) and full.phase == BUY and full.money[USA] == 16


def test_free_draws_beyond_hand_limit_force_discards() -> None:
    """A7.6: after the free draws of Intelligence researchers a nation discards down to 6."""
    game = isslab.make("1969", players=2, first_player=USA)
    st = build(players=2, research={USA: "intelligence=GB"}, hands=((2, 2, 2), (0, 0, 0)))
    st.year, st.phase = 0, 0
    st._start_round()
    assert st.is_chance_node() and st.pending == 3
    st = play_out(st, CardDraw(USA, (0, 0, 3)))
    assert st.phase == INCOME_DISCARD and sum(st.hands[USA]) == 9
    st = play_out(st, Discard(USA, 1), Discard(USA, 1), Discard(USA, 2))
    assert st.phase == INCOME_SPEND and st.hands[USA] == (0, 1, 5)
    assert game.options["hand_limit"] == 6


def test_pp_for_money_limits_per_year() -> None:
    """§1: 1 PP = 2 M, at most 1 PP in 1963, 2 in 1965; never below 0 PP (A7.8)."""
    st = build(phase=INCOME_SPEND, pp=(5, 2, 2, 2))
    assert [a.points for a in st.legal_actions()] == [0, 1]
    st3 = build(phase=INCOME_SPEND, pp=(5, 2, 2, 2), year=2)
    assert [a.points for a in st3.legal_actions()] == [0, 1, 2]
    poor = build(phase=INCOME_SPEND, pp=(1, 2, 2, 2), year=6)
    assert [a.points for a in poor.legal_actions()] == [0, 1]
    after = play_out(st3, SpendPrestige(USA, 2))
    assert after.pp[USA] == 3 and after.money[USA] == st3.money[USA] + 4


def _same_round_double(options: dict[str, Any] | None = None) -> State1969:
    """USA then USSR both perfect Satellite Launch in 1963 (USA first)."""
    st = build(
        phase=LAUNCH, money=(20, 20, 0, 0), research={USA: "vector=G", USSR: "vector=G"}, options=options
    )
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(3, 1, 1))
    assert st.current_player == USSR
    return play_out(st, Launch(USSR, M_SATELLITE, "Satellite Launch", 3), DiceRoll(3, 1, 1))


def test_flag_penalty_counts_only_earlier_rounds() -> None:
    """§3.3 with A7.2: two launches of one mission in the same round both score full; flags come later."""
    st = _same_round_double()
    assert st.pp[USA] == 2 + 5 and st.pp[USSR] == 2 + 5
    assert st.year == 1 and st.flags[M_SATELLITE] == 2  # §4: placed at the end of the round
    alt = _same_round_double({"flag_penalty": "all_attempts"})
    assert alt.pp[USA] == 2 + 5 and alt.pp[USSR] == 2 + 4


def test_moon_head_start() -> None:
    """Appendix: the Moon rocket starts on the flag's space; no Investors; the flag leaves the track."""
    st = build(phase=LAUNCH, money=(20, 9, 9, 9), moon_flag=(5, 0, 0, 0), year=6, research={USA: "lunar=GF"})
    moon = st.game.moon  # type: ignore[attr-defined]
    st = play_out(st, Launch(USA, moon, "Moon Mission", 15))
    assert st.test[5] == 5 and st.moon_flag[USA] == -1
    st = play_out(st, DiceRoll(2, 2, 1))  # base 1, +3 Lunar Module researchers
    assert st.test[4] == 4
    assert st.pp[USA] == 2 + st.game.options["moon_values"][9]


def test_simulation_rerolls_ground_control_and_insurance() -> None:
    """Research: re-roll up to Simulation dice, convert neutrals, Insurance pays 3 M per failure."""
    st = build(phase=LAUNCH, money=(20, 9, 9, 9), research={USA: "simulation=B ground_control=B insurance=G"})
    st = play_out(st, Launch(USA, M_SATELLITE, "Satellite Launch", 3), DiceRoll(1, 2, 2))
    assert st.phase == REROLL
    assert [(a.red, a.blue) for a in st.legal_actions()] == [(0, 0), (0, 1), (1, 0)]
    st = play_out(st, Reroll(USA, 1, 0))
    assert st.is_chance_node() and len(st.chance_outcomes()) == 3
    st = play_out(st, DiceRoll(0, 0, 1))  # the re-roll is a failure again: it stands
    # 1 success + 1 converted neutral - 2 failures = 0; insurance 2 researchers x 2 failures x 3 M
    assert st.test[4] == 0
    assert st.money[USA] == 17 + 12


def test_end_of_game_scientist_points_and_tie_break() -> None:
    """End of the Game: famous +3, rookie -2, spy -1; ties to money, then a shared win."""
    research = {USA: "launchpad=FR", USSR: "vector=S"}
    stats = tuple((0,) * 12 + (1,) if s == FRANCE else (0,) * 13 for s in range(4))
    st = build(
        phase=OVER, actor=-1, year=7, research=research, stats=stats, pp=(10, 11, 11, 12), money=(1, 2, 3, 4)
    )
    assert st.scientist_points() == (1, 0, 0, -1)
    assert st.scores() == (11, 11, 11, 11)
    assert st.winners() == (FRANCE,)  # most money
    assert st.ranks() == (4, 3, 2, 1)
    owner = build(
        phase=OVER,
        actor=-1,
        year=7,
        research=research,
        stats=stats,
        options={"spy_penalty_to": "sheet_owner"},
    )
    assert owner.scientist_points() == (1, -1, 0, 0)
    tie = build(phase=OVER, actor=-1, year=7, pp=(5, 5, 3, 5), money=(7, 7, 9, 6))
    assert tie.winners() == (USA, USSR) and tie.returns() == (1.0, 1.0, 0.0, 0.0)
    assert tie.ranks() == (1, 1, 4, 3)


def test_turn_order_and_first_player_rotation() -> None:
    """§2 and §4: turn order from the First Player; the marker passes to the left each round."""
    st = build(phase=BUY, actor=USA, money=(0,) * 4)
    st = play_out(st, EndPurchases(USA))
    assert st.current_player == USSR
    st = play_out(st, EndPurchases(USSR), EndPurchases(CANADA), EndPurchases(FRANCE))
    # no money: nobody can launch, so the round ends and 1964 starts with the USSR first
    assert st.year == 1 and st.first == USSR
    assert st.money == (13,) * 4


def test_random_start_view_and_json() -> None:
    """The First Player is a uniform chance node; views hide rival hands; JSON round-trips."""
    game = isslab.make("1969", players=3)
    st = game.new_state()
    assert st.is_chance_node() and [p for _, p in st.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    rec = isslab.play(game, "greedy", seed=5)
    end = rec.final_state()
    assert end.is_terminal() and end.end_reason is not None and rec.rounds == 7
    view = end.view(0)
    assert "hands" not in view and len(view["hand_sizes"]) == 3
    json.dumps(view)
    assert isslab.load(end.to_json()) == end
    assert "final:" in str(end)


def test_bad_options_name_the_option() -> None:
    """Malformed options raise ValueError naming the option."""
    with pytest.raises(ValueError, match="missions"):
        isslab.make("1969", missions=[("X", ("warp",), 3, 1, (0, 1))])
    with pytest.raises(ValueError, match="missions"):
        isslab.make("1969", missions=[("X", ("vector",), 3, 0, (0, 1))])
    with pytest.raises(ValueError, match="first_player"):
        isslab.make("1969", players=2, first_player=3)
    with pytest.raises(ValueError, match="die_faces"):
        isslab.make("1969", die_faces=(0, 0, 0))
    with pytest.raises(ValueError, match="players"):
        isslab.make("1969", players=6)
    game = isslab.make("1969", players=2, missions=[("Hop", ("vector", "lunar"), 1, 1, (0, 2, 4))])
    assert game.m_name == ("Hop", "Moon Mission")  # type: ignore[attr-defined]


def test_greedy_beats_random() -> None:
    """The greedy planner is a fair opponent: it beats random bots nearly always."""
    wins = sum(
        isslab.play(isslab.make("1969", players=3), ["greedy", "random", "random"], seed=s).winners == (0,)
        for s in range(10)
    )
    assert wins >= 9


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_quick(players: int) -> None:
    """A quick run of the shared conformance suite with random bots."""
    report = check_game(isslab.make("1969", players=players), games=2, seed=players)
    assert report.games == 2 and report.end_reasons == {"FINAL_YEAR": 2}


def test_conformance_quick_bots_and_variants() -> None:
    """Conformance with the heuristic bots and every alternative rule reading."""
    check_game(isslab.make("1969", players=4), games=2, bots=["greedy", "spy", "moonshot", "random"])
    variant = isslab.make(
        "1969",
        players=3,
        intel_resolution="net",
        flag_penalty="all_attempts",
        spy_penalty_to="sheet_owner",
        spy_box_rule=False,
        hand_limit_after_draws=False,
        intel_deck=(2, 2, 2),
    )
    report = check_game(variant, games=2, seed=1)
    assert report.games == 2


def test_random_games_terminate() -> None:
    """Random play always reaches the end of 1969."""
    rng = random.Random(0)
    for seed in range(5):
        rec = isslab.play(isslab.make("1969", players=rng.randint(2, 5)), "random", seed=seed)
        assert rec.end_reason is not None and rec.rounds == 7
