"""1998 ISS action numbers (``numbering.py``): every kind of action gets the number its table
documents, whoever plays it, and bad actions get a ``ValueError``; and the resampler the search bots
play from draws only from what the seat knows (rule 2 over random games is checked for every game
by ``tests/test_pettingzoo.py``)."""

from __future__ import annotations

import random
from math import comb

import pytest

import isslab
from isslab.core import State
from isslab.games.iss_1998.actions import (
    Cargo,
    Claim,
    ColumnOrder,
    Conduct,
    Construct,
    Countdown,
    ExperimentDraw,
    FedorExperiment,
    FedorToken,
    FedorTop,
    GoalDraw,
    Install,
    Keep,
    Load,
    LongStay,
    ModuleDraw,
    NoAction,
    NoClaim,
    OutsideJobs,
    Place,
    PlaceExtra,
    Plan,
    Retrieve,
    ShuttleDraw,
    SkipExtra,
    StartPlayer,
    Train,
)
from isslab.games.iss_1998.components import ACTION_NAMES, EARTH_ACTIONS, GOALS
from isslab.games.iss_1998.rules import Game1998, State1998

GAME = Game1998()  # four players
SOLO = Game1998(players=1)
N = GAME.action_index
M = len(GAME.tables.mod_name)  # 19 modules: the central piece, 3 initial modules, 15 in the deck
C = GAME.tables.n_comps  # 38 compartments


def _first_of_each_block(game: Game1998) -> list[int]:
    """The number of one action of each block, in the documented order of the blocks."""
    n = game.action_index
    return [
        n(Cargo(0, "Soyuz")),
        n(SkipExtra(0)),
        n(Place(0, "Train Astronauts", False)),
        n(NoAction(0)),
        n(Retrieve(0, game.tables.mod_name[0])),
        n(Train(0, "Soyuz")),
        n(Load(0, (2, 0), ("-", "Endeavour"))),
        n(Construct(0, game.tables.mod_name[0], game.tables.mod_name[0])),
        n(Plan(0, (1, 2))),
        n(Keep(0, (), (), (), ())),
        n(LongStay(0, "Unity", "Zarya LS1")),
        n(Install(0, ("Unity",), ("Destiny LAB1",))),
        n(OutsideJobs(0, "Unity", "Canadarm 2 CRN", 1)),
        n(Conduct(0, game.tables.exp_name[0], ("Destiny LAB1",), ("Destiny LAB1",))),  # in place: rank 0
        n(Countdown(0, "Soyuz", 1)),
        n(Claim(0, GOALS[0][0])),
        n(NoClaim(0)),
        n(PlaceExtra(0, "Train Astronauts")),
    ]


def test_the_blocks_follow_the_documented_table() -> None:
    firsts = _first_of_each_block(GAME)
    assert firsts[:5] == [0, 5, 6, 22, 23]  # Cargo 5, SkipExtra 1, Place 16, NoAction 1
    assert firsts[5] == 23 + M + 8  # Retrieve: a module or an extra-action space
    assert firsts[7] == firsts[6] + 3 and firsts[8] == firsts[7] + M * (M + 1) // 2
    assert firsts[10] == firsts[9] + 8 and firsts[11] == firsts[10] + 5
    assert firsts[12] == firsts[11] + 5 * 5 + 15 * 15  # Install by types in the multi-player game
    assert firsts[13] == firsts[12] + 15
    assert firsts[15:] == [firsts[14] + 5, firsts[14] + 15, firsts[14] + 16]
    # the last block, PlaceExtra, ends the numbers: FedorToken is empty outside the solo game
    assert GAME.num_distinct_actions() == N(PlaceExtra(0, "Conduct Experiments")) + 1 == firsts[-1] + 8
    solo = _first_of_each_block(SOLO)
    # Install by compartments in the solo game
    assert (
        solo[12]
        == SOLO.action_index(Install(0, ("Unity",), (SOLO.tables.comp_label[0],)))
        + 5 * C
        + 15 * C * (C - 1) // 2
    )
    last = SOLO.action_index(FedorToken(0, SOLO.tables.comp_label[-1]))
    assert (
        SOLO.num_distinct_actions()
        == last + 1
        == SOLO.action_index(PlaceExtra(0, "Conduct Experiments")) + 1 + C
    )


def test_the_same_move_has_the_same_number_whoever_plays_it() -> None:
    moves = [
        (Cargo(0, "Progress"), Cargo(3, "Progress")),
        (Place(1, "Long Stay", True), Place(2, "Long Stay", True)),
        (Claim(0, "Installer"), Claim(3, "Installer")),
        (Keep(0, ("E1-01",), (1,), ("E2-01",), (2,)), Keep(2, ("E1-05",), (1,), ("E2-07",), (2,))),
        (Countdown(1, "Atlantis", 2), Countdown(2, "Atlantis", 1)),
    ]
    for a, b in moves:
        assert N(a) == N(b)


