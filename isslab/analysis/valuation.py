"""Valuations of positions for the review: what a position is worth to every seat, and whose play it assumes.

A :class:`Valuation` answers two questions, and the review asks nothing else:

* :meth:`Valuation.values`: every seat's value of each position, as an observer may know it (None:
  the real position; the model reads each seat's own view). At a chance node the value is the
  expectation over its outcomes;
* :meth:`Valuation.compare`: every seat's value of the position after each of a few moves, as a seat
  may know it, measured alike (common random numbers), so that their differences are sharp.

Each answer is an :class:`Estimate`: the means, their standard errors (NaN where the valuation has
none: the model) and, for rollouts, the results of every rollout (the review pairs them).

Two valuations are here:

* :class:`Rollouts`, the judge's: every position played to the end ``rollouts`` times by a line-up of
  bots (the bots that played the game, by default), so a value says "if these bots played from
  here". The randomness of a rollout is keyed by the rollout's number and the step (the game's move
  number): rollout ``k`` meets the same dice at step ``m`` whichever position it started from, and a
  rollout whose first step is the move the game went on with *is* the rollout of the next position
  (memoised: along a game's line a bot's own move costs nothing). At every step the ``rollouts``
  rollouts draw their chance outcomes by stratified sampling (each takes its own slice of [0, 1) in
  a shuffled order), so a chance node's outcomes are met in the proportions of its law to within one
  rollout; where every outcome is met, the rollouts are weighted by the exact law (``p / count``).
  With hidden information, a position valued as a seat may know it is played from positions drawn
  with ``resample_hidden(seat, ...)`` (``worlds`` of them, shared round-robin by the rollouts, each
  drawn with the same random numbers at every step, so that a seat's drawn positions follow the game).
* :class:`ModelValuation`, the fitted model (:mod:`isslab.analysis.winprob`): fast, no error bars,
  and it plays worse than the bots it would judge (``docs/win-chances.md``); the review uses it as a
  first pass that chooses which moves the rollouts compare.

The expert's search values (issue 27) fit the same two methods; see ``docs/win-chances.md``.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from isslab.analysis.winprob import WinModel
from isslab.core import CHANCE, TERMINAL, Action, Game, State, short_repr
from isslab.play import BotSpec, derive_seeds, expand_bots, resolve_bots

__all__ = [
    "DEFAULT_ROLLOUTS",
    "DEFAULT_WORLDS",
    "MAX_OUTCOMES",
    "Estimate",
    "ModelValuation",
    "Rollouts",
    "Valuation",
    "lineup_words",
]

#: rollouts per position of the judge by default
DEFAULT_ROLLOUTS: Final = 12
#: positions drawn per valued position with hidden information (shared by the rollouts)
DEFAULT_WORLDS: Final = 4
#: the outcomes of a chance node the model averages at most (a larger node is sampled)
MAX_OUTCOMES: Final = 48
#: the most rollouts per position
MAX_ROLLOUTS: Final = 100_000
#: rollouts per move compared where a verdict is unclear, as a multiple of the rollouts per position
COMPARED: Final = 4
#: the most steps a rollout may take (a game that runs longer is a broken game or bot)
MAX_STEPS: Final = 100_000

_MASK: Final = (1 << 64) - 1


def _mix(a: int, b: int) -> int:
    """A 64-bit hash of two ints (splitmix64's finaliser): the key of one step of one rollout."""
    x = (a * 0x9E3779B97F4A7C15 + b + 0x632BE59BD9B4E019) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _count(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_ROLLOUTS:
        raise ValueError(
            f"{name} must be an int from {least} to {MAX_ROLLOUTS:,}, got {short_repr(value, 40)}"
        )
    return value


class _StepRandom(random.Random):
    """A ``random.Random`` whose numbers are a pure function of a key set per step (bots get one).

    Seeding a Mersenne Twister costs about 16 us, as much as a step of a game; this draws each number
    as a hash of the key and a counter instead (``random``, ``getrandbits`` and every method built on
    them, ``choice`` and ``shuffle`` included).
    """

    def __init__(self) -> None:
        super().__init__(0)
        self._key = 0
        self._count = 0
        self._first: float | None = None

    def at(self, key: int, first: float | None = None) -> None:
        """Start the numbers of one step (``first``: the first ``random()`` it gives, to probe a bot)."""
        self._key = key
        self._count = 0
        self._first = first

    def _word(self) -> int:
        self._count += 1
        return _mix(self._key, self._count)

    def random(self) -> float:
        """A float in [0, 1) from the step's key."""
        if self._first is not None:
            first, self._first = self._first, None
            return first
        return (self._word() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int, /) -> int:
        """``k`` random bits from the step's key."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            out = (out << 64) | self._word()
            have += 64
        return out >> (have - k)


@dataclass(frozen=True)
class Estimate:
    """Every seat's value of one position: means, standard errors and (rollouts) every rollout's result."""

    mean: tuple[float, ...]
    se: tuple[float, ...]
    #: rollouts by seats (each rollout's result); None where the value is not a mean of rollouts
    samples: npt.NDArray[np.float64] | None = field(default=None, compare=False)

    @staticmethod
    def exact(values: Sequence[float]) -> Estimate:
        """A known value (a finished game's returns)."""
        return Estimate(tuple(float(v) for v in values), (0.0,) * len(values))


def paired_se(a: Estimate, b: Estimate, seat: int) -> float:
    """The standard error of ``a - b`` for ``seat`` when both are rollouts on the same random numbers."""
    if a.samples is None or b.samples is None or len(a.samples) != len(b.samples):
        return math.sqrt(a.se[seat] ** 2 + b.se[seat] ** 2)
    diff = a.samples[:, seat] - b.samples[:, seat]
    n = len(diff)
    return float(np.std(diff, ddof=1) / math.sqrt(n)) if n > 1 else math.nan


class Valuation(ABC):
    """What positions are worth to every seat (module docstring); a review names the one it used."""

    #: the valuation in words, saying whose play it assumes ("rollouts with greedy at every seat")
    name: str
    #: True for a valuation cheap enough to value every legal move (no first pass needed)
    cheap: bool = False
    #: True for a valuation that measures more precisely when asked (``compare(..., precise=True)``)
    refinable: bool = False

    @abstractmethod
    def values(self, states: Sequence[State], observer: int | None) -> list[Estimate]:
        """Every seat's value of each state as ``observer`` may know it (None: the real states)."""

    @abstractmethod
    def compare(
        self, state: State, actions: Sequence[Action], view: int | None, precise: bool = False
    ) -> list[Estimate]:
        """Every seat's value after each of ``actions`` at ``state`` as ``view`` may know it, measured alike.

        ``precise`` asks for a closer measurement (more rollouts) where the valuation offers one.
        """


def lineup_words(game: Game, names: Sequence[str]) -> str:
    """Who plays, in words: ``greedy at every seat`` or ``random (USA), greedy (USSR)``."""
    if len(set(names)) == 1:
        return f"{names[0]} at every seat" if len(names) > 1 else f"{names[0]}"
    return ", ".join(f"{b} ({game.seat_name(j)})" for j, b in enumerate(names))


class Rollouts(Valuation):
    """The judge's valuation: every position played to the end by a line-up of bots (module docstring)."""

    def __init__(
        self,
        game: Game,
        bots: BotSpec | None = None,
        rollouts: int = DEFAULT_ROLLOUTS,
        seed: int = 0,
        worlds: int = DEFAULT_WORLDS,
        compared: int | None = None,
    ) -> None:
        rollouts = _count(rollouts, "rollouts", 2)
        compared = _count(rollouts * COMPARED if compared is None else compared, "compared", rollouts)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or not 1 <= worlds <= MAX_ROLLOUTS:
            raise ValueError(
                f"worlds must be an int from 1 to {MAX_ROLLOUTS:,}, got {short_repr(worlds, 40)}"
            )
        spec: BotSpec = game.info.default_bot if bots is None else bots
        self.game = game
        self.fns, self.bots = resolve_bots(game, spec)
        if not all(isinstance(b, str) for b in expand_bots(game, spec)):
            # a callable's name is all a reader gets; say so rather than pretend it is a known bot
            self.bots = tuple(
                b if isinstance(e, str) else f"{b} (a callable)"
                for b, e in zip(self.bots, expand_bots(game, spec), strict=True)
            )
        #: rollouts per position of the graph, and per move compared at a decision
        self.rollouts = rollouts
        self.compared = compared
        self.refinable = compared > rollouts
        self.worlds = min(worlds, rollouts) if game.info.hidden_information else 1
        self.seed = seed
        self.lineup = lineup_words(game, self.bots)
        self.name = f"rollouts with {self.lineup}"
        self._keys = derive_seeds(seed, compared + 1)
        self._offsets: dict[int, list[list[float]]] = {}  # per block of rollouts, per step: uniforms
        self._rng = _StepRandom()
        self._memo: dict[tuple[State, int, int], tuple[float, ...]] = {}
        self._drawn: dict[tuple[State, int, int, int], State] = {}

    # --- the random numbers -------------------------------------------------------------------

    def _uniform(self, step: int, k: int) -> float:
        """Rollout ``k``'s number for a chance node at ``step``: its slice of [0, 1) in its block of
        ``rollouts`` rollouts, the slices shuffled per step (a graph's rollouts are the first block)."""
        block, j = divmod(k, self.rollouts)
        rows = self._offsets.setdefault(block, [])
        while step >= len(rows):
            gen = np.random.default_rng([self._keys[-1] & _MASK, block, len(rows) // 256])
            n = self.rollouts
            perms = gen.permuted(np.tile(np.arange(n), (256, 1)), axis=1)
            shift = gen.random(256)
            rows += ((perms + shift[:, None]) / n).tolist()
        return rows[step][j]

    @staticmethod
    def _pick(outcomes: Sequence[tuple[Action, float]], u: float) -> int:
        acc = 0.0
        for i, (_, p) in enumerate(outcomes):
            acc += p
            if u < acc:
                return i
        return len(outcomes) - 1

    # --- rollouts -----------------------------------------------------------------------------

    def _step(self, s: State, k: int) -> Action:
        cp = s.current_player
        m = s.move_number
        if cp == CHANCE:
            outcomes = s.chance_outcomes()
            return outcomes[self._pick(outcomes, self._uniform(m, k))][0]
        self._rng.at(_mix(self._keys[k], m))
        return self.fns[cp](s, self._rng)

    def rollout(self, start: State, k: int) -> tuple[float, ...]:
        """The returns of rollout ``k`` from ``start`` (memoised on the position, its step and ``k``)."""
        key = (start, start.move_number, k)
        got = self._memo.get(key)
        if got is not None:
            return got
        s = start
        first = True
        steps = 0
        while s.current_player != TERMINAL:
            s = s.apply(self._step(s, k))
            if first:
                first = False
                # the rollout of the position the game went on to, if it was asked before
                nxt = self._memo.get((s, s.move_number, k))
                if nxt is not None:
                    self._memo[key] = nxt
                    return nxt
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"a rollout of {self.game.id} ran past {MAX_STEPS:,} steps")
        result = tuple(float(r) for r in s.returns())
        self._memo[key] = result
        return result

    def _world(self, state: State, seat: int, w: int) -> State:
        """Drawn position ``w`` that ``seat`` cannot tell from ``state`` (the same numbers at every step)."""
        key = (state, state.move_number, seat, w)
        got = self._drawn.get(key)
        if got is None:
            rng = random.Random(_mix(self._keys[-1], 1 + seat * 1_000_003 + w))
            got = self._drawn[key] = state.resample_hidden(seat, rng)
        return got

    def _starts(self, state: State, view: int | None, count: int) -> list[State]:
        """Where each of ``count`` rollouts starts: ``state``, or a position drawn from ``view``'s view."""
        if view is None or not self.game.info.hidden_information or state.current_player == TERMINAL:
            return [state] * count
        return [self._world(state, view, k % self.worlds) for k in range(count)]

    def _estimate(self, starts: Sequence[State]) -> Estimate:
        first = starts[0]
        if first.current_player == TERMINAL and all(s is first for s in starts):
            return Estimate.exact(first.returns())
        res = np.asarray([self.rollout(s, k) for k, s in enumerate(starts)], dtype=float)
        n = len(res)
        weights = np.full(n, 1.0 / n)
        if first.current_player == CHANCE and all(s is first for s in starts):
            # the exact law where every outcome was met: each rollout weighs p / (rollouts of its outcome)
            outcomes = first.chance_outcomes()
            picks = [self._pick(outcomes, self._uniform(first.move_number, k)) for k in range(n)]
            counts = np.bincount(picks, minlength=len(outcomes))
            if (counts > 0).all():
                weights = np.asarray([outcomes[i][1] / counts[i] for i in picks])
                weights /= weights.sum()
        mean = weights @ res
        var = (weights[:, None] ** 2 * (res - mean) ** 2).sum(axis=0) * n / (n - 1)
        return Estimate(tuple(float(x) for x in mean), tuple(float(x) for x in np.sqrt(var)), res)

    def values(self, states: Sequence[State], observer: int | None) -> list[Estimate]:
        """Every seat's value of each state (the later states first, so a game's line shares its rollouts)."""
        out: list[Estimate | None] = [None] * len(states)
        for i in reversed(range(len(states))):
            out[i] = self._estimate(self._starts(states[i], observer, self.rollouts))
        return [e for e in out if e is not None]

    def compare(
        self, state: State, actions: Sequence[Action], view: int | None, precise: bool = False
    ) -> list[Estimate]:
        """The positions after each action, rollout ``k`` of each from the same drawn position and numbers
        (``rollouts`` each, ``compared`` when ``precise``: the first ones are the same)."""
        starts = self._starts(state, view, self.compared if precise else self.rollouts)
        out = []
        for a in actions:
            after: dict[int, State] = {}  # one child per distinct start (the worlds are shared)
            out.append(self._estimate([after.setdefault(id(s), s.apply(a)) for s in starts]))
        return out

    def forget(self) -> None:
        """Drop the memoised rollouts and drawn positions (a long-lived valuation between games)."""
        self._memo.clear()
        self._drawn.clear()


class ModelValuation(Valuation):
    """The fitted model as a valuation (no error bars; a chance node: the mean over its outcomes)."""

    cheap = True

    def __init__(self, fitted: WinModel, seed: int = 0) -> None:
        self.model = fitted
        self.game = fitted.game
        self.seed = seed
        # the line-up the model is bound to (a table model's is one of the line-ups it knows)
        self.name = (
            f"the fitted model (learnt from {lineup_words(fitted.game, fitted.lineup)}, "
            f"{fitted.spec.games:,} games)"
        )

    def _outcomes(self, state: State, rng: random.Random) -> list[tuple[Action, float]]:
        outcomes = state.chance_outcomes()
        if len(outcomes) <= MAX_OUTCOMES:
            return outcomes
        drawn = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes], k=MAX_OUTCOMES)
        return [(a, 1.0 / MAX_OUTCOMES) for a in drawn]

    def _direct(self, states: Sequence[State], observer: int | None) -> list[list[float]]:
        """The model's values of positions as they are (a chance node too, unaveraged), in one batch:
        from ``observer``'s view, or (None) each seat's share from its own view, its own hand read."""
        return self.model.values_many(states, observer)

    def values(self, states: Sequence[State], observer: int | None) -> list[Estimate]:
        """The model's values; a chance node's is the mean over its outcomes (those ``observer`` may know)."""
        direct = self._direct(states, observer)
        n = self.game.num_players
        out = []
        hidden = observer is not None and self.game.info.hidden_information
        for s, v in zip(states, direct, strict=True):
            if s.current_player == CHANCE:
                rng = random.Random(_mix(self.seed, s.move_number))
                # the real odds would tell a seat which cards are left: draw a position it cannot tell apart
                world = s.resample_hidden(observer, rng) if hidden and observer is not None else s
                outs = self._outcomes(world, rng)
                kids = self._direct([world.apply(a) for a, _ in outs], observer)
                total = sum(p for _, p in outs)
                v = [
                    sum(p * kid[j] for (_, p), kid in zip(outs, kids, strict=True)) / total for j in range(n)
                ]
            se = 0.0 if s.current_player == TERMINAL else math.nan
            out.append(Estimate(tuple(v), (se,) * n))
        return out

    def compare(
        self, state: State, actions: Sequence[Action], view: int | None, precise: bool = False
    ) -> list[Estimate]:
        """The model's values of the positions after each action (a chance node: the mean of its outcomes)."""
        return self.values([state.apply(a) for a in actions], view)

    def first_pass(self, state: State, actions: Sequence[Action], seat: int) -> list[float]:
        """``seat``'s value after each action by the model alone, unaveraged (the judge's cheap filter)."""
        return self.model.value_for([state.apply(a) for a in actions], seat)
