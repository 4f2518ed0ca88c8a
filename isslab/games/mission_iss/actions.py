"""The actions of Mission ISS: small NamedTuples of ints and strings with a readable ``str``.

Player actions carry the acting seat, so a history reads on its own. Chance outcomes are
:class:`DealMarkers`, :class:`DrawTile`, :class:`DrawIncident`, :class:`DrawMarker` and
:class:`SoloDeal`. Every class is an :func:`isslab.core.action_type`. Nothing in Mission ISS is
hidden from one player and shown to another (see the package docstring), so ``str(action)`` is
what every seat is told.

Codes: a seat is an index into ``SEAT_NAMES``; a field an index into ``FIELD_CODES`` (0-2 are
module A's fields, 3.. modules B..M); an astronaut is numbered from 0 (shown from 1); a card kind
is Move 0, Research 1, Assemble 2, Exercise 3, wild card 4; a colour is orange 0, blue 1, grey 2;
``via`` is a :class:`~.phases.Via` (what gives the command).
"""

from __future__ import annotations

from typing import NamedTuple

from isslab.core import action_type
from isslab.games.mission_iss.components import (
    BONUS_NAMES,
    CARD_NAMES,
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    SEAT_NAMES,
)
from isslab.games.mission_iss.phases import VIA_NAMES

__all__ = [
    "ACTION_TYPES",
    "Arrive",
    "Assemble",
    "DealMarkers",
    "Deploy",
    "DrawIncident",
    "DrawMarker",
    "DrawTile",
    "EndShift",
    "EndTurn",
    "Exercise",
    "Move",
    "Play",
    "Research",
    "ResearchOn",
    "ResearchStop",
    "Select",
    "Skip",
    "SoloDeal",
    "Train",
    "UseBonus",
    "cards_text",
    "field_name",
]

#: the incident card that does nothing
GOOD_JOB = "Good Job"


def field_name(field: int) -> str:
    """A field's name with its code: ``Destiny (E)``; module A's fields by name only."""
    if field < 3:
        return FIELD_NAMES[field]
    return f"{FIELD_NAMES[field]} ({FIELD_CODES[field]})"


#: card kinds as counted in text ("2 wild" cards)
_COUNTED = ("Move", "Research", "Assemble", "Exercise", "wild")