def test_numbers_within_the_blocks() -> None:
    place = N(Place(0, "Train Astronauts", False))
    assert [N(Place(0, name, extra)) for name in ACTION_NAMES for extra in (False, True)] == list(
        range(place, place + 16)
    )
    quest, pirs = GAME.tables.mod_index["Quest"], GAME.tables.mod_index["Pirs"]
    retrieve = N(Retrieve(0, GAME.tables.mod_name[0]))
    assert N(Retrieve(1, "Quest")) == retrieve + quest
    assert N(Retrieve(1, "Plan Experiments extra space")) == retrieve + M + 3
    # a Construct is the pair of modules, in either order
    construct = N(Construct(0, GAME.tables.mod_name[0], GAME.tables.mod_name[0]))
    assert (
        N(Construct(0, "Quest", "Pirs"))
        == N(Construct(0, "Pirs", "Quest"))
        == construct + pirs * (pirs + 1) // 2 + quest
    )
    assert N(Construct(0, "Pirs", "Pirs")) == construct + pirs * (pirs + 1) // 2 + pirs
    load = N(Load(0, (2, 0), ("Progress", "Endeavour")))
    assert [N(Load(0, a, ("Progress", "Endeavour"))) for a in ((1, 1), (0, 2))] == [load + 1, load + 2]
    plan = N(Plan(0, (1, 2)))
    assert [N(Plan(0, lv)) for lv in ((1, 3), (2, 3), (1,), (2,), (3,))] == list(range(plan + 1, plan + 6))
    keep = N(Keep(0, (), (), ("E1-01", "E3-01"), (1, 3)))
    assert N(Keep(0, ("E2-01",), (2,), (), ())) == keep + 2
    assert N(Keep(0, ("E1-01", "E3-01"), (1, 3), (), ())) == keep + 5
    # sources: Unity, then an own LAB, COM, CRN, EVA
    stay = N(LongStay(0, "Unity", "Zarya LS1"))
    assert N(LongStay(0, "Zvezda COM", "Zarya LS2")) == stay + 2
    outside = N(OutsideJobs(0, "Unity", "Canadarm 2 CRN", 1))
    assert N(OutsideJobs(0, "Canadarm 2 CRN", "Canadarm 2 CRN", 3)) == outside + 3 * 3 + 2
    assert N(OutsideJobs(0, "Canadarm 2 EVA", "Kibo CRN", 2)) == outside + 4 * 3 + 1
    # Install: one astronaut, source * 5 + target type; two, after the 25, pairs of each
    install = N(Install(0, ("Unity",), ("Destiny LAB1",)))
    assert N(Install(0, ("Canadarm 2 EVA",), ("Zarya LS1",))) == install + 4 * 5 + 4
    two = N(Install(0, ("Unity", "Zvezda COM"), ("Destiny LAB1", "Destiny LAB2")))
    assert two == install + 25 + (2 * 3 // 2 + 0) * 15 + 0
    assert N(Install(0, ("Zvezda COM", "Unity"), ("Destiny LAB2", "Destiny LAB1"))) == two
    solo_install = SOLO.action_index(Install(0, ("Unity",), (SOLO.tables.comp_label[0],)))
    assert (
        SOLO.action_index(Install(0, ("Unity",), ("Destiny LAB2",)))
        == solo_install + SOLO.tables.comp_index["Destiny LAB2"]
    )
    assert (
        SOLO.action_index(FedorToken(0, "Destiny LAB2"))
        == SOLO.action_index(FedorToken(0, SOLO.tables.comp_label[0]))
        + SOLO.tables.comp_index["Destiny LAB2"]
    )


def test_chance_outcomes_are_numbered_by_what_is_drawn() -> None:
    earth = [ACTION_NAMES[a] for a in EARTH_ACTIONS]
    assert N(ColumnOrder("Earth", tuple(earth))) == 0
    assert N(ColumnOrder("Earth", tuple(reversed(earth)))) == 23
    assert (
        N(ColumnOrder("ISS", ("Long Stay", "Install Compartments", "Conduct Experiments", "Outside Jobs")))
        == 1
    )
    k = GAME.tables.goals_in_play
    names = [g[0] for g in GOALS]
    assert N(GoalDraw(tuple(names[:k]))) == 0
    assert N(GoalDraw(tuple(names[-k:]))) == comb(len(GOALS), k) - 1
    assert (
        N(ExperimentDraw(2, 2, "E2-03")) == N(FedorExperiment(2, "E2-03")) == GAME.tables.exp_index["E2-03"]
    )
    assert N(ModuleDraw("Quest")) == GAME.tables.mod_index["Quest"] and N(ShuttleDraw("Discovery")) == 4
    assert N(StartPlayer(3)) == 3 and SOLO.action_index(FedorTop(4, SOLO.tables.f_label[4], "RU")) == 4
    assert GAME.max_chance_outcomes() == max(comb(len(GOALS), k), len(GAME.tables.exp_name), 24, M)


def _conduct_numbers(game: Game1998, games: int) -> dict[str, set[int]]:
    """The numbers of the legal Conduct actions met in random games, by experiment card."""
    found: dict[str, set[int]] = {}
    for seed in range(games):
        rng = random.Random(seed)
        state: State = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            for a in legal:
                if type(a) is Conduct:
                    found.setdefault(a.card, set()).add(game.action_index(a))
            conducts = [a for a in legal if type(a) is Conduct]
            state = state.apply(rng.choice(conducts or legal))
    return found


def test_each_experiment_card_has_its_own_block_of_conduct_numbers() -> None:
    game = Game1998(players=2)
    found = _conduct_numbers(game, 4)
    assert len(found) >= 5 and any(len(v) > 1 for v in found.values())
    spans = sorted((game.tables.exp_index[card], min(v), max(v)) for card, v in found.items())
    for (_, _, high), (_, low, _) in zip(spans, spans[1:], strict=False):
        assert high < low  # deck order, no overlap
    assert spans[-1][2] < game.action_index(Countdown(0, "Soyuz", 1))


@pytest.mark.parametrize(
    ("game", "action", "words"),
    [
        (GAME, Retrieve(0, "Mir"), "Mir"),
        (GAME, Keep(0, ("E1-01", "E1-02"), (1, 1), (), ()), "each deck at most once"),
        (GAME, Keep(0, ("E1-01",), (2,), (), ()), "not a card of level 2"),
        (GAME, OutsideJobs(0, "Unity", "Canadarm 2 CRN", 4), "1 to 3 materials"),
        (GAME, LongStay(0, "Zarya LS1", "Zarya LS2"), "never moves"),
        (GAME, ColumnOrder("Earth", ("Train Astronauts",) * 4), "each of its four cards once"),
        (GAME, FedorToken(0, "Destiny LAB1"), "solo game only"),
        (GAME, Conduct(0, "E1-01", (), ()), "one source and one target per requirement"),
        (GAME, GoalDraw(("Installer",)), "4 different goal cards"),
        (GAME, "Place Train", "no number"),
        (SOLO, FedorTop(99, "x", "RU"), "numbered 0 to 8"),
    ],
)
def test_what_is_no_action_of_the_game_has_no_number(game: Game1998, action: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        game.action_index(action)


# --------------------------------------------------------------------------------------------------
# The resampler: draws that depend only on what the seat knows and on the rng
# --------------------------------------------------------------------------------------------------


def _twins(players: int, seed: int) -> list[tuple[State, State, int]]:
    """Positions of a random game, each with a twin its seat to move cannot tell from it."""
    rng = random.Random(seed)
    state = isslab.make("1998-iss", players=players).new_state()
    out: list[tuple[State, State, int]] = []
    while not state.is_terminal():
        seat = state.current_player
        if seat >= 0 and rng.random() < 0.3:
            twin = state.resample_hidden(seat, random.Random(len(out) + 50))
            if twin != state:
                out.append((state, twin, seat))
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return out


@pytest.mark.parametrize("players", [1, 2, 4])
def test_twins_resample_to_the_same_position(players: int) -> None:
    twins = _twins(players, players)
    assert len(twins) >= 3
    for real, twin, seat in twins[:: max(1, len(twins) // 8)]:
        assert twin.view(seat) == real.view(seat)
        for s in range(2):
            one = real.resample_hidden(seat, random.Random(s))
            assert one == twin.resample_hidden(seat, random.Random(s))
            assert one.view(seat) == real.view(seat)


def test_a_position_without_history_is_dealt_from_what_the_seat_knows() -> None:
    game = Game1998(players=3)
    one = game.position(to_move=0, hands=(("E1-01", "E2-01"), ("E1-02", "E2-02"), ("E1-03", "E3-01")))
    two = game.position(to_move=0, hands=(("E1-01", "E2-01"), ("E1-09", "E2-05"), ("E1-04", "E3-07")))
    assert one.view(0) == two.view(0) and one != two
    for s in range(3):
        a, b = one.resample_hidden(0, random.Random(s)), two.resample_hidden(0, random.Random(s))
        assert isinstance(a, State1998) and a == b and a.view(0) == one.view(0)
        assert a.hands[0] == one.hands[0]
