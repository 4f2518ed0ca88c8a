"""1969, the Mission Phase (§3): launches, mission tests (§3.1), Intelligence (§3.2), prestige (§3.3).

The rulebook's worked examples come first. Positions are built with ``Game1969.position`` and
played on; "reading n" is the numbered reading of ``isslab rules 1969``.
"""

from __future__ import annotations

from typing import Any

from helpers_1969 import CANADA, FRANCE, USA, USSR, play_out

import isslab
from isslab.games.game_1969 import (
    COMMIT,
    LAUNCH,
    REROLL,
    ROLL,
    Commit,
    DiceRoll,
    Launch,
    Pass,
    Reroll,
    State1969,
)

SATELLITE = Launch(USA, 0, "Satellite Launch", 3)
ORBITAL, LEM, HEAVY, LUNAR_ORBIT, MOON = 4, 5, 6, 9, 11


def launch(options: dict[str, Any] | None = None, **kwargs: Any) -> State1969:
    """A Mission Phase position of 1963 (USA first, USA to launch unless ``to_act`` says otherwise)."""
    game = isslab.make("1969", first_player=USA, **(options or {}))
    st = game.position(phase="LAUNCH", **kwargs)
    assert isinstance(st, State1969)
    return st


# --- the rulebook's worked examples ------------------------------------------------------------


def test_usa_lem_example_scores_three() -> None:
    """§3.1: 3 successes, 1 failure and 1 researcher on the Lunar Module box score 3."""
    st = launch(research={USA: "lunar=B"}, money=(20, 20, 20, 20))
    st = play_out(st, Launch(USA, LEM, "Lunar Module Test", 5))
    assert st.phase == ROLL and st.money[USA] == 15  # §3: the cost goes to the bank
    st = play_out(st, DiceRoll(3, 1, 1))
    assert st.test.score == 3
    assert st.test.space == 3  # the rocket moved 3 spaces up from the start space


def test_orbital_intelligence_example() -> None:
    """§3.2: IC 2, rocket on the 7th space; rivals play 5 (back 2), own 2 (up 1): ends on the 6th."""
    hands = ((2, 0, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1))
    st = launch(research={USA: "orbital=B"}, money=(20,) * 4, hands=hands)
    st = play_out(st, Launch(USA, ORBITAL, "Orbital Module Test", 5), DiceRoll(5, 0, 0))
    assert st.test.space == 6  # index 6 = the 7th space
    # opponents from the USA's left: USSR, then France (Canada has no cards), then the USA
    assert st.phase == COMMIT and st.current_player == USSR
    st = play_out(st, Commit(USSR, (0, 1, 0)))
    assert st.current_player == FRANCE
    assert st.view(FRANCE)["committed"][USSR] == "hidden"
    assert st.view(USSR)["committed"][USSR] == [0, 1, 0]
    st = play_out(st, Commit(FRANCE, (0, 0, 1)))
    assert st.current_player == USA
    st = play_out(st, Commit(USA, (2, 0, 0)))
    # revealed: 5 // 2 = 2 spaces down, 2 // 2 = 1 up; the 6th space (index 5) is worth 3 PP
    assert st.test.space == 5 and st.pp[USA] == 2 + 3
    assert st.discard == (2, 1, 1)  # §3.2: all the played cards are discarded
    assert st.tally(USSR).intel_spent == 2 and st.tally(FRANCE).intel_spent == 3


def test_france_gains_five_minus_two_and_advances_her_moon_flag() -> None:
    """§3.3: last space worth 5, two earlier flags: 3 PP, and the Moon flag moves up one space."""
    st = launch(
        to_act=FRANCE,
        research={FRANCE: "orbital=GF"},
        money=(20,) * 4,
        attempted={USA: ["Orbital Module Test"], CANADA: ["Orbital Module Test"]},
    )
    assert st.flags[ORBITAL] == 2
    st = play_out(st, Launch(FRANCE, ORBITAL, "Orbital Module Test", 5), DiceRoll(4, 1, 0))
    assert st.pp[FRANCE] == 2 + 3
    assert st.moon_flag[FRANCE] == 1
    # France was the last to launch: the round is over, and its test is still in view
    assert st.current_year == 1964
    mission = st.view(USA)["mission"]
    assert (mission["nation"], mission["year"], mission["space"]) == ("France", 1963, 7)


