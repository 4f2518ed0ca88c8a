"""Component data of Mission ISS: the station's fields, cards, tiles, markers, and the options.

The rulebook names the components but prints few of their values. What it states is a plain
default; every value that no public source confirms is an option marked ``assumption=True``, so a
better value can replace it and a designer can vary it. Rule readings with a plausible alternative
are options too (see the numbered readings of the package docstring).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from isslab.core import Option

__all__ = [
    "ASSEMBLE",
    "BONUS_NAMES",
    "CARD_NAMES",
    "COLOURS",
    "DEFAULT_RESEARCH_BONUSES",
    "DEFAULT_RESEARCH_DICE",
    "EXERCISE",
    "FIELD_CODES",
    "FIELD_NAMES",
    "GREY",
    "MAX_SKILL",
    "MODULES",
    "MOVE",
    "NUM_FIELDS",
    "OPTIONS",
    "ORANGE",
    "RESEARCH",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "SOLO_ROWS",
    "BLUE",
    "WILD",
    "Bonus",
]

#: the mission-control seats (players give orders to the crew from the ground)
SEAT_NAMES: Final = ("Houston", "Moscow", "Tsukuba", "Munich")
SEAT_COLOURS: Final = ("#1f5fbf", "#c62828", "#2e7d32", "#e07b00")

# --- the station ----------------------------------------------------------------------------------

#: the fields of the station: module A's three fields, then modules B..M (one field each)
FIELD_CODES: Final = ("T", "R", "S", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M")
#: names shown on boards: module A's three fields (Materials and Setup) and placeholder names for
#: the modules B..M, whose printed names are not known (cosmetic only)
FIELD_NAMES: Final = (
    "Tranquility",
    "Rassvet",
    "Soyuz-1",
    "Zarya",
    "Unity",
    "Zvezda",
    "Destiny",
    "Quest",
    "Pirs",
    "Harmony",
    "Columbus",
    "Kibo",
    "Poisk",
    "Cupola",
    "Leonardo",
)
NUM_FIELDS: Final = len(FIELD_CODES)
#: the module letters that are attached during the game (field index = 3 + module index)
MODULES: Final = FIELD_CODES[3:]
#: module A's fields lie in a line: Tranquility - Rassvet - Soyuz-1 (reading 1)
MODULE_A_LINKS: Final = ((0, 1), (1, 2))
TRANQUILITY, RASSVET, SOYUZ = 0, 1, 2

# --- command cards --------------------------------------------------------------------------------

#: card kinds; a module card used as a command wild card is ``WILD``
MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD = range(5)
CARD_NAMES: Final = ("Move", "Research", "Assemble", "Exercise", "wild card")
#: skill colours of the number disks and the exercise markers
ORANGE, BLUE, GREY = range(3)
COLOURS: Final = ("orange", "blue", "grey")
#: the highest value of a number disk (End your shift, step 2)
MAX_SKILL: Final = 4
#: single-player layout: cards in the bottom row and in the middle row at the start
SOLO_ROWS: Final = (4, 3)


class Bonus(IntEnum):
    """The kinds of research bonus (Research bonuses); the option ``research_bonuses`` names them."""

    NONE = 0
    BOOST_MOVE = 1
    BOOST_RESEARCH = 2
    BOOST_ASSEMBLE = 3
    EXTRA_MOVE = 4
    EXTRA_RESEARCH = 5
    FREE_ROBONAUT = 6
    FREE_EXERCISE = 7
    RECOVER = 8


#: the option spelling of each bonus, by ``Bonus`` value
BONUS_NAMES: Final = (
    "none",
    "boost_move",
    "boost_research",
    "boost_assemble",
    "extra_move",
    "extra_research",
    "free_robonaut",
    "free_exercise",
    "recover",
)

#: the dice fields of research tiles #1..#24 (assumed values)
DEFAULT_RESEARCH_DICE: Final = (
    (3,),
    (2,),
    (4,),
    (2, 2),
    (5,),
    (3, 2),
    (4,),
    (3, 3),
    (2,),
    (5,),
    (4, 2),
    (3,),
    (4,),
    (2, 3),
    (6,),
    (3,),
    (4, 3),
    (2,),
    (5, 2),
    (3,),
    (4, 4),
    (2, 4),
    (5,),
    (3, 3),
)
#: the bonus of research tiles #1..#24 (assumed, but #13 and #24 are the ones the solo rules change)
DEFAULT_RESEARCH_BONUSES: Final = (
    "none",
    "boost_move",
    "boost_research",
    "boost_assemble",
    "extra_move",
    "free_robonaut",
    "free_exercise",
    "none",
    "boost_move",
    "boost_research",
    "boost_assemble",
    "free_exercise",
    "recover",
    "extra_research",
    "none",
    "boost_move",
    "boost_research",
    "boost_assemble",
    "extra_move",
    "free_robonaut",
    "free_exercise",
    "extra_research",
    "none",
    "recover",
)

#: the Earth progress tracker: years of its spaces (a 12-space reading; 2003-2004 skipped)
DEFAULT_TRACK: Final = (1998, 1999, 2000, 2001, 2002, 2005, 2006, 2007, 2008, 2009, 2010, 2011)
#: the option value of the 14-space alternative: one space per year
TRACK_14: Final = tuple(range(1998, 2012))


def _seat_cards(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int, int, int], ...]:
    return tuple((r[0], r[1], r[2], r[3]) for r in rows)


OPTIONS: Final = (
    Option("players", 4, "number of players; 1 plays the single-player rules", min=1, max=4),
    Option(
        "good_job_cards",
        6,
        "Good Job cards shuffled into the incident pile: more is easier (Difficulty level; the box "
        "holds 8, an inference from the setup text)",
        min=0,
        max=8,
    ),
    Option(
        "track_years",
        DEFAULT_TRACK,
        "the years of the Earth progress tracker's spaces, start first, end (the game's last "
        "space) last; a 14-space track is range(1998, 2012)",
        min_len=3,
        max_len=20,
        item_min=1900,
        item_max=2100,
        assumption=True,
    ),
    Option(
        "incident_years",
        (2001, 2007),
        "tracker spaces with the incident symbol (all incident cards are reshuffled there)",
        min_len=0,
        max_len=10,
        item_min=1900,
        item_max=2100,
        assumption=True,
    ),
    Option(
        "milestones",
        ((2005, 6), (2009, 9)),
        "tracker spaces with the ISS symbol: rows (year, modules that must be attached by then); "
        "a review puts the second one at 2008",
        min_len=0,
        max_len=6,
        assumption=True,
    ),
    Option(
        "module_parents",
        ("T", "T", "R", "B", "C", "D", "C", "BE", "E", "F", "G", "H"),
        "for modules B..M, the fields each may be attached to (T, R, S: module A's Tranquility, "
        "Rassvet, Soyuz-1; several letters: any one of them)",
        assumption=True,
    ),
    Option(
        "difficulty_values",
        (2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5),
        "the twelve difficulty markers, one per module card, dealt at random",
        item_min=0,
        item_max=9,
        assumption=True,
    ),
    Option(
        "astronaut_markers",
        (3, 4, 5),
        "values of the difficulty markers that show an astronaut symbol (one marker per entry)",
        min_len=0,
        max_len=6,
        item_min=0,
        item_max=9,
        assumption=True,
    ),
    Option(
        "incident_markers",
        (1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3),
        "the values of the incident markers (one entry per marker)",
        min_len=1,
        max_len=40,
        item_min=1,
        item_max=5,
        assumption=True,
    ),
    Option(
        "incident_marker_cap",
        3,
        "most incident markers on one module card (Level of difficulty for assembling modules)",
        min=0,
        max=6,
    ),
    Option(
        "reshuffle_empty_incident_pile",
        True,
        "an empty incident pile is reshuffled at once from all incident cards (reading 10); "
        "False: a card that cannot be drawn has no effect",
        assumption=True,
    ),
    Option(
        "research_dice",
        DEFAULT_RESEARCH_DICE,
        "the dice fields of research tiles #1, #2, ...: one or two die values from 1 to 6 per tile",
        min_len=1,
        max_len=40,
        assumption=True,
    ),
    Option(
        "research_bonuses",
        DEFAULT_RESEARCH_BONUSES,
        "the bonus of each research tile: none, boost_move, boost_research, boost_assemble, "
        "extra_move, extra_research, free_robonaut, free_exercise, recover",
        min_len=1,
        max_len=40,
        assumption=True,
    ),
    Option(
        "setup_tile_fields",
        ("T", "R"),
        "the fields of module A that get a research tile at setup (from a review)",
        min_len=0,
        max_len=3,
        assumption=True,
    ),
    Option("blue_dice", 4, "blue research dice (Assemble, step 4)", min=1, max=10),
    Option("red_dice", 3, "red research dice (7 dice in all, from a review)", min=0, max=10, assumption=True),
    Option(
        "cards_2p",
        _seat_cards(((3, 1, 1, 1), (3, 1, 1, 1))),
        "command cards per seat at 2 players: rows of (Move, Research, Assemble, Exercise)",
        assumption=True,
    ),
    Option(
        "cards_3p",
        _seat_cards(((3, 1, 1, 1), (2, 2, 1, 1), (2, 1, 2, 1))),
        "command cards per seat at 3 players: rows of (Move, Research, Assemble, Exercise)",
        assumption=True,
    ),
    Option(
        "cards_4p",
        _seat_cards(((2, 1, 1, 1),) * 4),
        "command cards per seat at 4 players: rows of (Move, Research, Assemble, Exercise)",
        assumption=True,
    ),
    Option(
        "solo_cards",
        (5, 2, 2, 2),
        "the single-player command cards (Move, Research, Assemble, Exercise); at least 7",
        item_min=0,
        item_max=10,
    ),
    Option(
        "astronaut_skills",
        ((2, 1, 1), (1, 2, 1), (1, 1, 2), (2, 1, 1), (1, 2, 1), (1, 1, 2)),
        "each astronaut's starting (orange move, blue research, grey assemble) values, 1 to 4; "
        "the first ones start on Tranquility, the others wait on the Earth board",
        min_len=1,
        max_len=8,
        assumption=True,
    ),
    Option("starting_astronauts", 3, "astronauts on Tranquility at the start", min=1, max=8, assumption=True),
    Option("robonauts", 3, "robonauts in the Soyuz capsule at the start", min=0, max=6, assumption=True),
    Option(
        "exercise_markers",
        (3, 3, 3),
        "exercise markers in the Soyuz capsule: (orange, blue, grey)",
        item_min=0,
        item_max=9,
        assumption=True,
    ),
)
