"""Measure the search bots against every heuristic bot: the README's strength table.

    python -m isslab.bench.strength --budgets space-1999=25,100 1969=10,20 --workers 2

For each game the search bot is ``ismcts`` when the game has hidden information, else ``mcts``, at
each budget (simulations per move, default rollouts; ``--value model``: leaves valued by the fitted
win-chance model of the table, fitted or loaded first). It plays two-seat games (the smallest table
of two or more) against each heuristic bot (the registered bots but random, first and the search
bots), the seats swapped within every batch on the same seeds. Games are played in batches until
the Wilson 95% interval of the win rate is at most ``--width`` wide (and at least ``--min-games``
were played). A cooperative game is measured by the team's success rate (its ``win``) and mean
return instead: the search bot plays every seat, then the heuristic bot does, on the same seeds,
until the search team's success rate has an interval that narrow. Results go to ``--out`` (JSON)
and print as a table; the progress of every cell is saved after each batch (``--out`` +
``.progress``), so a run that is stopped goes on where it stopped when started again.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from isslab.core import ReturnsKind, bot_names, games, make
from isslab.frames.stats import wilson_interval
from isslab.sim.api import simulate

SKIP = {"random", "first", "mcts", "ismcts"}


def measure(
    game_id: str,
    searcher: str,
    opponent: str,
    args: argparse.Namespace,
    cell: dict[str, Any],
    save: Callable[[], None],
) -> dict[str, Any]:
    """Play batches of seat-swapped games until the interval is narrow enough (resuming ``cell``)."""
    info = make(game_id).info
    players = max(2, info.min_players)
    game = make(game_id, players=players)
    coop = info.returns is ReturnsKind.COOPERATIVE
    wins, n, k = float(cell.get("wins", 0.0)), int(cell.get("n", 0)), int(cell.get("k", 0))
    other_wins = float(cell.get("other_wins", 0.0))
    team: list[float] = list(cell.get("team", []))
    other: list[float] = list(cell.get("other", []))
    t0 = time.perf_counter() - float(cell.get("seconds", 0.0))
    lo, hi = (0.0, 1.0) if n == 0 else (cell["low"], cell["high"])
    while not ((n >= args.min_games and hi - lo <= args.width) or n >= args.most):
        seed = 1000 + k
        k += 1
        if coop:
            # the team's success (every seat shares one result) and its mean return, the search
            # bot in every seat; the heuristic team is measured the same way on the same seeds
            for who, results in ((searcher, team), (opponent, other)):
                df = simulate(
                    game, bots=who, games=args.batch, seed=seed, workers=args.workers, progress=False
                )
                results += [float(r) for r in df[df["seat"] == 0]["returns"]]
                won = float(df[df["seat"] == 0]["win"].sum())
                if who == searcher:
                    wins += won
                else:
                    other_wins += won
            n = len(team)
            lo, hi = wilson_interval(wins, n)
        else:
            for seat in range(2):
                bots = [opponent] * players
                bots[seat] = searcher
                df = simulate(
                    game, bots=bots, games=args.batch // 2, seed=seed, workers=args.workers, progress=False
                )
                mine = df[df["seat"] == seat]
                wins += float(mine["win"].sum())
                n += len(mine)
            lo, hi = wilson_interval(wins, n)
        print(f"  {game_id} {searcher} vs {opponent}: {n} games, [{lo:.3f}, {hi:.3f}]", flush=True)
        cell.update(
            wins=wins,
            other_wins=other_wins,
            n=n,
            k=k,
            team=team,
            other=other,
            low=lo,
            high=hi,
            seconds=time.perf_counter() - t0,
        )
        save()
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
    row.update(win_rate=wins / n)
    if coop:  # the win rate is the search team's success rate
        row.update(team_score=sum(team) / n, opponent_score=sum(other) / n, opponent_win_rate=other_wins / n)
    return row


def main() -> None:
    """Run every cell and write the results."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--budgets",
        nargs="+",
        default=["space-1999=25,100", "mission-iss=5,20", "1969=10,20", "1998-iss=2,5"],
    )
    p.add_argument("--batch", type=int, default=40, help="games per batch (half in each seat)")
    p.add_argument("--width", type=float, default=0.1, help="widest 95%% interval accepted")
    p.add_argument("--min-games", type=int, default=120)
    p.add_argument("--most", type=int, default=800)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--opponents", nargs="+", help="only these heuristic bots (default: every one)")
    p.add_argument(
        "--value",
        choices=["rollout", "model"],
        default="rollout",
        help="how the search values new leaves: rollouts, or the fitted win-chance model (fitted first)",
    )
    p.add_argument("--out", default="strength-results.json")
    p.add_argument("--table", nargs="+", metavar="JSON", help="only print the table of these result files")
    args = p.parse_args()
    plan = _check(p, args)
    if args.table:
        rows_: list[dict[str, Any]] = []
        for path in args.table:
            with open(path) as fh:
                rows_ += json.load(fh)
        print(table(rows_))
        return
    progress_file = args.out + ".progress"
    try:
        with open(progress_file) as fh:
            cells: dict[str, Any] = json.load(fh)
    except FileNotFoundError:
        cells = {}

    def save() -> None:
        with open(progress_file, "w") as fh:
            json.dump(cells, fh)

    rows: list[dict[str, Any]] = []
    for game_id, budgets in plan:
        info = make(game_id).info
        name = "ismcts" if info.hidden_information else "mcts"
        opponents = [b for b in bot_names(game_id) if b not in SKIP]
        opponents = [b for b in opponents if not args.opponents or b in args.opponents]
        if args.value == "model":  # fit (or load) the two-seat table's model once, before the workers
            from isslab.analysis import winprob

            winprob.model(make(game_id, players=max(2, info.min_players)), workers=args.workers)
        for budget in budgets:
            for opponent in opponents:
                value = ", value=model" if args.value == "model" else ""
                searcher = f"{name}(simulations={budget}{value})"
                cell = cells.setdefault(f"{game_id}|{searcher}|{opponent}", {})
                rows.append(measure(game_id, searcher, opponent, args, cell, save))
                with open(args.out, "w") as fh:
                    json.dump(rows, fh, indent=1)
    print(table(rows))


