"""The win-chance benchmark: calibration by line-up and player count, exactness, speed (``python -m``).

``python -m isslab.bench --sections winchance`` (or ``python -m isslab.bench.winchance``) measures,
for every game:

* **the table models**: for every player count of the game's default options, the table model
  (``winprob.table_spec``: its line-ups drawn from the game's bots) fitted as the package ships it
  (CPU seconds of the fit, its process and workers, and wall seconds with ``workers=2``);
* **calibration by line-up**: each table model judged on positions of held-out games (other seeds) of
  named line-ups (:func:`lineups_of`: every seat the default bot; ``random`` in one seat; another bot
  of the game in one seat, in Space: 1999, which has no other heuristic bot, two ``random`` seats;
  Mission ISS: the teams of each bot and a mixed team, over its whole range of modules): the expected
  calibration error (10 equal-width bins of the prediction on the result's [0, 1] range, weighted by
  their rows), also of the rows judged from their own seat's view and of seat 0 alone (the odd seat),
  and the Brier score (the mean squared error on that range) at the early, middle and late third of
  the games; beside it a baseline fitted on the same rows that reads only the standing, place,
  progress and who plays; a reliability diagram per game (``docs/win-chances-<game>.png``);
* **the line-up with the expert**: ``--expert-only`` fits the model of the expert's fast setting at
  seat 0 beside the default bot (a team of them in Mission ISS) on fewer games than a user's fit
  (``--expert-fit-games``) and judges it the same way on held-out games (``--expert-test-games``);
* **exactness**: rollout intervals and the model against exact values (see :mod:`.exact_values`);
* **speed** (process CPU time, medians): one model evaluation (every seat as seat 0 sees it), a full
  review of a default game (the judge's, at the review's defaults, median over five games; and the
  model's, median of 3), and a rollout evaluation to +-0.05 of the result's range on two workers.

``--fit`` writes the fitted table models into the package (``isslab/analysis/models``), and the table
model of each enumerated table that is not a default one (:data:`.exact_values.EXACT_TABLES`: Space:
1999 with one eagle each); figures go to ``docs/win-chances.json``. ``--exact-only`` measures the
exactness alone (the models from the package) and replaces only that part of each game's entry;
``--speed-only`` the speed alone (the shipped table models of the default line-ups), likewise.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from isslab.analysis import exact_values, winprob
from isslab.analysis.evaluate import evaluate
from isslab.analysis.review import review
from isslab.bench.markdown import markdown_table
from isslab.core import Game, ReturnsKind, games, make
from isslab.play import play

__all__ = [
    "brier_thirds",
    "calibration",
    "counts",
    "counts_table",
    "docs_table",
    "ece",
    "expert_calibration",
    "expert_lineup",
    "expert_table",
    "lineups_of",
    "main",
    "reliability",
    "speed",
    "speed_table",
]

ROOT = Path(__file__).resolve().parents[2]
THIRDS = ("early", "middle", "late")


def ece(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error: the row-weighted mean gap between prediction and outcome per bin."""
    idx = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for k in range(bins):
        at = idx == k
        if at.any():
            total += float(at.mean()) * abs(float(p[at].mean()) - float(y[at].mean()))
    return total


def reliability(p: np.ndarray, y: np.ndarray, bins: int = 10) -> list[dict[str, float]]:
    """Per bin: mean prediction, mean outcome and rows (the reliability diagram's points)."""
    idx = np.minimum((p * bins).astype(int), bins - 1)
    out = []
    for k in range(bins):
        at = idx == k
        if at.any():
            out.append(
                {"predicted": float(p[at].mean()), "observed": float(y[at].mean()), "rows": int(at.sum())}
            )
    return out


def brier_thirds(p: np.ndarray, y: np.ndarray, at: np.ndarray) -> list[float]:
    """The Brier score at the early, middle and late third of the games."""
    out = []
    for k in range(3):
        sel = (at >= k / 3) & (at < (k + 1) / 3)
        out.append(float(np.mean((p[sel] - y[sel]) ** 2)))
    return out


