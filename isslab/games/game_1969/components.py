"""Component data of 1969: nations, research boxes, scientists, the default board, and the options.

The rulebook prints no card, board or die values; what could be found in reviews is the default,
and every value that no public source confirms is an option marked ``assumption=True``, so a
better value can replace it. The options whose choices are rule readings have an enum here
(:class:`SpyPenalty`, :class:`IntelResolution`, :class:`FlagPenalty`); the option itself takes the
plain string, and the game keeps the enum member (``Game1969.spy_penalty`` ...).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from isslab.core import Option

__all__ = [
    "BOXES",
    "BOX_INDEX",
    "KIND_INDEX",
    "BOX_LABELS",
    "DEFAULT_MISSIONS",
    "DEFAULT_MOON_VALUES",
    "GROUND_CONTROL",
    "INSURANCE",
    "INTELLIGENCE",
    "INVESTORS",
    "KINDS",
    "MOST_RESEARCHERS",
    "NATIONS",
    "OPTIONS",
    "RESEARCHERS",
    "ROBOTICS",
    "SIMULATION",
    "SYMBOLS",
    "BASIC",
    "ROOKIE",
    "FAMOUS",
    "GENIUS",
    "SPY",
    "FlagPenalty",
    "IntelResolution",
    "SpyPenalty",
]

#: the five nations, one per seat in clockwise order
NATIONS: Final = ("USA", "USSR", "Canada", "France", "Germany")

#: the twelve research boxes: six on the Ground Control sheet, then six on the Rocket sheet
BOXES: Final = (
    "intelligence",
    "robotics",
    "investors",
    "insurance",
    "simulation",
    "ground_control",
    "astronautics",
    "launchpad",
    "vector",
    "orbital",
    "lunar",
    "technology",
)
BOX_LABELS: Final = (
    "Intelligence",
    "Robotics",
    "Investors",
    "Insurance",
    "Simulation",
    "Ground Control",
    "Astronautics",
    "Launchpad",
    "Vector Rocket",
    "Orbital Module",
    "Lunar Module",
    "Technology",
)
INTELLIGENCE, ROBOTICS, INVESTORS, INSURANCE, SIMULATION, GROUND_CONTROL = range(6)
#: the index of each research box in BOXES
BOX_INDEX: Final = {b: i for i, b in enumerate(BOXES)}
#: the six mission symbols are the Rocket-sheet boxes (indices 6..11)
SYMBOLS: Final = BOXES[6:]

#: scientist kinds, in the order of the cost and supply options
KINDS: Final = ("basic", "rookie", "famous", "genius", "spy")
BASIC, ROOKIE, FAMOUS, GENIUS, SPY = range(5)
#: the index of each kind in KINDS
KIND_INDEX: Final = {k: i for i, k in enumerate(KINDS)}
#: Researcher value of each kind ("Scientists"): basic 1, rookie 1, famous 1, genius 2, spy 0
RESEARCHERS: Final = (1, 1, 1, 2, 0)
#: the most researchers one box holds: two cubes (of two different kinds, §2.1) and a Bonus Token
MOST_RESEARCHERS: Final = sorted(RESEARCHERS)[-1] + sorted(RESEARCHERS)[-2] + 1

#: the default board, assumed (option ``missions``): rows of (name, symbols, cost in M, intelligence
#: cost, PP value of each space from the start space)
DEFAULT_MISSIONS: Final = (
    ("Satellite Launch", ("vector",), 3, 1, (0, 1, 2, 3, 5)),
    ("Launch Complex Test", ("launchpad",), 3, 1, (0, 1, 2, 3, 5)),
    ("Man in Orbit", ("astronautics",), 4, 1, (0, 1, 2, 3, 4, 5)),
    ("Lunar Probe", ("technology",), 4, 1, (0, 1, 2, 3, 4, 5)),
    ("Orbital Module Test", ("orbital",), 5, 2, (0, 0, 1, 1, 2, 3, 4, 5)),
    ("Lunar Module Test", ("lunar",), 5, 2, (0, 0, 1, 1, 2, 3, 4, 5)),
    ("Heavy Launcher", ("launchpad", "vector"), 6, 2, (0, 1, 2, 3, 4, 5, 6, 8, 10)),
    ("Spacewalk", ("astronautics", "orbital"), 7, 2, (0, 0, 1, 2, 3, 4, 5, 6, 8, 10)),
    ("Rendezvous & Docking", ("lunar", "technology"), 7, 2, (0, 0, 1, 1, 2, 3, 4, 5, 6, 8, 10)),
    (
        "Lunar Orbit",
        ("launchpad", "vector", "orbital"),
        9,
        3,
        (0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 15),
    ),
    (
        "Lunar Dress Rehearsal",
        ("astronautics", "lunar", "technology"),
        10,
        3,
        (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15),
    ),
)
#: the default Moon Mission track (20 spaces, start space first; assumed values)
DEFAULT_MOON_VALUES: Final = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 19, 22, 26, 30, 35)


class SpyPenalty(StrEnum):
    """Who loses a spy's end-of-game point (reading 1, option ``spy_penalty_to``)."""

    #: the nation that hired the spy
    HIRER = "hirer"
    #: the nation whose sheet the spy sits on
    SHEET_OWNER = "sheet_owner"


class IntelResolution(StrEnum):
    """How played Intelligence moves the rocket (reading 2, option ``intel_resolution``)."""

    #: down by the opponents' steps, then up by one's own, clamping after each
    DOWN_THEN_UP = "down_then_up"
    #: by the difference of the two, clamped once
    NET = "net"


