"""The judge's benchmark: does a review judge decisions right, and what does it cost? (``python -m ...``)

``python -m isslab.bench --sections judge`` (or ``python -m isslab.bench.judge``) measures the
review (:func:`isslab.review` at its defaults: rollouts with the game's default bot at every seat)
and writes ``docs/judge.json``:

* **separation**: over ``--games`` games of two bots at the two-seat table of every game (seats
  alternating, seeds 0, 1, ...), the share of games in which the first bot's total loss is larger
  than the second's, with its Wilson interval. The default pair is ``random`` against the game's
  default bot (bar: at least 0.9); ``--lineup greedy,expert`` measures another pair, the weaker
  first (the default bot against the expert, kept as ``expert``: the share of games in which the
  expert's loss is the smaller, bar 0.7; ``--advisers expert`` lets the judge weigh the expert's
  moves too, at 48 rollouts a position), and ``--rollout-bots`` the bots the judge's rollouts play
  (a search bot is far too slow to play every rollout);
* **exactness**: Space: 1999 with one eagle each, greedy against greedy and random against greedy:
  each seat's own-decision total in the review against the exact accounting (the exact values of
  greedy at every seat, :func:`isslab.analysis.exact_values.solve` from every position of the
  games), the mean over games of the difference with its 95% interval (bar: within 0.02), at the
  review's default rollouts and at ``--exact-rollouts``;
* **ladder**: the error rate (thousandths of the result's range per decision) of every bot that is
  not a search, one seat of it against the default bot at two seats (seats alternating; with
  ``--ladder-players 0`` at each game's default table among default bots), mean over
  ``--ladder-games`` games with its interval: what the label ladder rests on;

The CPU seconds of a full review of a default game (bar: 10 s, median) are the win-chance
benchmark's (:mod:`isslab.bench.winchance`, ``--speed-only``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from isslab.analysis import exact_values
from isslab.analysis.ratings import label
from isslab.analysis.review import merge_separation, review
from isslab.analysis.review import separation as judged_separation
from isslab.bench.markdown import markdown_table
from isslab.core import bot, bot_names, make
from isslab.core import games as game_ids
from isslab.frames.stats import mean_interval
from isslab.play import GameRecord, play

__all__ = ["exactness", "ladder", "main", "separation"]

ROOT = Path(__file__).resolve().parents[2]
#: bots left out of the ladder: searches (far too slow for a hundred reviewed games, and judged right
#: only with the expert as an adviser: the table "expert"); ``hard`` is the level built on the expert
SEARCHES = frozenset({"mcts", "ismcts", "expert", "hard"})


def _cpu() -> float:
    return time.process_time()


def separation(
    game_id: str,
    lineup: tuple[str, str] | None = None,
    games: int = 100,
    rollout_bots: str | None = None,
    advisers: list[str] | None = None,
    start: int = 0,
) -> dict[str, Any]:
    """How often the first bot of ``lineup`` loses more than the second (:func:`review.separation`).

    ``start``: the games from that one on (a continuation, see ``--extend``).
    """
    weak, strong = lineup if lineup is not None else ("random", None)
    c = _cpu()
    got = judged_separation(
        game_id, weak, strong, games, bots=rollout_bots, advisers=advisers or (), start=start
    )
    got["advisers"] = list(advisers or ())
    got["rollout_bots"] = rollout_bots or make(game_id).info.default_bot
    got["cpu_per_game"] = (_cpu() - c) / games
    return got


def _same_run(
    before: dict[str, Any], lineup: tuple[str, str] | None, rollout_bots: str | None, advisers: list[str]
) -> bool:
    """Whether a stored separation run had this line-up and judge (so that it can be continued)."""
    weak = lineup[0] if lineup is not None else "random"
    same = before["lineup"][0] == weak and (lineup is None or before["lineup"][1] == lineup[1])
    rollouts = rollout_bots or make(before["game"]).info.default_bot
    return bool(same and before["rollout_bots"] == rollouts and before["advisers"] == list(advisers))


def exactness(games: int = 100, rollouts: int = 192) -> dict[str, Any]:
    """Each seat's own-decision total, review against exact, Space: 1999 with one eagle each."""
    game = exact_values.exact_game("space-1999")
    lineups = {"greedy-greedy": None, "random-greedy": ("random", "greedy")}
    records: dict[str, list[GameRecord]] = {}
    for name, pair in lineups.items():
        records[name] = []
        for i in range(games):
            seats = ["greedy", "greedy"] if pair is None else (list(pair) if i % 2 == 0 else list(pair)[::-1])
            records[name].append(play(game, seats, seed=10_000 + i))
    c = _cpu()
    starts = [s for recs in records.values() for r in recs for s in r.states()]
    exact = exact_values.solve(starts, bot("space-1999", "greedy"), exact_values.space_1999_key)
    solve_cpu = _cpu() - c
    out: dict[str, Any] = {
        "table": "space-1999, 2 players, eagles=1",
        "games": games,
        "positions_enumerated": len(exact),
        "solve_cpu_seconds": solve_cpu,
    }
    for name, recs in records.items():
        # per game: the seat of each bot (random first in "random-greedy")
        order = [[0, 1] if name == "greedy-greedy" or i % 2 == 0 else [1, 0] for i in range(games)]
        truth = np.asarray([_exact_own(r, exact)[o] for r, o in zip(recs, order, strict=True)])
        entry: dict[str, Any] = {
            "seats": ["greedy", "greedy"] if name == "greedy-greedy" else ["random", "greedy"]
        }
        entry["exact_mean"] = truth.mean(axis=0).tolist()
        for n_roll in sorted({12, rollouts}):
            got = np.asarray(
                [
                    review(r, rollouts=n_roll, alternatives=False).summary()["own_decisions"].to_numpy()[o]
                    for r, o in zip(recs, order, strict=True)
                ]
            )
            diff = got - truth
            entry[f"rollouts_{n_roll}"] = {
                "review_mean": got.mean(axis=0).tolist(),
                "difference": diff.mean(axis=0).tolist(),
                "low": [mean_interval(diff[:, j])[0] for j in range(2)],
                "high": [mean_interval(diff[:, j])[1] for j in range(2)],
                "mean_abs_per_game": np.abs(diff).mean(axis=0).tolist(),
            }
        out[name] = entry
    return out


