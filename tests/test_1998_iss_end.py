"""1998 ISS, Goals and Endgame: goal cards, the end trigger, the final round, scoring and ties."""

from __future__ import annotations

import pytest
from helpers_1998 import act

import isslab
from isslab.games.iss_1998 import Claim, Construct, Load, NoClaim, Phase, Place, Points
from isslab.games.iss_1998.components import GOALS, Goal

BLUE, ORANGE, WHITE, GREEN = range(4)
PADS = {"RU": ("Soyuz", 5), "US": ("Discovery", 6)}
NAMES = [row[0] for row in GOALS]


def test_goal_thresholds_follow_the_number_of_players():
    assert [
        isslab.make("1998-iss", players=n).tables.goal_threshold[Goal.INSTALLATION_TOKENS] for n in (2, 3, 4)
    ] == [7, 6, 5]
    assert [
        isslab.make("1998-iss", players=n).tables.goal_threshold[Goal.EXPERIMENTS] for n in (2, 3, 4)
    ] == [
        5,
        4,
        4,
    ]
    assert [isslab.make("1998-iss", players=n).tables.goal_threshold[Goal.SHUTTLES] for n in (2, 3, 4)] == [
        4,
        4,
        3,
    ]


def test_a_goal_met_during_the_turn_is_claimed_before_the_launch():
    # seven materials on the shuttles: a transient requirement, claimed after the action
    game = isslab.make("1998-iss", players=3)
    state = game.position(
        to_move=BLUE,
        pads={"RU": ("Progress", 5), "US": ("Discovery", 2)},
        cargo={"RU": {BLUE: (0, 3)}, "US": {BLUE: (0, 2)}},
        goals=("Full cargo", "Installer", "Long stayer", "Spacewalker"),
    )
    state = act(act(state, Place, card="Load Material", extra=False), Load, amounts=(0, 2))
    assert state.phase == Phase.GOAL
    assert state.legal_actions() == [Claim(BLUE, "Full cargo"), NoClaim(BLUE)]
    state = act(state, Claim, goal="Full cargo")
    assert state.goal_owner == (BLUE, -1, -1, -1)


def test_only_one_goal_per_turn_and_a_taken_goal_is_gone():
    game = isslab.make("1998-iss", players=4)
    state = game.position(
        to_move=BLUE,
        pads=PADS,
        cargo={"US": {ORANGE: (0, 1)}},
        tokens={BLUE: 5},
        long_stay={BLUE: 3},
        covered=("Destiny LAB1",),
        goals=("Installer", "Long stayer", "Spacewalker", "Experimenter"),
    )
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )
    assert {a.goal for a in state.legal_actions() if type(a) is Claim} == {"Installer", "Long stayer"}
    state = act(state, Claim, goal="Long stayer")
    # no second claim at the end of the turn
    assert state.current_player == ORANGE and state.goal_owner == (-1, BLUE, -1, -1)


def test_goal_windows_end_only_checks_at_the_end_of_the_turn():
    game = isslab.make("1998-iss", players=3, goal_windows="end")
    state = game.position(
        to_move=BLUE,
        pads={"RU": ("Progress", 5), "US": ("Discovery", 2)},
        cargo={"RU": {BLUE: (0, 3)}, "US": {BLUE: (0, 2)}},
        goals=("Full cargo",),
    )
    state = act(act(state, Place, card="Load Material", extra=False), Load, amounts=(0, 2))
    # the countdown: the Discovery (2 - 1) does not launch, so the cargo is still there at the end
    state = state.apply(state.legal_actions()[-1])
    assert state.phase == Phase.GOAL and state.step == 7  # the end of the turn


def test_the_all_round_goal_needs_all_four_things():
    game = isslab.make("1998-iss", players=2)
    base = dict(
        to_move=BLUE,
        pads=PADS,
        cargo={"US": {ORANGE: (0, 1)}},
        goals=("All-rounder",),
        covered=("Destiny LAB1",),
    )
    state = game.position(**base, tokens={BLUE: 1}, long_stay={BLUE: 1}, shuttles_won={BLUE: {"Soyuz": 1}})
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )
    assert state.phase != Phase.GOAL
    state = game.position(
        **base, tokens={BLUE: 1}, long_stay={BLUE: 1}, shuttles_won={BLUE: {"Soyuz": 1, "Atlantis": 1}}
    )
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )
    assert state.phase == Phase.GOAL


def test_the_end_trigger_finishes_the_round_then_plays_a_final_round():
    game = isslab.make("1998-iss", players=3, first_player=0)
    rec = isslab.play(game, "greedy", seed=11)
    states = rec.states()
    trigger = next(i for i, s in enumerate(states) if s.ending == 1)
    final = next(i for i, s in enumerate(states) if s.ending == 2)
    # the final round starts with the start player, after the round of the trigger ended
    assert states[final].turn == states[final].start
    assert states[final - 1].turn == (states[final].start - 1) % 3
    assert states[trigger].shuttle_left.count(0) >= 1
    # the final round: one turn each, no module cubes, no countdown, no launch
    turns = {s.turn for s in states[final:] if s.current_player >= 0}
    assert turns == {0, 1, 2}
    counts = {s.countdown for s in states[final:]}
    assert len(counts) == 1
    cubes = {tuple(r for r in s.ccubes) for s in states[final:] if s.phase == Phase.NORMAL}
    won = {s.won for s in states[final:]}
    assert len(won) == 1 and cubes
    assert states[-1].is_terminal() and states[-1].end_reason.name == "FINAL_ROUND"


