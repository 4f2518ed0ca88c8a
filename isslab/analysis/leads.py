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
    #: per point, per seat: the seat's ``standing`` (empty for a game built by hand without them)
    standings: tuple[tuple[tuple[float, ...], ...], ...] = ()
    #: per point: ``State.rounds`` there (the round a step from that point is played in)
    rounds: tuple[int, ...] = ()

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

    __slots__ = ("seats", "leaders", "gaps", "standings", "rounds", "last")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.leaders: list[int] = []
        self.gaps: list[float] = []
        self.standings: list[tuple[tuple[float, ...], ...]] = []
        self.rounds: list[int] = []
        self.last: tuple[State, Action] | None = None

    def add(self, state: State) -> None:
        """Note who leads in ``state``, and by how much."""
        stand = [state.standing(s) for s in range(self.seats)]
        self.standings.append(tuple(tuple(float(x) for x in v) for v in stand))
        self.rounds.append(state.rounds)
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
    return GameLeads(
        game.num_players,
        tuple(tracer.leaders),
        tuple(tracer.gaps),
        tuple(record.winners),
        tuple(tracer.standings),
        tuple(tracer.rounds),
    )


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
                "note": "1 / seats: no baseline for a runaway leader (a race without feedback gives more)",
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


# --------------------------------------------------------------------------------------------------
# the no-feedback baseline and the feedback measure
# --------------------------------------------------------------------------------------------------

#: how many times each game's steps are shuffled for the no-feedback baseline
SHUFFLES: Final = 20
#: resamples of the games in the bootstrap intervals of :class:`NoFeedback`
RESAMPLES: Final = 1000
#: most lead sizes shown one by one in the feedback table (more are grouped into quarters)
MAX_SIZES: Final = 6


def _standings(g: GameLeads) -> np.ndarray:
    """Points by seats by standing numbers (a standing shorter than the others padded with zeros)."""
    if not g.standings:
        raise ValueError("a game without standings (built by hand?): trace it with trace_leads")
    width = max(len(v) for point in g.standings for v in point)
    out = np.zeros((len(g.standings), g.seats, width))
    for p, point in enumerate(g.standings):
        for s, v in enumerate(point):
            out[p, s, : len(v)] = v
    return out


def _sole(stand: np.ndarray) -> int:
    """The seat whose standing (compared number by number, as tuples are) is highest alone, else -1."""
    rows = [tuple(r) for r in stand.tolist()]
    top = max(rows)
    who = [s for s, r in enumerate(rows) if r == top]
    return who[0] if len(who) == 1 else -1


def _lead(firsts: np.ndarray, seat: int) -> float:
    """``seat``'s first standing number minus the best of the others'."""
    others = np.delete(firsts, seat)
    return float(firsts[seat] - others.max()) if len(others) else 0.0


def _pairs(path: np.ndarray) -> list[tuple[float, float]]:
    """(lead, change of that lead over the next tenth) of the sole leader at each tenth from 0.1 to 0.9."""
    out = []
    for k in range(1, len(path) - 1):
        seat = _sole(path[k])
        if seat < 0:
            continue
        lead = _lead(path[k, :, 0], seat)
        out.append((lead, _lead(path[k + 1, :, 0], seat) - lead))
    return out