# --- §3 launching ---------------------------------------------------------------------------------


def test_a_mission_needs_its_cost() -> None:
    """§3: a nation launches only what it can pay for; the bank takes the cost."""
    st = launch(money=(3, 0, 0, 0))
    assert [a.mission for a in st.legal_actions() if type(a) is Launch] == [0, 1]
    st = play_out(st, SATELLITE)
    assert st.money[USA] == 0


def test_a_nation_that_can_launch_nothing_is_skipped() -> None:
    """§3: no nation is required to launch; one that cannot pay for any mission is not asked."""
    st = launch(money=(20, 0, 20, 20))
    st = play_out(st, Pass(USA))
    assert st.current_player == CANADA


def test_each_mission_is_attempted_once() -> None:
    """§3 Important: a mission with one's flag on it cannot be launched again."""
    st = launch(money=(30, 0, 0, 0), attempted={USA: ["Satellite Launch"]})
    missions = [a.mission for a in st.legal_actions() if type(a) is Launch]
    assert 0 not in missions and ORBITAL in missions
    assert st.legal_actions()[-1] == Pass(USA)


def test_investors_never_reduce_the_moon_mission() -> None:
    """Research, Investors: 2M per researcher off each mission (never below 0), not the Moon Mission."""
    st = launch(research={USA: "investors=G"}, money=(15, 0, 0, 0))
    launches = {a.mission: a.cost for a in st.legal_actions() if type(a) is Launch}
    assert launches[0] == 0 and launches[LUNAR_ORBIT] == 5
    assert launches[MOON] == 15


# --- §3.1 mission tests ---------------------------------------------------------------------------


def test_symbol_bonus_adds_every_matching_box() -> None:
    """Research: +1 success per researcher on each box whose symbol the mission shows."""
    st = launch(money=(20, 20, 0, 0), research={USA: "launchpad=G vector=B+T lunar=GB"})
    st = play_out(st, Launch(USA, HEAVY, "Heavy Launcher", 6), DiceRoll(0, 5, 0))
    assert st.test.score == 2 + 2  # Launchpad 2, Vector 1 + the token 1; Lunar Module is not shown


def test_the_rocket_stays_on_its_track() -> None:
    """§3.1 Important: never below the first space nor above the last one."""
    high = launch(money=(20, 20, 0, 0), research={USA: "vector=GB"})
    high = play_out(high, SATELLITE, DiceRoll(5, 0, 0))
    assert high.test.score == 8 and high.test.space == 4 and high.pp[USA] == 2 + 5
    low = play_out(launch(money=(20, 20, 0, 0)), SATELLITE, DiceRoll(0, 0, 5))
    assert low.test.score == -5 and low.test.space == 0 and low.pp[USA] == 2


def test_simulation_rerolls_ground_control_converts_insurance_pays() -> None:
    """Research: re-roll up to Simulation dice, convert neutrals, Insurance pays 3M per failure."""
    st = launch(money=(20, 9, 9, 9), research={USA: "simulation=B ground_control=B insurance=G"})
    st = play_out(st, SATELLITE, DiceRoll(1, 2, 2))
    assert st.phase == REROLL
    assert [(a.red, a.blue) for a in st.legal_actions()] == [(0, 0), (0, 1), (1, 0)]  # reading 8
    st = play_out(st, Reroll(USA, 1, 0))
    assert st.is_chance_node() and len(st.chance_outcomes()) == 3
    st = play_out(st, DiceRoll(0, 0, 1))  # the re-rolled die is a failure again: it stands
    # 1 success + 1 converted neutral - 2 failures = 0; Insurance: 2 researchers x 2 failures x 3M
    assert st.test.score == 0
    assert st.money[USA] == 17 + 12


