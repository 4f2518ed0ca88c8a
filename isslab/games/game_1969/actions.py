"""The actions of 1969: small NamedTuples of ints, strings and tuples with a readable ``str``.

Player actions carry the acting seat so that a history reads on its own; chance outcomes are
:class:`FirstPlayer`, :class:`DiceRoll` and :class:`CardDraw`. Every class is an
:func:`isslab.core.action_type`, so ``Pass(0) != EndPurchases(0)`` although both are ``(0,)``.

``str(action)`` is the full text. The two actions with hidden values also have ``masked_text()``,
what the other nations may know of them (``Game1969.describe_action`` picks one or the other):
:class:`CardDraw` (how many cards, not their values) and :class:`Commit` (how many cards are played
face down). Card values are counts per value, value 1 first: ``(1, 2, 0)`` is a 1 and two 2s.
"""

from __future__ import annotations

from typing import NamedTuple

from isslab.core import action_type
from isslab.games.game_1969.components import BOX_LABELS, BOXES, NATIONS

__all__ = [
    "ACTION_TYPES",
    "BuyCards",
    "CardDraw",
    "Commit",
    "DiceRoll",
    "Discard",
    "EndPurchases",
    "FirstPlayer",
    "Hire",
    "Launch",
    "Pass",
    "Reroll",
    "SpendPrestige",
    "cards_text",
    "count_text",
]


def cards_text(cards: tuple[int, ...]) -> str:
    """Card counts per value (value 1 first) as text, e.g. ``(1, 2, 0)`` -> ``"1+2+2"``."""
    values = [str(v + 1) for v, c in enumerate(cards) for _ in range(c)]
    return "+".join(values) if values else "nothing"


def count_text(cards: tuple[int, ...]) -> str:
    """How many cards, as text: ``(1, 2, 0)`` -> ``"3 cards"``."""
    k = sum(cards)
    return f"{k} card{'' if k == 1 else 's'}"


def _box_label(box: str) -> str:
    return BOX_LABELS[BOXES.index(box)] if box in BOXES else box


@action_type
class FirstPlayer(NamedTuple):
    """Chance: the First Player is chosen at random (Setting Up)."""

    seat: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} is the First Player"


@action_type
class DiceRoll(NamedTuple):
    """Chance: the colours rolled by a throw of several mission dice (§3.1)."""

    green: int
    blue: int
    red: int

    def __str__(self) -> str:
        return f"roll: {self.green} success, {self.blue} neutral, {self.red} failure"


@action_type
class CardDraw(NamedTuple):
    """Chance: the values of Intelligence Cards drawn from the deck, as counts per value (§2.2)."""

    seat: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} draws {cards_text(self.cards)}"

    def masked_text(self) -> str:
        """The draw as the other nations know it: the number of cards, not their values (§2.2)."""
        return f"{NATIONS[self.seat]} draws {count_text(self.cards)}"


@action_type
class SpendPrestige(NamedTuple):
    """Income Phase: sell Prestige Points for money (§1)."""

    seat: int
    points: int

    def __str__(self) -> str:
        if not self.points:
            return f"{NATIONS[self.seat]} keeps its prestige"
        return f"{NATIONS[self.seat]} sells {self.points} PP"


@action_type
class Discard(NamedTuple):
    """Discard one Intelligence Card of a value from the hand (§2.2 hand limit)."""

    seat: int
    value: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} discards a {self.value}"


@action_type
class Hire(NamedTuple):
    """Purchase Phase: hire a scientist into a research box of ``sheet``'s sheets (§2.1)."""

    seat: int
    kind: str
    box: str
    sheet: int

    def __str__(self) -> str:
        where = _box_label(self.box)
        if self.sheet != self.seat:
            where = f"{NATIONS[self.sheet]}'s {where}"
        return f"{NATIONS[self.seat]} hires {self.kind} into {where}"


@action_type
class BuyCards(NamedTuple):
    """Purchase Phase: buy Intelligence Cards (§2.2)."""

    seat: int
    number: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} buys {self.number} intelligence card{'s' if self.number > 1 else ''}"


@action_type
class EndPurchases(NamedTuple):
    """Purchase Phase: stop buying."""

    seat: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} ends its purchases"


@action_type
class Launch(NamedTuple):
    """Mission Phase: launch a mission, paying its cost (§3)."""

    seat: int
    mission: int
    name: str
    cost: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} launches {self.name} (cost {self.cost})"


@action_type
class Pass(NamedTuple):
    """Mission Phase: launch nothing this round (§3)."""

    seat: int

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} launches no mission"


@action_type
class Reroll(NamedTuple):
    """Mission test: re-roll some dice with Simulation researchers (Research).

    ``green`` (successes) is 0 unless the option ``reroll_successes`` is on; the JSON form of a
    re-roll without successes keeps its three fields (:meth:`Game1969.encode_action`).
    """

    seat: int
    red: int
    blue: int
    green: int = 0

    def __str__(self) -> str:
        if not self.red and not self.blue and not self.green:
            return f"{NATIONS[self.seat]} keeps the dice"
        text = f"{NATIONS[self.seat]} re-rolls {self.red} failure and {self.blue} neutral"
        return f"{text} and {self.green} success" if self.green else text


@action_type
class Commit(NamedTuple):
    """Mission Phase: play Intelligence Cards face down on the current mission (§3.2)."""

    seat: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"{NATIONS[self.seat]} plays {cards_text(self.cards)} face down"

    def masked_text(self) -> str:
        """The play as the other nations see it: how many cards go face down, not which (§3.2)."""
        return f"{NATIONS[self.seat]} plays {count_text(self.cards)} face down"


#: every action class, for JSON decoding (``Game.ACTION_TYPES``)
ACTION_TYPES: tuple[type, ...] = (
    FirstPlayer,
    DiceRoll,
    CardDraw,
    SpendPrestige,
    Discard,
    Hire,
    BuyCards,
    EndPurchases,
    Launch,
    Pass,
    Reroll,
    Commit,
)