@dataclass(frozen=True)
class NoFeedback:
    """Per game: the leader at time ``t`` and the lead over time, as played and with the steps shuffled.

    Made by :func:`no_feedback`. Shuffling the order of a game's rounds keeps every round's change of
    every seat's standing (each seat's turns in it, and what one seat's move did to another), the
    start and the end (so the winners), and takes away any link between a seat's standing and what
    it gains in the rounds that follow: the same race without feedback. (Shuffling single steps would
    also break the turn order: a seat could gain three times before the others move once, which makes
    a race look like catch-up.) Per game: ``led`` and
    ``won`` (1 when a sole leader at ``t`` went on to win), ``base_led`` and ``base_won`` (the share of
    the shuffles in which that happened), and the (lead, change) pairs of :func:`_pairs`, as played and
    pooled over the shuffles.
    """

    t: float
    shuffles: int
    seed: int
    led: np.ndarray
    won: np.ndarray
    base_led: np.ndarray
    base_won: np.ndarray
    pairs: tuple[tuple[tuple[float, float], ...], ...]
    base_pairs: tuple[tuple[tuple[float, float], ...], ...]
    #: games shuffled step by step, since they count fewer than four rounds
    by_step: int = 0

    @property
    def games(self) -> int:
        """How many games."""
        return len(self.led)

    def _weights(self) -> np.ndarray:
        """Resamples by games: how often each game is drawn in each bootstrap resample (seeded)."""
        rng = np.random.default_rng(self.seed)
        n = self.games
        return rng.multinomial(n, np.full(n, 1 / n), size=RESAMPLES).astype(float)

    def leader_table(self) -> pd.DataFrame:
        """The sole leader's win rate at ``t`` as played (Wilson) and without feedback, and their difference.

        Rows ``leader_wins``, ``no_feedback`` and ``runaway`` (the first minus the second: above 0 the
        leader keeps its lead more often than in the same race without feedback, below 0 less often);
        the last two with percentile bootstrap intervals over games.
        """
        w = self._weights()
        real = (w @ self.won) / np.maximum(w @ self.led, 1e-12)
        base = (w @ self.base_won) / np.maximum(w @ self.base_led, 1e-12)
        led, won = float(self.led.sum()), float(self.won.sum())
        value = won / led if led else math.nan
        baseline = float(self.base_won.sum() / self.base_led.sum()) if self.base_led.sum() else math.nan
        no_games = f"{self.games - int(led)} games had no sole leader at t={self.t:g}"
        return pd.DataFrame(
            [
                {"quantity": "leader_wins", **_rate_row(won, int(led)), "note": no_games},
                {
                    "quantity": "no_feedback",
                    **_boot_row(baseline, base, self.games),
                    "note": f"the same games with their rounds shuffled ({self.shuffles} times each)"
                    + (f"; {self.by_step} games of fewer than four rounds by step" if self.by_step else ""),
                },
                {
                    "quantity": "runaway",
                    **_boot_row(value - baseline, real - base, self.games),
                    "note": "leader_wins minus no_feedback, paired by game",
                },
            ]
        )

    def feedback_table(self) -> pd.DataFrame:
        """The mean change of the lead over a tenth of the game by the lead's size, as played and without
        feedback, and the slope of the change on the size (each with a bootstrap interval over games).

        Rows: ``change`` per ``size`` (a lead size, or a range of them) and ``kind`` (``played`` or
        ``no_feedback``); ``slope`` per kind; ``slope_difference`` (played minus no feedback: above 0
        leads grow with their size faster than without feedback, a runaway; below 0 they shrink
        faster, a catch-up).
        """
        leads = np.array([x for game in self.pairs for x, _ in game], dtype=float)
        if not len(leads):
            return pd.DataFrame(columns=["quantity", "kind", "size", "value", "low", "high", "games", "note"])
        edges, labels = _size_bins(leads)
        w = self._weights()
        rows = []
        slopes = {}
        for kind, pairs, scale in (
            ("played", self.pairs, 1.0),
            ("no_feedback", self.base_pairs, 1.0 / self.shuffles),
        ):
            count = np.zeros((self.games, len(labels)))
            total = np.zeros((self.games, len(labels)))
            sums = np.zeros((self.games, 5))  # n, x, y, xy, xx for the slope
            for g, game in enumerate(pairs):
                for x, y in game:
                    b = int(np.clip(np.searchsorted(edges, x, side="right") - 1, 0, len(labels) - 1))
                    count[g, b] += scale
                    total[g, b] += y * scale
                    sums[g] += np.array([1.0, x, y, x * y, x * x]) * scale
            for b, label in enumerate(labels):
                n = float(count[:, b].sum())
                value = float(total[:, b].sum() / n) if n else math.nan
                boot = (w @ total[:, b]) / np.where(w @ count[:, b] > 0, w @ count[:, b], np.nan)
                rows.append(
                    {"quantity": "change", "kind": kind, "size": label, **_boot_row(value, boot, round(n))}
                )
            slopes[kind] = (_slope(sums.sum(axis=0)), np.array([_slope(r) for r in w @ sums]))
            rows.append(
                {"quantity": "slope", "kind": kind, "size": "", **_boot_row(*slopes[kind], self.games)}
            )
        (played, played_boot), (base, base_boot) = slopes["played"], slopes["no_feedback"]
        rows.append(
            {
                "quantity": "slope_difference",
                "kind": "played - no_feedback",
                "size": "",
                **_boot_row(played - base, played_boot - base_boot, self.games),
            }
        )
        out = pd.DataFrame(rows)
        out["note"] = out["quantity"].map(
            {
                "change": "mean change of the sole leader's lead over the next tenth of the game",
                "slope": "least-squares slope of that change on the lead's size",
                "slope_difference": "played minus no feedback, paired by game",
            }
        )
        return out


def _slope(s: np.ndarray) -> float:
    """The least-squares slope from the sums (n, x, y, xy, xx)."""
    n, x, y, xy, xx = (float(v) for v in s)
    den = n * xx - x * x
    return (n * xy - x * y) / den if n > 1 and den > 1e-12 else math.nan


def _boot_row(value: float, boot: np.ndarray, games: int) -> dict[str, float]:
    """A value with the percentile bootstrap interval of its resamples (NaN resamples left out)."""
    ok = boot[~np.isnan(boot)]
    low, high = (float(q) for q in np.quantile(ok, [0.025, 0.975])) if len(ok) else (math.nan, math.nan)
    return {"value": value, "low": low, "high": high, "games": games}