def _check(p: argparse.ArgumentParser, args: argparse.Namespace) -> list[tuple[str, list[int]]]:
    """The arguments checked (argparse's one-line error otherwise); the games and their budgets."""
    from isslab.bots.mcts import MAX_SIMULATIONS

    for name, value, lo in (
        ("--batch", args.batch, 2),
        ("--min-games", args.min_games, 1),
        ("--workers", args.workers, 1),
    ):
        if value < lo:
            p.error(f"{name} must be at least {lo}, got {value}")
    if args.most < args.min_games:
        p.error(f"--most ({args.most}) must be at least --min-games ({args.min_games})")
    if not 0 < args.width <= 1:
        p.error(f"--width must be above 0 and at most 1, got {args.width}")
    plan = []
    for spec in args.budgets:
        game_id, eq, text = spec.partition("=")
        if not eq or game_id not in games():
            p.error(f"--budgets {spec!r}: give game=n,n with a game among {', '.join(games())}")
        try:
            budgets = [int(b) for b in text.split(",")]
        except ValueError:
            p.error(f"--budgets {spec!r}: the budgets must be whole numbers, like {game_id}=10,20")
        if not budgets or not all(1 <= b <= MAX_SIMULATIONS for b in budgets):
            p.error(f"--budgets {spec!r}: each budget from 1 to {MAX_SIMULATIONS:,} simulations")
        plan.append((game_id, budgets))
    return plan


def table(rows: list[dict[str, Any]]) -> str:
    """The README's markdown table of result rows: one line per game, search bot budget and opponent."""
    lines = [
        "| game (table) | search bot | opponent | search bot's win rate [95% interval] | games |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        rate = f"{r['win_rate']:.2f} [{r['low']:.2f}, {r['high']:.2f}]"
        if "team_score" in r:  # cooperative: both teams' success and mean return
            rate = (
                f"team success {rate}, {r['team_score']:.1f} modules (the {r['opponent']} team: "
                f"{r['opponent_win_rate']:.2f}, {r['opponent_score']:.1f} modules)"
            )
        table_ = f"{r['players']} {'players, one team' if 'team_score' in r else 'seats'}"
        lines.append(
            f"| {r['game']} ({table_}) | `{r['searcher']}` | `{r['opponent']}` | {rate} | {r['games']} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
