"""The per-step data of one game that the designer metrics need, and its reduction to per-game numbers.

A :class:`GameTrace` holds, for every step of a game, who acted (a seat, or chance) and how many
legal actions that seat was offered, and, for every *point* of the game (the start and the state
after each step, chance steps included), the seats' ``State.lead_scores()``. ``isslab.simulate``
with ``trace=True`` collects it while the game is played (one :class:`Tracer` per game, in the
worker) and keeps only the per-game numbers of :func:`summary`, so memory does not grow with the
length of games; :func:`trace` rebuilds the whole trace of any one game from its record.

Definitions used below: the **leaders** at a point are the seats with the highest lead score
(several on a tie). A game's **winners** are those of its record.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from isslab.core import CHANCE, Action, State
from isslab.play import GameRecord

__all__ = [
    "TRACE_COLUMNS",
    "GameTrace",
    "Tracer",
    "branching",
    "decision_moves",
    "decisiveness",
    "declares_lead",
    "drama",
    "first_mover",
    "lead_changes",
    "leaders",
    "summary",
    "trace",
]

#: the per-game columns ``simulate(..., trace=True)`` adds, in this order
TRACE_COLUMNS: Final = ("first_mover", "decision_moves", "branching", "lead_changes", "drama", "decisiveness")


def declares_lead(state: State) -> bool:
    """True if the game overrides ``State.standing`` (or ``lead_scores``): the default declares no lead."""
    kind = type(state)
    return kind.standing is not State.standing or kind.lead_scores is not State.lead_scores


@dataclass(frozen=True)
class GameTrace:
    """Per-step data of one game: actors and choices per step, lead scores per point, the winners."""

    #: the number of seats
    seats: int
    #: per step: the seat that acted, or ``CHANCE``
    actors: tuple[int, ...]
    #: per step: the number of legal actions the acting seat was offered (0 at chance steps)
    choices: tuple[int, ...]
    #: per point (the start, then after each step): ``lead_scores()``; None when the game declares none
    leads: tuple[tuple[float, ...], ...] | None
    #: the winning seats of the game (empty when nobody won)
    winners: tuple[int, ...]


class Tracer:
    """Collects a :class:`GameTrace` while ``isslab.play`` runs (as ``on_step``); then :meth:`finish`."""

    __slots__ = ("actors", "choices", "leads", "_last", "_lead")

    def __init__(self) -> None:
        self.actors: list[int] = []
        self.choices: list[int] = []
        self.leads: list[tuple[float, ...]] = []
        self._last: tuple[State, Action] | None = None
        self._lead: bool | None = None

    def __call__(self, state: State, action: Action) -> None:
        """Record the step ``action`` taken in ``state`` (``play``'s ``on_step``)."""
        cp = state.current_player
        self.actors.append(cp)
        if cp == CHANCE:
            self.choices.append(0)
        else:
            # the bot asked for the legal actions already: the state caches them (no copy needed)
            legal = state._legal
            self.choices.append(len(legal) if legal is not None else len(state.legal_actions()))
        if self._lead is None:
            self._lead = declares_lead(state)
        if self._lead:
            self.leads.append(state.lead_scores())
        self._last = (state, action)

    def finish(self, record: GameRecord) -> GameTrace:
        """The trace of the game ``record`` just played (the final point is one more ``apply``)."""
        seats = record.game.num_players
        leads: tuple[tuple[float, ...], ...] | None = None
        if self._last is not None:
            if self._lead:
                state, action = self._last
                leads = (*self.leads, state.apply(action).lead_scores())
        else:  # a game that was over before it began: one point, the start
            start = record.start if record.start is not None else record.game.new_state()
            leads = (start.lead_scores(),) if declares_lead(start) else None
        return GameTrace(seats, tuple(self.actors), tuple(self.choices), leads, tuple(record.winners))


def trace(record: GameRecord) -> GameTrace:
    """The whole per-step trace of a recorded game, rebuilt by replaying its actions."""
    tracer = Tracer()
    state = record.start if record.start is not None else record.game.new_state()
    for action in record.actions:
        state.legal_actions()  # what a bot would have asked: the count of choices comes from it
        nxt = state.apply(action)
        tracer(state, action)
        state = nxt
    return tracer.finish(record)


# --------------------------------------------------------------------------------------------------
# per-game numbers
# --------------------------------------------------------------------------------------------------


def leaders(scores: Sequence[float]) -> frozenset[int]:
    """The seats with the highest score (several on a tie)."""
    best = max(scores)
    return frozenset(s for s, v in enumerate(scores) if v == best)


def _mask(scores: Sequence[float]) -> int:
    """The leaders as a bit mask (bit s: seat s leads): the per-point work of the lead metrics."""
    best = max(scores)
    mask = 0
    for s, v in enumerate(scores):
        if v == best:
            mask |= 1 << s
    return mask


def _masks(t: GameTrace) -> list[int] | None:
    return None if t.leads is None else [_mask(scores) for scores in t.leads]


def _win_mask(t: GameTrace) -> int:
    return sum(1 << w for w in set(t.winners))


def first_mover(t: GameTrace) -> int:
    """The seat that made the game's first move (chance steps skipped); -1 if no seat moved."""
    return next((a for a in t.actors if a != CHANCE), -1)


def decision_moves(t: GameTrace) -> int:
    """The number of moves (steps of a seat, not chance) at which the seat had more than one legal action."""
    return sum(1 for a, c in zip(t.actors, t.choices, strict=True) if a != CHANCE and c > 1)


def branching(t: GameTrace) -> float:
    """The mean number of legal actions offered at the game's moves (NaN if no seat moved)."""
    offered = [c for a, c in zip(t.actors, t.choices, strict=True) if a != CHANCE]
    return sum(offered) / len(offered) if offered else math.nan


def lead_changes(t: GameTrace, masks: list[int] | None = None) -> float:
    """How many times the sole leader changed: a point led by one seat alone counts one change when
    the previous point led by one seat alone was led by another seat (ties neither count nor reset).
    NaN when the game declares no lead.
    """
    masks = _masks(t) if masks is None else masks
    if masks is None:
        return math.nan
    changes = 0
    last = 0
    for mask in masks:
        if mask & (mask - 1) == 0:  # one seat alone
            if last and mask != last:
                changes += 1
            last = mask
    return float(changes)


def _contested(t: GameTrace) -> bool:
    """True when the drama and decisiveness of the game are defined: a declared lead, some seat won,
    some seat lost."""
    return t.leads is not None and 0 < len(set(t.winners)) < t.seats


def drama(t: GameTrace, masks: list[int] | None = None) -> float:
    """The share of the game's points at which the eventual winner trailed: no winner among the leaders.

    Points are the start and the state after each step. NaN when the game declares no lead, or
    nobody won, or every seat won (nothing to trail).
    """
    if not _contested(t):
        return math.nan
    masks = _masks(t) if masks is None else masks
    assert masks is not None
    win = _win_mask(t)
    return sum(1 for mask in masks if not mask & win) / len(masks)


def decisiveness(t: GameTrace, masks: list[int] | None = None) -> float:
    """How early the winner was settled: ``1 - k / S``, where S is the number of steps and k the first
    point from which, at every later point, every leader is a winner (0: settled by the last step
    only; 1: from the start). NaN when the game declares no lead, nobody or everybody won, or there
    were no steps.
    """
    if not _contested(t) or len(t.actors) == 0:
        return math.nan
    masks = _masks(t) if masks is None else masks
    assert masks is not None
    lose = ~_win_mask(t)
    steps = len(masks) - 1
    k = len(masks)  # never settled: only a lead hook that disagrees with the winners does that
    for j in range(steps, -1, -1):
        if masks[j] & lose:
            break
        k = j
    return max(0.0, 1 - k / steps)


def summary(t: GameTrace) -> tuple[Any, ...]:
    """The per-game numbers of ``TRACE_COLUMNS``, in that order."""
    masks = _masks(t)  # the leaders of every point, found once for the three lead metrics
    return (
        first_mover(t),
        decision_moves(t),
        branching(t),
        lead_changes(t, masks),
        drama(t, masks),
        decisiveness(t, masks),
    )
