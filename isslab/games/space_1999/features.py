"""Space: 1999 win-chance features: the facts that decide a race, per seat (``State.win_features``).

The generic features of :mod:`isslab.analysis.features` see the view and the standing; they miss
what decides an end-game: whether an eagle can land with the coming turn, and how many turns each
commander still needs with the disc turning under its eagles. This module gives them, from a table
built once per game (:func:`race_tables`) out of the distance tables of :class:`~.tables.Tables`:

**One eagle alone.** Between two turns of the same commander the die is rolled exactly once (every
seat moves once a round, then the die), so one eagle moved by the ``greedy`` bot's rule (land when
it can, else step to the neighbour with the least expected distance after the coming roll, ties
drawn evenly; from the pad, launch onto the best rim dot) goes from one of its turns to the next by
the rule and one roll. For :data:`SEQUENCES` fixed sequences of rolls (and tie draws), the turns it
needs to land from every dot (and the pad) and rotation are tabulated once per game, capped at
:data:`HORIZON`. Other eagles (blocking, jumps) are ignored.

**A commander.** One eagle moves a turn, so a commander's turns to land every eagle are the sum of
its eagles', each started at the rotation the commander meets at its next turn: the current one if
it moves before the die, else the one after the sequence's first roll (and its later rolls after).

**The race.** The same sequences serve every seat, because one die turns every eagle: two eagles on
mirrored paths need the same turns in every sequence, and whoever moves first wins (seats taken as
independent would call that race even). A seat's share of the sequences in which it lands its last
eagle first, in the order of the coming turns, is its race chance; with it the features:

* ``game.left``, ``game.home``, ``game.dist``, ``game.dist min``: eagles to land, on the pad, the
  summed and the shortest distance to landing (other eagles ignored) at the current rotation;
* ``game.land now``: an eagle can land this turn (the seat is to move); ``game.p land next``: the
  share of sequences in which the seat needs no more turns than it has eagles left (one eagle: it
  lands at the seat's next turn);
* ``game.turns``: the expected turns to land every eagle; ``game.turns@lead``: the best rival's minus
  the seat's, in turns of the whole table (so the order of turns counts);
* ``game.race`` and ``game.race logit``: the race chance and its log-odds (clipped at +-6);
* ``game.moves first``: the seat moves before the best rival (by expected turns) does.

:func:`win_features` gives them; the state class asks for the generic features beside them
(``WIN_FEATURES_EXTEND``), so that nothing the model read before is lost. The model multiplies each
by the game's progress too.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from isslab.core import CHANCE, TERMINAL
from isslab.games.kit import remember_last

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import Game1999, State1999

__all__ = [
    "HORIZON",
    "SEQUENCES",
    "VERSION",
    "RaceTables",
    "race_features",
    "race_tables",
    "seat_turns",
    "win_features",
]

#: the version of these features: a model file records it (``WIN_FEATURES_VERSION`` of the state),
#: so a model fitted on other features is refitted, not misread
VERSION: Final = 1
#: the turns followed: an eagle that needs more is counted as needing this many
HORIZON: Final = 48
#: the fixed sequences of die rolls the race is run over
SEQUENCES: Final = 512
#: tie draws: a tie of 1, 2 or 3 best moves is shared evenly by 6 draws
_TIES: Final = 6
#: the race's log-odds are clipped to this size
_LOGIT_CAP: Final = 6.0


class RaceTables:
    """Per seat, for each of :data:`SEQUENCES` fixed sequences of die rolls, the turns one eagle needs
    to land: ``first[seat][r, x]`` from a turn of the seat before the next roll, ``later[seat][r, x]``
    from its first turn after the next roll (the rolls of sequence ``r`` from its second on), ``x``
    being ``theta * (ndots + 1) + dot`` (the home pad is dot ``ndots``); capped at :data:`HORIZON`."""

    def __init__(self, game: Game1999) -> None:
        from isslab.games.space_1999.bots import _expected_tables

        t = game.tables
        g = t.geo
        S, nd = t.spokes, t.ndots
        size = S * (nd + 1)
        exp, _ = _expected_tables(game)
        deltas = [d for _, d in t.rolls]
        #: the fixed roll sequences (faces as indices of ``tables.rolls``), the same for every seat
        rng = np.random.default_rng(1999)
        self.faces = rng.integers(0, len(deltas), size=(SEQUENCES, HORIZON + 1))
        draws = rng.integers(0, _TIES, size=(SEQUENCES, HORIZON + 1))
        #: per face, the new rotation of each rotation after that roll
        self.turned = np.array([[(th + d) % S for th in range(S)] for d in deltas], dtype=np.int64)
        self.first: list[npt.NDArray[np.int16]] = []
        self.later: list[npt.NDArray[np.int16]] = []
        for seat in range(t.n):
            dist = t.seat_dist[seat]
            land = np.zeros(size, dtype=bool)
            # the move after each (tie draw, face): ties of the greedy rule are shared by the draws
            nxt = np.zeros((_TIES, len(deltas), size), dtype=np.int64)
            for th in range(S):
                table = exp[seat][th]
                for dot in range(nd + 1):
                    x = th * (nd + 1) + dot
                    if dot < nd and dist[th][dot] == 1:
                        land[x] = True
                        nxt[:, :, x] = x
                        continue
                    if dot == nd:  # on the pad: launch onto the best rim dot
                        options = [g.outer[g.spoke_at(d, th)] for d, _ in g.corner_lines[t.seat_corner[seat]]]
                    else:
                        options = list(g.steps[dot])
                    best = min(table[o] for o in options)
                    ties = sorted({o for o in options if table[o] <= best + 1e-12})
                    for j in range(_TIES):
                        b = ties[j % len(ties)]
                        for f, d in enumerate(deltas):
                            nxt[j, f, x] = ((th + d) % S) * (nd + 1) + b
            turns = np.where(land, 1, HORIZON).astype(np.int16)[None, :].repeat(SEQUENCES, axis=0)
            rows = np.arange(SEQUENCES)[:, None]
            for step in range(HORIZON - 1, -1, -1):
                after = turns[rows, nxt[draws[:, step], self.faces[:, step]]]
                turns = np.where(land[None, :], 1, np.minimum(after + 1, HORIZON)).astype(np.int16)
                if step == 1:
                    self.later.append(turns)
            self.first.append(turns)


@lru_cache(maxsize=8)
def race_tables(game: Game1999) -> RaceTables:
    """The race tables of ``game`` (built once per game, shared by every state)."""
    return RaceTables(game)


def _moves_before_roll(st: State1999, seat: int) -> bool:
    """True when ``seat`` has a turn before the next die roll."""
    if st.to_move == CHANCE:
        return st.first < 0  # the roll-off: every seat moves before the first die roll
    n = st.game.tables.n
    return (seat - st.to_move) % n < n - st.turn


def seat_turns(st: State1999) -> npt.NDArray[np.int64]:
    """Per seat and roll sequence: the turns the seat needs to land every eagle (one eagle a turn)."""
    t = st.game.tables
    rt = race_tables(st.game)
    nd = t.ndots
    out = np.zeros((t.n, SEQUENCES), dtype=np.int64)
    for seat in range(t.n):
        dots = list(st.pos[seat])
        home = st.home[seat]
        if not dots and not home:
            continue
        if _moves_before_roll(st, seat):
            table = rt.first[seat]
            base = st.theta * (nd + 1)
            for dot in dots:
                out[seat] += table[:, base + dot]
            if home:
                out[seat] += home * table[:, base + nd].astype(np.int64)
        else:
            table = rt.later[seat]
            base = rt.turned[rt.faces[:, 0], st.theta] * (nd + 1)
            rows = np.arange(SEQUENCES)
            for dot in dots:
                out[seat] += table[rows, base + dot]
            if home:
                out[seat] += home * table[rows, base + nd].astype(np.int64)
    return out


def _race(turns: npt.NDArray[np.int64], order: list[int]) -> list[float]:
    """Each seat's share of the roll sequences in which it lands its last eagle first.

    ``order[s]``: the seat's place in the order of the coming turns (0 moves next).
    """
    n = len(order)
    done = turns > 0
    # a seat's k-th turn comes at order + (k - 1) * n, in turns of the whole table
    when = np.where(done, (turns - 1) * n + np.asarray(order)[:, None], 10**9)
    best = np.argmin(when, axis=0)
    counts = np.bincount(best, minlength=n)
    return [float(c) / SEQUENCES for c in counts]


@remember_last
def race_features(st: State1999) -> list[dict[str, float]]:
    """Every seat's race features (module docstring): the same from every seat's view.

    The last position asked is remembered (by identity; a state never changes), so the features of
    every seat's own view, asked one after the other, run the race once.
    """
    t = st.game.tables
    n = t.n
    turns = seat_turns(st)
    if st.to_move == CHANCE and st.first < 0:  # the roll-off: every seat equally likely to start
        race = [0.0] * n
        for first in range(n):
            got = _race(turns, [(s - first) % n for s in range(n)])
            race = [r + g / n for r, g in zip(race, got, strict=True)]
        order = list(range(n))
    else:
        start = st.first if st.to_move == CHANCE else st.to_move
        order = [(s - start) % n for s in range(n)]
        race = _race(turns, order)
    mean = turns.mean(axis=1)
    th = st.theta
    # in turns of the whole table: a seat's k-th turn comes at order + (k - 1) * n
    when = [order[s] + (float(mean[s]) - 1.0) * n for s in range(n)]
    out: list[dict[str, float]] = []
    for s in range(n):
        f: dict[str, float] = {}
        dist = t.seat_dist[s][th]
        ds = [dist[d] for d in st.pos[s]] + [t.home_dist[s][th]] * st.home[s]
        f["game.left"] = float(t.eagles - st.landed[s])
        f["game.home"] = float(st.home[s])
        f["game.dist"] = float(sum(ds))
        f["game.dist min"] = float(min(ds)) if ds else 0.0
        f["game.land now"] = 1.0 if st.to_move == s and 1 in ds else 0.0
        f["game.p land next"] = float(np.mean(turns[s] == len(ds))) if ds else 0.0
        f["game.turns"] = float(mean[s])
        rivals = [o for o in range(n) if o != s]
        best = min(rivals, key=lambda o: when[o])
        f["game.turns@lead"] = (when[best] - when[s]) / n
        f["game.moves first"] = 1.0 if order[s] < order[best] else 0.0
        p = min(max(race[s], 0.5 / SEQUENCES), 1.0 - 0.5 / SEQUENCES)
        f["game.race"] = race[s]
        f["game.race logit"] = max(-_LOGIT_CAP, min(_LOGIT_CAP, math.log(p / (1.0 - p))))
        out.append(f)
    return out


def win_features(st: State1999, observer: int) -> list[dict[str, float]]:
    """Every seat's race features (module docstring), the same from every view: nothing is hidden.

    The state class sets ``WIN_FEATURES_EXTEND``, so the model reads them beside the generic
    features; a finished game has none of its own.
    """
    if st.to_move == TERMINAL:
        return [{} for _ in range(st.game.tables.n)]
    return [dict(f) for f in race_features(st)]
