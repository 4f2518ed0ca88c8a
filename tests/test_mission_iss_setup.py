"""Mission ISS, Materials and Setup: the table before the first command, and the setup draws."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers_mission_iss import game

import isslab
from isslab.games.mission_iss import (
    DealMarkers,
    DrawIncident,
    DrawTile,
    Phase,
    Select,
    SoloDeal,
)


def setup_done(g: isslab.Game, seed: int = 0) -> isslab.State:
    """The position after the setup draws (chance drawn from a seeded RNG)."""
    rng = random.Random(seed)
    st = g.new_state()
    while st.current_player == isslab.CHANCE:
        st = st.apply(st.sample_chance(rng))
    return st


def test_the_setup_is_a_row_of_chance_nodes_then_the_first_player_picks_cards() -> None:
    g = game(4)
    st = g.new_state()
    assert st.phase == Phase.SETUP and st.current_player == isslab.CHANCE
    kinds = []
    while isinstance(st.legal_actions()[0], DealMarkers):
        a = st.legal_actions()[0]
        kinds.append((a.value, a.astronaut, len(a.modules)))
        st = st.apply(a)
    # Materials 5: two 2s, three 3s, four 4s, three 5s; an astronaut on one 3, one 4, one 5
    assert kinds == [
        (2, False, 2),
        (3, False, 2),
        (3, True, 1),
        (4, False, 3),
        (4, True, 1),
        (5, False, 2),
        (5, True, 1),
    ]
    assert sorted(v for v, _ in st.difficulty) == [2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5]
    assert sum(a for _, a in st.difficulty) == 3
    # a research tile on Tranquility, then one on Rassvet, with blue dice
    for field in (0, 1):
        outcomes = st.chance_outcomes()
        assert {a.field for a, _ in outcomes} == {field}
        st = st.apply(outcomes[0][0])
    assert [(f, all(c == 0 for c, _ in dice)) for _, f, dice in st.tiles] == [(0, True), (1, True)]
    assert st.current_player == 0 and st.phase == Phase.SELECT
    assert all(type(a) is Select or type(a).__name__ == "EndShift" for a in st.legal_actions())


def test_each_kind_of_difficulty_marker_lands_on_a_uniformly_random_set_of_module_cards() -> None:
    st = game(4).new_state()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == math.comb(12, 2)
    assert all(p == pytest.approx(1 / 66) for _, p in outcomes)
    assert math.fsum(p for _, p in outcomes) == pytest.approx(1.0)
    # the second kind (the three plain 3s less the one with an astronaut: two) among the ten left
    st = st.apply(DealMarkers(2, False, "BC"))
    outcomes = st.chance_outcomes()
    assert len(outcomes) == math.comb(10, 2) and all("B" not in a.modules for a, _ in outcomes)


def test_every_module_card_gets_each_marker_with_the_same_chance() -> None:
    # dealt kind by kind, each marker still ends on each card with probability 1/12 (sampled)
    g = game(4)
    counts: Counter[tuple[str, int]] = Counter()
    n = 3000
    rng = random.Random(5)
    for _ in range(n):
        st = g.new_state()
        while isinstance(st.legal_actions()[0], DealMarkers):
            st = st.apply(st.sample_chance(rng))
        for m, (v, _) in enumerate(st.difficulty):
            counts[("BCDEFGHIJKLM"[m], v)] += 1
    for module in "BGM":
        for value, k in ((2, 2), (3, 3), (4, 4), (5, 3)):
            assert counts[(module, value)] / n == pytest.approx(k / 12, abs=0.03)


def test_research_tile_draws_are_uniform_over_the_pile() -> None:
    st = game(4).new_state()
    while isinstance(st.legal_actions()[0], DealMarkers):
        st = st.apply(st.legal_actions()[0])
    outcomes = st.chance_outcomes()
    assert [a.tile for a, _ in outcomes] == list(range(1, 25))
    assert all(p == pytest.approx(1 / 24) for _, p in outcomes)
    st = st.apply(DrawTile(8, 0))
    outcomes = st.chance_outcomes()
    assert len(outcomes) == 23 and DrawTile(8, 1) not in [a for a, _ in outcomes]
    st = st.apply(DrawTile(10, 1))
    # tile #8 has two dice fields (3, 3) and #10 one (5): three blue dice placed, one left
    assert st.dice_free == (1, 3)


def test_the_crew_the_capsule_and_the_dice_at_the_start() -> None:
    st = setup_done(game(4))
    # three astronauts on Tranquility, three on the Earth board; two skills at 1, one at 2
    assert st.astronauts == (0, 0, 0, -1, -1, -1)
    assert all(sorted(s) == [1, 1, 2] for s in st.skills)
    assert st.robonauts == (-1, -1, -1) and st.exercise_supply == (3, 3, 3)
    assert st.track == 0 and st.year == 1998 and st.station == (-1,) * 12
    assert sum(st.dice_free) + sum(len(d) for _, _, d in st.tiles) == 7


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (4, [(2, 1, 1, 1)] * 4),
        (3, [(3, 1, 1, 1), (2, 2, 1, 1), (2, 1, 2, 1)]),
        (2, [(3, 1, 1, 1)] * 2),
    ],
)
def test_command_cards_are_dealt_face_up_by_player_count(players: int, cards: list[tuple[int, ...]]) -> None:
    st = setup_done(game(players))
    assert list(st.face_up) == cards
    assert all(not any(d) for d in st.face_down) and st.wild == 0


def test_the_card_mix_is_an_option_per_player_count() -> None:
    st = setup_done(game(2, cards_2p=((2, 2, 1, 1), (4, 0, 1, 1))))
    assert st.face_up == ((2, 2, 1, 1), (4, 0, 1, 1))
    with pytest.raises(ValueError, match="cards_3p"):
        game(3, cards_3p=((1, 1, 1, 11), (1, 1, 1, 1), (1, 1, 1, 1)))


def test_the_incident_pile_holds_one_card_per_module_and_the_good_job_cards() -> None:
    st = setup_done(game(4))
    assert st.incident_pile == (1,) * 13 + (6,)
    # what a first incident card would be: Good Job with 6/19
    st2 = game(4).position(attached={"B": "T"}, queue=((2, 0),))
    probs = dict(st2.chance_outcomes())
    assert probs[DrawIncident("Good Job")] == pytest.approx(6 / 19)
    assert probs[DrawIncident("M")] == pytest.approx(1 / 19)


@pytest.mark.parametrize("good_jobs", range(0, 9))
def test_good_job_cards_set_the_difficulty(good_jobs: int) -> None:
    st = setup_done(game(2, good_job_cards=good_jobs))
    assert st.incident_pile[-1] == good_jobs and sum(st.incident_pile) == 13 + good_jobs


def test_good_job_cards_are_bounded_by_the_box() -> None:
    with pytest.raises(ValueError, match="good_job_cards=9"):
        game(2, good_job_cards=9)
    with pytest.raises(ValueError, match="good_job_cards=-1"):
        game(2, good_job_cards=-1)


def test_the_single_player_deal_is_exact() -> None:
    st = game(1).new_state()
    while not isinstance(st.legal_actions()[0], SoloDeal):
        st = st.apply(st.legal_actions()[0])
    outcomes = st.chance_outcomes()
    assert math.fsum(p for _, p in outcomes) == pytest.approx(1.0)
    probs = {(a.bottom, a.middle): p for a, p in outcomes}
    # 11 cards (5 Move, 2 Research, 2 Assemble, 2 Exercise): four Move cards in the bottom row and
    # the other Move card with the two Research cards in the middle row
    expected = Fraction(math.comb(5, 4), math.comb(11, 4)) * Fraction(1 * 1, math.comb(7, 3))
    assert probs[((4, 0, 0, 0, 0), (1, 2, 0, 0, 0))] == pytest.approx(float(expected))
    st = st.apply(SoloDeal((4, 0, 0, 0, 0), (1, 2, 0, 0, 0)))
    # four cards in the bottom row, three in the middle row, four in the hand
    assert st.hand == (0, 0, 2, 2, 0) and st.rows[1] == (1, 2, 0, 0, 0) and st.rows[3] == (4, 0, 0, 0, 0)
    assert st.rows[0] == st.rows[2] == (0,) * 5 and st.current_player == 0


def test_the_track_is_an_option_with_the_alternatives_from_the_sources() -> None:
    g = game(2, track_years=range(1998, 2012), milestones=((2005, 6), (2008, 9)))
    assert g.tables.last_space == 13 and g.tables.milestones == {7: 6, 10: 9}
    assert game(2).tables.milestones == {5: 6, 9: 9} and game(2).tables.incident_spaces == {3, 7}
    for bad, name in (
        ({"incident_years": (2003,)}, "incident_years"),
        ({"milestones": ((1998, 6),)}, "milestones"),
        ({"milestones": ((2005, 13),)}, "milestones"),
        ({"track_years": (2000, 1999, 2001)}, "track_years"),
    ):
        with pytest.raises(ValueError, match=name):
            game(2, **bad)


def test_the_module_topology_is_an_option_and_must_reach_every_module() -> None:
    g = game(2)
    # B, C, D attach to module A only; I to B or E (Materials 3, Assemble note)
    assert g.tables.parents[:3] == ((0,), (0,), (1,)) and g.tables.parents[7] == (3, 6)
    assert g.tables.children[0] == (0, 1) and g.tables.children[3] == (3, 7)
    with pytest.raises(ValueError, match="can never be attached"):
        game(2, module_parents=("T", "T", "R", "F", "E", "D", "C", "BE", "E", "F", "G", "H"))
    with pytest.raises(ValueError, match="module_parents"):
        game(2, module_parents=("T", "T", "R", "B", "C", "D", "C", "BE", "E", "F", "G", "Z"))


def test_option_cross_checks_name_the_option() -> None:
    for bad, name in (
        ({"astronaut_markers": (3, 3, 3, 3)}, "astronaut_markers"),
        ({"research_dice": ((3,),) * 23}, "research_bonuses"),
        ({"research_dice": ((7,),) * 24}, "research_dice"),
        ({"research_bonuses": ("nope",) * 24}, "research_bonuses"),
        ({"setup_tile_fields": ("B",)}, "setup_tile_fields"),
        ({"solo_cards": (1, 1, 1, 1)}, "solo_cards"),
        ({"astronaut_skills": ((5, 1, 1),) * 6}, "astronaut_skills"),
        ({"starting_astronauts": 7}, "starting_astronauts"),
    ):
        with pytest.raises(ValueError, match=name):
            game(2, **bad)
