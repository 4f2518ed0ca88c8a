"""1969, the End of the Round (§4) and the End of the Game: flags, the year, scoring, ties.

Positions are built with ``Game1969.position`` and played on; "reading n" is the numbered reading
of ``isslab rules 1969``.
"""

from __future__ import annotations

import random

from helpers_1969 import CANADA, FRANCE, USA, USSR, play_out

import isslab
from isslab.games.game_1969 import DiceRoll, End1969, EndPurchases, Launch


def test_a_flag_goes_on_every_attempted_mission() -> None:
    """§4: a flag on the attempted mission even if the rocket did not reach the end; the year advances."""
    st = isslab.make("1969", first_player=USA).position(phase="LAUNCH", money=(20, 0, 0, 0))
    st = play_out(st, Launch(USA, 0, "Satellite Launch", 3), DiceRoll(0, 5, 0))
    assert st.year == 1 and st.current_year == 1964 and st.flags[0] == 1
    assert st.attempted[USA] == 1 << 0 and st.launched == (-1,) * 4


def test_turn_order_and_the_first_player_marker_passes_left() -> None:
    """§2 and §4: turn order from the First Player; the marker passes to the left each round."""
    st = isslab.make("1969", first_player=USA).position(phase="BUY", money=(0,) * 4)
    st = play_out(st, EndPurchases(USA))
    assert st.current_player == USSR
    st = play_out(st, EndPurchases(USSR), EndPurchases(CANADA), EndPurchases(FRANCE))
    # no money: nobody can launch, so the round ends and 1964 starts with the USSR first
    assert st.year == 1 and st.first == USSR
    assert st.money == (13,) * 4  # §1: 13M in 1964


def test_scientists_points_and_the_tie_breaks() -> None:
    """End of the Game: famous +3, rookie -2, spy -1 (reading 1); ties go to money, then are shared."""
    game = isslab.make("1969")
    research = {USA: "launchpad=FR", USSR: "vector=S"}
    st = game.position(
        phase="OVER",
        research=research,
        spies_hired=(0, 0, 0, 1),
        prestige=(10, 11, 11, 12),
        money=(1, 2, 3, 4),
    )
    assert st.is_terminal() and st.end_reason is End1969.FINAL_YEAR
    assert st.scientist_points() == (1, 0, 0, -1)  # France hired the spy, France pays for it
    assert st.scores() == (11, 11, 11, 11)
    assert st.winners() == (FRANCE,)  # the most money
    assert st.ranks() == (4, 3, 2, 1)
    owner = isslab.make("1969", spy_penalty_to="sheet_owner").position(
        phase="OVER", research=research, spies_hired=(0, 0, 0, 1)
    )
    assert owner.scientist_points() == (1, -1, 0, 0)
    tie = game.position(phase="OVER", prestige=(5, 5, 3, 5), money=(7, 7, 9, 6))
    assert tie.winners() == (USA, USSR) and tie.returns() == (1.0, 1.0, 0.0, 0.0)
    assert tie.ranks() == (1, 1, 4, 3)


def test_statistics_add_up() -> None:
    """The per-nation statistics agree with the final position."""
    rec = isslab.play(isslab.make("1969"), ["greedy", "spy", "moonshot", "random"], seed=4)
    end = rec.final_state()
    for seat, row in enumerate(rec.seat_stats):
        assert row["prestige"] == end.scores()[seat] == row["pp_track"] + row["pp_scientists"]
        assert row["hired_spy"] == end.spies_hired[seat]
        assert row["pp_missions"] + row["pp_moon"] - row["pp_sold"] == row["pp_track"] - 2


def test_random_games_end_after_1969() -> None:
    """Random play always reaches the end of the 1969 round, seven rounds in all."""
    rng = random.Random(0)
    for seed in range(5):
        rec = isslab.play(isslab.make("1969", players=rng.randint(2, 5)), "random", seed=seed)
        assert rec.end_reason is End1969.FINAL_YEAR and rec.rounds == 7


def test_greedy_beats_random() -> None:
    """The greedy planner is a fair opponent: it beats random bots nearly always."""
    wins = sum(
        isslab.play(isslab.make("1969", players=3), ["greedy", "random", "random"], seed=s).winners == (0,)
        for s in range(10)
    )
    assert wins >= 9
