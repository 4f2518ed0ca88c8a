"""1969 action numbers: the fixed numbering that PettingZoo and OpenSpiel see.

The core contract (``Game.num_distinct_actions``, ``max_chance_outcomes``, ``action_index``) asks
for a number per action that reads the action alone and never gives two legal actions of one state
the same number. The acting nation is the state's, so it takes no number; a ``Hire`` keeps the
sheet it goes on (a spy goes on a rival's). Player actions take consecutive blocks, in this order:

==================  =====================================================  ==========================
block               numbers                                                size
==================  =====================================================  ==========================
``SpendPrestige``   points                                                 most PP sold in a year + 1
``Discard``         value - 1                                              card values
``Hire``            (kind * 12 + box) * players + sheet                    5 * 12 * players
``BuyCards``        number - 1                                             ``hand_limit``
``EndPurchases``    0                                                      1
``Launch``          mission (the Moon last; its cost follows the state)    missions + 1
``Pass``            0                                                      1
``Reroll``          (red * (d + 1) + blue) * g + green                     (d + 1)^2 * g
``Commit``          the card counts as digits, value 1 first               see below
==================  =====================================================  ==========================

with ``d`` dice and ``g = d + 1`` when successes may be re-rolled (else 1). A ``Commit`` writes
its count of each value as a digit of base ``c_v + 1``, where ``c_v`` is the most cards of that value
a hand can hold (the deck's count, at most ``hand_limit`` when the limit binds after draws too).

Chance outcomes: ``FirstPlayer(seat)`` is ``seat``; ``DiceRoll(g, b, r)`` is ``g * (d + 1) + b``
(the node fixes how many dice roll, hence ``r``); ``CardDraw`` writes its counts as digits like a
``Commit``, each at most the most cards one draw takes (``hand_limit``, or an Intelligence box's
researchers, 5 at most).
"""

from __future__ import annotations

from functools import lru_cache
from math import prod
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.games.game_1969.actions import (
    BuyCards,
    CardDraw,
    Commit,
    DiceRoll,
    Discard,
    EndPurchases,
    FirstPlayer,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
)
from isslab.games.game_1969.components import BOX_INDEX, BOXES, KIND_INDEX, KINDS, MOST_RESEARCHERS

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import Game1969

__all__ = ["action_index", "max_chance_outcomes", "num_distinct_actions"]


class _Layout(NamedTuple):
    """Where each block of player actions starts, and the digit bases of card counts."""

    starts: dict[type, int]
    total: int
    dice: int
    green: int
    commit_bases: tuple[int, ...]
    draw_bases: tuple[int, ...]
    chance: int


@lru_cache(maxsize=64)
def _layout(game: Game1969) -> _Layout:
    """The blocks of one game's options, computed once."""
    t = game.tables
    n, d = t.n, t.dice
    deck = t.deck0
    limit = t.hand_limit
    hand_most = limit if t.hand_limit_after_draws else sum(deck)
    commit_bases = tuple(min(c, hand_most) + 1 for c in deck)
    draw_most = max(limit, MOST_RESEARCHERS)
    draw_bases = tuple(min(c, draw_most) + 1 for c in deck)
    green = d + 1 if t.reroll_successes else 1
    sizes = (
        (SpendPrestige, max(t.pp_limits, default=0) + 1),
        (Discard, len(deck)),
        (Hire, len(KINDS) * len(BOXES) * n),
        (BuyCards, limit),
        (EndPurchases, 1),
        (Launch, game.tables.moon + 1),
        (Pass, 1),
        (Reroll, (d + 1) * (d + 1) * green),
        (Commit, prod(commit_bases)),
    )
    starts: dict[type, int] = {}
    at = 0
    for kind, size in sizes:
        starts[kind] = at
        at += size
    chance = max(n, (d + 1) * (d + 1), prod(draw_bases))
    return _Layout(starts, at, d, green, commit_bases, draw_bases, chance)


def num_distinct_actions(game: Game1969) -> int:
    """The numbers of every block of player actions together."""
    return _layout(game).total


def max_chance_outcomes(game: Game1969) -> int:
    """The largest chance block: First Player, dice, or a card draw."""
    return _layout(game).chance


def _digits(cards: tuple[int, ...], bases: tuple[int, ...]) -> int:
    """Card counts as one number, value 1 the most significant digit; ValueError past a base."""
    if len(cards) != len(bases):
        raise ValueError("one count per card value")
    out = 0
    for c, b in zip(cards, bases, strict=True):
        if not 0 <= c < b:
            raise ValueError(f"{c} cards of one value, at most {b - 1}")
        out = out * b + c
    return out


def action_index(game: Game1969, action: Any) -> int:
    """The number of an action or chance outcome (see the module docstring)."""
    lay = _layout(game)
    kind = type(action)
    try:
        if kind is CardDraw:
            return _digits(action.cards, lay.draw_bases)
        if kind is DiceRoll:
            return int(action.green) * (lay.dice + 1) + int(action.blue)
        if kind is FirstPlayer:
            return int(action.seat)
        start = lay.starts[kind]
        if kind is Hire:
            local = (
                KIND_INDEX[action.kind] * len(BOXES) + BOX_INDEX[action.box]
            ) * game.tables.n + action.sheet
        elif kind is SpendPrestige:
            local = action.points
        elif kind is Discard or kind is BuyCards:
            local = (action.value if kind is Discard else action.number) - 1
        elif kind is Launch:
            local = action.mission
        elif kind is Reroll:
            local = (action.red * (lay.dice + 1) + action.blue) * lay.green + action.green
        elif kind is Commit:
            local = _digits(action.cards, lay.commit_bases)
        else:  # EndPurchases, Pass
            local = 0
        return start + int(local)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"no number for the 1969 action {action!r} in {game!r}: {exc}") from None