def lineups_of(game: Game) -> dict[str, tuple[str, ...]]:
    """The named line-ups a table model is judged on (module docstring), by name."""
    n = game.num_players
    pool = winprob.table_pool(game)
    d = pool[0]
    if game.info.returns is ReturnsKind.COOPERATIVE:
        out = {f"{b} team": (b,) * n for b in pool}
        if n > 1:
            out["mixed team"] = tuple(pool[s % len(pool)] for s in range(n))
        return out
    if n == 1:
        return {f"{b} alone": (b,) for b in pool}
    out = {f"every seat {d}": (d,) * n}
    out[f"random at seat 0, {d} beside"] = ("random",) + (d,) * (n - 1)
    others = [b for b in pool[1:] if b != "random"]
    if others:
        out[f"{others[0]} at seat 0, {d} beside"] = (others[0],) + (d,) * (n - 1)
    elif n > 2:
        out[f"random at every other seat, {d} beside"] = tuple(
            "random" if s % 2 == 0 else d for s in range(n)
        )
    return out


def _judge(fitted: winprob.WinModel, base: winprob.WinModel, test: winprob.Rows) -> dict[str, Any]:
    """Calibration and Brier scores of a model and its baseline on held-out rows of one line-up."""
    y = (test.labels - fitted.lo) / (fitted.hi - fitted.lo)
    p = fitted.scaled_array(fitted.predict_rows(test))
    b = fitted.scaled_array(base.predict_rows(test))
    own, seat0 = test.own, test.seat == 0
    return {
        "test_rows": len(test),
        "ece": ece(p, y),
        "ece_baseline": ece(b, y),
        "ece_own_view": ece(p[own], y[own]),
        "ece_seat0": ece(p[seat0], y[seat0]),
        "mean_seat0": float(p[seat0].mean()),
        "observed_seat0": float(y[seat0].mean()),
        "brier": brier_thirds(p, y, test.at),
        "brier_baseline": brier_thirds(b, y, test.at),
        "reliability": reliability(p, y),
    }


def _fit(
    game: Game, spec: winprob.FitSpec, workers: int
) -> tuple[winprob.WinModel, winprob.WinModel, float, float]:
    """The model of ``spec`` and its baseline fitted on the same rows, with the fit's wall and CPU seconds."""
    t0, c0 = time.perf_counter(), _cpu()
    bots = list(spec.bots) or None  # a table model draws its line-ups from its pool instead
    rows = winprob.collect(game, spec.games, bots, spec.seed, spec.positions, workers, pool=spec.pool)
    fitted = winprob.fit_rows(game, rows, spec)
    fit_wall, fit_cpu = time.perf_counter() - t0, _cpu() - c0
    return fitted, winprob.fit_rows(game, rows, spec, keep=winprob.STRONG), fit_wall, fit_cpu


def calibration(
    game_id: str, players: int | None = None, test_games: int = 1000, workers: int = 2, ship: bool = False
) -> tuple[dict[str, Any], winprob.WinModel]:
    """Fit the table model of ``game_id`` at ``players`` (the default count) and judge it by line-up."""
    game = make(game_id) if players is None else make(game_id, players=players)
    spec = winprob.table_spec(game)
    fitted, base, fit_wall, fit_cpu = _fit(game, spec, workers)
    if ship:
        fitted.save(winprob.shipped_path(game))
    judged = {}
    for name, lineup in lineups_of(game).items():
        test = winprob.collect(game, test_games, list(lineup), seed=10_000 + spec.seed, workers=workers)
        judged[name] = {"lineup": list(lineup), **_judge(fitted, base, test)}
    return (
        {
            "game": game_id,
            "players": game.num_players,
            "train_games": spec.games,
            "pool": list(spec.pool),
            "test_games": test_games,
            "features": len(fitted.names),
            "lineups": judged,
            "fit_wall_seconds": fit_wall,
            "fit_cpu_seconds": fit_cpu,
            "workers": workers,
        },
        fitted,
    )


#: the expert in the line-up of :func:`expert_calibration` (its fast setting: the full one is too slow
#: to simulate by the hundred)
EXPERT = "expert(fast=True)"


def expert_lineup(game: Game) -> tuple[str, ...]:
    """The expert at seat 0 and the game's default bot in every other seat (a team of them in Mission ISS)."""
    return (EXPERT,) + (game.info.default_bot,) * (game.num_players - 1)


