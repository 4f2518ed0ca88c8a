"""The design report at the two ends of luck and skill: ``python -m isslab.bench.reference``.

The report (:func:`isslab.report`) runs on the two reference games at its defaults: ``luck-race``, a
race with no decision at all (every move is a die roll), and ``coin-row``, a game of pure skill with
no chance. What each headline measure gives there is the measuring stick for the board games: a luck
share, a first-player advantage, a runaway leader or a kingmaking share read against these two ends
says where a game stands between them (Ludii publishes the values of its metrics on reference games
in the same spirit). The figures are the report's own, under its first line-up (the default bot in
every seat), so ``isslab.report("luck-race")`` gives the same numbers. ``docs/reference.json`` holds
them; the README shows them as a table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Final

import pandas as pd

from isslab.analysis.report import lineup_label, report
from isslab.bench.markdown import markdown_table

__all__ = ["COMMAND", "GAMES", "MEASURES", "OUT", "bench_reference", "main", "reference_table"]

#: where the figures are written (the README's table is made from them)
OUT: Final = Path(__file__).resolve().parents[2] / "docs" / "reference.json"
#: the command that writes them
COMMAND: Final = "python -m isslab.bench.reference"
#: the reference games, the pure-luck end first
GAMES: Final = ("luck-race", "coin-row")
#: the headline measures: (name in the table, report section, quantity of the section's table or
#: None for the section's first conclusion)
MEASURES: Final = (
    ("luck share", "luck", "luck_share"),
    ("skill: the top rung minus random, in win rate", "ladder", None),
    ("first-player advantage", "turn_order", "first_player_advantage"),
    ("runaway leader: mid-game leader's win rate minus without feedback", "lead", "runaway"),
    ("feedback: slope of the lead's change, minus without feedback", "feedback", None),
    ("kingmaking: share of probes a hopeless last seat decides", "kingmaking", None),
    ("decisions per move", "metrics", "decision_moves"),
    ("lead changes a game", "metrics", "lead_changes"),
    ("drama", "metrics", "drama"),
    ("length in moves", "length", None),
)


def _figure(rep: Any, section: str, quantity: str | None) -> list[float]:
    """One measure of the report under its first line-up: value, low, high."""
    first = lineup_label(rep.lineups[0])
    if quantity is None:
        found = rep.conclusions(section)
        row = found[found["lineup"] == first].iloc[0]
    else:
        table: pd.DataFrame = rep[section]
        row = table[(table["lineup"] == first) & (table["quantity"] == quantity)].iloc[0]
    return [float(row[k]) for k in ("value", "low", "high")]


def bench_reference(game_id: str, games_: int = 120, seed: int = 0, workers: int = 2) -> dict[str, Any]:
    """The report of one reference game at its defaults: its headline measures with their intervals."""
    wall = time.perf_counter()
    rep = report(game_id, games=games_, seed=seed, workers=workers)
    return {
        "game": game_id,
        "players": rep.game.num_players,
        "lineup": list(rep.lineups[0]),
        "measures": {name: _figure(rep, section, q) for name, section, q in MEASURES},
        "wall_seconds": round(time.perf_counter() - wall, 1),
    }


def reference_table(results: dict[str, Any]) -> str:
    """The README's table: a row per measure, a column per reference game (value and interval)."""
    rows = []
    for name, _, _ in MEASURES:
        cells = [name]
        for gid in GAMES:
            v, lo, hi = results["games"][gid]["measures"][name]
            digits = 1 if abs(v) >= 10 else 2
            cells.append(f"{v:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]")
        rows.append(cells)
    head = " | ".join(
        f"{gid} ({lineup_label(tuple(results['games'][gid]['lineup']))}, "
        f"{results['games'][gid]['players']} seats)"
        for gid in GAMES
    )
    return markdown_table(f"measure | {head}", rows)


def main(argv: list[str] | None = None) -> int:
    """Run the report on both reference games, write the figures as JSON and print the table."""
    p = argparse.ArgumentParser(prog=COMMAND, description=__doc__)
    p.add_argument("--games", type=int, default=120, help="games per line-up (the report's default)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    out: dict[str, Any] = {
        "command": COMMAND + (f" --games {args.games}" if args.games != 120 else ""),
        "report": f"isslab.report(game, games={args.games}, seed={args.seed})",
        "games": {gid: bench_reference(gid, args.games, args.seed, args.workers) for gid in GAMES},
    }
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(reference_table(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