def _size_bins(leads: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Lead sizes one by one when there are few, else four ranges of about as many leads each."""
    distinct = np.unique(leads)
    if len(distinct) <= MAX_SIZES:
        return distinct, [f"{v:g}" for v in distinct]
    edges = np.unique(np.quantile(leads, [0, 0.25, 0.5, 0.75]))
    tops = [*edges[1:], leads.max()]
    labels = [f"{lo:g} to {hi:g}" if i == len(edges) - 1 else f"{lo:g} to under {hi:g}"
              for i, (lo, hi) in enumerate(zip(edges, tops, strict=True))]  # fmt: skip
    return edges, labels


def _blocks(g: GameLeads, steps: int) -> list[np.ndarray]:
    """The steps of a game cut into its rounds (the steps played while ``State.rounds`` kept one value);
    one block per step when the game counts fewer than four rounds."""
    rounds = np.asarray(g.rounds[:steps] if len(g.rounds) >= steps else [], dtype=int)
    if len(rounds) != steps or len(np.unique(rounds)) < 4:
        return [np.array([i]) for i in range(steps)]
    cuts = np.flatnonzero(np.diff(rounds)) + 1
    return list(np.split(np.arange(steps), cuts))


def _shuffled(stand: np.ndarray, blocks: list[np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """The standings of a game replayed with its rounds in a random order (the last round stays last)."""
    steps = np.diff(stand, axis=0)
    order = rng.permutation(len(blocks) - 1)
    index = np.concatenate([*(blocks[k] for k in order), blocks[-1]])
    path = np.concatenate([stand[:1], stand[0] + np.cumsum(steps[index], axis=0)])
    return np.round(path, 9)  # sums of the same numbers in another order: no float noise in a tie


def no_feedback(
    games: Sequence[GameLeads], t: float = 0.5, shuffles: int = SHUFFLES, seed: int = 0
) -> NoFeedback:
    """The leader at ``t`` and the lead over time of each game, as played and with its rounds shuffled.

    See :class:`NoFeedback`. The shuffles are drawn from ``seed``; the games need their standings and
    rounds (:func:`trace_leads` records them).
    """
    if not games:
        raise ValueError("no_feedback needs at least one game")
    rng = np.random.default_rng(seed)
    led, won, base_led, base_won = [], [], [], []
    pairs, base_pairs = [], []
    by_step = 0
    for g in games:
        stand = _standings(g)
        tenths = [g.point(x) for x in TIMES]
        at = g.point(t)
        leader = g.sole_leader(t)
        led.append(float(leader is not None))
        won.append(float(leader is not None and leader in g.winners))
        pairs.append(tuple(_pairs(stand[tenths])))
        blocks = _blocks(g, len(stand) - 1)
        by_step += len(blocks) == len(stand) - 1
        hits = wins = 0
        pooled: list[tuple[float, float]] = []
        for _ in range(shuffles):
            path = _shuffled(stand, blocks, rng) if len(blocks) > 1 else stand
            seat = _sole(path[at])
            hits += seat >= 0
            wins += seat >= 0 and seat in g.winners
            pooled += _pairs(path[tenths])
        base_led.append(hits / shuffles)
        base_won.append(wins / shuffles)
        base_pairs.append(tuple(pooled))
    return NoFeedback(
        t,
        shuffles,
        seed,
        np.array(led),
        np.array(won),
        np.array(base_led),
        np.array(base_won),
        tuple(pairs),
        tuple(base_pairs),
        by_step,
    )


def leader_difference(
    games: Sequence[GameLeads], other: Sequence[GameLeads], t: float = 0.5, seed: int = 0
) -> tuple[float, float, float]:
    """The sole leader's win rate at ``t`` in ``other`` minus in ``games``, with a percentile bootstrap
    interval over games; game ``i`` of both is drawn together (the same seeds: a paired comparison)."""
    count = min(len(games), len(other))
    if count < 1:
        raise ValueError("leader_difference needs games on both sides")

    def sums(gs: Sequence[GameLeads]) -> tuple[np.ndarray, np.ndarray]:
        lead = [g.sole_leader(t) for g in gs[:count]]
        return (
            np.array([float(s is not None) for s in lead]),
            np.array([float(s is not None and s in g.winners) for s, g in zip(lead, gs, strict=False)]),
        )

    (led_a, won_a), (led_b, won_b) = sums(games), sums(other)
    w = (
        np.random.default_rng(seed)
        .multinomial(count, np.full(count, 1 / count), size=RESAMPLES)
        .astype(float)
    )
    boot = (w @ won_b) / np.maximum(w @ led_b, 1e-12) - (w @ won_a) / np.maximum(w @ led_a, 1e-12)
    value = won_b.sum() / max(led_b.sum(), 1e-12) - won_a.sum() / max(led_a.sum(), 1e-12)
    row = _boot_row(float(value), boot, count)
    return row["value"], row["low"], row["high"]