def expert_calibration(
    game_id: str, fit_games: int = 600, test_games: int = 300, workers: int = 2
) -> dict[str, Any]:
    """The model of the line-up with the expert (:func:`expert_lineup`) at the default table, judged.

    The table models leave the expert out (its games are too slow to simulate by the thousand), so a
    line-up with it gets a model of its own (``winprob.model(game, bots=...)``: 3,000 games). Here it
    is fitted on ``fit_games`` games of the line-up, fewer than a user's, and judged like the table
    models on ``test_games`` held-out games (other seeds) of the same line-up, beside its baseline
    (the standing, place, progress and who plays alone).
    """
    game = make(game_id)
    lineup = expert_lineup(game)
    spec = winprob.FitSpec(games=fit_games, bots=lineup)
    fitted, base, fit_wall, fit_cpu = _fit(game, spec, workers)
    test = winprob.collect(game, test_games, list(lineup), seed=10_000 + spec.seed, workers=workers)
    return {
        "game": game_id,
        "players": game.num_players,
        "lineup": list(lineup),
        "train_games": fit_games,
        "test_games": test_games,
        "fit_wall_seconds": fit_wall,
        "fit_cpu_seconds": fit_cpu,
        "workers": workers,
        **_judge(fitted, base, test),
    }


def _judged_cells(j: dict[str, Any]) -> list[str]:
    """A judged line-up's cells of the calibration tables: ECE, its views, seat 0, the Brier thirds."""
    return [
        f"{j['ece']:.3f} ({j['ece_baseline']:.3f})",
        f"{j['ece_own_view']:.3f}, {j['ece_seat0']:.3f}",
        f"{j['mean_seat0']:.3f}, {j['observed_seat0']:.3f}",
        *(f"{m:.4f} ({b:.4f})" for m, b in zip(j["brier"], j["brier_baseline"], strict=True)),
    ]