def test_simulation_may_reroll_successes_as_an_option() -> None:
    """Reading 8: successes are not re-rolled; option reroll_successes offers them too."""
    research = {USA: "simulation=B insurance=B vector=G"}
    st = play_out(launch(money=(20, 20, 0, 0), research=research), SATELLITE, DiceRoll(5, 0, 0))
    assert st.phase != REROLL
    lit = launch({"reroll_successes": True}, money=(20, 20, 0, 0), research=research)
    lit = play_out(lit, SATELLITE, DiceRoll(5, 0, 0))
    assert lit.phase == REROLL
    assert lit.legal_actions() == [Reroll(USA, 0, 0), Reroll(USA, 0, 0, 1)]
    lit = play_out(lit, Reroll(USA, 0, 0, 1), DiceRoll(0, 0, 1))
    # 4 successes - 1 failure + 2 Vector: past the last space anyway, and Insurance pays 3M
    assert lit.test[1:4] == (4, 0, 1) and lit.test.space == 4 and lit.money[USA] == 17 + 3
    # the JSON form: three fields without successes, four with
    game = lit.game
    assert game.encode_action(Reroll(USA, 1, 0)) == ["Reroll", USA, 1, 0]
    assert game.decode_action(game.encode_action(Reroll(USA, 0, 1, 2))) == Reroll(USA, 0, 1, 2)


# --- §3.2 Intelligence ----------------------------------------------------------------------------


def _intel_case(options: dict[str, Any] | None = None) -> State1969:
    """USA on space index 1 of Satellite Launch (IC 1); the USSR plays a 3 against it, the USA a 3."""
    st = launch(options, money=(20, 0, 0, 0), hands={USA: (0, 0, 1), USSR: (0, 0, 1)})
    st = play_out(st, SATELLITE, DiceRoll(1, 4, 0))
    assert st.test.space == 1 and st.current_player == USSR
    return play_out(st, Commit(USSR, (0, 0, 1)), Commit(USA, (0, 0, 1)))


def test_intelligence_moves_down_then_up_or_nets_as_an_option() -> None:
    """Reading 2: down 3 (stopping at the start) then up 3 ends on index 3; 'net' stays on index 1."""
    assert _intel_case().pp[USA] == 2 + 3
    assert _intel_case({"intel_resolution": "net"}).pp[USA] == 2 + 1


def test_after_the_reveal_the_view_shows_who_launched_and_who_played_what() -> None:
    """§3.2: finally all the cards played are revealed; the view names the launcher, not the next."""
    hands = {USA: (1, 0, 0), USSR: (0, 2, 0), FRANCE: (0, 0, 1)}
    st = launch(money=(20, 20, 0, 0), hands=hands)
    st = play_out(st, SATELLITE, DiceRoll(3, 2, 0))
    during = st.view(CANADA)["mission"]
    assert during["nation"] == "USA" and not during["resolved"] and during["played"] == [None] * 4
    st = play_out(st, Commit(USSR, (0, 2, 0)), Commit(FRANCE, (0, 0, 0)), Commit(USA, (1, 0, 0)))
    assert st.current_player == USSR and st.phase == LAUNCH  # the USSR's launch comes next
    for seat in range(4):
        mission = st.view(seat)["mission"]
        assert mission["nation"] == "USA" and mission["resolved"] and mission["year"] == 1963
        assert mission["played"] == [[1, 0, 0], [0, 2, 0], None, [0, 0, 0]]
        assert mission["space"] == 1  # 3 up, then 4 down (stopping at the start), then 1 up
    assert "intelligence played: USA 1, USSR 2+2, France nothing" in str(st)
    # the next launch starts a new test
    st = play_out(st, Launch(USSR, 0, "Satellite Launch", 3))
    assert st.view(USA)["mission"]["played"] == [None] * 4 and st.view(USA)["mission"]["nation"] == "USSR"


def test_last_years_final_test_stays_in_view_until_the_mission_phase() -> None:
    """The final test of a round is shown through the next Income and Purchase phases, then cleared."""
    st = launch(money=(20, 0, 0, 0))
    st = play_out(st, SATELLITE, DiceRoll(2, 3, 0))
    assert st.current_year == 1964 and st.view(USA)["mission"]["year"] == 1963
    assert st.test == ()  # no test this round yet
    while st.phase != LAUNCH:
        st = play_out(st, st.legal_actions()[-1] if st.current_player >= 0 else st.chance_outcomes()[0][0])
    assert st.view(USA)["mission"] is None


