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

``--expert`` measures the expert (:mod:`isslab.bots.expert`) and the difficulty levels instead, in
the cells named (any of ``duel table solo team levels``), for each bot of ``--bots`` (default:
``expert(fast=True)`` then ``expert``):

* ``duel``: two seats against every heuristic bot, seats alternating on the same seeds, until the
  win rate's Wilson 95% interval is clear of 0.5 (at least ``--min-games``; at most ``--most``);
* ``table``: one expert among the default bots at the game's default table, its seat going round
  every seat on the same seeds, until the interval is clear of the fair share 1/n;
* ``solo``: the 1998 ISS solo game, the margin over FEDOR (score minus FEDOR's) of every heuristic
  bot and of the expert on the same seeds (``--solo-games`` each; the expert's games stop once its
  interval is clear of every heuristic bot's);
* ``team``: Mission ISS at 2 and 4 players, a team of experts and a ``planner`` team on the same
  seeds, until the paired interval of ``success(expert) - 2 success(planner)`` is clear of 0;
* ``levels``: ``easy`` against ``medium`` in two seats (the games of ``hard`` against ``medium``
  are those of ``expert`` against the default bot, move for move: the ``duel`` rows), and in
  Mission ISS the ``easy`` and ``medium`` teams beside the expert's.

Stopping a cell once its interval is clear is a sequential rule checked after every batch, so the
95% is nominal; ``--min-games`` keeps the first looks from deciding. ``--update FILE`` writes the
rows into FILE (docs/strength.json), replacing the rows of the same cells and keeping the others.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from isslab.bench.engines import cpu_seconds
from isslab.bench.markdown import markdown_table
from isslab.core import Game, ReturnsKind, bot_names, games, make
from isslab.core import bot as get_bot
from isslab.frames.stats import mean_interval, wilson_interval
from isslab.sim.api import simulate

#: the bots that are not heuristics of a game (registered for every game)
SKIP = {"random", "first", "mcts", "ismcts", "expert", "easy", "medium", "hard"}


def _batches(
    args: argparse.Namespace,
    cell: dict[str, Any],
    save: Callable[[], None],
    play_batch: Callable[[int], None],
    done: Callable[[], bool],
    label: Callable[[], str],
) -> None:
    """Play batch after batch (seed ``1000 + k`` for batch ``k``, resuming ``cell``) until ``done``."""
    while not done():
        k = int(cell.get("k", 0))
        t0 = cpu_seconds()  # the workers' CPU too: they play the games
        play_batch(1000 + k)
        cell["k"] = k + 1
        cell["cpu"] = float(cell.get("cpu", 0.0)) + cpu_seconds() - t0
        save()
        print(f"  {label()}", flush=True)


def _enough(args: argparse.Namespace, n: int, settled: bool) -> bool:
    """Whether a cell stops after ``n`` games: at ``--most``, or once ``settled`` after ``--min-games``."""
    return n >= args.most or (n >= args.min_games and settled)


def _win_interval(cell: dict[str, Any]) -> tuple[float, float]:
    """The Wilson 95% interval of the cell's win rate (all of [0, 1] before its first game)."""
    return wilson_interval(cell["wins"], cell["n"]) if cell["n"] else (0.0, 1.0)


def _each_seat(
    game: Game, bot: str, opponent: str, args: argparse.Namespace, cell: dict[str, Any], seed: int
) -> None:
    """A batch of ``bot`` in each seat in turn among ``opponent``s: its wins and games added to ``cell``."""
    n_seats = game.num_players
    for seat in range(n_seats):
        bots = [opponent] * n_seats
        bots[seat] = bot
        games = max(1, args.batch // n_seats)
        df = simulate(game, bots=bots, games=games, seed=seed, workers=args.workers, progress=False)
        mine = df[df["seat"] == seat]
        cell["wins"] += float(mine["win"].sum())
        cell["n"] += len(mine)


def _team_games(game: Game, who: str, args: argparse.Namespace, seed: int) -> pd.DataFrame:
    """A batch of a team of ``who`` in every seat: the first seat's rows (the team shares one result)."""
    df = simulate(game, bots=who, games=args.batch, seed=seed, workers=args.workers, progress=False)
    return df[df["seat"] == 0].sort_values("game")


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
    game = make(game_id, players=max(2, info.min_players))
    coop = info.returns is ReturnsKind.COOPERATIVE
    for key, empty in (("wins", 0.0), ("other_wins", 0.0), ("n", 0), ("team", []), ("other", [])):
        cell.setdefault(key, empty)
    t0 = time.perf_counter() - float(cell.get("seconds", 0.0))

    def play_batch(seed: int) -> None:
        if coop:
            # the team's success (every seat shares one result) and its mean return, the search
            # bot in every seat; the heuristic team is measured the same way on the same seeds
            for who, results, wins in ((searcher, "team", "wins"), (opponent, "other", "other_wins")):
                first = _team_games(game, who, args, seed)
                cell[results] += [float(r) for r in first["returns"]]
                cell[wins] += float(first["win"].sum())
            cell["n"] = len(cell["team"])
        else:
            _each_seat(game, searcher, opponent, args, cell, seed)
        cell["seconds"] = time.perf_counter() - t0

    def done() -> bool:
        lo, hi = _win_interval(cell)
        return _enough(args, cell["n"], hi - lo <= args.width)

    def label() -> str:
        lo, hi = _win_interval(cell)
        return f"{game_id} {searcher} vs {opponent}: {cell['n']} games, [{lo:.3f}, {hi:.3f}]"

    _batches(args, cell, save, play_batch, done, label)
    n = cell["n"]
    lo, hi = _win_interval(cell)
    row: dict[str, Any] = {
        "game": game_id,
        "players": game.num_players,
        "searcher": searcher,
        "opponent": opponent,
        "games": n,
        "low": lo,
        "high": hi,
        "seconds": time.perf_counter() - t0,
    }
    row.update(win_rate=cell["wins"] / n)
    if coop:  # the win rate is the search team's success rate
        row.update(
            team_score=sum(cell["team"]) / n,
            opponent_score=sum(cell["other"]) / n,
            opponent_win_rate=cell["other_wins"] / n,
        )
    return row


# --------------------------------------------------------------------------------------------------
# the expert and the levels (--expert)
# --------------------------------------------------------------------------------------------------

EXPERT_CELLS = ("duel", "table", "solo", "team", "levels")
#: the competitive games and the seats of their duels (1998 ISS two players, not solo)
DUEL_GAMES = ("space-1999", "1969", "1998-iss")
TEAM_PLAYERS = (2, 4)


def heuristics(game_id: str) -> list[str]:
    """The game's heuristic bots, the default first."""
    default = make(game_id).info.default_bot
    return [default, *(b for b in bot_names(game_id) if b not in SKIP and b != default)]


def _clear(lo: float, hi: float, bar: float) -> bool:
    return lo > bar or hi < bar


def _seat_going_round(
    game: Game,
    kind: str,
    bot: str,
    opponent: str,
    args: argparse.Namespace,
    cell: dict[str, Any],
    save: Callable[[], None],
    label: Callable[[], str],
) -> dict[str, Any]:
    """One ``bot`` among ``opponent``s, its seat going round on the same seeds, until clear of 1/n."""
    n_seats = game.num_players
    cell.setdefault("wins", 0.0)
    cell.setdefault("n", 0)

    def done() -> bool:
        return _enough(args, cell["n"], _clear(*_win_interval(cell), 1 / n_seats))

    _batches(args, cell, save, partial(_each_seat, game, bot, opponent, args, cell), done, label)
    lo, hi = _win_interval(cell)
    return {
        "game": game.id,
        "kind": kind,
        "players": n_seats,
        "bot": bot,
        "opponent": opponent,
        "games": cell["n"],
        "win_rate": cell["wins"] / cell["n"],
        "low": lo,
        "high": hi,
        "bar": 1 / n_seats,
        "cpu_seconds": cell["cpu"],
    }


def duel(
    game_id: str,
    bot: str,
    opponent: str,
    args: argparse.Namespace,
    cell: dict[str, Any],
    save: Callable[[], None],
) -> dict[str, Any]:
    """``bot`` against ``opponent`` in two seats, seats alternating on the same seeds, until clear of 0.5."""
    game = make(game_id, players=2)
    return _seat_going_round(
        game, "duel", bot, opponent, args, cell, save,
        lambda: f"{game_id} {bot} vs {opponent}: {cell['n']} games, {cell['wins'] / cell['n']:.3f}",
    )  # fmt: skip


def at_table(
    game_id: str, bot: str, args: argparse.Namespace, cell: dict[str, Any], save: Callable[[], None]
) -> dict[str, Any]:
    """One ``bot`` among the default bots at the default table, its seat going round, until clear of 1/n."""
    game = make(game_id)
    default = game.info.default_bot
    return _seat_going_round(
        game, "table", bot, default, args, cell, save,
        lambda: f"{game_id} table of {game.num_players}, one {bot}: {cell['n']} games",
    )  # fmt: skip


def _margins(bot: str, seed: int, games: int, workers: int) -> list[float]:
    game = make("1998-iss", players=1)
    df = simulate(game, bots=bot, games=games, seed=seed, workers=workers, progress=False)
    return [float(x) for x in df["score"] - df["fedor_score"]]


def _solo_label(bot: str, cell: dict[str, Any]) -> str:
    return f"1998-iss solo {bot}: {len(cell['margins'])} games"


def solo(
    bots: list[str], args: argparse.Namespace, cells: dict[str, Any], save: Callable[[], None]
) -> list[dict[str, Any]]:
    """1998 ISS solo: each heuristic bot's margin over FEDOR, then each of ``bots`` until clear of them."""
    rows = []
    best_high = -math.inf
    for bot in heuristics("1998-iss") + bots:
        cell = cells.setdefault(f"1998-iss|solo|{bot}", {})
        cell.setdefault("margins", [])
        cell.setdefault("wins", 0.0)
        heuristic = bot not in bots

        def play_batch(seed: int, bot: str = bot, cell: dict[str, Any] = cell) -> None:
            cell["margins"] += _margins(bot, seed, args.batch, args.workers)

        def done(cell: dict[str, Any] = cell, heuristic: bool = heuristic, bar: float = best_high) -> bool:
            m = cell["margins"]
            if heuristic:
                return bool(len(m) >= args.solo_games)
            lo, _ = mean_interval(np.array(m)) if len(m) > 1 else (-math.inf, math.inf)
            return _enough(args, len(m), bool(lo > bar))

        _batches(args, cell, save, play_batch, done, partial(_solo_label, bot, cell))
        m = np.array(cell["margins"])
        lo, hi = mean_interval(m)
        if heuristic:
            best_high = max(best_high, hi)
        rows.append(
            {
                "game": "1998-iss",
                "kind": "solo",
                "players": 1,
                "bot": bot,
                "opponent": "FEDOR",
                "games": len(m),
                "margin": float(m.mean()),
                "low": lo,
                "high": hi,
                "win_rate": float((m > 0).mean()),
                "cpu_seconds": cell["cpu"],
            }
        )
    return rows


def team(
    bot: str,
    players: int,
    args: argparse.Namespace,
    cell: dict[str, Any],
    save: Callable[[], None],
    others: tuple[str, ...] = ("planner",),
) -> dict[str, Any]:
    """Mission ISS: teams of ``bot`` and of ``others`` on the same seeds, until clear of twice the first's."""
    game = make("mission-iss", players=players)
    for who in (bot, *others):
        cell.setdefault(who, {"success": [], "modules": []})

    def play_batch(seed: int) -> None:
        for who in (bot, *others):
            first = _team_games(game, who, args, seed)
            cell[who]["success"] += [float(x) for x in first["win"]]
            cell[who]["modules"] += [float(x) for x in first["returns"]]

    def paired() -> tuple[float, float]:
        d = np.array(cell[bot]["success"]) - 2 * np.array(cell[others[0]]["success"])
        return mean_interval(d) if len(d) > 1 else (-math.inf, math.inf)

    def done() -> bool:
        return _enough(args, len(cell[bot]["success"]), _clear(*paired(), 0.0))

    def label() -> str:
        return f"mission-iss {players} players, {bot} team: {len(cell[bot]['success'])} games"

    _batches(args, cell, save, play_batch, done, label)
    n = len(cell[bot]["success"])
    row: dict[str, Any] = {
        "game": "mission-iss",
        "kind": "team",
        "players": players,
        "bot": bot,
        "opponent": others[0],
        "games": n,
    }
    for who, key in ((bot, "bot"), *((o, o) for o in others)):
        k = sum(cell[who]["success"])
        lo, hi = wilson_interval(k, n)
        row[f"{key}_success"] = k / n
        row[f"{key}_low"], row[f"{key}_high"] = lo, hi
        row[f"{key}_modules"] = float(np.mean(cell[who]["modules"]))
    row["win_rate"], row["low"], row["high"] = row["bot_success"], row["bot_low"], row["bot_high"]
    row["twice_low"], row["twice_high"] = paired()
    row["cpu_seconds"] = cell.get("cpu", 0.0)
    return row


def run_expert(
    args: argparse.Namespace, cells: dict[str, Any], save: Callable[[], None]
) -> list[dict[str, Any]]:
    """Every cell of ``--expert`` for every bot of ``--bots``: the rows."""
    rows: list[dict[str, Any]] = []
    chosen = args.games or games()
    for bot in args.bots:
        for game_id in chosen:
            if "duel" in args.expert and game_id in DUEL_GAMES:
                for opponent in heuristics(game_id):
                    cell = cells.setdefault(f"{game_id}|duel|{bot}|{opponent}", {})
                    rows.append(duel(game_id, bot, opponent, args, cell, save))
            if "table" in args.expert and game_id in DUEL_GAMES:
                rows.append(
                    at_table(game_id, bot, args, cells.setdefault(f"{game_id}|table|{bot}", {}), save)
                )
            if "team" in args.expert and game_id == "mission-iss":
                for players in args.team_players:
                    cell = cells.setdefault(f"mission-iss|team|{bot}|{players}", {})
                    rows.append(team(bot, players, args, cell, save))
    if "solo" in args.expert and "1998-iss" in chosen:
        rows += solo(list(args.bots), args, cells, save)
    if "levels" in args.expert:
        for game_id in chosen:
            if game_id in DUEL_GAMES:
                cell = cells.setdefault(f"{game_id}|duel|easy|medium", {})
                rows.append(duel(game_id, "easy", "medium", args, cell, save))
            else:
                for players in TEAM_PLAYERS:
                    cell = cells.setdefault(f"mission-iss|team|medium|{players}|easy", {})
                    rows.append(team("medium", players, args, cell, save, others=("easy",)))
    return rows


def _key(row: dict[str, Any]) -> tuple[Any, ...]:
    """The cell a row measures (rows of the same cell replace each other in ``--update``)."""
    return (
        row["game"],
        row.get("kind", "search"),
        row.get("bot", row.get("searcher")),
        row["opponent"],
        row["players"],
    )


def update(path: str, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` into the JSON list at ``path``: rows of the same cells are replaced, others kept."""
    try:
        with open(path) as fh:
            old: list[dict[str, Any]] = json.load(fh)
    except FileNotFoundError:
        old = []
    new = {_key(r) for r in rows}
    with open(path, "w") as fh:
        json.dump([r for r in old if _key(r) not in new] + rows, fh, indent=1)
        fh.write("\n")


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
    p.add_argument("--expert", nargs="+", choices=EXPERT_CELLS, help="measure the expert in these cells")
    p.add_argument("--bots", nargs="+", default=["expert(fast=True)", "expert"], help="the experts measured")
    p.add_argument("--games", nargs="+", help="only these games (--expert)")
    p.add_argument(
        "--team-players",
        nargs="+",
        type=int,
        choices=TEAM_PLAYERS,
        default=list(TEAM_PLAYERS),
        help="the Mission ISS team sizes of the team cell (default: 2 4)",
    )
    p.add_argument("--solo-games", type=int, default=400, help="games of each heuristic bot (solo cell)")
    p.add_argument(
        "--update", metavar="JSON", help="also write the rows into this file, replacing their cells"
    )
    args = p.parse_args()
    plan = _check(p, args)
    if args.table:
        rows_: list[dict[str, Any]] = []
        for path in args.table:
            with open(path) as fh:
                rows_ += json.load(fh)
        print(table([r for r in rows_ if "kind" not in r]))
        print(expert_table([r for r in rows_ if "kind" in r]))
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

    if args.expert:
        expert_rows = run_expert(args, cells, save)
        with open(args.out, "w") as fh:
            json.dump(expert_rows, fh, indent=1)
        if args.update:
            update(args.update, expert_rows)
        print(expert_table(expert_rows))
        return
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
    for game_id in args.games or []:
        if game_id not in games():
            p.error(f"--games {game_id!r}: the games are {', '.join(games())}")
    for bot in args.bots:
        for game_id in args.games or games():
            try:
                get_bot(game_id, bot)
            except ValueError as e:
                p.error(f"--bots {bot!r}: {e}")
    if args.solo_games < 2:
        p.error(f"--solo-games must be at least 2, got {args.solo_games}")
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
    lines: list[tuple[str, ...]] = []
    for r in rows:
        rate = f"{r['win_rate']:.2f} [{r['low']:.2f}, {r['high']:.2f}]"
        if "team_score" in r:  # cooperative: both teams' success and mean return
            rate = (
                f"team success {rate}, {r['team_score']:.1f} modules (the {r['opponent']} team: "
                f"{r['opponent_win_rate']:.2f}, {r['opponent_score']:.1f} modules)"
            )
        table_ = f"{r['players']} {'players, one team' if 'team_score' in r else 'seats'}"
        lines.append(
            (f"{r['game']} ({table_})", f"`{r['searcher']}`", f"`{r['opponent']}`", rate, str(r["games"]))
        )
    header = "game (table) | search bot | opponent | search bot's win rate [95% interval] | games"
    return markdown_table(header, lines)


def _rate(r: dict[str, Any], key: str = "") -> str:
    pre = f"{key}_" if key else ""
    rate = r[f"{pre}success"] if key else r["win_rate"]
    return f"{rate:.2f} [{r[f'{pre}low']:.2f}, {r[f'{pre}high']:.2f}]"


def expert_table(rows: list[dict[str, Any]]) -> str:
    """The README's markdown table of the expert's rows: one line per cell."""
    lines: list[tuple[str, ...]] = []
    for r in rows:
        kind = r["kind"]
        if kind == "duel":
            where, result = "2 seats", f"wins {_rate(r)}"
            # a level is measured against the level above it: it should lose
            bar = "below 0.5" if r["bot"] == "easy" else "above 0.5"
        elif kind == "table":
            where, result = f"{r['players']} seats", f"wins {_rate(r)}"
            bar = f"above 1/{r['players']}"
        elif kind == "solo":
            where, bar = "solo", "above every heuristic bot's"
            result = f"margin {r['margin']:+.1f} [{r['low']:+.1f}, {r['high']:+.1f}]"
        else:
            where = f"{r['players']} players, one team"
            o = r["opponent"]
            result = (
                f"success {_rate(r, 'bot')}, {r['bot_modules']:.1f} modules; the {o} team "
                f"{_rate(r, o)}, {r[f'{o}_modules']:.1f} modules"
            )
            bar = f"twice the {o} team's: difference [{r['twice_low']:+.2f}, {r['twice_high']:+.2f}]"
        against = f"`{r['opponent']}`" + (" bots" if kind == "table" else "")
        lines.append((f"{r['game']} ({where})", f"`{r['bot']}`", against, result, bar, str(r["games"])))
    return markdown_table("game (table) | bot | against | result [95% interval] | bar | games", lines)


if __name__ == "__main__":
    main()
