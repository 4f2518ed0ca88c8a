"""Exact win chances where they can be enumerated, to check rollouts and the model against.

**Space: 1999 with one eagle each** (2 players, ``eagles=1``): every position reachable from the
start is enumerated (positions that differ only in the round counter and the jump statistics are
one: neither changes what can happen, the safety cap of 2,000 rounds aside, which no game of one
eagle each comes near), with the game's ``greedy`` bot in both seats: its moves are the best ones by
its measure, ties broken uniformly at random, so its move distribution is found by asking it with a
fixed random number at each tie-breaking point. The exact value of each position then solves the
chain ``V = sum of p * V(next)`` (value iteration to 1e-12; the disc's rotation makes the position
graph cyclic). Cases are positions of greedy games of that table, with their history.

**1969, the 1969 round** (the default table, 4 nations): in the last round the future is short and
finite (no position repeats: a round only moves forward), so the exact value of a position is the
expectation over the rest of the game tree with the ``greedy`` bot in every seat (it needs no
randomness: one move per decision; :func:`policy_distribution` would find ties all the same) and
every chance node by its odds (the card draws of the Income and Purchase Phases, the dice of each
mission test and its re-rolls): :func:`tree_value`, a depth-first expectation memoised on the
position. Positions that differ only in the statistics are one, and so are positions at a
nation's launch that differ only in the last test's dice, rocket space and revealed cards (the next
launch resets them, a pass reads none). Cases are positions of the 1969 round of greedy games of
that table (one per game, drawn uniformly among the round's positions); a case whose tree has more
than :data:`LIMIT_1969` positions is skipped (most of the Income and Purchase Phase; the whole
Mission Phase of four nations is about 30,000 positions).

:func:`check` reports, over those cases: how often the rollout interval (``evaluate``, 400 games)
covers the exact value, and the model's mean and largest error against it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

import numpy as np

from isslab.analysis import winprob
from isslab.analysis.evaluate import evaluate
from isslab.core import CHANCE, TERMINAL, Action, Bot, Game, State, bot, make
from isslab.play import play

__all__ = [
    "EXACT_TABLES",
    "LIMIT_1969",
    "check",
    "exact_game",
    "game_1969_cases",
    "game_1969_key",
    "policy_distribution",
    "solve",
    "space_1999_key",
    "tree_value",
]

#: the tables whose positions are enumerated here, by game id (the model of each ships in the
#: package: the default table's, or for other options the table's own, which the benchmark's
#: ``--fit`` writes)
EXACT_TABLES: dict[str, dict[str, Any]] = {"space-1999": {"players": 2, "eagles": 1}, "1969": {}}
#: positions enumerated at most for one 1969 case (a larger tree is skipped)
LIMIT_1969 = 50_000


def exact_game(game_id: str) -> Game:
    """The enumerable table of ``game_id`` (``KeyError`` for a game without one)."""
    return make(game_id, **EXACT_TABLES[game_id])


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
    start: State | Sequence[State],
    policy: Bot,
    key: Callable[[State], Hashable],
    limit: int = 400_000,
) -> dict[Hashable, np.ndarray]:
    """Exact values (every seat) of the positions reachable from ``start`` with ``policy`` in every seat.

    ``start`` may be several positions (the positions of games other bots played): every position
    reachable from any of them is valued.
    """
    starts = [start] if isinstance(start, State) else list(start)
    index: dict[Hashable, int] = {}
    states: list[State] = []
    for s0 in starts:
        if key(s0) not in index:
            index[key(s0)] = len(states)
            states.append(s0)
    edges: list[list[tuple[int, float]]] = []
    returns: dict[int, np.ndarray] = {}
    i = 0
    while i < len(states):
        s = states[i]
        cp = s.current_player
        out: list[tuple[int, float]] = []
        if cp == TERMINAL:
            returns[i] = np.asarray(winprob.result_shares(s.returns(), True), dtype=float)
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
    players = states[0].game.num_players
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
    policy = bot("space-1999", "greedy")
    exact = solve(game.new_state(), policy, space_1999_key)
    rng = random.Random(seed)
    out: list[State] = []
    g = 0
    while len(out) < cases:
        states = [s for s in play(game, "greedy", seed=seed + g).states() if not s.is_terminal()]
        g += 1
        out.append(states[rng.randrange(len(states))])
    return game, out, exact


class TooLarge(ValueError):
    """The tree below a position has more positions than the limit allows."""


#: the fields of a 1969 test that the next launch resets and a pass never reads
_TEST_FIELDS = frozenset({"mission", "launcher", "green", "blue", "red", "score", "space", "played"})


def game_1969_key(state: State) -> Hashable:
    """A 1969 position without its statistics (at a launch without the last test; at the end: the returns)."""
    from isslab.games.game_1969.phases import LAUNCH, OVER

    phase = cast(Any, state).phase
    if phase == OVER:
        return ("over", tuple(state.returns()))
    skip = _TEST_FIELDS if phase == LAUNCH else frozenset()
    return tuple(getattr(state, f) for f in type(state).FIELDS if f != "stats" and f not in skip)


def tree_value(
    state: State,
    policy: Bot,
    key: Callable[[State], Hashable],
    limit: int = LIMIT_1969,
    memo: dict[Hashable, tuple[float, ...]] | None = None,
) -> tuple[float, ...]:
    """The exact value (every seat) of ``state``: the expectation over its finite game tree.

    ``policy`` plays every seat (its moves by :func:`policy_distribution`). Memoised on ``key`` in
    ``memo`` (which then holds every position visited); :class:`TooLarge` past ``limit`` positions.
    The tree must be finite: no position may lead back to itself.
    """
    memo = {} if memo is None else memo
    players = state.game.num_players

    def value(s: State) -> tuple[float, ...]:
        k = key(s)
        found = memo.get(k)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise TooLarge(f"more than {limit:,} positions: too large to enumerate")
        cp = s.current_player
        if cp == TERMINAL:  # a shared win: a share to each winner, as the model and rollouts count it
            v = tuple(winprob.result_shares(s.returns(), True))
        else:
            pairs = s.chance_outcomes() if cp == CHANCE else policy_distribution(policy, s)
            acc = [0.0] * players
            for a, p in pairs:
                w = value(s.apply(a))
                for i in range(players):
                    acc[i] += p * w[i]
            v = tuple(acc)
        memo[k] = v
        return v

    return value(state)


def game_1969_cases(
    cases: int, seed: int = 0, limit: int = LIMIT_1969
) -> tuple[Game, list[State], list[tuple[float, ...]], dict[str, int]]:
    """Positions of the 1969 round of greedy games of the default table, their exact values, and counts.

    One position per game (seeds ``seed``, ``seed + 1`` ...), drawn uniformly among the round's
    positions before the end; a position whose tree is larger than ``limit`` is skipped. The counts:
    ``games`` played, ``skipped`` positions and the ``positions`` enumerated for the kept ones.
    """
    from isslab.games.game_1969.rules import State1969

    game = exact_game("1969")
    policy = bot("1969", "greedy")
    last = game.tables.rounds - 1  # type: ignore[attr-defined]
    rng = random.Random(seed)
    out: list[State] = []
    values: list[tuple[float, ...]] = []
    counts = {"games": 0, "skipped": 0, "positions": 0}
    g = 0
    while len(out) < cases:
        rec = play(game, "greedy", seed=seed + g)
        g += 1
        states = [
            s for s in rec.states() if isinstance(s, State1969) and s.year == last and not s.is_terminal()
        ]
        s = states[rng.randrange(len(states))]
        memo: dict[Hashable, tuple[float, ...]] = {}
        try:
            v = tree_value(s, policy, game_1969_key, limit, memo)
        except TooLarge:
            counts["skipped"] += 1
            continue
        counts["positions"] += len(memo)
        out.append(s)
        values.append(v)
    counts["games"] = g
    return game, out, values, counts


def _check_1969(cases: int, fitted: Any, games: int) -> dict[str, Any]:
    """:func:`check` for 1969: seat 0 as the headline, every seat as well."""
    from isslab.games.game_1969.phases import LAUNCH

    game, states, values, counts = game_1969_cases(cases)
    fitted = winprob.model(game, progress=False) if fitted is None or fitted.game != game else fitted
    seat0 = every = intervals = 0
    err0: list[float] = []
    err_all: list[float] = []
    missions: list[bool] = []
    for i, (s, truth) in enumerate(zip(states, values, strict=True)):
        ev = evaluate(s, method="rollout", games=games, bots="greedy", seed=i)
        hit = [lo - 1e-12 <= t <= hi + 1e-12 for t, lo, hi in zip(truth, ev.low, ev.high, strict=True)]
        seat0 += int(hit[0])
        every += int(all(hit))
        intervals += sum(hit)
        diff = np.abs(np.asarray(fitted.values(s)) - np.asarray(truth))
        err0.append(float(diff[0]))
        err_all.append(float(diff.max()))
        missions.append(cast(Any, s).phase >= LAUNCH)
    e0, ea, mission = np.asarray(err0), np.asarray(err_all), np.asarray(missions)
    n = len(states)
    return {
        "cases": n,
        "table": "default (4 nations), the 1969 round, greedy in every seat",
        "games_played": counts["games"],
        "skipped_too_large": counts["skipped"],
        "position_limit": LIMIT_1969,
        "positions_enumerated": counts["positions"],
        "rollout_games": games,
        "rollout_coverage": seat0 / n,
        "rollout_coverage_every_seat": every / n,
        "rollout_coverage_intervals": intervals / (n * game.num_players),
        "model_mean_error": float(e0.mean()),
        "model_max_error": float(e0.max()),
        "model_within_0.05": float((e0 <= 0.05).mean()),
        "model_mean_error_every_seat": float(ea.mean()),
        "model_max_error_every_seat": float(ea.max()),
        "model_within_0.05_every_seat": float((ea <= 0.05).mean()),
        # seat 0 before the Mission Phase (Income, Purchase) and in it
        "cases_mission_phase": int(mission.sum()),
        "model_mean_error_before_missions": float(e0[~mission].mean()) if (~mission).any() else None,
        "model_mean_error_mission_phase": float(e0[mission].mean()) if mission.any() else None,
    }


def check(game_id: str, cases: int = 200, fitted: Any = None, games: int = 400) -> dict[str, Any]:
    """Rollout coverage and model error against exact values (Space: 1999 and 1969; the others: not here).

    The model is ``fitted`` if it is of the enumerated table, else that table's default model
    (shipped in the package, else fitted as ``winprob.model`` fits it). Space: 1999 counts a case
    as covered when every seat's interval covers its exact value, and its error is the largest over
    the seats; 1969 reports seat 0 (the U.S.A.; the First Player is drawn at random) and, beside it,
    every seat.
    """
    if game_id == "1969":
        return _check_1969(cases, fitted, games)
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
