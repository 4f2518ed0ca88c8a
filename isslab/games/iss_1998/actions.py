"""The actions of 1998 ISS: small NamedTuples of ints, strings, bools, tuples; a readable ``str``.

Player actions carry the acting seat, and name what they touch (shuttles, modules, compartments,
cards) by their names, so a history reads on its own and ``str(action)`` needs no game. A
compartment is named by its module and type (``"Zvezda COM"``; numbered when a module has two of a
type, ``"Quest EVA2"``), the Unity common area ``"Unity"``. A card action is two actions:
:class:`Place` puts the cube on a card (or, with ``extra``, takes it back from the card's
extra-action space in turn step 2: no cube then goes to a module and nothing is counted down),
then the card's own action says how it is done (:class:`Train` ... :class:`Conduct`).

Chance outcomes: :class:`StartPlayer`, :class:`ColumnOrder`, :class:`ModuleDraw`,
:class:`ShuttleDraw`, :class:`GoalDraw`, :class:`ExperimentDraw`, :class:`FedorTop`,
:class:`FedorExperiment`. Two actions hide something from the other seats and have
``masked_text()``: an :class:`ExperimentDraw` (the level, not the card) and a :class:`Keep` (the
levels kept and returned, not the cards); :class:`FedorTop` shows only the back of the card.
Every class is an :func:`isslab.core.action_type`: actions of two types never compare equal.
"""

from __future__ import annotations

from typing import NamedTuple

from isslab.core import action_type
from isslab.games.iss_1998.components import LEVEL_NAMES, SEAT_NAMES
from isslab.games.kit import a_or_an

__all__ = [
    "ACTION_TYPES",
    "CARD_ACTIONS",
    "CHANCE_ACTIONS",
    "Cargo",
    "Claim",
    "ColumnOrder",
    "Conduct",
    "Construct",
    "Countdown",
    "ExperimentDraw",
    "FedorExperiment",
    "FedorToken",
    "FedorTop",
    "GoalDraw",
    "Install",
    "Keep",
    "Load",
    "LongStay",
    "ModuleDraw",
    "NoAction",
    "NoClaim",
    "OutsideJobs",
    "Place",
    "PlaceExtra",
    "Plan",
    "Retrieve",
    "ShuttleDraw",
    "SkipExtra",
    "StartPlayer",
    "Train",
    "level_text",
]


