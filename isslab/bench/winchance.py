"""The win-chance benchmark: calibration, exactness and speed of every game (``python -m ...``).

``python -m isslab.bench --sections winchance`` (or ``python -m isslab.bench.winchance``) measures,
for the default table of every game:

* **calibration**: the default model (fitted as ``isslab.winprob.model`` fits it) and a baseline
  that reads only the game's standing (the same fit on the ``standing``, place and progress
  features) are judged on positions of held-out games (other seeds): the expected calibration
  error (10 equal-width bins of the prediction on the result's [0, 1] range, weighted by their
  rows) and the Brier score (the mean squared error on that range) at the early, middle and late
  third of the games, with a reliability diagram per game (``docs/win-chances-<game>.png``);
* **exactness**: rollout intervals and the model against exact values
  (see :mod:`isslab.analysis.exact_values`);
* **speed** (process CPU time, medians): one model evaluation, a full review of a default game (the
  judge's, at the review's defaults, median over five games; and the model's), fitting the default
  model with ``workers=2`` (wall and CPU time of this process and its workers), and a rollout
  evaluation to +-0.05 of the result's range on two workers.

``--fit`` also writes the fitted default models into the package (``isslab/analysis/models``), so
that they ship, and the model of each enumerated table that is not a default one
(:data:`.exact_values.EXACT_TABLES`: Space: 1999 with one eagle each; 1969's is the default table);
figures go to ``docs/win-chances.json``. ``--exact-only`` measures the exactness alone (the default
models from the package) and replaces only that part of each game's entry; ``--speed-only`` the
speed alone, likewise.
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
from isslab.core import games, make
from isslab.play import play

__all__ = ["brier_thirds", "calibration", "ece", "main", "reliability", "speed"]

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


def calibration(
    game_id: str, test_games: int = 1000, workers: int = 2, ship: bool = False
) -> tuple[dict[str, Any], winprob.WinModel]:
    """Fit the default model and the standing baseline of ``game_id`` and judge them on held-out games."""
    game = make(game_id)
    spec = winprob.FitSpec(bots=(game.info.default_bot,) * game.num_players)
    t0, c0 = time.perf_counter(), _cpu()
    rows = winprob.collect(game, spec.games, spec.bots, spec.seed, spec.positions, workers)
    fitted = winprob.fit_rows(game, rows, spec)
    fit_wall, fit_cpu = time.perf_counter() - t0, _cpu() - c0
    base = winprob.fit_rows(game, rows, spec, keep=winprob.STRONG)
    if ship:
        fitted.save(winprob.shipped_path(game))
    test = winprob.collect(game, test_games, spec.bots, seed=10_000 + spec.seed, workers=workers)
    y = (test.labels - fitted.lo) / (fitted.hi - fitted.lo)
    p = fitted.scaled_array(fitted.predict_rows(test))
    b = fitted.scaled_array(base.predict_rows(test))
    return (
        {
            "game": game_id,
            "players": game.num_players,
            "train_games": spec.games,
            "test_games": test_games,
            "test_rows": len(test),
            "features": len(fitted.names),
            "ece": ece(p, y),
            "ece_baseline": ece(b, y),
            "brier": brier_thirds(p, y, test.at),
            "brier_baseline": brier_thirds(b, y, test.at),
            "reliability": reliability(p, y),
            "reliability_baseline": reliability(b, y),
            "fit_wall_seconds": fit_wall,
            "fit_cpu_seconds": fit_cpu,
            "workers": workers,
        },
        fitted,
    )


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
        # +-0.05 of the result's range (Mission ISS: of its 12 modules)
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
    """The reliability diagram of one game (model and baseline) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3.6, 3.4), dpi=110)
    ax.plot([0, 1], [0, 1], color="#999", lw=1, ls="--")
    for key, label, colour in (
        ("reliability", "model", "#1f5fbf"),
        ("reliability_baseline", "standing only", "#e07b00"),
    ):
        pts = cal[key]
        ax.plot(
            [q["predicted"] for q in pts], [q["observed"] for q in pts], "o-", ms=3, color=colour, label=label
        )
    ax.set_xlabel("predicted (result range 0-1)")
    ax.set_ylabel("observed")
    ax.set_title(f"{cal['game']}: ECE {cal['ece']:.3f}", fontsize=9)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark (module docstring) and print its table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=games(), help="game ids (default: all)")
    ap.add_argument("--test-games", type=int, default=1000)
    ap.add_argument("--fit", action="store_true", help="write the fitted default models into the package")
    ap.add_argument("--exact", type=int, default=200, help="exactness cases per game (0: skip)")
    ap.add_argument(
        "--exact-only", action="store_true", help="measure the exactness alone (the other figures stay)"
    )
    ap.add_argument(
        "--speed-only", action="store_true", help="measure the speed alone with the shipped models"
    )
    ap.add_argument("--out", default=str(ROOT / "docs" / "win-chances.json"))
    args = ap.parse_args(argv)
    out_path = Path(args.out)
    results: dict[str, Any] = json.loads(out_path.read_text()) if out_path.exists() else {}
    for gid in args.games:
        if args.speed_only:
            game = make(gid)
            shipped = winprob.WinModel.load(winprob.shipped_path(game), game)
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
        cal, fitted = calibration(gid, args.test_games, ship=args.fit)
        plot(cal, out_path.with_name(f"win-chances-{gid}.png"))
        entry: dict[str, Any] = {"calibration": cal, "speed": speed(gid, fitted)}
        if args.exact:
            exact_model = None
            if args.fit and exact_values.EXACT_TABLES.get(gid):
                # an enumerated table other than the default one: its model ships too (the
                # exactness test reads it)
                small = exact_values.exact_game(gid)
                exact_model = winprob.fit(small, workers=2, progress=False)
                exact_model.save(winprob.shipped_path(small, exact_model.spec))
            entry["exactness"] = exact_values.check(gid, args.exact, exact_model or fitted)
        results[gid] = entry
        out_path.write_text(json.dumps(results, indent=1))
        c, s = cal, entry["speed"]
        print(
            f"{gid}: ECE {c['ece']:.3f} (baseline {c['ece_baseline']:.3f}); Brier "
            + ", ".join(
                f"{t} {m:.4f}/{b:.4f}"
                for t, m, b in zip(THIRDS, c["brier"], c["brier_baseline"], strict=True)
            )
            + f"; fit {c['fit_wall_seconds']:.0f} s wall, {c['fit_cpu_seconds']:.0f} s CPU; "
            f"eval {s['model_eval_ms']:.2f} ms, review {s['review_seconds']:.2f} s "
            f"(model {s['model_review_seconds']:.2f} s), "
            f"rollouts +-0.05 {s['rollout_seconds_wall']:.1f} s ({s['rollout_games']} games)"
            + (f"; exact {entry['exactness']}" if "exactness" in entry else ""),
            flush=True,
        )


