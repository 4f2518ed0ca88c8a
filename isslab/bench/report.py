"""How long ``isslab.report`` takes at its default size, per game: ``python -m isslab.bench.report``.

The ``report`` section of ``python -m isslab.bench --sections report`` runs it too.

For each game at its default table (and 1998 ISS's solo game), the report at its defaults
(``workers=2``) is timed ``--repeat`` times; the medians of the wall-clock seconds and of the CPU
seconds (this process and its worker processes) are printed, with each section's wall-clock share of
the slowest run. The target: under a minute per game on two cores. On a busy machine the wall-clock
figure grows with the load while the CPU figure stays near what the report costs; half the CPU
seconds is what two idle cores would take at best.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Any

from isslab.analysis.report import report
from isslab.core import make

__all__ = ["bench_report", "main"]

#: the tables timed: every game at its defaults, and the solo game of 1998 ISS
TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("space-1999", {}),
    ("1969", {}),
    ("mission-iss", {}),
    ("1998-iss", {}),
    ("1998-iss", {"players": 1}),
)


def bench_report(game_id: str, options: dict[str, Any], repeat: int = 3, workers: int = 2) -> dict[str, Any]:
    """Median wall-clock and CPU seconds of ``isslab.report(game_id, **options)`` at its defaults."""
    walls, cpus, timings = [], [], {}
    for _ in range(repeat):
        rep = report(game_id, workers=workers, **options)
        walls.append(rep.wall_seconds)
        cpus.append(rep.cpu_seconds)
        if rep.wall_seconds >= max(walls):
            timings = dict(rep.timings)
    n = make(game_id, **options).num_players
    return {
        "game": game_id,
        "players": n,
        "repeat": repeat,
        "workers": workers,
        "wall_seconds": statistics.median(walls),
        "cpu_seconds": statistics.median(cpus),
        "sections_wall_seconds": timings,
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def main(argv: list[str] | None = None) -> int:
    """Time the report of every game and print a table (and write it as JSON with ``--out``)."""
    p = argparse.ArgumentParser(prog="python -m isslab.bench.report", description=__doc__)
    p.add_argument("--repeat", type=int, default=3, help="runs per game; the medians are reported")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", help="one game id")
    p.add_argument("--out", help="write the rows to this JSON file")
    args = p.parse_args(argv)
    rows = []
    print(f"{'game':12} {'players':>7} {'wall s':>8} {'CPU s':>8}  load  slowest sections (wall s)")
    for gid, options in TABLES:
        if args.only and gid != args.only:
            continue
        row = bench_report(gid, options, args.repeat, args.workers)
        rows.append(row)
        top = sorted(row["sections_wall_seconds"].items(), key=lambda kv: -kv[1])[:3]
        load = row["load_average"]
        print(
            f"{gid:12} {row['players']:7} {row['wall_seconds']:8.1f} {row['cpu_seconds']:8.1f} "
            f"{load if load is not None else float('nan'):5.1f}  " + ", ".join(f"{k} {v:.1f}" for k, v in top)
        )
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(rows, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
