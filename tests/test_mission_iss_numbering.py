"""Mission ISS action numbers (``numbering.py``): each action type gets its documented number, the
numbers of one seat's actions are distinct and fill the range, and malformed actions are refused.
Rule 2 over random games is checked for every game by ``test_pettingzoo.py``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from helpers_mission_iss import game

from isslab.games.mission_iss import (
    MODULES,
    Arrive,
    Assemble,
    Bonus,
    DealMarkers,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    EndShift,
    EndTurn,
    Exercise,
    GameMissionISS,
    Move,
    Play,
    Research,
    ResearchOn,
    ResearchStop,
    Select,
    Skip,
    SoloDeal,
    Train,
    UseBonus,
    Via,
)
from isslab.games.mission_iss.legal import _solo_deal_outcomes

GOOD_JOB = "Good Job"


def test_the_default_game_numbers_each_action_type_as_documented() -> None:
    g = game(players=4)  # 6 astronauts, 24 research tiles
    assert g.num_distinct_actions() == 1847
    assert g.max_chance_outcomes() == 220  # C(12, 3): the three difficulty markers of value 4
    cases = [
        (Select(0, 1, 2, 3), 1 * 17 + 2 * 4 + 3),
        (Select(3, 2, -1, 4), 2 * 17 + 16),
        (EndShift(3), 68),
        (EndTurn(1), 69),
        (Move(2, Via.WILD_CARD, 3, 5), 70 + (1 * 6 + 3) * 15 + 5),
        (Research(0, Via.BONUS_RESEARCH, 1, 5, 1), 340 + ((2 * 6 + 1) * 24 + 4) * 2 + 1),
        (ResearchOn(0, 24, 1), 1204 + 23 * 2 + 1),
        (ResearchStop(2), 1252),
        (Assemble(0, Via.WILD_CARD, 0, 11), 1253 + (1 * 6 + 0) * 12 + 11),
        (Deploy(0, Via.BONUS_ROBONAUT, 5, -1), 1397 + (2 * 6 + 5) * 16),
        (Deploy(0, Via.ASSEMBLE_CARD, 0, 14), 1397 + 15),
        (Exercise(0, Via.EXERCISE_CARD, 2), 1685 + 2),
        (Skip(0, Via.BONUS_EXERCISE), 1694 + 8),
        (UseBonus(0, 1, Bonus.NONE, -1), 1703),
        (UseBonus(0, 13, Bonus.RECOVER, 3), 1703 + 12 * 5 + 4),  # tile #13 recovers a card
        (Arrive(0, 5), 1823 + 5),
        (Train(0, 2, 5), 1829 + 2 * 6 + 5),  # the last number
    ]
    for action, number in cases:
        assert g.action_index(action) == number, action


def test_the_acting_seat_takes_no_number() -> None:
    g = game(players=4)
    assert len({g.action_index(Move(s, Via.MOVE_CARD, 2, 7)) for s in range(4)}) == 1
    assert len({g.action_index(Select(s, 0, -1, 4)) for s in range(4)}) == 1
    # the fellow player whose card is taken is a seat: the same number whoever takes it
    assert g.action_index(Select(0, 1, 2, 0)) == g.action_index(Select(3, 1, 2, 0))


def test_chance_outcomes_are_numbered_by_what_is_drawn() -> None:
    g = game(players=4)
    assert g.action_index(DrawTile(7, 3)) == g.action_index(DrawTile(7, 0)) == 6
    assert g.action_index(DrawIncident("A")) == 0
    assert g.action_index(DrawIncident("M")) == 12
    assert g.action_index(DrawIncident(GOOD_JOB)) == 13
    assert g.action_index(DrawMarker(5, 2)) == 4
    # difficulty markers: the colex rank of the set of module cards among sets of that size
    assert g.action_index(DealMarkers(2, False, "BC")) == 0
    assert g.action_index(DealMarkers(2, False, "BD")) == 1
    assert g.action_index(DealMarkers(2, False, "CD")) == 2
    assert g.action_index(DealMarkers(2, False, "LM")) == 65  # C(12, 2) - 1
    assert g.action_index(DealMarkers(3, True, "M")) == 11


def test_the_single_player_game_plays_and_deals_instead_of_selecting() -> None:
    g = game(players=1)
    assert g.max_chance_outcomes() == 35 * 20
    assert g.action_index(Play(0, 0, 0, False)) == 0
    assert g.action_index(Play(0, 4, 4, True)) == 49
    assert g.action_index(EndShift(0)) == 50
    # each row ranked by its Move count, then Research, ...: all Exercise first, all Move last
    assert g.action_index(SoloDeal((0, 0, 0, 4, 0), (0, 0, 0, 3, 0))) == 0
    assert g.action_index(SoloDeal((0, 0, 0, 4, 0), (0, 0, 1, 2, 0))) == 1
    assert g.action_index(SoloDeal((0, 0, 0, 4, 0), (3, 0, 0, 0, 0))) == 19
    assert g.action_index(SoloDeal((0, 0, 1, 3, 0), (0, 0, 0, 3, 0))) == 20
    assert g.action_index(SoloDeal((4, 0, 0, 0, 0), (3, 0, 0, 0, 0))) == 699
    deals = [g.action_index(a) for a, _ in _solo_deal_outcomes(g.tables)]
    assert len(set(deals)) == len(deals) and all(0 <= i < 700 for i in deals)
    with pytest.raises(ValueError, match="no Select with 1 player"):
        g.action_index(Select(0, 0, -1, 4))
    with pytest.raises(ValueError, match="only with 1 player"):
        game(players=2).action_index(SoloDeal((4, 0, 0, 0, 0), (3, 0, 0, 0, 0)))
    with pytest.raises(ValueError, match="no Play with 2 players"):
        game(players=2).action_index(Play(0, 0, 0, True))


def _every_action(g: GameMissionISS, seat: int) -> list[Any]:
    """Every action a seat can be offered: the shared action objects of the game's tables."""
    t = g.tables
    tiles = range(1, t.num_tiles + 1)
    out: list[Any] = [t.end_shift[seat], t.end_turn[seat], t.research_stop[seat], *t.skip_table[seat]]
    if t.solo:
        out += [a for row in t.play_table for pair in row for a in pair]
    else:
        out += [a for own in t.select_table[seat] for p in own for a in p] + list(t.select_wild[seat])
    for table in (t.move_table, t.assemble_table, t.deploy_table):
        out += [a for via in table[seat] for row in via for a in row]
    out += [a for via in t.research_table[seat] for row in via for tile in tiles for a in row[tile]]
    out += [a for via in t.exercise_table[seat] for a in via]
    out += [a for tile in tiles for a in t.research_on[seat][tile]]
    for tile in tiles:
        recovers = t.tile_bonus[tile] == Bonus.RECOVER
        out += t.recover_table[seat][tile] if recovers else [t.bonus_table[seat][tile]]
    out += list(t.arrive_table[seat]) + [a for row in t.train_table[seat] for a in row]
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_seats_actions_have_distinct_numbers_and_all_seats_fill_the_range(players: int) -> None:
    g = game(players=players)
    used: set[int] = set()
    for seat in range(players):
        actions = _every_action(g, seat)
        numbers = [g.action_index(a) for a in actions]
        assert len(set(numbers)) == len(numbers)
        used |= set(numbers)
    # the only gaps are UseBonus slots: a tile's choice -1 unless it recovers a card, 0..3 if it does
    assert g.tables.tile_bonus[1] == Bonus.NONE
    start = g.action_index(UseBonus(0, 1, Bonus.NONE, -1))
    gaps = set()
    for tile in range(1, g.tables.num_tiles + 1):
        unused = range(4) if g.tables.tile_bonus[tile] != Bonus.RECOVER else [-1]
        gaps |= {start + (tile - 1) * 5 + 1 + k for k in unused}
    assert used == set(range(g.num_distinct_actions())) - gaps


