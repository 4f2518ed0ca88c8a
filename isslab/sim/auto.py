"""``games="auto"``: batch after batch until the intervals watched are narrow enough, or ``max_games``.

The first batch plays ``FIRST_BATCH`` games a point; each next batch is sized from the widest
interval so far (the half-width shrinks as one over the square root of the games), at most four
times the games played, in whole chunks. The games are those of a plain run of that many games: the
seeds of game ``i`` do not depend on the batches. With ``luck=...`` the intervals watched are
``compare``'s luck-adjusted ones (its default when the rows hold the luck), so a run stops as soon
as the adjusted intervals are narrow enough: fewer games where the luck explains much of the result.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pandas as pd

from isslab.frames.stats import compare, widest
from isslab.sim.args import AutoSpec
from isslab.sim.runner import CHUNK, Job

__all__ = ["FIRST_BATCH", "Auto", "auto_widest", "next_total", "run_batches"]

#: games of the first batch of ``games="auto"``
FIRST_BATCH: Final = 200


@dataclass
class Auto:
    """What a ``games="auto"`` run reached."""

    spec: AutoSpec
    games: int = 0
    widest: float = math.inf
    reached: str = ""

    def report(self) -> dict[str, Any]:
        """What was reached, for ``df.attrs["auto"]``."""
        return {
            "reached": self.reached,
            "games": self.games,
            "widest": self.widest,
            "precision": self.spec.precision,
            "max_games": self.spec.max_games,
            "metric": self.spec.metric,
        }


def auto_widest(df: pd.DataFrame, grid: Sequence[str], metric: str) -> float:
    """The widest 95% half-width ``games="auto"`` watches: of every seat's and bot's estimate and,
    in a sweep, of every difference from the first point (luck-adjusted where the rows hold luck)."""
    by = list(grid) or None
    spread = df.groupby([*grid, "game"], sort=False)[metric].nunique()
    if not bool((spread > 1).any()):
        return widest(compare(df, by, metric))
    tables = [compare(df, by, metric, seat=int(s)) for s in sorted(df["seat"].unique())]
    tables += [compare(df, by, metric, bot=str(b)) for b in sorted(map(str, df["bot"].unique()))]
    return max(widest(t) for t in tables)


def next_total(done: int, width: float, precision: float, max_games: int) -> int:
    """The game count of the next batch: enough by the current spread, at most 4x, at most ``max_games``.

    The ratio is bounded before it is rounded, so a tiny ``precision`` asks for four times the games
    (then ``max_games``) rather than overflowing.
    """
    grow = 4.0
    if math.isfinite(width) and width > 0:
        ratio = width / precision
        grow = min(4.0, ratio * ratio * 1.1) if ratio < 1e6 else 4.0
    target = max(done + FIRST_BATCH // 2, math.ceil(done * grow))
    target = math.ceil(target / CHUNK) * CHUNK
    return min(max_games, target)


def run_batches(job: Job, auto: Auto | None, view: Callable[[], pd.DataFrame] | None) -> bool:
    """Play every point (the same seeds each); with ``auto``, batch after batch. True if interrupted."""
    spec = job.spec
    if auto is None:
        for point in spec.points:
            if job.run(point, 0, spec.count):
                return True
        return False
    assert view is not None
    most = auto.spec.max_games
    done, target = 0, min(most, FIRST_BATCH)
    while True:
        job.bar.total = target * len(spec.points)
        job.bar.refresh()
        for point in spec.points:
            if job.run(point, done, target):
                auto.games, auto.reached = target, "interrupted"
                return True
        done = target
        auto.games = done
        auto.widest = auto_widest(view(), spec.grid, auto.spec.metric)
        job.bar.set_postfix_str(f"widest +-{auto.widest:.4f}")
        if auto.widest <= auto.spec.precision:
            auto.reached = "precision"
            return False
        if done >= most:
            auto.reached = "max_games"
            return False
        target = next_total(done, auto.widest, auto.spec.precision, most)
