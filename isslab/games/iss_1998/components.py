"""Component data of 1998 ISS: seats, action cards, compartments, shuttles, goals, and the options.

The rulebook names the components but prints few of their values. What it does print is a
constant here (the goals and their thresholds, the scoring, the limits of the tracks, the number
of pieces); every value no public source confirms is an option marked ``assumption=True`` with the
default proposed in the project's component notes, so that real card data can replace it. Options
whose choices are rule readings take a plain string or bool (see the readings of the package
docstring).

Codes used throughout:

* action cards ``TRAIN, LOAD, CONSTRUCT, PLAN`` (the Earth column) and
  ``LONG_STAY, INSTALL, OUTSIDE, CONDUCT`` (the ISS column), indices 0..7;
* compartment types ``LAB, COM, CRN, EVA, LS`` and, on experiment cards only, ``ANY`` (the "?");
* shuttle types ``SOYUZ, PROGRESS`` (Russian) and ``ENDEAVOUR, ATLANTIS, DISCOVERY`` (US);
* pads (nations) ``RU = 0`` and ``US = 1``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from isslab.core import Option

__all__ = [
    "ACTION_NAMES",
    "ACTION_INDEX",
    "ACTION_SHORT",
    "ANY",
    "BACKS",
    "COM",
    "CONDUCT",
    "CONSTRUCT",
    "CRN",
    "DEFAULT_EXPERIMENTS",
    "DEFAULT_FEDOR_DECK",
    "DEFAULT_INITIAL_MODULES",
    "DEFAULT_MODULES",
    "EARTH_ACTIONS",
    "EVA",
    "FEDOR_ACTIONS",
    "FEDOR_NAME",
    "GOALS",
    "GOAL_INDEX",
    "INSTALL",
    "ISS_ACTIONS",
    "LAB",
    "LEVEL_NAMES",
    "LOAD",
    "LONG_STAY",
    "LS",
    "NATION_NAMES",
    "OPTIONS",
    "OUTSIDE",
    "PLAN",
    "RESHUFFLE",
    "RU",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "SHUTTLE_LETTERS",
    "SHUTTLE_NAMES",
    "SHUTTLE_INDEX",
    "SHUTTLE_NATION",
    "SOYUZ",
    "TRAIN",
    "TYPE_CODES",
    "TYPE_NAMES",
    "US",
    "Goal",
]

#: the player colours: the rulebook's examples name blue, orange and white; the fourth is unknown
#: (assumed green, it changes nothing)
SEAT_NAMES: Final = ("Blue", "Orange", "White", "Green")
SEAT_COLOURS: Final = ("#1f5fbf", "#e07b00", "#c8c8c8", "#2e7d32")
#: the solo automaton's name (it plays the components of the second colour)
FEDOR_NAME: Final = "FEDOR"

# --- action cards (Setup 2: two columns of four) --------------------------------------------------
TRAIN, LOAD, CONSTRUCT, PLAN, LONG_STAY, INSTALL, OUTSIDE, CONDUCT = range(8)
ACTION_NAMES: Final = (
    "Train Astronauts",
    "Load Material",
    "Construct Modules",
    "Plan Experiments",
    "Long Stay",
    "Install Compartments",
    "Outside Jobs",
    "Conduct Experiments",
)
#: the index of each action card in ACTION_NAMES
ACTION_INDEX: Final = {name: a for a, name in enumerate(ACTION_NAMES)}
#: short labels for boards and texts
ACTION_SHORT: Final = ("train", "load", "construct", "plan", "long_stay", "install", "outside", "conduct")
EARTH_ACTIONS: Final = (TRAIN, LOAD, CONSTRUCT, PLAN)
ISS_ACTIONS: Final = (LONG_STAY, INSTALL, OUTSIDE, CONDUCT)

# --- compartments ---------------------------------------------------------------------------------
LAB, COM, CRN, EVA, LS, ANY = range(6)
TYPE_CODES: Final = ("LAB", "COM", "CRN", "EVA", "LS", "ANY")
TYPE_NAMES: Final = ("Laboratory", "Communication", "Crane", "Space Walk", "Long Stay", "any")

# --- shuttles -------------------------------------------------------------------------------------
RU, US = 0, 1
NATION_NAMES: Final = ("Russian", "US")
SHUTTLE_NAMES: Final = ("Soyuz", "Progress", "Endeavour", "Atlantis", "Discovery")
#: the index of each shuttle type in SHUTTLE_NAMES
SHUTTLE_INDEX: Final = {name: t for t, name in enumerate(SHUTTLE_NAMES)}
SHUTTLE_LETTERS: Final = ("S", "P", "E", "A", "D")
SHUTTLE_NATION: Final = (RU, RU, US, US, US)
SOYUZ: Final = 0

# --- experiments ----------------------------------------------------------------------------------
LEVEL_NAMES: Final = ("basic", "medium", "advanced")

# --- FEDOR ----------------------------------------------------------------------------------------
#: the actions a FEDOR card may show (the ISS column) and the reshuffle symbol
FEDOR_ACTIONS: Final = ("long_stay", "install", "outside", "conduct", "reshuffle")
RESHUFFLE: Final = "reshuffle"
BACKS: Final = ("RU", "US")


class Goal(IntEnum):
    """The ten goal cards (Goals); thresholds are for 2/3/4 players."""

    EXPERIMENTS = 0
    ADVANCED = 1
    ASTRONAUTS_ON_SHUTTLES = 2
    MATERIALS_ON_SHUTTLES = 3
    CUBES_ON_MODULE = 4
    INSTALLATION_TOKENS = 5
    LONG_STAY = 6
    EXTERNAL = 7
    SHUTTLES = 8
    ALL_ROUND = 9


#: (name, thresholds for 2, 3 and 4 players, text) of each goal card (Goals)
GOALS: Final[tuple[tuple[str, tuple[int, int, int], str], ...]] = (
    ("Experimenter", (5, 4, 4), "conducted {} experiments"),
    ("Advanced science", (3, 2, 2), "conducted {} advanced experiments"),
    ("Crew on the pad", (4, 4, 3), "{} astronauts on the shuttles"),
    ("Full cargo", (7, 7, 7), "{} materials loaded on the shuttles"),
    ("Module builder", (6, 6, 6), "{} action cubes on one module"),
    ("Installer", (7, 6, 5), "{} installation tokens"),
    ("Long stayer", (5, 4, 3), "level {} on the long-stay track"),
    ("Spacewalker", (6, 6, 6), "{} external materials"),
    ("Shuttle collector", (4, 4, 3), "{} shuttle cards"),
    ("All-rounder", (1, 1, 1), "an installation token, a long-stay level, a US and a Russian shuttle"),
)
#: the index of each goal card in GOALS, by name
GOAL_INDEX: Final = {row[0]: i for i, row in enumerate(GOALS)}

# --- default data (assumptions) -------------------------------------------------------------------

#: the central piece and the three initial modules: (name, compartment types); the central piece
#: (first row) holds the Unity common area besides its compartments; the second row's compartments
#: start covered by installation tokens (Setup 5: Destiny's experiment compartments)
DEFAULT_INITIAL_MODULES: Final = (
    ("Zarya", ("LS", "LS")),
    ("Destiny", ("LAB", "LAB")),
    ("Zvezda", ("LS", "COM")),
    ("Canadarm 2", ("CRN", "EVA")),
)

#: the module deck, numbered in this order (FEDOR installs by number): (name, compartment types)
DEFAULT_MODULES: Final = (
    ("Quest", ("EVA", "EVA")),
    ("Pirs", ("EVA", "COM")),
    ("Harmony", ("COM", "LS")),
    ("Columbus", ("LAB", "LAB")),
    ("JEM-ELM-PS", ("LAB", "COM")),
    ("Kibo", ("LAB", "CRN")),
    ("JEM-EF", ("CRN", "EVA")),
    ("Poisk", ("EVA", "LAB")),
    ("Tranquility", ("LS", "COM")),
    ("Cupola", ("CRN", "COM")),
    ("Rassvet", ("LAB", "COM")),
    ("Leonardo", ("LS", "LAB")),
    ("BEAM", ("LS", "LS")),
    ("Nauka", ("LAB", "CRN")),
    ("Prichal", ("COM", "EVA")),
)

#: the experiment deck: (name, level, points, ISS materials, external materials, compartments, task)
DEFAULT_EXPERIMENTS: Final = (
    ("E1-01", 1, 2, 1, 0, ("LAB",), "long"),
    ("E1-02", 1, 2, 1, 0, ("COM",), "short"),
    ("E1-03", 1, 3, 0, 1, ("CRN",), "long"),
    ("E1-04", 1, 2, 1, 0, ("EVA",), "short"),
    ("E1-05", 1, 2, 1, 0, ("LS",), "long"),
    ("E1-06", 1, 3, 0, 1, ("ANY",), "short"),
    ("E1-07", 1, 2, 1, 0, ("LAB",), "long"),
    ("E1-08", 1, 2, 1, 0, ("COM",), "short"),
    ("E1-09", 1, 3, 0, 1, ("EVA",), "long"),
    ("E1-10", 1, 2, 1, 0, ("LS",), "short"),
    ("E1-11", 1, 2, 1, 0, ("LAB",), "long"),
    ("E1-12", 1, 3, 0, 1, ("CRN",), "short"),
    ("E1-13", 1, 2, 1, 0, ("COM",), "long"),
    ("E1-14", 1, 2, 1, 0, ("ANY",), "short"),
    ("E2-01", 2, 4, 2, 0, ("LAB", "COM"), "long"),
    ("E2-02", 2, 5, 1, 1, ("LAB", "EVA"), "short"),
    ("E2-03", 2, 6, 0, 2, ("COM", "LS"), "long"),
    ("E2-04", 2, 4, 2, 0, ("CRN", "LAB"), "short"),
    ("E2-05", 2, 5, 1, 1, ("EVA", "LS"), "long"),
    ("E2-06", 2, 6, 0, 2, ("COM", "CRN"), "short"),
    ("E2-07", 2, 4, 2, 0, ("LAB", "LS"), "long"),
    ("E2-08", 2, 5, 1, 1, ("EVA", "COM"), "short"),
    ("E2-09", 2, 6, 0, 2, ("CRN", "EVA"), "long"),
    ("E2-10", 2, 4, 2, 0, ("LAB", "ANY"), "short"),
    ("E2-11", 2, 5, 1, 1, ("LS", "ANY"), "short"),
    ("E2-12", 2, 6, 0, 2, ("COM", "LAB"), "short"),
    ("E3-01", 3, 8, 2, 1, ("LAB", "LAB", "COM"), "long"),
    ("E3-02", 3, 9, 1, 2, ("LAB", "EVA", "LS"), "short"),
    ("E3-03", 3, 7, 3, 0, ("COM", "CRN", "EVA"), "long"),
    ("E3-04", 3, 10, 2, 2, ("LS", "LS", "LAB"), "short"),
    ("E3-05", 3, 9, 1, 2, ("CRN", "LAB", "COM"), "long"),
    ("E3-06", 3, 8, 2, 1, ("EVA", "EVA", "CRN"), "short"),
    ("E3-07", 3, 11, 1, 3, ("LAB", "COM", "ANY"), "short"),
    ("E3-08", 3, 8, 2, 1, ("LS", "EVA", "ANY"), "short"),
)

#: the FEDOR deck: (action, nationality on the back)
DEFAULT_FEDOR_DECK: Final = (
    ("install", "RU"),
    ("install", "US"),
    ("outside", "RU"),
    ("outside", "US"),
    ("long_stay", "RU"),
    ("long_stay", "US"),
    ("conduct", "RU"),
    ("conduct", "US"),
    ("reshuffle", "RU"),
)

_MODULE_ROWS = "rows (name, (compartment types...)) with types among LAB, COM, CRN, EVA, LS"

#: every option of the game with its default and meaning
OPTIONS: Final[tuple[Option, ...]] = (
    # the table
    Option("players", 4, "players; 1 is the solo game against the FEDOR automaton", min=1, max=4),
    Option("first_player", -1, "start player seat (-1: chosen at random, Setup 11)", min=-1, max=3),
    Option(
        "solo_start",
        "player",
        "solo: who takes the start player card, the player or FEDOR (reading 16)",
        choices=("player", "fedor"),
    ),
    Option(
        "first_game_variant",
        False,
        "return one random Russian and one random US shuttle card to the box (Setup 7 footnote)",
    ),
    # action cards
    Option(
        "action_countdown",
        (1, 1, 2, 2, 2, 1, 1, 2),
        "countdown steps of Train, Load, Construct, Plan, Long Stay, Install, Outside, Conduct "
        "(only Plan Experiments = 2 is printed in the rulebook)",
        assumption=True,
        item_min=1,
        item_max=5,
    ),
    # shuttles
    Option(
        "shuttle_copies",
        (3, 3, 2, 2, 2),
        "cards of Soyuz, Progress, Endeavour, Atlantis, Discovery (6 Russian and 6 US cards)",
        assumption=True,
        item_min=0,
        item_max=12,
    ),
    Option(
        "shuttle_seats",
        (3, 0, 4, 4, 4),
        "astronaut seats of Soyuz, Progress, Endeavour, Atlantis, Discovery",
        assumption=True,
        item_min=0,
        item_max=8,
    ),
    Option(
        "shuttle_materials",
        (0, 1, 1, 1, 1),
        "1 if the shuttle type carries materials (the Soyuz does not, Launch example)",
        assumption=True,
        item_min=0,
        item_max=1,
    ),
    Option(
        "shuttle_modules",
        (0, 1, 1, 1, 1),
        "1 if the shuttle type brings a new module (a Progress does, Extra action example)",
        assumption=True,
        item_min=0,
        item_max=1,
    ),
    Option(
        "shuttle_replacement",
        (1, 0, 0, 0, 0),
        "1 if the shuttle type shows the astronaut replacement icon",
        assumption=True,
        item_min=0,
        item_max=1,
    ),
    Option(
        "countdown_start",
        ((5, 4, 5, 6, 6), (7, 6, 7, 8, 9)),
        "countdown start space of S, P, E, A, D on the launch pads: the 1-2 player side, then the "
        "3-4 player side (solo uses the first)",
        assumption=True,
        max_len=2,
        min_len=2,
    ),
    # modules and compartments
    Option(
        "initial_modules",
        DEFAULT_INITIAL_MODULES,
        "the central piece (with the Unity area) and the three initial modules: "
        + _MODULE_ROWS
        + "; the second row starts covered",
        assumption=True,
        min_len=4,
        max_len=4,
    ),
    Option(
        "module_deck",
        DEFAULT_MODULES,
        "the module cards, numbered in this order: " + _MODULE_ROWS,
        assumption=True,
        min_len=4,
        max_len=30,
    ),
    Option("installation_tokens", 18, "installation tokens in the game", min=2, max=60),
    # experiments
    Option(
        "experiment_deck",
        DEFAULT_EXPERIMENTS,
        "experiment cards: rows (name, level 1-3, points, ISS materials, external materials, "
        "(compartment types...), 'long' or 'short' task); ANY is the '?' compartment",
        assumption=True,
        min_len=3,
        max_len=60,
    ),
    Option("hand_limit", 4, "most experiment cards in hand (Plan Experiments)", min=1, max=10),
    # tracks and pieces
    Option("astronauts", 5, "astronauts per player", min=1, max=8),
    Option("action_cubes", 8, "action cubes per player", min=3, max=16),
    Option(
        "material_tokens", 9, "material tokens per player (each counts 1 or, turned over, 2)", min=1, max=20
    ),
    Option("max_iss_material", 8, "top of the ISS material track (Launch step 3)", min=1, max=20),
    Option("max_external", 10, "top of the external material track", assumption=True, min=1, max=30),
    Option(
        "long_stay_points",
        (0, 1, 3, 5, 7, 10, 13, 16, 20),
        "points of each level of the long-stay track, level 0 first",
        assumption=True,
        min_len=2,
        max_len=20,
        item_min=0,
        item_max=100,
    ),
    Option("start_iss_material", 2, "ISS material of each player at the start (Setup 12b)", min=0, max=20),
    Option("start_player_iss_material", 1, "ISS material of the start player (Setup 12b)", min=0, max=20),
    Option("start_external", 1, "external material at the start (Setup 12c)", min=0, max=30),
    # scoring
    Option("installation_points", 2, "points per installation token", min=0, max=20),
    Option("goal_points", 5, "points per goal card", min=0, max=50),
    Option(
        "shuttle_set_points",
        (2, 3, 5, 8, 12),
        "points for 1, 2, 3, 4, 5 different shuttle types",
        min_len=5,
        max_len=5,
        item_min=0,
        item_max=100,
    ),
    Option("unplayed_penalty", 1, "points lost per experiment card left in hand", min=0, max=20),
    Option("goals_in_play", 4, "goal cards drawn for the game (Setup 9)", min=0, max=10),
    # readings
    Option(
        "goal_windows",
        "action_and_end",
        "when a goal may be claimed (once per turn): after the action's module preparation and at "
        "the end of the turn, or only at the end (reading 9)",
        choices=("action_and_end", "end"),
    ),
    Option(
        "final_round_construct",
        True,
        "Construct Modules still places its two cubes in the final round (reading 12)",
    ),
    # solo
    Option(
        "fedor_deck",
        DEFAULT_FEDOR_DECK,
        "FEDOR cards: rows (action, back) with action long_stay, install, outside, conduct or "
        "reshuffle, back RU or US",
        assumption=True,
        min_len=2,
        max_len=30,
    ),
    Option("fedor_astronauts", 4, "astronauts FEDOR plays with (Solo setup)", min=1, max=8),
    Option("fedor_iss_material", 6, "FEDOR's ISS material at the start", min=0, max=20),
    Option("fedor_external", 2, "FEDOR's external material at the start", min=0, max=30),
    Option("fedor_cargo", 3, "materials FEDOR puts on each new non-Soyuz shuttle", min=0, max=10),
    Option("fedor_tries", 3, "experiment cards FEDOR flips before it gives up an action", min=1, max=10),
    Option(
        "fedor_install_limit",
        0,
        "most installation tokens FEDOR takes in one Install action: 0 for one per astronaut it "
        "has on the station, without limit (the Solo rule); 2 caps it like a player's Install (reading 17)",
        min=0,
        max=8,
    ),
    Option(
        "fedor_recall_long_stays",
        True,
        "FEDOR's turn starts by bringing all its astronauts back to Unity, long stays included (the "
        "Solo rule); False is a variant, not a reading: its long stays stay until a replacement, "
        "like a player's (a much weaker FEDOR)",
    ),
    Option(
        "fedor_outside_max",
        3,
        "most ISS materials FEDOR converts in one Outside Jobs action (it converts as many as it "
        "has, up to this; 3 is a player's limit, reading 17)",
        min=1,
        max=20,
    ),
    Option(
        "fedor_reshuffle_returns",
        True,
        "the reshuffle card goes back into the new FEDOR deck with the discards (reading 19)",
    ),
)