if __name__ == "__main__":
    main()


def docs_table(results: dict[str, Any]) -> str:
    """The calibration and speed table of ``docs/win-chances.md`` from the benchmark's JSON."""
    lines = [
        "| game (default table) | ECE (baseline) | Brier early | Brier middle | Brier late | "
        "model evaluation | full review: the judge, median of 5 (the model) | fit, `workers=2`: wall (CPU) | "
        "rollouts to +-0.05, two workers: wall |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for gid, entry in results.items():
        c, s = entry["calibration"], entry["speed"]
        thirds = " | ".join(
            f"{m:.4f} ({b:.4f})" for m, b in zip(c["brier"], c["brier_baseline"], strict=True)
        )
        lines.append(
            f"| {gid} ({c['players']} seats) | {c['ece']:.3f} ({c['ece_baseline']:.3f}) | {thirds} | "
            f"{s['model_eval_ms']:.2f} ms | {s['review_seconds']:.1f} s ({s['model_review_seconds']:.1f} s; "
            f"{s['review_steps']} steps) | "
            f"{c['fit_wall_seconds']:.0f} s ({c['fit_cpu_seconds']:.0f} s) | "
            f"{s['rollout_seconds_wall']:.1f} s ({s['rollout_games']} games) |"
        )
    return "\n".join(lines)
