"""1998 ISS, Earth Actions and ISS Actions: the eight action cards, the experiments example first."""

from __future__ import annotations

from types import SimpleNamespace

from helpers_1998 import act, chance, options
from hypothesis import given, settings
from hypothesis import strategies as st

import isslab
from isslab.games.iss_1998 import (
    Conduct,
    Install,
    Keep,
    Load,
    LongStay,
    OutsideJobs,
    Phase,
    Place,
    Plan,
    Train,
    legal,
)
from isslab.games.iss_1998.components import ANY, DEFAULT_EXPERIMENTS, LAB

BLUE, ORANGE, WHITE = range(3)
RU, US = 0, 1
PADS = {"RU": ("Soyuz", 5), "US": ("Discovery", 6)}
CARGO = {"US": {WHITE: (0, 1)}}

#: the example's card: a short-term task on a space-walk, a communication and a long-stay
#: compartment that costs one external material
EXAMPLE = ("Example", 3, 8, 0, 1, ("EVA", "COM", "LS"), "short")


def _turn(game, seat, **kw):
    kw.setdefault("pads", PADS)
    kw.setdefault("cargo", CARGO)
    return game.position(to_move=seat, **kw)


def test_example_orange_short_term_experiment_with_three_astronauts():
    game = isslab.make("1998-iss", players=3, experiment_deck=(EXAMPLE, *DEFAULT_EXPERIMENTS))
    state = _turn(
        game,
        ORANGE,
        covered=("Destiny LAB2",),  # the first laboratory was installed earlier
        astronauts={ORANGE: {"unity": 1, "in": ("Zvezda COM", "Destiny LAB1")}},
        hands={ORANGE: ("Example",)},
        external={ORANGE: 2},
    )
    state = act(state, Place, card="Conduct Experiments", extra=False)
    ways = options(state, Conduct, card="Example")
    # the way of the example: the Unity astronaut through the space walk, the one in the
    # communication compartment on the spot, the laboratory one through a free long stay
    chosen = [a for a in ways if sorted(a.sources) == sorted(("Unity", "Zvezda COM", "Destiny LAB1"))]
    assert len(chosen) == 1
    way = chosen[0]
    served = dict(zip(way.sources, way.targets, strict=True))
    assert served["Zvezda COM"] == "Zvezda COM"  # already there: it just goes to Unity
    assert served["Unity"] == "Canadarm 2 EVA"
    assert served["Destiny LAB1"] == "Zarya LS1"
    after = state.apply(way)
    assert after.ext_mat[ORANGE] == 1  # one step down the external track
    assert after.unity[ORANGE] == 3 and after.occ[ORANGE] == 0  # everybody back in Unity
    assert after.played[ORANGE] == (game.tables.exp_index["Example"],) and after.hands[ORANGE] == ()


def test_a_long_term_task_leaves_the_astronauts_in_the_compartments():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game,
        BLUE,
        astronauts={BLUE: {"unity": 2}},
        hands={BLUE: ("E2-03",)},  # COM + LS, long-term, 2 external materials
        external={BLUE: 2},
    )
    state = act(state, Place, card="Conduct Experiments", extra=False)
    state = act(state, Conduct, card="E2-03")
    comps = [game.tables.comp_label[c] for c in range(game.tables.n_comps) if state.occ[BLUE] >> c & 1]
    assert comps == ["Zarya LS1", "Zvezda COM"] and state.unity[BLUE] == 0
    assert state.ext_mat[BLUE] == 0


def test_an_astronaut_in_a_long_stay_compartment_is_not_available():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, astronauts={BLUE: {"unity": 0, "in": ("Zarya LS1",)}}, hands={BLUE: ("E1-04",)})
    cards = {a.card for a in state.legal_actions()}
    assert "Conduct Experiments" not in cards and "Install Compartments" not in cards


def test_a_compartment_taken_by_another_player_is_not_free():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game,
        BLUE,
        astronauts={BLUE: {"unity": 1}, WHITE: {"unity": 0, "in": ("Canadarm 2 EVA",)}},
        hands={BLUE: ("E1-04",)},  # EVA, short-term
    )
    assert "Conduct Experiments" not in {a.card for a in state.legal_actions()}


def test_the_question_mark_takes_any_free_compartment():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, astronauts={BLUE: {"unity": 1}}, hands={BLUE: ("E1-06",)}, external={BLUE: 1})
    state = act(state, Place, card="Conduct Experiments", extra=False)
    targets = {a.targets[0] for a in options(state, Conduct, card="E1-06")}
    # one way is enough: the astronaut comes back to Unity whatever the compartment
    assert len(targets) == 1