class FlagPenalty(StrEnum):
    """Which flags reduce a mission's prestige (reading 3, option ``flag_penalty``)."""

    #: flags of previous rounds only
    PREVIOUS_ROUNDS = "previous_rounds"
    #: also the attempts made earlier in the same round
    ALL_ATTEMPTS = "all_attempts"


def _values(kind: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in kind)


OPTIONS: Final = (
    Option("players", 4, "number of nations (seats), 2 to 5", min=2, max=5),
    Option(
        "first_player",
        -1,
        "seat of the First Player; -1 chooses uniformly at random (Setting Up: a random tie-break)",
        min=-1,
        max=4,
    ),
    Option(
        "income",
        (12, 13, 14, 15, 16, 17, 18),
        "income in M for each year 1963..1969 (§1)",
        item_min=0,
        item_max=100,
    ),
    Option(
        "pp_limits",
        (1, 1, 2, 2, 3, 3, 4),
        "most Prestige Points a nation may sell each year 1963..1969 (§1 gives 1963-1965; the pattern of "
        "the later years is assumed)",
        item_min=0,
        item_max=20,
        assumption=True,
    ),
    Option("pp_money", 2, "M received for each Prestige Point sold (§1)", min=0, max=20),
    Option(
        "start_prestige", 2, "Prestige Points on the Scoring Track at the start (Setting Up)", min=0, max=50
    ),
    Option(
        "missions",
        DEFAULT_MISSIONS,
        "ordinary missions: rows (name, symbols, cost M, intelligence cost, PP of each space from the "
        "start space); the board's values are not published, these are assumed",
        min_len=1,
        max_len=20,
        assumption=True,
    ),
    Option("moon_cost", 15, "cost in M of the Moon Mission", min=0, max=100, assumption=True),
    Option("moon_ic", 3, "intelligence cost of the Moon Mission", min=1, max=10, assumption=True),
    Option(
        "moon_values",
        DEFAULT_MOON_VALUES,
        "PP of each space of the Moon Mission track, start space first",
        min_len=2,
        max_len=40,
        item_min=0,
        item_max=100,
        assumption=True,
    ),
    Option("dice", 5, "number of mission dice (§3.1)", min=1, max=10),
    Option(
        "die_faces",
        (3, 2, 1),
        "faces of one die: (success green, neutral blue, failure red); from a review",
        item_min=0,
        item_max=20,
        assumption=True,
    ),
    Option(
        "intel_deck",
        (13, 13, 13),
        "Intelligence deck: how many cards of value 1, 2, 3, ... (39 cards of values 1-3; the split is "
        "assumed)",
        min_len=1,
        max_len=4,
        item_min=0,
        item_max=60,
        assumption=True,
    ),
    Option("intel_cost", 2, "price in M of one Intelligence Card (§2.2)", min=1, max=20),
    Option("hand_limit", 6, "most Intelligence Cards in a hand (§2.2)", min=0, max=12),
    Option(
        "hand_limit_after_draws",
        True,
        "the hand limit also binds after the free Income draws: discard down to it (reading 5)",
        assumption=True,
    ),
    Option(
        "scientist_costs",
        (5, 3, 9, 11, 7),
        "cost in M of (basic, rookie, famous, genius, spy) (Scientists)",
        item_min=0,
        item_max=50,
    ),
    Option(
        "scientist_supply",
        (40, 10, 10, 10, 10),
        "cubes in the supply of (basic, rookie, famous, genius, spy) (Components)",
        item_min=0,
        item_max=60,
    ),
    Option(
        "end_bonus",
        (0, -2, 3, 0, -1),
        "end-of-game PP per cube of (basic, rookie, famous, genius, spy) (Scientists)",
        item_min=-10,
        item_max=10,
    ),
    Option(
        "spy_penalty_to",
        "hirer",
        "who loses the spy's end-of-game PP: the nation that hired it, or the owner of the sheet it sits "
        "on (reading 1)",
        choices=_values(SpyPenalty),
        assumption=True,
    ),
    Option(
        "spy_box_rule",
        True,
        "a spy obeys the 'two different types per box' rule of the box it enters (reading 6)",
        assumption=True,
    ),
    Option(
        "bonus_tokens", 10, "Bonus Tokens in the bank; none left means no token (reading 6)", min=0, max=60
    ),
    Option(
        "robotics_discount", 2, "M off the first scientist each round per Robotics researcher", min=0, max=20
    ),
    Option(
        "investors_discount", 2, "M off each mission (not the Moon) per Investors researcher", min=0, max=20
    ),
    Option(
        "insurance_pay",
        3,
        "M per Insurance researcher for each Failure after re-rolls (reading 8)",
        min=0,
        max=20,
        assumption=True,
    ),
    Option(
        "reroll_successes",
        False,
        "Simulation may also re-roll successes (its rule names no colour of die); off, "
        "only failures and neutrals are offered (reading 8: a success re-rolled only helps Insurance)",
        assumption=True,
    ),
    Option(
        "intel_resolution",
        "down_then_up",
        "how played Intelligence moves the rocket: down by the opponents' steps then up by one's own, "
        "clamping after each (reading 2), or 'net': the difference of the two, clamped once",
        choices=_values(IntelResolution),
        assumption=True,
    ),
    Option(
        "flag_penalty",
        "previous_rounds",
        "flags that reduce a mission's PP: those of previous rounds only, or also the attempts "
        "made earlier in the same round ('all_attempts') (reading 3)",
        choices=_values(FlagPenalty),
        assumption=True,
    ),
)