def _who(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def level_text(level: int) -> str:
    """``"basic"``, ``"medium"`` or ``"advanced"`` for level 1, 2, 3."""
    return LEVEL_NAMES[level - 1] if 1 <= level <= len(LEVEL_NAMES) else f"level {level}"


def _from(sources: tuple[str, ...]) -> str:
    """Where astronauts come from, briefly: ``"from Unity"``, ``"from Unity, Zvezda COM"``."""
    return "from " + ", ".join(sources)


def _cards(names: tuple[str, ...]) -> str:
    return ", ".join(names) if names else "nothing"


# --- chance ---------------------------------------------------------------------------------------


@action_type
class StartPlayer(NamedTuple):
    """Chance: the start player (Setup 11)."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} takes the start player card"


@action_type
class ColumnOrder(NamedTuple):
    """Chance: the action cards of one column, top to bottom (Setup 2)."""

    column: str
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.column} column: {', '.join(self.cards)}"


@action_type
class ModuleDraw(NamedTuple):
    """Chance: a module card is drawn into the column (Setup 4, Launch step 4)."""

    module: str

    def __str__(self) -> str:
        return f"module {self.module} joins the column"


@action_type
class ShuttleDraw(NamedTuple):
    """Chance: a shuttle card goes onto its launch pad (Setup 7, Launch step 6)."""

    shuttle: str

    def __str__(self) -> str:
        return f"{a_or_an(self.shuttle)} goes onto the launch pad"


@action_type
class GoalDraw(NamedTuple):
    """Chance: the goal cards of the game (Setup 9)."""

    goals: tuple[str, ...]

    def __str__(self) -> str:
        return f"goals: {', '.join(self.goals) if self.goals else 'none'}"


@action_type
class ExperimentDraw(NamedTuple):
    """Chance: ``seat`` draws an experiment card of ``level`` (Setup 10, Plan Experiments)."""

    seat: int
    level: int
    card: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} draws experiment {self.card} ({level_text(self.level)})"

    def masked_text(self) -> str:
        """The draw as the other seats know it: the deck, not the card."""
        return f"{_who(self.seat)} draws {a_or_an(level_text(self.level))} experiment card"


@action_type
class FedorTop(NamedTuple):
    """Chance: the new top card of the FEDOR deck; everybody sees its back (Solo mode)."""

    number: int
    card: str
    back: str

    def __str__(self) -> str:
        return f"the next FEDOR card is {self.card}"

    def masked_text(self) -> str:
        """What the player sees: the back only."""
        return f"the next FEDOR card shows {a_or_an(self.back)} back"


@action_type
class FedorExperiment(NamedTuple):
    """Chance: FEDOR flips an experiment card of ``level`` (Solo mode, Conduct experiments)."""

    level: int
    card: str

    def __str__(self) -> str:
        return f"FEDOR flips experiment {self.card} ({level_text(self.level)})"


# --- the turn ---------------------------------------------------------------------------------------


@action_type
class Cargo(NamedTuple):
    """Turn step 1: with both shuttles empty, put a material from the reserve on ``shuttle``."""

    seat: int
    shuttle: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} puts a material on the {self.shuttle} (cargo check)"


@action_type
class SkipExtra(NamedTuple):
    """Turn step 2: do not use an extra action this turn."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} keeps its extra-action cube"


@action_type
class Retrieve(NamedTuple):
    """Take back one of one's cubes from a module or an extra-action space (``source``)."""

    seat: int
    source: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} takes back a cube from {self.source}"


