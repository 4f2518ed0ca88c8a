"""Exact win chances where they can be enumerated, to check rollouts and the model against.

**Space: 1999 with one eagle each** (2 players, ``eagles=1``): every position reachable from the
start is enumerated (positions that differ only in the round counter and the jump statistics are
one: neither changes what can happen, the safety cap of 2,000 rounds aside, which no game of one
eagle each comes near), with the game's ``greedy`` bot in both seats: its moves are the best ones by
its measure, ties broken uniformly at random, so its move distribution is found by asking it with a
fixed random number at each tie-breaking point. The exact value of each position then solves the
chain ``V = sum of p * V(next)`` (value iteration to 1e-12; the disc's rotation makes the position
graph cyclic). Cases are positions of greedy games of that table, with their history.

:func:`check` reports, over those cases: how often the rollout interval (``evaluate``, 400 games)
covers the exact value, and the model's mean and largest error against it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

import isslab
from isslab.analysis import winprob
from isslab.analysis.evaluate import evaluate
from isslab.core import CHANCE, TERMINAL, Action, Bot, Game, State

__all__ = ["EXACT_TABLES", "check", "exact_game", "policy_distribution", "solve", "space_1999_key"]

#: the tables whose positions are enumerated here, by game id (the model of each ships in the package)
EXACT_TABLES: dict[str, dict[str, Any]] = {"space-1999": {"players": 2, "eagles": 1}}


def exact_game(game_id: str) -> Game:
    """The enumerable table of ``game_id`` (``KeyError`` for a game without one)."""
    return isslab.make(game_id, **EXACT_TABLES[game_id])


class _Fixed(random.Random):
    """A random source that always draws the same number (to probe a bot's tie-breaking)."""

    def __init__(self, x: float) -> None:
        super().__init__(0)
        self.x = x

    def random(self) -> float:
        """The fixed number, whatever is asked."""
        return self.x


def policy_distribution(policy: Bot, state: State) -> list[tuple[Action, float]]:
    """The moves of a bot that breaks ties uniformly at random, with their probabilities.

    The bot is asked with the fixed numbers ``(k + 0.5) / L``: for ``L`` up to the number of tied
    moves the answers are all different, beyond it they repeat, which gives the tie set.
    """
    legal = state.legal_actions()
    found: list[Action] = [policy(state, _Fixed(0.5))]
    for size in range(2, len(legal) + 1):
        got = [state.resolve(policy(state, _Fixed((k + 0.5) / size))) for k in range(size)]
        if len(set(got)) < size:
            break
        found = got
    return [(a, 1.0 / len(found)) for a in found]


def space_1999_key(state: State) -> Hashable:
    """A Space: 1999 position without its round counter and jump statistics."""
    snap = state.snapshot()
    return tuple(str(snap[f]) for f in type(state).FIELDS if f not in ("round", "jumps"))


def solve(
    start: State, policy: Bot, key: Callable[[State], Hashable], limit: int = 400_000
) -> dict[Hashable, np.ndarray]:
    """Exact values (every seat) of the positions reachable from ``start`` with ``policy`` in every seat."""
    index: dict[Hashable, int] = {key(start): 0}
    states = [start]
    edges: list[list[tuple[int, float]]] = []
    returns: dict[int, np.ndarray] = {}
    i = 0
    while i < len(states):
        s = states[i]
        cp = s.current_player
        out: list[tuple[int, float]] = []
        if cp == TERMINAL:
            returns[i] = np.asarray(s.returns(), dtype=float)
        else:
            pairs = s.chance_outcomes() if cp == CHANCE else policy_distribution(policy, s)
            for a, p in pairs:
                nxt = s.apply(a)
                k = key(nxt)
                j = index.get(k)
                if j is None:
                    j = index[k] = len(states)
                    states.append(nxt)
                    if len(states) > limit:
                        raise ValueError(f"more than {limit:,} positions: too large to enumerate")
                out.append((j, p))
        edges.append(out)
        i += 1
    n = len(states)
    players = start.game.num_players
    v = np.zeros((n, players))
    for i, r in returns.items():
        v[i] = r
    live = [i for i in range(n) if i not in returns]
    for _ in range(100_000):
        delta = 0.0
        for i in reversed(live):  # later positions first: the chain mostly runs forward
            new = sum(p * v[j] for j, p in edges[i])
            delta = max(delta, float(np.max(np.abs(new - v[i]))))
            v[i] = new
        if delta < 1e-12:
            break
    return {k: v[i] for k, i in index.items()}


def space_1999_cases(cases: int, seed: int = 0) -> tuple[Game, list[State], dict[Hashable, np.ndarray]]:
    """Positions of greedy games of Space: 1999 with one eagle each, and the exact values of all positions."""
    game = exact_game("space-1999")
    policy = isslab.bot("space-1999", "greedy")
    exact = solve(game.new_state(), policy, space_1999_key)
    rng = random.Random(seed)
    out: list[State] = []
    g = 0
    while len(out) < cases:
        states = [s for s in isslab.play(game, "greedy", seed=seed + g).states() if not s.is_terminal()]
        g += 1
        out.append(states[rng.randrange(len(states))])
    return game, out, exact


def check(game_id: str, cases: int = 200, fitted: Any = None, games: int = 400) -> dict[str, Any]:
    """Rollout coverage and model error against exact values (Space: 1999; the others: not here).

    The model is ``fitted`` if it is of the enumerated table, else that table's default model
    (shipped in the package, else fitted as ``winprob.model`` fits it).
    """
    if game_id != "space-1999":
        return {"cases": 0, "note": "no enumerable positions of this game are checked here"}
    game, states, exact = space_1999_cases(cases)
    fitted = winprob.model(game, progress=False) if fitted is None or fitted.game != game else fitted
    covered = 0
    errors = []
    for i, s in enumerate(states):
        truth = exact[space_1999_key(s)]
        ev = evaluate(s, method="rollout", games=games, seed=i)
        covered += int(
            all(lo - 1e-12 <= t <= hi + 1e-12 for t, lo, hi in zip(truth, ev.low, ev.high, strict=True))
        )
        errors.append(float(np.max(np.abs(np.asarray(fitted.values(s)) - truth))))
    err = np.asarray(errors)
    return {
        "cases": len(states),
        "positions_enumerated": len(exact),
        "rollout_games": games,
        "rollout_coverage": covered / len(states),
        "model_mean_error": float(err.mean()),
        "model_max_error": float(err.max()),
        "model_within_0.05": float((err <= 0.05).mean()),
    }
