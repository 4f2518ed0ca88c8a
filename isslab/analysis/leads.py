"""Runaway leaders, catch-up and kingmaking: the lead statistics of the design report (``isslab.report``).

Every statistic here reads what ``State.standing(seat)`` says at each *point* of a game (the start
and the state after each step, chance steps included), the hook the game view and
``isslab.metrics`` use to say who leads. Definitions:

* the **leaders** at a point are the seats whose standing is the highest (several on a tie);
* **time** ``t`` runs from 0 (the start) to 1 (the end); the point at time ``t`` of a game with
  ``P`` points is point ``round(t * (P - 1))``;
* the **gap** at a point is the first number of the leader's standing minus the runner-up's
  (eagles landed in Space: 1999, prestige in 1969, points in 1998 ISS): the size of the lead;
* the **leader's win rate at t** is the share of the games with a sole leader at ``t`` that this
  leader went on to win; a game of pure chance, or one whose leader is caught up at once, gives
  the fair share ``1 / seats``, a runaway-leader game gives nearly 1;
* the **comeback rate at t** is the share of the seats *not* leading at ``t`` (in games with a
  sole leader) that won;
* a **kingmaking probe** stops a game at time ``t`` (2/3 by default), takes the seat in sole last
  place, and plays the rest twice from there with the same chance seed: once with the seats'
  own bots, once with that seat alone playing another bot. The seat *could not win* when it won
  in neither playout; it *decided who wins* when, besides, the winners of the two playouts differ.
  The kingmaking rate is the share of the probes with a seat that could not win in which that
  seat decided who wins. It needs at least three seats (with two, the other seat wins).

Intervals: Wilson for rates, the normal approximation for means (as everywhere in isslab).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from isslab.core import TERMINAL, Action, Game, State
from isslab.frames.stats import mean_interval, wilson_interval
from isslab.play import play

__all__ = [
    "GameLeads",
    "KingmakingProbe",
    "kingmaking",
    "kingmaking_probe",
    "lead_curve",
    "leader_wins",
    "trace_leads",
]

#: the times at which :func:`lead_curve` reads the games (the start, every tenth, the end)
TIMES: Final = tuple(k / 10 for k in range(11))


@dataclass(frozen=True)
class GameLeads:
    """Who led one game at each point, by how much, and who won (from :func:`trace_leads`)."""

    #: the number of seats
    seats: int
    #: per point: the leading seats, as a bit mask (bit s set: seat s leads)
    leaders: tuple[int, ...]
    #: per point: the leader's first standing number minus the runner-up's (0 on a tie)
    gaps: tuple[float, ...]
    #: the winning seats
    winners: tuple[int, ...]

    def point(self, t: float) -> int:
        """The index of the point at time ``t`` (0: the start, 1: the end)."""
        return round(t * (len(self.leaders) - 1))

    def sole_leader(self, t: float) -> int | None:
        """The seat that leads alone at time ``t``, or None on a tie."""
        mask = self.leaders[self.point(t)]
        return mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None

    def winner_leads(self, t: float) -> bool:
        """True when a winner of the game is among the leaders at time ``t``."""
        mask = self.leaders[self.point(t)]
        return any(mask >> w & 1 for w in self.winners)


class _Standings:
    """``isslab.play``'s ``on_step``: the standing of every seat at every point, reduced as it goes."""

    __slots__ = ("seats", "leaders", "gaps", "last")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.leaders: list[int] = []
        self.gaps: list[float] = []
        self.last: tuple[State, Action] | None = None

    def add(self, state: State) -> None:
        """Note who leads in ``state``, and by how much."""
        stand = [state.standing(s) for s in range(self.seats)]
        best = max(stand)
        self.leaders.append(sum(1 << s for s, v in enumerate(stand) if v == best))
        firsts = sorted((v[0] if v else 0.0 for v in stand), reverse=True)
        self.gaps.append(float(firsts[0] - firsts[1]) if len(firsts) > 1 else 0.0)

    def __call__(self, state: State, action: Action) -> None:
        self.add(state)
        self.last = (state, action)


def trace_leads(game: Game, bots: Sequence[str], seed: int, state: State | None = None) -> GameLeads:
    """Play (or replay: the same seed gives the same game) one game and record who led at each point."""
    tracer = _Standings(game.num_players)
    record = play(game, list(bots), seed=seed, state=state, on_step=tracer)
    if tracer.last is not None:
        before, action = tracer.last
        tracer.add(before.apply(action))
    else:
        tracer.add(state if state is not None else game.new_state())
    return GameLeads(game.num_players, tuple(tracer.leaders), tuple(tracer.gaps), tuple(record.winners))


def _rate_row(k: float, n: int) -> dict[str, float]:
    low, high = wilson_interval(k, n)
    return {"value": k / n if n else math.nan, "low": low, "high": high, "games": n}


def _mean_row(values: Sequence[float]) -> dict[str, float]:
    arr = np.asarray([v for v in values if not math.isnan(v)], dtype=float)
    low, high = mean_interval(arr)
    return {"value": float(arr.mean()) if len(arr) else math.nan, "low": low, "high": high, "games": len(arr)}


