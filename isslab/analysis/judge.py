"""The judge of a review: which moves to compare at a decision, the verdict, the best line, hints.

A valuation that is cheap (the model) values every legal move, and the best of them is the judge's
move. An expensive one (rollouts) compares a few **candidates**, as GNU Backgammon's move filters do:

* the move played;
* the moves of the **advisers**: the bots of the line-up (``random`` excepted: its move is a draw,
  not an opinion), the game's default bot and any others named (the expert, when it lands);
* the first pass's two best moves: the fitted model's values of every legal move (one step ahead,
  unaveraged), when a model of the table is at hand.

It compares them only where it matters: where the first pass would label the move played (it loses
at least an inaccuracy by the model) or an adviser would have played another move. Elsewhere the
move played stands, with no loss.

The judge's move is the **incumbent** (the move of the mover's bot in the valuation: the move whose
value the graph's value of the position is) unless another candidate beats it by more than
``SWITCH`` standard errors of their paired difference, as the expert switches moves: the largest of
several noisy values is no evidence (GNU Backgammon's and lichess's engines are deterministic; a
rollout judge at a few rollouts a move is not). The **loss** is the judge's move's value minus the
move played's, on the same rollouts, with the standard error of that paired difference: zero when
the move played is the judge's, and zero too when the judge's move does not beat it by more than
``SWITCH`` standard errors (the move played is then kept as the incumbent is, so that a seat whose
bot is not the valuation's is not charged the noise of the comparison). Where the choice or the
loss's rating is unclear, the candidates are measured again on four times the rollouts. Since the
advisers' moves are among the candidates and the valuation plays the line-up from each, the judge's
move is one step of policy improvement over the line-up: it plays at least as well as the best bot
at the table, noise aside.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from isslab.analysis.ratings import RATINGS, rate
from isslab.analysis.valuation import Estimate, ModelValuation, Valuation, _mix, _StepRandom, paired_se
from isslab.bots.mcts import SearchBot
from isslab.core import CHANCE, TERMINAL, Action, Bot, Game, State, bot

__all__ = [
    "ASKED",
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
#: how often an adviser is asked at a decision (its first random number spread: its tied moves)
ASKED: Final = 6
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
        fill: bool = False,
    ) -> None:
        self.game = game
        #: the first pass's best moves that become candidates
        self.top = top
        #: with no first pass, the legal moves in their order make up the candidates of a position
        #: with no move played to ``top`` (the hints of a table whose model is still being fitted)
        self.fill = fill
        self.valuation = valuation
        self.first_pass = first_pass
        self.adviser_names = tuple(advisers)
        self.advisers: list[Bot] = [bot(game.id, name) for name in advisers]
        self.span = span
        self.seed = seed
        self._rng = _StepRandom()
        self._drawn: dict[tuple[State, int], State] = {}
        # a bot may keep a plan between calls (Mission ISS's planner answers a second time otherwise):
        # the judge asks once per position and view, so that its candidates and incumbent agree
        self._answers: dict[tuple[State, int | None], list[list[Action]]] = {}

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

    def answers(self, state: State, view: int | None) -> list[list[Action]]:
        """Each adviser's moves at ``state`` when asked ``ASKED`` times, its first random number spread.

        A bot that breaks ties at random answers with its tied moves (up to ``ASKED`` of them, as
        ``exact_values.policy_distribution`` finds them): a move among them is the bot's own choice
        as much as the first answer (asked where ``view``'s knowledge allows).
        """
        known = self._answers.get((state, view))
        if known is not None:
            return known
        asked = self._asked(state, view)
        out: list[list[Action]] = []
        for fn in self.advisers:
            got: list[Action] = []
            # a search bot's answer is its search, not a tie broken at random: asked once
            for r in range(1 if isinstance(fn, SearchBot) else ASKED):
                self._rng.at(_mix(self.seed, asked.move_number), first=(r + 0.5) / ASKED)
                a = state.resolve(fn(asked, self._rng))
                if a not in got:
                    got.append(a)
            out.append(got)
        self._answers[(state, view)] = out
        return out

    def advice(self, state: State, view: int | None) -> list[Action]:
        """The advisers' moves at ``state`` (each one's first answer)."""
        return [moves[0] for moves in self.answers(state, view)]

    def candidates(self, state: State, played: Action | None, view: int | None) -> tuple[list[Action], bool]:
        """The moves to compare at ``state`` and whether they need comparing (module docstring)."""
        legal = state.legal_actions()
        if self.valuation.cheap:
            return legal, len(legal) > 1
        mover = state.current_player
        found: list[Action] = [] if played is None else [played]
        answers = self.answers(state, view)
        needed = any(played not in moves for moves in answers)
        found += [moves[0] for moves in answers]
        if self.first_pass is not None:
            scores = self.first_pass.first_pass(state, legal, mover)
            order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
            top = [legal[i] for i in order[: self.top]]
            if played is not None:
                gap = max(scores) - scores[legal.index(played)]
                needed = needed or gap / self.span >= RATINGS[-1][1] - 1e-12
            found += top
        elif self.fill and played is None:
            found += legal[: self.top]
        unique: list[Action] = []
        for a in found:
            if a not in unique:
                unique.append(a)
        unique = unique[: MAX_CANDIDATES + max(0, self.top - FIRST_PASS_TOP)]
        return unique, needed and len(unique) > 1

    def incumbent(self, state: State, view: int | None, played: Action | None = None) -> Action | None:
        """The move the judge keeps unless another beats it clearly: the mover's bot's in the valuation.

        That is the move whose value the graph's value of ``state`` is (the valuation's bot plays
        it; where that bot has no opinion, ``random``, the first adviser's); the move played where
        the bot would have played it too (one of its tied moves).
        """
        if not self.advisers:
            return None
        bots = getattr(self.valuation, "bots", ())
        mover = state.current_player
        name = bots[mover] if mover < len(bots) else ""
        moves = self.answers(state, view)[self.adviser_names.index(name) if name in self.adviser_names else 0]
        return played if played in moves else moves[0]

    def examine(self, state: State, played: Action, view: int | None) -> Verdict:
        """The verdict on ``played`` at ``state``, the moves valued as ``view`` may know them."""
        mover = state.current_player
        cands, needed = self.candidates(state, played, view)
        if not needed:
            return Verdict((played,), (), 0, 0, 0.0, 0.0, False)
        i = cands.index(played)
        inc = self.incumbent(state, view, played)
        if inc is not None and inc not in cands:  # cut by MAX_CANDIDATES: the incumbent is always weighed
            cands.append(inc)
        ref = cands.index(inc) if inc is not None and not self.valuation.cheap else i
        ests = self.valuation.compare(state, cands, view)
        if self.valuation.refinable and not self._clear(ests, ref, i, mover):
            ests = self.valuation.compare(state, cands, view, precise=True)
        best = self._choice(ests, ref, mover)
        gain, se = self._gaps(ests, i, mover)[best]
        if best != i and not self._beats(gain, se, ests, mover):
            # the move played is kept as the incumbent is: only a clear gap is a loss, else the noise
            # of a small budget is charged to whoever did not play the valuation's bot's move
            best, gain = i, 0.0
        return Verdict(tuple(cands), tuple(ests), i, best, max(0.0, gain), se, True)

    def _beats(self, gain: float, se: float, ests: Sequence[Estimate], mover: int) -> bool:
        """Whether a gain is clear: more than ``SWITCH`` standard errors (the model: any gain)."""
        exact = all(math.isnan(e.se[mover]) for e in ests)
        return gain > 0 and (exact or self._z(gain, se) > SWITCH)

    @staticmethod
    def _gaps(ests: Sequence[Estimate], base: int, mover: int) -> list[tuple[float, float]]:
        """Each candidate's gain over candidate ``base`` and its standard error (paired rollouts)."""
        b = ests[base]
        return [
            (0.0, 0.0) if j == base else (e.mean[mover] - b.mean[mover], paired_se(e, b, mover))
            for j, e in enumerate(ests)
        ]

    @staticmethod
    def _z(gain: float, se: float) -> float:
        if se > 0:
            return gain / se
        return math.inf if gain > 0 else (-math.inf if gain < 0 else 0.0)  # every rollout agreed

    def _choice(self, ests: Sequence[Estimate], ref: int, mover: int) -> int:
        """The judge's move among the candidates: the incumbent ``ref``, unless one beats it clearly.

        A candidate replaces the incumbent only where it beats it by more than ``SWITCH`` standard
        errors of their paired difference (the model: by anything), so that noise at a small budget
        neither passes for a better move nor, by the largest of several noisy values, for a loss.
        """
        gaps = self._gaps(ests, ref, mover)
        found = [j for j, (g, se) in enumerate(gaps) if self._beats(g, se, ests, mover)]
        return max(found, key=lambda j: (gaps[j][0], -j)) if found else ref

    def _clear(self, ests: Sequence[Estimate], ref: int, played: int, mover: int) -> bool:
        """True when the judge's choice and the loss's rating are both clear from these rollouts.

        The choice is unclear where a candidate beats the incumbent by ``UNCLEAR`` standard errors;
        the rating where two standard errors either way of the loss would rate it otherwise.
        """
        lo, hi = UNCLEAR
        if any(lo <= self._z(g, se) < hi for g, se in self._gaps(ests, ref, mover)):
            return False
        gain, se = self._gaps(ests, played, mover)[self._choice(ests, ref, mover)]
        return rate(max(0.0, gain - 2 * se) / self.span) == rate(max(0.0, gain + 2 * se) / self.span)

    def best(self, state: State, view: int | None) -> tuple[list[Action], list[Estimate]]:
        """The candidates at ``state`` (no move played) with their values: the judge's move first,
        then the others by their value for the mover."""
        mover = state.current_player
        cands, _ = self.candidates(state, None, view)
        inc = self.incumbent(state, view)
        if inc is not None and inc not in cands:  # cut by MAX_CANDIDATES: the incumbent is always weighed
            cands.append(inc)
        if len(cands) == 1:
            return cands, []
        ests = self.valuation.compare(state, cands, view)
        means = [e.mean[mover] for e in ests]
        ref = cands.index(inc) if inc is not None and not self.valuation.cheap else int(np.argmax(means))
        first = self._choice(ests, ref, mover)
        order = [first] + sorted((j for j in range(len(cands)) if j != first), key=lambda j: (-means[j], j))
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