def test_an_experiment_needs_its_materials():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, astronauts={BLUE: {"unity": 1}}, hands={BLUE: ("E1-03",)}, external={BLUE: 0})
    assert "Conduct Experiments" not in {a.card for a in state.legal_actions()}


def test_train_astronauts_needs_a_free_seat():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game,
        BLUE,
        pads={"RU": ("Soyuz", 5), "US": ("Discovery", 6)},
        cargo={"RU": {ORANGE: (2, 0), WHITE: (1, 0)}},
    )
    state = act(state, Place, card="Train Astronauts", extra=False)
    assert [a.shuttle for a in state.legal_actions()] == ["Discovery"]  # the Soyuz's 3 seats are taken
    state = act(state, Train, shuttle="Discovery")
    assert state.cargo_astro[US][BLUE] == 1 and state.reserve[BLUE] == 3


def test_load_material_two_on_one_shuttle_or_one_on_each():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game, BLUE, pads={"RU": ("Progress", 5), "US": ("Discovery", 6)}, cargo={"RU": {WHITE: (0, 1)}}
    )
    state = act(state, Place, card="Load Material", extra=False)
    assert [a.amounts for a in state.legal_actions()] == [(2, 0), (1, 1), (0, 2)]
    state = act(state, Load, amounts=(1, 1))
    assert state.cargo_mat == ((1, 0, 1), (1, 0, 0))
    # with the Soyuz (no materials) only the US shuttle takes them
    state = _turn(game, BLUE)
    state = act(state, Place, card="Load Material", extra=False)
    assert [a.amounts for a in state.legal_actions()] == [(0, 2)]


def test_plan_experiments_two_decks_keep_any_and_return_the_rest_under_their_decks():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, hands={BLUE: ()})
    state = act(state, Place, card="Plan Experiments", extra=False)
    assert {a.levels for a in state.legal_actions()} == {(1, 2), (1, 3), (2, 3)}
    state = act(state, Plan, levels=(1, 3))
    state = chance(state, "E1-05")
    state = chance(state, "E3-02")
    assert state.phase == Phase.KEEP
    assert len(options(state, Keep)) == 4  # both, either, none
    state = act(state, Keep, kept=("E3-02",))
    assert state.hands[BLUE] == (game.tables.exp_index["E3-02"],)
    assert state.exp_bottom[0] == (game.tables.exp_index["E1-05"],)


def test_the_hand_holds_four_experiments_at_most():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, hands={BLUE: ("E1-01", "E1-02", "E2-01")})
    state = act(act(state, Place, card="Plan Experiments", extra=False), Plan, levels=(1, 2))
    state = chance(chance(state))
    assert max(len(a.kept) for a in state.legal_actions()) == 1


def test_cards_under_a_deck_come_back_in_order_once_the_deck_is_used_up():
    game = isslab.make("1998-iss", players=3)
    idx = game.tables.exp_index
    level1 = [name for name, level, *_ in DEFAULT_EXPERIMENTS if level == 1]
    no_hands = {BLUE: (), ORANGE: (), WHITE: ()}
    # every basic card but E1-14 is performed or under the deck (E1-07 first, then E1-03)
    gone = [c for c in level1 if c not in ("E1-14", "E1-03", "E1-07")]
    medium = tuple(i for i, row in enumerate(DEFAULT_EXPERIMENTS) if row[1] == 2)
    advanced = tuple(i for i, row in enumerate(DEFAULT_EXPERIMENTS) if row[1] == 3)
    state = game.position(
        to_move=BLUE,
        pads=PADS,
        cargo=CARGO,
        hands=no_hands,
        played={ORANGE: gone},
        exp_pool=((idx["E1-14"],), medium, advanced),
        exp_bottom=((idx["E1-07"], idx["E1-03"]), (), ()),
    )
    state = act(act(state, Place, card="Plan Experiments", extra=False), Plan, levels=(1, 2))
    state = chance(state, "E1-14")  # the last shuffled basic card
    state = chance(state)
    state = state.apply(options(state, Keep)[-1])  # keeps nothing: both go under their decks
    assert state.exp_bottom[0] == (idx["E1-07"], idx["E1-03"], idx["E1-14"])
    # the next basic draw needs no chance node: the first card put under comes up
    state = game.position(
        to_move=ORANGE,
        pads=PADS,
        cargo=CARGO,
        hands=no_hands,
        played={WHITE: gone + ["E1-14"]},
        exp_pool=((), medium, advanced),
        exp_bottom=((idx["E1-07"], idx["E1-03"]), (), ()),
    )
    state = act(act(state, Place, card="Plan Experiments", extra=False), Plan, levels=(1, 2))
    assert state.drawn == (idx["E1-07"],) and state.phase == Phase.EXPERIMENT_DRAW
    assert state.exp_bottom[0] == (idx["E1-03"],)