def _exact_own(rec: GameRecord, exact: dict[Any, np.ndarray]) -> np.ndarray:
    """Each seat's own-decision total by the exact values along a game."""
    states = rec.states()
    v = np.asarray([exact[exact_values.space_1999_key(s)] for s in states])
    own = np.zeros(rec.game.num_players)
    for t, s in enumerate(states[:-1]):
        if s.current_player >= 0:
            own[s.current_player] += v[t + 1][s.current_player] - v[t][s.current_player]
    return own


def ladder(game_id: str, games: int = 10, players: int = 2) -> dict[str, Any]:
    """The error rate of every bot that is not a search, one seat of it among default bots."""
    game = make(game_id, players=players)
    n = game.num_players
    default = game.info.default_bot
    rates: dict[str, list[float]] = {}
    for name in [b for b in bot_names(game_id) if b not in SEARCHES]:
        for i in range(games):
            seats = [default] * n
            seats[i % n] = name
            s = review(play(game, seats, seed=20_000 + i)).summary()
            rates.setdefault(name, []).append(float(s["error_rate"].to_numpy(dtype=float)[i % n]))
    out: dict[str, Any] = {"game": game_id, "players": n, "games": games}
    for name, values in rates.items():
        arr = np.asarray([v for v in values if not np.isnan(v)])
        low, high = mean_interval(arr)
        rate = float(arr.mean())
        out[name] = {"error_rate": rate, "low": low, "high": high, "seats": len(arr), "label": label(rate)}
    return out


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark (module docstring) and print what it measured."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=game_ids(), help="game ids (default: all)")
    ap.add_argument("--parts", nargs="*", default=["separation", "exactness", "ladder"])
    ap.add_argument("--separation-games", type=int, default=100)
    ap.add_argument("--lineup", default=None, help="two bots, weaker first: random,greedy (default)")
    ap.add_argument("--rollout-bots", default=None, help="the bot every rollout plays (default bot)")
    ap.add_argument("--advisers", nargs="*", default=[], help="more bots whose moves the judge weighs")
    ap.add_argument("--exact-games", type=int, default=100)
    ap.add_argument("--exact-rollouts", type=int, default=192)
    ap.add_argument("--ladder-games", type=int, default=10)
    ap.add_argument("--ladder-players", type=int, default=2, help="0: each game's default table")
    ap.add_argument("--out", default=str(ROOT / "docs" / "judge.json"))
    ap.add_argument(
        "--extend",
        action="store_true",
        help="continue a separation run in the file to --separation-games games (same line-up, judge)",
    )
    args = ap.parse_args(argv)
    out_path = Path(args.out)
    results: dict[str, Any] = json.loads(out_path.read_text()) if out_path.exists() else {}

    def save(section: str, gid: str | None = None) -> None:
        # read the file again and change only this entry: runs of other games may share the file
        current = json.loads(out_path.read_text()) if out_path.exists() else {}
        if gid is None:
            current[section] = results[section]
        else:
            current.setdefault(section, {})[gid] = results[section][gid]
        out_path.write_text(json.dumps(current, indent=1))

    lineup: tuple[str, str] | None = None
    if args.lineup:
        names = args.lineup.split(",")
        if len(names) != 2:
            ap.error("--lineup takes two bot names, the weaker first")
        lineup = (names[0], names[1])
    # the default bot against the expert is the expert's bar (docs' table "expert"); other pairs apart
    key = (
        "separation"
        if lineup is None
        else "expert"
        if lineup[1].startswith("expert")
        else "separation_" + "_".join(lineup)
    )
    for part in args.parts:
        if part == "exactness":
            results["exactness"] = exactness(args.exact_games, args.exact_rollouts)
            save("exactness")
            print("exactness", json.dumps(results["exactness"]), flush=True)
            continue
        for gid in args.games:
            if part == "separation":
                section = key
                before = results.get(key, {}).get(gid) if args.extend else None
                if before is not None and _same_run(before, lineup, args.rollout_bots, args.advisers):
                    done = before.get("start", 0) + before["games"]
                    more = args.separation_games - done
                    if more <= 0:
                        print(part, gid, f"already {done} games", flush=True)
                        continue
                    then = separation(gid, lineup, more, args.rollout_bots, args.advisers, start=done)
                    got = merge_separation(before, then)
                    got["cpu_per_game"] = (
                        before["cpu_per_game"] * before["games"] + then["cpu_per_game"] * more
                    ) / got["games"]
                else:
                    got = separation(gid, lineup, args.separation_games, args.rollout_bots, args.advisers)
                results.setdefault(key, {})[gid] = got
            elif part == "ladder":
                players = args.ladder_players or make(gid).num_players
                got = ladder(gid, args.ladder_games, players)
                section = "ladder" if args.ladder_players == 2 else f"ladder_{players}"
                results.setdefault(section, {})[gid] = got
            else:
                ap.error(f"unknown part {part!r}: separation, exactness or ladder")
            save(section, gid)
            print(part, gid, json.dumps(got), flush=True)


