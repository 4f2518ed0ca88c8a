"""1998 ISS, Launch and Extra Action: the six steps of a launch and the extra actions won at it
(the rulebook's three launch examples first)."""

from __future__ import annotations

from helpers_1998 import act, chance

import isslab
from isslab.games.iss_1998 import Countdown, Load, Phase, Place, PlaceExtra, Plan, Train

BLUE, ORANGE, WHITE, GREEN = range(4)
RU, US = 0, 1


def _train_and_count(players, seat, train, count, **position):
    """``seat`` trains an astronaut for the shuttle ``train`` and counts the shuttle ``count`` down."""
    state = isslab.make("1998-iss", players=players).position(to_move=seat, **position)
    state = act(state, Place, card="Train Astronauts", extra=False)
    state = act(state, Train, shuttle=train)
    assert state.phase == Phase.COUNTDOWN
    return act(state, Countdown, shuttle=count)


def _launch_us(players, seat, **kw):
    """``seat`` trains an astronaut for the Soyuz and counts the Endeavour (at 1) down: it launches."""
    pads = {"RU": ("Soyuz", 5), "US": ("Endeavour", 1)}
    return _train_and_count(players, seat, "Soyuz", "Endeavour", pads=pads, **kw)


def test_example_endeavour_materials_are_capped_at_eight():
    # Orange has 3 materials on the Endeavour that launches; its ISS track rises by 2 only
    state = _launch_us(3, BLUE, cargo={"US": {ORANGE: (0, 3)}}, iss_material={ORANGE: 6})
    assert state.iss_mat[ORANGE] == 8
    assert state.cargo_mat[US] == (0, 0, 0)  # the tokens are back in the reserve


def test_example_jem_ef_launch_and_its_majority_extra_actions():
    # a Progress launches on Blue's turn; JEM-EF has the most cubes, Blue and White 3 each: Blue
    # places first (Train Astronauts), then White (Long Stay)
    game = isslab.make("1998-iss", players=3)
    state = game.position(
        to_move=BLUE,
        column=("JEM-EF", "Quest", "Pirs", "Harmony"),
        column_cubes={"JEM-EF": {BLUE: 3, WHITE: 3, ORANGE: 1}, "Quest": {ORANGE: 4}, "Pirs": {WHITE: 1}},
        pads={"RU": ("Progress", 1), "US": ("Discovery", 6)},
        cargo={"RU": {ORANGE: (0, 2)}},
    )
    state = act(state, Place, card="Load Material", extra=False)
    state = act(state, Load, amounts=(0, 2))
    # the Progress had cargo and the Discovery now has too: Blue chooses the Progress
    state = act(state, Countdown, shuttle="Progress")
    jem = game.tables.mod_index["JEM-EF"]
    assert state.station[-1] == jem
    assert state.covered & game.tables.mod_mask[jem] == game.tables.mod_mask[jem]  # two tokens cover it
    assert state.cubes[BLUE] == 8 - 1 + 0 and state.cubes[WHITE] == 8 - 1  # JEM-EF's cubes went home
    # the column moved up and a new module fills the fourth space
    assert state.column[:3] == tuple(game.tables.mod_index[m] for m in ("Quest", "Pirs", "Harmony"))
    state = chance(state)  # the new module
    state = chance(state)  # the new Progress/Soyuz card
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == BLUE
    state = act(state, PlaceExtra, card="Train Astronauts")
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == WHITE
    assert "Train Astronauts" not in {a.card for a in state.legal_actions()}  # one cube per space
    state = act(state, PlaceExtra, card="Long Stay")
    assert state.extra[0] == BLUE and state.extra[4] == WHITE
    assert state.won[BLUE][1] == 1  # Blue keeps the Progress card


