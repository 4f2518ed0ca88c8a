"""The benchmark: ``python -m isslab.bench`` prints games/s and steps/s per game and bot, writes JSON.

Each figure is the median of ``--repeat`` runs on one core (a plain loop over ``isslab.play``);
``--parallel N`` also times ``isslab.simulate`` of N games with the default bot and ``workers=2``.
Speed is measured here, never in timed tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from typing import Any

from isslab.core import bot_names, games, make
from isslab.play import play
from isslab.sim import simulate

__all__ = ["bench_play", "bench_simulate", "main"]


def bench_play(game_id: str, bot: str, games_: int, repeat: int) -> dict[str, Any]:
    """Median games/s and steps/s of ``games_`` sequential games on one core."""
    game = make(game_id)
    play(game, bot, seed=0)  # warm caches (tables, bot memo) before timing
    rates, step_rates, steps = [], [], 0
    for r in range(repeat):
        steps = 0
        t0 = time.perf_counter()
        for i in range(games_):
            steps += play(game, bot, seed=r * games_ + i).steps
        dt = time.perf_counter() - t0
        rates.append(games_ / dt)
        step_rates.append(steps / dt)
    return {
        "game": game_id,
        "bot": bot,
        "players": game.num_players,
        "games": games_,
        "repeat": repeat,
        "games_per_s": statistics.median(rates),
        "steps_per_s": statistics.median(step_rates),
        "steps_per_game": steps / games_,
    }


def bench_simulate(game_id: str, bot: str, games_: int, workers: int, repeat: int) -> dict[str, Any]:
    """Median wall time of ``isslab.simulate`` over ``games_`` games with ``workers`` processes."""
    times = []
    for r in range(repeat):
        t0 = time.perf_counter()
        simulate(game_id, bots=bot, games=games_, seed=r, workers=workers, progress=False)
        times.append(time.perf_counter() - t0)
    return {
        "game": game_id,
        "bot": bot,
        "games": games_,
        "workers": workers,
        "seconds": statistics.median(times),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table."""
    p = argparse.ArgumentParser(prog="python -m isslab.bench", description=__doc__)
    p.add_argument("--games", type=int, default=200, help="games per timing run (one core)")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure; the median is reported")
    p.add_argument("--parallel", type=int, default=10_000, help="games for the workers=2 run (0: skip)")
    p.add_argument("--only", help="one game id")
    p.add_argument("--out", default="bench-results.json")
    args = p.parse_args(argv)
    ids = [args.only] if args.only else games()
    results: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "single_core": [],
        "parallel": [],
    }
    print(f"{'game':12} {'bot':8} {'games/s':>10} {'steps/s':>11} {'steps/game':>11}")
    for gid in ids:
        default = make(gid).info.default_bot  # the heuristic bot each game is benchmarked with
        bots = ["random"] + ([default] if default != "random" and default in bot_names(gid) else [])
        for bot in bots:
            # random Space: 1999 games are long; fewer of them give the same precision
            n = max(20, args.games // 5) if bot == "random" else args.games
            row = bench_play(gid, bot, n, args.repeat)
            results["single_core"].append(row)
            print(
                f"{gid:12} {bot:8} {row['games_per_s']:10,.0f} {row['steps_per_s']:11,.0f} "
                f"{row['steps_per_game']:11,.0f}"
            )
    if args.parallel:
        for gid in ids:
            bot = make(gid).info.default_bot
            row = bench_simulate(gid, bot, args.parallel, 2, args.repeat)
            results["parallel"].append(row)
            print(f"{gid:12} {bot:8} {args.parallel:,} games, workers=2: {row['seconds']:.2f} s (median)")
    with open(args.out, "w") as fh:
        json.dump(results, fh, indent=2)
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
