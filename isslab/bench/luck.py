"""The luck share of every game over the report's games: ``python -m isslab.bench.luck``.

The ``luck`` section of ``python -m isslab.bench --sections luck`` runs it too.

For each game at its default table, the report's luck section (:mod:`isslab.analysis.report.luck`)
is run at the report's defaults, ``isslab.report(game, sections=["luck"])``: its two line-ups (the
default bot in every seat, and a mix), ``--games`` games each (the report's 120 by default; the
course asks a luck share to rest on at least 100), every game reviewed with the game's shipped
win-chance model. The figures are the report's own, so ``isslab.report(game, games=N,
sections=["luck"])`` gives the same numbers. Per game and line-up: the luck share with its 95%
bootstrap interval over games, the luck's and the decisions' mean sizes, when the game is decided,
the report's reading; per game: the CPU seconds (this process and its worker processes) and the wall
seconds. Reviews cost from under a second (Space: 1999) to several seconds a game (Mission ISS), so
these figures are measured here, never in the test suite; ``docs/luck.json`` holds them, and
notebook 12 shows them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Final

from isslab.analysis.report import lineup_label, report
from isslab.core import games, make

__all__ = ["COMMAND", "OUT", "bench_luck", "main"]

#: where the figures are written (the course reads them)
OUT: Final = Path(__file__).resolve().parents[2] / "docs" / "luck.json"
#: the command that writes them, as the course names it
COMMAND: Final = "python -m isslab.bench.luck"
#: the figures of the report's luck section kept per line-up
_FIGURES: Final = ("luck_share", "luck_size", "decisions_size", "decided_at")


def bench_luck(game_id: str, games_: int = 120, seed: int = 0, workers: int = 2) -> dict[str, Any]:
    """The report's luck section of ``game_id`` at its default table, per line-up, with its cost."""
    wall, cpu = time.perf_counter(), _cpu()
    rep = report(game_id, games=games_, seed=seed, workers=workers, sections=["luck"])
    table = rep["luck"]
    readings = rep.readings.get("luck", [])
    lineups = []
    for lineup in rep.lineups:
        label = lineup_label(lineup)
        rows: dict[Any, dict[Any, Any]] = (
            table[table["lineup"] == label].set_index("quantity").to_dict("index")
        )
        entry: dict[str, Any] = {
            "lineup": list(lineup),
            "label": label,
            "games": int(rows["luck_share"]["games"]),
        }
        for name in _FIGURES:
            entry[name] = [float(rows[name][k]) for k in ("value", "low", "high")]
        lineups.append(entry)
    return {
        "game": game_id,
        "players": make(game_id).num_players,
        "lineups": lineups,
        "readings": readings,
        "cpu_seconds": round(_cpu() - cpu, 1),
        "wall_seconds": round(time.perf_counter() - wall, 1),
    }


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main(argv: list[str] | None = None) -> int:
    """Measure every game's luck share and write the figures as JSON (after each game)."""
    p = argparse.ArgumentParser(prog=COMMAND, description=__doc__)
    p.add_argument("--games", type=int, default=120, help="games per line-up (the report's default)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", help="one game id (the others are kept from the file)")
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    old = json.loads(args.out.read_text()) if args.only and args.out.exists() else {"games": {}}
    out: dict[str, Any] = {
        "command": COMMAND + (f" --games {args.games}" if args.games != 120 else ""),
        "report": f"isslab.report(game, games={args.games}, seed={args.seed}, sections=['luck'])",
        "games_per_lineup": args.games,
        "seed": args.seed,
        "workers": args.workers,
        "games": old["games"],
    }
    print(f"{'game':12} {'line-up':32} {'luck share':>22} {'games':>6} {'CPU s':>7}")
    for gid in [args.only] if args.only else games():
        row = bench_luck(gid, args.games, args.seed, args.workers)
        out["games"][gid] = row
        for lu in row["lineups"]:
            v, lo, hi = lu["luck_share"]
            print(
                f"{gid:12} {lu['label']:32} {v:8.2f} [{lo:.2f}, {hi:.2f}] {lu['games']:6} "
                f"{row['cpu_seconds']:7.0f}"
            )
        args.out.write_text(json.dumps(out, indent=2) + "\n")  # after each game: a long run keeps what it has
    return 0


if __name__ == "__main__":
    sys.exit(main())