def expert_table(results: dict[str, Any]) -> str:
    """The table of the line-ups with the expert (``docs/win-chances.md``) from the benchmark's JSON."""
    header = (
        "game (default table) | line-up | games: fit, held out | ECE (baseline) | ECE: own view, seat 0"
        " | seat 0: predicted, won | Brier early | Brier middle | Brier late"
    )
    rows = []
    for gid, entry in results.items():
        j = entry.get("expert")
        if j is None:
            continue
        d = j["lineup"][-1]
        rows.append(
            [
                f"{gid} ({j['players']} seats)",
                f"{EXPERT} at seat 0, {d} beside",
                f"{j['train_games']}, {j['test_games']}",
                *_judged_cells(j),
            ]
        )
    return markdown_table(header, rows)


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the pool's workers)."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def speed(game_id: str, fitted: winprob.WinModel, repeats: int = 3, reviews: int = 5) -> dict[str, Any]:
    """Model evaluation, full review and rollout evaluation to +-0.05 of a default game (CPU medians).

    The review is :func:`isslab.review` at its defaults (the judge: rollouts with the default bot at
    every seat, the model its first pass), timed on ``reviews`` default games (seeds 7, 8, ...);
    the model's review (``valuation="model"``) is timed beside it on the first.
    """
    game = fitted.game
    rec = play(game, game.info.default_bot, seed=7)
    states = [s for s in rec.states() if not s.is_terminal()]
    sample = states[:: max(1, len(states) // 50)]
    per: list[float] = []
    for _ in range(repeats):
        t = time.process_time()
        for s in sample:
            evaluate(s, seat=0, method="model", model_=fitted)
        per.append((time.process_time() - t) / len(sample))
    judged: list[float] = []
    steps: list[int] = []
    for i in range(reviews):
        played = play(game, game.info.default_bot, seed=7 + i)
        t = time.process_time()
        review(played, model_=fitted)
        judged.append(time.process_time() - t)
        steps.append(played.steps)
    modelled: list[float] = []
    for _ in range(repeats):
        t = time.process_time()
        review(rec, valuation="model", model_=fitted)
        modelled.append(time.process_time() - t)
    mid = states[len(states) // 3]
    rolls_wall: list[float] = []
    rolls_cpu: list[float] = []
    games = 0
    for _ in range(repeats):
        t, c = time.perf_counter(), _cpu()
        # +-0.05 of the result's range (Mission ISS: of its range of modules)
        span = fitted.hi - fitted.lo
        ev = evaluate(mid, method="rollout", games="auto", precision=0.05 * span, workers=2)
        rolls_wall.append(time.perf_counter() - t)
        rolls_cpu.append(_cpu() - c)
        games = ev.games
    return {
        "game": game_id,
        "model_eval_ms": statistics.median(per) * 1e3,
        "review_seconds": statistics.median(judged),
        "review_seconds_max": max(judged),
        "review_games": reviews,
        "review_steps": int(statistics.median(steps)),
        "model_review_seconds": statistics.median(modelled),
        "rollout_seconds_wall": statistics.median(rolls_wall),
        "rollout_cpu_seconds": statistics.median(rolls_cpu),
        "rollout_games": games,
    }


def plot(cal: dict[str, Any], path: Path) -> None:
    """The reliability diagram of one game's default table, a curve per line-up, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3.8, 3.6), dpi=110)
    ax.plot([0, 1], [0, 1], color="#999", lw=1, ls="--")
    for name, judged in cal["lineups"].items():
        pts = judged["reliability"]
        ax.plot(
            [q["predicted"] for q in pts],
            [q["observed"] for q in pts],
            "o-",
            ms=3,
            label=f"{name}: ECE {judged['ece']:.3f}",
        )
    ax.set_xlabel("predicted (result range 0-1)")
    ax.set_ylabel("observed")
    ax.set_title(f"{cal['game']}, {cal['players']} seats", fontsize=9)
    ax.legend(fontsize=6, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def counts(game_id: str) -> list[int]:
    """The player counts of a game, the default first."""
    game = make(game_id)
    info = game.info
    return [game.num_players] + [
        k for k in range(info.min_players, info.max_players + 1) if k != game.num_players
    ]


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark (module docstring) and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=games(), help="game ids (default: all)")
    ap.add_argument("--test-games", type=int, default=1000, help="held-out games per line-up, default table")
    ap.add_argument("--other-test-games", type=int, default=1000, help="... at the other player counts")
    ap.add_argument("--fit", action="store_true", help="write the fitted table models into the package")
    ap.add_argument("--exact", type=int, default=200, help="exactness cases per game (0: skip)")
    ap.add_argument(
        "--exact-only", action="store_true", help="measure the exactness alone (the other figures stay)"
    )
    ap.add_argument(
        "--speed-only", action="store_true", help="measure the speed alone with the shipped models"
    )
    ap.add_argument(
        "--expert-only",
        action="store_true",
        help="judge the model of the line-up with the expert alone (the other figures stay)",
    )
    ap.add_argument("--expert-fit-games", type=int, default=600, help="... its training games")
    ap.add_argument("--expert-test-games", type=int, default=300, help="... its held-out games")
    ap.add_argument("--out", default=str(ROOT / "docs" / "win-chances.json"))
    args = ap.parse_args(argv)
    out_path = Path(args.out)
    results: dict[str, Any] = json.loads(out_path.read_text()) if out_path.exists() else {}
    for gid in args.games:
        if args.expert_only:
            got = expert_calibration(gid, args.expert_fit_games, args.expert_test_games)
            # read the file again: runs of other games may have written it meanwhile
            results = json.loads(out_path.read_text()) if out_path.exists() else {}
            results.setdefault(gid, {})["expert"] = got
            out_path.write_text(json.dumps(results, indent=1))
            print(
                f"{gid}: the expert's line-up: ECE {got['ece']:.3f} (own {got['ece_own_view']:.3f}, "
                f"seat 0 {got['ece_seat0']:.3f}, baseline {got['ece_baseline']:.3f}); "
                f"fit {got['fit_cpu_seconds']:.0f} s CPU",
                flush=True,
            )
            continue
        if args.speed_only:
            game = make(gid)
            shipped = winprob.available(game)  # the table model shipped, bound to the default line-up
            if shipped is None:
                raise SystemExit(f"{gid}: no shipped table model to time (--fit writes one)")
            results.setdefault(gid, {})["speed"] = speed(gid, shipped)
            out_path.write_text(json.dumps(results, indent=1))
            print(f"{gid}: speed {results[gid]['speed']}", flush=True)
            continue
        if args.exact_only:
            exactness = exact_values.check(gid, args.exact or 200)
            results.setdefault(gid, {})["exactness"] = exactness
            out_path.write_text(json.dumps(results, indent=1))
            print(f"{gid}: exact {exactness}", flush=True)
            continue
        tables: dict[str, Any] = {}
        default_model = None
        for k in counts(gid):
            first = not tables
            cal, fitted = calibration(
                gid, k, args.test_games if first else args.other_test_games, ship=args.fit
            )
            tables[str(k)] = cal
            if first:
                default_model = fitted
                plot(cal, out_path.with_name(f"win-chances-{gid}.png"))
            print(
                f"{gid} {k} seats: fit {cal['fit_wall_seconds']:.0f} s wall, "
                f"{cal['fit_cpu_seconds']:.0f} s CPU; "
                + "; ".join(
                    f"{name}: ECE {j['ece']:.3f} (own {j['ece_own_view']:.3f}, seat 0 {j['ece_seat0']:.3f}, "
                    f"baseline {j['ece_baseline']:.3f})"
                    for name, j in cal["lineups"].items()
                ),
                flush=True,
            )
        assert default_model is not None
        entry: dict[str, Any] = {"tables": tables, "speed": speed(gid, default_model)}
        if args.exact:
            exact_model = None
            if exact_values.EXACT_TABLES.get(gid):
                # an enumerated table other than the default ones: its table model ships too (the
                # exactness test reads it)
                small = exact_values.exact_game(gid)
                spec = winprob.table_spec(small)
                exact_model = winprob.fit(small, spec.games, workers=2, progress=False, pool=spec.pool)
                if args.fit:
                    exact_model.save(winprob.shipped_path(small))
            entry["exactness"] = exact_values.check(gid, args.exact, exact_model or default_model)
        if "expert" in results.get(gid, {}):
            entry["expert"] = results[gid]["expert"]  # measured apart (--expert-only)
        results[gid] = entry
        out_path.write_text(json.dumps(results, indent=1))
        s = entry["speed"]
        print(
            f"{gid}: eval {s['model_eval_ms']:.2f} ms, review {s['review_seconds']:.2f} s "
            f"(model {s['model_review_seconds']:.2f} s), "
            f"rollouts +-0.05 {s['rollout_seconds_wall']:.1f} s ({s['rollout_games']} games)"
            + (f"; exact {entry['exactness']}" if "exactness" in entry else ""),
            flush=True,
        )


def docs_table(results: dict[str, Any]) -> str:
    """The calibration table of ``docs/win-chances.md`` (default tables, by line-up) from the JSON."""
    header = (
        "game (default table) | line-up | ECE (baseline) | ECE: own view, seat 0"
        " | seat 0: predicted, won | Brier early | Brier middle | Brier late"
    )
    rows = []
    for gid, entry in results.items():
        cal = next(iter(entry["tables"].values()))
        for name, j in cal["lineups"].items():
            rows.append(
                [
                    f"{gid} ({cal['players']} seats)",
                    name,
                    *_judged_cells(j),
                ]
            )
    return markdown_table(header, rows)


def counts_table(results: dict[str, Any]) -> str:
    """The table of every player count (fit time, calibration by line-up) from the benchmark's JSON."""
    header = "game | seats | fit, `workers=2`: CPU (wall) | ECE by line-up"
    rows = [
        (
            gid,
            k,
            f"{cal['fit_cpu_seconds']:.0f} s ({cal['fit_wall_seconds']:.0f} s)",
            "; ".join(f"{name} {j['ece']:.3f}" for name, j in cal["lineups"].items()),
        )
        for gid, entry in results.items()
        for k, cal in sorted(entry["tables"].items())
    ]
    return markdown_table(header, rows)


def speed_table(results: dict[str, Any]) -> str:
    """The speed table of ``docs/win-chances.md`` from the benchmark's JSON."""
    header = (
        "game (default table) | model evaluation"
        " | full review: the judge, median of 5 (the model)"
        " | rollouts to +-0.05, two workers: wall"
    )
    rows = []
    for gid, entry in results.items():
        s = entry["speed"]
        rows.append(
            (
                gid,
                f"{s['model_eval_ms']:.2f} ms",
                f"{s['review_seconds']:.1f} s ({s['model_review_seconds']:.1f} s; {s['review_steps']} steps)",
                f"{s['rollout_seconds_wall']:.1f} s ({s['rollout_games']} games)",
            )
        )
    return markdown_table(header, rows)


if __name__ == "__main__":
    main()