@action_type
class NoAction(NamedTuple):
    """Turn step 3 when no action card can be performed at all (reading 11)."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} can perform no action"


@action_type
class Place(NamedTuple):
    """Turn step 3 (or 2, ``extra``): a cube onto the action card ``card`` (or back from its extra space)."""

    seat: int
    card: str
    extra: bool

    def __str__(self) -> str:
        if self.extra:
            return f"{_who(self.seat)} uses the extra action of {self.card}"
        return f"{_who(self.seat)} places a cube on {self.card}"


@action_type
class Train(NamedTuple):
    """Train Astronauts: an astronaut onto ``shuttle``."""

    seat: int
    shuttle: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} trains an astronaut for the {self.shuttle}"


@action_type
class Load(NamedTuple):
    """Load Material: two materials split over the shuttles (``amounts`` per pad, Russian first)."""

    seat: int
    amounts: tuple[int, int]
    shuttles: tuple[str, str]

    def __str__(self) -> str:
        parts = [f"{k} on the {s}" for k, s in zip(self.amounts, self.shuttles, strict=True) if k]
        return f"{_who(self.seat)} loads {' and '.join(parts)}"


@action_type
class Construct(NamedTuple):
    """Construct Modules: two cubes on the modules ``first`` and ``second`` (may be the same)."""

    seat: int
    first: str
    second: str

    def __str__(self) -> str:
        where = f"2 cubes on {self.first}" if self.first == self.second else f"{self.first} and {self.second}"
        return f"{_who(self.seat)} constructs: {where}"


@action_type
class Plan(NamedTuple):
    """Plan Experiments: draw one card from each deck of ``levels`` (two different decks)."""

    seat: int
    levels: tuple[int, ...]

    def __str__(self) -> str:
        decks = " and ".join(level_text(v) for v in self.levels)
        return f"{_who(self.seat)} plans experiments from the {decks} decks"


@action_type
class Keep(NamedTuple):
    """Plan Experiments: keep ``kept`` and put ``returned`` under their decks (``*_levels`` align)."""

    seat: int
    kept: tuple[str, ...]
    kept_levels: tuple[int, ...]
    returned: tuple[str, ...]
    returned_levels: tuple[int, ...]

    def __str__(self) -> str:
        text = f"{_who(self.seat)} keeps {_cards(self.kept)}"
        return text + (f" and returns {_cards(self.returned)}" if self.returned else "")

    def masked_text(self) -> str:
        """What the other seats see: how many cards of which decks are kept and returned."""

        def levels(ls: tuple[int, ...]) -> str:
            """The decks of ``ls`` in words."""
            return " and ".join(f"{a_or_an(level_text(v))} card" for v in ls) if ls else "nothing"

        text = f"{_who(self.seat)} keeps {levels(self.kept_levels)}"
        if self.returned_levels:
            text += f" and returns {levels(self.returned_levels)} under its deck"
        return text


@action_type
class LongStay(NamedTuple):
    """Long Stay: an astronaut from ``source`` to the free long-stay compartment ``target``."""

    seat: int
    source: str
    target: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} starts a long stay in {self.target} ({_from((self.source,))})"


@action_type
class Install(NamedTuple):
    """Install Compartments: astronauts from ``sources`` remove the tokens of ``targets``."""

    seat: int
    sources: tuple[str, ...]
    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{_who(self.seat)} installs {', '.join(self.targets)} ({_from(self.sources)})"


@action_type
class OutsideJobs(NamedTuple):
    """Outside Jobs: an astronaut from ``source`` to the crane ``target``; convert ``amount`` materials."""

    seat: int
    source: str
    target: str
    amount: int

    def __str__(self) -> str:
        where = self.target if self.source == self.target else f"{self.target} (from {self.source})"
        return f"{_who(self.seat)} works outside on {where}: {self.amount} ISS to external"


@action_type
class Conduct(NamedTuple):
    """Conduct Experiments: reveal ``card``; the astronaut from ``sources[i]`` serves ``targets[i]``."""

    seat: int
    card: str
    sources: tuple[str, ...]
    targets: tuple[str, ...]

    def __str__(self) -> str:
        parts = []
        for s, t in zip(self.sources, self.targets, strict=True):
            parts.append(t if s == "Unity" else f"{t} (in place)" if s == t else f"{t} (from {s})")
        return f"{_who(self.seat)} conducts {self.card}: {', '.join(parts)}"


@action_type
class Claim(NamedTuple):
    """Goals: take the goal card ``goal``."""

    seat: int
    goal: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} claims the goal {self.goal}"


@action_type
class NoClaim(NamedTuple):
    """Goals: claim nothing now."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} claims no goal"


@action_type
class Countdown(NamedTuple):
    """Turn step 5: count the pad of ``shuttle`` down by ``steps``."""

    seat: int
    shuttle: str
    steps: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} counts the {self.shuttle} down by {self.steps}"


@action_type
class PlaceExtra(NamedTuple):
    """Extra Action: a cube onto the extra-action space of the card ``card``."""

    seat: int
    card: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} places an extra-action cube on {self.card}"


@action_type
class FedorToken(NamedTuple):
    """Solo: the player chooses the installation token FEDOR takes (``compartment``)."""

    seat: int
    compartment: str

    def __str__(self) -> str:
        return f"{_who(self.seat)} gives FEDOR the token of {self.compartment}"


#: the action types of the eight action cards, in card order
CARD_ACTIONS: tuple[type, ...] = (Train, Load, Construct, Plan, LongStay, Install, OutsideJobs, Conduct)

#: the outcomes of chance nodes (the setup's draws, FEDOR's cards)
CHANCE_ACTIONS: tuple[type, ...] = (
    StartPlayer,
    ColumnOrder,
    ModuleDraw,
    ShuttleDraw,
    GoalDraw,
    ExperimentDraw,
    FedorTop,
    FedorExperiment,
)

#: every action class, for JSON decoding (``Game.ACTION_TYPES``)
ACTION_TYPES: tuple[type, ...] = (
    *CHANCE_ACTIONS,
    Cargo,
    SkipExtra,
    Retrieve,
    NoAction,
    Place,
    *CARD_ACTIONS,
    Keep,
    Claim,
    NoClaim,
    Countdown,
    PlaceExtra,
    FedorToken,
)
