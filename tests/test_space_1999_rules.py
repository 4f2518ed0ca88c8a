"""Space: 1999 rule scenarios, by rulebook section, starting with the rulebook's own examples.

Sections: the examples (To Start, the die, the jump diagrams), Object, The Board, The Dice, To
Start, then the five points of Rules: 1 the roll-off and turn order, 2 launching, moving and
jumping, 3 the round's die, 4 landing, 5 winning (the rulebook numbers none of them; these tests do).
Comments say what each section asks in this project's words.

Every position is built with ``game.position(...)`` from dot names (``r<ring>s<spoke>``, ``hub``);
at rotation 0 spoke ``s`` points at board direction ``s`` (east = 0, counter-clockwise), and the
corner lines are NE 1-3, NW 5-7, SW 9-11, SE 13-15.
"""

from __future__ import annotations

import random

import pytest

import isslab
from isslab.games.space_1999 import (
    CORNERS,
    DieColour,
    End1999,
    FirstPlayer,
    Move,
    MoveKind,
    Roll,
    dot_name,
)

GREEN, RED = DieColour.GREEN, DieColour.RED


@pytest.fixture
def game() -> isslab.Game:
    return isslab.make("space-1999", players=4)


def ends(state: isslab.State, kind: str, start: str | None = None) -> set[str]:
    """Where the legal moves of one kind (from one dot, if given) end, as dot names."""
    return {
        dot_name(a.path[-1])
        for a in state.legal_actions()
        if a.kind == kind and (start is None or dot_name(a.path[0]) == start)
    }