def lead_curve(games: Sequence[GameLeads], times: Sequence[float] = TIMES) -> pd.DataFrame:
    """The lead over time: at each time, how often a winner leads (Wilson) and the mean gap (normal).

    Games nobody won are left out of the first. Columns: ``t``, ``quantity`` (``winner_leads`` or
    ``gap``), ``value``, ``low``, ``high``, ``games``.
    """
    won = [g for g in games if g.winners]
    rows = []
    for t in times:
        k = sum(g.winner_leads(t) for g in won)
        rows.append({"t": t, "quantity": "winner_leads", **_rate_row(k, len(won))})
        rows.append({"t": t, "quantity": "gap", **_mean_row([g.gaps[g.point(t)] for g in games])})
    return pd.DataFrame(rows)


def leader_wins(games: Sequence[GameLeads], t: float = 0.5) -> pd.DataFrame:
    """At time ``t``: the sole leader's win rate and the comeback rate of the others, with the fair share.

    Rows ``leader_wins`` and ``comeback`` (Wilson intervals) and ``fair_share`` (1 / seats, exact).
    Games without a sole leader at ``t`` are left out (their number is in ``note``).
    """
    if not games:
        raise ValueError("leader_wins needs at least one game")
    seats = games[0].seats
    led = [(g, g.sole_leader(t)) for g in games]
    with_leader = [(g, s) for g, s in led if s is not None]
    won = sum(s in g.winners for g, s in with_leader)
    behind = [(g, s) for g, leader in with_leader for s in range(seats) if s != leader]
    came_back = sum(s in g.winners for g, s in behind)
    note = f"{len(games) - len(with_leader)} games had no sole leader at t={t:g}"
    return pd.DataFrame(
        [
            {"quantity": "leader_wins", **_rate_row(won, len(with_leader)), "note": note},
            {"quantity": "comeback", **_rate_row(came_back, len(behind)), "note": "per seat behind"},
            {
                "quantity": "fair_share",
                "value": 1 / seats,
                "low": math.nan,
                "high": math.nan,
                "games": len(games),
                "note": "1 / seats: what a game of pure chance gives",
            },
        ]
    )


@dataclass(frozen=True)
class KingmakingProbe:
    """One probe of :func:`kingmaking_probe`: the seat in last place and the two playouts' winners."""

    #: the seat in sole last place at the probe point (None: a tie for last, or the game was over)
    seat: int | None
    #: the winners with the seats' own bots, then with ``seat`` playing the other bot
    winners: tuple[tuple[int, ...], tuple[int, ...]]

    @property
    def could_not_win(self) -> bool:
        """The seat won in neither playout."""
        return self.seat is not None and all(self.seat not in w for w in self.winners)

    @property
    def decided(self) -> bool:
        """The seat could not win, and its choice of moves changed who won."""
        return self.could_not_win and set(self.winners[0]) != set(self.winners[1])


def kingmaking_probe(
    game: Game, bots: Sequence[str], seed: int, at: float = 2 / 3, other: str = "random"
) -> KingmakingProbe:
    """Probe one game (replayed from ``seed`` with ``bots`` per seat) for a kingmaker at time ``at``.

    ``other`` is the bot the last seat switches to (the game's default bot when that seat already
    plays ``other``). Both playouts use the same chance seed, derived from ``seed``.
    """
    states = play(game, list(bots), seed=seed).states()
    state = states[round(at * (len(states) - 1))]
    if state.current_player == TERMINAL:
        return KingmakingProbe(None, ((), ()))
    stand = [state.standing(s) for s in range(game.num_players)]
    worst = min(stand)
    last = [s for s, v in enumerate(stand) if v == worst]
    if len(last) != 1:
        return KingmakingProbe(None, ((), ()))
    seat = last[0]
    swap = other if bots[seat] != other else game.info.default_bot
    changed = [swap if s == seat else b for s, b in enumerate(bots)]
    playout_seed = (seed * 7919 + 1) % 2**63  # one chance seed for both playouts, not the game's own
    a = play(game, list(bots), seed=playout_seed, state=state).winners
    b = play(game, changed, seed=playout_seed, state=state).winners
    return KingmakingProbe(seat, (tuple(a), tuple(b)))


def kingmaking(probes: Sequence[KingmakingProbe]) -> pd.DataFrame:
    """The kingmaking rate of some probes, and how often the last seat could not win (Wilson intervals)."""
    last = [p for p in probes if p.seat is not None]
    stuck = [p for p in last if p.could_not_win]
    decided = sum(p.decided for p in stuck)
    return pd.DataFrame(
        [
            {
                "quantity": "could_not_win",
                **_rate_row(len(stuck), len(last)),
                "note": f"of {len(last)} probes with a sole last seat ({len(probes) - len(last)} without)",
            },
            {
                "quantity": "kingmaking",
                **_rate_row(decided, len(stuck)),
                "note": "share of those in which the last seat's moves changed who won",
            },
        ]
    )


def _trace_job(job: tuple[Game, tuple[str, ...], int]) -> GameLeads:
    return trace_leads(*job)


def _probe_job(job: tuple[Game, tuple[str, ...], int, float, str]) -> KingmakingProbe:
    return kingmaking_probe(*job)


def games_of(frame: pd.DataFrame, limit: int | None = None) -> list[tuple[int, tuple[str, ...]]]:
    """``(seed, bots per seat)`` of each game of a ``simulate`` frame, in game order (at most ``limit``)."""
    rows = frame.sort_values(["game", "seat"], kind="stable")
    out: list[tuple[int, tuple[str, ...]]] = []
    for _, part in rows.groupby("game", sort=True):
        out.append((int(part["seed"].iloc[0]), tuple(str(b) for b in part["bot"])))
        if limit is not None and len(out) >= limit:
            break
    return out