def cards_text(counts: tuple[int, ...]) -> str:
    """Card counts per kind as text: ``(2, 0, 1, 0)`` -> ``"2 Move, 1 Assemble"``."""
    parts = [f"{c} {_COUNTED[k]}" for k, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "none"


def _a(name: str) -> str:
    """``name`` with its indefinite article: "a Move", "an Assemble"."""
    return f"{'an' if name[0] in 'AEIOUaeiou' else 'a'} {name}"


def _who(seat: int) -> str:
    return SEAT_NAMES[seat]


def _astro(a: int) -> str:
    return f"astronaut {a + 1}"


# --- chance ---------------------------------------------------------------------------------------


@action_type
class DealMarkers(NamedTuple):
    """Chance, setup: the difficulty markers of one kind land on these module cards (Materials 5)."""

    value: int
    astronaut: bool
    modules: str

    def __str__(self) -> str:
        symbol = " with astronaut" if self.astronaut else ""
        return f"difficulty {self.value}{symbol} on module card{'s' if len(self.modules) > 1 else ''} " + (
            ", ".join(self.modules)
        )


@action_type
class DrawTile(NamedTuple):
    """Chance: the top research tile goes onto a field (Assemble step 4, incident cards, setup)."""

    tile: int
    field: int

    def __str__(self) -> str:
        return f"research tile #{self.tile} onto {field_name(self.field)}"


@action_type
class DrawIncident(NamedTuple):
    """Chance: an incident card is turned over; ``card`` is a module letter or ``"Good Job"``."""

    card: str

    def __str__(self) -> str:
        if self.card == GOOD_JOB:
            return "incident card: Good Job!"
        return f"incident card: module {self.card}"


@action_type
class DrawMarker(NamedTuple):
    """Chance: an incident marker of this value is drawn onto a module card (Assemble step 5)."""

    value: int
    module: int

    def __str__(self) -> str:
        return f"incident marker {self.value} onto module card {MODULES[self.module]}"


@action_type
class SoloDeal(NamedTuple):
    """Chance, single-player setup: the cards of the bottom and middle rows (the rest is the hand)."""

    bottom: tuple[int, ...]
    middle: tuple[int, ...]

    def __str__(self) -> str:
        return f"solo deal: bottom row {cards_text(self.bottom)}; middle row {cards_text(self.middle)}"


# --- a turn ---------------------------------------------------------------------------------------


@action_type
class Select(NamedTuple):
    """Pick one's own face-up card and a fellow player's (``partner``) or a wild card (partner -1)."""

    seat: int
    own: int
    partner: int
    kind: int

    def __str__(self) -> str:
        mine = f"{_who(self.seat)} picks {_a(CARD_NAMES[self.own])} card"
        if self.partner < 0:
            return f"{mine} and a wild card"
        return f"{mine} and {_who(self.partner)}'s {CARD_NAMES[self.kind]} card"


@action_type
class Play(NamedTuple):
    """Single player: a hand card on the top row over a middle-row card, or two hand cards."""

    seat: int
    top: int
    under: int
    from_hand: bool

    def __str__(self) -> str:
        if self.from_hand:
            return (
                f"{_who(self.seat)} plays {CARD_NAMES[self.top]} (top row) and "
                f"{CARD_NAMES[self.under]} (middle row) from the hand"
            )
        return (
            f"{_who(self.seat)} plays {CARD_NAMES[self.top]} from the hand over the middle row's "
            f"{CARD_NAMES[self.under]}"
        )


@action_type
class EndShift(NamedTuple):
    """End one's shift instead of giving commands (End your shift)."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} ends the shift"


@action_type
class EndTurn(NamedTuple):
    """Both commands given: end the turn without using another research bonus."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} ends the turn"


@action_type
class Move(NamedTuple):
    """Move command: an astronaut moves to a field within its movement points (Move)."""

    seat: int
    via: int
    astronaut: int
    dest: int

    def __str__(self) -> str:
        where = field_name(self.dest)
        return f"{_who(self.seat)}: {_astro(self.astronaut)} moves to {where} ({VIA_NAMES[self.via]})"


@action_type
class Research(NamedTuple):
    """Research command: an astronaut reduces a die of a research tile in its field (Research)."""

    seat: int
    via: int
    astronaut: int
    tile: int
    die: int

    def __str__(self) -> str:
        return (
            f"{_who(self.seat)}: {_astro(self.astronaut)} researches die {self.die + 1} of tile "
            f"#{self.tile} ({VIA_NAMES[self.via]})"
        )


@action_type
class ResearchOn(NamedTuple):
    """The research points left after clearing a die go to another die in the same field."""

    seat: int
    tile: int
    die: int

    def __str__(self) -> str:
        return f"{_who(self.seat)}: the points left go to die {self.die + 1} of tile #{self.tile}"


@action_type
class ResearchStop(NamedTuple):
    """The research points left after clearing a die are forfeited."""

    seat: int

    def __str__(self) -> str:
        return f"{_who(self.seat)}: the research points left are forfeited"


@action_type
class Assemble(NamedTuple):
    """Assemble command: an astronaut attaches a module to its field (Assemble)."""

    seat: int
    via: int
    astronaut: int
    module: int

    def __str__(self) -> str:
        return (
            f"{_who(self.seat)}: {_astro(self.astronaut)} attaches module {MODULES[self.module]} "
            f"({VIA_NAMES[self.via]})"
        )


@action_type
class Deploy(NamedTuple):
    """Assemble command used for a robonaut: from the Soyuz capsule (source -1) or from a field."""

    seat: int
    via: int
    astronaut: int
    source: int

    def __str__(self) -> str:
        where = "the Soyuz capsule" if self.source < 0 else field_name(self.source)
        return (
            f"{_who(self.seat)}: {_astro(self.astronaut)} deploys a robonaut from {where} "
            f"({VIA_NAMES[self.via]})"
        )


@action_type
class Exercise(NamedTuple):
    """Exercise command: take an exercise marker of a colour from the Soyuz capsule (Exercise)."""

    seat: int
    via: int
    colour: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} takes {_a(COLOURS[self.colour])} exercise marker ({VIA_NAMES[self.via]})"


@action_type
class Skip(NamedTuple):
    """Give up a command without executing it (commands may be left unexecuted)."""

    seat: int
    via: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} leaves the {VIA_NAMES[self.via]} unused"


@action_type
class UseBonus(NamedTuple):
    """Use the bonus of a completed research tile (``choice``: the card kind a recover takes, else -1)."""

    seat: int
    tile: int
    bonus: int
    choice: int

    def __str__(self) -> str:
        bonus = BONUS_NAMES[self.bonus].replace("_", " ")
        text = f"{_who(self.seat)} uses the bonus of tile #{self.tile} ({bonus})"
        if self.choice >= 0:
            text += f" on {_a(CARD_NAMES[self.choice])} card"
        return text


@action_type
class Arrive(NamedTuple):
    """A new astronaut comes from the Earth board to Rassvet (Assemble, step 2)."""

    seat: int
    astronaut: int

    def __str__(self) -> str:
        return f"{_who(self.seat)}: {_astro(self.astronaut)} arrives on Rassvet"


@action_type
class Train(NamedTuple):
    """End of a shift: an exercise marker raises one skill of an astronaut by one (step 2)."""

    seat: int
    colour: int
    astronaut: int

    def __str__(self) -> str:
        return f"{_who(self.seat)}'s {COLOURS[self.colour]} exercise marker trains {_astro(self.astronaut)}"


#: every action class, for JSON decoding (``Game.ACTION_TYPES``)
ACTION_TYPES: tuple[type, ...] = (
    DealMarkers,
    DrawTile,
    DrawIncident,
    DrawMarker,
    SoloDeal,
    Select,
    Play,
    EndShift,
    EndTurn,
    Move,
    Research,
    ResearchOn,
    ResearchStop,
    Assemble,
    Deploy,
    Exercise,
    Skip,
    UseBonus,
    Arrive,
    Train,
)
