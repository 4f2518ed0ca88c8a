"""Measure the search bots against every heuristic bot: the README's strength table.

    python scripts/strength.py --budgets space-1999=100,400 1969=15,60 --workers 2

For each game the search bot is ``ismcts`` when the game has hidden information, else ``mcts``, at
each budget (simulations per move, default rollouts). It plays two-seat games (the smallest table
of two or more) against each heuristic bot (the registered bots but random, first and the search
bots), the seats swapped every other game. Games are played in batches until the Wilson 95%
interval of the win rate is at most ``--width`` wide (and at least ``--min-games`` were played).
A cooperative game is measured by the team's mean return instead: the search bot plays every seat,
then the heuristic bot does, on the same seeds. Results go to ``--out`` (JSON) and print as a table.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import isslab
from isslab.bots.arena import wilson
from isslab.core import ReturnsKind

SKIP = {"random", "first", "mcts", "ismcts"}


def measure(
    game_id: str,
    searcher: str,
    opponent: str,
    batch: int,
    width: float,
    min_games: int,
    most: int,
    workers: int,
) -> dict[str, Any]:
    """Play batches of seat-swapped games until the interval is narrow enough."""
    info = isslab.make(game_id).info
    players = max(2, info.min_players)
    game = isslab.make(game_id, players=players)
    coop = info.returns is ReturnsKind.COOPERATIVE
    wins, n, k = 0.0, 0, 0
    team: list[float] = []
    other: list[float] = []
    t0 = time.perf_counter()
    while True:
        seed = 1000 + k
        k += 1
        if coop:
            a = isslab.simulate(game, bots=searcher, games=batch, seed=seed, workers=workers, progress=False)
            b = isslab.simulate(game, bots=opponent, games=batch, seed=seed, workers=workers, progress=False)
            team += list(a[a["seat"] == 0]["returns"])
            other += list(b[b["seat"] == 0]["returns"])
            n = len(team)
            mean = sum(team) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in team) / max(1, n - 1))
            lo, hi = mean - 1.96 * sd / math.sqrt(n), mean + 1.96 * sd / math.sqrt(n)
        else:
            for seat in range(2):
                bots = [opponent] * players
                bots[seat] = searcher
                df = isslab.simulate(
                    game, bots=bots, games=batch // 2, seed=seed, workers=workers, progress=False
                )
                mine = df[df["seat"] == seat]
                wins += float(mine["win"].sum())
                n += len(mine)
            lo, hi = wilson(wins, n)
        print(f"  {game_id} {searcher} vs {opponent}: {n} games, [{lo:.3f}, {hi:.3f}]", flush=True)
        if (n >= min_games and hi - lo <= width) or n >= most:
            break
    row: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "searcher": searcher,
        "opponent": opponent,
        "games": n,
        "low": lo,
        "high": hi,
        "seconds": time.perf_counter() - t0,
    }
    if coop:
        row.update(team_score=sum(team) / n, opponent_score=sum(other) / n)
    else:
        row.update(win_rate=wins / n)
    return row


def main() -> None:
    """Run every cell and write the results."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--budgets", nargs="+", default=["space-1999=100,400", "1969=15,60"])
    p.add_argument("--batch", type=int, default=40, help="games per batch (half in each seat)")
    p.add_argument("--width", type=float, default=0.1, help="widest 95%% interval accepted")
    p.add_argument("--min-games", type=int, default=120)
    p.add_argument("--most", type=int, default=800)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", default="strength-results.json")
    args = p.parse_args()
    rows: list[dict[str, Any]] = []
    for spec in args.budgets:
        game_id, _, budgets = spec.partition("=")
        info = isslab.make(game_id).info
        name = "ismcts" if info.hidden_information else "mcts"
        opponents = [b for b in isslab.bot_names(game_id) if b not in SKIP]
        for budget in (int(b) for b in budgets.split(",")):
            for opponent in opponents:
                searcher = f"{name}(simulations={budget})"
                rows.append(
                    measure(
                        game_id,
                        searcher,
                        opponent,
                        args.batch,
                        args.width,
                        args.min_games,
                        args.most,
                        args.workers,
                    )
                )
                with open(args.out, "w") as fh:
                    json.dump(rows, fh, indent=1)
    for r in rows:
        score = r.get("win_rate", r.get("team_score"))
        print(
            f"| {r['game']} | {r['searcher']} | {r['opponent']} | {score:.2f} "
            f"[{r['low']:.2f}, {r['high']:.2f}] | {r['games']} |"
        )


if __name__ == "__main__":
    main()
