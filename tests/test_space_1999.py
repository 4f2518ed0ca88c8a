"""Space: 1999 rule scenarios, one rulebook sentence at a time (rulebook: shared/rules/space-1999)."""

from __future__ import annotations

import random

import pytest

import isslab
from isslab.games.space_1999 import End1999, FirstPlayer, Move, Roll


@pytest.fixture
def game() -> isslab.Game:
    return isslab.make("space-1999", players=4)


def names(state: isslab.State, kind: str | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions() if kind is None or a.kind == kind}


def ends(state: isslab.State, kind: str) -> set[str]:
    """Destinations (as dot names) of the legal moves of one kind."""
    from isslab.games.space_1999.rules import dot_name

    return {dot_name(a.path[-1]) for a in state.legal_actions() if a.kind == kind}


def test_roll_off_is_uniform_and_sets_first_player(game):
    s = game.new_state()
    assert s.current_player == isslab.CHANCE
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == [FirstPlayer(i) for i in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    s = s.apply(FirstPlayer(2))
    assert s.current_player == 2


def test_launch_along_each_corner_line(game):
    # "launch one of your eagles into space along a line from your launching pad": NE lines at 1, 2, 3
    s = game.new_state().apply(FirstPlayer(0))
    assert ends(s, "launch") == {"r4s1", "r4s2", "r4s3"}
    assert {a.line for a in s.legal_actions()} == {"NE-1", "NE", "NE+1"}
    # the lines are fixed to the board: with the disc turned 3 marks they meet other disc spokes
    s3 = game.position(theta=3)
    assert ends(s3, "launch") == {"r4s14", "r4s15", "r4s0"}
    after = s.apply("red launches via line NE to r4s2")
    assert after.home[0] == 3 and after.pos[0] == (game.dot_index(4, 2),)


def test_launch_jumps_when_the_outer_dot_is_taken(game):
    s = game.position(disc={1: ["r4s2"]})
    launches = {a.path[1:] for a in s.legal_actions() if a.kind == "launch"}
    assert ((3, 2),) in launches  # over the blue eagle onto the next dot of the same line
    assert ((4, 2),) not in launches


def test_step_one_space_along_drawn_lines(game):
    s = game.position(disc={0: ["r2s0"]}, home=(3, 4, 4, 4))
    assert ends(s, "step") == {"r1s0", "r3s0", "r2s1", "r2s15"}
    assert ends(s, "jump") == set()  # nothing to jump over


def test_hub_connects_every_spoke(game):
    s = game.position(disc={0: ["hub"]}, home=(3, 4, 4, 4))
    assert ends(s, "step") == {f"r1s{k}" for k in range(16)}


def test_single_jump_over_an_adjacent_eagle(game):
    # "unless that space is occupied by your own or an opponent's eagle. Then you may jump over"
    s = game.position(disc={0: ["r2s0", "r2s1"], 1: ["r3s0"]}, home=(2, 3, 4, 4))
    moves = [a for a in s.legal_actions() if a.kind == "jump" and a.path[0] == (2, 0)]
    assert {a.path[1:] for a in moves} == {((2, 2),), ((4, 0),)}
    assert "r2s1" not in ends(s, "step") and "r3s0" not in ends(s, "step")


def test_multiple_jumps_chain_straight_and_at_an_angle(game):
    s = game.position(disc={0: ["r4s0"], 1: ["r3s0", "r1s0", "r1s5"]}, home=(3, 1, 4, 4))
    chains = {a.path for a in s.legal_actions() if a.kind == "jump"}
    # straight: r4s0 over r3s0 to r2s0, on over r1s0 to the hub; then at an angle over r1s5 to r2s5
    assert ((4, 0), (2, 0)) in chains
    assert ((4, 0), (2, 0), (0, 0)) in chains
    assert ((4, 0), (2, 0), (0, 0), (2, 5)) in chains


def test_jumps_need_a_vacant_dot_between_eagles(game):
    s = game.position(disc={0: ["r4s0"], 1: ["r3s0", "r2s0"]}, home=(3, 2, 4, 4))
    assert not any(a.kind == "jump" and a.path[0] == (4, 0) for a in s.legal_actions())


def test_jump_chains_never_revisit_a_dot_and_hop_over_eagles_only():
    game = isslab.make("space-1999", players=4, diagonal_jumps=True)
    rng = random.Random(7)
    for _ in range(60):
        rec = isslab.play(game, "random", seed=rng.randrange(10**9))
        for s in rec.states()[::7]:
            for a in s.legal_actions():
                if getattr(a, "kind", "") != "jump":
                    continue
                dots = [game.dot_index(*p) for p in a.path]
                assert len(set(dots)) == len(dots), a
                assert all(not s.board[d] for d in dots[1:]), a


def test_no_landing_on_a_planet_other_than_the_target(game):
    # red (NE) targets SW (directions 9, 10, 11 at rotation 0); green's SW eagles have launched
    for spoke in range(16):
        s = game.position(disc={0: [f"r4s{spoke}"], 2: ["r1s0", "r1s4", "r1s8", "r1s12"]}, home=(3, 4, 0, 4))
        landing = [a for a in s.legal_actions() if a.kind == "land"]
        if spoke in (9, 10, 11):
            assert [a.line for a in landing] == [{9: "SW-1", 10: "SW", 11: "SW+1"}[spoke]]
            assert landing[0].path[-1] == (-1, 2)
        else:
            assert landing == []


def test_landing_follows_the_line_as_the_disc_turns(game):
    launched = {2: ["r1s0", "r1s4", "r1s8", "r1s12"]}
    for theta, can_land in ((0, True), (1, True), (2, False), (15, True), (14, False)):
        s = game.position(disc={0: ["r4s10"], **launched}, home=(3, 4, 0, 4), theta=theta)
        assert any(a.kind == "land" for a in s.legal_actions()) is can_land, theta


def test_landing_needs_a_vacant_circle_on_the_target_pad(game):
    # the SW pad's circles still hold all four green eagles: nowhere to land
    s = game.position(disc={0: ["r4s10"]}, home=(3, 4, 4, 4))
    assert not any(a.kind == "land" for a in s.legal_actions())
    s = game.position(disc={0: ["r4s10"], 2: ["r1s0"]}, home=(3, 4, 3, 4))
    assert any(a.kind == "land" for a in s.legal_actions())


def test_die_of_three_leaves_the_disc_as_it_was(game):
    s = game.position(theta=5, disc={0: ["r3s3"]}, home=(3, 4, 4, 4), turn=3, to_move=3)
    s = s.apply(Move(3, "launch", ((-1, 1), (4, 0)), "NW-1"))  # the round's last turn
    assert s.current_player == isslab.CHANCE
    for colour in ("red", "green"):
        after = s.apply(Roll(3, colour))
        assert after.theta == 5 and after.board == s.board


def test_red_and_green_turn_opposite_ways_and_eagles_turn_with_the_disc(game):
    s = game.position(theta=5, disc={0: ["r4s10"]}, home=(3, 4, 4, 4), turn=4, to_move=isslab.CHANCE)
    green, red = s.apply(Roll(2, "green")), s.apply(Roll(2, "red"))
    assert green.theta == 7 and red.theta == 3
    # the eagle keeps its disc dot, so its board direction (spoke + theta) moved with the disc
    assert green.pos == red.pos == s.pos
    assert ((10 + green.theta) - (10 + s.theta)) % 16 == 2
    # eagles on pads do not move
    assert green.home == red.home == s.home
    clockwise = isslab.make("space-1999", green_turns="clockwise").position(theta=5, to_move=isslab.CHANCE)
    assert clockwise.apply(Roll(2, "green")).theta == 3


def test_round_ends_with_a_die_roll_then_first_player_again(game):
    s = game.new_state().apply(FirstPlayer(1))
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert order == [1, 2, 3, 0]  # clockwise from the roll-off winner
    assert s.current_player == isslab.CHANCE and s.round == 0
    s = s.apply(Roll(1, "green"))
    assert s.current_player == 1 and s.round == 1


def test_forced_move_and_passing():
    game = isslab.make("space-1999", players=2, eagles=1)
    boxed = isslab.make("space-1999", players=2, eagles=6)
    # red's r4s0 eagle: every neighbour taken, and every dot behind a neighbour taken too
    walls = ["r3s0", "r4s1", "r4s15", "r2s0", "r4s2", "r4s14"]
    s = boxed.position(disc={0: ["r4s0"], 1: walls}, home=(0, 0), landed=(5, 0))
    assert [str(a) for a in s.legal_actions()] == ["red passes"]
    only_pass = game.position(disc={}, home=(0, 1), landed=(1, 0), to_move=0)
    assert [str(a) for a in only_pass.legal_actions()] == ["red passes"]
    free = isslab.make("space-1999", players=2, forced_move=False).new_state().apply(FirstPlayer(0))
    assert free.legal_actions()[-1].kind == "pass"
    forced = isslab.make("space-1999", players=2).new_state().apply(FirstPlayer(0))
    assert all(a.kind != "pass" for a in forced.legal_actions())


def test_first_to_land_all_eagles_wins(game):
    green = ["r1s0", "r1s4", "r1s8", "r1s12"]
    s = game.position(disc={0: ["r4s10"], 2: green}, home=(0, 4, 0, 4), landed=(3, 0, 0, 0))
    land = next(a for a in s.legal_actions() if a.kind == "land")
    end = s.apply(land)
    assert end.is_terminal() and end.end_reason is End1999.ALL_LANDED
    assert end.winners() == (0,) and end.returns() == (1.0, 0.0, 0.0, 0.0)
    assert end.ranks()[0] == 1 and min(end.ranks()[1:]) >= 2
    assert end.legal_actions() == []
    with pytest.raises(isslab.IllegalActionError):
        end.apply(land)


def test_max_rounds_ranks_by_landed_then_distance():
    game = isslab.make("space-1999", players=2, max_rounds=1)
    s = game.position(disc={0: ["r4s9"], 1: ["r1s0"]}, home=(1, 1), landed=(2, 2), turn=1, to_move=1)
    end = s.apply(next(a for a in s.legal_actions() if a.kind == "step"))
    assert end.end_reason is End1999.MAX_ROUNDS
    assert end.winners() == (0,)  # same eagles landed, red is closer to landing
    assert end.ranks() == (1, 2)


def test_illegal_actions_are_rejected_with_the_state_untouched(game):
    s = game.new_state().apply(FirstPlayer(0))
    before = s.to_json()
    with pytest.raises(isslab.IllegalActionError) as err:
        s.apply("blue launches via line SE to r4s13")
    assert "blue launches" in str(err.value) and "red launches via line NE to r4s2" in str(err.value)
    assert s.to_json() == before


def test_actions_read_well_and_round_trip(game):
    s = game.position(disc={0: ["r4s0"], 1: ["r3s0", "r1s0"]}, home=(3, 2, 4, 4))
    texts = names(s)
    assert "red jumps r4s0 -> r2s0 -> hub" in texts
    assert "red steps r4s0 -> r4s1" in texts
    for a in s.legal_actions():
        assert s.apply(str(a)) == s.apply(a) == s.apply(game.encode_action(a))


def test_position_rejects_bad_descriptions(game):
    with pytest.raises(ValueError, match="no dot 'r9s0'"):
        game.position(disc={0: ["r9s0"]})
    with pytest.raises(ValueError, match="4 eagles"):
        game.position(disc={0: ["r1s0"]}, home=(4, 4, 4, 4))