def test_a_nation_without_cards_does_not_play() -> None:
    """§3.2: only nations holding cards are asked; with no cards anywhere the test ends at once."""
    st = play_out(launch(money=(20, 0, 0, 0)), SATELLITE, DiceRoll(2, 3, 0))
    assert st.current_player != USA and st.pp[USA] == 2 + 2


# --- §3.3 prestige and the Moon -------------------------------------------------------------------


def test_prestige_is_never_negative_for_flags() -> None:
    """§3.3: the space's value minus earlier flags, at least 0 PP."""
    earlier = ["Satellite Launch"]
    st = launch(money=(20, 20, 0, 0), attempted={USSR: earlier, CANADA: earlier, FRANCE: earlier})
    st = play_out(st, SATELLITE, DiceRoll(2, 3, 0))
    assert st.test.space == 2 and st.pp[USA] == 2  # value 2 - 3 flags: 0, not -1


def _same_round_double(options: dict[str, Any] | None = None) -> State1969:
    """The USA then the USSR both perfect Satellite Launch in 1963."""
    st = launch(options, money=(20, 20, 0, 0), research={USA: "vector=G", USSR: "vector=G"})
    st = play_out(st, SATELLITE, DiceRoll(3, 1, 1))
    assert st.current_player == USSR
    return play_out(st, Launch(USSR, 0, "Satellite Launch", 3), DiceRoll(3, 1, 1))


def test_flag_penalty_counts_only_earlier_rounds_or_all_attempts_as_an_option() -> None:
    """Reading 3: two launches of one mission in one round both score in full; flags come later."""
    st = _same_round_double()
    assert st.pp[USA] == 2 + 5 and st.pp[USSR] == 2 + 5
    assert st.year == 1 and st.flags[0] == 2  # §4: placed at the end of the round
    alt = _same_round_double({"flag_penalty": "all_attempts"})
    assert alt.pp[USA] == 2 + 5 and alt.pp[USSR] == 2 + 4


def test_the_moon_rocket_starts_on_the_head_start_flag() -> None:
    """Appendix: the Moon rocket begins at the nation's Moon flag, which then leaves; no Investors."""
    st = launch(money=(20, 9, 9, 9), moon_flags=(5, 0, 0, 0), year=1969, research={USA: "lunar=GF"})
    st = play_out(st, Launch(USA, MOON, "Moon Mission", 15))
    assert st.test.space == 5 and st.moon_flag[USA] == -1
    st = play_out(st, DiceRoll(2, 2, 1))  # base 1, +3 Lunar Module researchers
    assert st.test.score == 4
    assert st.pp[USA] == 2 + st.game.options["moon_values"][9]


def test_the_moon_mission_itself_moves_no_flag_and_counts_only_its_flag_space() -> None:
    """Reading 4 and §3.3: ending the Moon on its last space moves nothing; head-start flags do not count."""
    st = launch(
        money=(20, 0, 0, 0),
        year=1969,
        moon_flags=(18, 4, -1, 0),
        attempted={CANADA: ["Moon Mission"]},
    )
    assert st.flags[MOON] == 1
    st = play_out(st, Launch(USA, MOON, "Moon Mission", 15), DiceRoll(5, 0, 0))
    assert st.moon_flag[USA] == -1
    assert st.pp[USA] == 2 + 35 - 1  # the USSR's head-start flag on the Moon track does not count


def test_the_moon_flag_never_passes_the_last_space() -> None:
    """Reading 4: the head-start flag stops on the last space of the Moon track."""
    st = launch(money=(20, 0, 0, 0), moon_flags=(19, 0, 0, 0), research={USA: "vector=G"})
    st = play_out(st, SATELLITE, DiceRoll(3, 2, 0))
    assert st.moon_flag[USA] == 19