def test_example_soyuz_inspection_orange_and_white_tie():
    # each player takes back one cube per module: Orange 3, Blue 2, White 3; Orange and White tie
    game = isslab.make("1998-iss", players=3)
    state = game.position(
        to_move=BLUE,
        column_cubes={
            "Quest": {ORANGE: 2, BLUE: 1, WHITE: 1},
            "Pirs": {ORANGE: 1, WHITE: 2},
            "Harmony": {ORANGE: 1, BLUE: 1, WHITE: 1},
            "Columbus": {},
        },
        pads={"RU": ("Soyuz", 1), "US": ("Discovery", 6)},
        cargo={"RU": {WHITE: (1, 0)}},
    )
    before = state.cubes
    state = act(state, Place, card="Train Astronauts", extra=False)
    state = act(state, Train, shuttle="Soyuz")
    # the Soyuz (countdown 1) is the only pad with cargo: it launches
    assert state.cubes[ORANGE] - before[ORANGE] == 3
    assert state.cubes[WHITE] - before[WHITE] == 3
    assert state.cubes[BLUE] - before[BLUE] == 2 - 1  # Blue also placed its action cube
    # Blue's action cube went to Quest (beside Train Astronauts) before the launch
    assert [row[:3] for row in state.ccubes] == [(1, 1, 0), (0, 0, 1), (0, 0, 0), (0, 0, 0)]
    state = chance(state)  # the new Russian card
    # clockwise from Blue (the launcher): Orange, then White
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == ORANGE
    state = act(state, PlaceExtra, card="Conduct Experiments")
    assert state.current_player == WHITE
    state = act(state, PlaceExtra, card="Install Compartments")
    assert state.current_player == ORANGE and state.phase != Phase.PLACE_EXTRA  # Orange's turn


def test_astronaut_replacement_sends_the_crew_home_and_long_stays_to_unity():
    state = _train_and_count(
        3,
        BLUE,
        "Discovery",
        "Soyuz",
        pads={"RU": ("Soyuz", 1), "US": ("Discovery", 6)},
        cargo={"RU": {WHITE: (1, 0)}},
        astronauts={
            ORANGE: {"unity": 1, "in": ("Zvezda COM", "Zarya LS1")},
            WHITE: {"unity": 0, "in": ("Canadarm 2 CRN",)},
        },
    )
    # Orange: the Unity and COM astronauts went home, the long stay is in Unity
    assert state.reserve[ORANGE] == 4 and state.unity[ORANGE] == 1 and state.occ[ORANGE] == 0
    # White: its crane astronaut went home, the one on the Soyuz arrived in Unity
    assert state.reserve[WHITE] == 4 and state.unity[WHITE] == 1
    # Blue's Unity astronaut went home too
    assert state.unity[BLUE] == 0 and state.reserve[BLUE] == 4


def test_a_shuttle_without_the_icon_replaces_nobody():
    state = _train_and_count(
        3,
        BLUE,
        "Soyuz",
        "Atlantis",
        pads={"RU": ("Soyuz", 5), "US": ("Atlantis", 1)},
        cargo={"US": {WHITE: (2, 1)}},
        astronauts={ORANGE: {"unity": 1, "in": ("Zvezda COM",)}},
    )
    assert state.unity[ORANGE] == 1 and state.occ[ORANGE] != 0
    assert state.unity[WHITE] == 1 + 2  # the Atlantis's astronauts arrived


def test_a_module_tie_goes_to_the_higher_module():
    game = isslab.make("1998-iss", players=2)
    state = game.position(
        to_move=BLUE,
        column_cubes={"Pirs": {ORANGE: 2}, "Columbus": {BLUE: 2}},
        pads={"RU": ("Soyuz", 5), "US": ("Discovery", 1)},
        cargo={"US": {ORANGE: (0, 1)}},
    )
    state = act(state, Place, card="Plan Experiments", extra=False)  # Plan lies beside Columbus
    state = act(state, Plan, levels=(1, 2))
    state = chance(chance(state))
    state = state.apply(state.legal_actions()[-1])
    # Columbus now has 3 cubes (2 + the prepared one) against Pirs's 2
    assert state.station[-1] == game.tables.mod_index["Columbus"]


