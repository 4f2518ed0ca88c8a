"""The judge of a review: which moves to compare at a decision, the verdict, the best line, hints.

A valuation that is cheap (the model) values every legal move. An expensive one (rollouts) compares
a few **candidates**, as GNU Backgammon's move filters do:

* the move played;
* the moves of the **advisers**: the bots of the line-up (``random`` excepted: its move is a draw,
  not an opinion), the game's default bot and any others named (the expert, when it lands);
* the first pass's two best moves: the fitted model's values of every legal move (one step ahead,
  unaveraged), when a model of the table is at hand.

The judge compares them only where it matters: where the first pass would label the move played (it
loses at least an inaccuracy by the model) or an adviser would have played another move. Elsewhere
the move played stands, with no loss. Since the advisers' moves are among the candidates and the
valuation plays the line-up from each, the judge's choice is one step of policy improvement over
the line-up: it plays at least as well as the best bot at the table, noise aside, and the
verdict's standard error says how much noise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from isslab.analysis.ratings import RATINGS
from isslab.analysis.valuation import Estimate, ModelValuation, Valuation, _mix, _StepRandom, paired_se
from isslab.core import CHANCE, TERMINAL, Action, Bot, Game, State, bot

__all__ = [
    "FIRST_PASS_TOP",
    "LINE_PLIES",
    "MAX_CANDIDATES",
    "SWITCH",
    "UNCLEAR",
    "Judge",
    "Verdict",
    "advisers_of",
]

#: the first pass's best moves that become candidates
FIRST_PASS_TOP: Final = 2
#: the most moves compared at one decision
MAX_CANDIDATES: Final = 5
#: the moves of a best line at most (it stops at a chance node or the end)
LINE_PLIES: Final = 4
#: a candidate is better than the move played only by this many standard errors of their difference
SWITCH: Final = 2.0
#: gains between these many standard errors are measured again with more rollouts (if offered)
UNCLEAR: Final = (1.0, 3.0)
#: bots whose moves are no opinion (never advisers)
NO_OPINION: Final = frozenset({"random"})


def advisers_of(game: Game, lineup: Sequence[str], extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The advisers' names: the line-up's bots but ``random``, the game's default bot, and ``extra``."""
    out: list[str] = []
    for name in (*lineup, game.info.default_bot, *extra):
        if name not in NO_OPINION and name not in out and not name.endswith("(a callable)"):
            out.append(name)
    return tuple(out)


@dataclass(frozen=True)
class Verdict:
    """The judge's word on one decision: the moves compared, their values, the best and the loss."""

    candidates: tuple[Action, ...]
    #: every seat's value after each candidate, as the decider may know it
    estimates: tuple[Estimate, ...]
    played: int
    best: int
    #: the best candidate's value minus the move played's, for the decider (0 if it was the best)
    loss: float
    loss_se: float
    #: False where nothing needed comparing (the move played stands)
    examined: bool