def test_long_stay_costs_a_material_and_locks_the_astronaut():
    game = isslab.make("1998-iss", players=3)
    state = _turn(game, BLUE, astronauts={BLUE: {"unity": 1, "in": ("Zvezda COM",)}}, iss_material={BLUE: 2})
    state = act(state, Place, card="Long Stay", extra=False)
    assert {a.source for a in state.legal_actions()} == {"Unity", "Zvezda COM"}
    state = act(state, LongStay, source="Zvezda COM")
    assert state.long_stay[BLUE] == 1 and state.iss_mat[BLUE] == 1
    assert state.occ[BLUE] == 1 << game.tables.comp_index["Zarya LS1"]


def test_install_compartments_up_to_two_tokens_then_to_unity():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game,
        BLUE,
        station=("Columbus",),
        astronauts={BLUE: {"unity": 1, "in": ("Zvezda COM",)}},
    )
    state = act(state, Place, card="Install Compartments", extra=False)
    twos = [a for a in state.legal_actions() if len(a.targets) == 2]
    assert twos and all(len(a.sources) == 2 for a in twos)
    state = act(state, Install, sources=("Unity", "Zvezda COM"), targets=("Destiny LAB1", "Destiny LAB2"))
    assert state.tokens[BLUE] == 2 and state.unity[BLUE] == 2 and state.occ[BLUE] == 0
    assert not state.covered & game.tables.mod_mask[game.tables.mod_index["Destiny"]]


def test_outside_jobs_converts_one_to_three_and_may_reuse_a_crane_astronaut():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game,
        ORANGE,
        astronauts={ORANGE: {"unity": 1, "in": ("Canadarm 2 CRN",)}},
        iss_material={ORANGE: 4},
    )
    state = act(state, Place, card="Outside Jobs", extra=False)
    ways = state.legal_actions()
    # the crane astronaut stays (no other crane is free): 1, 2 or 3 materials
    assert {(a.source, a.target, a.amount) for a in ways} == {
        ("Canadarm 2 CRN", "Canadarm 2 CRN", k) for k in (1, 2, 3)
    }
    state = act(state, OutsideJobs, amount=2)
    assert (state.iss_mat[ORANGE], state.ext_mat[ORANGE]) == (2, 3)


def test_example_orange_converts_two_iss_materials():
    game = isslab.make("1998-iss", players=3)
    state = _turn(
        game, ORANGE, astronauts={ORANGE: {"unity": 1}}, iss_material={ORANGE: 5}, external={ORANGE: 1}
    )
    state = act(state, Place, card="Outside Jobs", extra=False)
    state = act(state, OutsideJobs, source="Unity", amount=2)
    assert (state.iss_mat[ORANGE], state.ext_mat[ORANGE]) == (3, 3)
    assert state.occ[ORANGE] == 1 << game.tables.comp_index["Canadarm 2 CRN"]


def test_every_way_of_an_action_is_offered_once():
    rec = isslab.play(isslab.make("1998-iss"), "random", seed=4)
    for state in rec.states():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        if state.phase == Phase.PERFORM and type(legal[0]) is Conduct:
            # one way per outcome: the states reached differ
            assert len({state.apply(a)._values() for a in legal}) == len(legal)


@settings(max_examples=400, derandomize=True, deadline=None, database=None)
@given(
    needs=st.lists(st.integers(LAB, ANY), min_size=1, max_size=4),
    long=st.booleans(),
    unity=st.integers(0, 4),
    own=st.tuples(*[st.integers(0, 4)] * 4),
    free=st.tuples(*[st.integers(0, 4)] * 5),
)
def test_the_quick_conduct_check_agrees_with_the_ways_it_lists(needs, long, unity, own, free):
    """legal.servable (in every performable_mask) is conduct_plans found non-empty, counted."""
    long = long and ANY not in needs  # the "?" belongs to short-term tasks (reading 5)
    needs = tuple(needs)
    tables = SimpleNamespace(
        exp_needs=(needs,),
        exp_long=(long,),
        exp_r=(len(needs),),
        exp_typed=(tuple((t, needs.count(t)) for t in sorted(set(needs)) if t != ANY),),
    )
    own_ids = tuple(tuple(100 + 10 * t + k for k in range(own[t])) for t in range(4))
    free_ids = tuple(tuple(200 + 10 * t + k for k in range(free[t])) for t in range(5))
    ways = legal.conduct_plans(tables, 0, unity, own_ids, free_ids)
    room = tuple((own[t] if t < 4 else 0) + free[t] for t in range(5))
    assert legal.servable(tables, 0, unity + sum(own), room) == bool(ways)