def test_every_deal_of_difficulty_markers_has_its_own_number() -> None:
    g = game(players=2, difficulty_values=(1,) * 12, astronaut_markers=(1, 1, 1))
    assert g.max_chance_outcomes() == 220  # C(12, 9) for the nine plain markers
    for value, astronaut, count in g.tables.marker_kinds:
        numbers = {
            g.action_index(DealMarkers(value, astronaut, "".join(MODULES[m] for m in s)))
            for s in combinations(range(12), count)
        }
        assert numbers == set(range(len(numbers)))


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Move(0, Via.RESEARCH_CARD, 0, 1), "cannot give a Move"),
        (Move(4, Via.MOVE_CARD, 0, 1), "seat=4 is outside 0..3"),
        (Move(0, Via.MOVE_CARD, 6, 1), "astronaut=6 is outside 0..5"),
        (Select(1, 0, 1, 0), "from a fellow player"),
        (Select(1, 0, -1, 2), "a wild card has kind 4"),
        (Research(0, Via.RESEARCH_CARD, 0, 0, 0), "tile=0 is outside 1..24"),
        (Deploy(0, Via.ASSEMBLE_CARD, 0, -2), "source=-2"),
        (UseBonus(0, 13, Bonus.NONE, -1), "has the bonus 8"),
        (UseBonus(0, 1, Bonus.NONE, 2), "only the recover bonus"),
        (Train(0, True, 0), "colour must be an int"),
        (DrawIncident("Z"), "not an incident card"),
        (DealMarkers(2, False, "BB"), "distinct modules"),
        (DealMarkers(2, False, "BCD"), "no 3 difficulty markers of value 2"),
        (DrawMarker(6, 0), "value=6"),
        (("Move", 0), "not a Mission ISS action type: tuple"),
    ],
)
def test_a_malformed_action_has_no_number(action: Any, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        game(players=4).action_index(action)