class Judge:
    """Candidates, verdicts and best lines with one valuation (module docstring)."""

    def __init__(
        self,
        game: Game,
        valuation: Valuation,
        first_pass: ModelValuation | None,
        advisers: Sequence[str],
        span: float,
        seed: int = 0,
        top: int = FIRST_PASS_TOP,
    ) -> None:
        self.game = game
        #: the first pass's best moves that become candidates
        self.top = top
        self.valuation = valuation
        self.first_pass = first_pass
        self.adviser_names = tuple(advisers)
        self.advisers: list[Bot] = [bot(game.id, name) for name in advisers]
        self.span = span
        self.seed = seed
        self._rng = _StepRandom()
        self._drawn: dict[tuple[State, int], State] = {}

    def describe(self) -> str:
        """How candidates are chosen, in words."""
        if self.valuation.cheap:
            return "every legal move"
        parts = []
        if self.first_pass is not None:
            parts.append("the fitted model's best two (a first pass)")
        if self.adviser_names:
            parts.append("the moves of " + ", ".join(self.adviser_names))
        return "the move played, " + " and ".join(parts) if parts else "the move played"

    def _asked(self, state: State, view: int | None) -> State:
        """Where the advisers are asked: the position, or one drawn from what ``view`` may know."""
        if view is None or not self.game.info.hidden_information:
            return state
        key = (state, view)
        got = self._drawn.get(key)
        if got is None:
            got = self._drawn[key] = state.resample_hidden(view, random.Random(_mix(self.seed, 7 + view)))
        return got

    def advice(self, state: State, view: int | None) -> list[Action]:
        """The advisers' moves at ``state`` (asked where ``view``'s knowledge allows), resolved."""
        asked = self._asked(state, view)
        out = []
        for fn in self.advisers:
            self._rng.at(_mix(self.seed, asked.move_number))
            out.append(state.resolve(fn(asked, self._rng)))
        return out

    def candidates(self, state: State, played: Action | None, view: int | None) -> tuple[list[Action], bool]:
        """The moves to compare at ``state`` and whether they need comparing (module docstring)."""
        legal = state.legal_actions()
        if self.valuation.cheap:
            return legal, len(legal) > 1
        mover = state.current_player
        found: list[Action] = [] if played is None else [played]
        advice = self.advice(state, view)
        needed = any(a != played for a in advice)
        found += advice
        if self.first_pass is not None:
            scores = self.first_pass.first_pass(state, legal, mover)
            order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
            top = [legal[i] for i in order[: self.top]]
            if played is not None:
                gap = max(scores) - scores[legal.index(played)]
                needed = needed or gap / self.span >= RATINGS[-1][1] - 1e-12
            found += top
        unique: list[Action] = []
        for a in found:
            if a not in unique:
                unique.append(a)
        unique = unique[: MAX_CANDIDATES + max(0, self.top - FIRST_PASS_TOP)]
        return unique, needed and len(unique) > 1

    def examine(self, state: State, played: Action, view: int | None) -> Verdict:
        """The verdict on ``played`` at ``state``, the moves valued as ``view`` may know them."""
        mover = state.current_player
        cands, needed = self.candidates(state, played, view)
        if not needed:
            return Verdict((played,), (), 0, 0, 0.0, 0.0, False)
        i = cands.index(played)
        ests = self.valuation.compare(state, cands, view)
        if self.valuation.refinable and not self._clear(ests, i, mover):
            ests = self.valuation.compare(state, cands, view, precise=True)
        best, loss, se = self._loss(ests, i, mover)
        return Verdict(tuple(cands), tuple(ests), i, best, loss, se, True)

    @staticmethod
    def _gaps(ests: Sequence[Estimate], played: int, mover: int) -> list[tuple[float, float]]:
        """Each candidate's gain over the move played and its standard error (paired rollouts)."""
        base = ests[played]
        return [
            (0.0, 0.0) if j == played else (e.mean[mover] - base.mean[mover], paired_se(e, base, mover))
            for j, e in enumerate(ests)
        ]

    @staticmethod
    def _z(gain: float, se: float) -> float:
        if se > 0:
            return gain / se
        return math.inf if gain > 0 else 0.0  # every rollout agreed

    def _loss(self, ests: Sequence[Estimate], played: int, mover: int) -> tuple[int, float, float]:
        """The best candidate, the loss of the move played against it, and the loss's standard error.

        A candidate counts as better only where it beats the move played by ``SWITCH`` standard
        errors of their paired difference (with rollouts; any gain with the model): noise at a small
        budget must not pass for a mistake. Without one, the move played is the best and the error
        given is that of the largest gain seen.
        """
        gaps = self._gaps(ests, played, mover)
        exact = all(math.isnan(e.se[mover]) for e in ests)  # the model: no error bars, every gain counts
        found = [j for j, (g, se) in enumerate(gaps) if g > 0 and (exact or self._z(g, se) > SWITCH)]
        if not found:
            top = max(range(len(gaps)), key=lambda j: (gaps[j][0], -j))
            return played, 0.0, 0.0 if exact else gaps[top][1]
        best = max(found, key=lambda j: (gaps[j][0], -j))
        return best, gaps[best][0], 0.0 if exact else gaps[best][1]

    def _clear(self, ests: Sequence[Estimate], played: int, mover: int) -> bool:
        """True when no candidate's gain is ambiguous (between ``UNCLEAR`` standard errors)."""
        lo, hi = UNCLEAR
        return all(not lo <= self._z(g, se) < hi for g, se in self._gaps(ests, played, mover))

    def best(self, state: State, view: int | None) -> tuple[list[Action], list[Estimate]]:
        """The candidates at ``state`` (no move played) with their values, best first for the mover."""
        mover = state.current_player
        cands, _ = self.candidates(state, None, view)
        if len(cands) == 1:
            return cands, []
        ests = self.valuation.compare(state, cands, view)
        order = sorted(range(len(cands)), key=lambda j: (-ests[j].mean[mover], j))
        return [cands[j] for j in order], [ests[j] for j in order]

    def line(self, start: State, seat: int | None, plies: int = LINE_PLIES) -> list[str]:
        """The judge's moves from ``start`` for up to ``plies`` decisions, as ``seat`` may know them.

        Each seat's move is judged from what it may know (``seat``: only that seat's view, for a
        review for one seat); the line stops at a chance node or the end.
        """
        hidden = self.game.info.hidden_information
        s = start
        out: list[str] = []
        for _ in range(plies):
            cp = s.current_player
            if cp in (CHANCE, TERMINAL):
                break
            view = seat if seat is not None else (cp if hidden else None)
            moves, _ = self.best(s, view)
            out.append(s.describe(moves[0], seat))
            s = s.apply(moves[0])
        if s.current_player == CHANCE and out:
            out.append("(then chance)")
        return out