def texts(state: isslab.State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def on_disc(state: isslab.State, seat: int) -> list[str]:
    """The seat's eagles on the disc, by dot name (from the view every seat sees)."""
    return state.view(seat)["seats"][seat]["on_disc"]


# --- The rulebook's own examples -------------------------------------------------------------------


def test_example_to_start_red_targets_the_planet_with_red_centre_dots(game):
    # To Start, the example: red's target is the planet opposite, whose circles carry red centre
    # dots. Red sits NE, so its centre dots are on the SW pad.
    seats = game.new_state().view(0)["seats"]
    assert [(s["colour"], s["home"], s["target"]) for s in seats] == [
        ("red", "NE", "SW"),
        ("blue", "SE", "NW"),
        ("green", "SW", "NE"),
        ("yellow", "NW", "SE"),
    ]
    # and red can land there and nowhere else (Rules 4)
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    landings = set()
    for spoke in range(16):
        s = game.position(disc={"red": [f"r4s{spoke}"], **launched}, home=(3, 4, 0, 4))
        landings |= {a.path[-1] for a in s.legal_actions() if a.kind == "land"}
    assert landings == {(-1, CORNERS.index("SW"))}


def test_example_one_green_turns_the_disc_one_mark_toward_the_green_arrow(game):
    # Rules 3, the example: a green 1 turns the disc one mark toward the green arrow
    s = game.position(disc={"red": ["r4s2"]}, turn=4)
    assert s.current_player == isslab.CHANCE
    after = s.apply(Roll(1, GREEN))
    assert after.theta == s.theta + 1  # green = counter-clockwise (option green_turns)
    # the eagle rides the disc: same disc dot, one mark further round the table
    assert on_disc(after, 0) == on_disc(s, 0) == ["r4s2"]
    assert after.apply(after.legal_actions()[0]).theta == after.theta  # nothing else turns it


def test_example_a_three_of_either_colour_leaves_the_disc_as_it_is(game):
    # Rules 3: a 3, red or green, leaves the disc where it is for the whole next round
    s = game.position(theta=5, disc={"red": ["r3s3"]}, turn=3)
    s = s.apply("yellow launches via line NW-1 to r4s0")  # the round's last turn
    assert s.current_player == isslab.CHANCE
    for colour in (RED, GREEN):
        after = s.apply(Roll(3, colour))
        assert after.theta == 5 and after.board == s.board
        assert after.current_player == 0  # the next round starts, the disc as it was


def test_example_single_jump_diagram(game):
    # Rules 2, the SINGLE JUMP diagram: over the eagle next to it onto the vacant dot behind
    s = game.position(disc={"red": ["r2s0"], "blue": ["r3s0"]})
    assert "red jumps r2s0 -> r4s0" in texts(s)
    after = s.apply("red jumps r2s0 -> r4s0")
    assert on_disc(after, 0) == ["r4s0"] and on_disc(after, 1) == ["r3s0"]  # no capture
    assert after.jumps == (1, 0, 0, 0)


def test_example_multiple_jump_diagram(game):
    # Rules 2, the MULTIPLE JUMP diagram: several hops in one move, each over one eagle
    s = game.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r1s0"]})
    assert {"red jumps r4s0 -> r2s0", "red jumps r4s0 -> r2s0 -> hub"} <= texts(s)
    # with one more eagle on another spoke the chain goes on at an angle (every spoke meets the hub)
    s2 = game.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r1s0", "r1s4"]})
    assert "red jumps r4s0 -> r2s0 -> hub -> r2s4" in texts(s2)
    after = s2.apply("red jumps r4s0 -> r2s0 -> hub -> r2s4")
    assert on_disc(after, 0) == ["r2s4"] and after.jumps[0] == 3


# --- Object and Rules 5: the first commander with every eagle landed wins ---------------------------


def test_object_first_commander_to_land_every_eagle_wins(game):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    s = game.position(disc={"red": ["r4s10"], **launched}, home=(0, 4, 0, 4), landed=(3, 0, 0, 0))
    end = s.apply("red lands r4s10 -> SW pad via line SW")
    assert end.is_terminal() and end.end_reason is End1999.ALL_LANDED
    assert end.winners() == (0,) and end.returns() == (1.0, 0.0, 0.0, 0.0)
    assert end.ranks()[0] == 1 and min(end.ranks()[1:]) >= 2
    assert end.legal_actions() == [] and "game over: red won" in str(end)
    with pytest.raises(isslab.IllegalActionError):
        end.apply("red passes")


def test_object_the_game_ends_at_the_landing_not_at_the_end_of_the_round(game):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    s = game.position(disc={"red": ["r4s10"], **launched}, home=(0, 4, 0, 4), landed=(3, 0, 0, 0))
    assert s.turn == 0  # blue, green and yellow have not moved yet this round
    assert s.apply("red lands r4s10 -> SW pad via line SW").current_player == isslab.TERMINAL


# --- The Board ---------------------------------------------------------------------------------------


def test_board_the_outer_part_does_not_move_so_launch_lines_meet_other_spokes(game):
    # The Board: only the disc turns; the corner planets and their lines stay put
    s = game.position()
    assert ends(s, "launch") == {"r4s1", "r4s2", "r4s3"}
    assert {a.line for a in s.legal_actions()} == {"NE-1", "NE", "NE+1"}
    turned = game.position(theta=3)
    assert ends(turned, "launch") == {"r4s14", "r4s15", "r4s0"}


def test_board_a_planet_in_each_corner_with_a_pad_of_circles():
    # The Board and To Start: a planet with a pad in each corner; two players sit opposite, three
    # leave one corner empty; the target is always the opposite corner
    for players, homes in ((2, ["NE", "SW"]), (3, ["NE", "SE", "SW"]), (4, ["NE", "SE", "SW", "NW"])):
        game = isslab.make("space-1999", players=players)
        seats = game.new_state().view(0)["seats"]
        assert [s["home"] for s in seats] == homes
        opposite = {"NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
        assert all(s["target"] == opposite[s["home"]] for s in seats)
        assert all(s["on_pad"] == game.eagles for s in seats)


def test_board_the_corner_lines_point_at_the_rim_for_every_disc_size():
    for spokes in (8, 16, 24):
        for lines in (1, 3):
            game = isslab.make("space-1999", spokes=spokes, lines_per_corner=lines)
            for c in range(4):
                d = game.corner_direction(c)
                assert d == (2 * c + 1) * spokes // 8  # corners at 45, 135, 225, 315 degrees
                want = [(d - 1) % spokes, d, (d + 1) % spokes] if lines == 3 else [d]
                assert [x for x, _ in game.corner_lines(c)] == want


def test_board_arrows_red_and_green_turn_the_disc_opposite_ways(game):
    # The Board: the red and the green arrows show the two ways the disc turns
    s = game.position(theta=5, disc={"red": ["r4s10"]}, turn=4)
    green, red = s.apply(Roll(2, GREEN)), s.apply(Roll(2, RED))
    assert green.theta == 7 and red.theta == 3
    assert green.pos == red.pos == s.pos and green.home == red.home == s.home
    clockwise = isslab.make("space-1999", green_turns="clockwise").position(theta=5, turn=4)
    assert clockwise.apply(Roll(2, GREEN)).theta == 3


# --- The Dice ----------------------------------------------------------------------------------------


def test_dice_six_faces_one_two_three_in_red_and_green_equally_likely(game):
    s = game.position(turn=4)
    outcomes = s.chance_outcomes()
    assert sorted((r.number, str(r.colour)) for r, _ in outcomes) == sorted(
        (n, c) for n in (1, 2, 3) for c in ("red", "green")
    )
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    turns = sorted((s.apply(r).theta - s.theta) % 16 for r, _ in outcomes)
    assert turns == [0, 0, 1, 2, 14, 15]


# --- To Start ----------------------------------------------------------------------------------------


def test_to_start_eagles_on_their_pads_and_a_black_line_at_the_white_line():
    game = isslab.make("space-1999", players=3, eagles=5)
    s = game.new_state()
    assert s.home == (5, 5, 5) and s.landed == (0, 0, 0) and not any(s.board)
    assert s.theta == 0  # with 16 marks, a black line then meets the white line on every side
    assert isslab.make("space-1999", start_rotation=7).new_state().theta == 7
    with pytest.raises(ValueError, match="start_rotation=8 is not allowed: use 0 to 7"):
        isslab.make("space-1999", spokes=8, start_rotation=8)


# --- Rules 1: the roll-off decides who starts, then turns go clockwise ----------------------------


def test_roll_off_is_a_fair_chance_node_for_every_player_count():
    for n in (2, 3, 4):
        s = isslab.make("space-1999", players=n).new_state()
        assert s.current_player == isslab.CHANCE
        assert s.chance_outcomes() == [(FirstPlayer(i), pytest.approx(1 / n)) for i in range(n)]


def test_turns_go_clockwise_from_the_roll_off_winner(game):
    s = game.new_state().apply(FirstPlayer(1))
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert order == [1, 2, 3, 0]
    assert s.current_player == isslab.CHANCE and s.round == 0
    s = s.apply(Roll(1, GREEN))
    assert s.current_player == 1 and s.round == 1


# --- Rules 2: launching an eagle along a line from the home pad --------------------------------------


def test_launch_goes_along_a_corner_line_onto_the_dot_it_meets(game):
    s = game.new_state().apply(FirstPlayer(0))
    after = s.apply("red launches via line NE to r4s2")
    assert after.home[0] == 3 and on_disc(after, 0) == ["r4s2"]


def test_launch_is_optional_by_default_reading_2(game):
    # reading 2: a launch is one move among the others, so an eagle in space may move instead
    s = game.position(disc={"red": ["r2s5"]})
    assert s.home[0] == 3 and ends(s, "launch") and ends(s, "step", "r2s5")
    assert not game.options["forced_launch"]


def test_forced_launch_makes_the_launch_compulsory_while_one_is_legal():
    # the other reading of the same point, as the option forced_launch
    game = isslab.make("space-1999", players=4, forced_launch=True)
    s = game.position(disc={"red": ["r2s5"]})
    assert {a.kind for a in s.legal_actions()} == {"launch"}
    assert "option forced_launch" in s.why_illegal("red steps r2s5 -> r2s6")
    # with every launch line blocked (rim and the dot behind taken) the other moves are legal again
    walls = ["r4s1", "r4s2", "r4s3", "r3s1", "r3s2", "r3s3"]
    blocked = game.position(disc={"red": ["r2s5"], "blue": walls[:4], "yellow": walls[4:]})
    assert not ends(blocked, "launch") and ends(blocked, "step", "r2s5") == {"r1s5", "r3s5", "r2s4", "r2s6"}
    # and once the pad is empty it no longer applies
    empty = game.position(disc={"red": ["r2s5", "r2s7", "r2s9", "r2s11"]}, home=(0, 4, 4, 4))
    assert ends(empty, "step", "r2s5")
    # a launch is compulsory, so no pass either, even where passing is otherwise allowed
    lax = isslab.make("space-1999", players=2, forced_launch=True, forced_move=False)
    assert {a.kind for a in lax.position().legal_actions()} == {"launch"}


def test_launch_jumps_over_an_eagle_on_the_outer_dot_and_counts_as_a_jump(game):
    # reading 3: the rim dot of line NE is taken, so the launch jumps over it onto the next dot
    s = game.position(disc={"blue": ["r4s2"]})
    assert "r4s2" not in ends(s, "launch") and "r3s2" in ends(s, "launch")
    move = next(a for a in s.legal_actions() if a.kind == "launch" and a.line == "NE")
    assert str(move) == "red launches and jumps via line NE to r3s2" and move.hops == 1
    after = s.apply(move)
    assert after.jumps == (1, 0, 0, 0) and on_disc(after, 0) == ["r3s2"]
    assert after.seat_stats()[0]["jumps"] == 1 and after.game_stats()["total_jumps"] == 1
    # a plain launch is no jump
    plain = s.apply("red launches via line NE+1 to r4s3")
    assert plain.jumps == (0, 0, 0, 0) and str(plain.history[-1]) == "red launches via line NE+1 to r4s3"


def test_launch_jump_may_chain_on(game):
    s = game.position(disc={"blue": ["r4s2", "r2s2"]})
    chain = "red launches and jumps via line NE to r3s2 -> r1s2"
    assert chain in texts(s)
    after = s.apply(chain)
    assert after.jumps[0] == 2 and on_disc(after, 0) == ["r1s2"]


def test_launch_is_blocked_when_the_rim_dot_and_the_dot_behind_are_taken(game):
    s = game.position(disc={"blue": ["r4s2", "r3s2"]})
    assert {a.line for a in s.legal_actions() if a.kind == "launch"} == {"NE-1", "NE+1"}
    assert "blocked" in s.why_illegal(Move(0, MoveKind.LAUNCH, ((-1, 0), (3, 2)), "NE", 1))


# --- Rules 2: one eagle moves one dot a turn ---------------------------------------------------------


def test_move_one_eagle_one_space_along_a_drawn_line(game):
    s = game.position(disc={"red": ["r2s0"]})
    assert ends(s, "step", "r2s0") == {"r1s0", "r3s0", "r2s1", "r2s15"}
    assert ends(s, "jump") == set()  # nothing to jump over


def test_the_hub_joins_every_spoke(game):
    s = game.position(disc={"red": ["hub"]})
    assert ends(s, "step", "hub") == {f"r1s{k}" for k in range(16)}


def test_the_rings_wrap_around_and_spokes_run_on_through_the_hub():
    for spokes in (8, 16, 24):
        game = isslab.make("space-1999", players=2, spokes=spokes)
        s = game.position(disc={"red": ["r1s1"], "blue": ["hub", f"r1s{spokes - 1}"]})
        assert ends(s, "step", "r1s1") == {"r1s0", "r1s2", "r2s1"}
        assert f"r1s{1 + spokes // 2}" in ends(s, "jump", "r1s1")  # over the hub to the opposite spoke
        s = game.position(disc={"red": ["r1s0"], "blue": [f"r1s{spokes - 1}"]})
        assert f"r1s{spokes - 2}" in ends(s, "jump", "r1s0")  # round the ring past spoke 0


# --- Rules 2: jumping over occupied dots, once or several times --------------------------------------


def test_jump_over_your_own_or_an_opponents_eagle(game):
    s = game.position(disc={"red": ["r2s0", "r2s1"], "blue": ["r3s0"]})
    assert ends(s, "jump", "r2s0") == {"r2s2", "r4s0"}
    assert ends(s, "step", "r2s0") == {"r1s0", "r2s15"}  # never onto an occupied dot


def test_multiple_jumps_go_straight_ahead_or_at_an_angle(game):
    s = game.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r1s0", "r1s5"]})
    chains = {a.path for a in s.legal_actions() if a.kind == "jump"}
    assert ((4, 0), (2, 0)) in chains  # one jump
    assert ((4, 0), (2, 0), (0, 0)) in chains  # straight ahead
    assert ((4, 0), (2, 0), (0, 0), (2, 5)) in chains  # then at an angle


def test_jumps_need_a_vacant_dot_between_the_eagles(game):
    # every hop lands on a vacant dot, so two eagles in a row cannot be jumped
    s = game.position(disc={"red": ["r4s0"], "blue": ["r3s0", "r2s0"]})
    assert ends(s, "jump", "r4s0") == set()
    assert "vacant" in s.why_illegal(Move(0, MoveKind.JUMP, ((4, 0), (2, 0)), "", 1))


def test_a_chain_never_hops_over_the_dot_the_eagle_just_left(game):
    # red leaves r2s0, hops over r1s0 to the hub, over r1s1 to r2s1; r2s0 is empty now, so the chain
    # cannot go on over it to r2s15
    two = isslab.make("space-1999", players=2)
    s = two.position(disc={"red": ["r2s0"], "blue": ["r1s0", "r1s1", "r2s14"]})
    assert ends(s, "jump", "r2s0") == {"hub"}  # r2s1 is a step away: one action per destination
    assert "over r2s0, which is vacant" in s.why_illegal("red jumps r2s0 -> hub -> r2s1 -> r2s15 -> r2s13")


def test_jump_chains_never_revisit_a_dot_and_hop_over_eagles_only():
    game = isslab.make("space-1999", players=4, diagonal_jumps=True)
    rng = random.Random(7)
    checked = 0
    for _ in range(8):
        rec = isslab.play(game, "random", seed=rng.randrange(10**9))
        for s in rec.states()[::7]:  # 7: not a multiple of the 5 steps of a round
            for a in s.legal_actions():
                if getattr(a, "kind", "") != "jump":
                    continue
                dots = [game.dot_index(*p) for p in a.path]
                assert len(set(dots)) == len(dots) and a.hops == len(dots) - 1, a
                assert all(not s.board[d] for d in dots[1:]), a
                checked += 1
    assert checked > 20


# --- Rules 3: when everyone has moved, the die turns the disc -----------------------------------------


def test_a_round_ends_with_a_die_roll_after_every_player_has_moved(game):
    s = game.new_state().apply(FirstPlayer(0))
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
        assert s.current_player != isslab.CHANCE
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == isslab.CHANCE and s.turn == 4


def test_eagles_in_space_turn_with_the_disc_and_eagles_on_pads_do_not(game):
    # red's eagle on r4s8 faces board direction 8 (west); after 2 green it faces 10, SW's middle line
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    s = game.position(disc={"red": ["r4s8"], **launched}, home=(3, 4, 0, 4), turn=4)
    assert not ends(s.apply(Roll(3, GREEN)), "land")
    turned = s.apply(Roll(2, GREEN))
    assert turned.theta == 2 and on_disc(turned, 0) == ["r4s8"] and turned.home == s.home
    assert [str(a) for a in turned.legal_actions() if a.kind == "land"] == [
        "red lands r4s8 -> SW pad via line SW"
    ]


# --- Rules 4: landing from the rim along a line of the target planet ---------------------------------


def test_landing_follows_a_target_line_from_the_rim(game):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    for spoke in range(16):
        s = game.position(disc={"red": [f"r4s{spoke}"], **launched}, home=(3, 4, 0, 4))
        landing = [a for a in s.legal_actions() if a.kind == "land"]
        if spoke in (9, 10, 11):
            assert [a.line for a in landing] == [{9: "SW-1", 10: "SW", 11: "SW+1"}[spoke]]
        else:
            assert landing == []


def test_landing_depends_on_the_rotation(game):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    for theta, can_land in ((0, True), (1, True), (2, False), (15, True), (14, False)):
        s = game.position(disc={"red": ["r4s10"], **launched}, home=(3, 4, 0, 4), theta=theta)
        assert bool(ends(s, "land")) is can_land, theta
    s = game.position(disc={"red": ["r4s10"], **launched}, home=(3, 4, 0, 4), theta=2)
    assert "does not line up with any of them" in s.why_illegal(
        Move(0, MoveKind.LAND, ((4, 10), (-1, 2)), "SW+1")
    )


def test_landing_needs_a_free_circle_on_the_target_pad(game):
    # reading 4: green's unlaunched eagles still fill the SW circles
    s = game.position(disc={"red": ["r4s10"]})
    assert not ends(s, "land")
    reason = s.why_illegal(Move(0, MoveKind.LAND, ((4, 10), (-1, 2)), "SW"))
    assert reason.startswith("landing needs a free circle on the target pad")
    s = game.position(disc={"red": ["r4s10"], "green": ["r1s0"]})
    assert ends(s, "land") == {"SW pad"}


def test_three_players_the_empty_corner_has_every_circle_free():
    game = isslab.make("space-1999", players=3)
    # blue sits SE and targets NW, where nobody sits
    s = game.position(disc={"blue": [f"r4s{game.corner_direction(1)}"]}, to_move="blue", turn=1)
    assert ends(s, "land") == {"NW pad"}


def test_no_landing_on_another_planet(game):
    launched = {"green": ["r1s0", "r1s4", "r1s8", "r1s12"]}
    s = game.position(disc={"red": ["r4s2"], **launched}, home=(3, 4, 0, 4))
    assert not ends(s, "land")  # r4s2 faces red's own NE planet
    reason = s.why_illegal(Move(0, MoveKind.LAND, ((4, 2), (-1, 0)), "NE"))
    assert reason == "red can land only on its target planet, SW, not on the NE planet"


# --- Rules 2: a player who cannot move (reading 5) -------------------------------------------------


def test_a_player_must_move_when_able_and_passes_only_when_not():
    boxed = isslab.make("space-1999", players=2, eagles=6)
    walls = ["r3s0", "r4s1", "r4s15", "r2s0", "r4s2", "r4s14"]
    s = boxed.position(disc={"red": ["r4s0"], "blue": walls}, home=(0, 0), landed=(5, 0))
    assert [str(a) for a in s.legal_actions()] == ["red passes"]
    forced = isslab.make("space-1999", players=2).position()
    assert all(a.kind != "pass" for a in forced.legal_actions())
    assert forced.why_illegal("red passes") == "red has a legal move and must move (option forced_move)"
    free = isslab.make("space-1999", players=2, forced_move=False).position()
    assert free.legal_actions()[-1] == Move(0, MoveKind.PASS, (), "")