def test_no_cube_placement_and_no_countdown_in_the_final_round():
    game = isslab.make("1998-iss", players=2)
    state = game.position(
        to_move=BLUE,
        ending=2,
        pads={"RU": ("Soyuz", 1), "US": ("Discovery", 1)},
        cargo={"US": {ORANGE: (0, 1)}, "RU": {ORANGE: (1, 0)}},
    )
    before = state
    state = act(state, Place, card="Load Material", extra=False)
    assert state.cubes[BLUE] == 8  # no cube on the card
    state = act(state, Load, amounts=(0, 2))
    assert state.countdown == before.countdown and state.ccubes == before.ccubes
    assert state.current_player == ORANGE


def test_final_round_construct_option():
    on = isslab.make("1998-iss", players=2).position(to_move=BLUE, ending=2, pads=PADS)
    assert "Construct Modules" in {a.card for a in on.legal_actions()}
    state = act(
        act(on, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Pirs"
    )
    assert state.ccubes[0][BLUE] == 1 and state.ccubes[1][BLUE] == 1
    off = isslab.make("1998-iss", players=2, final_round_construct=False).position(
        to_move=BLUE, ending=2, pads=PADS
    )
    assert "Construct Modules" not in {a.card for a in off.legal_actions()}


def test_the_game_ends_after_the_last_player_of_the_final_round():
    game = isslab.make("1998-iss", players=2, first_player=0)
    state = game.position(to_move=ORANGE, ending=2, start_player=BLUE, pads=PADS, goals=())
    state = act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )
    assert state.is_terminal() and state.returns() in ((1.0, 0.0), (0.0, 1.0), (1.0, 1.0))


def test_scoring_by_source():
    game = isslab.make("1998-iss", players=2)
    state = game.position(
        to_move=BLUE,
        pads=PADS,
        tokens={BLUE: 3},
        external={BLUE: 4},
        long_stay={BLUE: 4},
        shuttles_won={BLUE: {"Soyuz": 2, "Progress": 1, "Atlantis": 1}},
        played={BLUE: ("E1-01", "E3-07")},
        hands={BLUE: ("E2-01",), ORANGE: ()},
        goals=("Installer", "Experimenter"),
        goal_owners={"Experimenter": BLUE},
        covered=("Destiny LAB1",),
    )
    pts = state.points(BLUE)
    assert pts == Points(
        installation=6, external=4, long_stay=7, goals=5, shuttles=5, experiments=2 + 11, unplayed=-1
    )
    assert pts.total == 39
    assert [game.tables.set_points[k - 1] for k in range(1, 6)] == [2, 3, 5, 8, 12]


def _final(game, **kw):
    """The last turn of the final round, played with a Construct Modules that changes no score."""
    state = game.position(to_move=ORANGE, ending=2, start_player=BLUE, pads=PADS, goals=(), **kw)
    return act(
        act(state, Place, card="Construct Modules", extra=False), Construct, first="Quest", second="Quest"
    )


def test_the_most_points_win():
    state = _final(isslab.make("1998-iss", players=2), external={BLUE: 5, ORANGE: 3})
    assert state.scores() == (5 - 2, 3 - 2)  # external materials, minus the two cards in hand
    assert state.winners() == (BLUE,) and state.ranks() == (1, 2)


def test_a_tie_goes_to_the_most_experiments_then_is_shared():
    game = isslab.make("1998-iss", players=2)
    hands = {BLUE: (), ORANGE: ()}
    # equal points, Orange performed more experiments
    state = _final(game, hands=hands, external={BLUE: 4, ORANGE: 2}, played={ORANGE: ("E1-01",)})
    assert state.scores()[0] == state.scores()[1]
    assert state.winners() == (ORANGE,)
    # equal points and experiments: a shared victory
    state = _final(game, hands=hands, external={BLUE: 3, ORANGE: 3})
    assert state.winners() == (BLUE, ORANGE) and state.returns() == (1.0, 1.0) and state.ranks() == (1, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_statistics_add_up_to_the_score(players):
    rec = isslab.play(isslab.make("1998-iss", players=players), "greedy", seed=players)
    for row in rec.seat_stats:
        parts = sum(v for k, v in row.items() if k.startswith("points_"))
        assert parts == row["score"]
        assert row["experiments"] >= row["advanced"]
    assert rec.game_stats["launches"] == sum(
        sum(v for k, v in row.items() if k.startswith("launches_")) for row in rec.seat_stats
    )


def test_goals_are_five_points_each():
    game = isslab.make("1998-iss", players=3)
    state = game.position(
        to_move=BLUE, pads=PADS, goals=NAMES[:4], goal_owners={NAMES[0]: BLUE, NAMES[1]: BLUE}
    )
    assert state.points(BLUE).goals == 10