def test_a_module_launch_with_no_cubes_takes_the_top_module_and_gives_no_extra_action():
    game = isslab.make("1998-iss", players=2, action_countdown=(1, 1, 2, 2, 2, 1, 1, 2))
    state = game.position(
        to_move=BLUE,
        earth=("Plan Experiments", "Load Material", "Construct Modules", "Train Astronauts"),
        pads={"RU": ("Soyuz", 5), "US": ("Discovery", 1)},
        cargo={"US": {ORANGE: (0, 1)}},
        extra_spaces={"Long Stay": ORANGE},
    )
    state = act(state, Place, card="Train Astronauts", extra=False)  # its cube goes beside Columbus
    state = act(state, Train, shuttle="Soyuz")
    state = act(state, Countdown, shuttle="Discovery")
    assert state.station[-1] == game.tables.mod_index["Columbus"]  # the only module with a cube
    state = chance(chance(state))
    # Blue's majority (1 cube) won an extra action
    assert state.phase == Phase.PLACE_EXTRA and state.current_player == BLUE
    # and without any cube the top module goes up, and nobody wins
    state = game.position(
        to_move=BLUE,
        earth=("Plan Experiments", "Load Material", "Construct Modules", "Train Astronauts"),
        pads={"RU": ("Soyuz", 5), "US": ("Discovery", 1)},
        cargo={"US": {ORANGE: (0, 1)}},
        column=("Quest", "Pirs", "Harmony", None),
    )
    state = act(state, Place, card="Train Astronauts", extra=False)  # beside the empty space
    state = act(state, Train, shuttle="Soyuz")
    state = act(state, Countdown, shuttle="Discovery")
    assert state.station[-1] == game.tables.mod_index["Quest"]


def test_with_every_space_taken_an_extra_action_is_lost():
    game = isslab.make("1998-iss", players=2)
    spaces = {
        name: ORANGE
        for name in ("Train Astronauts", "Load Material", "Construct Modules", "Plan Experiments")
    }
    spaces.update(
        {name: BLUE for name in ("Long Stay", "Install Compartments", "Outside Jobs", "Conduct Experiments")}
    )
    state = game.position(
        to_move=BLUE,
        column_cubes={"Quest": {BLUE: 2}},
        extra_spaces=spaces,
        pads={"RU": ("Soyuz", 5), "US": ("Endeavour", 1)},
        cargo={"US": {ORANGE: (0, 1)}},
        iss_material={BLUE: 0},
        hands={BLUE: ()},
    )
    if state.phase == Phase.EXTRA:
        state = state.apply(state.legal_actions()[-1])
    state = act(state, Place, card="Load Material", extra=False)
    state = act(state, Load, amounts=(0, 2))
    state = chance(chance(state))
    assert state.phase != Phase.PLACE_EXTRA and state.current_player == ORANGE


def test_the_launcher_keeps_the_shuttle_card_and_a_new_card_goes_on_the_pad():
    state = _launch_us(2, ORANGE, cargo={"US": {BLUE: (0, 1)}})
    game = state.game
    state = chance(state)  # a module
    assert state.won[ORANGE][2] == 1 and state.pad[US] == -1
    state = chance(state, "Atlantis")
    assert state.pad[US] == 3 and state.countdown[US] == game.tables.sh_start[3]  # on its letter, A


def test_the_last_card_on_a_pad_triggers_the_end():
    state = _launch_us(
        2,
        BLUE,
        cargo={"US": {BLUE: (0, 1)}},
        shuttles_won={ORANGE: {"Discovery": 2, "Atlantis": 2}},
    )
    state = chance(state)
    assert state.shuttle_left[US] == 1 and state.ending == 0
    state = chance(state)
    assert state.shuttle_left[US] == 0 and state.ending == 1