def _iv(value: float, low: float, high: float, digits: int = 2) -> str:
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def docs_tables(results: dict[str, Any]) -> list[str]:
    """The judge's tables of ``docs/win-chances.md`` (separation, exactness, ladder) from its JSON."""
    out = []
    sep = results.get("separation", {})
    header = (
        "game (2 seats) | games | random loses more: share [95% interval] | error rate: random"
        " | error rate: default bot | CPU a review"
    )
    rows: list[tuple[str, ...]] = []
    for gid, e in sep.items():
        weak, strong = e["lineup"]
        rows.append(
            (
                f"{gid} ({strong})",
                str(e["games"]),
                _iv(e["share"], e["low"], e["high"]),
                f"{e['error_rate'][weak]:.1f}",
                f"{e['error_rate'][strong]:.1f}",
                f"{_cpu_of(e):.1f} s",
            )
        )
    out.append(markdown_table(header, rows))
    expert = results.get("expert", {})
    if expert:
        rows = [
            (
                f"{gid} ({e['lineup'][0]})",
                e["lineup"][1],
                str(e["games"]),
                _iv(e["share"], e["low"], e["high"]),
                f"{e['error_rate'][e['lineup'][0]]:.1f}",
                f"{e['error_rate'][e['lineup'][1]]:.1f}",
                f"{_cpu_of(e):.1f} s",
            )
            for gid, e in expert.items()
        ]
        out.append(
            markdown_table(
                "game (2 seats) | expert | games | the expert's loss is the smaller: share [95% interval]"
                " | error rate: default bot | error rate: expert | CPU a review",
                rows,
            )
        )
    ex = results.get("exactness")
    if ex:
        header = (
            "line-up | seat | exact own-decision total (mean) | review, 12 rollouts: difference"
            f" | review, {_exact_rollouts(ex)} rollouts: difference"
        )
        rows = []
        for name in ("greedy-greedy", "random-greedy"):
            e = ex[name]
            low_key, high_key = "rollouts_12", f"rollouts_{_exact_rollouts(ex)}"
            for j, bot_ in enumerate(e["seats"]):
                a, b = e[low_key], e[high_key]
                rows.append(
                    (
                        name,
                        f"{bot_} (seat {j})" if name == "greedy-greedy" else bot_,
                        f"{e['exact_mean'][j]:+.3f}",
                        _iv(a["difference"][j], a["low"][j], a["high"][j], 3),
                        _iv(b["difference"][j], b["low"][j], b["high"][j], 3),
                    )
                )
        out.append(markdown_table(header, rows))
    lad = results.get("ladder", {})
    if lad:
        rows = [
            (gid, name, _iv(v["error_rate"], v["low"], v["high"], 1), v["label"])
            for gid, e in lad.items()
            for name, v in e.items()
            if isinstance(v, dict)
        ]
        out.append(markdown_table("game | bot | error rate [95% interval] | label", rows))
    return out


def _cpu_of(entry: dict[str, Any]) -> float:
    """CPU seconds a reviewed game: the mean, or the median of an entry measured before the mean was kept."""
    return float(entry["cpu_per_game"] if "cpu_per_game" in entry else entry["review_cpu_median"])


def _exact_rollouts(ex: dict[str, Any]) -> int:
    """The larger rollout count of the exactness entry."""
    return max(int(k.split("_")[1]) for k in ex["greedy-greedy"] if k.startswith("rollouts_"))


if __name__ == "__main__":
    main()
