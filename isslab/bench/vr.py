"""Fewer games for the same interval: the ``vr`` section of ``python -m isslab.bench``.

For each game at its default table and bots, three standard questions are answered on the same
games twice, plainly and luck-adjusted (``simulate(..., luck="model")`` and ``compare``'s default,
:mod:`isslab.frames.adjust`), and the ratio of the 95% half-widths at equal games is printed (1.7
means about a third of the games reach the same precision):

* ``seat_win``: seat 0's win rate (Mission ISS: the team's success);
* ``first_player``: the win rate of the seat that moved first (the first-player advantage is it
  minus one over the seats; the seat that moves first is drawn by chance in these games), adjusted
  by the first mover's luck after the first move and the others' mean (``luck_opening``, the luck
  that chose the first mover, is left out: what follows has mean zero whoever was chosen);
* ``rule_diff``: a paired rule difference, seat 0's win rate at a changed rule value minus at the
  default, on the same seeds (common random numbers), adjusted by the luck of both tables' games as
  ``compare`` adjusts a sweep's: the changed table has no model of its own, so the default table's
  model values its draws (``simulate``'s fallback; the luck's mean is zero all the same).
  ``one_side`` is the ratio with the default table's luck alone, as before that fallback.

``--decided`` adds how late each game's result is decided (:func:`decided_share`): the share of the
result's variance that the position a quarter, half and three quarters of the way through explains.
A luck control at 1.7 must explain 0.65 of it, so in a game decided late it must value the last draws
well.

Also printed: the CPU seconds a game with and without the luck (its overhead), and the bias check:
each adjusted estimate against a plain reference of ``--reference`` games on other seeds (the
difference over its standard error; within +-2 shows no bias). ``python -m isslab.bench.vr
--games 1000 --reference 100000`` is the reference run (see ``benchmarks/vr_reference.sh``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.bench.engines import cpu_seconds
from isslab.core import ReturnsKind, make
from isslab.frames.adjust import adjusted_values, interval_ratio
from isslab.play import derive_seeds, play
from isslab.sim import simulate

__all__ = ["RULES", "bench_game", "decided_share", "main"]

#: per game: the rule changed for the paired difference, and its changed value
RULES: Final[dict[str, tuple[str, Any]]] = {
    "space-1999": ("eagles", 3),
    "1969": ("moon_cost", 10),
    "mission-iss": ("good_job_cards", 4),
    "1998-iss": ("goal_points", 3),
}


def _wide(df: pd.DataFrame, column: str) -> np.ndarray:
    """A per-seat column as one row a game, one column a seat."""
    return df.pivot(index="game", columns="seat", values=column).to_numpy(dtype=float)


def _summary(y: np.ndarray, x: np.ndarray) -> dict[str, float]:
    adj = adjusted_values(y, x)
    n = math.sqrt(len(y))
    return {
        "plain": float(y.mean()),
        "plain_se": float(y.std(ddof=1) / n),
        "adjusted": float(adj.mean()),
        "adjusted_se": float(adj.std(ddof=1) / n),
        "ratio": interval_ratio(y, adj),
    }


def _timed(game: str, **kw: Any) -> tuple[pd.DataFrame, float]:
    t0 = cpu_seconds()
    df = simulate(game, progress=False, workers=1, **kw)
    return df, cpu_seconds() - t0


def bench_game(game: str, games: int, reference: int, seed: int = 1) -> dict[str, Any]:
    """The three questions of ``game`` on ``games`` games, plain and adjusted, and the bias check."""
    bot = make(game).info.default_bot
    luck, t_luck = _timed(game, bots=bot, games=games, seed=seed, luck="model", trace=True)
    _, t_plain = _timed(game, bots=bot, games=games, seed=seed)
    wins, lucks = _wide(luck, "win"), _wide(luck, "luck")
    first = luck.groupby("game")["first_mover"].first().to_numpy(dtype=int)
    out: dict[str, Any] = {"game": game, "bot": bot, "games": games}
    out["cpu_per_game_plain"] = t_plain / games
    out["cpu_per_game_luck"] = t_luck / games
    out["overhead"] = t_luck / t_plain - 1
    out["seat_win"] = _summary(wins[:, 0], lucks)
    cooperative = make(game).info.returns is ReturnsKind.COOPERATIVE
    if first.min() >= 0 and not cooperative:
        # the first mover's luck after the first move: mean zero whoever was chosen to move first
        after = lucks - _wide(luck, "luck_opening")
        own = after[np.arange(len(first)), first]
        others = (after.sum(axis=1) - own) / max(after.shape[1] - 1, 1)
        out["first_player"] = _summary(wins[np.arange(len(first)), first], np.column_stack([own, others]))
    option, value = RULES[game]
    changed = simulate(
        game, bots=bot, games=games, seed=seed, progress=False, luck="model", **{option: value}
    )
    diff = _wide(changed, "win")[:, 0] - wins[:, 0]
    both = np.hstack([lucks, _wide(changed, "luck")])
    one_side = interval_ratio(diff, adjusted_values(diff, lucks))
    out["rule_diff"] = {"option": option, "value": value, **_summary(diff, both), "one_side": one_side}
    if reference:
        ref = simulate(game, bots=bot, games=reference, seed=seed + 1000, progress=False, trace=True)
        rw = _wide(ref, "win")
        rfirst = ref.groupby("game")["first_mover"].first().to_numpy(dtype=int)
        refs = {"seat_win": rw[:, 0]}
        if "first_player" in out:
            refs["first_player"] = rw[np.arange(len(rfirst)), rfirst]
        for name, y in refs.items():
            m, se = float(y.mean()), float(y.std(ddof=1) / math.sqrt(len(y)))
            q = out[name]
            q["reference"], q["reference_se"], q["reference_games"] = m, se, reference
            q["z"] = (q["adjusted"] - m) / math.hypot(q["adjusted_se"], se)
    return out


def decided_share(
    game: str,
    fractions: Sequence[float] = (0.25, 0.5, 0.75),
    positions: int = 300,
    again: int = 6,
    seed: int = 1,
) -> dict[float, float]:
    """The share of the variance of seat 0's win (Mission ISS: the team's success) explained by the position
    at each fraction of the game: ``positions`` games of the default bot, each played on ``again``
    times from that point with fresh draws; the variance between the positions' means, less the part
    their own noise adds, over the variance of every result."""
    g = make(game)
    bot = g.info.default_bot
    results = np.empty((len(fractions), positions, again))
    seeds = derive_seeds(seed, positions * (1 + again))  # each position's game, then its replays
    for i in range(positions):
        rec = play(g, bot, seed=seeds[i])
        states = rec.states()
        for f, frac in enumerate(fractions):
            start = states[int(frac * len(rec.actions))]
            for j in range(again):
                end = play(g, bot, seed=seeds[positions + i * again + j], state=start)
                results[f, i, j] = 1.0 if 0 in end.winners else 0.0
    out = {}
    for frac, at in zip(fractions, results, strict=True):
        total = at.var(ddof=1)
        within = at.var(axis=1, ddof=1).mean()
        between = at.mean(axis=1).var(ddof=1) - within / again
        out[frac] = float(between / total) if total > 0 else math.nan
    return out


def _line(r: dict[str, Any]) -> str:
    parts = [
        f"{r['game']:<11} ({r['bot']}, {r['games']} games) CPU a game "
        f"{r['cpu_per_game_plain'] * 1e3:.1f} ms, with luck {r['cpu_per_game_luck'] * 1e3:.1f} ms "
        f"(+{r['overhead']:.0%})"
    ]
    for name in ("seat_win", "first_player", "rule_diff"):
        if name in r:
            q = r[name]
            bias = f", vs reference {q['reference']:.4f}: z {q['z']:+.2f}" if "z" in q else ""
            if "one_side" in q:
                bias += f" (the default table's luck alone: {q['one_side']:.2f})"
            parts.append(
                f"  {name:<12} plain {q['plain']:.4f} +-{1.96 * q['plain_se']:.4f}, adjusted "
                f"{q['adjusted']:.4f} +-{1.96 * q['adjusted_se']:.4f}: ratio {q['ratio']:.2f}{bias}"
            )
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``vr`` section; print one block per game (``--json``: the figures as JSON)."""
    p = argparse.ArgumentParser(prog="python -m isslab.bench.vr", description=__doc__.split("\n")[0])
    p.add_argument("--only", default=",".join(RULES), help="the games, comma-separated")
    p.add_argument("--games", type=int, default=300, help="games per question (default 300)")
    p.add_argument("--reference", type=int, default=0, help="games of the plain reference (0: none)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default=None, help="also write the figures to this JSON file")
    p.add_argument(
        "--decided", action="store_true", help="also: how much of the result the position explains, by when"
    )
    args = p.parse_args(argv)
    results = []
    for game in [g.strip() for g in args.only.split(",") if g.strip()]:
        r = bench_game(game, args.games, args.reference, args.seed)
        results.append(r)
        print(_line(r), flush=True)
        if args.decided:
            r["decided"] = decided_share(game, seed=args.seed)
            shares = ", ".join(f"{f:.0%} of the way: {v:.2f}" for f, v in r["decided"].items())
            print(f"  decided: share of the result's variance the position explains, {shares}", flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
